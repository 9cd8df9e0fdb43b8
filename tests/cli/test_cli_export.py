"""``ginrummy export ID``: the saved match's record, on stdout or written atomically to a file,
read back by ``ginrummy replay``; a bad ID or an unfinished match is one stderr line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginrummy.cli import main
from ginrummy.core.record import read_record
from ginrummy.core.rules import rules_for
from ginrummy.players.registry import make_player
from ginrummy.store import SQLITE_FILE, open_store
from ginrummy.tui.session import GameSession, Settings


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GINRUMMY_DEBUG", raising=False)
    return tmp_path / "home"


def saved_match(home: Path, *, finish: bool) -> GameSession:
    """A match in the default store: played to its end by the standard player for the person,
    or stopped after the person's first move. (Standard players end hands quickly; two random
    players' match to 10 runs to dozens of dead hands, every move saved.)"""
    store = open_store(f"sqlite:///{home / SQLITE_FILE}")
    session = GameSession.new(rules_for("classic", target=10), Settings(opponent="standard"),
                              store=store, seed=8)
    person = make_player("standard", seed=3)
    while not session.match.is_over:
        list(session.computer_moves())
        if session.match.deal_over:
            if not session.match.is_over:
                session.next_deal()
            continue
        session.play(person.choose(session.view))
        if not finish:
            break
    store.close()
    return session


def test_cli_export_writes_the_record_that_replay_reads(home, tmp_path, capsys):
    session = saved_match(home, finish=True)
    assert main(["export", session.match_id]) == 0
    out = capsys.readouterr().out
    exported = read_record(out)
    assert exported.is_over and exported.winner == session.match.winner
    assert [h.moves for h in exported.hands] == [h.moves for h in session.match.hands]

    record = tmp_path / "match.gin"
    record.write_text("an older file\n", encoding="utf-8")
    assert main(["export", session.match_id, "--output", str(record)]) == 0
    assert capsys.readouterr().out == ""
    assert record.read_text(encoding="utf-8") == out
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no leftovers

    assert main(["replay", str(record)]) == 0
    replayed = capsys.readouterr().out
    assert "Hand 1, dealer" in replayed and "match over:" in replayed


@pytest.mark.parametrize("finish", [False, True])
def test_cli_export_refuses_a_bad_id_or_an_unfinished_match_and_writes_nothing(
        home, tmp_path, capsys, finish):
    session = saved_match(home, finish=finish)
    record = tmp_path / "match.gin"
    record.write_text("an older file\n", encoding="utf-8")
    match_id = "nope" if finish else session.match_id
    assert main(["export", match_id, "--output", str(record)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("ginrummy export: ")
    expected = ("no saved match with id 'nope'" if finish
                else f"match '{match_id}' is not finished")
    assert expected in captured.err
    assert record.read_text(encoding="utf-8") == "an older file\n"


def test_cli_export_with_nothing_saved_creates_no_store(home, capsys):
    assert main(["export", "abc123"]) == 2
    assert "no saved match with id 'abc123'" in capsys.readouterr().err
    assert not home.exists()


def test_cli_export_cannot_write_is_one_line_and_leaves_the_folder_alone(home, tmp_path,
                                                                         capsys):
    session = saved_match(home, finish=True)
    missing = tmp_path / "no-such-folder" / "match.gin"
    assert main(["export", session.match_id, "-o", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrummy export: cannot write ") and err.count("\n") == 1
    assert not missing.parent.exists()
