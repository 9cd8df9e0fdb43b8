"""Whole matches played in the full-screen game through Textual's headless pilot."""

from __future__ import annotations

import asyncio

from tui_helpers import play_by_keys, play_by_mouse

from ginrummy.core.record import read_record
from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.session import Settings


def test_tui_keyboard_plays_a_whole_match_and_saves_it(tmp_path, monkeypatch):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    app = GinRummyApp(store=store, rules=rules_for("classic", target=10),
                      settings=Settings(opponent="random"), seed=11, show_setup=False)

    async def play() -> int:
        async with app.run_test(size=(100, 40)) as pilot:
            return await play_by_keys(app, pilot)

    presses = asyncio.run(play())
    saved = store.list(kind="tui")
    assert len(saved) == 1 and saved[0].finished
    match = read_record(saved[0].record)
    assert match.is_over and match.winner == saved[0].winner
    assert max(match.scores) >= 10
    assert presses > 10


def test_tui_mouse_plays_a_whole_match(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    app = GinRummyApp(store=store, rules=rules_for("classic", target=10),
                      settings=Settings(opponent="random", four_color=True), seed=5,
                      show_setup=False)

    async def play() -> int:
        async with app.run_test(size=(100, 40)) as pilot:
            return await play_by_mouse(app, pilot)

    clicks = asyncio.run(play())
    saved = store.list(kind="tui")
    assert saved[0].finished
    assert read_record(saved[0].record).is_over
    assert clicks > 10
