"""Random legal play under every preset (and the options that change a hand), with invariants
checked at every step: all 52 cards accounted for, every legal action passes can()/verify() and
applies, every other action is refused without changing anything, and scores add up."""

from __future__ import annotations

import random

import pytest
from core_decks import ALL_ACTIONS

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import NUM_CARDS, to_mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import PRESETS, Rules, rules_for
from ginrummy.core.state import HandState, Phase

HAND_RULES: dict[str, Rules] = dict(PRESETS) | {
    "last-chance big-gin": rules_for("classic", last_chance=True, big_gin=True),
    "eleven-card": rules_for("modern", eleven_card_deal=True),
    "oklahoma ace gin": rules_for("oklahoma", oklahoma_ace="gin", last_chance=True),
    "stock wall 0": rules_for("norwegian", stock_wall=0),
}
HANDS_PER_RULES = 80  # with every check, the full action universe on the first few
BULK_HANDS_PER_RULES = 250  # with the cheap checks only
ENDING = (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)


def choose(actions: list[Action], rng: random.Random) -> Action:
    """Uniform, except that an available knock or gin is taken half the time."""
    ending = [a for a in actions if a.kind in ENDING]
    if ending and rng.random() < 0.5:
        return rng.choice(ending)
    return rng.choice(actions)


def snapshot(state: HandState) -> tuple[object, ...]:
    return (tuple(state.hands), tuple(state.stock), tuple(state.pile), state.phase,
            state.to_play, state.taken, len(state.history), state.result, state.knock_card)


def check_cards_accounted(state: HandState) -> None:
    places = [state.hands[0], state.hands[1], to_mask(state.stock), to_mask(state.pile)]
    if state.knock_card is not None:
        places.append(1 << state.knock_card)
    union = 0
    for place in places:
        assert not union & place, "a card is in two places"
        union |= place
    assert union == (1 << NUM_CARDS) - 1
    assert sum(p.bit_count() for p in places) == NUM_CARDS


def check_hand_sizes(state: HandState) -> None:
    if state.phase is Phase.OVER:
        return
    sizes = [state.hands[0].bit_count(), state.hands[1].bit_count()]
    extra = 1 if state.phase is Phase.DISCARD else 0
    assert sizes[state.to_play] == 10 + extra and sizes[1 - state.to_play] == 10


def check_actions(state: HandState, rng: random.Random, *, full: bool) -> None:
    legal = state.legal_actions()
    assert legal and len(set(legal)) == len(legal)
    for action in legal:
        assert state.can(action)
        state.verify(action)
    if full:  # every action that exists is legal exactly when listed, and every legal one applies
        assert {a for a in ALL_ACTIONS if state.can(a)} == set(legal)
        for action in legal:
            child = state.clone()
            child.apply(action)
            check_cards_accounted(child)
    before = snapshot(state)
    for action in rng.sample(ALL_ACTIONS, 6):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert snapshot(state) == before


def check_result(state: HandState) -> None:
    result = state.result
    assert result is not None
    if result.outcome == "dead":
        assert (result.winner, result.points, len(state.stock)) == (None, 0, state.rules.stock_wall)
        return
    settled, rules = result.settlement, state.rules
    assert settled is not None and result.knocker is not None
    knocker, defender = settled.knocker_deadwood, settled.defender_deadwood
    assert knocker <= state.knock_limit
    base = {
        "knock": defender - knocker + rules.knock_bonus,
        "undercut": knocker - defender + rules.undercut_bonus,
        "gin": rules.gin_bonus + defender,
        "big_gin": rules.big_gin_bonus + defender,
    }[result.outcome]
    assert result.points == base * state.multiplier
    assert (result.winner == result.knocker) == (result.outcome != "undercut")
    if result.outcome in ("gin", "big_gin"):
        assert knocker == 0 and settled.layoffs == ()


def play_random_hand(rules: Rules, rng: random.Random, *, full: bool) -> HandState:
    state = HandState.deal(rules, dealer=rng.randrange(2), rng=rng)
    while not state.is_over:
        check_cards_accounted(state)
        check_hand_sizes(state)
        check_actions(state, rng, full=full)
        state.apply(choose(state.legal_actions(), rng))
    check_cards_accounted(state)
    assert state.legal_actions() == [] and not state.can(ALL_ACTIONS[2])
    check_result(state)
    return state


@pytest.mark.parametrize("name", list(HAND_RULES))
def test_core_random_hands_keep_every_invariant(name):
    rng = random.Random(f"hands {name}")
    outcomes = set()
    for number in range(HANDS_PER_RULES):
        state = play_random_hand(HAND_RULES[name], rng, full=number < 5)
        assert state.result is not None
        outcomes.add(state.result.outcome)
    assert "dead" in outcomes
    if not HAND_RULES[name].straight:  # random play almost never reaches gin in straight gin
        assert len(outcomes) >= 2  # the hands really end in several ways


def test_core_thousands_of_random_hands_account_for_every_card_and_score_consistently():
    rng = random.Random("bulk")
    for rules in HAND_RULES.values():
        for _ in range(BULK_HANDS_PER_RULES):
            state = HandState.deal(rules, dealer=rng.randrange(2), rng=rng)
            while not state.is_over:
                check_cards_accounted(state)
                check_hand_sizes(state)
                state.apply(choose(state.legal_actions(), rng))
            check_cards_accounted(state)
            check_result(state)


@pytest.mark.parametrize("name", ["classic", "modern", "norwegian", "oklahoma", "hollywood",
                                  "straight", "eaai"])
def test_core_random_matches_score_consistently_and_replay_from_their_record(name):
    rng = random.Random(f"match {name}")
    match = Match.new(rules_for(name), seed=rng.randrange(2**32))
    while not match.is_over:
        if match.hand_over:
            match.next_hand()
        match.apply(choose(match.state.legal_actions(), rng))
    rules = match.rules
    won = [[h.result.points for h in match.hands if h.result and h.result.winner == p]
           for p in (0, 1)]
    if not rules.hollywood:
        assert match.scores == (sum(won[0]), sum(won[1]))
        winner = match.winner
        assert winner is not None and match.scores[winner] >= rules.target
        assert match.scores[1 - winner] < rules.target
        shutout = not won[1 - winner]
        game = rules.shutout_bonus if shutout else rules.game_bonus
        expected = [match.scores[p] + len(won[p]) * rules.box_bonus for p in (0, 1)]
        expected[winner] += game
        assert match.totals() == tuple(expected)
    text = write_record(match)
    again = read_record(text)
    assert write_record(again) == text
    assert (again.scores, again.totals(), again.winner) == (match.scores, match.totals(),
                                                           match.winner)
