"""The scripting CLI contract of issue 2 item 10: melds, settle, replay (in process and via the
installed ``ginrummy`` entry point)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.cli import main
from ginrummy.core import Kind, Match, rules_for, write_record
from ginrummy.core.rules import OPTION_NAMES

EXAMPLE_A_KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
EXAMPLE_A_DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "home"))


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_melds_json_ten_cards(capsys, monkeypatch):
    status, out, err = run_cli(capsys, monkeypatch, "melds", "--json",
                               "7S", "7H", "7D", "8H", "9H", "7C", "TH", "2C", "3C", "KD")
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "deadwood": 15,
        "melds": [["7C", "7D", "7S"], ["7H", "8H", "9H", "TH"]],
        "deadwood_cards": ["2C", "3C", "KD"],
    }


def test_cli_melds_eleven_cards_names_the_discard_worked_example_e(capsys, monkeypatch):
    # RULES §8 E: 4S 5S K♦ 9♦ 2♣ Q♥ J♥ 10♥ 7♣ 7♦ plus the drawn 6♠; one quoted string, symbols
    status, out, _ = run_cli(capsys, monkeypatch, "melds", "--json",
                             "4s 5S K♦ ♦9 2c Q♥ J♥ 10♥ 7♣ 7D 6♠")
    data = json.loads(out)
    assert status == 0
    assert data["discard"] == "KD"
    assert data["deadwood"] == 2 + 7 + 7 + 9
    assert sorted(map(tuple, data["melds"])) == [("4S", "5S", "6S"), ("TH", "JH", "QH")]
    assert sorted(data["deadwood_cards"]) == ["2C", "7C", "7D", "9D"]


def test_cli_melds_text_output_shows_melds_and_deadwood(capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, "melds", "AS 2S 3S 4S KH KD KC 9C 8D 2H")
    assert status == 0
    assert "AS 2S 3S 4S" in out and "KC KD KH" in out
    assert "deadwood  19" in out and "9C 8D 2H" in out


def test_cli_melds_stdin_one_json_line_per_hand_and_errors_continue(capsys, monkeypatch):
    lines = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS\nAS AS\n\nQS KS 2C 3C 4C 5D 6D 7D 8D 9H\n"
    status, out, _ = run_cli(capsys, monkeypatch, "melds", stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert answers[0]["deadwood"] == 0 and answers[0]["deadwood_cards"] == []
    assert answers[1] == {"error": "duplicate card: AS"}
    assert answers[2]["deadwood"] == 10 + 10 + 9
    assert len(answers) == 3


@pytest.mark.parametrize("cards, problem", [
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S XX", "not a card: 'XX'"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S AS", "duplicate card: AS"),
    ("AS 2S 3S", "10 or 11 cards, not 3"),
])
def test_cli_melds_bad_input_is_one_line_and_status_2(capsys, monkeypatch, cards, problem):
    status, out, err = run_cli(capsys, monkeypatch, "melds", cards)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("ginrummy melds: ") and problem in err


def test_cli_settle_json_worked_example_a(capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, "settle", "--json", "--knocker",
                             *EXAMPLE_A_KNOCKER.split(), "--defender", EXAMPLE_A_DEFENDER)
    data = json.loads(out)
    assert status == 0
    assert (data["outcome"], data["winner"], data["points"]) == ("knock", "knocker", 17)
    assert data["knocker"]["deadwood"] == 8 and data["knocker"]["deadwood_cards"] == ["8D"]
    assert sorted(map(sorted, data["knocker"]["melds"])) == [
        ["3H", "4H", "5H"], ["7D", "7H", "7S"], ["9C", "JC", "TC"]]
    defender = data["defender"]
    assert sorted(map(sorted, defender["melds"])) == [["2S", "3S", "4S"], ["QC", "QD", "QH"]]
    assert [lay["card"] for lay in defender["layoffs"]] == ["8C"]
    assert sorted(defender["deadwood_cards"]) == ["5D", "KH", "TS"]
    assert defender["deadwood"] == 25
    assert set(data) == {"outcome", "winner", "points", "knocker", "defender"}


def test_cli_settle_text_and_rules_option_flags(capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, "settle", "--knocker", EXAMPLE_A_KNOCKER,
                             "--defender", EXAMPLE_A_DEFENDER, "--rules", "norwegian")
    assert status == 0
    assert "8C onto 9C TC JC" in out and "scores 37" in out  # 17 + the Norwegian knock bonus 20
    status, out, err = run_cli(capsys, monkeypatch, "settle", "--knocker", EXAMPLE_A_KNOCKER,
                               "--defender", EXAMPLE_A_DEFENDER, "--knock-limit", "7")
    assert status == 2 and "above the knock limit 7" in err


def test_cli_settle_undercut_bonus_flag(capsys, monkeypatch):
    # knocker 9 (9C) against a defender at 8 after no layoffs: undercut, 1 + bonus
    knocker = "AC 2C 3C 4D 5D 6D 7H 8H 9H 9C"
    defender = "JS QS KS TD JD QD 2S 3S 4S 8S"
    status, out, _ = run_cli(capsys, monkeypatch, "settle", "--json", "--knocker", knocker,
                             "--defender", defender, "--undercut-bonus", "25")
    data = json.loads(out)
    assert status == 0
    assert (data["outcome"], data["winner"], data["points"]) == ("undercut", "defender", 1 + 25)


def test_cli_settle_eleven_melded_cards_are_big_gin(capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, "settle", "--json",
                             "--knocker", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
                             "--defender", "2C 3C 4C QD QH QC 8C KH 5D TD")
    data = json.loads(out)
    assert status == 0
    assert (data["outcome"], data["points"]) == ("big_gin", 31 + 8 + 5 + 10 + 10)
    assert data["defender"]["layoffs"] == []


def test_cli_settle_stdin_json_lines(capsys, monkeypatch):
    requests = [
        {"knocker": EXAMPLE_A_KNOCKER, "defender": EXAMPLE_A_DEFENDER, "rules": "modern"},
        {"knocker": EXAMPLE_A_KNOCKER, "defender": EXAMPLE_A_DEFENDER.replace("TS", "7S")},
        {"knocker": EXAMPLE_A_KNOCKER.split(), "defender": EXAMPLE_A_DEFENDER.split()},
    ]
    stdin = "\n".join(json.dumps(r) for r in requests) + "\nnot json\n"
    status, out, _ = run_cli(capsys, monkeypatch, "settle", stdin=stdin)
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 1 and len(answers) == 4
    assert answers[0]["points"] == 17 and answers[2]["points"] == 17
    assert "7S" in answers[1]["error"] and "both hands" in answers[1]["error"]
    assert set(answers[3]) == {"error"}


@pytest.mark.parametrize("argv, problem", [
    (["--knocker", "AS 2S 3S", "--defender", EXAMPLE_A_DEFENDER], "knocker needs 10 or 11"),
    (["--knocker", EXAMPLE_A_KNOCKER, "--defender", EXAMPLE_A_KNOCKER], "both hands"),
    (["--knocker", EXAMPLE_A_KNOCKER, "--defender", EXAMPLE_A_DEFENDER, "--rules", "bogus"],
     "unknown rules preset"),
    (["--knocker", EXAMPLE_A_KNOCKER, "--defender", EXAMPLE_A_DEFENDER, "--gin-bonus", "x"],
     "whole number"),
])
def test_cli_settle_bad_input_is_one_line_and_status_2(capsys, monkeypatch, argv, problem):
    status, out, err = run_cli(capsys, monkeypatch, "settle", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("ginrummy settle: ") and problem in err


def _finished_match_record() -> str:
    match = Match.new(rules_for("classic"), seed=11)
    while not match.is_over:
        if match.hand_over:
            match.next_hand()
        actions = match.state.legal_actions()
        ending = [a for a in actions if a.kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)]
        match.apply(ending[0] if ending else actions[0])  # draws from the stock: the hand ends
    return write_record(match)


def test_cli_replay_shows_each_hand_turns_settlement_and_score(capsys, monkeypatch, tmp_path):
    record = tmp_path / "match.txt"
    record.write_text(_finished_match_record())
    status, out, err = run_cli(capsys, monkeypatch, "replay", str(record))
    assert status == 0 and err == ""
    assert "Hand 1, dealer" in out and "upcard" in out and " holds " in out
    assert " shows " in out and "score: P0" in out and "match over:" in out
    assert out.count("Hand ") == record.read_text().count("\nHand ")


def test_cli_replay_bad_record_and_missing_file(capsys, monkeypatch, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(_finished_match_record().replace("discard", "throw", 1))
    status, out, err = run_cli(capsys, monkeypatch, "replay", str(bad))
    assert status == 2 and out == "" and err.startswith("ginrummy replay: line ")
    status, _, err = run_cli(capsys, monkeypatch, "replay", str(tmp_path / "missing.txt"))
    assert status == 2 and "cannot read" in err and err.count("\n") == 1


def test_cli_entry_point_runs_as_a_program(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "ginrummy", "melds", "--json", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"],
        capture_output=True, text=True, timeout=60, env={"GINRUMMY_HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deadwood"] == 0


def test_cli_replay_hollywood_shows_each_game_column_and_reads_stdin(capsys, monkeypatch):
    match = Match.new(rules_for("hollywood"), seed=3)
    while not match.is_over:
        if match.hand_over:
            match.next_hand()
        actions = match.state.legal_actions()
        ending = [a for a in actions if a.kind in (Kind.KNOCK, Kind.GIN)]
        match.apply(ending[0] if ending else actions[0])
    status, out, _ = run_cli(capsys, monkeypatch, "replay", "-", stdin=write_record(match))
    totals = match.totals()
    assert status == 0
    assert "(games " in out
    assert out.rstrip().endswith(f"totals with bonuses P0 {totals[0]}, P1 {totals[1]}")


def test_cli_settle_stdin_rules_text_with_options(capsys, monkeypatch):
    line = json.dumps({"knocker": EXAMPLE_A_KNOCKER, "defender": EXAMPLE_A_DEFENDER,
                       "rules": "norwegian knock_limit=7"})
    status, out, _ = run_cli(capsys, monkeypatch, "settle", stdin=line + "\n")
    assert status == 1 and "above the knock limit 7" in json.loads(out)["error"]


def test_cli_settle_has_a_flag_for_every_rules_option(capsys, monkeypatch):
    status, usage, _ = run_cli(capsys, monkeypatch, "settle", "--help")
    assert status == 0
    for name in OPTION_NAMES:
        flag = "--" + name.replace("_", "-")
        assert flag in usage, flag
    assert "--no-big-gin" in usage


def test_cli_melds_text_for_eleven_cards_names_the_discard(capsys, monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, "melds", "4S 5S KD 9D 2C QH JH TH 7C 7D 6S")
    assert status == 0
    assert out.splitlines()[0] == "discard   KD"
    assert "deadwood  25" in out


RECORDS = Path(__file__).parent.parent / "data" / "records"


def test_cli_replay_three_players_names_the_table_and_who_sits_out(capsys, monkeypatch):
    record = RECORDS / "three_player_v1.txt"
    status, out, err = run_cli(capsys, monkeypatch, "replay", str(record))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Ann (P0) vs Bob (P1) vs Cy (P2), rules three-player target=60, seed 99"
    assert "Hand 1, Cy v Ann, dealer Ann (Bob sits out)" in lines
    assert "  Cy: draw stock 5C, knock 7C show 7D 8D 9D | 5C 5D 5H" in lines
    assert "  knock: Cy scores 26" in lines and "  score: Ann 0, Bob 0, Cy 26" in lines
    assert out.count("\nHand ") == record.read_text().count("\nHand ")
    assert lines[-1].startswith("match over: ") and "totals with bonuses Ann " in lines[-1]


def test_cli_replay_partnership_groups_hands_by_deal_with_each_deals_net(capsys, monkeypatch):
    status, out, err = run_cli(capsys, monkeypatch, "replay", str(RECORDS / "partnership_v1.txt"))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Ann (P0) & Cy (P2) vs Bob (P1) & Dan (P3), rules partnership")
    assert lines[2:4] == ["Deal 1", "Hand 1, Cy v Dan, dealer Dan"]
    assert "  deal 1: Ann & Cy scores 26" in lines
    assert "  score: Ann & Cy 26, Bob & Dan 0" in lines
    assert [line for line in lines if line.startswith("Deal ")] == ["Deal 1", "Deal 2", "Deal 3"]
    assert lines[-1] == "match over: Ann & Cy wins; totals with bonuses Ann & Cy 216, Bob & Dan 70"


def test_cli_replay_an_unfinished_partnership_from_stdin(capsys, monkeypatch):
    match = Match.new(rules_for("partnership"), seed=8, names=("A", "B", "C", "D"))
    for _ in range(5):  # a few actions at each table
        for seat in match.pending():
            match.apply(match.view(seat).legal_actions[0], seat=seat)
    status, out, _ = run_cli(capsys, monkeypatch, "replay", "-", stdin=write_record(match))
    assert status == 0
    assert out.count("  (hand in progress)") == 2 and "match over" not in out
