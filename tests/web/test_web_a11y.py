"""An accessibility audit (axe-core, bundled by the axe-playwright-python package of the
``browser`` extra) in headless Chromium, at desktop and phone size, on every screen a visitor
meets: the lobby, the table in mid-hand, a settlement, a replay and a link that opens nothing.
No serious or critical violation may remain; every finding, of any impact, is written to
artifacts/web/a11y-<size>.json for the record."""

from __future__ import annotations

import json
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page
from test_web_browser import ARTIFACTS, browser, play_one, server

__all__ = ["browser", "server"]

SIZES = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}


def audit(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it stands: rule, impact, the first elements, the help."""
    results = Axe().run(page).response
    return [{"rule": v["id"], "impact": v["impact"], "help": v["help"],
             "where": [node["target"] for node in v["nodes"]][:5]}
            for v in results["violations"]]


@pytest.mark.parametrize("size", SIZES)
def test_no_serious_accessibility_violation_on_any_screen(browser: Browser, server: str,
                                                           size: str) -> None:
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True,
                                  reduced_motion="reduce")  # no card caught mid-flight
    page = context.new_page()
    findings: dict[str, list[dict[str, Any]]] = {}
    page.goto(server + "/")
    page.wait_for_selector("#opponent option[value=friend]", state="attached")
    page.fill("input[name=name]", "Ann")
    page.select_option("#opponent", "random")
    page.click("summary")  # the variants open: their inputs are audited too
    findings["lobby"] = audit(page)
    page.fill("#options input[name=target]", "1")
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")
    for _ in range(3):
        assert play_one(page)
    findings["table"] = audit(page)
    for _ in range(400):
        if page.locator("#result:not([hidden])").count():
            break
        assert play_one(page)
    findings["settlement"] = audit(page)
    page.screenshot(path=ARTIFACTS / f"a11y-settlement-{size}.png", full_page=True)
    for _ in range(800):
        if page.locator("#result .outcome", has_text="wins the match").count():
            break
        assert play_one(page)
    page.goto(server + "/#history")
    page.click("#history-list button")
    page.wait_for_selector("#replay-board .card")
    page.click("#replay-next")
    findings["replay"] = audit(page)
    page.screenshot(path=ARTIFACTS / f"a11y-replay-{size}.png", full_page=True)
    page.goto(server + "/g/no-such-game#x")
    page.wait_for_selector("#problem:not([hidden])")
    findings["bad link"] = audit(page)
    (ARTIFACTS / f"a11y-{size}.json").write_text(json.dumps(findings, indent=1), "utf-8")
    serious = {screen: [f for f in found if f["impact"] in ("serious", "critical")]
               for screen, found in findings.items()}
    assert not any(serious.values()), serious
