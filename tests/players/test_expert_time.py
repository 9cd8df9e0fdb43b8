"""The expert's time bound: a deadline inside its loops, work that does not grow with a long
hand or a long match, and what it learns in hosts that never send ``observe``.

Tests count work (reader steps, decisions cut) rather than time it, and drive the deadline with
a fake clock, so they do not depend on how loaded the machine is."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from stacked_deals import stacked

from ginrummy.core.actions import DRAW_PILE, DRAW_STOCK, PASS, Action, Kind
from ginrummy.core.cards import parse_card
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState
from ginrummy.core.views import MatchInfo, PlayerView
from ginrummy.players.base import BasePlayer, play_match
from ginrummy.players.expert import STRONG, ExpertPlayer
from ginrummy.players.expert import player as expert_module
from ginrummy.players.expert import reading as reading_module
from ginrummy.players.expert.deadline import Deadline
from ginrummy.players.expert.reading import HandReader
from ginrummy.players.registry import make_player

OPPONENT = "JC JD 2C 3C 4C 7D 8H 9H QH KH"  # seat 1, first to play
READER = "TC TD JS 2H 3H 4H 5H 6S 6D 6C"  # seat 0, whose views are read
PASSED_ROUND = ("JS", "QH", "KH")  # thrown in turn, each taken by the other side
CHEAP = {"rollouts": 8, "samples": 8, "reading": 16}  # keeps the games in these tests quick


class FakeClock:
    """A clock that moves one millisecond each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 0.001
        return self.now


def looping_hand() -> HandState:
    """A hand in which, after seat 1's first throw, both sides take the face-up card and throw
    another for ever (a host without a turn limit allows it; the stock never shrinks)."""
    state = stacked(rules_for("eaai"), mine=OPPONENT, theirs=READER, upcard="AC",
                    stock="8C AH 2S")
    for action in (PASS, PASS, DRAW_STOCK, Action.discard(parse_card("KH"))):
        state.apply(action)
    return state


def pass_round(state: HandState, turn: int) -> None:
    state.apply(DRAW_PILE)
    state.apply(Action.discard(parse_card(PASSED_ROUND[turn % 3])))


def test_deadline_fires_once_its_time_is_up_and_remembers_it() -> None:
    clock = FakeClock()
    deadline = Deadline(0.0025, clock)  # read once at the start: 1 ms; ends at 3.5 ms
    assert not deadline.passed() and not deadline.passed()  # 2 ms, 3 ms
    assert not deadline.fired
    assert deadline.passed()  # 4 ms
    assert deadline.fired
    assert not Deadline(None, clock).passed()


def test_a_share_of_a_deadline_gets_that_part_of_the_time_left() -> None:
    clock = FakeClock()
    deadline = Deadline(0.0105, clock)  # starts at 1 ms, ends at 11.5 ms
    part = deadline.share(0.5)  # read at 2 ms: 4.75 ms left of 9.5, from 3 ms on
    assert part.end == pytest.approx(0.003 + 0.00475)
    assert not part.fired and not deadline.fired


def test_an_expert_out_of_time_answers_legally_and_counts_the_cut() -> None:
    state = looping_hand()
    for turn in range(10):
        pass_round(state, turn)
    view = state.view(0)
    bounded = ExpertPlayer(seed=3, think_ms=5)
    bounded.clock = FakeClock()  # five reads and the time is up: far before any rollout ends
    action = bounded.choose(view)
    assert action in view.legal_actions
    assert (bounded.decisions, bounded.deadline_hits) == (1, 1)
    unbounded = ExpertPlayer(seed=3, think_ms=0)
    unbounded.clock = FakeClock()
    assert unbounded.choose(view) in view.legal_actions
    assert (unbounded.decisions, unbounded.deadline_hits) == (1, 0)
    assert unbounded.clock.reads == 0  # no bound, no clock


def test_the_default_bound_leaves_an_ordinary_decision_alone() -> None:
    state = looping_hand()
    for turn in range(6):
        pass_round(state, turn)
    expert = ExpertPlayer(seed=3)
    expert.clock = FakeClock()  # about a thousand clock reads allowed
    expert.choose(state.view(0))
    assert expert.deadline_hits == 0
    assert 0 < expert.clock.reads < 1000


