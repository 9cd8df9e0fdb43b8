"""``ginrummy play`` flags: clear one-line errors, statistics, history and replay from the store."""

from __future__ import annotations

import io

import pytest

from ginrummy.cli import main
from ginrummy.i18n import LOCALES, read_catalogues
from ginrummy.players.registry import player_names


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def play_plain(monkeypatch, lines: list[str], *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    return main(["play", "--plain", *args])


@pytest.mark.parametrize(("args", "message"), [
    (["--opponent", "nobody"], "unknown player 'nobody'"),
    (["--lang", "xx"], "no translation for language 'xx'"),
    (["--rules", "nope"], "unknown rules preset 'nope'"),
    (["--target", "0"], "target must be positive"),
    (["--option", "gin_bonus"], "--option takes NAME=VALUE"),
    (["--resume"], "there is no unfinished match to resume"),
    (["--replay", "nope"], "no saved match with id 'nope'"),
])
def test_tui_command_bad_input_is_one_line_and_exit_2(home, capsys, args, message):
    assert main(["play", "--plain", *args]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.err.startswith("ginrummy play: ")
    assert message in captured.err
    if "--resume" not in args and "--replay" not in args:
        assert not (home / "ginrummy.sqlite3").exists()  # bad input changes nothing


def test_tui_command_lists_every_registered_opponent(home, capsys):
    assert main(["play", "--list-opponents"]) == 0
    assert capsys.readouterr().out.split() == player_names()


def test_tui_command_stats_history_and_replay(home, capsys, monkeypatch):
    assert main(["play", "--stats"]) == 0
    assert capsys.readouterr().out.strip() == "No matches played yet."
    assert play_plain(monkeypatch, ["quit"], "--opponent", "random", "--seed", "4") == 0
    capsys.readouterr()
    assert main(["play", "--history"]) == 0
    history = capsys.readouterr().out.strip().splitlines()
    assert len(history) == 1 and "against random" in history[0] and "unfinished" in history[0]
    match_id = history[0].split()[0]
    assert main(["play", "--replay", match_id]) == 0
    assert "Hand 1 is still being played." in capsys.readouterr().out
    assert main(["play", "--stats", "--lang", "nb"]) == 0
    stats = capsys.readouterr().out
    assert stats.splitlines()[0].split()[:3] == ["Motstander", "Partier", "Vunnet"]
    # the player's name as the nb catalogue gives it (tilfeldig), not the code's own words
    random_nb = read_catalogues(LOCALES / "nb" / "LC_MESSAGES")["random"]
    assert random_nb != "random"
    assert stats.splitlines()[1].split()[:3] == [random_nb, "1", "0"]
