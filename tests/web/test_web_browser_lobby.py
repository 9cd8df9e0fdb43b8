"""The lobby and the links that open nothing, in headless Chromium: every level and preset is
named in words with a line saying what it is, in English, Norwegian and Swedish; a bad or cut
link says what is wrong in the page's language and offers a new match. Screenshots go to
artifacts/web/."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect
from test_web_browser import ARTIFACTS, browser, server

from ginrummy.players import player_names

__all__ = ["browser", "server"]

LEVELS = player_names()  # every computer player the server offers


def lobby_in(browser: Browser, server: str, lang: str, *, phone: bool = False) -> Page:
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 860}
    page = browser.new_page(viewport=viewport, bypass_csp=True)
    page.add_init_script(f"localStorage.setItem('ginrummy.lang', '{lang}')")
    page.goto(server + "/")
    page.wait_for_selector("#opponent option[value=friend]", state="attached")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    return page


def lobby_words(page: Page) -> dict[str, str]:
    """What the lobby says of each level and preset: the option's text and the line under it."""
    words: dict[str, str] = {}
    for level in LEVELS:
        page.select_option("#opponent", level)
        words[f"level {level}"] = page.inner_text(f"#opponent option[value='{level}']")
        words[f"about {level}"] = page.inner_text("#opponent-about")
    presets = page.eval_on_selector_all("#preset option", "options => options.map(o => o.value)")
    for preset in presets:
        page.select_option("#preset", preset)
        words[f"preset {preset}"] = page.inner_text(f"#preset option[value='{preset}']")
        words[f"about {preset}"] = page.inner_text("#preset-about")
    words["start"] = page.inner_text("button[type=submit]")
    words["language"] = page.get_attribute("#lang", "aria-label") or ""
    return words


def test_the_lobby_names_levels_and_presets_in_words_in_three_languages(
        browser: Browser, server: str) -> None:
    english = lobby_words(lobby_in(browser, server, "en"))
    assert english["level expert"] == "Computer: Expert"
    assert english["about expert"].startswith("The strongest")
    assert english["level gin-camper"] == "Computer: Gin hunter"
    assert english["preset eaai"] == "Tournament (EAAI)"
    assert "first to 100" in english["about classic"]
    assert english["preset three-player"] == "Three players"
    assert all(english[f"about {level}"] for level in LEVELS)  # a line on every level
    assert not [level for level in LEVELS if english[f"level {level}"].endswith(level)]
    for lang, expert, classic, start, language in [
            ("nb", "Datamaskinen: Ekspert", "Klassisk", "Begynn", "Språk"),
            ("sv", "Datorn: Expert", "Klassisk", "Starta", "Språk")]:
        page = lobby_in(browser, server, lang)
        words = lobby_words(page)
        assert words["level expert"] == expert and words["preset classic"] == classic
        assert words["start"] == start and words["language"] == language
        # every line is said in the page's language, none left in English
        same = [key for key, text in words.items()
                if key.startswith("about") and text == english[key]]
        assert not same, (lang, same)
        page.select_option("#opponent", "expert")
        page.screenshot(path=ARTIFACTS / f"lobby-{lang}.png", full_page=True)
        page.close()
    phone = lobby_in(browser, server, "sv", phone=True)
    phone.select_option("#opponent", "expert")
    phone.screenshot(path=ARTIFACTS / "lobby-sv-phone.png", full_page=True)


def test_a_bad_link_says_what_is_wrong_in_swedish_and_offers_a_new_match(
        browser: Browser, server: str) -> None:
    page = lobby_in(browser, server, "sv")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/g/no-such-game#not-a-token")
    page.wait_for_selector("#problem:not([hidden])")
    assert page.inner_text("#problem-title") == "Länken öppnar inget parti"
    assert "starta ett nytt parti" in page.inner_text("#problem-text")
    assert page.locator("#table").is_hidden() and page.locator("#toast").is_hidden()
    page.screenshot(path=ARTIFACTS / "bad-link-sv.png", full_page=True)
    page.select_option("#lang", "nb")  # the words follow the language chosen
    expect(page.locator("#problem-title")).to_have_text("Denne lenken åpner ikke noe parti")
    page.select_option("#lang", "sv")
    expect(page.locator("#problem-title")).to_have_text("Länken öppnar inget parti")
    page.click("#problem button")  # the way out: a new match
    page.wait_for_selector("#lobby:not([hidden])")
    assert urlsplit(page.url).path == "/"

    page.goto(server + "/g/some-game")  # the secret part of the link is missing
    page.wait_for_selector("#problem:not([hidden])")
    assert page.inner_text("#problem-title") == "Länken är ofullständig"
    page.goto(server + "/no/such/page")
    page.wait_for_selector("#problem:not([hidden])")
    assert page.inner_text("#problem-title") == "Sidan finns inte"
    assert not errors


def test_the_invite_panel_goes_once_the_friend_is_seated(browser: Browser, server: str) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True).new_page()
    host.goto(server + "/")
    host.fill("input[name=name]", "Ann")
    host.select_option("#opponent", "friend")
    expect(host.locator("#opponent-about")).to_contain_text("link")
    host.fill("input[name=friend]", "Bob")
    host.click("button[type=submit]")
    links = host.locator("#invite input.link")
    links.first.wait_for()
    expect(host.locator("#invite")).to_contain_text("Waiting for your friend to join.")
    invite = links.first.input_value()
    friend = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True).new_page()
    friend.goto(invite)
    friend.wait_for_selector("body[data-version]")
    expect(host.locator("#invite")).to_be_hidden()  # Bob sat down: nothing left to send
    assert friend.locator("#invite").is_hidden()  # and the friend never had links to send
    friend.close()  # Bob leaves for a moment: the panel stays gone, on a reload too
    host.reload()
    host.wait_for_selector("body[data-version]")
    assert host.locator("#invite").is_hidden()


def test_seats_are_named_in_the_page_language(browser: Browser, server: str) -> None:
    page = lobby_in(browser, server, "nb")
    page.select_option("#opponent", "beginner")  # and no name typed
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")
    chips = page.locator("#scoreline .chip")
    expect(chips.nth(0)).to_contain_text("Spiller 1")
    expect(chips.nth(1)).to_contain_text("Nybegynner")
