"""RULES §6.2: the knocker chooses what it shows from its own information; a knock can name
its melds, and without them the engine's default policy decides from the knocker's view."""

from __future__ import annotations

import random

import pytest
from core_decks import stacked_deck
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core.actions import Action, Kind, parse_action
from ginrummy.core.cards import BIT, NUM_CARDS, format_cards, from_mask, parse_card, parse_cards
from ginrummy.core.cards import to_mask as mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import rules_for
from ginrummy.core.settlement import settle
from ginrummy.core.showing import format_show, layoff_targets, show_options
from ginrummy.core.state import HandState

EAAI = rules_for("eaai")
# The issue's hand: least deadwood 7 shows AC 2C 3C | 2S 3S 4S 5S; 2C 2D 2S | 3S 4S 5S (9) is
# the arrangement that scored best against one defender's hidden cards.
KNOCKER = "3S AD 4H 2D 5S 2C 3C AC 2S 4S"


def shown(melds: tuple[int, ...]) -> str:
    return format_show(melds)


def cards(text: str) -> int:
    return mask(parse_cards(text))


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_rule_6_2_the_shown_arrangement_does_not_depend_on_the_defenders_cards(rng):
    rest = [c for c in range(NUM_CARDS) if not cards(KNOCKER) & BIT[c]]
    defender = mask(rng.sample(rest, 10))
    result = settle(cards(KNOCKER), defender, EAAI)
    assert shown(result.knocker.melds) == "AC 2C 3C | 2S 3S 4S 5S"


def test_rule_6_2_the_issue_examples_show_the_same_melds_to_both_defenders():
    first = settle(cards(KNOCKER), cards("4C 3H 5C 6D AH 5D 3D 6C 6S 5H"), EAAI)
    second = settle(cards(KNOCKER), cards("KC KH QC JD TH 9D 8D 7C 6S 5H"), EAAI)
    assert first.knocker == second.knocker
    # against the first defender the least deadwood is undercut: 4C lays off, 7 against 7
    assert (first.outcome, first.points) == ("undercut", 25)
    assert (second.outcome, second.points) == ("knock", 72)


def knock_deal(dealer_cards: list[int]) -> HandState:
    """P1 holds the issue's hand; both pass the upcard, P1 draws KH and may knock with it."""
    upcard = format_cards([dealer_cards[-1]])
    deck = stacked_deck(KNOCKER, format_cards(dealer_cards[:10]), upcard, "KH")
    state = HandState(EAAI, dealer=0, deck=deck)
    for text in ("pass", "pass", "draw stock"):
        state.apply(parse_action(text))
    return state


def random_dealer(rng: random.Random) -> list[int]:
    taken = cards(KNOCKER) | BIT[parse_card("KH")]
    return rng.sample([c for c in range(NUM_CARDS) if not taken & BIT[c]], 11)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_rule_6_2_the_engine_shows_the_same_whatever_the_hidden_cards(rng):
    # the same knocker, the same public play, different hidden cards (the dealer's hand, the
    # upcard, the stock below KH): the engine's default shows the same melds every time
    state = knock_deal(random_dealer(rng))
    move = state.apply(parse_action("knock KH"))
    assert state.result is not None and state.result.settlement is not None
    assert shown(state.result.settlement.knocker.melds) == "AC 2C 3C | 2S 3S 4S 5S"
    assert str(move.action) == "knock KH show AC 2C 3C | 2S 3S 4S 5S"  # recorded as played


def test_rule_6_2_a_knock_can_name_what_it_shows():
    state = knock_deal(random_dealer(random.Random(5)))
    view = state.view(1)
    options = [shown(a.melds) for a in view.show_options(parse_card("KH"))]
    assert options[0] == "AC 2C 3C | 2S 3S 4S 5S"  # the default first
    assert "2C 2D 2S | 3S 4S 5S" in options
    action = parse_action("knock KH show 2C 2D 2S | 3S 4S 5S")
    assert action not in view.legal_actions and view.allows(action)
    state.apply(action)
    assert state.result is not None and state.result.settlement is not None
    assert shown(state.result.settlement.knocker.melds) == "2C 2D 2S | 3S 4S 5S"
    assert state.result.settlement.knocker_deadwood == 9


