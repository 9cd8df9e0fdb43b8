"""End to end in headless Chromium: a three-player game against two computers, started from the
lobby and played through the page for at least one whole hand. Screenshots go to artifacts/web/."""

from __future__ import annotations

from playwright.sync_api import Browser
from test_web_browser import ARTIFACTS, browser, open_lobby, play_one, server

__all__ = ["browser", "server"]


def test_a_three_player_game_against_two_computers(browser: Browser, server: str) -> None:
    page, errors = open_lobby(browser, server)
    page.select_option("#preset", "three-player")
    page.select_option("#opponent", "random")
    page.select_option("#more-seats select", "standard")
    assert page.inner_text("#opponent-label") == "Player 2"
    page.click("summary")
    page.fill("#options input[name=target]", "300")  # the match goes on past the first hands
    page.screenshot(path=ARTIFACTS / "three-lobby.png")
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")
    chips = page.locator("#scoreline .chip")
    assert chips.count() == 3 and chips.nth(0).inner_text().startswith("Ann")
    assert [page.locator("#sheet th").nth(i).inner_text() for i in range(4)] == \
        ["Hand", "Ann", "Random", "Standard"]
    page.screenshot(path=ARTIFACTS / "three-first-turn.png")
    # Until Ann has made three moves of her own and the hand they were in is scored. The deal is
    # random, so her first hand may end before her third move (a computer can knock on its
    # first turn, ~1% of games), and dealing the next hand is not a move at the table.
    my_moves = 0
    for _ in range(400):
        scored = page.locator("#sheet tr").count() - 5  # header, score, box, game bonus, total
        dealing = page.locator("[data-action=next]").count() > 0
        if my_moves >= 3 and scored >= 1 and dealing:
            break
        sitting_out = "sits out" in chips.nth(0).inner_text()
        assert play_one(page), page.inner_text("#status")
        my_moves += not (sitting_out or dealing)
    else:
        raise AssertionError(f"no scored hand after Ann's {my_moves} moves")
    page.screenshot(path=ARTIFACTS / "three-hand-over.png", full_page=True)
    assert page.locator("#result:not([hidden]) .outcome").count()
    assert play_one(page)  # deal the next hand
    assert not errors
