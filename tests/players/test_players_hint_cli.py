"""``ginrummy hint``: a position typed on the command line, ranked and explained."""

from __future__ import annotations

import json

import pytest

from ginrummy.cli import main

EXAMPLE_E = "4S 5S KD 9D 2C QH JH TH 7C 7D"  # RULES §8 example E, before drawing 6♠


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["hint", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_players_hint_discard_position_ranks_every_discard(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "--hand", *EXAMPLE_E.split(), "6S", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["phase"] == "discard" and len(data["hand"]) == 11
    assert data["deadwood"] == 10 + 9 + 2 + 7 + 7  # 4♠5♠6♠ and 10♥J♥Q♥ meld; the rest is loose
    actions = [h["action"] for h in data["hints"]]
    assert sorted(actions) == sorted(f"discard {c}" for c in [*EXAMPLE_E.split(), "6S"])
    scores = [h["score"] for h in data["hints"]]
    assert scores == sorted(scores, reverse=True)
    king = next(h for h in data["hints"] if h["action"] == "discard KD")
    # K♦ leaves 9♦ 2♣ 7♣ 7♦ loose: deadwood 25
    assert king["reason"].startswith("discard K♦: highest loose card, and it leaves deadwood 25, ")


def test_players_hint_upcard_position_in_norwegian(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "--hand", EXAMPLE_E, "--upcard", "6S", "--lang", "nb")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith(" 1. ")
    assert any("ta det åpne kortet 6♠: det danner en sekvens med 4♠ 5♠" in line for line in lines)
    assert any("stå over" in line for line in lines)


def test_players_hint_draw_position_in_swedish_with_seen_cards_and_a_short_stock(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_cli(capsys, "--hand", EXAMPLE_E, "--pile-top", "8H", "--seen", "2D",
                             "KS", "--stock", "6", "--lang", "sv", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["phase"] == "draw" and data["pile_top"] == "8H" and data["stock_size"] == 6
    reasons = {h["action"]: h["reason"] for h in data["hints"]}
    assert set(reasons) == {"draw stock", "draw pile"}
    assert reasons["draw pile"].startswith("ta 8♥ från slänghögen")
    assert reasons["draw stock"].startswith("dra från talongen")


@pytest.mark.parametrize(("args", "message"), [
    (["--hand", "4S 5S KD"], "the hand needs 10 cards, not 3"),
    (["--hand", EXAMPLE_E], "needs the face-up card"),
    (["--hand", EXAMPLE_E, "--pile-top", "KD"], "KD given more than once"),
    (["--hand", EXAMPLE_E, "--upcard", "3S", "--seen", "8C"], "--seen makes no sense"),
    (["--hand", EXAMPLE_E, "--pile-top", "3S", "--stock", "40"], "--stock must be between"),
    (["--hand", EXAMPLE_E, "--pile-top", "ZZ"], "not a card: 'ZZ'"),
    (["--hand", EXAMPLE_E, "--pile-top", "3S", "--rules", "nope"], "unknown rules preset"),
])
def test_players_hint_bad_positions_are_one_clear_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run_cli(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith("ginrummy hint: ") and message in err and err.count("\n") == 1
