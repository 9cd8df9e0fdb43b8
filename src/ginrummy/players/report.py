"""Tournament figures from arena results: win rate with its 95% interval, points, gins, timings.

Two-player tournaments (:mod:`ginrummy.players.arena`) report A against B; three-player and
partnership tournaments (:mod:`ginrummy.players.table_arena`) report each player on its own,
with its wins by the seat it sat in.

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
from ginrummy.players.table_arena import FORMATS, LABELS, TableGame, TableRound, teams_of

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


def summarize_table(
    rounds: Sequence[TableRound],
    *,
    names: Sequence[str],
    rules: str,
    seed: int,
    fixed_teams: bool = False,
) -> dict[str, Any]:
    """A three-player or partnership tournament's figures as a JSON-ready dict.

    Each player's rates are per hand it sat at the table for; ``wins_by_seat[s]`` counts the
    matches it won from seat ``s``, and ``seat_wins[s]`` those won by whoever sat there (in a
    partnership both partners win, so those add up to twice the matches).
    """
    games: list[TableGame] = [game for r in rounds for game in r.games]
    matches = len(games)
    seats = len(names)
    hands = sum(g.hands for g in games)

    def player_figures(p: int) -> dict[str, Any]:
        wins = sum(1 for g in games if p in g.winners)
        played = sum(g.played[p] for g in games)
        low, high = wilson_interval(wins, matches)
        times = [t * 1000 for g in games for t in g.times[p]]

        def per_hand(total: float) -> float:
            return total / played if played else 0.0

        gins = sum(g.gins[p] for g in games)
        undercuts = sum(g.undercuts[p] for g in games)
        hands_won = sum(g.hands_won[p] for g in games)
        return {
            "label": LABELS[p],
            "name": names[p],
            "matches": matches,
            "wins": wins,
            "win_rate": wins / matches if matches else 0.0,
            "ci95": [low, high],
            "matches_by_seat": [sum(1 for g in games if g.seat_of(p) == s) for s in range(seats)],
            "wins_by_seat": [sum(1 for g in games if g.seat_of(p) == s and p in g.winners)
                             for s in range(seats)],
            "hands": played,
            "hands_won": hands_won,
            "hand_win_rate": per_hand(hands_won),
            "points_per_hand": per_hand(sum(g.points[p] for g in games)),
            "total_per_match": sum(g.totals[p] for g in games) / matches if matches else 0.0,
            "gins": gins,
            "gin_rate": per_hand(gins),
            "undercuts": undercuts,
            "undercut_rate": per_hand(undercuts),
            "decisions": len(times),
            "decision_ms_median": statistics.median(times) if times else 0.0,
            "decision_ms_p99": percentile(times, 0.99),
        }

    summary: dict[str, Any] = {
        "format": FORMATS[seats],
        "names": list(names),
        "rules": rules,
        "seed": seed,
        "matches": matches,
        "deal_sequences": len(rounds),
        "seatings_per_sequence": len(rounds[0].games) if rounds else 0,
        "hands": hands,
        "dead_hand_rate": sum(g.dead_hands for g in games) / hands if hands else 0.0,
        "players": [player_figures(p) for p in range(seats)],
        "seat_wins": [sum(1 for g in games for w in g.winners if g.seat_of(w) == s)
                      for s in range(seats)],
    }
    if seats == 4:
        summary["fixed_teams"] = fixed_teams
        summary["partnerships"] = _partnerships(games)
    summary["forfeits"] = [
        {"round": r.index, "seating": [LABELS[p] for p in g.seating], "reason": g.forfeit}
        for r in rounds for g in r.games if g.forfeit
    ]
    return summary


def _partnerships(games: Sequence[TableGame]) -> list[dict[str, Any]]:
    """Each split of the four into two teams: how often each team won (the team with A first)."""
    splits: dict[tuple[tuple[int, int], tuple[int, int]], list[int]] = {}
    for game in games:
        teams = tuple(sorted(teams_of(game.seating)))
        wins = splits.setdefault((teams[0], teams[1]), [0, 0])
        wins[0 if game.winners == teams[0] else 1] += 1
    return [
        {"teams": [[LABELS[p] for p in team] for team in teams], "matches": sum(wins),
         "wins": wins}
        for teams, wins in splits.items()
    ]


def _player_labels(summary: dict[str, Any]) -> list[str]:
    """Names where they are unique; ``A standard`` and so on where a name comes twice."""
    names = summary["names"]
    if len(set(names)) == len(names):
        return list(names)
    return [f"{LABELS[i].upper()} {name}" for i, name in enumerate(names)]


def format_table_report(summary: dict[str, Any]) -> str:
    """A three-player or partnership summary as a short table for people."""
    labels = _player_labels(summary)
    width = max(*(len(label) for label in labels), 10)
    seats = len(labels)
    teams = ""
    if summary["format"] == "partnership":
        teams = (", partners A+C v B+D" if summary["fixed_teams"]
                 else ", every partnership")
    sequences = summary["deal_sequences"]
    lines = [
        f"{summary['format']}: {', '.join(labels)}: {summary['matches']} matches "
        f"({sequences} deal sequence{'' if sequences == 1 else 's'} x "
        f"{summary['seatings_per_sequence']} seatings{teams}), {summary['hands']} hands, "
        f"rules {summary['rules']}, seed {summary['seed']}",
        "",
    ]
    seat_width = max(len("wins by seat"), 4 * seats)
    lines.append(
        f"{'':{width}}  {'wins':>9}  {'rate (95% CI)':<22}  {'wins by seat':<{seat_width}}  "
        f"pts/hand  {'hands won':>11}  gin/hand  undercut/hand  decision ms (median, p99)"
    )
    for label, f in zip(labels, summary["players"], strict=True):
        low, high = f["ci95"]
        wins = f"{f['wins']}/{f['matches']}"
        rate = f"{f['win_rate']:.1%} ({low:.1%}-{high:.1%})"
        by_seat = " ".join(f"{w:>3}" for w in f["wins_by_seat"])
        hands_won = f"{f['hands_won']}/{f['hands']}"
        lines.append(
            f"{label:{width}}  {wins:>9}  {rate:<22}  {by_seat:<{seat_width}}  "
            f"{f['points_per_hand']:8.2f}  {hands_won:>11}  {f['gin_rate']:8.1%}  "
            f"{f['undercut_rate']:13.1%}  {f['decision_ms_median']:.2f}, "
            f"{f['decision_ms_p99']:.2f}"
        )
    seat_wins = ", ".join(f"seat {s} {w}" for s, w in enumerate(summary["seat_wins"]))
    lines.append(f"wins by seat, whoever sat there: {seat_wins}")
    for split in summary.get("partnerships", []):
        sides = [" + ".join(labels[LABELS.index(p)] for p in team) for team in split["teams"]]
        lines.append(f"partners {sides[0]} v {sides[1]}: {split['wins'][0]}-{split['wins'][1]}")
    lines.append(f"dead hands: {summary['dead_hand_rate']:.1%}")
    for forfeit in summary["forfeits"]:
        seating = " ".join(p.upper() for p in forfeit["seating"])
        lines.append(f"forfeit in round {forfeit['round']} (seats {seating}): "
                     f"{forfeit['reason']}")
    return "\n".join(lines)


def plot_table_summary(summary: dict[str, Any], path: str) -> None:
    """A PNG chart: each player's win rate with its interval, then its wins by seat."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only; never open a window
        import matplotlib.pyplot as plt
    except ImportError:
        raise GinRummyError("--plot needs matplotlib: pip install 'ginrummy[plot]'") from None
    labels = _player_labels(summary)
    players = summary["players"]
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    rates = [f["win_rate"] for f in players]
    errors = [[f["win_rate"] - f["ci95"][0] for f in players],
              [f["ci95"][1] - f["win_rate"] for f in players]]
    left.bar(labels, rates, yerr=errors, capsize=6)
    fair = 0.5 if summary["format"] == "partnership" else 1 / len(players)
    left.axhline(fair, color="grey", linewidth=0.8, linestyle="--")
    left.set_ylim(0, 1)
    left.set_title(f"match win rate, {summary['matches']} matches (95% CI)")
    seats = len(players)
    width = 0.8 / seats
    for seat in range(seats):
        values = [f["wins_by_seat"][seat] / f["matches_by_seat"][seat]
                  if f["matches_by_seat"][seat] else 0.0 for f in players]
        right.bar([i + (seat - (seats - 1) / 2) * width for i in range(len(players))], values,
                  width=width, label=f"seat {seat}")
    right.set_xticks(list(range(len(players))), labels)
    right.set_ylim(0, 1)
    right.legend()
    right.set_title(f"win rate by seat (rules {summary['rules']})")
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=100)
    except OSError as error:
        raise GinRummyError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        plt.close(figure)
