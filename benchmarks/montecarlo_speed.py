"""Montecarlo's decision time, its NumPy rollouts against its pure-Python ones (the anchor).

    nice -n 10 .venv/bin/python benchmarks/montecarlo_speed.py --samples 64 256 --decisions 150

For each sample count, plays seeded ``eaai`` matches of ``montecarlo:N`` against ``expert``
until ``--decisions`` montecarlo decisions have been made. Every decision is made twice, by a
player with pure-Python rollouts and by one with NumPy rollouts (same seed, same view), each
timed in CPU time (this thread's, which a loaded machine does not inflate); the two must choose
the same action, or the run stops. Printed: the median and mean CPU milliseconds per decision
of each and the ratio of the medians (the Python rollouts are the anchor). Decisions with one
legal action, gin or big gin (no search) are left out.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ginrummy.core.actions import Action, Kind
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer, play_match
from ginrummy.players.montecarlo import MonteCarloPlayer
from ginrummy.players.registry import make_player


class Enough(Exception):
    """Raised to stop a match once enough decisions are timed."""


class Twin(BasePlayer):
    """Montecarlo with both kinds of rollout side by side: each decision timed in both."""

    def __init__(self, samples: int, seed: int, cap: int,
                 times: dict[str, list[float]]) -> None:
        super().__init__(seed=seed)
        self.players = {kind: MonteCarloPlayer(samples=samples, seed=seed, vectorised=vector)
                        for kind, vector in (("python", False), ("numpy", True))}
        self.name, self.cap, self.times = f"montecarlo:{samples}", cap, times

    def choose(self, view: PlayerView) -> Action:
        if len(self.times["numpy"]) >= self.cap:
            raise Enough
        searched = len(view.legal_actions) > 1 and not any(
            action.kind in (Kind.GIN, Kind.BIG_GIN) for action in view.legal_actions)
        chosen = {}
        for kind, player in self.players.items():
            cpu = time.thread_time()
            chosen[kind] = player.choose(view)
            if searched:
                self.times[kind].append(time.thread_time() - cpu)
        if chosen["python"] != chosen["numpy"]:
            raise AssertionError(f"the rollouts disagree: {chosen} at {view}")
        return chosen["numpy"]


def timed(samples: int, decisions: int, seed: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"python": [], "numpy": []}
    game = 0
    while True:
        match_seed = seed * 1000 + game
        twin = Twin(samples, match_seed, decisions, times)
        expert = make_player("expert", seed=match_seed)
        seats = (twin, expert) if game % 2 == 0 else (expert, twin)
        try:
            play_match(Match.new(rules_for("eaai"), seed=match_seed), seats)
        except Enough:
            return times
        game += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, nargs="+", default=[64, 256])
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for samples in args.samples:
        times = timed(samples, args.decisions, args.seed)
        medians = {kind: statistics.median(found) * 1000 for kind, found in times.items()}
        means = {kind: statistics.mean(found) * 1000 for kind, found in times.items()}
        print(f"montecarlo:{samples}, {len(times['numpy'])} decisions: "
              f"python rollouts median {medians['python']:.1f} ms (mean {means['python']:.1f}), "
              f"numpy median {medians['numpy']:.1f} ms (mean {means['numpy']:.1f}); "
              f"numpy/python {medians['numpy'] / medians['python']:.2f}")


if __name__ == "__main__":
    main()
