"""``ginrummy sheet`` end to end: saved across processes, scriptable by piped lines, exports."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.cli import main


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    return tmp_path


def sheet(capsys: pytest.CaptureFixture[str], *args: str, stdin: str = "",
          monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if monkeypatch is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["sheet", *args])
    out, err = capsys.readouterr()
    return code, out, err


def run_process(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GINRUMMY_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "ginrummy", "sheet", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=60, check=False)


def test_sheet_persists_across_processes(home: Path) -> None:
    started = run_process(home, "new", "--players", "Ann,Bob", "--rules", "modern")
    assert started.returncode == 0, started.stderr
    assert "sheet 1 started: Ann vs Bob, rules modern; Ann deals first" in started.stdout
    added = run_process(home, "add", "1", "Ann knocks 8, Bob 25")
    assert added.returncode == 0, added.stderr
    assert "knock: Ann scores 17. Score: Ann 17, Bob 0. Ann deals hand 2." in added.stdout
    piped = run_process(home, "resume", "1", stdin="Bob big gin, Ann 12\nquit\n")
    assert "big gin: Bob scores 43" in piped.stdout  # modern: 31 + 12
    shown = run_process(home, "show", "1")
    assert "Score: Ann 17, Bob 43. Bob deals hand 3." in shown.stdout
    assert (home / "sheets.sqlite3").exists()


def test_sheet_plays_a_game_to_the_end_with_bonuses(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    assert sheet(capsys, "new", "--players", "Ann, Bob", "--first-dealer", "bob")[0] == 0
    lines = "Ann knocks 8, Bob 25\nnonsense\ndead\nBob gin, Ann 23\nAnn gin, Bob 70\n"
    code, out, _ = sheet(capsys, "resume", "1", stdin=lines, monkeypatch=monkeypatch)
    assert code == 0
    assert "not entered: cannot read 'nonsense'" in out
    # Ann 17 + 90 = 107 wins; Bob won one hand (43): no shutout.
    assert "Game: Ann wins" in out
    assert "total   247   63" in out  # 107 + 100 + 2 boxes of 20, 43 + 20
    assert "Final result: Ann wins 247 to 63, by 184." in out
    code, _, err = sheet(capsys, "add", "1", "Bob gin, Ann 3")
    assert (code, err) == (2, "ginrummy sheet: the game is over; start a new sheet\n")


def test_sheet_guided_entry_asks_step_by_step(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob", "--rules", "oklahoma")
    code, out, _ = sheet(capsys, "add", "1", stdin="bob\nknock\n3\n20\nKS\n",
                         monkeypatch=monkeypatch)
    assert code == 0
    assert "Who knocked or went gin (Ann, Bob, or dead)?" in out
    assert "knock: Bob scores 34" in out  # (20 - 3) doubled by the spade upcard


def test_sheet_guided_entry_re_asks_only_the_question_answered_wrong(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob", "--rules", "oklahoma")
    answers = ["carl", "bob",            # no such player: asked again
               "maybe", "knock",         # not a way to end a hand
               "-3", "0", "11", "3",     # below 1, gin, above the knock limit 10
               "lots", "200", "20",      # not a number, above 100
               "ZZ", "KS"]               # not a card
    code, out, err = sheet(capsys, "add", "1", stdin="".join(a + "\n" for a in answers),
                           monkeypatch=monkeypatch)
    assert (code, err) == (0, "")
    assert out.count("Who knocked or went gin") == 2
    assert out.count("knock, gin or big gin?") == 2
    assert out.count("Bob's deadwood (or ten cards)?") == 4
    assert out.count("Ann's deadwood after layoffs (or ten cards)?") == 3
    assert out.count("the first upcard?") == 2
    for reason in ("not accepted: unknown player 'carl'",
                   "not accepted: answer knock, gin or big gin, not 'maybe'",
                   "not accepted: the knocker's deadwood must be between 1 and 10, not -3",
                   "not accepted: a knock with no deadwood is gin",
                   "not accepted: the knocker's deadwood must be between 1 and 10, not 11",
                   "not accepted: Ann: expected a deadwood count or cards",
                   "not accepted: deadwood must be between 0 and 100, not 200",
                   "not accepted: not a card: 'ZZ'"):
        assert reason in out
    assert "knock: Bob scores 34" in out  # (20 - 3) doubled by the spade upcard
    _, shown, _ = sheet(capsys, "export", "1")
    assert "1. Bob knocks 3, Ann 20, upcard KS" in shown


def test_sheet_guided_entry_refuses_what_the_rules_do_not_allow(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob", "--rules", "straight", "--no-big-gin")
    code, out, _ = sheet(capsys, "add", "1", stdin="ann\nknock\nbig gin\ngin\n12\n",
                         monkeypatch=monkeypatch)
    assert code == 0
    assert "not accepted: straight gin has no knocking" in out
    assert "not accepted: big gin is not played under the straight rules" in out
    assert "gin: Ann scores" in out


def test_sheet_guided_entry_end_of_input_enters_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob")
    _, before, _ = sheet(capsys, "export", "1")
    code, _, _ = sheet(capsys, "add", "1", stdin="ann\nknock\n5\n", monkeypatch=monkeypatch)
    assert code == 1
    assert sheet(capsys, "export", "1")[1] == before


def test_sheet_bad_entries_print_one_line_and_change_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob", "--knock-limit", "7")
    sheet(capsys, "add", "1", "Ann", "knocks", "5,", "Bob", "20")
    _, before, _ = sheet(capsys, "export", "1")
    for entry, message in [
        ("Carl knocks 3, Bob 20", "unknown player 'Carl' in 'Carl knocks 3'; the players are "
                                  "Ann and Bob"),
        ("Ann knocks -2, Bob 20", "deadwood must be between 0 and 100, not -2"),
        ("Ann knocks 8, Bob 20", "the knocker's deadwood 8 is above the knock limit 7"),
        ("Ann gin 2, Bob 20", "gin means no deadwood, but 2 was given"),
        ("Ann knocks with 7S 7H 7D 9C TC JC 3H 4H 5H 8D, Bob 2S 3S 4S QD QH QC 8C KH 5D 7S",
         "card in both hands: 7S"),
    ]:
        code, out, err = sheet(capsys, "add", "1", entry)
        assert (code, out, err) == (2, "", f"ginrummy sheet: {message}\n")
    assert sheet(capsys, "export", "1")[1] == before
    assert sheet(capsys, "show", "9")[2] == (
        "ginrummy sheet: no sheet 9; 'ginrummy sheet list' shows the sheets\n")
    assert sheet(capsys, "new", "--players", "Ann")[2] == (
        "ginrummy sheet: the classic rules need 2 player names, like 'Ann,Bob'\n")
    assert sheet(capsys, "new", "--players", "A,B", "--rules", "canasta")[2].startswith(
        "ginrummy sheet: unknown rules preset 'canasta'")
    assert sheet(capsys, "new", "--players", "A,B", "--knock-limit", "12")[2] == (
        "ginrummy sheet: knock_limit must be between 0 and 10, not 12\n")


def test_sheet_hollywood_show_has_three_columns(capsys: pytest.CaptureFixture[str]) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob", "--rules", "hollywood")
    for entry in ("Ann gin, Bob 40", "Bob knocks 2, Ann 12", "Ann gin, Bob 60"):
        sheet(capsys, "add", "1", entry)
    _, out, _ = sheet(capsys, "show", "1")
    # Ann 60 to game 1; Bob 10 to game 1; Ann 80 to games 1 and 2.
    assert "three Hollywood games to 100" in out
    row = next(line for line in out.splitlines() if line.startswith("3 "))
    assert row.split()[-2:] == ["140/80/0", "10/0/0"]


def test_sheet_export_csv_and_record_reimport(home: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob")
    for entry in ("Ann knocks 8, Bob 25", "dead", "Bob gin, Ann 23", "Ann gin, Bob 80"):
        assert sheet(capsys, "add", "1", entry)[0] == 0
    _, text, _ = sheet(capsys, "export", "1", "--format", "csv")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["hand", "dealer", "entry", "outcome", "winner", "points", "Ann", "Bob"]
    assert rows[1] == ["1", "Ann", "Ann knocks 8, Bob 25", "knock", "Ann", "17", "17", "0"]
    assert rows[2] == ["2", "Ann", "dead", "dead", "", "0", "17", "0"]
    assert rows[3] == ["3", "Ann", "Bob gin, Ann 23", "gin", "Bob", "43", "17", "43"]
    assert rows[4] == ["4", "Bob", "Ann gin, Bob 80", "gin", "Ann", "100", "117", "43"]
    assert rows[-1] == ["", "", "total", "", "", "", str(117 + 100 + 40), str(43 + 20)]
    record = home / "sheet.txt"
    assert sheet(capsys, "export", "1", "--output", str(record))[0] == 0
    assert sheet(capsys, "import", str(record))[1] == "imported as sheet 2\n"
    assert sheet(capsys, "export", "2")[1] == record.read_text()
    _, listed, _ = sheet(capsys, "list")
    assert listed.count("Ann vs Bob  classic  117 - 43  (over, Ann won)") == 2


def test_sheet_undo_removes_the_last_hand(capsys: pytest.CaptureFixture[str]) -> None:
    sheet(capsys, "new", "--players", "Ann,Bob")
    sheet(capsys, "add", "1", "Ann knocks 8, Bob 25")
    sheet(capsys, "add", "1", "Bob gin, Ann 23")
    assert sheet(capsys, "undo", "1")[1] == "removed hand 2: Bob gin, Ann 23\n"
    assert "Score: Ann 17, Bob 0. Ann deals hand 2." in sheet(capsys, "show", "1")[1]
    sheet(capsys, "undo", "1")
    assert sheet(capsys, "undo", "1")[2] == "ginrummy sheet: there is no hand to undo\n"


def test_sheet_store_and_file_errors_are_one_line(home: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (home / "sheets.sqlite3").write_text("this is not a database")
    code, _, err = sheet(capsys, "list")
    assert code == 2 and err.startswith("ginrummy sheet: cannot use the sheet store ")
    assert err.count("\n") == 1
    (home / "sheets.sqlite3").unlink()
    sheet(capsys, "new", "--players", "Ann,Bob")
    code, _, err = sheet(capsys, "export", "1", "--output", str(home / "missing" / "x.txt"))
    assert (code, err) == (2, f"ginrummy sheet: cannot write {home / 'missing' / 'x.txt'}: "
                              "No such file or directory\n")
    code, _, err = sheet(capsys, "import", str(home / "nothing.txt"))
    assert (code, err) == (2, f"ginrummy sheet: cannot read {home / 'nothing.txt'}: "
                              "No such file or directory\n")


def test_sheet_three_players_say_who_sits_out(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = sheet(capsys, "new", "--players", "Ann,Bob,Cy", "--rules", "3p")
    assert "enter hands with: ginrummy sheet add 1 'Bob knocks 8, Cy 25'" in out
    _, out, _ = sheet(capsys, "add", "1", "Bob gin, Cy 10")
    assert out == ("gin: Bob scores 30. Score: Ann 0, Bob 30, Cy 0. Cy deals hand 2 and sits "
                   "out; Ann and Bob play.\n")
    code, _, err = sheet(capsys, "add", "1", "Cy gin, Ann 10")
    assert (code, err) == (2, "ginrummy sheet: Cy deals this hand and sits it out\n")
    _, out, _ = sheet(capsys, "export", "1", "--format", "csv")
    assert out.splitlines()[0] == "hand,dealer,entry,outcome,winner,points,Ann,Bob,Cy"


def test_sheet_partnership_shows_team_columns_and_both_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = sheet(capsys, "new", "--players", "Ann,Bob,Cy,Dan", "--rules", "partnership")
    assert out.startswith("sheet 1 started: Ann & Cy vs Bob & Dan, rules partnership")
    _, out, _ = sheet(capsys, "add", "1", "Ann knocks 5, Bob 20")
    assert out.endswith("Score: Ann & Cy 0, Bob & Dan 0. Deal 1: Cy deals to Dan.\n")
    _, out, _ = sheet(capsys, "add", "1", "Dan gin, Cy 10")  # Ann & Cy 15, Bob & Dan 30
    # Deal 2 pairs Ann with Dan and Cy with Bob; Bob & Dan won deal 1, so they deal.
    assert out.endswith("Score: Ann & Cy 0, Bob & Dan 15. "
                        "Deal 2: Dan deals to Ann and Bob deals to Cy.\n")
    _, out, _ = sheet(capsys, "export", "1", "--format", "csv")
    assert out.splitlines()[0] == "hand,dealer,entry,outcome,winner,points,Ann & Cy,Bob & Dan"


def test_sheet_house_rules_change_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = sheet(capsys, "new", "--players", "Ann,Bob", "--rules", "modern",
                      "--no-big-gin", "--last-chance", "--knock-limit", "7")
    assert out.startswith("sheet 1 started: Ann vs Bob, rules modern knock_limit=7 big_gin=no "
                          "last_chance=yes;")
    code, _, err = sheet(capsys, "add", "1", "Ann big gin, Bob 3")
    assert (code, err) == (2, "ginrummy sheet: big gin is not played under the modern rules\n")
    assert sheet(capsys, "new", "--players", "A,B", "--knock-limit", "seven")[2] == (
        "ginrummy sheet: option knock_limit takes a whole number, not 'seven'\n")
