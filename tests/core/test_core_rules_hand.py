"""RULES §3-§7 and the hand variants of §9, one test per clause, on stacked decks.

The standard deal below (dealer P0, so P1 is the non-dealer and acts first):

    P1  AC 2C 3C | 4D 5D 6D | 7H 8H 9H | KS      deadwood 10
    P0  5C 6C 7C | TD JD QD | 9C 9S KH QH        deadwood 38
    upcard 2S, then the stock from the top: 3S 4S 5S ...

Taking the 2S and throwing the KS leaves P1 with 2 deadwood: a knock worth 38 - 2 = 36.
"""

from __future__ import annotations

import dataclasses

import pytest
from core_decks import stacked_deck

from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import format_cards, from_mask, parse_card, parse_cards
from ginrummy.core.errors import CardError, IllegalActionError
from ginrummy.core.rules import Rules, rules_for
from ginrummy.core.state import HandState, Phase

KNOCKER = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"
DEFENDER = "5C 6C 7C TD JD QD 9C 9S KH QH"
CLASSIC = rules_for("classic")


def deal(rules: Rules = CLASSIC, non_dealer: str = KNOCKER, dealer: str = DEFENDER,
         upcard: str | None = "2S", stock: str = "3S 4S 5S") -> HandState:
    return HandState(rules, dealer=0, deck=stacked_deck(non_dealer, dealer, upcard, stock))


def act(state: HandState, *texts: str) -> HandState:
    for text in texts:
        state.apply(Action.parse(text))
    return state


def rule_of(state: HandState, text: str) -> str | None:
    with pytest.raises(IllegalActionError) as error:
        state.apply(Action.parse(text))
    return error.value.rule


def test_rule_1_1_a_hand_is_dealt_from_one_deck_of_52_distinct_cards():
    with pytest.raises(CardError):
        HandState(CLASSIC, dealer=0, deck=[0] * 52)
    state = HandState.deal(CLASSIC, dealer=1, seed=3)
    held = state.hands[0] | state.hands[1]
    assert held.bit_count() == 20
    assert sorted(from_mask(held) + state.pile + state.stock) == list(range(52))


def test_rule_3_3_ten_cards_each_one_at_a_time_non_dealer_first_then_upcard_and_stock():
    deck = list(range(52))
    state = HandState(CLASSIC, dealer=0, deck=deck)
    assert state.hand(1) == deck[0:20:2] and state.hand(0) == deck[1:20:2]
    assert state.upcard == deck[20] and state.pile == [deck[20]]
    assert len(state.stock) == 31 and state.stock[-1] == deck[21]  # the top is drawn first


def test_rule_3_3_deal_is_reproducible_with_a_seed_and_varies_without():
    decks = {HandState.deal(CLASSIC, seed=9).deck for _ in range(3)}
    assert len(decks) == 1
    assert len({HandState.deal(CLASSIC).deck for _ in range(3)}) == 3


def test_rule_4_1_non_dealer_decides_first_and_discards_after_taking():
    state = deal()
    assert (state.phase, state.to_play) == (Phase.UPCARD, 1)
    assert state.legal_actions() == [TAKE, PASS]
    assert rule_of(state, "draw stock") == "§4.1"
    act(state, "take")
    assert state.phase is Phase.DISCARD and state.to_play == 1
    act(state, "discard KS")
    assert (state.phase, state.to_play, state.pile_top) == (Phase.DRAW, 0, parse_card("KS"))


def test_rule_4_2_dealer_may_take_the_upcard_after_a_pass():
    state = act(deal(), "pass")
    assert (state.phase, state.to_play, state.legal_actions()) == (Phase.UPCARD, 0, [TAKE, PASS])
    act(state, "take", "discard KH")
    assert (state.phase, state.to_play) == (Phase.DRAW, 1)
    assert state.legal_actions() == [DRAW_STOCK, DRAW_PILE]


def test_rule_4_3_both_pass_then_the_non_dealer_draws_from_the_stock():
    state = act(deal(), "pass", "pass")
    assert state.to_play == 1 and state.legal_actions() == [DRAW_STOCK]
    assert rule_of(state, "draw pile") == "§4.3"
    move = state.apply(DRAW_STOCK)
    assert move.card == parse_card("3S")


def test_rule_4_4_knocking_is_allowed_on_the_first_turn():
    state = act(deal(), "take")
    assert Action.parse("knock KS") in state.legal_actions()
    act(state, "knock KS")
    result = state.result
    assert result is not None
    assert (result.outcome, result.winner, result.knocker, result.points) == ("knock", 1, 1, 36)