@pytest.mark.parametrize(("text", "reason"), [
    ("knock KH show 2S 3S 4S 5S 6S", "do not hold 6S"),
    ("knock KH show AC 2C 3C", "leaves deadwood 21, above the knock limit 10"),
    ("knock KH show AC 2C 3C | 3S 4S 5S | 2C 2D 2S", "2C is shown in two melds"),
])
def test_rule_6_2_a_named_arrangement_must_be_legal_and_changes_nothing_when_not(text, reason):
    state = knock_deal(random_dealer(random.Random(6)))
    before = (list(state.hands), list(state.history), state.phase)
    assert not state.view(1).allows(parse_action(text))
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(parse_action(text))
    assert (list(state.hands), list(state.history), state.phase) == before


def test_only_a_knock_names_its_melds():
    with pytest.raises(IllegalActionError, match="only a knock"):
        parse_action("discard KH show AC 2C 3C")
    with pytest.raises(IllegalActionError, match="only a knock"):
        Action.gin(parse_card("KH")).with_show([cards("AC 2C 3C")])
    with pytest.raises(IllegalActionError, match="not a meld"):
        parse_action("knock KH show AC 2C 4C")
    state = knock_deal(random_dealer(random.Random(7)))
    with pytest.raises(IllegalActionError, match="only a knock"):
        state.apply(Action(Kind.DISCARD, parse_card("KH"), (cards("AC 2C 3C"),)))


def test_the_show_notation_round_trips():
    action = parse_action("KNOCK kh show 5s 4s 3s 2s | 3c ac 2c")
    assert str(action) == "knock KH show AC 2C 3C | 2S 3S 4S 5S"
    assert parse_action(str(action)) == action
    assert eval(repr(action), {"Action": Action}) == action


def test_a_record_keeps_what_was_shown_and_an_old_record_replays_with_the_default():
    match = Match.new(EAAI, seed=11)
    match.replace_deck(stacked_deck(KNOCKER, "4C 3H 5C 6D AH 5D 3D 6C 6S 5H", "9D", "KH"))
    for text in ("pass", "pass", "draw stock", "knock KH show 2C 2D 2S | 3S 4S 5S"):
        match.apply(parse_action(text))
    text = write_record(match)
    assert "knock KH show 2C 2D 2S | 3S 4S 5S" in text
    again = read_record(text)
    assert again.hands[0].result == match.hands[0].result
    assert write_record(again) == text
    # a record written before knocks named their melds replays with the default policy
    old = read_record(text.replace(" show 2C 2D 2S | 3S 4S 5S", ""))
    result = old.hands[0].result
    assert result.settlement is not None
    assert shown(result.settlement.knocker.melds) == "AC 2C 3C | 2S 3S 4S 5S"
    assert (result.outcome, result.points) == ("undercut", 25)


def test_the_default_breaks_ties_by_the_cards_the_defender_is_known_to_hold():
    # AC AD AS | AH 2H 3H and AC AD AH | AS 2S 3S leave the same deadwood (14); the first
    # invites 4H (and the hearts above it), the second 4S: a known 4H puts the second first
    hand = cards("AC AD AH AS 2H 3H 2S 3S 4D 5D")
    hearts_run, spades_run = "AH 2H 3H | AC AD AS", "AC AD AH | AS 2S 3S"

    def tied(known: str) -> list[str]:
        options = [a for a in show_options(hand, 25, known=cards(known)) if a.deadwood == 14]
        return [shown(a.melds) for a in options]

    assert tied("4H") == [spades_run, hearts_run]
    assert tied("4S") == [hearts_run, spades_run]


def test_layoff_targets_chain_along_runs_and_stop_at_blocked_cards():
    melds = (cards("4S 5S 6S"), cards("9C 9D 9H"))
    targets = layoff_targets(melds, blocked=cards("4S 5S 6S 9C 9D 9H 8S"))
    assert format_cards(from_mask(targets.direct)) == "3S 7S 9S"
    assert format_cards(from_mask(targets.chained)) == "AS 2S 3S 7S 9S"
