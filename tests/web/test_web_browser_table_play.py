"""The table in Chromium as a player uses it: a whole hand by keyboard alone (the terminal game's
keys), the card just drawn marked, dragging cards to reorder the hand and onto the pile (mouse
and touch), motion off under prefers-reduced-motion, and the offline state while the server is
down. Screenshots go to artifacts/web/."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page
from test_web_browser import ARTIFACTS, RANKS, browser, version
from web_fixtures import fast_dir, free_port

__all__ = ["browser"]
KEY_OF_INDEX = "1234567890-"  # the n-th card's key, as in the terminal game


@contextmanager
def serve(port: int, store_url: str, home: Path) -> Iterator[str]:
    """``ginrummy serve`` on ``port``, stopped (killed) on leaving; twice on one port and store
    is a server restart."""
    env = dict(os.environ, GINRUMMY_HOME=str(home))
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", "serve", "--port", str(port), "--db", store_url,
         "--message-rate", "1000"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{base}/api/meta", timeout=2):
                    break
            except OSError:
                assert process.poll() is None, "the server stopped while starting"
                time.sleep(0.1)
        yield base
    finally:
        process.kill()
        process.wait()


def new_game(page: Page, base: str, lang: str = "en") -> None:
    page.goto(base + "/")
    page.select_option("#lang", lang)
    page.fill("input[name=name]", "Ann")
    page.select_option("#opponent", "random")
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")


def wait_after(page: Page, before: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def still(page: Page) -> None:
    """Wait until no card is moving (the playable stock's glow goes on for ever), for a picture."""
    page.wait_for_function("document.getAnimations().every("
                           "(a) => a.effect.getComputedTiming().iterations === Infinity)")


def hand_codes(page: Page) -> list[str]:
    cards = page.locator("#hand .hand-card")
    return [cards.nth(i).get_attribute("data-card") or "" for i in range(cards.count())]


def press_for_card(page: Page, code: str) -> None:
    """Pick ``code`` with its number key; it takes the focus."""
    index = hand_codes(page).index(code)
    page.keyboard.press(KEY_OF_INDEX[index])
    assert page.evaluate("document.activeElement.dataset.card") == code


def until_my_draw(page: Page) -> None:
    """Keyboard only: pass the upcard offers until a turn starts with the stock."""
    for _ in range(20):
        if page.locator("#stock.playable").count() and not page.locator("[data-action=pass]").count():
            return
        before = version(page)
        page.keyboard.press("x")
        wait_after(page, before)
    raise AssertionError("no turn began with the stock")


def test_a_whole_hand_by_keyboard_alone(browser: Browser, tmp_path: Path) -> None:
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        # reduced motion: the computer's turns pause less, so the hand is quicker to play
        page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True,
                                reduced_motion="reduce")
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        new_game(page, base)
        page.keyboard.press("?")  # the help panel lists the keys
        assert page.locator("#keys-help[open] dt", has_text="d").count()
        page.screenshot(path=ARTIFACTS / "table-keys-help.png")
        page.keyboard.press("Escape")
        assert not page.locator("#keys-help[open]").count()
        codes = hand_codes(page)
        page.keyboard.press("s")  # melds -> by rank
        ranks = [RANKS.index(code[0]) for code in hand_codes(page)]
        assert ranks == sorted(ranks) and sorted(hand_codes(page)) == sorted(codes)
        page.keyboard.press("h")
        page.wait_for_selector("#hint:not([hidden])")
        page.keyboard.press("c")
        assert page.evaluate("document.activeElement.id") == "sheet"
        drawn = 0
        for _ in range(200):
            if page.locator("#result:not([hidden])").count():
                break
            before = version(page)
            if page.locator("[data-action=pass]").count():
                page.keyboard.press("x")
            elif page.locator("#stock.playable").count():
                page.keyboard.press("d")
            elif page.locator("[data-action=gin], [data-action=knock]").count():
                page.keyboard.press("g" if page.locator("[data-action=gin]").count() else "k")
                press_for_card(page, page.locator(".hand-card.ending").first.get_attribute("data-card") or "")
                page.keyboard.press("Enter")  # asks to confirm, Confirm focused
                page.keyboard.press("Enter")
            elif page.locator(".hand-card:enabled").count():
                drawn += 1
                assert "discard a card" in page.inner_text("#status")
                mark = page.locator(".hand-card.drawn, .hand-card.taken")
                assert mark.count() == 1 and mark.locator(".tag").count() == 1
                enabled = page.locator(".hand-card:enabled")
                codes = [enabled.nth(i).get_attribute("data-card") or "" for i in range(enabled.count())]
                press_for_card(page, max(codes, key=lambda code: RANKS.index(code[0])))
                page.keyboard.press("Enter")
                wait_after(page, before)
                # the focus stays in the player's hand, not thrown back to the page's top
                assert page.evaluate("document.querySelector('#hand').contains(document.activeElement)")
                continue
            else:  # the computer's turn is being shown
                page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
                continue
            wait_after(page, before)
        assert page.locator("#result:not([hidden]) .outcome").count(), page.inner_text("#status")
        assert drawn >= 1
        still(page)
        page.screenshot(path=ARTIFACTS / "table-keyboard-hand-over.png", full_page=True)
        before = version(page)
        page.keyboard.press("Enter")  # the next hand
        wait_after(page, before)
        assert page.locator("#result[hidden]").count()
        assert not errors


