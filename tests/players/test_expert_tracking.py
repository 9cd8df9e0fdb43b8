"""The expert's card tracking and opponent model, rebuilt from a view's public history."""

from __future__ import annotations

import random

from ginrummy.core.actions import DRAW_PILE, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import BIT, parse_card, parse_cards, to_mask
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState
from ginrummy.core.views import PlayerView
from ginrummy.players.expert.evaluation import (
    OpponentSamples,
    improved_hand,
    knock_chance,
    knock_value,
)
from ginrummy.players.expert.match_odds import MatchOdds, Stakes
from ginrummy.players.expert.tracking import OpponentModel, track


def played_view() -> tuple[HandState, PlayerView]:
    """Seat 0 deals. Seat 1: JC JD 2C 3C 4C 7D 8H 9H QH KH; seat 0: TC TD JS 2H 3H 4H 5H 6S 6D
    6C; upcard AC; the stock gives 8C, AH, 2S. Both pass the AC; seat 1 draws 8C and throws JC;
    seat 0 draws AH and throws TC; seat 1 takes TC and throws JD; seat 0 draws 2S."""
    seat1 = parse_cards("JC JD 2C 3C 4C 7D 8H 9H QH KH")
    seat0 = parse_cards("TC TD JS 2H 3H 4H 5H 6S 6D 6C")
    deck = [c for pair in zip(seat1, seat0, strict=True) for c in pair]
    deck += parse_cards("AC 8C AH 2S")
    deck += [c for c in range(52) if c not in deck]
    state = HandState(rules_for("eaai"), dealer=0, deck=deck)
    for action in (PASS, PASS, DRAW_STOCK, Action.discard(parse_card("JC")), DRAW_STOCK,
                   Action.discard(parse_card("TC")), DRAW_PILE, Action.discard(parse_card("JD")),
                   DRAW_STOCK):
        state.apply(action)
    return state, state.view(0)


def test_tracking_replays_the_pile_and_what_the_opponent_holds() -> None:
    state, view = played_view()
    known = track(view)
    assert list(known.pile) == state.pile == list(parse_cards("AC JC JD"))
    assert known.opp_known == BIT[parse_card("TC")]  # taken from the pile, not thrown since
    assert known.opp_taken == BIT[parse_card("TC")]
    assert known.opp_thrown == to_mask(parse_cards("JC JD"))
    # Seat 1 passed the upcard AC and later drew from the stock with AC still on top; seat 0's
    # own refusals do not count.
    assert known.opp_refused == BIT[parse_card("AC")]
    assert known.opp_unknown == 9
    assert known.unseen & state.hands[1] == state.hands[1] & ~BIT[parse_card("TC")]
    assert not known.unseen & (view.hand_mask | to_mask(state.pile))


def test_model_weighs_the_evidence() -> None:
    _, view = played_view()
    model = OpponentModel(track(view))
    p = model.prob
    assert p[parse_card("TC")] == 1.0
    assert p[parse_card("JC")] == p[parse_card("TD")] == 0.0  # on the pile / in my hand
    # The opponent took TC: other tens and TC's neighbours are likelier than a far card.
    far = p[parse_card("5D")]
    assert p[parse_card("TH")] > far and p[parse_card("9C")] > far
    # It threw two jacks: the last jack is less likely than a card nobody touched.
    assert p[parse_card("JH")] < far
    # The probabilities of the unseen cards add up to the unknown part of its hand.
    unseen = [c for c in range(52) if track(view).unseen >> c & 1]
    assert abs(sum(p[c] for c in unseen) - 9) < 0.5
    odds = model.stock_odds()
    assert abs(sum(chance for _, chance in odds) - 1) < 1e-9
    assert model.danger(parse_card("TD")) > model.danger(parse_card("JS"))


def test_samples_hold_the_known_cards_and_the_right_count() -> None:
    _, view = played_view()
    model = OpponentModel(track(view))
    rng = random.Random(1)
    samples = OpponentSamples.of([improved_hand(model, rng, 2.5) for _ in range(20)])
    own_or_pile = view.hand_mask | to_mask(track(view).pile)
    for hand, deadwood in zip(samples.hands, samples.deadwood, strict=True):
        assert hand.bit_count() == 10
        assert hand & BIT[parse_card("TC")]
        assert not hand & own_or_pile
        assert deadwood == min_deadwood(hand)


def test_knock_value_counts_wins_and_undercuts() -> None:
    rules = rules_for("eaai")
    # Knocker: 7S 7H 7D | 9C TC JC | 3H 4H 5H, deadwood 8D (8).
    shown = to_mask(parse_cards("7S 7H 7D 9C TC JC 3H 4H 5H 8D"))
    # RULES example A: the defender keeps 25 after laying off 8C; the knocker scores 17.
    loser = to_mask(parse_cards("2S 3S 4S QD QH QC 8C KH 5D TS"))
    # This defender keeps only AD (1): undercut, 8 - 1 + 25 = 32 to the defender.
    winner = to_mask(parse_cards("2S 3S 4S QD QH QC KD KH KS AD"))
    samples = OpponentSamples((loser, winner), (min_deadwood(loser), min_deadwood(winner)))
    points, undercut = knock_value(shown, samples, rules, knock_limit=10, multiplier=1)
    assert (points, undercut) == ((17 - 32) / 2, 0.5)
    stakes = Stakes(MatchOdds.for_rules(rules), 5, 100)
    valued, _ = knock_value(shown, samples, rules, knock_limit=10, multiplier=1, stakes=stakes)
    assert valued == (stakes.worth(5) + stakes.worth(-32)) / 2  # 17 points count as the 5 needed


def test_knock_chance_counts_the_stock_cards_that_let_a_hand_knock() -> None:
    # Three runs and a loose KD (10 deadwood; knock limit 5): a card knocks when it melds or
    # when it is worth at most 5 (then the KD goes).
    hand = to_mask(parse_cards("AS 2S 3S 4H 5H 6H 7C 8C 9C KD"))
    stock = to_mask(parse_cards("2D QD 4S 9D"))  # 2D: 2 left; QD: 10; 4S: gin; 9D: 9
    assert knock_chance([hand], stock, knock_limit=5) == 0.5
    assert knock_chance([hand], stock, knock_limit=10) == 1.0  # it can knock already
    far = to_mask(parse_cards("AS 2S 3S 4H 5H 6H 7C 8C KH KD"))  # 35 deadwood: no card does
    assert knock_chance([hand, far], stock, knock_limit=5) == (2 + 0) / 8
    assert knock_chance([], stock, knock_limit=5) == 0.0
