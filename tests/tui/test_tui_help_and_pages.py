"""The loose ends of the terminal game: every help names the keys and commands that exist
(r rules, a the computer's move, plain ``rules``, ``play --tutorial``) in en, nb and sv; plain
commands in the player's words; the score sheet's command as each mode names it; text pages
that scroll with Close in view at 80x24 and 60x20."""

from __future__ import annotations

import asyncio
import io

import pytest
from knock_deal import THIRD, knock_session
from textual.widgets import Button
from tui_helpers import settled_text

from ginrummy.core.rules import rules_for
from ginrummy.i18n import LOCALES, read_catalogues, translator
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.dialogs import HELP_TEXT, HelpScreen, TextScreen
from ginrummy.tui.plain import PlainGame
from ginrummy.tui.replay_prompt import command_of
from ginrummy.tui.rules_summary import rules_text
from ginrummy.tui.session import Settings

LANGS = ["en", "nb", "sv"]
TUTORIAL = "ginrummy play --tutorial"


def catalogue(lang: str) -> dict[str, str]:
    return read_catalogues(LOCALES / lang / "LC_MESSAGES")


def plain_out(lines: list[str], lang: str) -> str:
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO("".join(f"{line}\n" for line in lines)),
              stdout=out).run()
    return out.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_tui_help_screen_names_r_a_and_the_tutorial(lang):
    text = translator(lang)(HELP_TEXT)
    assert lang == "en" or text != HELP_TEXT  # translated, not the English fallback
    keys = {line.split()[0] for line in text.splitlines() if line[:1].isalpha() and
            line[1:16] == " " * 15}
    assert {"r", "a", "c", "h", "q"} <= keys, keys
    assert TUTORIAL in text


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
@pytest.mark.parametrize(("lang", "rules"), [("en", "r rules"), ("nb", "r regler"),
                                             ("sv", "r regler")])
def test_tui_key_bar_names_r_and_a(tmp_path, monkeypatch, lang, rules, size):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    app = GinRummyApp(store=open_store(f"sqlite:///{tmp_path}/s.sqlite3"),
                      rules=rules_for("classic"),
                      settings=Settings(opponent="random", lang=lang), seed=3, show_setup=False)

    async def run() -> str:
        async with app.run_test(size=size) as pilot:
            return await settled_text(app, pilot)

    shown = asyncio.run(run())
    bar = " ".join(shown.splitlines()[-3:])  # the bar wraps to three lines at 60 columns
    assert rules in bar and " a " in bar and "? " in bar, bar


@pytest.mark.parametrize(("lang", "rules_word"), [("en", "rules"), ("nb", "regler"),
                                                  ("sv", "regler")])
def test_tui_plain_help_and_rules_in_each_language(lang, rules_word):
    out = plain_out(["help", rules_word, "quit"], lang)
    commands = translator(lang)("Commands: hint, score, rules, seen (memory aid), sort "
                                "melds|rank|suit, help, quit (the match is saved; resume with "
                                "--resume).")
    assert commands in out and rules_word in commands
    assert TUTORIAL in out
    first_line = rules_text(lang, rules_for("classic", target=10)).splitlines()[0]
    assert first_line in out  # the rules were told, not refused as an unknown action


@pytest.mark.parametrize(("lang", "word"), [("nb", "slutt"), ("sv", "sluta"), ("nb", "avslutt"),
                                            ("sv", "q"), ("en", "quit")])
def test_tui_plain_replay_takes_plain_quit_words(lang, word):
    assert command_of(word, translator(lang)) == "quit"
    assert command_of("s", translator(lang)) is None  # a whole word only, never its letter


@pytest.mark.parametrize(("lang", "knock"), [("en", "knock"), ("nb", "bank"), ("sv", "knacka")])
def test_tui_plain_hand_end_names_the_plain_score_command(lang, knock):
    out = plain_out(["pass", "draw pile", "draw stock", f"{knock} KH show {THIRD}", ""], lang)
    words = catalogue(lang)
    expected = words["score: the whole score sheet"]
    assert expected in out, out[-800:]
    assert expected.split(":")[0] in {"score", "poeng", "poäng"}
    assert "c: " not in out  # the full-screen game's key, not plain mode's command


LONG = "\n".join(f"line {n}" for n in range(1, 61))


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
@pytest.mark.parametrize("lang", LANGS)
def test_tui_text_pages_scroll_with_close_in_view(tmp_path, monkeypatch, size, lang):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    app = GinRummyApp(store=open_store(f"sqlite:///{tmp_path}/s.sqlite3"),
                      rules=rules_for("classic"),
                      settings=Settings(opponent="random", lang=lang), seed=3, show_setup=False)
    _ = translator(lang)
    last_words = _(HELP_TEXT).split()[-1]

    async def page(pilot, opener) -> tuple[bool, str, str]:
        await opener()
        await settled_text(app, pilot)
        screen = app.screen
        assert isinstance(screen, TextScreen)
        close = screen.query_one("#close", Button).region
        in_view = close.height > 0 and close.bottom <= size[1] and close.right <= size[0]
        await pilot.press("end")
        text = await settled_text(app, pilot)
        await pilot.press("escape")
        await settled_text(app, pilot)
        return in_view, text, type(screen).__name__

    async def run() -> list[tuple[bool, str, str]]:
        async with app.run_test(size=size) as pilot:
            await settled_text(app, pilot)

            async def help_page() -> None:
                await pilot.press("question_mark")

            async def long_page() -> None:
                app.push_screen(TextScreen(_("Score sheet"), LONG, _))

            async def sheet() -> None:
                await pilot.press("c")

            return [await page(pilot, help_page), await page(pilot, long_page),
                    await page(pilot, sheet)]

    (help_close, help_end, help_kind), (long_close, long_end, _k), (sheet_close, sheet_end,
                                                                    _s) = asyncio.run(run())
    assert help_kind == HelpScreen.__name__
    assert help_close and long_close and sheet_close
    assert last_words in help_end, help_end
    assert "line 60" in long_end and "line 1\n" not in long_end
    assert _("Close (Esc)") in help_end and _("Close (Esc)") in long_end
    assert _("Close (Esc)") in sheet_end