def test_cards_stock_pile_and_opponent_are_named_in_the_page_language(browser: Browser,
                                                                         tmp_path: Path) -> None:
    words = {"en": ("Stock, 31 cards", "'s hand: 10 cards", {"H": "of hearts", "S": "of spades"}),
             "nb": ("Bunken, 31 kort", ": 10 kort", {"H": "hjerter", "S": "spar"}),
             "sv": ("Talongen, 31 kort", ": 10 kort", {"H": "hjärter", "S": "spader"})}
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        for lang, (stock, opponent, suits) in words.items():
            page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
            new_game(page, base, lang)
            assert page.get_attribute("#stock", "aria-label").startswith(stock)
            assert page.locator("#opponent-hand [role=img]").count() == 1
            assert opponent in (page.get_attribute("#opponent-hand [role=img]", "aria-label") or "")
            assert page.locator("#opponent-hand svg.back[aria-hidden=true]").count() == 10
            label = page.get_attribute("#pile", "aria-label") or ""
            top = page.get_attribute("#pile", "data-top") or ""
            assert "♠" not in label and "♥" not in label and top
            names = [page.locator("#hand svg.face").nth(i).get_attribute("aria-label") or ""
                     for i in range(10)]
            codes = page.evaluate("[...document.querySelectorAll('#hand [data-card]')].map(n => n.dataset.card)")
            for code, name in zip(codes or [], names, strict=False):
                if code[1] in suits:
                    assert suits[code[1]] in name, (code, name)
            if lang == "sv":  # "hjärter sju": the suit first, as the Swedish texts say it
                assert any(name.startswith(("hjärter ", "spader ", "ruter ", "klöver ")) for name in names)
            if lang == "nb":  # "sju hjerter"
                assert any(name.endswith((" hjerter", " spar", " ruter", " kløver")) for name in names)
            page.close()


def drag(page: Page, source: str, target: str, at: float = 0.5) -> None:
    """Press on ``source``, move in steps to ``target`` (``at``: how far across it), release.
    Waits for the cards to stop moving first: boxes measured mid-animation miss their target."""
    still(page)
    start, end = page.locator(source).bounding_box(), page.locator(target).bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] * at, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def test_the_drawn_card_is_marked_and_drag_reorders_and_discards(browser: Browser,
                                                                  tmp_path: Path) -> None:
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
        new_game(page, base)
        until_my_draw(page)
        # before drawing (no card may be thrown): drag the first card past the last; the hand
        # takes the player's own order and no move is sent
        codes = hand_codes(page)
        before = version(page)
        drag(page, f".hand-card[data-card='{codes[0]}']", f".hand-card[data-card='{codes[-1]}']", 0.9)
        assert hand_codes(page) == codes[1:] + codes[:1]
        assert version(page) == before
        page.keyboard.press("d")
        wait_after(page, before)
        new = set(hand_codes(page)) - set(codes)
        assert len(new) == 1
        drawn = new.pop()
        assert page.locator(".hand-card.drawn").get_attribute("data-card") == drawn
        assert "just drawn" in (page.get_attribute(".hand-card.drawn", "aria-label") or "")
        assert hand_codes(page) == codes[1:] + codes[:1] + [drawn]  # the own order stays
        still(page)
        page.screenshot(path=ARTIFACTS / "table-drawn-card.png")
        # and a card dragged onto the pile is thrown
        card = page.locator(".hand-card:enabled").first.get_attribute("data-card")
        before = version(page)
        drag(page, f".hand-card[data-card='{card}']", "#pile")
        wait_after(page, before)
        assert card not in hand_codes(page)


