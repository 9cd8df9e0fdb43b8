"""Random play under every preset keeps the engine's invariants (issue 3, "Done when").

A random driver ends a hand whenever it can with some probability and otherwise picks any legal
action, so hands end every way there is: knocks, undercuts, gins, big gins, dead hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import BIT, SUIT_OF, VALUE_OF
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.melds import best_discards
from ginrummy.core.multiplayer import PartnershipMatch, ThreePlayerMatch
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.settlement import gin_points, knock_points
from ginrummy.core.state import HandState, Phase

ALL_CARDS = (1 << 52) - 1
ENDINGS = (Kind.GIN, Kind.BIG_GIN, Kind.KNOCK)
TWO_PLAYER = [name for name, rules in PRESETS.items() if rules.players == 2]
HANDS_PER_VARIANT = 120  # three variants of each of the seven two-player presets: 2,520 hands


def choose(state: HandState, rng: random.Random) -> Action:
    """End the hand half the times it can; otherwise mostly throw a card that leaves the least
    deadwood (so gins happen), sometimes anything legal."""
    legal = state.legal_actions()
    ending = [a for a in legal if a.kind in ENDINGS]
    if ending and rng.random() < 0.5:
        return rng.choice(ending)
    if state.phase is Phase.DISCARD and not state.must_end and rng.random() < 0.8:
        taken = 0 if state.taken is None else BIT[state.taken]
        cards, _ = best_discards(state.hands[state.to_play], exclude=taken)
        return Action(Kind.DISCARD, rng.choice(cards))
    return rng.choice(legal)


def check_cards(state: HandState) -> None:
    """Every card is in exactly one place; hand sizes follow the phase."""
    stock = sum(BIT[c] for c in state.stock)
    pile = sum(BIT[c] for c in state.pile)
    places = [state.hands[0], state.hands[1], stock, pile]
    if state.knock_card is not None:
        places.append(BIT[state.knock_card])
    assert sum(p.bit_count() for p in places) == 52
    combined = 0
    for place in places:
        assert not combined & place
        combined |= place
    assert combined == ALL_CARDS
    if state.phase in (Phase.DRAW, Phase.UPCARD, Phase.LAST_CHANCE):
        assert sorted(h.bit_count() for h in state.hands) in ([10, 10], [10, 11])


def check_result(state: HandState) -> None:
    rules, result = state.rules, state.result
    assert result is not None
    if result.outcome == "dead":
        assert (result.winner, result.points) == (None, 0)
        assert len(state.stock) <= rules.stock_wall
        return
    assert result.knocker in (0, 1) and result.winner in (0, 1)
    settled = result.settlement
    assert settled is not None
    multiplier = state.multiplier
    if result.outcome in ("knock", "undercut"):
        assert not rules.straight and 0 < settled.knocker_deadwood <= state.knock_limit
        side, points = knock_points(settled.knocker_deadwood, settled.defender_deadwood, rules)
        assert result.points == points * multiplier
        assert (result.winner == result.knocker) == (side == "knocker")
    else:
        assert result.winner == result.knocker and settled.knocker_deadwood == 0
        assert not settled.layoffs  # §6.7: no layoffs against gin
        assert rules.big_gin or result.outcome == "gin"
        big = result.outcome == "big_gin"
        assert result.points == gin_points(settled.defender_deadwood, rules, big=big) * multiplier


def check_limits(state: HandState) -> None:
    rules = state.rules
    if rules.straight:
        assert state.knock_limit == 0
    elif rules.oklahoma and state.upcard is not None:
        value = VALUE_OF[state.upcard]
        ace_gin = value == 1 and rules.oklahoma_ace == "gin"
        assert state.knock_limit == (0 if ace_gin else min(value, rules.knock_limit))
        assert state.multiplier == (2 if SUIT_OF[state.upcard] == 3 else 1)
    else:
        assert (state.knock_limit, state.multiplier) == (rules.knock_limit, 1)


def play_hand(state: HandState, rng: random.Random,
              apply: Callable[[Action], object] | None = None) -> str:
    """Play ``state`` to its end (through ``apply``, e.g. a match's, when given), checking."""
    apply = apply or state.apply
    check_limits(state)
    while not state.is_over:
        check_cards(state)
        action = choose(state, rng)
        assert state.can(action)
        if state.phase is Phase.DISCARD:  # drawing twice is refused and changes nothing
            before = (list(state.hands), len(state.stock), list(state.pile))
            with pytest.raises(IllegalActionError):
                state.apply(Action(Kind.DRAW_STOCK))
            assert before == (list(state.hands), len(state.stock), list(state.pile))
        apply(action)
    check_cards(state)
    check_result(state)
    assert state.result is not None
    return state.result.outcome


def check_match_totals(match: Match) -> None:
    rules = match.rules
    points = [0, 0]
    for hand in match.hands:
        assert hand.result is not None
        if hand.result.winner is not None:
            points[hand.result.winner] += hand.result.points
    if not rules.hollywood:
        assert list(match.scores) == points
    for column, totals in zip(match.columns, match.column_totals(), strict=True):
        winner = column.winner
        assert winner is not None and column.scores[winner] >= rules.target
        assert column.scores[1 - winner] < rules.target
        assert totals.box_bonus == tuple(w * rules.box_bonus for w in column.hands_won)


@pytest.mark.parametrize("preset", TWO_PLAYER)
def test_random_play_keeps_invariants_under_every_two_player_preset(preset: str) -> None:
    rng = random.Random(preset)
    rules: Rules = PRESETS[preset]
    extra = ({"dealer": "alternate"} if rules.oklahoma
             else {"eleven_card_deal": True, "dealer": "loser"})
    outcomes: set[str] = set()
    for variant in (rules, rules.replace(last_chance=True, big_gin=True), rules.replace(**extra)):
        hands = 0
        while hands < HANDS_PER_VARIANT:
            match = Match.new(variant, seed=rng.randrange(1 << 30))
            while hands < HANDS_PER_VARIANT:
                outcomes.add(play_hand(match.state, rng, match.apply))
                hands += 1
                if match.is_over:
                    check_match_totals(match)
                    break
                match.next_hand()
    assert outcomes >= {"gin", "dead"}
    assert rules.straight or outcomes >= {"knock", "undercut"}


@pytest.mark.parametrize("kind", [ThreePlayerMatch, PartnershipMatch])
def test_random_play_keeps_invariants_in_the_multiplayer_formats(
    kind: type[ThreePlayerMatch] | type[PartnershipMatch],
) -> None:
    rng = random.Random(kind.__name__)
    preset = "three-player" if kind is ThreePlayerMatch else "partnership"
    for game in range(3):
        match = kind.new(PRESETS[preset], seed=game)
        while not match.is_over:
            if match.deal_over:
                match.next_deal()
            for seat in match.pending():
                state = next(t.state for t in match.tables() if seat in t.seats)
                check_cards(state)
                match.apply(choose(state, rng), seat=seat)
                if state.is_over:
                    check_result(state)
        assert match.winner is not None
        assert match.scores[match.winner] >= PRESETS[preset].target
