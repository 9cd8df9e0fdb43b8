"""The main screens in each language, compared with reviewed text snapshots (80x24, a plain terminal).

Regenerate after an intended change with GINRUMMY_UPDATE_SNAPSHOTS=1, then review the diff.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from knock_deal import knock_session
from tui_helpers import play_session, settled_text

from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import SettlementScreen, ShowScreen
from ginrummy.tui.game import GameScreen
from ginrummy.tui.session import GameSession, Settings

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (80, 24)


def compare_with_snapshots(shots: dict[str, str], lang: str) -> None:
    for name, text in shots.items():
        path = SNAPSHOTS / f"{name}.{lang}.txt"
        if os.environ.get("GINRUMMY_UPDATE_SNAPSHOTS"):
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no snapshot {path.name}; generate with GINRUMMY_UPDATE_SNAPSHOTS=1"
        assert text == path.read_text(encoding="utf-8"), f"{path.name} differs"


async def capture(lang: str) -> dict[str, str]:
    """Setup, the table, the help, a knock's choice of melds and a hand's settlement, as text."""
    settings = Settings(opponent="random", lang=lang, memory_aid=True)
    rules = rules_for("classic", target=10)
    app = GinRummyApp(store=open_store("sqlite:///:memory:"), rules=rules, settings=settings,
                      seed=3)
    shots = {}
    async with app.run_test(size=SIZE) as pilot:
        shots["setup"] = await settled_text(app, pilot)
        await pilot.press("ctrl+n", "d", "1")
        assert isinstance(app.screen, GameScreen)
        shots["table"] = await settled_text(app, pilot)
        await pilot.press("question_mark")
        shots["help"] = await settled_text(app, pilot)
    store = open_store("sqlite:///:memory:")
    session = GameSession.new(rules, settings, store=store, seed=3)
    play_session(session, whole_match=False)
    ended = GinRummyApp(store=store, rules=rules, settings=settings, session=session)
    async with ended.run_test(size=SIZE) as pilot:
        text = await settled_text(ended, pilot)
        assert isinstance(ended.screen, SettlementScreen)
        shots["settlement"] = text
    shots["knock"] = await knock_choice(lang)
    return shots


async def knock_choice(lang: str) -> str:
    """The stacked knock with three arrangements worth showing (RULES §6.2)."""
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    app = GinRummyApp(store=session.store, rules=session.match.rules, settings=session.settings,
                      session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "d", "k")
        text = await settled_text(app, pilot)
        assert isinstance(app.screen, ShowScreen)
        return text


async def capture_table_states(lang: str) -> dict[str, str]:
    """The stacked hand: the compact table at 60x20 with the drawn card marked, the message
    below the minimum size, a hand's result above the hand, and the score sheet after it."""
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    app = GinRummyApp(store=session.store, rules=session.match.rules, settings=session.settings,
                      session=session)
    shots = {}
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("x", "d")
        shots["compact"] = await settled_text(app, pilot)
        await pilot.resize_terminal(59, 19)
        shots["too-small"] = await settled_text(app, pilot)
        await pilot.resize_terminal(*SIZE)
        await pilot.press("k", "enter")
        text = await settled_text(app, pilot)
        assert isinstance(app.screen, SettlementScreen)
        shots["result"] = text
        await pilot.press("c")
        shots["score-sheet"] = await settled_text(app, pilot)
    return shots


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_snapshots_of_the_table_states(lang):
    shots = asyncio.run(capture_table_states(lang))
    compare_with_snapshots(shots, lang)


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_snapshots_of_the_main_screens(lang):
    shots = asyncio.run(capture(lang))
    compare_with_snapshots(shots, lang)


async def capture_tables(lang: str) -> dict[str, str]:
    """Three players (you play, you sit out) and a partnership (the table, the deal's end)."""
    settings = Settings(opponent="beginner", lang=lang)
    shots = {}
    store = open_store("sqlite:///:memory:")
    three = rules_for("three-player", target=60)
    session = GameSession.new(three, settings, store=store, seed=6)
    app = GinRummyApp(store=store, rules=three, settings=settings, session=session)
    async with app.run_test(size=SIZE) as pilot:
        shots["three-player"] = await settled_text(app, pilot)
    play_session(session, whole_match=False)  # you lose hand 1, so you deal hand 2
    session.next_deal()
    app = GinRummyApp(store=store, rules=three, settings=settings, session=session)
    async with app.run_test(size=SIZE) as pilot:
        assert session.sits_out
        shots["sitting-out"] = await settled_text(app, pilot)
    four = rules_for("partnership", target=60)
    session = GameSession.new(four, settings, store=store, seed=1)
    app = GinRummyApp(store=store, rules=four, settings=settings, session=session)
    async with app.run_test(size=SIZE) as pilot:
        shots["partnership"] = await settled_text(app, pilot)
    play_session(session, whole_match=False)
    app = GinRummyApp(store=store, rules=four, settings=settings, session=session)
    async with app.run_test(size=SIZE) as pilot:
        text = await settled_text(app, pilot)
        assert isinstance(app.screen, SettlementScreen)
        shots["partnership-deal"] = text
    return shots


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_snapshots_of_three_player_and_partnership_tables(lang):
    shots = asyncio.run(capture_tables(lang))
    compare_with_snapshots(shots, lang)