def test_a_finger_drags_a_card_onto_the_pile_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True, bypass_csp=True)
        page = context.new_page()
        new_game(page, base)
        until_my_draw(page)
        before = version(page)
        page.tap("#stock")
        wait_after(page, before)
        still(page)
        page.screenshot(path=ARTIFACTS / "table-phone-drawn.png", full_page=True)
        card = page.locator(".hand-card:enabled").first.get_attribute("data-card")
        box = page.locator(f".hand-card[data-card='{card}']").bounding_box()
        pile = page.locator("#pile").bounding_box()
        assert box and pile
        cdp = context.new_cdp_session(page)
        start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        end = (pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2)

        def touch(kind: str, x: float, y: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        before = version(page)
        touch("touchStart", *start)
        for step in range(1, 11):
            touch("touchMove", start[0] + (end[0] - start[0]) * step / 10,
                  start[1] + (end[1] - start[1]) * step / 10)
        touch("touchEnd", *end)
        wait_after(page, before)
        assert card not in hand_codes(page)


def test_no_motion_under_prefers_reduced_motion(browser: Browser, tmp_path: Path) -> None:
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        moving = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
        calm = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True,
                                 reduced_motion="reduce")
        for page in (moving, calm):
            new_game(page, base)
            until_my_draw(page)
        # the drawn card slides in from the stock; without motion nothing animates at all
        before = version(moving)
        moving.keyboard.press("d")
        moving.wait_for_function("document.getAnimations().some((a) => a.effect.target.closest('#hand'))")
        before = version(calm)
        calm.focus("#stock")  # Space (like Enter) acts on the focused stock
        calm.keyboard.press("Space")
        wait_after(calm, before)
        assert calm.locator(".hand-card.drawn").count() == 1
        assert calm.evaluate("document.getAnimations().length") == 0


def test_offline_blocks_the_table_until_the_server_is_back(browser: Browser,
                                                           tmp_path: Path) -> None:
    port = free_port()
    url = f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3"
    page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    with serve(port, url, tmp_path) as base:
        new_game(page, base)
        until_my_draw(page)
        assert page.locator("#offline:not([hidden])").count() == 0
    # the server is gone (killed): the page says so and takes no input
    page.wait_for_selector("#offline:not([hidden])")
    assert "Offline" in page.inner_text("#offline")
    assert page.evaluate("document.querySelector('#table .felt').inert")
    page.screenshot(path=ARTIFACTS / "table-offline.png")
    before = version(page)
    page.keyboard.press("d")
    page.locator("#stock").click(force=True)
    assert version(page) == before and page.locator("#offline:not([hidden])").count() == 1
    with serve(port, url, tmp_path):
        page.wait_for_selector("#offline", state="hidden", timeout=15000)
        assert not page.evaluate("document.querySelector('#table .felt').inert")
        page.keyboard.press("d")  # the same turn, now played
        wait_after(page, before)
        assert page.locator(".hand-card.drawn").count() == 1


def test_the_computer_draws_then_throws_in_two_steps(browser: Browser, tmp_path: Path) -> None:
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
        new_game(page, base)
        until_my_draw(page)
        before = version(page)
        page.keyboard.press("d")
        wait_after(page, before)
        # every table the page shows from now: the status line and the pile's top card
        page.evaluate("""() => { window.seen = [];
            new MutationObserver(() => window.seen.push([document.querySelector('#status').textContent,
                                                         document.querySelector('#pile').dataset.top]))
              .observe(document.querySelector('#status'), { childList: true, characterData: true, subtree: true }); }""")
        thrown = page.locator(".hand-card:enabled").first.get_attribute("data-card")
        before = version(page)
        page.keyboard.press(KEY_OF_INDEX[hand_codes(page).index(thrown or "")])
        page.keyboard.press("Enter")
        wait_after(page, before)
        seen: list[list[str]] = page.evaluate("window.seen")
        final_status, final_top = seen[-1]
        assert "threw" in final_status or page.locator("#result:not([hidden])").count()
        # before it: the computer's draw alone, my card still on the pile when it drew from the stock
        drew = [(status, top) for status, top in seen[:-1] if "Random:" in status and "threw" not in status]
        assert drew, seen
        status, top = drew[-1]
        assert "drew from the stock" in status and top == thrown or "took" in status and top != thrown


def test_sound_is_off_until_turned_on(browser: Browser, tmp_path: Path) -> None:
    with serve(free_port(), f"sqlite:///{fast_dir()}/{tmp_path.name}.sqlite3", tmp_path) as base:
        page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
        # count the tones the page makes (WebAudio oscillators started)
        page.add_init_script("""window.tones = 0;
            const start = OscillatorNode.prototype.start;
            OscillatorNode.prototype.start = function (...args) { window.tones += 1; return start.apply(this, args); };""")
        new_game(page, base)
        until_my_draw(page)
        before = version(page)
        page.keyboard.press("d")
        wait_after(page, before)
        assert page.evaluate("window.tones") == 0
        assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
        page.click("#sound-toggle")
        assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
        tones = page.evaluate("window.tones")  # the switch plays a sample
        before = version(page)
        press_for_card(page, page.locator(".hand-card:enabled").first.get_attribute("data-card") or "")
        page.keyboard.press("Enter")  # a discard, and the computer's draw and throw
        wait_after(page, before)
        assert page.evaluate("window.tones") > tones
        page.reload()  # the choice is kept
        page.wait_for_selector("#sound-toggle[aria-pressed=true]")
