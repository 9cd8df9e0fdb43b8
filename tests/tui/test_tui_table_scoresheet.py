"""The score sheet as players keep it on paper: the target rule in words, a row per hand (who,
how, points, running totals), the bonuses at the end; in the game (c), at the match's end and
in plain mode (score, c), for two players, three players, partnerships and Hollywood."""

from __future__ import annotations

import io

import pytest
from knock_deal import knock_session
from tui_helpers import play_session

from ginrummy.core.rules import rules_for
from ginrummy.i18n import translator
from ginrummy.store import open_store
from ginrummy.tui.plain import PlainGame
from ginrummy.tui.scoresheet import sheet_lines, sheet_rows
from ginrummy.tui.session import GameSession, Settings


def played(seed: int, lang: str = "en", **options: object) -> GameSession:
    rules = rules_for("classic", **options)  # type: ignore[arg-type]
    session = GameSession.new(rules, Settings(opponent="random", lang=lang),
                              store=open_store("sqlite:///:memory:"), seed=seed)
    play_session(session, whole_match=True)
    return session


def hand_rows(lines: list[str]) -> list[list[str]]:
    """The sheet's rows: the lines under the header up to the first blank one."""
    start = next(i for i, line in enumerate(lines) if line.startswith(("Hand ", "Deal ")))
    end = lines.index("", start)
    return [line.split() for line in lines[start + 1:end]]


def test_tui_sheet_two_players_a_row_per_hand_with_the_running_totals():
    session = played(5, target=60)
    match = session.match
    assert match.is_over
    rows = sheet_rows(match)
    assert len(rows) == len(match.hands)
    totals = [0, 0]
    for row, hand in zip(rows, match.hands, strict=True):
        assert hand.result is not None
        assert row.side == hand.winner_seat and row.outcome == hand.result.outcome
        if hand.winner_seat is not None:
            totals[hand.winner_seat] += hand.result.points
        assert row.running == (tuple(totals),)
    assert tuple(totals) == match.scores
    lines = sheet_lines(session, translator("en"))
    assert lines[0] == ("The first to reach 60 points wins. The game bonus and the box bonus "
                        "(20 for each hand won) are added at the end and do not count toward "
                        "the target.")
    assert "Won by" in lines[2] and lines[2].endswith("You  Computer")
    printed = hand_rows(lines)
    assert [cells[0] for cells in printed] == [str(n) for n in range(1, len(rows) + 1)]
    for cells, row in zip(printed, rows, strict=True):
        assert cells[-2:] == [str(row.running[0][0]), str(row.running[0][1])]
    [column] = match.column_totals()
    total = next(line for line in lines if line.strip().startswith("Total"))
    assert total.split()[1:] == [str(n) for n in match.totals()]
    game = next(line for line in lines if line.strip().startswith("Game bonus"))
    assert game.split()[-2:] == [str(n) for n in column.game_bonus]
    box = next(line for line in lines if line.strip().startswith("Box bonus"))
    assert box.split()[-2:] == [str(n) for n in column.box_bonus]
    assert lines[-1] in ("You won the match!", "Computer won the match.")


def test_tui_sheet_before_any_hand_and_while_the_game_is_open():
    session = GameSession.new(rules_for("classic"), Settings(opponent="random"),
                              store=open_store("sqlite:///:memory:"), seed=1)
    lines = sheet_lines(session, translator("en"))
    assert "no hands finished yet" in "\n".join(lines)
    assert "Box bonus so far (added at the end): You 0 · Computer 0" in "\n".join(lines)
    assert not any("Total" in line for line in lines)  # no bonuses until someone wins
    assert "Match total" not in "\n".join(lines)


def test_tui_sheet_three_players_names_each_and_writes_dead_hands():
    session = played(5, players=3, target=40)
    match = session.match
    rows = sheet_rows(match)
    assert rows[-1].running == (match.scores,)
    lines = sheet_lines(session, translator("en"))
    assert lines[2].endswith("You  Computer 1  Computer 2")
    text = "\n".join(lines)
    for row in rows:
        if row.side is None:
            assert f"   {row.number}  –" in text and "dead hand" in text
    assert any(row.side is None for row in rows)  # this seed has one


def test_tui_sheet_partnership_a_row_per_deal_by_team():
    session = played(5, players=4, target=40)
    match = session.match
    rows = sheet_rows(match)
    assert len(rows) == len(match.score_entries())
    assert rows[-1].running == (match.scores,)
    lines = sheet_lines(session, translator("en"))
    assert lines[0].startswith("The first team to reach 40 points wins.")
    assert lines[2].startswith("Deal") and lines[2].endswith("Your team  Their team")
    assert all("two tables" in " ".join(cells) for cells in hand_rows(lines)
               if cells[1] != "–")


def test_tui_sheet_hollywood_keeps_three_running_columns():
    session = played(5, target=60, hollywood=True)
    match = session.match
    rows = sheet_rows(match)
    assert rows[-1].running == tuple(tuple(column.scores) for column in match.columns)
    lines = sheet_lines(session, translator("en"))
    assert "Hollywood: three games are kept at once" in lines[0]
    last = hand_rows(lines)[-1]
    assert last[-2] == "/".join(str(column.scores[0]) for column in match.columns)
    assert [line for line in lines if line.startswith("Game ")] == [
        f"Game {n}: You {column.scores[0]} · Computer {column.scores[1]}"
        for n, column in enumerate(match.columns, start=1)]
    assert f"Match total: You {match.totals()[0]} · Computer {match.totals()[1]}" in lines


@pytest.mark.parametrize(("lang", "rule", "header"), [
    ("nb", "Den som først når 60 poeng, vinner.", "Vunnet av"),
    ("sv", "Den som först når 60 poäng vinner.", "Vunnen av"),
])
def test_tui_sheet_in_norwegian_and_swedish(lang, rule, header):
    session = played(5, lang=lang, target=60)
    lines = sheet_lines(session, translator(lang))
    assert lines[0].startswith(rule)
    assert header in lines[2]
    for english in ("Won by", "Points", "knock", "Total", "Game bonus", "target"):
        assert english not in "\n".join(lines)


def plain(lines: list[str], lang: str = "en") -> str:
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO("".join(f"{line}\n" for line in lines)),
              stdout=out).run()
    return out.getvalue()


def test_tui_plain_c_and_score_print_the_sheet_and_a_hand_ends_with_the_race():
    out = plain(["c", "score", "pass", "draw stock", "knock KH", "", "", "c"])
    assert out.count("Hand  Won by  How  Points  You  Computer\nno hands finished yet") == 2
    assert out.count("Hand  Won by  How    Points  You  Computer\n") == 1
    assert "   1  You     knock       5    5         0" in out
    assert "Score (the first to 10 wins; bonuses are added at the end):" in out
    assert "  You: 5 points; with the box bonus so far, total 25" in out
    assert "Match total" not in out and "(target" not in out


def test_tui_plain_norwegian_poeng_prints_the_sheet():
    out = plain(["poeng"], lang="nb")
    assert "Hånd  Vunnet av  Hvordan  Poeng  Du  Datamaskinen\ningen hender ferdigspilt ennå" in out
