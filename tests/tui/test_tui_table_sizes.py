"""Any terminal: the table fits down to 60x20 (all eleven cards, the buttons and the key bar),
says plainly to enlarge a smaller window, and at 80x24 keeps '? help' and wraps long hints."""

from __future__ import annotations

import asyncio

from knock_deal import knock_session
from tui_helpers import settled_text

from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.game import CARD_KEYS, GameScreen
from ginrummy.tui.widgets import FRESH_MARK, CardFace

ENLARGE = "Enlarge the window to at least 60x20 to play."


def stacked_app(lang: str = "en") -> GinRummyApp:
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    return GinRummyApp(store=session.store, rules=session.match.rules,
                       settings=session.settings, session=session)


def test_tui_at_60x20_all_eleven_cards_the_buttons_and_the_keys_are_visible():
    app = stacked_app()

    async def run() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.press("x", "d")
            text = await settled_text(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.has_class("compact")
            faces = list(screen.query_one("#hand").query(CardFace))
            assert len(faces) == 11
            keys_top = screen.query_one("#keys").region.y
            for face, key in zip(faces, CARD_KEYS, strict=True):
                region = face.region
                assert region.width >= 3 and region.right <= 60 and region.bottom <= keys_top
                assert str(face.render()).split("\n")[-1].strip().lstrip(FRESH_MARK) == key
            actions = screen.query_one("#actions").region
            assert actions.height == 1 and actions.bottom <= keys_top
            assert "Discard (pick a card)" in text and "Knock (k)" in text
            assert "? help" in text and "q quit" in text
            assert ENLARGE not in text

    asyncio.run(run())


def test_tui_below_60x20_says_to_enlarge_the_window_and_comes_back_when_it_is():
    app = stacked_app()

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("x", "d")
            for size in ((59, 20), (60, 19), (40, 12)):
                await pilot.resize_terminal(*size)
                text = await settled_text(app, pilot)
                assert ENLARGE in " ".join(text.split()), size  # wrapped when narrow
                assert "♥" not in text and "Stock" not in text  # no table cut in pieces
            await pilot.resize_terminal(60, 20)
            text = await settled_text(app, pilot)
            assert ENLARGE not in text and "Stock" in text
            await pilot.resize_terminal(100, 30)
            text = await settled_text(app, pilot)
            assert not app.screen.has_class("compact")
            assert "▊  - ▎" in text  # the full-size cards, the eleventh's key on it

    asyncio.run(run())


def test_tui_norwegian_says_to_enlarge_the_window_in_norwegian():
    app = stacked_app("nb")

    async def run() -> None:
        async with app.run_test(size=(50, 15)) as pilot:
            text = await settled_text(app, pilot)
            assert "Gjør vinduet større, minst 60x20, for å spille." in text

    asyncio.run(run())


def test_tui_at_80x24_the_key_bar_keeps_help_and_a_hint_wraps_whole():
    app = stacked_app()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("x", "d", "h")
            text = await settled_text(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            keys = str(screen.query_one("#keys").render())
            for key in ("? help", "q quit", "d draw", "Enter discard", "c scores"):
                assert key in " ".join(keys.split("\n")) or key in text
            hint = screen.message
            assert len(hint) > 80  # long enough to need a second line
            flowed = " ".join(text.split())
            assert " ".join(hint.split()) in flowed  # every word of it, none cut at the edge

    asyncio.run(run())
