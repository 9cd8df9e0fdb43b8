"""Each variant of RULES §6-§9 on stacked decks (dealer 0, so player 1 is the non-dealer).

``knock_deck`` is RULES §8 worked example A: player 1 knocks with 7S7H7D 9C TC JC 3H4H5H and 8D
(8) after drawing KS and throwing it; the defender melds 2S3S4S and QD QH QC, lays 8C off on the
club run and keeps KH 5D TS (25): 17 points under classic rules.

The hands are written out in each test; expected points are worked out by hand in comments.
"""

from __future__ import annotations

import pytest
from variants_decks import LOOSE_DEADWOOD, LOOSE_HAND, knock_deck, stacked_deck

from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, Action, Kind, parse_action
from ginrummy.core.cards import parse_card
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, Phase


def act(state: HandState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def test_oklahoma_9_1_a_spade_upcard_doubles_the_hands_points() -> None:
    # Upcard 9S: knock limit 9, spade doubles. Example A scores 25 - 8 = 17, doubled 34.
    state = HandState(rules_for("oklahoma"), dealer=0, deck=knock_deck("9S"))
    assert (state.knock_limit, state.multiplier) == (9, 2)
    act(state, "pass", "pass", "draw stock", "knock KS")
    assert state.result is not None
    assert (state.result.outcome, state.result.winner, state.result.points) == ("knock", 1, 34)


def test_oklahoma_9_1_spade_doubling_can_be_switched_off_and_other_suits_do_not_double() -> None:
    off = HandState(rules_for("oklahoma", oklahoma_spade_double=False), dealer=0,
                    deck=knock_deck("9S"))
    heart = HandState(rules_for("oklahoma"), dealer=0, deck=knock_deck("9H"))
    for state in (off, heart):
        act(state, "pass", "pass", "draw stock", "knock KS")
        assert state.result is not None and state.result.points == 17


def test_oklahoma_9_1_the_upcard_value_is_the_knock_limit() -> None:
    # Upcard 6H: limit 6, so the deadwood 8 of example A may not knock.
    state = HandState(rules_for("oklahoma"), dealer=0, deck=knock_deck("6H"))
    assert state.knock_limit == 6
    act(state, "pass", "pass", "draw stock")
    assert not any(a.kind is Kind.KNOCK for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="above the knock limit 6"):
        act(state, "knock KS")
    face = HandState(rules_for("oklahoma"), dealer=0, deck=knock_deck("JH"))
    assert face.knock_limit == 10


def test_oklahoma_9_1_match_box_bonus_counts_hands_not_doubled_points() -> None:
    match = Match(rules_for("oklahoma"), first_dealer=0, seed=1)
    match.replace_deck(knock_deck("9S"))
    for text in ("pass", "pass", "draw stock", "knock KS"):
        match.apply(parse_action(text))
    assert match.scores == (0, 34)
    assert match.totals() == (0, 34 + 20)  # one hand won: one box of 20
    assert not match.is_over  # target 150


# Sevens, 4-5-6 of spades, 9-T-J of diamonds and AD (1); LOOSE_HAND can lay nothing off.
ACE_HAND = "7C 7D 7H 4S 5S 6S 9D TD JD AD"


def ace_deck() -> list[int]:
    # Upcard AS. The stock's top is QS (thrown again), then KD. Deadwood with AD: 1.
    return stacked_deck(ACE_HAND, LOOSE_HAND, "AS", "QS")


def test_oklahoma_9_1_an_ace_upcard_with_the_gin_option_allows_only_gin() -> None:
    state = HandState(rules_for("oklahoma", oklahoma_ace="gin"), dealer=0, deck=ace_deck())
    assert (state.knock_limit, state.multiplier) == (0, 2)
    act(state, "pass", "pass", "draw stock")
    assert [a.kind for a in state.legal_actions()].count(Kind.KNOCK) == 0
    with pytest.raises(IllegalActionError, match="only gin ends this hand"):
        act(state, "knock QS")
    # the same hand with the ace counting one: knocking with the AD (1) is allowed
    one = HandState(rules_for("oklahoma"), dealer=0, deck=ace_deck())
    assert one.knock_limit == 1
    act(one, "pass", "pass", "draw stock", "knock QS")
    # 67 - 1 = 66, doubled by the spade ace: 132
    assert one.result is not None and one.result.points == (LOOSE_DEADWOOD - 1) * 2


def test_oklahoma_9_1_an_ace_upcard_still_ends_with_gin() -> None:
    # Player 1 takes the upcard AS: AS AD AH, 3-4-5 hearts, 5-8 spades; KS thrown: gin.
    deck = stacked_deck("AD AH 3H 4H 5H 5S 6S 7S 8S KS", LOOSE_HAND, "AS")
    state = HandState(rules_for("oklahoma", oklahoma_ace="gin"), dealer=0, deck=deck)
    act(state, "take", "gin KS")
    assert state.result is not None
    # gin 20 + 67, doubled by the spade upcard
    assert (state.result.outcome, state.result.points) == ("gin", (20 + LOOSE_DEADWOOD) * 2)


def test_straight_9_2_never_offers_a_knock_only_gin() -> None:
    classic = HandState(rules_for("classic"), dealer=0, deck=knock_deck("9H"))
    straight = HandState(rules_for("straight"), dealer=0, deck=knock_deck("9H"))
    for state in (classic, straight):
        act(state, "pass", "pass", "draw stock")
    assert any(a.kind is Kind.KNOCK for a in classic.legal_actions())
    assert not any(a.kind is Kind.KNOCK for a in straight.legal_actions())
    with pytest.raises(IllegalActionError, match="RULES §9.2"):
        act(straight, "knock KS")


def test_big_gin_6_4_eleven_melded_cards_score_31_plus_the_defenders_deadwood() -> None:
    # Player 1: A-8 of spades and 7H 7D; taking the upcard 7C melds all eleven cards.
    deck = stacked_deck("AS 2S 3S 4S 5S 6S 7S 8S 7H 7D", LOOSE_HAND, "7C")
    modern = HandState(rules_for("modern"), dealer=0, deck=deck)
    act(modern, "take")
    assert BIG_GIN in modern.legal_actions()
    modern.apply(BIG_GIN)
    assert modern.result is not None
    assert (modern.result.outcome, modern.result.points) == ("big_gin", 31 + LOOSE_DEADWOOD)
    assert modern.hands[1].bit_count() == 11  # big gin keeps all eleven cards
    classic = HandState(rules_for("classic"), dealer=0, deck=deck)
    act(classic, "take")
    assert BIG_GIN not in classic.legal_actions()
    with pytest.raises(IllegalActionError, match="big gin is not played"):
        classic.apply(BIG_GIN)


def test_eleven_card_deal_9_5_first_turn_is_a_discard_by_the_non_dealer() -> None:
    deck = stacked_deck("AS 2S 3S 4S 5S 6S 7S 8S 9S KD QD", LOOSE_HAND)
    state = HandState(rules_for("classic", eleven_card_deal=True), dealer=0, deck=deck)
    assert (state.phase, state.to_play, state.upcard, state.pile) == (Phase.DISCARD, 1, None, [])
    assert (state.hands[1].bit_count(), state.hands[0].bit_count(), len(state.stock)) == (11, 10,
                                                                                           31)
    kinds = {a.kind for a in state.legal_actions()}
    assert Kind.TAKE not in kinds and Kind.PASS not in kinds and Kind.DISCARD in kinds
    act(state, "discard QD")
    assert (state.phase, state.to_play, state.pile_top) == (Phase.DRAW, 0, parse_card("QD"))
    assert set(state.legal_actions()) == {DRAW_STOCK, DRAW_PILE}


def test_eleven_card_deal_9_5_the_non_dealer_may_knock_at_once() -> None:
    # A-9 of spades melded; KD QD loose: throwing KD leaves QD (10), a knock.
    deck = stacked_deck("AS 2S 3S 4S 5S 6S 7S 8S 9S KD QD", LOOSE_HAND)
    state = HandState(rules_for("classic", eleven_card_deal=True), dealer=0, deck=deck)
    act(state, "knock KD")
    assert state.result is not None
    # The defender lays off nothing on the spade run (no spades): 67 - 10 = 57.
    assert (state.result.outcome, state.result.points) == ("knock", LOOSE_DEADWOOD - 10)


def _last_chance_deck() -> list[int]:
    # Dealer 0 holds the gin hand without TS; the 29th stock card (deck[49]) is TS.
    deck = stacked_deck(LOOSE_HAND, "AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "AH")
    deck.remove(parse_card("TS"))
    deck.insert(49, parse_card("TS"))
    return deck


def _draw_to_the_wall(state: HandState) -> None:
    # Both pass the upcard; then everyone draws from the stock and throws the card drawn.
    act(state, "pass", "pass")
    while state.phase is Phase.DRAW:
        move = state.apply(DRAW_STOCK)
        state.apply(Action(Kind.DISCARD, move.card))


def test_stock_wall_7_1_with_two_cards_left_the_hand_is_dead() -> None:
    state = HandState(rules_for("classic"), dealer=0, deck=_last_chance_deck())
    _draw_to_the_wall(state)
    assert len(state.stock) == 2
    assert state.result is not None and state.result.outcome == "dead"
    assert state.pile_top == parse_card("TS")


def test_last_chance_7_2_the_opponent_may_take_the_last_discard_to_go_gin() -> None:
    state = HandState(rules_for("classic", last_chance=True), dealer=0, deck=_last_chance_deck())
    _draw_to_the_wall(state)
    assert (state.phase, state.to_play, len(state.stock)) == (Phase.LAST_CHANCE, 0, 2)
    assert set(state.legal_actions()) == {DRAW_PILE, PASS}
    state.apply(DRAW_PILE)
    assert not any(a.kind is Kind.DISCARD for a in state.legal_actions())  # must end the hand
    act(state, "gin KD")
    assert state.result is not None
    assert (state.result.outcome, state.result.winner, state.result.points) == (
        "gin", 0, 20 + LOOSE_DEADWOOD)


def test_last_chance_7_2_passing_leaves_the_hand_dead() -> None:
    state = HandState(rules_for("classic", last_chance=True), dealer=0, deck=_last_chance_deck())
    _draw_to_the_wall(state)
    state.apply(PASS)
    assert state.result is not None and state.result.outcome == "dead"


def test_norwegian_8_knock_win_bonus_goes_to_a_knocker_with_lower_deadwood() -> None:
    # Example A: 17 plus the Norwegian knock-win bonus 20.
    state = HandState(rules_for("norwegian"), dealer=0, deck=knock_deck("9H"))
    act(state, "pass", "pass", "draw stock", "knock KS")
    assert state.result is not None and state.result.points == 17 + 20


def test_norwegian_8_an_undercut_gets_the_30_bonus_and_no_knock_bonus() -> None:
    # Knocker (player 1): 2-3-4 and 5-6-7 hearts, 9-T-J clubs, KD (10), draws QS, throws it.
    # Defender (player 0) holds 8C? No: 5C 5D 5S, AS AD AH, 8S 9S TS ... and 2D (2):
    # knocker 10 against 2: undercut, 10 - 2 + 30 = 38.
    deck = stacked_deck("2H 3H 4H 5H 6H 7H 9C TC JC KD", "5C 5D 5S AS AD AH 8S 9S TS 2D",
                        "KC", "QS")
    state = HandState(rules_for("norwegian"), dealer=0, deck=deck)
    act(state, "pass", "pass", "draw stock", "knock QS")
    assert state.result is not None
    assert (state.result.outcome, state.result.winner, state.result.points) == (
        "undercut", 0, 10 - 2 + 30)
