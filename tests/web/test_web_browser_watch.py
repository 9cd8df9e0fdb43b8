"""A watcher in headless Chromium hears every move and sees whose hand is whose: Ann plays the
computer while a second browser follows the game through the watch link, in Norwegian.
Screenshots go to artifacts/web/."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, expect
from test_web_browser import ARTIFACTS, browser, open_lobby, play_one, server, version

__all__ = ["browser", "server"]


def test_a_watcher_hears_the_moves_and_sees_named_hands(browser: Browser, server: str) -> None:
    host, errors = open_lobby(browser, server)
    host.select_option("#opponent", "random")
    host.click("button[type=submit]")
    host.wait_for_selector("body[data-version]")
    saved = json.loads(host.evaluate("localStorage.getItem('ginrummy.games')"))
    game = saved[0]["game"]
    watch_link = f"{server}/g/{game}#{saved[0]['watch']}"
    context = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True,
                                  reduced_motion="reduce")  # a still screenshot
    context.add_init_script("localStorage.setItem('ginrummy.lang', 'nb')")
    watcher = context.new_page()
    watcher.on("pageerror", lambda error: errors.append(str(error)))
    watcher.goto(watch_link)
    watcher.wait_for_selector("body[data-version]")
    # both hands carry their player's name: the computer's at the top, Ann's at the bottom
    expect(watcher.locator("#opponent-hand .seat-name")).to_contain_text("Random")
    expect(watcher.locator("#hand-name")).to_have_text("Ann")
    said: list[str] = []
    for _ in range(4):  # Ann's moves, each answered by the computer's
        assert play_one(host)
        watcher.wait_for_function(f"Number(document.body.dataset.version) >= {version(host)}")
        said.append(watcher.inner_text("#status"))
    # each move is told with the mover's name, in Norwegian
    narration = " ".join(said)
    assert re.search(r"Ann: (sto over|trakk fra bunken|tok |kastet )", narration), said
    assert re.search(r"Random: (sto over|trakk fra bunken|tok |kastet )", narration), said
    watcher.screenshot(path=ARTIFACTS / "watcher-nb.png", full_page=True)
    assert not errors
