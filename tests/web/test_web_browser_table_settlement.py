"""The settlement on the felt in Chromium: both hands grouped into melds, the knock card shown,
layoffs drawn onto the meld as it stood, the points worked out line by line, in English and in
Swedish, at desktop and phone size. Screenshots go to artifacts/web/.

The deal is stacked: Ann (not dealing) holds 9♠ 10♠ J♠, 2♥ 2♦ 2♣, 4♦ 5♦, A♣ and K♥; she
takes the upcard 3♦ and knocks with K♥ (deadwood 1: A♣). The computer cannot answer: it
lays off 8♠ onto 9♠ 10♠ J♠ and then 7♠ onto 8♠ 9♠ 10♠ J♠, and keeps
K♣ Q♦ J♣ 9♣ 6♥ 10♦ 4♠ 9♥ = 68 deadwood. Ann scores 68 - 1 = 67 (classic: no knock bonus, box 20).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from test_web_browser import ARTIFACTS, browser, version
from test_web_browser_table_audit import serious
from test_web_browser_table_play import KEY_OF_INDEX, hand_codes, still, wait_after
from web_fixtures import fast_dir, live_server, stack_first_hand, stacked_deck

from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.web.games import GameHub, Seat

__all__ = ["browser"]
ANN = "9S TS JS 2H 2D 2C 4D 5D AC KH"
COMPUTER = "8S 7S KC QD JC 9C 6H TD 4S 9H"
UPCARD = "3D"


@pytest.fixture(scope="module")
def links(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Three stacked games of Ann against the computer; Ann's links."""
    home = tmp_path_factory.mktemp("table-settlement")
    url = f"sqlite:///{fast_dir()}/{home.name}.sqlite3"
    store = open_store(url)
    hub = GameHub(store)  # on this thread, as SQLite wants, before the server opens the file
    paths = []
    for _ in range(3):
        game, tokens = hub.create(rules_for("classic"),
                                  (Seat("Ann"), Seat("Standard", computer="standard")))
        game.seed = 1
        hub.save(game, stack_first_hand(game, stacked_deck(ANN, COMPUTER, UPCARD)))
        paths.append(f"/g/{game.id}#{tokens['0']}")
    store.close()
    with live_server(url, home) as (base, _):
        yield [base + path for path in paths]


