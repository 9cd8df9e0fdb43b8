"""An accessibility audit of the table (axe-core, run in Chromium): no serious or critical
violation while playing, with the key list open, or at the settlement
(test_web_browser_table_settlement.py), on a desktop and on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page
from test_web_browser import browser, version
from test_web_browser_table_play import new_game, serve, until_my_draw, wait_after
from web_fixtures import fast_dir, free_port

__all__ = ["browser"]


def serious(page: Page, where: str = "#table") -> list[dict[str, Any]]:
    """The serious and critical violations axe finds in ``where``, with where they are."""
    found = Axe().run(page, context=where).response["violations"]
    return [{"id": v["id"], "help": v["help"], "where": [n["target"] for n in v["nodes"]][:3]}
            for v in found if v["impact"] in ("serious", "critical")]


def test_the_table_passes_the_audit_while_playing(browser: Browser, tmp_path: Path) -> None:
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        for viewport in ({"width": 1280, "height": 860}, {"width": 390, "height": 844}):
            page = browser.new_page(viewport=viewport, bypass_csp=True)
            new_game(page, base, "sv")
            assert serious(page) == []  # the upcard offer
            until_my_draw(page)
            before = version(page)
            page.keyboard.press("d")
            wait_after(page, before)
            assert serious(page) == []  # a card to throw, the drawn one marked
            page.keyboard.press("?")
            assert serious(page, "#keys-help") == []  # the list of keys
            page.keyboard.press("Escape")
            page.close()
