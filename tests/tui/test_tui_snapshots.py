"""The main screens in each language, compared with reviewed text snapshots (80x24, a plain terminal).

Regenerate after an intended change with GINRUMMY_UPDATE_SNAPSHOTS=1, then review the diff.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from knock_deal import knock_session
from tui_helpers import play_session, screen_text

from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import SettlementScreen, ShowScreen
from ginrummy.tui.game import GameScreen
from ginrummy.tui.session import GameSession, Settings

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (80, 24)


async def capture(lang: str) -> dict[str, str]:
    """Setup, the table, the help, a knock's choice of melds and a hand's settlement, as text."""
    settings = Settings(opponent="random", lang=lang, memory_aid=True)
    rules = rules_for("classic", target=10)
    app = GinRummyApp(store=open_store("sqlite:///:memory:"), rules=rules, settings=settings,
                      seed=3)
    shots = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shots["setup"] = screen_text(app)
        await pilot.press("ctrl+n", "d", "1")
        assert isinstance(app.screen, GameScreen)
        await pilot.pause()  # let the log scroll to its newest line
        shots["table"] = screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        shots["help"] = screen_text(app)
    store = open_store("sqlite:///:memory:")
    session = GameSession.new(rules, settings, store=store, seed=3)
    play_session(session, whole_match=False)
    ended = GinRummyApp(store=store, rules=rules, settings=settings, session=session)
    async with ended.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(ended.screen, SettlementScreen)
        shots["settlement"] = screen_text(ended)
    shots["knock"] = await knock_choice(lang)
    return shots


async def knock_choice(lang: str) -> str:
    """The stacked knock with three arrangements worth showing (RULES §6.2)."""
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    app = GinRummyApp(store=session.store, rules=session.match.rules, settings=session.settings,
                      session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x", "d", "k")
        await pilot.pause()
        assert isinstance(app.screen, ShowScreen)
        return screen_text(app)


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_snapshots_of_the_main_screens(lang):
    shots = asyncio.run(capture(lang))
    for name, text in shots.items():
        path = SNAPSHOTS / f"{name}.{lang}.txt"
        if os.environ.get("GINRUMMY_UPDATE_SNAPSHOTS"):
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no snapshot {path.name}; generate with GINRUMMY_UPDATE_SNAPSHOTS=1"
        assert text == path.read_text(encoding="utf-8"), f"{path.name} differs"
