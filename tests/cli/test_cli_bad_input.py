"""No traceback from any command-line input: every refusal is one line on stderr, exit status 2
for a bad argument (1 for a batch with bad lines), and nothing stored changes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.cli import INTERNAL_ERROR, main
from ginrummy.sheet.notation import write_sheet
from ginrummy.sheet.storage import SheetStore

HAND = ["4S", "5S", "KD", "9D", "2C", "QH", "JH", "TH", "7C", "7D"]
KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"
HUGE = "99999999999999999999"  # past SQLite's and NumPy's 64 bits
VERY_LONG = "9" * 5000  # past Python's int() digit limit


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GINRUMMY_DEBUG", raising=False)
    return tmp_path / "home"


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, str]:
    """Paths that are not readable records: missing, a directory, not UTF-8, under a file."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00\x80 not text\n")
    (tmp_path / "plain").write_text("x\n", encoding="utf-8")
    return {"missing": str(tmp_path / "missing"), "folder": str(tmp_path / "folder"),
            "binary": str(tmp_path / "binary"), "under_file": str(tmp_path / "plain" / "x")}


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))  # usage errors too come back as a status, not SystemExit
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def assert_one_line(err: str, command: str, words: str) -> None:
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith(f"ginrummy {command}".rstrip()), err  # "ginrummy sheet undo: ..."
    assert words in err, err


def stored_state(home: Path) -> tuple[list[str], list[str]]:
    """What a bad command must not change: the files in the data directory, and every sheet."""
    names = sorted(p.name for p in home.iterdir()) if home.exists() else []
    sheets = [write_sheet(s.sheet) for s in SheetStore(home / "sheets.sqlite3").all()] if (
        home / "sheets.sqlite3").exists() else []
    return names, sheets


@pytest.fixture()
def one_sheet(home: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["sheet", "new", "--players", "Ann,Bob"]) == 0
    assert main(["sheet", "add", "1", "Ann knocks 8, Bob 25"]) == 0
    assert main(["play", "--stats"]) == 0  # the match store exists too (opening makes it)
    capsys.readouterr()
    return home


