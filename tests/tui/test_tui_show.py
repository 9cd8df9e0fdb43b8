"""RULES §6.2 in the terminal game: the person knocking chooses which melds to show."""

from __future__ import annotations

import asyncio
import io

import pytest
from knock_deal import DEFAULT, SECOND, THIRD, knock_session
from tui_helpers import screen_text

from ginrummy.cli import command_name
from ginrummy.core.showing import format_show
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import SettlementScreen, ShowScreen
from ginrummy.tui.game import GameScreen
from ginrummy.tui.plain import PlainGame
from ginrummy.tui.session import GameSession
from ginrummy.tui.words import cards_text


def knocked_with(session: GameSession) -> str:
    """The knock as recorded in the hand's history (it always names the melds shown)."""
    return str(session.match.hands[-1].moves[-1].action)


def shown(session: GameSession) -> str:
    settlement = session.match.hands[-1].result.settlement
    assert settlement is not None
    return format_show(settlement.knocker.melds)


def laid_down_melds(screen: SettlementScreen) -> list[str]:
    """Your melds as the settlement screen lays them down (the groups without a label)."""
    return [cards_text(cards) for label, cards in screen.laid_down(0) if not label]


async def knock_in_app(session: GameSession, keys: list[str], *,
                       size: tuple[int, int] = (80, 24)) -> tuple[str, str, list[str]]:
    """Pass, draw KH, press k, then ``keys``: the knock screen's text, the settlement's text
    and your melds on it."""
    app = GinRummyApp(store=session.store, rules=session.match.rules, settings=session.settings,
                      session=session)
    async with app.run_test(size=size) as pilot:
        await pilot.press("x", "d", "k")
        await pilot.pause()
        assert isinstance(app.screen, ShowScreen)
        asking = screen_text(app)
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, SettlementScreen)
        return asking, screen_text(app), laid_down_melds(app.screen)


def test_tui_show_the_second_option_is_chosen_and_the_settlement_shows_it():
    session = knock_session(open_store("sqlite:///:memory:"))
    asking, settled, melds = asyncio.run(knock_in_app(session, ["2", "enter"]))
    # the options, the default first and marked, each with its deadwood and its layoffs
    assert "▶ 1. A♣ 2♣ 3♣ | 2♠ 3♠ 4♠ 5♠, deadwood 7: A♦ 2♦ 4♥ (default)" in asking
    assert "The computer could lay off 4♣, A♠ or 6♠ (and more in a row)." in asking
    assert "2. 2♣ 2♦ 2♠ | 3♠ 4♠ 5♠, deadwood 9: A♣ A♦ 3♣ 4♥" in asking
    assert "The computer could lay off 2♥ or 6♠ (and more in a row)." in asking
    assert "3. A♣ 2♣ 3♣ | 3♠ 4♠ 5♠, deadwood 9: A♦ 2♦ 2♠ 4♥" in asking
    assert "Deadwood: 17" in asking  # the hand stays in view below the question
    assert knocked_with(session) == f"knock KH show {SECOND}"
    assert shown(session) == SECOND
    assert melds == ["2♣ 2♦ 2♠", "3♠ 4♠ 5♠"]
    assert "deadwood 9:" in settled and "2♥ onto 2♣ 2♦ 2♠" in settled


@pytest.mark.parametrize("key", ["enter", "y"])
def test_tui_show_one_key_accepts_the_default(key):
    session = knock_session(open_store("sqlite:///:memory:"))
    _asking, _settled, melds = asyncio.run(knock_in_app(session, [key]))
    assert knocked_with(session) == f"knock KH show {DEFAULT}"
    assert melds == ["A♣ 2♣ 3♣", "2♠ 3♠ 4♠ 5♠"]