def test_rule_5_1_draw_exactly_one_card_first():
    state = act(deal(), "take", "discard KS")
    assert rule_of(state, "discard 5C") == "§5.1"
    act(state, "draw stock")
    assert rule_of(state, "draw stock") == "§5.1"
    assert rule_of(state, "draw pile") == "§5.1"


def test_rule_5_2_discard_exactly_one_card_then_the_turn_passes():
    state = act(deal(), "take", "discard KS", "draw stock")
    discards = [a for a in state.legal_actions() if a.kind is Kind.DISCARD]
    assert sorted(a.card for a in discards) == sorted(state.hand(0))  # any of the eleven
    act(state, "discard 3S")
    assert (state.to_play, state.phase, state.pile_top) == (1, Phase.DRAW, parse_card("3S"))
    assert state.hands[0].bit_count() == 10


def test_rule_5_3_a_card_taken_from_the_pile_cannot_be_thrown_that_turn():
    state = act(deal(), "take")
    assert rule_of(state, "discard 2S") == "§5.3"
    assert not state.can(Action.parse("discard 2S"))
    assert Action.parse("discard 2S") not in state.legal_actions()
    act(state, "discard KS", "draw stock", "discard 3S", "draw stock")
    act(state, "discard 2S")  # a later turn: allowed
    assert state.pile_top == parse_card("2S")


def test_rule_5_4_only_the_top_of_the_pile_is_visible():
    state = act(deal(), "take", "discard KS", "draw stock", "discard 3S")
    view = state.view(1)
    assert view.pile_top == parse_card("3S") and view.pile_size == 2
    names = {f.name for f in dataclasses.fields(view)}
    assert "pile" not in names and "pile" not in view.to_dict()
    assert view.discards_seen() == list(parse_cards("2S KS 3S"))  # the optional memory aid


def test_rule_6_1_knock_only_within_the_limit_and_never_compulsory():
    state = act(deal(), "take")
    assert rule_of(state, "knock 7H") == "§6.1"  # breaks the heart run: 29 deadwood
    assert Action.parse("discard KS") in state.legal_actions()
    act(state, "discard KS")  # may knock, chooses not to
    assert state.phase is Phase.DRAW
    limited = act(deal(rules_for("classic", knock_limit=1)), "take")
    assert rule_of(limited, "knock KS") == "§6.1"


def test_rule_6_3_gin_is_a_knock_with_no_deadwood():
    state = act(deal(upcard="TH"), "take")
    assert rule_of(state, "knock KS") == "§6.3"  # zero deadwood must be declared gin
    assert rule_of(state, "gin AC") == "§6.3"  # AC leaves 2C 3C dead
    act(state, "gin KS")
    result = state.result
    assert result is not None and result.settlement is not None
    assert (result.outcome, result.winner, result.points) == ("gin", 1, 20 + 38)
    assert result.settlement.layoffs == ()
    assert state.knock_card == parse_card("KS")


def test_rule_6_4_big_gin_keeps_all_eleven_cards_when_the_option_is_on():
    eleven = "AC 2C 3C 4D 5D 6D 7H 8H 9H TH"
    classic = act(deal(non_dealer=eleven, upcard="JH"), "take")
    assert rule_of(classic, "big gin") == "§6.4"
    modern = act(deal(rules_for("modern"), non_dealer=eleven, upcard="JH"), "take")
    assert BIG_GIN in modern.legal_actions()
    act(modern, "big gin")
    result = modern.result
    assert result is not None
    assert (result.outcome, result.winner, result.points) == ("big_gin", 1, 31 + 38)
    assert modern.hands[1].bit_count() == 11 and modern.knock_card is None


def draw_and_throw_until_over(state: HandState) -> list[int]:
    """Both pass, then every turn draws from the stock and throws the card drawn."""
    act(state, "pass", "pass")
    sizes = []
    while state.phase is Phase.DRAW:
        assert state.legal_actions()[0] == DRAW_STOCK
        card = state.apply(DRAW_STOCK).card
        sizes.append(len(state.stock))
        assert card is not None
        state.apply(Action.discard(card))
    return sizes


