"""RULES §6.2 in Chromium: knocking with a choice of melds, by mouse on a desktop and by keyboard
on a phone (in Norwegian), and the settlement showing the melds chosen. Screenshots go to
artifacts/web/.

Each game is stacked (see web_fixtures.KNOCKER): Ann passes the upcard 3H, the computer dealer
passes it too, Ann draws KH and knocks with it, with three arrangements worth showing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from test_web_browser import ARTIFACTS, browser, version
from web_fixtures import (
    DEFENDER,
    KNOCK_SHOWS,
    KNOCKER,
    fast_dir,
    live_server,
    stack_first_hand,
    stacked_deck,
)

from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.web.games import GameHub, Seat

__all__ = ["browser"]
GAMES = 2


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """A server holding ``GAMES`` stacked games of Ann against the computer; Ann's links."""
    home = tmp_path_factory.mktemp("knock-show")
    url = f"sqlite:///{fast_dir()}/{home.name}.sqlite3"
    store = open_store(url)
    hub = GameHub(store)  # on this thread, as SQLite wants, before the server opens the file
    paths = []
    for _ in range(GAMES):
        game, tokens = hub.create(rules_for("classic"),
                                  (Seat("Ann"), Seat("Standard", computer="standard")))
        game.seed = 1  # the computer's choices are the same every run
        hub.save(game, stack_first_hand(game, stacked_deck(KNOCKER, DEFENDER, "3H", "KH")))
        paths.append(f"/g/{game.id}#{tokens['0']}")
    store.close()
    with live_server(url, home) as (base, _):
        yield [base + path for path in paths]


def step(page: Page, selector: str) -> None:
    before = version(page)
    page.click(selector)
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def open_knock_choice(page: Page, link: str) -> None:
    """Ann's game up to the knock confirmation with its choice of melds."""
    page.goto(link)
    page.wait_for_selector("body[data-version]")
    step(page, "[data-action=pass]")  # the computer dealer passes 3H as well
    step(page, "#stock")
    assert page.locator(".hand-card[data-card=KH]").count() == 1
    page.click("[data-action=knock]")
    page.click(".hand-card[data-card=KH]")
    page.wait_for_selector("#confirm[open] .show-option")


def chosen(page: Page) -> str | None:
    return page.locator("#confirm input[name=show]:checked").get_attribute("value")


def knocker_melds(page: Page) -> list[list[str]]:
    """The knocker's melds in the settlement (the first player shown), as the cards' corner
    indices ("A♣"); their labels are words in the page's language ("ess kløver")."""
    page.wait_for_selector("#result:not([hidden]) .melds")
    melds = page.locator("#result .melds").first.locator(".row.meld")
    return [[label or "" for label in melds.nth(i).locator(".card").evaluate_all(
        "cards => cards.map(c => (c.dataset.code[0] === 'T' ? '10' : c.dataset.code[0])"
        " + {C: '♣', D: '♦', H: '♥', S: '♠'}[c.dataset.code[1]])")] for i in range(melds.count())]


def test_rule_6_2_the_knocker_picks_the_second_option_by_mouse(browser: Browser,
                                                               links: list[str]) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_knock_choice(page, links[0])
    tiles = page.locator("#confirm .show-option")
    assert [tiles.nth(i).get_attribute("data-show") for i in range(tiles.count())] == KNOCK_SHOWS
    assert chosen(page) == KNOCK_SHOWS[0]  # the default is selected
    first, second = tiles.nth(0).inner_text(), tiles.nth(1).inner_text()
    assert "Deadwood 7" in first and "Default" in first
    assert "Showing 2♠ 3♠ 4♠ 5♠ lets Standard lay off A♠ or 6♠." in first
    assert "Deadwood 9" in second and "lets Standard lay off 2♥." in second
    assert tiles.nth(0).locator(".row.meld").count() == 2
    page.screenshot(path=ARTIFACTS / "knock-choice-desktop.png")
    tiles.nth(1).click()
    assert chosen(page) == KNOCK_SHOWS[1]
    before = version(page)
    page.click("#confirm-ok")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    assert knocker_melds(page) == [["2♣", "2♦", "2♠"], ["3♠", "4♠", "5♠"]]
    page.screenshot(path=ARTIFACTS / "knock-choice-settlement.png", full_page=True)
    assert not errors


def test_rule_6_2_the_choice_works_by_keyboard_on_a_phone(browser: Browser,
                                                         links: list[str]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, bypass_csp=True)
    context.add_init_script("localStorage.setItem('ginrummy.lang', 'nb')")  # in Norwegian
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_knock_choice(page, links[1])
    text = page.inner_text("#confirm")
    assert "Banke og kaste K♥" in text and "Dødvekt 7 · Standardvalg" in text
    assert "Viser du 2♠ 3♠ 4♠ 5♠, kan Standard legge av A♠ eller 6♠." in text
    page.screenshot(path=ARTIFACTS / "knock-choice-phone.png")
    before = version(page)
    page.keyboard.press("Escape")  # cancels: nothing is sent
    page.wait_for_selector("#confirm", state="hidden")
    assert version(page) == before and page.locator("[data-action=knock]").count() == 1
    page.click("[data-action=knock]")
    page.click(".hand-card[data-card=KH]")
    page.wait_for_selector("#confirm[open] .show-option")
    assert chosen(page) == KNOCK_SHOWS[0]  # a fresh choice starts from the default again
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert chosen(page) == KNOCK_SHOWS[2]
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    assert knocker_melds(page) == [["A♣", "2♣", "3♣"], ["3♠", "4♠", "5♠"]]
    page.screenshot(path=ARTIFACTS / "knock-choice-phone-settlement.png", full_page=True)
    assert not errors
    context.close()

