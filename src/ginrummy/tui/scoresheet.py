"""The score sheet as players keep it on paper: the target rule in plain words, a row per hand
(who won it, how, the points, the running totals), then the bonuses added at the end.

Shared by the full-screen game (key c, the end of the match) and plain mode (score, c), for two
players, three players (RULES §9.7) and partnerships (§9.8, a row per deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.core.match import ColumnTotals, MatchFormat, Scoreboard
from ginrummy.core.rules import Rules
from ginrummy.i18n import Translator
from ginrummy.tui.seats import is_partnership, side_names
from ginrummy.tui.session import HUMAN, GameSession

DASH = "–"


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One hand (a partnership: one deal) on the sheet, and the race totals after it."""

    number: int
    side: int | None  # who scored it (a player or a team); None: nobody
    outcome: str  # "knock", "gin", "big_gin", "undercut", "dead", or "deal" (a deal's net)
    points: int
    running: tuple[tuple[int, ...], ...]  # per game column (Hollywood has three), per side


def sheet_rows(match: MatchFormat) -> list[SheetRow]:
    """Every finished hand in order, with the race totals written down after each.

    The totals come from scoring the entries again on a fresh :class:`Scoreboard`, the one the
    match keeps its score on, so a row's totals are those the match had at that moment."""
    board = Scoreboard(match.rules, seats=len(match.scores))
    rows = []
    for number, entry in enumerate(match.score_entries(), start=1):
        if entry.side is not None:
            board.record_win(entry.side, entry.points)
        rows.append(SheetRow(number, entry.side, entry.outcome,
                             entry.points if entry.side is not None else 0,
                             tuple(tuple(column.scores) for column in board.columns)))
    return rows


def target_rule(rules: Rules, _: Translator, *, teams: bool = False) -> str:
    """How the match is won, stated plainly (the box bonus never counts toward the target)."""
    text = _("The first team to reach {target} points wins. The game bonus and the box bonus "
             "({box} for each deal won) are added at the end and do not count toward the "
             "target.") if teams else _(
        "The first to reach {target} points wins. The game bonus and the box bonus ({box} for "
        "each hand won) are added at the end and do not count toward the target.")
    text = text.format(target=rules.target, box=rules.box_bonus)
    if rules.hollywood:
        text += " " + _("Hollywood: three games are kept at once; each win is written in the "
                        "first open games, one more game for each win, and a game ends when "
                        "someone reaches {target} in it.").format(target=rules.target)
    return text


def outcome_word(outcome: str, _: Translator) -> str:
    words = {"knock": _("knock"), "gin": _("gin"), "big_gin": _("big gin"),
             "undercut": _("undercut"), "dead": _("dead hand"), "deal": _("two tables")}
    return words.get(outcome, outcome)


def table_lines(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell: the first two left-aligned, the rest right."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        parts = [cell.ljust(width) if i in (1, 2) else cell.rjust(width)
                 for i, (cell, width) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(parts).rstrip()

    return [line(header), *[line(row) for row in rows]]


def sheet_lines(session: GameSession, _: Translator) -> list[str]:
    """The whole sheet: the rule, a row per hand, the bonuses, the totals, the winner."""
    match = session.match
    names = side_names(session, _)
    teams = is_partnership(session)
    lines = [target_rule(match.rules, _, teams=teams), ""]
    header = [_("Deal") if teams else _("Hand"), _("Won by"), _("How"), _("Points"), *names]
    rows = []
    for row in sheet_rows(match):
        rows.append([str(row.number), DASH if row.side is None else names[row.side],
                     outcome_word(row.outcome, _), DASH if row.side is None else str(row.points),
                     *running_cells(row.running)])
    lines.extend(table_lines(header, rows))
    if not rows:
        lines.append(_("no hands finished yet"))
    lines.append("")
    lines.extend(bonus_lines(session, names, _))
    lines.extend(winner_lines(session, names, _))
    return lines


def running_cells(running: Sequence[Sequence[int]]) -> list[str]:
    """Each side's running total; Hollywood's three games as 'game 1/game 2/game 3'."""
    return ["/".join(str(column[side]) for column in running)
            for side in range(len(running[0]))]


def bonus_lines(session: GameSession, names: Sequence[str], _: Translator) -> list[str]:
    """Each game's bonuses once it is over; while it is open, the box bonus earned so far."""
    match = session.match
    board = match.board
    columns = board.column_totals()
    lines: list[str] = []
    for number, (column, totals) in enumerate(zip(board.columns, columns, strict=True),
                                              start=1):
        if len(columns) > 1:
            lines.append(_("Game {n}: {scores}").format(n=number, scores=scores_text(
                names, totals.points)) + ("" if column.closed else " " + _("(in play)")))
        if not column.closed:
            lines.append("  " + _("Box bonus so far (added at the end): {scores}").format(
                scores=scores_text(names, totals.box_bonus)))
            continue
        lines.extend("  " + line for line in closed_column_lines(totals, names, _))
    if len(columns) > 1 and board.is_over:
        lines.append(_("Match total: {scores}").format(scores=scores_text(names,
                                                                          board.totals())))
    return lines


def closed_column_lines(totals: ColumnTotals, names: Sequence[str],
                        _: Translator) -> list[str]:
    game = _("Game bonus (shutout)") if totals.shutout else _("Game bonus")
    rows = [[_("Points"), *map(str, totals.points)],
            [game, *map(str, totals.game_bonus)],
            [_("Box bonus"), *map(str, totals.box_bonus)],
            [_("Total"), *map(str, totals.totals)]]
    header = ["", *names]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                      for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in [header, *rows]]


def scores_text(names: Sequence[str], scores: Sequence[int]) -> str:
    return " · ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))


def winner_lines(session: GameSession, names: Sequence[str], _: Translator) -> list[str]:
    match = session.match
    if match.winner is None:
        return []
    teams = is_partnership(session)
    if match.winner == match.side_of(HUMAN):
        return [_("Your team won the match!") if teams else _("You won the match!")]
    if teams:
        return [_("The other team won the match.")]
    return [_("{name} won the match.").format(name=names[match.winner])]


def race_lines(session: GameSession, _: Translator) -> list[str]:
    """The score after a hand: the race to the target (no bonuses in it), and each side's total
    with the box bonus earned so far, which is added only at the end."""
    match = session.match
    names = side_names(session, _)
    box = [sum(totals.box_bonus[side] for totals in match.board.column_totals())
           for side in range(len(names))]
    lines = [_("Score (the first to {target} wins; bonuses are added at the end):").format(
        target=match.rules.target)]
    for name, points, bonus in zip(names, match.scores, box, strict=True):
        lines.append("  " + _("{name}: {points} points; with the box bonus so far, total "
                              "{total}").format(name=name, points=points, total=points + bonus))
    return lines
