"""The issue's strength match-ups through the tournament arena: eaai rules, mirrored deals.

    nice -n 10 .venv/bin/python benchmarks/players_strength.py --matches 400
    nice -n 10 .venv/bin/python benchmarks/players_strength.py --matches 40 --opponents standard

For each opponent it prints the expert's game win rate with its 95% Wilson interval, points per
hand, and both players' decision times, then whether the issue's target is met. The same figures
come from ``ginrummy tournament expert OPPONENT --rules eaai --matches N --seed S``.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from ginrummy.core.rules import rules_for
from ginrummy.players.arena import run_pairs
from ginrummy.players.report import summarize

# opponent -> (least win rate, least lower bound of the 95% interval) the issue asks for
TARGETS: dict[str, tuple[float, float]] = {
    "openspiel-simple": (0.80, 0.731),
    "standard": (0.80, 0.731),
    "rlcard-novice": (0.95, 0.0),
    "gin-camper": (0.60, 0.0),
}
DECISION_MS_TARGET = (50.0, 500.0)  # the expert's median and 99th percentile, one core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches per opponent (even)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--player", default="expert")
    parser.add_argument("--opponents", nargs="+", default=list(TARGETS), choices=list(TARGETS))
    args = parser.parse_args()
    rules = rules_for("eaai")
    print(f"{args.player} vs each opponent: eaai rules, {args.matches} matches "
          f"({args.matches // 2} mirrored pairs), seed {args.seed}, {args.jobs} processes")
    for opponent in args.opponents:
        start = time.perf_counter()
        pairs = run_pairs(args.player, opponent, rules, pairs=args.matches // 2, seed=args.seed,
                          jobs=args.jobs)
        summary = summarize(pairs, name_a=args.player, name_b=opponent, rules="eaai",
                            seed=args.seed)
        print(line(summary, opponent, time.perf_counter() - start), flush=True)


def line(summary: dict[str, Any], opponent: str, seconds: float) -> str:
    low, high = summary["ci95"]
    rate = summary["win_rate_a"]
    least_rate, least_low = TARGETS[opponent]
    met = rate >= least_rate and low > least_low
    mine = summary["a"]
    timing_met = (mine["decision_ms_median"] <= DECISION_MS_TARGET[0]
                  and mine["decision_ms_p99"] <= DECISION_MS_TARGET[1])
    return (
        f"  vs {opponent:16} win {summary['wins_a']:4}/{summary['matches']:<4} = {rate:6.1%} "
        f"(95% CI {low:.1%}-{high:.1%}), pts/hand {summary['points_per_hand_a']:5.2f} vs "
        f"{summary['points_per_hand_b']:5.2f}, decision ms median/p99 "
        f"{mine['decision_ms_median']:.1f}/{mine['decision_ms_p99']:.1f} "
        f"(opponent {summary['b']['decision_ms_median']:.2f}/{summary['b']['decision_ms_p99']:.2f})"
        f", forfeits {len(summary['forfeits'])}, {seconds:.0f} s"
        f" | target >= {least_rate:.0%}" + (f", low > {least_low:.1%}" if least_low else "")
        + f": {'met' if met else 'NOT met'}; timing {'met' if timing_met else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
