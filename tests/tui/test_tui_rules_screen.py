"""The rules screen: a player's summary in three languages, with the table's own figures."""

from __future__ import annotations

import asyncio
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from textual.widgets import Select
from tui_helpers import screen_text, settled_text

from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.rules_screen import RulesScreen
from ginrummy.tui.rules_summary import rules_text
from ginrummy.tui.session import Settings

ROOT = Path(__file__).resolve().parents[2]
# Words that must never appear in a Norwegian or Swedish page (English left untranslated).
ENGLISH = ("deadwood", "meld", "knock", " the ", " and ", " stock ", "discard pile", "score")


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_rules_text_covers_the_game_in_each_language(lang: str) -> None:
    text = rules_text(lang, rules_for("classic"))
    assert "{" not in text and "}" not in text
    # cards as the table shows them (rank, then suit), never the seed texts' "♥A"
    assert "A♥ 2♥ 3♥" in text and "♥A" not in text
    headings = [line for line in text.splitlines() if line.isupper()]
    assert len(headings) == 10  # aim, cards, melds, deal, turn, knock, layoffs, scoring, match, tips
    # the classic figures: knock limit 10, gin 20, undercut 10, target 100, box 20
    for figure in ("10 ", "20", "100", "200"):
        assert figure in text
    if lang != "en":
        lowered = text.lower()
        assert not [word for word in ENGLISH if word in lowered.replace("big gin", "")]


def test_tui_rules_text_takes_its_figures_from_the_rules_played() -> None:
    norwegian = rules_text("nb", rules_for("norwegian"))
    assert "pluss bankebonus, 20" in norwegian and "Gin gir 40 pluss" in norwegian
    assert "Big gin" not in norwegian  # off in that preset
    modern = rules_text("sv", rules_for("modern"))
    assert "Big gin: alla elva korten" in modern and "bonus 31" in modern
    assert "ginbonus, 25" in modern and "knackbonus" not in modern
    limit = rules_text("en", rules_for("classic", knock_limit=7))
    assert "when your deadwood after the discard is 7 or less" in limit


def test_tui_rules_text_is_english_for_an_unknown_language() -> None:
    assert rules_text("de") == rules_text("en")


def test_tui_rules_files_are_package_data() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["ginrummy"]
    for lang in ("en", "nb", "sv"):
        assert any(fnmatch(f"tui/rules/{lang}.txt", glob) for glob in globs)


def test_tui_r_opens_the_rules_over_the_table_and_escape_closes_them(tmp_path, monkeypatch):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    app = GinRummyApp(store=store, rules=rules_for("norwegian"),
                      settings=Settings(opponent="random", lang="nb"), seed=3, show_setup=False)

    async def run() -> tuple[str, str, str, bool]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            shown = screen_text(app)
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("end")
            scrolled = await settled_text(app, pilot)
            await pilot.press("escape")
            await pilot.pause()
            return shown, scrolled, screen_text(app), isinstance(app.screen, RulesScreen)

    shown, scrolled, after, still_open = asyncio.run(run())
    assert "Regler" in shown and "MÅLET" in shown and "Gin Rummy er et kortspill" in shown
    assert "RÅD" in scrolled, scrolled  # the page scrolls to its last heading
    assert "Lukk (Esc)" in scrolled or "(Esc)" in scrolled  # the way out stays in sight
    assert "MÅLET" not in after and not still_open


def test_tui_setup_screen_opens_the_rules_and_the_lesson(tmp_path, monkeypatch):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    app = GinRummyApp(store=store, rules=rules_for("classic"),
                      settings=Settings(opponent="random", lang="sv"), seed=8)

    async def run() -> tuple[str, str, str, str]:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.screen.query_one("#rules", Select).value = "modern"
            await pilot.click("#rules-page")
            rules = await settled_text(app, pilot)
            page = app.screen.text if isinstance(app.screen, RulesScreen) else ""
            await pilot.press("escape")
            await pilot.pause()
            await pilot.click("#tutorial")
            lesson = await settled_text(app, pilot)
            await pilot.press("escape")
            return rules, page, lesson, await settled_text(app, pilot)

    rules, page, lesson, back = asyncio.run(run())
    assert "Regler" in rules and "MÅLET" in rules
    assert "ginbonus, 25" in page  # the figures of the preset chosen on the form
    assert "Lektion, steg 1 av 12" in lesson
    assert "Lär dig spela" in back and "Lektion" not in back
    assert (tmp_path / "tutorial-offered").exists()  # taken once, not offered again
