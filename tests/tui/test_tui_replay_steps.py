"""Replay move by move: one step per move, and nothing shown that the person could not see
while the hand was played (their own hand always, the other only at the hand's end)."""

from __future__ import annotations

import asyncio
import io
import os
import re
from pathlib import Path

import pytest
from tui_helpers import play_session, screen_text

from ginrummy.cli import main
from ginrummy.core.actions import Kind
from ginrummy.core.cards import Card
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState
from ginrummy.core.views import view_of
from ginrummy.i18n import translator
from ginrummy.store import SQLITE_FILE, open_store
from ginrummy.tui.replay_prompt import run_replay
from ginrummy.tui.replay_screen import ReplayApp, ReplayScreen
from ginrummy.tui.replay_steps import replay_steps
from ginrummy.tui.session import GameSession, Settings
from ginrummy.tui.words import card_name

SNAPSHOTS = Path(__file__).parent / "snapshots"
CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")


def finished_match(rules: str = "classic", target: int = 40, seed: int = 8) -> GameSession:
    session = GameSession.new(rules_for(rules, target=target), Settings(opponent="standard"),
                              store=open_store("sqlite:///:memory:"), seed=seed)
    play_session(session, whole_match=True)
    return session


def cards_named(lines: tuple[str, ...]) -> set[str]:
    return set(CARD.findall("\n".join(lines)))


def test_tui_replay_has_a_step_per_move_and_shows_only_what_was_seen():
    session = finished_match()
    match = session.match
    replay = replay_steps(session.store.load(session.match_id).record, translator("en"))
    assert replay.unfinished_note == "" and replay.hands == len(match.hands) > 1
    assert len(replay.steps) == sum(len(hand.moves) + 1 for hand in match.hands)
    position = 0
    for number, hand in enumerate(match.hands, start=1):
        me = hand.seats.index(0)
        state = HandState(match.rules, dealer=hand.dealer, deck=hand.deck)
        public: set[Card] = {state.upcard} if state.upcard is not None else set()
        for index in range(len(hand.moves) + 1):
            step = replay.steps[position]
            position += 1
            assert (step.hand, step.index, step.moves) == (number, index, len(hand.moves))
            if index:
                move = hand.moves[index - 1]
                state.apply(move.action)
                if move.action.kind is Kind.DISCARD and move.action.card is not None:
                    public.add(move.action.card)
                if move.player == me and move.card is not None:
                    public.add(move.card)  # what the person drew, they saw
            mine = set(view_of(state, me).hand)
            assert {card_name(c) for c in mine} <= cards_named(step.lines)
            if index < len(hand.moves):  # before the end: no card the person never saw
                seen = {card_name(c) for c in mine | public}
                assert cards_named(step.lines) <= seen, (number, index, step.lines)
                assert not any("melds" in line for line in step.lines)
            else:  # the end: both hands are laid down (unless the hand died)
                assert hand.result is not None
                if hand.result.outcome != "dead":
                    assert sum("melds" in line for line in step.lines) == 2
                assert step.lines[-1].startswith("Score: You ")


def test_tui_replay_three_players_sits_out_and_leaves_the_hand_in_play_out():
    session = GameSession.new(rules_for("three-player", target=30), Settings(opponent="random"),
                              store=open_store("sqlite:///:memory:"), seed=4)
    play_session(session, whole_match=False)
    session.next_deal()
    play_session(session, whole_match=False)
    session.next_deal()  # the third hand is dealt, not played
    replay = replay_steps(session.store.load(session.match_id).record, translator("en"))
    assert replay.hands == len(session.match.hands) == 2
    assert {step.hand for step in replay.steps} == {1, 2}
    assert replay.unfinished_note == "Hand 3 is still being played."
    for hand, first in zip(session.match.hands, (0, replay.first_of(2)), strict=True):
        lines = replay.steps[first].lines
        if 0 in hand.seats:
            assert any(line.startswith("Your hand: ") for line in lines)
        else:
            assert lines[0].endswith("you sit out this hand (you dealt). The deal")
            assert "You sit out this hand." in lines and not cards_named(lines[3:4])


