"""``ginrummy data``: where the user's files are, and ``--delete`` that asks first and removes
only ginrummy's own files."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.cli import main
from ginrummy.commands.data import format_size


class Terminal(io.StringIO):
    """Typed answers on a stdin that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "home"
    monkeypatch.setenv("GINRUMMY_HOME", str(path))
    return path


def fill(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "ginrummy.sqlite3").write_bytes(b"m" * 4096)
    (home / "ginrummy.sqlite3-wal").write_bytes(b"w" * 1024)
    (home / "sheets.sqlite3").write_bytes(b"s" * 2048)
    (home / "bots.log").write_text("bot said hello\n")
    (home / "notes.txt").write_text("mine, not ginrummy's\n")


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
            stdin: io.StringIO | None = None) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", stdin if stdin is not None else io.StringIO(""))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_data_shows_where_each_kind_is_kept_with_sizes(home, capsys, monkeypatch):
    fill(home)
    status, out, err = run_cli(capsys, monkeypatch, "data")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"ginrummy keeps its files in {home} (from $GINRUMMY_HOME):"
    assert "  matches  saved matches (the terminal and the browser game)" in lines
    for name, size in [("ginrummy.sqlite3", "4.0 KB"), ("ginrummy.sqlite3-wal", "1.0 KB"),
                       ("sheets.sqlite3", "2.0 KB"), ("bots.log", "15 bytes"),
                       ("notes.txt", "21 bytes")]:
        [line] = [line for line in lines if line.split()[0] == name]
        assert line.endswith(size)
    sheets = lines.index("  sheets   score sheets")
    assert lines[sheets + 1].split()[0] == "sheets.sqlite3"
    assert "  other    not ginrummy's: kept" in lines
    assert "4 files, 7.0 KB." in out  # notes.txt is not counted
    assert lines[-1].endswith(" data --delete") and lines[-1].startswith("Delete them with: ")


def test_cli_data_before_any_game_names_the_directory_without_making_it(home, capsys,
                                                                         monkeypatch):
    status, out, _ = run_cli(capsys, monkeypatch, "data")
    assert status == 0
    assert out.startswith(f"ginrummy keeps its files in {home} (from $GINRUMMY_HOME; not made yet)")
    assert out.count("none yet") == 3 and "0 files, 0 bytes." in out
    assert "--delete" not in out
    assert not home.exists()


@pytest.mark.parametrize(("argv", "status", "words"), [
    (("play", "--plain", "--resume", "abc"), 2, "no saved match with id 'abc'"),
    (("play", "--plain", "--resume"), 2, "there is no unfinished match to resume"),
    (("play", "--replay", "abc"), 2, "no saved match"),
    (("play", "--history"), 0, ""),
    (("play", "--stats"), 0, ""),
])
def test_cli_looking_before_any_game_creates_no_match_store(home, capsys, monkeypatch, argv,
                                                           status, words):
    home.mkdir()
    code, out, err = run_cli(capsys, monkeypatch, *argv)
    assert code == status and words in err
    assert err.count("\n") == (1 if status else 0)
    assert not (home / "ginrummy.sqlite3").exists()


def test_cli_data_delete_yes_removes_only_ginrummys_files(home, capsys, monkeypatch):
    fill(home)
    status, out, err = run_cli(capsys, monkeypatch, "data", "--delete", "--yes")
    assert status == 0 and err == ""
    assert out == f"Deleted 4 files in {home}.\n"
    assert sorted(p.name for p in home.iterdir()) == ["notes.txt"]


def test_cli_data_delete_removes_the_emptied_directory(home, capsys, monkeypatch):
    fill(home)
    (home / "notes.txt").unlink()
    assert run_cli(capsys, monkeypatch, "data", "--delete", "--yes")[0] == 0
    assert not home.exists()
    status, out, _ = run_cli(capsys, monkeypatch, "data", "--delete", "--yes")
    assert status == 0 and out == f"Nothing to delete in {home}.\n"


@pytest.mark.parametrize("answer", ["y\n", "yes\n", " YES \n"])
def test_cli_data_delete_asks_and_deletes_on_yes(home, capsys, monkeypatch, answer):
    fill(home)
    status, out, _ = run_cli(capsys, monkeypatch, "data", "--delete", stdin=Terminal(answer))
    assert status == 0
    assert out.startswith(f"Delete 4 files (7.0 KB) in {home}? [y/N] ")
    assert sorted(p.name for p in home.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("answer", ["\n", "n\n", "no\n", "maybe\n", ""])
def test_cli_data_delete_keeps_everything_unless_the_answer_is_yes(home, capsys, monkeypatch,
                                                                   answer):
    fill(home)
    status, out, _ = run_cli(capsys, monkeypatch, "data", "--delete", stdin=Terminal(answer))
    assert status == 1
    assert out.endswith("Nothing deleted.\n")
    assert len(list(home.iterdir())) == 5


def test_cli_data_delete_without_a_terminal_or_yes_refuses(home, capsys, monkeypatch):
    fill(home)
    status, out, err = run_cli(capsys, monkeypatch, "data", "--delete", stdin=io.StringIO("y\n"))
    assert status == 2 and out == ""
    assert err == ("ginrummy data: not deleting without a terminal to ask; "
                   "add --yes to delete anyway\n")
    assert len(list(home.iterdir())) == 5


def test_cli_data_yes_without_delete_is_a_one_line_error(home, capsys, monkeypatch):
    status, out, err = run_cli(capsys, monkeypatch, "data", "--yes")
    assert status == 2 and out == "" and err == "ginrummy data: --yes goes with --delete\n"


def test_cli_data_unknown_option_is_a_one_line_usage_error(home, capsys, monkeypatch):
    status, _, err = run_cli(capsys, monkeypatch, "data", "--bogus")
    assert status == 2 and err == "ginrummy: error: unrecognized arguments: --bogus\n"


def test_cli_data_home_that_is_a_file_is_one_line_not_a_traceback(tmp_path):
    (tmp_path / "afile").write_text("x")
    env = dict(os.environ, GINRUMMY_HOME=str(tmp_path / "afile"))
    done = subprocess.run([sys.executable, "-m", "ginrummy", "data"], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"ginrummy data: {tmp_path / 'afile'} is not a directory "
                           "(check $GINRUMMY_HOME)\n")


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal")
def test_cli_data_delete_asks_on_a_real_terminal(home):
    import pty

    fill(home)
    code = "import sys; from ginrummy.cli import main; sys.exit(main(['data', '--delete']))"
    pid, fd = pty.fork()
    if pid == 0:  # the child: stdin and stdout are the terminal
        os.execv(sys.executable, [sys.executable, "-c", code])
    seen = b""
    while b"[y/N] " not in seen:
        seen += os.read(fd, 1024)
    os.write(fd, b"y\n")
    while True:
        try:
            data = os.read(fd, 1024)
        except OSError:
            break
        if not data:
            break
        seen += data
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert f"Delete 4 files (7.0 KB) in {home}? [y/N] ".encode() in seen
    assert sorted(p.name for p in home.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("size, text", [(0, "0 bytes"), (1, "1 byte"), (1023, "1023 bytes"),
                                        (1024, "1.0 KB"), (1536, "1.5 KB"),
                                        (5 * 1024 * 1024, "5.0 MB"), (3 * 1024**3, "3.0 GB")])
def test_cli_data_sizes_for_people(size, text):
    assert format_size(size) == text
