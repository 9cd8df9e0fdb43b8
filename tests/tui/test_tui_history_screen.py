"""The history: each match's date, opponent, rules, score and hands; deleting an unfinished
match (after asking) on the screen and with ``play --delete``; snapshots in each language."""

from __future__ import annotations

import asyncio
import io
import os
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.widgets import ListView
from tui_helpers import play_session, screen_text

from ginrummy.cli import main
from ginrummy.core.rules import rules_for
from ginrummy.store import SQLITE_FILE, open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import ConfirmScreen
from ginrummy.tui.history_screen import HistoryScreen
from ginrummy.tui.reports import history_line, history_row, history_rows
from ginrummy.tui.session import GameSession, Settings

SNAPSHOTS = Path(__file__).parent / "snapshots"
WHEN = datetime(2026, 3, 14, 15, 9, tzinfo=UTC)


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    monkeypatch.delenv("GINRUMMY_DEBUG", raising=False)
    return tmp_path


def three_matches(store) -> tuple[GameSession, GameSession, GameSession]:
    """A finished match, one with hands played, one never started (in that order)."""
    finished = GameSession.new(rules_for("classic", target=30), Settings(opponent="standard"),
                               store=store, seed=8)
    play_session(finished, whole_match=True)
    begun = GameSession.new(rules_for("oklahoma"), Settings(opponent="random"), store=store,
                            seed=5)
    play_session(begun, whole_match=False)
    untouched = GameSession.new(rules_for("modern"), Settings(opponent="beginner"),
                                store=store, seed=6)
    return finished, begun, untouched


def test_tui_history_rows_give_date_opponent_rules_score_and_hands(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    finished, begun, untouched = three_matches(store)
    rows = {stored.id: history_row(stored, "en") for stored in history_rows(store)}

    done = rows[finished.match_id]
    match = finished.match
    assert done.opponent == "standard" and done.rules == "classic"
    assert done.score == f"{match.scores[0]}-{match.scores[1]}"
    assert done.hands == f"{len(match.hands)} hands" and len(match.hands) > 1
    assert done.state == ("you won" if match.winner == 0 else "the computer won")
    assert rows[begun.match_id].state == "unfinished"
    assert rows[begun.match_id].hands == "1 hand" and rows[begun.match_id].rules == "oklahoma"
    assert rows[untouched.match_id].state == "unfinished, not started"
    assert rows[untouched.match_id].score == "0-0"
    stored = store.load(finished.match_id)
    assert stored is not None and stored.updated is not None
    assert done.when == stored.updated.astimezone().strftime("%Y-%m-%d %H:%M")

    # a match saved before summaries were kept is summarised from its record, the same
    old = replace(stored, meta={k: v for k, v in stored.meta.items() if k != "summary"})
    assert history_row(old, "en") == done
    # a damaged record is listed as such, never hides the others
    broken = replace(old, record="[Game \"Gin Rummy\"]\nnonsense\n")
    assert history_row(broken, "en").state == "damaged record"
    assert finished.match_id in history_line(broken, "en")


async def open_history(app: GinRummyApp, pilot) -> HistoryScreen:
    await pilot.pause()
    await pilot.click("#history")
    await pilot.pause()
    assert isinstance(app.screen, HistoryScreen)
    return app.screen


def make_app(store, lang: str = "en") -> GinRummyApp:
    return GinRummyApp(store=store, rules=rules_for("classic"),
                       settings=Settings(opponent="random", lang=lang))


def test_tui_history_deletes_an_unfinished_match_only_after_yes(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    finished, begun, untouched = three_matches(store)
    app = make_app(store)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_history(app, pilot)
            # newest first: the untouched match is highlighted; n keeps it
            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            question = screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert len(store.list()) == 3
            await pilot.press("d", "y")
            await pilot.pause()
            assert app.screen is screen and len(screen.rows) == 2
            # the finished match (now second) cannot be deleted: no question is asked
            await pilot.press("down", "d")
            await pilot.pause()
            assert app.screen is screen
            assert screen.query_one(ListView).highlighted_child.name == finished.match_id
            return question, screen_text(app)

    question, after = asyncio.run(run())
    assert "Delete the unfinished match against beginner of" in question and "0-0" in question
    assert {m.id for m in store.list()} == {finished.match_id, begun.match_id}
    assert "beginner" not in after and "oklahoma" in after


def test_tui_history_enter_resumes_an_unfinished_match(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    _, begun, _ = three_matches(store)
    app = make_app(store)

    async def run() -> str:
        async with app.run_test(size=(100, 30)) as pilot:
            await open_history(app, pilot)
            await pilot.press("down", "enter")
            await pilot.pause()
            return app.screen.session.match_id  # type: ignore[attr-defined]

    assert asyncio.run(run()) == begun.match_id


def play_cli(monkeypatch, stdin: str, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["play", "--plain", *args])


def test_tui_history_play_delete_asks_and_refuses_a_finished_match(home, capsys, monkeypatch):
    store = open_store(f"sqlite:///{home / SQLITE_FILE}")
    finished, begun, untouched = three_matches(store)
    store.close()
    assert play_cli(monkeypatch, "n\n", "--delete", begun.match_id) == 0
    out = capsys.readouterr().out
    assert "Delete the unfinished match against random of" in out and "[y/N]" in out
    assert "Nothing was deleted." in out
    assert play_cli(monkeypatch, "", "--delete", begun.match_id) == 0  # no answer: kept
    assert "Nothing was deleted." in capsys.readouterr().out
    assert play_cli(monkeypatch, "ja\n", "--delete", begun.match_id, "--lang", "nb") == 0
    assert f"Parti {begun.match_id} er slettet." in capsys.readouterr().out

    for match_id, words in ((finished.match_id, "only unfinished matches can be deleted"),
                            (begun.match_id, f"no saved match with id '{begun.match_id}'")):
        assert play_cli(monkeypatch, "y\n", "--delete", match_id) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("ginrummy play: ") and words in err
    assert main(["play", "--history"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == [untouched.match_id, finished.match_id]


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_history_snapshot(tmp_path, lang):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    three_matches(store)
    rows = [replace(stored, updated=WHEN) for stored in history_rows(store)]
    app = make_app(store, lang)

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(HistoryScreen(rows))
            await pilot.pause()
            return screen_text(app)

    text = asyncio.run(run())
    local = WHEN.astimezone().strftime("%Y-%m-%d %H:%M")
    text = text.replace(local, "2026-03-14 15:09")  # the same snapshot in every time zone
    path = SNAPSHOTS / f"history.{lang}.txt"
    if os.environ.get("GINRUMMY_UPDATE_SNAPSHOTS"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