def test_tui_replay_partnership_names_the_deal_and_scores_each_deal():
    session = GameSession.new(rules_for("partnership", target=25), Settings(opponent="random"),
                              store=open_store("sqlite:///:memory:"), seed=2)
    play_session(session, whole_match=True)
    match = session.match
    replay = replay_steps(session.store.load(session.match_id).record, translator("en"))
    assert len(replay.steps) == sum(len(hand.moves) + 1 for hand in match.hands)
    assert replay.steps[0].lines[0].startswith("Hand 1, deal 1: ")
    scores = [step.lines[-1] for step in replay.steps if step.lines[-1].startswith("Score: ")]
    assert len(scores) == len(match.score_entries())  # once a deal, after its last hand
    assert scores[-1] == (f"Score: Your team {match.scores[0]}, "
                          f"Their team {match.scores[1]}.")


def test_tui_replay_plain_prompts_next_back_hand_and_quit():
    session = finished_match()
    replay = replay_steps(session.store.load(session.match_id).record, translator("nb"))
    out = io.StringIO()
    typed = "\nneste\nt\nt\nh 2\nh 99\nhva\nq\n"
    assert run_replay(replay, "Parti", translator("nb"), stdin=io.StringIO(typed),
                      stdout=out) == 0
    text = out.getvalue()
    shown = re.findall(r"^(Hånd \d+\. Giver: \w+\. .*)$", text, flags=re.MULTILINE)
    assert [line.split(". ")[-1] for line in shown] == [
        "Given", f"Trekk 1 av {replay.steps[1].moves}", f"Trekk 2 av {replay.steps[2].moves}",
        f"Trekk 1 av {replay.steps[1].moves}", "Given", "Given"]
    assert shown[-1].startswith("Hånd 2.")
    assert "Dette er det første trekket." not in text  # b twice from move 2 reaches the deal
    assert "Det finnes ingen hånd 99." in text and "Skriv n, t, h og et håndnummer" in text
    assert text.count("n: neste trekk, t: tilbake, h N: hånd N, a: avslutt> ") == 8


def test_tui_replay_plain_from_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    store = open_store(f"sqlite:///{tmp_path / SQLITE_FILE}")
    session = GameSession.new(rules_for("classic", target=10), Settings(opponent="random"),
                              store=store, seed=8)
    play_session(session, whole_match=True)
    store.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("b\nn\n"))
    assert main(["play", "--plain", "--replay", session.match_id]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Replay of match {session.match_id}\n\nHand 1. Dealer: ")
    assert "This is the first move." in out and "Move 1 of " in out


def test_tui_replay_screen_keys_step_and_jump():
    session = finished_match()
    _ = translator("en")
    replay = replay_steps(session.store.load(session.match_id).record, _)
    app = ReplayApp(replay, "Replay", _)

    async def run() -> list[tuple[int, int]]:
        places = []
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)

            def place() -> tuple[int, int]:
                step = replay.steps[screen.position]
                assert step.lines[0] in screen_text(app)
                return step.hand, step.index

            for keys in (["right", "n", "space"], ["left"], ["pagedown"], ["pageup"], ["2"],
                         ["end"], ["h", "1", "enter"], ["home"], ["left"]):
                await pilot.press(*keys)
                await pilot.pause()
                places.append(place())
            await pilot.press("9")  # no hand 9: a warning, the step stays
            await pilot.pause()
            places.append(place())
            await pilot.press("q")
        return places

    last = replay.steps[-1]
    assert asyncio.run(run()) == [(1, 3), (1, 2), (2, 0), (1, 0), (2, 0),
                                  (last.hand, last.index), (1, 0), (1, 0), (1, 0), (1, 0)]


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_tui_replay_snapshot(lang):
    session = finished_match(target=10)
    _ = translator(lang)
    replay = replay_steps(session.store.load(session.match_id).record, _)
    app = ReplayApp(replay, _("Replay of match {id}").format(id="abc123"), _)

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("end")
            await pilot.pause()
            return screen_text(app)

    text = asyncio.run(run())
    path = SNAPSHOTS / f"replay-end.{lang}.txt"
    if os.environ.get("GINRUMMY_UPDATE_SNAPSHOTS"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
