"""The setup screen on a store that cannot be read: each button says why, nothing crashes."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import Label
from tui_helpers import screen_text

from ginrummy.core.rules import rules_for
from ginrummy.store import StoreError, open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.session import Settings
from ginrummy.tui.setup import SetupScreen

DAMAGED = "the database /data/ginrummy.sqlite3 is damaged (file is not a database): move it aside"


class DamagedStore:
    """A store whose every read fails the way a damaged file does."""

    def __init__(self) -> None:
        self.inner = open_store("sqlite:///:memory:")

    def list(self, *args: Any, **kwargs: Any) -> Any:
        raise StoreError(DAMAGED)

    def load(self, match_id: str) -> Any:
        raise StoreError(DAMAGED)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_tui_setup_buttons_on_a_damaged_store_show_the_reason_and_stay() -> None:
    app = GinRummyApp(store=DamagedStore(), rules=rules_for("classic", target=10),  # type: ignore[arg-type]
                      settings=Settings(opponent="random"), seed=1)

    async def run() -> list[str]:
        shown = []
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for key in ("statistics", "history", "resume"):
                app.screen.query_one("#setup-error", Label).update("")
                app.screen.query_one(f"#{'stats' if key == 'statistics' else key}").press()
                await pilot.pause()
                assert isinstance(app.screen, SetupScreen), key
                shown.append(screen_text(app))
        return shown

    for text in asyncio.run(run()):
        assert "is damaged (file is not a database)" in " ".join(text.split())
