"""The main screens in each language, compared with reviewed text snapshots (80x24, a plain terminal).

Regenerate after an intended change with GINRUMMY_UPDATE_SNAPSHOTS=1, then review the diff.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from tui_helpers import choose_key, screen_text

from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import ConfirmScreen, SettlementScreen
from ginrummy.tui.game import GameScreen
from ginrummy.tui.session import Settings

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (80, 24)


async def capture(lang: str) -> dict[str, str]:
    """Setup, the table, the help and the first hand's settlement, as text."""
    app = GinRummyApp(store=open_store("sqlite:///:memory:"),
                      rules=rules_for("classic", target=10),
                      settings=Settings(opponent="random", lang=lang, memory_aid=True), seed=3)
    shots = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shots["setup"] = screen_text(app)
        await pilot.press("ctrl+n")
        await pilot.press("d", "1")
        assert isinstance(app.screen, GameScreen)
        shots["table"] = screen_text(app)
        await pilot.press("question_mark")
        shots["help"] = screen_text(app)
        await pilot.press("escape")
        while not isinstance(app.screen, SettlementScreen):
            key = "enter" if isinstance(app.screen, ConfirmScreen) else choose_key(app.screen)
            await pilot.press(*(key if isinstance(key, list) else [key]))
        shots["settlement"] = screen_text(app)
    return shots


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_snapshots_of_the_main_screens(lang):
    shots = asyncio.run(capture(lang))
    for name, text in shots.items():
        path = SNAPSHOTS / f"{name}.{lang}.txt"
        if os.environ.get("GINRUMMY_UPDATE_SNAPSHOTS"):
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no snapshot {path.name}; generate with GINRUMMY_UPDATE_SNAPSHOTS=1"
        assert text == path.read_text(encoding="utf-8"), f"{path.name} differs"
