"""End to end in headless Chromium (Debian's binary, driven by Playwright): a whole match against
the computer, and two browsers playing through an invite link while a third watches.
Screenshots go to artifacts/web/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from web_fixtures import fast_dir, live_server

CHROMIUM = "/usr/bin/chromium"
# bypass_csp: Playwright evaluates its waits as strings, which the page's CSP forbids.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
RANKS = "A23456789TJQK"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package "
                    "(dev.py test does, as root)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with live_server(f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as (base, _):
        yield base


def version(page: Page) -> int:
    return int(page.get_attribute("body", "data-version") or -1)


def play_one(page: Page) -> bool:
    """Make this page's player's move as a person would, by clicking; False if none is due."""
    # A person clicks a card where it lies; cards still sliding into place (motion.js) can put
    # a neighbour, perhaps one that may not be thrown, under the click point.
    page.wait_for_function("document.getAnimations().every((a) => a instanceof CSSAnimation"
                           " || a.playState !== 'running')")  # not the endless glow of style.css
    before = version(page)
    if page.locator("[data-action=next]").count():
        page.click("[data-action=next]")
    elif page.locator("[data-action=gin], [data-action=knock]").count():
        page.locator("[data-action=gin], [data-action=knock]").first.click()
        page.locator(".hand-card.ending").first.click()
        page.click("#confirm-ok")  # the confirmation dialog
    elif page.locator("#stock.playable").count() and not page.locator("[data-action=pass]").count():
        page.click("#stock")
    elif page.locator("[data-action=pass]").count():
        page.click("[data-action=pass]")
    elif page.locator(".hand-card:enabled").count():
        cards = page.locator(".hand-card:enabled")
        codes = [cards.nth(i).get_attribute("data-card") or "" for i in range(cards.count())]
        highest = max(range(len(codes)), key=lambda i: RANKS.index(codes[i][0]))
        cards.nth(highest).click()
    else:
        return False
    try:
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    except PlaywrightTimeoutError:  # say what the page showed, not only that it did not move on
        page.screenshot(path=ARTIFACTS / "no-new-state.png", full_page=True)
        raise AssertionError(
            f"no new state after a move from version {before}: status "
            f"{page.inner_text('#status')!r}, message {page.inner_text('#toast')!r}, "
            f"body class {page.get_attribute('body', 'class')!r} (artifacts/web/no-new-state.png)"
        ) from None
    return True


def open_lobby(browser: Browser, server: str) -> tuple[Page, list[str]]:
    """A desktop page on the lobby with the name filled in, and the page's script errors."""
    page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/")
    page.fill("input[name=name]", "Ann")
    return page, errors


def test_a_whole_match_against_the_computer(browser: Browser, server: str) -> None:
    page, errors = open_lobby(browser, server)
    page.select_option("#opponent", "random")
    page.click("summary")
    page.fill("#options input[name=target]", "15")
    page.screenshot(path=ARTIFACTS / "lobby.png")
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")
    page.screenshot(path=ARTIFACTS / "computer-first-turn.png")
    hands_seen = 0
    for _ in range(600):
        if "wins the match" in page.inner_text("#status"):
            break
        if page.locator("#result:not([hidden])").count() and hands_seen == 0:
            hands_seen += 1
            page.screenshot(path=ARTIFACTS / "computer-settlement.png", full_page=True)
        assert play_one(page), page.inner_text("#status")
    assert "wins the match" in page.inner_text("#status")
    assert page.locator("#sheet table tr").count() >= 5 and page.locator("#chart polyline").count() == 2
    page.screenshot(path=ARTIFACTS / "computer-match-over.png", full_page=True)
    page.goto(server + "/#history")
    page.click("#history-list button")  # replay the finished match
    page.wait_for_selector("#replay-board .card")
    page.click("#replay-next")
    page.screenshot(path=ARTIFACTS / "history-replay.png", full_page=True)
    assert not errors


def test_two_browsers_play_through_an_invite_link_and_a_third_watches(browser: Browser,
                                                                       server: str) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True).new_page()
    host.goto(server + "/")
    host.fill("input[name=name]", "Ann")
    host.select_option("#opponent", "friend")
    host.fill("input[name=friend]", "Bob")
    host.click("button[type=submit]")
    links = host.locator("#invite input.link")
    links.first.wait_for()
    invite, watch = links.nth(0).input_value(), links.nth(1).input_value()
    assert invite != watch and invite.split("#")[1] not in host.url
    friend = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                 has_touch=True, bypass_csp=True).new_page()
    friend.goto(invite)
    watcher = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True).new_page()
    watcher.goto(watch)
    for page in (host, friend, watcher):
        page.wait_for_selector("body[data-version]")
    assert watcher.locator(".hand-card").count() == 0  # a watcher holds no cards
    for _ in range(300):
        latest = max(version(host), version(friend))
        for page in (host, friend):  # both have the last state before either decides
            page.wait_for_function(f"Number(document.body.dataset.version) >= {latest}")
        if host.locator("#result:not([hidden])").count():
            break
        assert play_one(host) or play_one(friend)
    for page in (host, friend, watcher):
        page.wait_for_selector("#result:not([hidden]) .outcome")
    for name, page in (("host", host), ("friend-phone", friend), ("watcher", watcher)):
        page.screenshot(path=ARTIFACTS / f"invite-{name}.png", full_page=True)
    # a closed tab comes back where it was
    before = friend.inner_text("#result")
    friend.reload()
    friend.wait_for_selector("#result:not([hidden]) .outcome")
    assert friend.inner_text("#result") == before
    assert play_one(friend)  # deal the next hand
    host.wait_for_function("document.querySelectorAll('#result[hidden]').length === 1")


def test_drag_from_the_stock_to_draw_and_a_card_to_the_pile_to_discard(browser: Browser,
                                                                        server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    page.goto(server + "/")
    page.select_option("#opponent", "random")
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")
    for _ in range(20):  # past the upcard offers, to a turn that starts with the stock
        if page.locator("#stock.playable").count() \
                and not page.locator("[data-action=pass]").count():
            break
        assert play_one(page)
    assert page.locator(".hand-card").count() == 10
    before = version(page)
    page.drag_and_drop("#stock", "#hand")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    assert page.locator(".hand-card").count() == 11 and not page.locator("#stock.playable").count()
    cards = page.locator(".hand-card:enabled")
    card = cards.first.get_attribute("data-card")
    before = version(page)
    page.drag_and_drop(f".hand-card[data-card='{card}']", "#pile")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    # the computer has answered too; the card left the hand and the hand is ten again
    assert page.locator(f".hand-card[data-card='{card}']").count() == 0
    assert page.locator(".hand-card").count() == 10
