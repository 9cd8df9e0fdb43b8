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


def render_sheet(sheet: Sheet, *, title: str = "") -> str:
    """The running score, who deals next, and once over the bonuses and the final result."""
    rules = sheet.rules
    names = sheet.names
    games = "three Hollywood games" if rules.hollywood else "one game"
    lines = [f"{title}{names[0]} vs {names[1]} · rules {rules} · {games} to {rules.target}"]
    rows = [("#", "dealer", "hand", "result", names[0], names[1])]
    for number, entry in enumerate(sheet.entries):
        score, columns = sheet.results[number], sheet.running[number]
        rows.append((
            str(number + 1), names[sheet.dealers[number]], format_entry(entry, names),
            _result_text(sheet, score), _scores_text(columns, 0), _scores_text(columns, 1),
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row[:4], widths, strict=False)]
        cells += [cell.rjust(width) for cell, width in zip(row[4:], widths[4:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    if not sheet.entries:
        lines.append("(no hands yet)")
    if sheet.is_over:
        lines.extend(_final_lines(sheet))
    else:
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, sheet.scores, strict=True))
        lines.append(f"Score: {scores}. {names[sheet.dealer]} deals hand {len(sheet.entries) + 1}.")
    return "\n".join(lines) + "\n"


def _final_lines(sheet: Sheet) -> list[str]:
    names = sheet.names
    lines = []
    grand = [0, 0]
    for number, totals in enumerate(sheet.board.column_totals(), start=1):
        column = sheet.board.columns[number - 1]
        heading = f"Game {number}" if len(sheet.board.columns) > 1 else "Game"
        assert column.winner is not None
        shutout = " (shutout)" if totals.shutout else ""
        lines.append(f"{heading}: {names[column.winner]} wins{shutout}")
        width = max(len(n) for n in names) + 2
        lines.append(" " * 10 + "".join(n.rjust(width) for n in names))
        for label, pair in (("points", totals.points), ("box", totals.box_bonus),
                            ("game", totals.game_bonus), ("total", totals.totals)):
            lines.append(label.ljust(10) + "".join(str(v).rjust(width) for v in pair))
        grand = [grand[0] + totals.totals[0], grand[1] + totals.totals[1]]
    winner = sheet.winner
    assert winner is not None
    margin = grand[winner] - grand[1 - winner]
    lines.append(f"Final result: {names[winner]} wins {grand[winner]} to "
                 f"{grand[1 - winner]}, by {margin}.")
    return lines


def sheet_csv(sheet: Sheet) -> str:
    """One row per hand with the running score (summed over Hollywood games), then the totals."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = sheet.names
    writer.writerow(["hand", "dealer", "entry", "outcome", "winner", "points", *names])
    for number, entry in enumerate(sheet.entries):
        score, columns = sheet.results[number], sheet.running[number]
        writer.writerow([
            number + 1, names[sheet.dealers[number]], format_entry(entry, names), score.outcome,
            "" if score.winner is None else names[score.winner], score.points,
            sum(c[0] for c in columns), sum(c[1] for c in columns),
        ])
    if sheet.is_over:
        column_totals = sheet.board.column_totals()
        for label, part in (("box bonus", "box_bonus"), ("game bonus", "game_bonus")):
            sums = [sum(getattr(t, part)[seat] for t in column_totals) for seat in (0, 1)]
            writer.writerow(["", "", label, "", "", "", *sums])
        writer.writerow(["", "", "total", "", "", "", *sheet.totals()])
    return out.getvalue()
