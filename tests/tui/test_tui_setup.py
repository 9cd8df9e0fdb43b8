"""The setup screen: options, language switch, bad input, resume; history, replay, statistics."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from textual.widgets import Button, Input, Select
from tui_helpers import play_session, screen_text

from ginrummy.cli import command_name, main
from ginrummy.core.record import read_record
from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.tui.app import GinRummyApp
from ginrummy.tui.choices import load_choices
from ginrummy.tui.game import GameScreen
from ginrummy.tui.replay_screen import ReplayScreen
from ginrummy.tui.session import GameSession, Settings
from ginrummy.tui.setup import HistoryScreen, SetupScreen


def make_app(store, **settings) -> GinRummyApp:
    return GinRummyApp(store=store, rules=rules_for("classic", target=10),
                       settings=Settings(opponent="random", **settings), seed=8)


def test_tui_setup_switches_language_and_refuses_a_bad_target(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    app = make_app(store)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#lang", Select).value = "sv"
            await pilot.pause()
            swedish = screen_text(app)
            app.screen.query_one("#target", Input).value = ""
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            return swedish, screen_text(app)

    swedish, refused = asyncio.run(run())
    assert "Motståndare" in swedish and "Spela" in swedish
    assert "Mål måste vara ett heltal" in refused
    assert store.list() == []


def test_tui_setup_options_reach_the_match_and_resume_after_quit(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    app = make_app(store)
    exit_messages = []  # what the app prints as it exits
    app_exit = app.exit

    def recording_exit(*args, **kwargs):
        exit_messages.append(kwargs.get("message"))
        app_exit(*args, **kwargs)

    app.exit = recording_exit

    async def start_and_quit() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#rules", Select).value = "modern"
            await pilot.pause()
            app.screen.query_one("#knock-limit", Input).value = "7"
            await pilot.press("ctrl+n")
            assert isinstance(app.screen, GameScreen)
            await pilot.press("q")

    asyncio.run(start_and_quit())
    [saved] = store.list()
    rules = read_record(saved.record).rules
    assert (rules.name, rules.knock_limit, rules.gin_bonus, rules.target) == ("modern", 7, 25, 100)
    assert not saved.finished
    assert exit_messages == [
        f"Match saved. Resume it with: {command_name()} play --resume {saved.id}"]

    again = make_app(store)

    async def resume() -> tuple[str, int]:
        async with again.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+r")
            screen = again.screen
            assert isinstance(screen, GameScreen)
            return screen.session.match_id, len(screen.session.match.state.history)

    match_id, moves = asyncio.run(resume())
    assert match_id == saved.id
    assert moves == len(read_record(saved.record).state.history)


def test_tui_history_replays_a_finished_match_and_stats_count_it(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    app = make_app(store)

    session = GameSession.new(rules_for("classic", target=10), Settings(opponent="random"),
                              store=store, seed=8)
    play_session(session, whole_match=True)

    async def play_then_browse() -> tuple[str, str]:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.click("#history")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            replay = screen_text(app)
            await pilot.press("escape", "escape")
            await pilot.click("#stats")
            return replay, screen_text(app)

    replay, stats = asyncio.run(play_then_browse())
    [saved] = store.list()
    assert saved.finished
    assert "Hand 1. Dealer:" in replay and "Your hand:" in replay
    assert "random" in stats and "Matches" in stats


def test_tui_setup_starts_on_play_and_shows_focus_in_gold(tmp_path):
    app = make_app(open_store("sqlite:///:memory:"))

    async def run() -> tuple[str | None, str, str, str | None]:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            play = app.screen.query_one("#new", Button)
            first = app.focused.id if app.focused else None
            focused = play.styles.background.hex
            await pilot.press("tab")
            await pilot.pause()
            return first, str(play.label), play.styles.background.hex, focused

    first, label, after, focused = asyncio.run(run())
    assert (first, label) == ("new", "Play")
    assert focused == "#F0B000" and after != focused


def test_tui_setup_remembers_the_last_choices(tmp_path, monkeypatch):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    app = make_app(store)

    async def choose_and_play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#opponent", Select).value = "beginner"
            app.screen.query_one("#rules", Select).value = "modern"
            await pilot.pause()
            app.screen.query_one("#target", Input).value = "40"
            app.screen.query_one("#lang", Select).value = "nb"
            await pilot.pause()
            await pilot.press("ctrl+n")
            assert isinstance(app.screen, GameScreen)

    asyncio.run(choose_and_play())
    remembered = load_choices()
    assert remembered is not None
    assert (remembered.rules, remembered.settings.opponent, remembered.settings.lang) == (
        rules_for("modern", target=40), "beginner", "nb")

    # bare `ginrummy play` opens the setup with them; options describing a match start it
    opened = run_play(monkeypatch, tmp_path)
    assert opened["show_setup"] is True and opened["rules"] == rules_for("modern", target=40)
    assert (opened["settings"].opponent, opened["settings"].lang) == ("beginner", "nb")
    direct = run_play(monkeypatch, tmp_path, "--opponent", "expert", "--target", "10")
    assert direct["show_setup"] is False and direct["rules"] == rules_for("classic", target=10)
    assert direct["settings"].opponent == "expert"
    assert run_play(monkeypatch, tmp_path, "--lang", "sv")["settings"].lang == "sv"
    # a damaged file is ignored: the defaults
    (tmp_path / "setup.json").write_text("{not json", encoding="utf-8")
    assert run_play(monkeypatch, tmp_path)["rules"] == rules_for("classic")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_play(monkeypatch, home, *args: str) -> dict[str, Any]:
    """``ginrummy play ARGS`` in a terminal, the app only recorded: what it was opened with."""
    opened: dict[str, Any] = {}

    class RecordingApp:
        def __init__(self, **kwargs: Any) -> None:
            opened.update(kwargs)

        def run(self) -> None:
            pass

    monkeypatch.setattr("ginrummy.tui.app.GinRummyApp", RecordingApp)
    monkeypatch.setattr("sys.stdout", Terminal())
    assert main(["play", "--store", f"sqlite:///{home}/s.sqlite3", *args]) == 0
    return opened


def test_tui_setup_resuming_a_finished_match_says_it_is_over(tmp_path, capsys):
    store_url = f"sqlite:///{tmp_path}/s.sqlite3"
    store = open_store(store_url)
    session = GameSession.new(rules_for("classic", target=10), Settings(opponent="random"),
                              store=store, seed=8)
    play_session(session, whole_match=True)
    store.close()
    assert main(["play", "--plain", "--store", store_url, "--resume", session.match_id]) == 0
    out = capsys.readouterr().out
    assert out.startswith("This match is over; it cannot be resumed.\n")
    assert "Score sheet" in out and "Won by" in out  # the paper sheet: a row per hand
    assert f"play --replay {session.match_id}" in out and "Start a new match:" in out
    assert [m.version for m in open_store(store_url).list()] == [session.version]  # untouched
