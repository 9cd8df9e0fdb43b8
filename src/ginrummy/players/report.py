"""Tournament figures from arena results: win rate with its 95% interval, points, gins, timings.

>>> [round(x, 4) for x in wilson_interval(80, 100)]
[0.7112, 0.8666]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from ginrummy.core.errors import GinRummyError
from ginrummy.players.arena import SIDES, GameResult, PairResult

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson_interval(wins: int, games: int, *, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate; sound near 0% and 100%, unlike the normal one."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def summarize(
    pairs: Sequence[PairResult], *, name_a: str, name_b: str, rules: str, seed: int
) -> dict[str, Any]:
    """The tournament's figures as a JSON-ready dict; rates are fractions, times milliseconds."""
    games: list[GameResult] = [game for pair in pairs for game in pair.games]
    matches = len(games)
    hands = sum(g.hands for g in games)
    wins = {side: sum(1 for g in games if g.winner == side) for side in SIDES}
    low, high = wilson_interval(wins["a"], matches)

    def per_hand(total: float) -> float:
        return total / hands if hands else 0.0

    def side_figures(i: int) -> dict[str, Any]:
        times = [t * 1000 for g in games for t in g.times[i]]
        return {
            "points_per_hand": per_hand(sum(g.points[i] for g in games)),
            "total_per_match": sum(g.totals[i] for g in games) / matches if matches else 0.0,
            "gin_rate": per_hand(sum(g.gins[i] for g in games)),
            "undercut_rate": per_hand(sum(g.undercuts[i] for g in games)),
            "decisions": len(times),
            "decision_ms_median": statistics.median(times) if times else 0.0,
            "decision_ms_p99": percentile(times, 0.99),
        }

    figures = {name: side_figures(i) for i, name in enumerate(SIDES)}
    return {
        "player_a": name_a,
        "player_b": name_b,
        "rules": rules,
        "seed": seed,
        "matches": matches,
        "mirrored_pairs": len(pairs),
        "hands": hands,
        "wins_a": wins["a"],
        "wins_b": wins["b"],
        "win_rate_a": wins["a"] / matches if matches else 0.0,
        "ci95": [low, high],
        "points_per_hand_a": figures["a"]["points_per_hand"],
        "points_per_hand_b": figures["b"]["points_per_hand"],
        "dead_hand_rate": per_hand(sum(g.dead_hands for g in games)),
        "a": figures["a"],
        "b": figures["b"],
        "forfeits": [
            {"pair": pair.index, "seat_a": g.seat_a, "reason": g.forfeit}
            for pair in pairs for g in pair.games if g.forfeit
        ],
    }


def format_report(summary: dict[str, Any]) -> str:
    """The summary as a short table for people."""
    a, b = summary["player_a"], summary["player_b"]
    low, high = summary["ci95"]
    width = max(len(a), len(b), 10)
    lines = [
        f"{a} vs {b}: {summary['matches']} matches ({summary['mirrored_pairs']} mirrored pairs), "
        f"{summary['hands']} hands, rules {summary['rules']}, seed {summary['seed']}",
        f"{a} wins {summary['wins_a']}/{summary['matches']} = {summary['win_rate_a']:.1%} "
        f"(95% CI {low:.1%}-{high:.1%})",
        "",
        f"{'':{width}}  pts/hand  gin/hand  undercut/hand  decision ms (median, p99)",
    ]
    for side, name in (("a", a), ("b", b)):
        f = summary[side]
        lines.append(
            f"{name:{width}}  {f['points_per_hand']:8.2f}  {f['gin_rate']:8.1%}  "
            f"{f['undercut_rate']:13.1%}  {f['decision_ms_median']:.2f}, {f['decision_ms_p99']:.2f}"
        )
    lines.append(f"dead hands: {summary['dead_hand_rate']:.1%}")
    for forfeit in summary["forfeits"]:
        lines.append(f"forfeit in pair {forfeit['pair']} (A in seat {forfeit['seat_a']}): "
                     f"{forfeit['reason']}")
    return "\n".join(lines)


def plot_summary(summary: dict[str, Any], path: str) -> None:
    """A PNG chart: the win rate with its interval, then the per-player rates side by side."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only; never open a window
        import matplotlib.pyplot as plt
    except ImportError:
        raise GinRummyError("--plot needs matplotlib: pip install 'ginrummy[plot]'") from None
    a, b = summary["player_a"], summary["player_b"]
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    rate = summary["win_rate_a"]
    low, high = summary["ci95"]
    # B's interval mirrors A's: [1 - high, 1 - low]. Rows are lower and upper error lengths.
    errors = [[rate - low, high - rate], [high - rate, rate - low]]
    left.bar([a, b], [rate, 1 - rate], color=["tab:blue", "tab:orange"], yerr=errors, capsize=6)
    left.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    left.set_ylim(0, 1)
    left.set_title(f"game win rate, {summary['matches']} matches (95% CI)")
    labels = ["points/hand ÷10", "gin/hand", "undercut/hand"]
    keys = ["points_per_hand", "gin_rate", "undercut_rate"]
    scale = {"points_per_hand": 0.1}
    positions = range(len(keys))
    for offset, side, name in ((-0.2, "a", a), (0.2, "b", b)):
        values = [summary[side][k] * scale.get(k, 1.0) for k in keys]
        right.bar([p + offset for p in positions], values, width=0.4, label=name)
    right.set_xticks(list(positions), labels)
    right.legend()
    right.set_title(f"per hand ({summary['hands']} hands, rules {summary['rules']})")
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=100)
    except OSError as error:
        raise GinRummyError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        plt.close(figure)
