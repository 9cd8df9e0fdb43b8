"""The table says what happened and what to do: the card just drawn stays marked, every card
shows the key that picks it, the Discard button names its card, the computer's move is
highlighted (any key ends it, a turns it off), and questions and results sit above the hand."""

from __future__ import annotations

import asyncio

from knock_deal import DRAWN, knock_session
from tui_helpers import least_deadwood_discard, screen_text, settled_text

from ginrummy.core.cards import parse_card, pretty_card
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import SettlementScreen, ShowScreen
from ginrummy.tui.game import CARD_KEYS, GameScreen
from ginrummy.tui.session import GameSession
from ginrummy.tui.widgets import FRESH_MARK, CardFace

DRAWN_CARD = parse_card(DRAWN)


def stacked_app(lang: str = "en") -> tuple[GinRummyApp, GameSession]:
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    app = GinRummyApp(store=session.store, rules=session.match.rules, settings=session.settings,
                      session=session)
    return app, session


def hand_faces(app: GinRummyApp) -> list[CardFace]:
    return list(app.screen.query_one("#hand").query(CardFace))


def marked(app: GinRummyApp) -> list[int]:
    return [face.card for face in hand_faces(app) if face.has_class("taken")]


def test_tui_the_drawn_card_stays_marked_through_sorting_until_the_discard():
    app, _session = stacked_app()

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("x")
            await settled_text(app, pilot)
            assert marked(app) == []  # nothing drawn yet
            await pilot.press("d")
            await settled_text(app, pilot)
            assert marked(app) == [DRAWN_CARD]
            for _order in range(3):  # rank, suit, and back to melds: still the same card
                await pilot.press("s")
                await settled_text(app, pilot)
                assert marked(app) == [DRAWN_CARD]
                [face] = [f for f in hand_faces(app) if f.card == DRAWN_CARD]
                assert FRESH_MARK in str(face.render())  # a mark, not only a colour
            screen = app.screen
            assert isinstance(screen, GameScreen)
            throw = screen.display_order().index(DRAWN_CARD)
            await pilot.press(CARD_KEYS[throw], "enter")
            await settled_text(app, pilot)
            assert DRAWN_CARD not in [face.card for face in hand_faces(app)]
            assert marked(app) == []

    asyncio.run(run())


def test_tui_every_card_shows_its_key_and_the_discard_button_names_the_card():
    app, _session = stacked_app()

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("x", "d")
            await settled_text(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            faces = hand_faces(app)
            assert len(faces) == 11
            assert [face.card for face in faces] == screen.display_order()
            for key, face in zip(CARD_KEYS, faces, strict=True):
                assert str(face.render()).split("\n")[-1].strip() == key
            assert "Discard (pick a card)" in screen_text(app)
            for index in (0, 4, 9, 10):  # 1, 5, 0 and - pick the card that shows the key
                await pilot.press("minus" if CARD_KEYS[index] == "-" else CARD_KEYS[index])
                await settled_text(app, pilot)
                card = screen.display_order()[index]
                assert screen.selected == card
                assert f"Discard {pretty_card(card)} (Enter)" in screen_text(app)

    asyncio.run(run())


def test_tui_the_computers_move_is_highlighted_until_a_key_and_can_be_turned_off():
    app, session = stacked_app()

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("x", "d")
            await settled_text(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            screen.flash_seconds = 600  # a slow test machine: only a key ends it here
            card = least_deadwood_discard(session.view)
            await pilot.press(CARD_KEYS[screen.display_order().index(card)], "enter")
            await pilot.pause()
            top = session.view.pile_top
            assert top is not None and top != card  # the computer (a passer) threw again
            flash = screen.query_one("#flash")
            assert flash.has_class("on")
            assert f"The computer drew from the stock and threw {pretty_card(top)}." in str(
                flash.render())
            assert screen.query_one("#pile", CardFace).has_class("flash")
            await pilot.press("s")  # any key ends it at once (and does its own job)
            await settled_text(app, pilot)
            assert not screen.query_one("#flash").has_class("on")
            assert "The computer drew" not in screen_text(app).split("\n")[3]
            await pilot.press("a")
            await settled_text(app, pilot)
            assert "no longer highlighted" in screen_text(app)
            await pilot.press("d")
            card = least_deadwood_discard(session.view)
            await pilot.press(CARD_KEYS[screen.display_order().index(card)], "enter")
            await pilot.pause()
            assert screen.flash is None
            assert not screen.query_one("#flash").has_class("on")

    asyncio.run(run())


def test_tui_the_knock_question_and_the_result_sit_above_the_hand():
    app, session = stacked_app()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("x", "d")
            await settled_text(app, pilot)
            table = app.screen
            hand_top = table.query_one("#hand").region.y
            await pilot.press("k")
            await settled_text(app, pilot)
            assert isinstance(app.screen, ShowScreen)
            asking = app.screen.query_one(".dialog").region
            assert asking.bottom <= hand_top
            assert "Knock (y)" in screen_text(app)  # the buttons are in the region
            await pilot.press("enter")
            await settled_text(app, pilot)
            assert isinstance(app.screen, SettlementScreen)
            assert not session.match.is_over
            result = app.screen.query_one(".dialog").region
            assert result.bottom <= table.query_one("#hand").region.y
            text = screen_text(app)
            assert "You knocked." in text and "Next hand (Enter)" in text
            # the hand itself is still drawn below the result
            assert "▊  1 ▎" in text
            assert "Score (the first to 10 wins; bonuses are added at the end):" in text
            await pilot.press("c")
            await settled_text(app, pilot)
            assert "Won by" in screen_text(app)

    asyncio.run(run())