def test_tui_show_arrows_and_y_choose_and_escape_goes_back():
    session = knock_session(open_store("sqlite:///:memory:"))
    app = GinRummyApp(store=session.store, rules=session.match.rules, settings=session.settings,
                      session=session)

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("x", "d", "k", "down", "escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)  # back at the table, nothing played
            assert not session.match.hand_over
            await pilot.press("k", "down", "down", "y")
            await pilot.pause()
            assert isinstance(app.screen, SettlementScreen)

    asyncio.run(play())
    assert shown(session) == THIRD


def test_tui_show_a_click_on_knock_uses_the_highlighted_option():
    session = knock_session(open_store("sqlite:///:memory:"))
    app = GinRummyApp(store=session.store, rules=session.match.rules, settings=session.settings,
                      session=session)

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("x", "d")
            await pilot.click("#do-knock", offset=(1, 0))
            await pilot.press("3")
            await pilot.click("#yes", offset=(1, 0))
            await pilot.pause()
            assert isinstance(app.screen, SettlementScreen)

    asyncio.run(play())
    assert shown(session) == THIRD


def plain_game(lines: list[str], *, lang: str = "en") -> tuple[GameSession, str]:
    """Play the stacked hand in plain mode with these input lines; returns what it printed."""
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO("".join(f"{line}\n" for line in lines)),
              stdout=out).run()
    return session, out.getvalue()


def test_tui_show_plain_numbered_prompt_default_first():
    session, out = plain_game(["pass", "draw stock", "knock KH", "4", "second", "2"])
    assert ("Knock, throwing K♥ face down: which melds do you show?\n"
            "1. A♣ 2♣ 3♣ | 2♠ 3♠ 4♠ 5♠, deadwood 7: A♦ 2♦ 4♥ (default). "
            "The computer could lay off 4♣, A♠ or 6♠ (and more in a row).\n"
            "2. 2♣ 2♦ 2♠ | 3♠ 4♠ 5♠, deadwood 9: A♣ A♦ 3♣ 4♥. "
            "The computer could lay off 2♥ or 6♠ (and more in a row).\n"
            "3. A♣ 2♣ 3♣ | 3♠ 4♠ 5♠, deadwood 9: A♦ 2♦ 2♠ 4♥. "
            "The computer could lay off 4♣ or 6♠ (and more in a row).\n") in out
    question = "Press Enter for 1, or type a number from 1 to 3.\n> "
    wrong = "Not a choice: type a number from 1 to 3, or press Enter for 1.\n"
    assert out.count(wrong + question) == 2  # "4" and "second": one line, the question again
    assert shown(session) == SECOND
    assert "You: melds 2♣ 2♦ 2♠  3♠ 4♠ 5♠; deadwood A♣ 3♣ A♦ 4♥ (9)" in out
    assert "Traceback" not in out


def test_tui_show_plain_empty_line_takes_the_default():
    session, _out = plain_game(["pass", "draw stock", "knock KH", ""])
    assert knocked_with(session) == f"knock KH show {DEFAULT}"


def test_tui_show_plain_end_of_input_at_the_question_saves_and_exits():
    session, out = plain_game(["pass", "draw stock", "knock KH"])
    assert out.endswith(f"Match saved. Resume it with: {command_name()} play --resume "
                        f"{session.match_id}\n")
    assert not session.match.hand_over  # nothing was knocked


def test_tui_show_plain_knock_with_show_as_typed():
    bad = "knock KH show 2C 2D 2S | 2S 3S 4S"  # 2S in two melds
    session, out = plain_game(["pass", "draw stock", bad, f"knock kh show {THIRD.lower()}"])
    assert "Not allowed: 2♠ is shown in two melds" in out  # the cards as the game shows them
    assert "which melds do you show?" not in out  # the melds were named: no question
    assert knocked_with(session) == f"knock KH show {THIRD}"


def test_tui_show_plain_speaks_norwegian_and_swedish():
    _session, out = plain_game(["pass", "draw stock", "knock KH", ""], lang="nb")
    assert "hvilke kombinasjoner viser du?" in out
    assert "1. A♣ 2♣ 3♣ | 2♠ 3♠ 4♠ 5♠, dødvekt 7: A♦ 2♦ 4♥ (standard)." in out
    assert "Datamaskinen kan legge av 2♥ eller 6♠ (og flere på rad)." in out
    _session, out = plain_game(["pass", "draw stock", "knock KH", ""], lang="sv")
    assert "vilka kombinationer visar du?" in out and "skrot 9:" in out
    assert "Datorn kan lägga av 4♣ eller 6♠ (och fler i rad)." in out