def test_reader_work_per_turn_stops_growing_in_a_hand_that_never_ends(monkeypatch) -> None:
    # 16 guesses, 4 moves each: a budget of 1,024 steps caps the moves once a story holds 16
    # choices, so a turn late in the hand costs what one half way did. Without the cap every
    # move walks the whole story: twice the work at twice the length.
    monkeypatch.setattr(reading_module, "RESCORE_BUDGET", 1024)
    state = looping_hand()
    reader = HandReader(state.view(0), random.Random(1), count=16, quick=True, moves=4)
    work = []
    for turn in range(120):
        pass_round(state, turn)
        if turn % 2 == 1:  # seat 1 has just thrown: seat 0 is to play
            before = reader.steps
            assert reader.update(state.view(0))
            work.append(reader.steps - before)
    half_way, late = sum(work[25:30]), sum(work[55:60])
    assert late <= 1.1 * half_way
    assert max(work[20:]) <= 1024 + 16 * 3  # the moves, and the new choices of each guess


def test_a_reader_stopped_by_its_deadline_goes_on_next_time() -> None:
    state = looping_hand()
    for turn in range(20):
        pass_round(state, turn)
    view = state.view(0)
    reader = HandReader(view, random.Random(1), count=8, quick=True, moves=1)
    assert not reader.update(view, Deadline(0.0035, FakeClock()))
    assert 0 < len(reader.history) < len(view.history)
    assert reader.follows(view)
    assert reader.update(view)
    assert reader.history == view.history


def test_expert_reader_work_stays_within_its_budget_in_a_hand_that_never_ends() -> None:
    state = looping_hand()
    expert = ExpertPlayer(seed=5, think_ms=0, **CHEAP)
    steps = []
    for turn in range(160):
        pass_round(state, turn)
        if turn % 2 == 1:
            view = state.view(0)
            before = expert.reader.steps if expert.reader is not None else 0
            expert.choose(view)
            assert expert.reader is not None and expert.reader.history == view.history
            steps.append(expert.reader.steps - before)
    # 16 guesses x 4 moves hit the default budget only past a story of 256 choices: until then
    # the work grows with the story; it must stay within the budget all the same
    assert max(steps) <= reading_module.RESCORE_BUDGET + 16 * 3


def test_a_long_match_with_observe_after_every_hand_does_not_slow_decisions() -> None:
    rules = rules_for("eaai", target=300)
    expert = ExpertPlayer(seed=9, think_ms=0, **CHEAP)
    work: dict[int, list[int]] = {}  # reader steps per decision, by hand number

    class Counted(BasePlayer):
        def choose(self, view: PlayerView) -> Action:
            before = expert.reader.steps if expert.reader is not None else 0
            fresh = expert.reader is None or not expert.reader.follows(view)
            action = expert.choose(view)
            if expert.reader is not None and view.match is not None:
                done = expert.reader.steps - (0 if fresh else before)
                work.setdefault(view.match.hand_number, []).append(done)
            return action

        def observe(self, view: PlayerView) -> None:
            expert.observe(view)

    play_match(Match.new(rules, seed=4), (Counted(), make_player("standard", seed=4)))
    hands = sorted(work)
    assert len(hands) >= 6
    def mean(numbers: list[int]) -> float:
        return sum(numbers) / len(numbers)
    early = mean([n for h in hands[:3] for n in work[h]])
    late = mean([n for h in hands[-3:] for n in work[h]])
    assert late <= 2 * early  # hands differ in length, but nothing piles up across them
    assert expert.deadline_hits == 0


def _match_view(view: PlayerView, hand_number: int, scores: tuple[int, int]) -> PlayerView:
    return replace(view, match=MatchInfo(scores=scores, hands_won=(0, 0),
                                         hand_number=hand_number, target=100))


def _discard_view() -> PlayerView:
    state = stacked(rules_for("eaai"), mine=OPPONENT, theirs=READER, upcard="AC",
                    stock="8C AH 2S")
    for action in (PASS, PASS, DRAW_STOCK, Action.discard(parse_card("KH")), DRAW_STOCK):
        state.apply(action)
    return state.view(0)


def test_without_observe_the_score_tells_how_late_the_opponent_knocked() -> None:
    # Our last view of hand 1 had 28 stock cards and our deadwood after the throw is at least
    # 20; hand 2 opens with the opponent 12 points up: a knock without gin (gin pays 25 + 20).
    expert = ExpertPlayer(seed=1, **CHEAP)
    view = _discard_view()
    expert.choose(_match_view(view, 1, (0, 0)))
    assert expert.memory.deadwood >= 20 and not expert.memory.knocked
    expert.choose(_match_view(view, 2, (0, 12)))
    assert expert.late_knock_stock == view.stock_size - 1
    assert not expert.opponent_waits