def knock_by_keyboard(page: Page, link: str, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('ginrummy.lang', '{lang}')")
    page.goto(link)
    page.wait_for_selector("body[data-version]")
    before = version(page)
    page.keyboard.press("p")  # take the upcard 3♦
    wait_after(page, before)
    page.keyboard.press("k")
    page.keyboard.press(KEY_OF_INDEX[hand_codes(page).index("KH")])
    before = version(page)
    page.keyboard.press("Enter")  # knock with K♥: the confirmation (and choice of melds)
    page.keyboard.press("Enter")
    wait_after(page, before)
    page.wait_for_selector("#result:not([hidden]) .points")


def groups(page: Page, where: str) -> list[tuple[str, list[str]]]:
    """Each settled group of a hand: its kind and its cards (laid-off ones starred)."""
    found: list[tuple[str, list[str]]] = page.evaluate(
        """(where) => [...document.querySelectorAll(`${where} .settled .group`)].map((group) => [
             [...group.classList].find((c) => c !== "group"),
             [...group.querySelectorAll("svg.face")].map((card) =>
               card.dataset.key + (card.classList.contains("laid-off") ? "*" : ""))])""", where)
    return [(kind, cards) for kind, cards in found]


def test_the_settlement_on_the_felt_in_english(browser: Browser, links: list[str]) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    knock_by_keyboard(page, links[0], "en")
    page.wait_for_selector(".moment")  # the knock's moment on the felt
    mine = groups(page, "#hand")
    assert ("meld", ["7S*", "8S*", "9S", "TS", "JS"]) in mine  # the run with what was laid off
    assert ("meld", ["2C", "2D", "2H"]) in mine or ("meld", ["2H", "2D", "2C"]) in mine
    assert ("loose", ["AC"]) in mine and ("knock", ["KH"]) in mine
    theirs = groups(page, "#opponent-hand")
    assert [kind for kind, _ in theirs] == ["loose"]
    assert sorted(theirs[0][1]) == sorted("KC QD JC 9C 6H TD 4S 9H".split())
    labels = page.locator("#table .felt .group-label").all_inner_texts()
    assert "Knocked with" in labels and "Deadwood 1" in labels and "Deadwood 68" in labels
    result = page.inner_text("#result")
    # each layoff onto the run as it stood when it was laid
    assert "8♠ onto 9♠ 10♠ J♠" in result and "7♠ onto 8♠ 9♠ 10♠ J♠" in result
    assert "7♠ onto 9♠" not in result
    points = page.locator("#result .points li").all_inner_texts()
    assert points == ["Deadwood 68 − 1 = 67", "Box 20 (counted at the end of the match)"]
    assert "Ann knocked." in result and "Ann scores 67." in result
    assert (page.get_attribute("#hand .group.knock svg", "aria-label") or "") == "king of hearts"
    assert "laid off" in (page.get_attribute("#hand svg[data-key='7S']", "aria-label") or "")
    still(page)
    page.screenshot(path=ARTIFACTS / "table-settlement-desktop.png", full_page=True)
    assert serious(page) == []  # the accessibility audit (axe-core)
    assert not errors


def test_the_settlement_in_swedish_on_a_phone(browser: Browser, links: list[str]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, bypass_csp=True)
    page = context.new_page()
    knock_by_keyboard(page, links[1], "sv")
    result = page.inner_text("#result")
    assert "7♠ på 8♠ 9♠ 10♠ J♠" in result and "8♠ på 9♠ 10♠ J♠" in result
    points = page.locator("#result .points li").all_inner_texts()
    assert points == ["Skrot 68 − 1 = 67", "Boxbonus 20 (räknas när matchen är slut)"]
    assert (page.get_attribute("#hand .group.knock svg", "aria-label") or "") == "hjärter kung"
    labels = page.locator("#table .felt .group-label").all_inner_texts()
    assert "Knackade med" in labels and "Skrot 68" in labels
    # readable on a phone: the revealed hand's cards are at least 30 px wide, inside the screen
    for where in ("#opponent-hand", "#hand"):
        boxes = [page.locator(f"{where} .settled svg.face").nth(i).bounding_box()
                 for i in range(page.locator(f"{where} .settled svg.face").count())]
        assert boxes and all(box and box["width"] >= 30 and box["x"] + box["width"] <= 390
                             for box in boxes)
    still(page)
    page.screenshot(path=ARTIFACTS / "table-settlement-phone-sv.png", full_page=True)
    assert serious(page) == []


def test_the_settlement_in_norwegian_names_the_cards(browser: Browser, links: list[str]) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    knock_by_keyboard(page, links[2], "nb")
    assert (page.get_attribute("#hand .group.knock svg", "aria-label") or "") == "konge hjerter"
    assert page.locator("#result .points li").first.inner_text() == "Dødvekt 68 − 1 = 67"


def settle(page: Page, call: str) -> object:
    """Evaluate ``call`` with the page's settle.js imported as ``settle``."""
    return page.evaluate(f"async () => {{ const settle = await import('/static/settle.js'); return {call}; }}")


def test_layoffs_and_points_worked_out(browser: Browser, links: list[str]) -> None:
    page = browser.new_page(bypass_csp=True)
    page.goto(links[0].split("/g/")[0] + "/")
    page.wait_for_selector("#lobby:not([hidden])")
    # laid in the server's order 7♠ before 8♠: drawn as they could be laid, each onto the run as
    # it stood; a set takes a card in any order
    laid = settle(page, """settle.layoffsAsTheyStood([["9S", "TS", "JS"], ["4H", "4D", "4C"]],
        [{card: "7S", onto: ["9S", "TS", "JS"]}, {card: "QS", onto: ["9S", "TS", "JS"]},
         {card: "8S", onto: ["9S", "TS", "JS"]}, {card: "4S", onto: ["4H", "4D", "4C"]}])""")
    assert laid == {
        "laid": [{"card": "QS", "onto": ["9S", "TS", "JS"], "meld": 0},
                 {"card": "8S", "onto": ["9S", "TS", "JS", "QS"], "meld": 0},
                 {"card": "7S", "onto": ["8S", "9S", "TS", "JS", "QS"], "meld": 0},
                 {"card": "4S", "onto": ["4H", "4D", "4C"], "meld": 1}],
        "melds": [["7S", "8S", "9S", "TS", "JS", "QS"], ["4H", "4D", "4C", "4S"]]}

    def lines(outcome: str, points: int, knocker: int, defender: int, multiplier: int = 1,
              box: int = 20) -> object:
        settlement = {"knocker": {"melds": [], "deadwood": knocker},
                      "defender": {"layoffs": [], "deadwood": defender}}
        result = {"outcome": outcome, "points": points, "winner": 0, "settlement": settlement}
        return settle(page, f"settle.pointsLines({json.dumps(result)}, {multiplier}, "
                            f"{{box_bonus: {box}}})")

    assert lines("knock", 9, 6, 15) == ["Deadwood 15 − 6 = 9", "Box 20 (counted at the end of the match)"]
    # the Norwegian preset: 20 more to a knocker who wins, no box
    assert lines("knock", 29, 6, 15, box=0) == ["Deadwood 15 − 6 = 9", "Knock bonus 20: 9 + 20 = 29"]
    assert lines("undercut", 13, 8, 5) == ["Deadwood 8 − 5 = 3", "Undercut bonus 10: 3 + 10 = 13",
                                           "Box 20 (counted at the end of the match)"]
    assert lines("gin", 64, 0, 12, multiplier=2) == ["Gin bonus 20 + deadwood 12 = 32", "× 2 = 64",
                                                     "Box 20 (counted at the end of the match)"]
    assert lines("big_gin", 43, 0, 12) == ["Big gin bonus 31 + deadwood 12 = 43",
                                           "Box 20 (counted at the end of the match)"]
