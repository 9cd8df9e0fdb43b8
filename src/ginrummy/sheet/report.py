"""The sheet for people: the running score as a table, the final bonuses, and CSV."""

from __future__ import annotations

import csv
import io

from ginrummy.sheet.model import HandScore, Sheet
from ginrummy.sheet.notation import format_entry


def _result_text(sheet: Sheet, score: HandScore) -> str:
    if score.winner is None:
        return "dead hand"
    return f"{score.outcome.replace('_', ' ')}: {sheet.names[score.winner]} +{score.points}"


def _scores_text(columns: tuple[tuple[int, ...], ...], seat: int) -> str:
    return "/".join(str(column[seat]) for column in columns)


def _table(rows: list[tuple[str, ...]], left: int) -> list[str]:
    """Rows as aligned text: the first ``left`` columns to the left, numbers to the right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.ljust(width) if i < left else cell.rjust(width)
                 for i, (cell, width) in enumerate(zip(row, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return lines


def next_hand_text(sheet: Sheet) -> str:
    """Who deals the next hand (and, with three or four players, who plays it)."""
    names = sheet.names
    if sheet.partnership:
        tables = " and ".join(f"{names[dealer]} deals to {names[opponent]}"
                              for dealer, opponent in sheet.tables_of_next_hand())
        return f"Deal {sheet.deal_number}: {tables}."
    text = f"{names[sheet.dealer]} deals hand {len(sheet.entries) + 1}"
    if sheet.three_players:
        first, second = sheet.players_of_next_hand()
        text += f" and sits out; {names[first]} and {names[second]} play"
    return text + "."


def render_sheet(sheet: Sheet, *, title: str = "") -> str:
    """The running score, who deals next, and once over the bonuses and the final result."""
    rules = sheet.rules
    names, columns_of = sheet.names, sheet.column_names
    games = "three Hollywood games" if rules.hollywood else "one game"
    lines = [f"{title}{' vs '.join(columns_of)} · rules {rules} · {games} to {rules.target}"]
    rows = [("#", "dealer", "hand", "result", *columns_of)]
    for number, entry in enumerate(sheet.entries):
        score, columns = sheet.results[number], sheet.running[number]
        rows.append((
            str(number + 1), names[sheet.dealers[number]], format_entry(entry, names),
            _result_text(sheet, score), *(_scores_text(columns, s) for s in range(len(columns_of))),
        ))
    lines.extend(_table(rows, left=4))
    if not sheet.entries:
        lines.append("(no hands yet)")
    if sheet.is_over:
        lines.extend(_final_lines(sheet))
    else:
        scores = ", ".join(f"{n} {s}" for n, s in zip(columns_of, sheet.scores, strict=True))
        lines.append(f"Score: {scores}. {next_hand_text(sheet)}")
    return "\n".join(lines) + "\n"


def _final_lines(sheet: Sheet) -> list[str]:
    names = sheet.column_names
    lines = []
    wins = "win" if sheet.partnership else "wins"  # "Ann & Cy win"
    several = len(sheet.board.columns) > 1
    for number, (column, totals) in enumerate(
        zip(sheet.board.columns, sheet.board.column_totals(), strict=True), start=1
    ):
        assert column.winner is not None
        shutout = " (shutout)" if totals.shutout else ""
        lines.append(f"{'Game ' + str(number) if several else 'Game'}: "
                     f"{names[column.winner]} {wins}{shutout}")
        rows = [("", *names)]
        for label, figures in (("points", totals.points), ("box", totals.box_bonus),
                               ("game", totals.game_bonus), ("total", totals.totals)):
            rows.append((label, *(str(v) for v in figures)))
        lines.extend(_table(rows, left=1))
    winner = sheet.winner
    assert winner is not None
    final = sheet.totals()
    runner_up = max(total for seat, total in enumerate(final) if seat != winner)
    lines.append(f"Final result: {names[winner]} {wins} {final[winner]} to {runner_up}, "
                 f"by {final[winner] - runner_up}.")
    return lines


def sheet_csv(sheet: Sheet) -> str:
    """One row per hand with the running score (summed over Hollywood games), then the totals."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = sheet.names
    seats = range(len(sheet.column_names))
    writer.writerow(["hand", "dealer", "entry", "outcome", "winner", "points",
                     *sheet.column_names])
    for number, entry in enumerate(sheet.entries):
        score, columns = sheet.results[number], sheet.running[number]
        writer.writerow([
            number + 1, names[sheet.dealers[number]], format_entry(entry, names), score.outcome,
            "" if score.winner is None else names[score.winner], score.points,
            *(sum(c[seat] for c in columns) for seat in seats),
        ])
    if sheet.is_over:
        column_totals = sheet.board.column_totals()
        for label, part in (("box bonus", "box_bonus"), ("game bonus", "game_bonus")):
            sums = [sum(getattr(t, part)[seat] for t in column_totals) for seat in seats]
            writer.writerow(["", "", label, "", "", "", *sums])
        writer.writerow(["", "", "total", "", "", "", *sheet.totals()])
    return out.getvalue()