BAD_ARGUMENTS = [
    # (argv, the words the one line must hold); {name} is a path from ``files``
    (["hint", "--hand", *HAND, "--upcard", " "], "give one face-up card, not ' '"),
    (["hint", "--hand", *HAND, "--pile-top", ""], "give one face-up card, not ''"),
    (["hint", "--hand", *HAND, "--upcard", "2S 3S"], "give one face-up card"),
    (["hint", "--hand", *HAND, "--pile-top", "ZZ"], "not a card: 'ZZ'"),
    (["hint", "--hand", *HAND, "--pile-top", "2S", "--stock", HUGE], "--stock: must be"),
    (["hint", "--hand", *HAND, "--pile-top", "2S", "--stock", "-5"], "--stock: must be"),
    (["hint", "--hand", *HAND, "--pile-top", "2S", "--seed", VERY_LONG], "--seed: must be"),
    (["hint", "--hand", *HAND, "--pile-top", "2S", "--rules", "nope"], "unknown rules preset"),
    (["hint", "--hand", " ", "--pile-top", "2S"], "the hand needs 10 cards, not 0"),
    (["melds", " "], "the hand needs 10 or 11 cards, not 0"),
    (["melds", "ZZ"], "not a card: 'ZZ'"),
    (["settle", "--knocker", KNOCKER, "--defender", DEFENDER, "--knock-limit", HUGE],
     "knock_limit must be between 0 and 10"),
    (["settle", "--knocker", KNOCKER, "--defender", DEFENDER, "--knock-limit", VERY_LONG],
     "option knock_limit takes a whole number"),
    (["settle", "--knocker", KNOCKER, "--defender", DEFENDER, "--gin-bonus", "nan"],
     "takes a whole number"),
    (["settle", "--knocker", KNOCKER, "--defender", DEFENDER, "--show", " "], "an empty meld"),
    (["settle", "--knocker", KNOCKER], "--knocker needs --defender"),
    (["replay", "{missing}"], "No such file or directory"),
    (["replay", "{folder}"], "Is a directory"),
    (["replay", "{binary}"], "cannot read"),
    (["replay", "{under_file}"], "Not a directory"),
    (["replay", ""], "cannot read"),
    (["sheet", "undo", HUGE], "must be a whole number from 1"),
    (["sheet", "show", HUGE], "must be a whole number from 1"),
    (["sheet", "export", VERY_LONG], "must be a whole number from 1"),
    (["sheet", "add", "-1", "dead"], "must be a whole number from 1"),
    (["sheet", "show", "7"], "no sheet 7"),
    (["sheet", "add", "1", f"Ann knocks {VERY_LONG}, Bob 3"], "deadwood must be between 0"),
    (["sheet", "add", "1", "Ann knocks 3, Bob 3, upcard "], "upcard: not a card"),
    (["sheet", "add", "1", "Zed knocks 3, Bob 3"], "unknown player 'Zed'"),
    (["sheet", "add", "1", " , "], "an empty entry"),
    (["sheet", "new", "--players", " , "], "need 2 player names"),
    (["sheet", "new", "--players", "Ann\nx,Bob"], "cannot hold a line break"),
    (["sheet", "new", "--players", "A,B", "--first-dealer", "Zed"], "unknown player 'Zed'"),
    (["sheet", "import", "{missing}"], "No such file or directory"),
    (["sheet", "import", "{folder}"], "Is a directory"),
    (["sheet", "import", "{binary}"], "not UTF-8 text"),
    (["sheet", "import", "{under_file}"], "Not a directory"),
    (["sheet", "export", "1", "--output", "{folder}"], "Is a directory"),
    (["sheet", "export", "1", "--output", "{under_file}"], "Not a directory"),
    (["sheet", "nope"], "invalid choice: 'nope'"),
    (["serve", "--port", HUGE], "port must be between 1 and 65535"),
    (["serve", "--message-rate", "nan"], "--message-rate must be positive"),
    (["serve", "--message-rate", "inf"], "--message-rate must be positive"),
    (["serve", "--max-connections", HUGE], "--max-connections must be at least 1"),
    (["serve", "--db", "bogus://x"], "unknown store URL"),
    (["serve", "--host", "a" * 300], "cannot listen on aaa"),  # fails before any DNS lookup
    (["bot", "nobody"], "unknown player 'nobody'"),
    (["bot", ""], "unknown player ''"),
    (["selfplay", "--players", "nobody,standard"], "unknown player 'nobody'"),
    (["selfplay", "--matches", HUGE], "--matches: must be a whole number from 1"),
    (["selfplay", "--matches", "0"], "--matches: must be a whole number from 1"),
    (["selfplay", "--jobs", HUGE], "--jobs: must be a whole number from 1"),
    (["selfplay", "--seed", "-1"], "--seed: must be a whole number from 0"),
    (["selfplay", "--out", "{folder}"], "give a name ending in .npz"),
    (["selfplay", "--out", "{under_file}.npz"], "no such folder"),
    (["play", "--plain", "--opponent", "nobody"], "unknown player 'nobody'"),
    (["play", "--plain", "--target", VERY_LONG], "invalid int value"),
    (["play", "--plain", "--option", "target=abc"], "takes a whole number"),
    (["play", "--plain", "--resume", HUGE], f"no saved match with id '{HUGE}'"),
    (["play", "--plain", "--replay", ""], "no saved match with id ''"),
    (["play", "--plain", "--delete", "nope"], "no saved match with id 'nope'"),
    (["export", "nope"], "no saved match with id 'nope'"),
    (["export", ""], "no saved match with id ''"),
    (["export", HUGE, "--output", "{missing}"], f"no saved match with id '{HUGE}'"),
    (["export", "x", "--store", "bogus://x"], "unknown store URL"),
    (["export"], "the following arguments are required: ID"),
    (["play", "--plain", "--store", "sqlite:///{folder}"], "cannot open the match store"),
    (["play", "--plain", "--store", "sqlite:///{binary}"], "damaged"),
    (["data", "--yes"], "--yes goes with --delete"),
    (["nosuchcommand"], "invalid choice"),
]


@pytest.mark.parametrize(("argv", "words"), BAD_ARGUMENTS,
                         ids=[" ".join(a)[:60] for a, _ in BAD_ARGUMENTS])
