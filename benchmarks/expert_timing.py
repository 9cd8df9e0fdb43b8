"""Expert decision time on one core: median and 99th percentile over many decisions.

    nice -n 5 .venv/bin/python benchmarks/expert_timing.py --matches 20
    nice -n 5 .venv/bin/python benchmarks/expert_timing.py --matches 20 --level strong

Plays ``--matches`` games of the expert against ``standard`` (``eaai`` preset) in this one
process and times every ``choose`` call of the expert, on the wall clock and in CPU time (this
thread's, which a loaded machine does not inflate). The budget (issue 17): a median of at most
100 ms and a 99th percentile of at most 1 s. Also printed: the decisions the expert's time bound
cut short (rare at the default, and outcomes depend on the seed alone only when none is), and
the most CPU time the expert used in one game (the EAAI challenge allows 30 s a player a game).
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
from ginrummy.players.expert import STRONG, ExpertPlayer
from ginrummy.players.registry import make_player

LEVELS = {"default": {}, "strong": STRONG}


class TimedExpert(ExpertPlayer):
    """The expert, noting how long each decision takes: wall clock and CPU seconds."""

    def __init__(self, seed: int, level: str, walls: list[float], cpus: list[float]) -> None:
        super().__init__(seed=seed, **LEVELS[level])
        self.walls, self.cpus = walls, cpus

    def choose(self, view: PlayerView) -> Action:
        wall, cpu = time.perf_counter(), time.thread_time()
        action = super().choose(view)
        self.cpus.append(time.thread_time() - cpu)
        self.walls.append(time.perf_counter() - wall)
        return action


def _summary(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"{label}: median {statistics.median(ordered) * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--opponent", default="standard")
    parser.add_argument("--preset", default="eaai")
    parser.add_argument("--level", choices=sorted(LEVELS), default="default")
    args = parser.parse_args()
    walls: list[float] = []
    cpus: list[float] = []
    hits = decisions = 0
    game_cpu: list[float] = []
    for i in range(args.matches):
        seed = args.seed * 1000 + i
        expert = TimedExpert(seed, args.level, walls, cpus)
        other = make_player(args.opponent, seed=seed)
        seats = (expert, other) if i % 2 == 0 else (other, expert)
        before = len(cpus)
        play_match(Match.new(rules_for(args.preset), seed=seed), seats)
        game_cpu.append(sum(cpus[before:]))
        hits += expert.deadline_hits
        decisions += expert.decisions
    print(f"{len(walls)} expert decisions in {args.matches} games "
          f"({args.preset}, vs {args.opponent}, level {args.level})")
    print(_summary("wall clock", walls))
    print(_summary("CPU time  ", cpus))
    print(f"time bound cut {hits} of {decisions} decisions; "
          f"CPU per game: median {statistics.median(game_cpu):.1f} s, max {max(game_cpu):.1f} s")


if __name__ == "__main__":
    main()