def test_without_observe_a_gin_teaches_nothing_and_observed_hands_are_not_read_twice() -> None:
    view = _discard_view()
    gin = ExpertPlayer(seed=1, **CHEAP)
    gin.choose(_match_view(view, 1, (0, 0)))
    gin.choose(_match_view(view, 2, (0, 25 + gin.memory.deadwood)))
    assert gin.late_knock_stock == 0
    observed = ExpertPlayer(seed=1, **CHEAP)
    observed.choose(_match_view(view, 1, (0, 0)))
    observed.memory.observed = observed.memory.deal  # as observe does at the end of hand 1
    observed.choose(_match_view(view, 2, (0, 12)))
    assert observed.late_knock_stock == 0


def test_without_observe_two_undercuts_of_our_knocks_mark_an_opponent_that_waits() -> None:
    view = _discard_view()
    expert = ExpertPlayer(seed=1, **CHEAP)
    knock = Action(Kind.KNOCK, parse_card("AH"))
    for number, their_score in ((1, 0), (2, 30)):
        expert.memory = expert.memory.after(_match_view(view, number, (0, their_score)), knock)
        expert.choose(_match_view(view, number + 1, (0, their_score + 30)))
        assert expert.opponent_waits == (number == 2)


def test_a_hand_end_observe_shows_is_known_for_the_hand_just_played() -> None:
    # The view of a hand's end already counts the next hand in its match information; the
    # expert must still match it to the hand of its last decision, so that the next hand's
    # score adds only the undercuts (which observe does not read) and reads nothing twice.
    expert = ExpertPlayer(seed=1, **CHEAP)
    marked: list[bool] = []

    class Shown:
        name = "expert"

        def choose(self, view: PlayerView) -> Action:
            return expert.choose(view)

        def observe(self, view: PlayerView) -> None:
            decided_in_it = expert.memory.deal is not None and expert.memory.deal[1:] == (
                view.dealer, view.upcard)
            expert.observe(view)
            if view.result is not None and decided_in_it:
                marked.append(expert.memory.observed == expert.memory.deal)

    play_match(Match.new(rules_for("eaai"), seed=0), (Shown(), make_player("standard", seed=0)))
    assert len(marked) >= 3 and all(marked)


def test_expert_strong_thinks_longer() -> None:
    strong = make_player("expert:strong", seed=1)
    plain = make_player("expert", seed=1)
    assert isinstance(strong, ExpertPlayer) and isinstance(plain, ExpertPlayer)
    assert strong.tuning.rollouts > plain.tuning.rollouts
    assert strong.tuning.reading > plain.tuning.reading
    assert strong.tuning.think_ms > plain.tuning.think_ms
    assert {k: getattr(strong.tuning, k) for k in STRONG} == STRONG


def test_an_expert_with_knobs_plays_an_earlier_version() -> None:
    before_the_hedge = make_player("expert:waiter_share=0, reading=32", seed=1)
    assert isinstance(before_the_hedge, ExpertPlayer)
    assert before_the_hedge.name == "expert:waiter_share=0,reading=32"
    assert (before_the_hedge.tuning.waiter_share, before_the_hedge.tuning.reading) == (0.0, 32)
    assert isinstance(before_the_hedge.tuning.reading, int)
    plain = make_player("expert", seed=1)
    assert isinstance(plain, ExpertPlayer)
    default = plain.tuning  # every other knob as today's
    assert replace(before_the_hedge.tuning, waiter_share=default.waiter_share,
                   reading=default.reading) == default


def test_until_the_opponent_shows_its_style_half_the_rollouts_expect_it_to_wait() -> None:
    view = _discard_view()
    tuning = ExpertPlayer(seed=1, **CHEAP).tuning
    hedged = expert_module._Decision(view, tuning, random.Random(1), waiter_share=0.5)
    assert [table.their_knock for table in hedged.tables] == [view.knock_limit] * 4 + [0] * 4
    assert len(hedged.deals) == len(hedged.tables) == CHEAP["rollouts"]
    known = expert_module._Decision(view, tuning, random.Random(1), waiter_share=0.0)
    assert [table.their_knock for table in known.tables] == [view.knock_limit] * 8