def test_cli_bad_argument_is_one_line_exit_2_and_changes_nothing(
        one_sheet: Path, files: dict[str, str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, argv: list[str], words: str) -> None:
    before = stored_state(one_sheet)
    argv = [arg.format(**files) if "{" in arg else arg for arg in argv]
    status, out, err = run_cli(capsys, monkeypatch, *argv)
    assert status == 2, (out, err)
    command = argv[0] if argv[0] != "nosuchcommand" else ""
    assert_one_line(err, command, words)
    assert stored_state(one_sheet) == before


def test_cli_hint_blank_upcard_was_an_index_error(home: Path, capsys, monkeypatch) -> None:
    status, _, err = run_cli(capsys, monkeypatch, "hint", "--hand", *HAND, "--upcard", " ")
    assert status == 2
    assert err == "ginrummy hint: give one face-up card, not ' '\n"


def test_cli_unreadable_file_is_one_line(home: Path, tmp_path: Path, capsys,
                                         monkeypatch) -> None:
    locked = tmp_path / "locked"
    locked.write_text("[Sheet \"x\"]\n", encoding="utf-8")
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as a user who reads any file (root)")
        for argv, command in ((["replay", str(locked)], "replay"),
                              (["sheet", "import", str(locked)], "sheet")):
            status, _, err = run_cli(capsys, monkeypatch, *argv)
            assert status == 2
            assert_one_line(err, command, "Permission denied")
    finally:
        locked.chmod(0o600)


def test_cli_sheet_undo_huge_id_leaves_the_sheet(one_sheet: Path, capsys, monkeypatch) -> None:
    before = stored_state(one_sheet)
    status, _, err = run_cli(capsys, monkeypatch, "sheet", "undo", HUGE)
    assert status == 2
    assert_one_line(err, "sheet", f"argument id: must be a whole number from 1 to {2**63 - 1}")
    assert stored_state(one_sheet) == before
    assert run_cli(capsys, monkeypatch, "sheet", "undo", str(2**63 - 1))[0] == 2  # in range:
    # no such sheet, refused by the store without an overflow


@pytest.mark.parametrize(("argv", "module", "extra"), [
    (["selfplay", "--matches", "1", "--jobs", "1"], "numpy", "rl"),
    (["serve", "--port", "8765"], "uvicorn", "web"),
])
def test_cli_missing_extra_names_it(home: Path, tmp_path: Path, capsys, monkeypatch,
                                    argv: list[str], module: str, extra: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, module, None)  # import raises ModuleNotFoundError
    for loaded in [name for name in sys.modules if name.startswith("ginrummy.rl.")
                   and name != "ginrummy.rl.command" or name == "ginrummy.web.server"]:
        monkeypatch.delitem(sys.modules, loaded)  # so they import (and fail) again
    status, _, err = run_cli(capsys, monkeypatch, *argv)
    assert status == 2
    assert_one_line(err, argv[0], f"pip install 'ginrummy[{extra}]'")
    assert not list(tmp_path.glob("*.npz"))


def test_cli_full_screen_without_textual_says_tui_extra(home: Path, capsys, monkeypatch) -> None:
    # as if never installed: earlier tests may have imported textual's submodules and our app
    for name in [m for m in sys.modules if m == "textual" or m.startswith("textual.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "textual", None)
    monkeypatch.delitem(sys.modules, "ginrummy.tui.app", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    status = main(["play"])
    err = capsys.readouterr().err
    assert status == 2
    assert_one_line(err, "play", "pip install 'ginrummy[tui]' (or play in lines with --plain)")


def test_cli_missing_module_that_is_no_extra_is_an_internal_error(home, capsys, monkeypatch):
    def broken(args: object) -> int:
        import ginrummy_no_such_module  # noqa: F401

        return 0

    monkeypatch.setattr("ginrummy.commands.melds.run", broken)  # bound when the parser is built
    status, _, err = run_cli(capsys, monkeypatch, "melds", *HAND)
    assert status == INTERNAL_ERROR
    assert_one_line(err, "melds", "internal error: ModuleNotFoundError")


def test_cli_unexpected_error_is_one_line_exit_70(home: Path, capsys, monkeypatch) -> None:
    def boom(args: object) -> int:
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setattr("ginrummy.commands.melds.run", boom)
    status, out, err = run_cli(capsys, monkeypatch, "melds", *HAND)
    assert status == INTERNAL_ERROR == 70 and out == ""
    assert err == ("ginrummy melds: internal error: RuntimeError: a bug over two lines; please "
                   "report it (run again with GINRUMMY_DEBUG=1 for the traceback)\n")


@pytest.mark.parametrize("how", ["env", "flag"])
def test_cli_debug_shows_the_traceback(home: Path, capsys, monkeypatch, how: str) -> None:
    def boom(args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr("ginrummy.commands.melds.run", boom)
    argv = ["melds", *HAND]
    if how == "env":
        monkeypatch.setenv("GINRUMMY_DEBUG", "1")
    else:
        argv.insert(0, "--debug")
    with pytest.raises(RuntimeError, match="a bug"):
        main(argv)


class _CtrlC(io.StringIO):
    """stdin where the person presses Ctrl+C at the first question."""

    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_cli_plain_ctrl_c_saves_and_says_how_to_resume(home: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "stdin", _CtrlC())
    status = main(["play", "--plain", "--seed", "3"])
    captured = capsys.readouterr()
    assert status == 130 and "Traceback" not in captured.err
    assert "Match saved. Resume it with: " in captured.out
    assert " play --resume " in captured.out.splitlines()[-1]
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--resume"]) == 0  # the match was saved: it resumes


def run_process(home: Path, *argv: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "GINRUMMY_HOME": str(home)}
    env.pop("GINRUMMY_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "ginrummy", *argv], input=stdin,
                          capture_output=True, env=env, timeout=60, check=False)


def test_cli_non_utf8_stdin_is_a_bad_line_not_a_traceback(home: Path) -> None:
    batch = run_process(home, "melds", stdin=b"\xff\xfe 2S\n" + " ".join(HAND).encode() + b"\n")
    assert batch.returncode == 1 and batch.stderr == b""
    lines = batch.stdout.decode().splitlines()
    assert lines[0].startswith('{"error": "not a card') and '"deadwood"' in lines[1]
    record = run_process(home, "replay", "-", stdin=b"\xff\xfe\x00\x80\n")
    assert record.returncode == 2 and b"Traceback" not in record.stderr
    assert record.stderr.count(b"\n") == 1 and record.stderr.startswith(b"ginrummy replay: ")


def test_cli_settle_batch_answers_hostile_json_lines_and_goes_on(home: Path, capsys,
                                                                monkeypatch) -> None:
    good = f'{{"knocker": "{KNOCKER}", "defender": "{DEFENDER}"}}'
    lines = ["[" * 100_000, '{"knocker": ' + VERY_LONG + "}", good]
    status, out, err = run_cli(capsys, monkeypatch, "settle", stdin="\n".join(lines) + "\n")
    assert (status, err) == (1, "")
    answers = out.splitlines()
    assert answers[0] == answers[1] == ('{"error": "not a JSON line this program reads: a number '
                                        'too long or nesting too deep"}')
    assert '"outcome": "knock"' in answers[2]


def test_cli_data_home_that_is_a_file_is_one_line(tmp_path: Path, capsys, monkeypatch) -> None:
    (tmp_path / "afile").write_text("", encoding="utf-8")
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "afile"))
    for argv in (["sheet", "list"], ["play", "--plain", "--stats"], ["data"]):
        status, _, err = run_cli(capsys, monkeypatch, *argv)
        assert status == 2
        assert_one_line(err, argv[0], str(tmp_path / "afile"))
    assert (tmp_path / "afile").read_text(encoding="utf-8") == ""


def test_cli_setup_screen_prints_extras_with_their_brackets(tmp_path: Path, monkeypatch) -> None:
    import asyncio

    from textual.widgets import Label

    from ginrummy.core.errors import GinRummyError
    from ginrummy.core.rules import rules_for
    from ginrummy.store import open_store
    from ginrummy.tui.app import GinRummyApp
    from ginrummy.tui.session import GameSession, Settings

    def cannot_start(*args: object, **kwargs: object) -> GameSession:
        raise GinRummyError("the openspiel-simple player needs pyspiel: "
                            "pip install 'ginrummy[bench]'")

    monkeypatch.setattr(GameSession, "new", cannot_start)
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    app = GinRummyApp(store=store, rules=rules_for("classic"),
                      settings=Settings(opponent="random"), seed=1)

    async def run() -> str:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+n")
            await pilot.pause()
            return str(app.screen.query_one("#setup-error", Label).render())

    try:
        shown = asyncio.run(run())
    finally:
        store.close()
    assert shown == "the openspiel-simple player needs pyspiel: pip install 'ginrummy[bench]'"


def test_cli_sheet_list_shows_a_damaged_record_and_the_others(one_sheet: Path, capsys,
                                                              monkeypatch) -> None:
    import sqlite3

    with sqlite3.connect(one_sheet / "sheets.sqlite3") as db:
        db.execute("INSERT INTO sheets (created, updated, record) VALUES ('', '', 'junk')")
    status, out, err = run_cli(capsys, monkeypatch, "sheet", "list")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("   1  ") and "Ann vs Bob" in lines[0]
    assert lines[1].startswith("   2  (cannot be read: ")
    status, _, err = run_cli(capsys, monkeypatch, "sheet", "show", "2")
    assert status == 2
    assert_one_line(err, "sheet", "sheet 2 cannot be read back (line 1: ")


def test_cli_serve_on_a_port_in_use_is_one_line_before_serving(home: Path, capsys,
                                                               monkeypatch) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, out, err = run_cli(capsys, monkeypatch, "serve", "--port", str(port))
    assert (status, out) == (2, "")  # not "serving the game at ..."
    assert_one_line(err, "serve", f"cannot listen on 127.0.0.1:{port}: Address already in use")


def test_cli_any_missing_extra_library_names_its_extra(home: Path, capsys, monkeypatch) -> None:
    def needs_matplotlib(args: object) -> int:
        import matplotlib  # noqa: F401

        return 0

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setattr("ginrummy.commands.melds.run", needs_matplotlib)
    status, _, err = run_cli(capsys, monkeypatch, "melds", *HAND)
    assert status == 2
    assert err == ("ginrummy melds: this command needs matplotlib: "
                   "pip install 'ginrummy[plot]'\n")
