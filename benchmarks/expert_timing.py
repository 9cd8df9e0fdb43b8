"""Expert decision time on one core: median and 99th percentile over many decisions.

    nice -n 10 .venv/bin/python benchmarks/expert_timing.py --matches 20

Plays ``--matches`` games of the expert against ``standard`` (``eaai`` preset) in this one
process and times every ``choose`` call of the expert. The budget is a median of at most 50 ms
and a 99th percentile of at most 500 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ginrummy.core.actions import Action
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players.base import play_match
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.registry import make_player


class TimedExpert(ExpertPlayer):
    """The expert, noting how long each decision takes."""

    def __init__(self, seed: int, times: list[float]) -> None:
        super().__init__(seed=seed)
        self.times = times

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()
        action = super().choose(view)
        self.times.append(time.perf_counter() - start)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--opponent", default="standard")
    parser.add_argument("--preset", default="eaai")
    args = parser.parse_args()
    times: list[float] = []
    for i in range(args.matches):
        seed = args.seed * 1000 + i
        expert = TimedExpert(seed, times)
        other = make_player(args.opponent, seed=seed)
        seats = (expert, other) if i % 2 == 0 else (other, expert)
        play_match(Match.new(rules_for(args.preset), seed=seed), seats)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{len(times)} expert decisions in {args.matches} games ({args.preset}, vs {args.opponent})")
    print(f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
