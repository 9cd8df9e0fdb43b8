"""A finished match replayed in headless Chromium on the Swedish page: each move told as a
sentence in Swedish ("Du drog 7♠ från talongen."), stepped forward and back by button and arrow
key, and by hand. Screenshots go to artifacts/web/."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from test_web_browser import ARTIFACTS, browser, play_one, server

__all__ = ["browser", "server"]

CARD = r"(10|[2-9AJQK])[♣♦♥♠]"
# every sentence a move can make on the Swedish page, by the player ("Du") or the computer ("Slumpvis", named in Swedish)
SENTENCES = [r"(Du|Slumpvis) ger giv \d+\.", rf"(Du|Slumpvis) tog uppkortet {CARD}\.",
             r"(Du|Slumpvis) passade\.", rf"(Du|Slumpvis) drog {CARD} från talongen\.",
             rf"(Du|Slumpvis) tog {CARD} från slänghögen\.", rf"(Du|Slumpvis) slängde {CARD}\.",
             rf"(Du|Slumpvis) knackade och slängde {CARD} med baksidan upp\.",
             rf"(Du|Slumpvis) gick gin och slängde {CARD} med baksidan upp\."]


def finished_match(browser: Browser, server: str) -> Page:
    """Ann against the random computer to 1 point, played to the end by clicking."""
    context = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True,
                                  reduced_motion="reduce")
    context.add_init_script("localStorage.setItem('ginrummy.lang', 'sv')")
    page = context.new_page()
    page.goto(server + "/")
    page.fill("input[name=name]", "Ann")
    page.select_option("#opponent", "random")
    page.click("summary")
    page.fill("#options input[name=target]", "1")
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")
    for _ in range(800):
        if page.locator("#result .outcome", has_text="vinner matchen").count():
            return page
        assert play_one(page), page.inner_text("#status")
    raise AssertionError("the match did not end")


def sentence(page: Page) -> str:
    text = page.inner_text("#replay-move")
    assert any(re.fullmatch(pattern, text) for pattern in SENTENCES), text
    return text


def test_a_replay_reads_as_swedish_sentences_and_steps_move_by_move(
        browser: Browser, server: str) -> None:
    page = finished_match(browser, server)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/#history")
    page.click("#history-list button")
    page.wait_for_selector("#replay-board .card")
    assert page.inner_text("#replay-title") == "Ann – Slumpvis · Klassisk · Mål 1"  # rules in words
    assert re.fullmatch(r"(Du|Slumpvis) ger giv 1\.", sentence(page))
    expect(page.locator("#replay-step")).to_have_text("Given")
    assert page.locator("#replay-prev").is_disabled()
    told = [sentence(page)]
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_have_text(re.compile(r"Drag 1 av \d+"))
    told.append(sentence(page))
    assert told[1] != told[0]
    page.keyboard.press("ArrowRight")  # focus stays in the replay: the arrows step too
    expect(page.locator("#replay-step")).to_have_text(re.compile(r"Drag 2 av \d+"))
    told.append(sentence(page))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-move")).to_have_text(told[1])
    page.keyboard.press("End")  # the hand's last move, with the settlement
    last = sentence(page)
    assert re.search("knackade|gick gin|slängde", last), last
    page.wait_for_selector("#replay-board .outcome")
    page.screenshot(path=ARTIFACTS / "replay-sv.png", full_page=True)
    page.keyboard.press("Home")
    expect(page.locator("#replay-step")).to_have_text("Given")
    hands = page.eval_on_selector_all("#replay-hand option", "options => options.map(o => o.text)")
    assert hands[0] == "Giv 1" and all(re.fullmatch(r"Giv \d+", hand) for hand in hands)
    if len(hands) > 1:  # a dead hand first: jump to the next one
        page.select_option("#replay-hand", label=hands[1])
        expect(page.locator("#replay-move")).to_have_text(re.compile(r".* ger giv 2\."))
    assert not errors
