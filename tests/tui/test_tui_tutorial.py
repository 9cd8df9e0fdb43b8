"""The tutorial: a guided hand on a stacked deck, finished by keys, skippable, in three languages."""

from __future__ import annotations

import asyncio
import io
import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from tui_helpers import screen_text

from ginrummy.core.cards import parse_cards, to_mask
from ginrummy.core.rules import rules_for
from ginrummy.tui.lesson import (
    STEPS,
    YOU,
    Lesson,
    mark_offered,
    should_offer,
    texts,
    walk_through,
)
from ginrummy.tui.tutorial import TutorialApp

ROOT = Path(__file__).resolve().parents[2]
KEYS = [key for _, key, _ in STEPS]  # the keys a person presses, step by step


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_tutorial_is_a_real_hand_won_by_a_knock_with_layoffs(lang: str) -> None:
    lesson = Lesson(rules_for("classic"), lang=lang)
    seen = []
    for key in KEYS:
        seen.append(lesson.text())
        assert lesson.press(key)
    assert lesson.done
    result = lesson.state.view(YOU).result
    assert result is not None and result.settlement is not None
    # you knock with 2♠ left (deadwood 2); the computer lays off 8♥ and 7♣, keeps 9♣ A♠ (10)
    assert result.outcome == "knock" and result.winner == YOU and result.points == 8
    laid = to_mask([layoff.card for layoff in result.settlement.layoffs])
    assert laid == to_mask(parse_cards("8H 7C"))
    assert all("{" not in text for text in seen)
    assert len(set(seen)) == len(STEPS)  # every step says something new


def test_tui_tutorial_texts_exist_in_every_language_and_are_translated() -> None:
    english = texts("en")
    for lang in ("nb", "sv"):
        words = texts(lang)
        assert set(words) == set(english)
        for name, text in words.items():
            placeholders = set(re.findall(r"{(\w+)}", text))
            assert placeholders == set(re.findall(r"{(\w+)}", english[name])), (lang, name)
            if name not in ("you",):  # "Du" is both languages' word
                assert text != english[name], (lang, name)
    assert texts("de") == english


def test_tui_tutorial_a_wrong_key_changes_nothing() -> None:
    lesson = Lesson(rules_for("classic"))
    for key in KEYS[:3]:
        lesson.press(key)
    before = (lesson.step, lesson.state.view(YOU).hand)
    assert not lesson.press("d") and not lesson.press("enter")  # the upcard step wants p
    assert (lesson.step, lesson.state.view(YOU).hand) == before


def test_tui_tutorial_plain_walk_through_for_screen_readers() -> None:
    typed = "".join(("" if key == "enter" else key) + "\n" for key in KEYS)
    out = io.StringIO()
    lesson = Lesson(rules_for("classic"), lang="nb")
    assert walk_through(lesson, stdin=io.StringIO("x\n" + typed), stdout=out)
    text = out.getvalue()
    assert "Ikke den: trykk tasten teksten nevner." in text  # the stray x was refused
    assert "Leksjon, trinn 12 av 12" in text and "skriv p og trykk Enter" in text
    assert "Du: 3♣ 4♣ 5♣ | 7♦ 7♥ 7♠ | 9♥ 10♥ J♥   2♠" in text
    skipped = Lesson(rules_for("classic"))
    assert not walk_through(skipped, stdin=io.StringIO("\nq\n"), stdout=io.StringIO())
    assert skipped.step == 1


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_tui_tutorial_full_screen_by_keys(size: tuple[int, int]) -> None:
    app = TutorialApp(Lesson(rules_for("classic"), lang="sv"))
    screens: list[str] = []
    last_words: list[str] = []

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key in KEYS:
                screens.append(screen_text(app))
                last_words.append(app.screen.lesson.text().split()[-1])
                await pilot.press(key)
                await pilot.pause()

    asyncio.run(run())
    assert "Lektion, steg 1 av 12" in screens[0] and "Välkommen!" in screens[0]
    assert "Slänghögen: J♥" in screens[0] and "Esc lämna lektionen" in screens[0]
    assert "Du knackade." in screens[8] and "Datorn: 2♦ 3♦ 4♦ | K♣ K♥ K♠" in screens[8]
    for screen, word in zip(screens, last_words, strict=True):  # nothing cut off at the end
        assert word in screen, (word, screen)
    assert app.return_code is not None or not app.is_running  # the last Enter closed it


def test_tui_tutorial_escape_leaves_at_once() -> None:
    app = TutorialApp(Lesson(rules_for("classic")))

    async def run() -> bool:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            return app.is_running

    assert not asyncio.run(run())


def test_tui_tutorial_is_offered_once(tmp_path: Path) -> None:
    assert should_offer(tmp_path)
    mark_offered(tmp_path)
    assert not should_offer(tmp_path)
    played = tmp_path / "played"
    played.mkdir()
    (played / "games.sqlite3").write_bytes(b"")
    assert not should_offer(played)  # someone has played here already


def test_tui_tutorial_files_are_package_data() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["ginrummy"]
    for lang in ("en", "nb", "sv"):
        assert any(fnmatch(f"tui/tutorial/{lang}.txt", glob) for glob in globs)