def test_rule_7_1_the_hand_is_dead_at_a_two_card_stock():
    state = deal()
    sizes = draw_and_throw_until_over(state)
    assert sizes[-1] == 2 and len(sizes) == 29  # nobody draws from a two-card stock
    result = state.result
    assert state.phase is Phase.OVER and result is not None
    assert (result.outcome, result.winner, result.points) == ("dead", None, 0)
    assert len(state.stock) == 2


def last_chance_deal(rules: Rules) -> HandState:
    # P0 (the dealer) holds 5C 6C 7C | TD JD QD | 9C 9S AH 2H (21); the 29th stock card, thrown
    # by P1 as the stock reaches two, is the 9D that makes P0's nines and leaves AH 2H.
    dealer = "5C 6C 7C TD JD QD 9C 9S AH 2H"
    used = set(parse_cards(f"{KNOCKER} {dealer} 2S 9D"))
    filler = [c for c in range(52) if c not in used][:28]
    stock = format_cards(filler) + " 9D"
    return HandState(rules, dealer=0, deck=stacked_deck(KNOCKER, dealer, "2S", stock))


def test_rule_7_2_and_9_6_last_chance_to_take_the_last_discard_and_knock():
    state = last_chance_deal(rules_for("classic", last_chance=True))
    draw_and_throw_until_over(state)
    assert state.phase is Phase.LAST_CHANCE and state.to_play == 0
    assert state.pile_top == parse_card("9D")
    assert state.legal_actions() == [DRAW_PILE, PASS]
    act(state, "draw pile")
    assert rule_of(state, "discard 2H") == "§7.2"  # taken to knock, so it must knock
    act(state, "knock 2H")
    result = state.result
    assert result is not None and (result.outcome, result.winner) == ("knock", 0)


def test_rule_7_2_and_9_6_last_chance_passed_or_useless_leaves_the_hand_dead():
    useless = deal(rules_for("classic", last_chance=True))
    draw_and_throw_until_over(useless)
    assert useless.phase is Phase.LAST_CHANCE and useless.legal_actions() == [PASS]
    assert rule_of(useless, "draw pile") == "§7.2"
    act(useless, "pass")
    assert useless.result is not None and useless.result.outcome == "dead"
    plain = last_chance_deal(CLASSIC)  # the option off: dead at once
    draw_and_throw_until_over(plain)
    assert plain.result is not None and plain.result.outcome == "dead"


def test_rule_9_1_oklahoma_upcard_sets_the_knock_limit_and_a_spade_doubles():
    oklahoma = rules_for("oklahoma")
    assert deal(oklahoma, upcard="7D").knock_limit == 7
    assert deal(oklahoma, upcard="KD").knock_limit == 10
    spade = deal(oklahoma, upcard="2S")
    assert (spade.knock_limit, spade.multiplier) == (2, 2)
    act(spade, "take", "knock KS")
    assert spade.result is not None and spade.result.points == 2 * 36
    gin_only = deal(rules_for("oklahoma", oklahoma_ace="gin"), upcard="AS")
    assert gin_only.knock_limit == 0
    assert deal(oklahoma, upcard="AD").knock_limit == 1


def test_rule_9_1_oklahoma_ace_upcard_can_mean_gin_only():
    state = act(deal(rules_for("oklahoma", oklahoma_ace="gin"), upcard="AS"), "take")
    assert rule_of(state, "knock KS") == "§9.1"
    assert not any(a.kind is Kind.KNOCK for a in state.legal_actions())


def test_rule_9_2_straight_gin_has_no_knocking():
    state = act(deal(rules_for("straight")), "take")
    assert rule_of(state, "knock KS") == "§9.2"
    assert not any(a.kind is Kind.KNOCK for a in state.legal_actions())
    gin = act(deal(rules_for("straight"), upcard="TH"), "take", "gin KS")
    assert gin.result is not None and gin.result.outcome == "gin"


def test_rule_9_5_eleven_card_deal_has_no_upcard_and_starts_with_a_discard():
    rules = rules_for("classic", eleven_card_deal=True)
    state = HandState(rules, dealer=0, deck=stacked_deck(KNOCKER + " 2S", DEFENDER, None))
    assert state.hands[1].bit_count() == 11 and state.hands[0].bit_count() == 10
    assert state.upcard is None and state.pile == [] and len(state.stock) == 31
    assert (state.phase, state.to_play) == (Phase.DISCARD, 1)
    assert Action.parse("knock KS") in state.legal_actions()
    act(state, "discard KS")
    assert state.to_play == 0 and state.legal_actions() == [DRAW_STOCK, DRAW_PILE]
