"""The same match resumed twice (two terminals, one data directory): the first to save wins,
the other is refused with StaleMatchError, shows why and stops; nothing the first saved is lost.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from ginrummy.core.actions import PASS, TAKE
from ginrummy.core.record import write_record
from ginrummy.core.rules import rules_for
from ginrummy.store import MatchStore, StaleMatchError, open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.game import GameScreen
from ginrummy.tui.plain import PlainGame
from ginrummy.tui.session import GameSession, Settings


def two_copies(tmp_path: Path) -> tuple[GameSession, GameSession, MatchStore]:
    """A match saved at the person's first turn, resumed by two programs on one file; and a
    third handle to read what is stored."""
    url = f"sqlite:///{tmp_path}/ginrummy.sqlite3"
    first = GameSession.new(rules_for("classic"), Settings(opponent="random"),
                            store=open_store(url), seed=0)
    list(first.computer_moves())
    assert first.human_to_play
    second = GameSession.resume(open_store(url), first.match_id)
    return first, second, open_store(url)


def test_the_second_writer_is_refused_and_the_first_move_is_stored(tmp_path: Path) -> None:
    first, second, reader = two_copies(tmp_path)
    first.play(PASS)  # the first terminal passes the upcard...
    with pytest.raises(StaleMatchError, match="this match is open elsewhere"):
        second.play(TAKE)  # ...the second takes it: refused, never written
    stored = reader.load(first.match_id)
    assert stored is not None and stored.record == write_record(first.match)
    assert second.match.view(0).history[-1].action == TAKE  # still shown where it was made
    moves = len(second.match.view(0).history)
    with pytest.raises(StaleMatchError):  # and nothing more is played or saved there
        second.play(PASS)
    with pytest.raises(StaleMatchError):
        second.save()
    assert list(second.computer_moves()) == []
    assert len(second.match.view(0).history) == moves
    list(first.computer_moves())  # the first plays on and keeps saving
    stored = reader.load(first.match_id)
    assert stored is not None and stored.record == write_record(first.match)
    assert stored.version == first.version


def test_the_full_screen_game_stops_and_says_why(tmp_path: Path) -> None:
    first, second, reader = two_copies(tmp_path)
    first.play(PASS)
    saved = reader.load(first.match_id)
    app = GinRummyApp(store=second.store, rules=second.match.rules, settings=second.settings,
                      session=second, show_setup=False)

    async def play() -> tuple[str, str, bool]:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("x")  # pass: the save is refused
            await pilot.pause()
            message, keys = screen.message, screen.keys_text()
            await pilot.press("d")  # nothing more is played here
            await pilot.pause()
            unchanged = len(second.match.view(0).history) == len(first.match.view(0).history)
            await pilot.press("q")
            await pilot.pause()
            return message, keys, unchanged

    message, keys, unchanged = asyncio.run(play())
    assert message.startswith("This match is open elsewhere")
    assert keys == "? help  q quit  c scores" and unchanged  # help and quit first (narrow terminals)
    assert app.return_code == 2
    assert reader.load(first.match_id) == saved  # the first terminal's move, untouched


def test_plain_mode_says_the_match_is_open_elsewhere(tmp_path: Path) -> None:
    first, second, reader = two_copies(tmp_path)
    first.play(PASS)
    saved = reader.load(first.match_id)
    out = io.StringIO()
    assert PlainGame(second, stdin=io.StringIO("take\npass\n"), stdout=out).run() == 2
    text = out.getvalue()
    assert "Not saved here: this match is open elsewhere. Resume it with: " in text
    assert "Match saved" not in text and text.count("open elsewhere") == 1  # asked no more
    assert reader.load(first.match_id) == saved
