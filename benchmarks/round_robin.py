"""A round-robin of the strength panel: every pair, eaai rules, mirrored deals, one command.

    nice -n 10 .venv/bin/python benchmarks/round_robin.py --matches 400            # the table
    nice -n 10 .venv/bin/python benchmarks/round_robin.py --matches 20 --panel expert standard

Each pair plays ``--matches`` matches (half as many mirrored pairs of deal sequences, the seats
swapped) through the tournament arena. For each pair it prints the first player's game win rate
with its 95% Wilson interval, both players' points, gins and undercuts per hand, and their
median decision times, as a Markdown table (the README's); then the issue's targets for the
expert where the panel holds both sides of one. The published table uses ``PUBLISHED_SEED``:
tune on other seeds. The same figures come from
``ginrummy tournament A B --rules eaai --matches N --seed S``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import time
from typing import Any

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import rules_for
from ginrummy.players.arena import check_player, run_pairs
from ginrummy.players.report import summarize

PUBLISHED_SEED = 2026
PANEL = ("expert", "marjj-style", "montecarlo:256", "standard", "openspiel-simple", "gin-camper")
# opponent -> the expert's least win rate and least lower bound of the 95% interval
EXPERT_TARGETS: dict[str, tuple[float, float]] = {
    "marjj-style": (0.60, 0.50),
    "montecarlo:256": (0.60, 0.50),
    "montecarlo:64": (0.60, 0.50),
    "standard": (0.80, 0.0),
    "openspiel-simple": (0.80, 0.0),
    "gin-camper": (0.70, 0.0),
}
HEADER = ("| pair | matches | first wins (95% CI) | pts/hand | gins/hand | undercuts/hand "
          "| decision ms (median) | minutes |\n|---|---:|---|---|---|---|---|---:|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches per pair (even)")
    parser.add_argument("--seed", type=int, default=PUBLISHED_SEED)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--panel", nargs="+", default=list(PANEL), metavar="PLAYER")
    args = parser.parse_args()
    if args.matches < 2 or args.matches % 2:
        parser.error("--matches must be an even number, at least 2 (mirrored pairs)")
    for name in args.panel:
        try:
            check_player(name)
        except GinRummyError as error:
            parser.error(str(error))
    rules = rules_for("eaai")
    print(f"round-robin of {', '.join(args.panel)}: eaai rules, {args.matches} matches a pair "
          f"({args.matches // 2} mirrored pairs), seed {args.seed}, {args.jobs} processes")
    print(HEADER, flush=True)
    summaries = []
    for first, second in itertools.combinations(args.panel, 2):
        start = time.perf_counter()
        pairs = run_pairs(first, second, rules, pairs=args.matches // 2, seed=args.seed,
                          jobs=args.jobs)
        summary = summarize(pairs, name_a=first, name_b=second, rules="eaai", seed=args.seed)
        summaries.append(summary)
        print(row(summary, time.perf_counter() - start), flush=True)
    for summary in summaries:
        verdict = expert_target(summary)
        if verdict:
            print(verdict)


def row(summary: dict[str, Any], seconds: float) -> str:
    low, high = summary["ci95"]
    a, b = summary["a"], summary["b"]
    return (
        f"| {summary['player_a']} v {summary['player_b']} | {summary['matches']} "
        f"| {summary['win_rate_a']:.1%} ({low:.1%}-{high:.1%}) "
        f"| {summary['points_per_hand_a']:.2f} v {summary['points_per_hand_b']:.2f} "
        f"| {a['gin_rate']:.3f} v {b['gin_rate']:.3f} "
        f"| {a['undercut_rate']:.3f} v {b['undercut_rate']:.3f} "
        f"| {a['decision_ms_median']:.1f} v {b['decision_ms_median']:.1f} | {seconds / 60:.1f} |"
    )


def expert_target(summary: dict[str, Any]) -> str | None:
    """Whether the expert met the issue's target against this opponent (None: no target)."""
    names = (summary["player_a"], summary["player_b"])
    if "expert" not in names:
        return None
    opponent = names[1] if names[0] == "expert" else names[0]
    if opponent not in EXPERT_TARGETS:
        return None
    rate = summary["win_rate_a"]
    low, high = summary["ci95"]
    if names[0] != "expert":
        rate, low = 1 - rate, 1 - high
    least_rate, least_low = EXPERT_TARGETS[opponent]
    met = rate >= least_rate and low > least_low
    return (f"expert vs {opponent}: {rate:.1%} (CI low {low:.1%}); target >= {least_rate:.0%}"
            + (f", CI low > {least_low:.0%}" if least_low else "")
            + f": {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
