"""The expert's rollouts: deals consistent with the view, and hands played out and settled right.

The expected points below are worked out by hand from the cards (eaai rules: knock limit 10,
gin and undercut 25 each, the hand dies with two cards left in the stock).
"""

from __future__ import annotations

import random

import pytest

from ginrummy.core.actions import Kind
from ginrummy.core.cards import BIT, parse_card, parse_cards, to_mask
from ginrummy.core.match import Match
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import rules_for
from ginrummy.players import make_player
from ginrummy.players.base import play_match
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.expert import player as expert_player
from ginrummy.players.expert.evaluation import improve
from ginrummy.players.expert.match_odds import MatchOdds, Stakes
from ginrummy.players.expert.search import Deal, Table, deals_for, knock_now, play_on, sample_hands
from ginrummy.players.expert.tracking import OpponentModel, track

EAAI = rules_for("eaai")
MINE = to_mask(parse_cards("AS 2S 3S 4H 5H 6H 7C 8C 9C KD"))  # deadwood 10: KD
THEIRS = to_mask(parse_cards("AC 2C 3C 4D 5D 6D 7S 8S 9S 2H"))  # deadwood 2: 2H


def table(stakes: Stakes | None = None) -> Table:
    return Table(EAAI, knock_limit=10, multiplier=1, own_knock=0, their_knock=10,
                 stakes=stakes or Stakes())


def test_knocking_into_a_lower_hand_is_an_undercut() -> None:
    deal = Deal(THEIRS, ())
    assert knock_now(MINE, deal, table()) == -(25 + 10 - 2)


def test_points_past_what_the_winner_needs_are_worth_nothing_more() -> None:
    deal = Deal(THEIRS, ())
    stakes = Stakes(MatchOdds.for_rules(EAAI), 5, 20)
    # the undercut pays them 33 but they needed only 20: the match is lost either way
    assert knock_now(MINE, deal, table(stakes)) == stakes.worth(-20) < stakes.worth(-19)


def test_a_quick_knocker_draws_throws_its_worst_card_and_knocks() -> None:
    # Their 7S 8S 2H 3H is loose (20); our QD melds with nothing and would leave them 22, so
    # they draw 9S (next card last) for 7S 8S 9S, throw 3H and knock with 2 against our 10.
    theirs = to_mask(parse_cards("AC 2C 3C 4D 5D 6D 7S 8S 2H 3H"))
    stock = tuple(parse_cards("5C 6C 9S"))
    assert play_on(MINE, parse_card("QD"), Deal(theirs, stock), table()) == -8


def test_a_face_up_card_that_lets_a_quick_knocker_knock_is_taken() -> None:
    # Our QD: they take it, throw 2H and knock with 10 against our 10. A tie goes to the
    # defender under eaai: an undercut, 25 + 0 to us.
    stock = tuple(parse_cards("5C 6C JH"))
    assert play_on(MINE, parse_card("QD"), Deal(THEIRS, stock), table()) == 25


def test_a_face_up_card_that_melds_is_taken() -> None:
    # Our 7D runs with their 4D 5D 6D: they take it, throw 2H and go gin, 25 + our 10.
    stock = tuple(parse_cards("5C 6C JH"))
    assert play_on(MINE, parse_card("7D"), Deal(THEIRS, stock), table()) == -(25 + 10)


def test_a_hand_with_no_knock_before_the_wall_is_dead() -> None:
    # Both sides hold 30+ deadwood and the stock holds only three cards: one draw, then dead.
    mine = to_mask(parse_cards("AS 3S 5S 7H 9H JH KC 2C 4D 6D"))
    theirs = to_mask(parse_cards("2S 4S 6S 8H TH QH AC 3C 5D 7D"))
    stock = tuple(parse_cards("9C QS JD"))
    assert play_on(mine, parse_card("KD"), Deal(theirs, stock), table()) == 0.0


def test_deals_fill_in_exactly_the_hidden_cards() -> None:
    match = Match.new(EAAI, seed=7)
    expert = ExpertPlayer(seed=1)
    for _ in range(9):
        match.apply(expert.choose(match.view(match.state.to_play)))
    view = match.view(match.state.to_play)
    knowledge = track(view)
    hands = sample_hands(OpponentModel(knowledge), random.Random(2), count=20, extra=4,
                         could_not_knock=10)
    deals = deals_for(hands, knowledge.unseen, random.Random(3))
    for deal in deals:
        assert deal.opponent.bit_count() == view.opponent_hand_size
        assert deal.opponent & knowledge.opp_known == knowledge.opp_known
        assert len(deal.stock) == view.stock_size
        hidden = deal.opponent
        for card in deal.stock:
            hidden |= BIT[card]
        assert hidden == knowledge.unseen | knowledge.opp_known
    # Quick knockers that could have knocked are redrawn (a few tries, so nearly all pass).
    assert sum(min_deadwood(d.opponent) > 10 for d in deals) >= 18


def test_an_improved_hand_keeps_its_size_and_its_known_cards() -> None:
    # The best ten of THEIRS and two more cards; with only one unseen card to add (a stock
    # near its end), only one card may go: a hand that dropped two once broke a settlement.
    known = to_mask(parse_cards("2H"))
    plenty = to_mask(parse_cards("KS QS JS TS 3H"))
    for seed in range(10):
        better = improve(THEIRS, plenty, random.Random(seed), 2.0, keep=known)
        assert better.bit_count() == 10 and better & known
        assert min_deadwood(better) <= min_deadwood(THEIRS)
        short = improve(THEIRS, to_mask(parse_cards("KS")), random.Random(seed), 3.0, keep=known)
        assert short.bit_count() == 10 and short & known


def test_the_expert_learns_whether_the_opponent_knocks_at_once() -> None:
    # The standard player always knocks when it can; the gin camper holds knocks back until
    # the stock runs low. The hedge (some deals as against a waiter) stops for the one that
    # knocks at once and goes on against the one that waits.
    tuning = expert_player.Tuning()
    share = tuning.waiter_share
    # before either shows, only a part of the hedge (most opponents knock at once)
    assert share > 0 and ExpertPlayer(seed=1).opponent_guess() == (
        True, pytest.approx(share * tuning.hedge_before_shown))
    learned, guesses = {}, {}
    for name in ("standard", "gin-camper"):
        expert = ExpertPlayer(seed=1)
        for seed in range(3):
            play_match(Match.new(EAAI, seed=seed), (expert, make_player(name, seed=seed)))
        assert expert.style_known
        learned[name] = (expert.opponent_waits, expert.late_knock_stock)
        guesses[name] = expert.opponent_guess()
        # the old way, kept as a knob: a known waiter is nothing but a waiter
        expert.tuning = expert_player.Tuning(learn_waits=1)
        guesses[f"{name}, learn_waits=1"] = expert.opponent_guess()
    assert learned["standard"][0] is False
    # the camper settles for a knock only with 10 or fewer stock cards left
    assert learned["gin-camper"][0] is True and 0 < learned["gin-camper"][1] <= 10
    assert guesses == {"standard": (True, 0.0), "standard, learn_waits=1": (True, 0.0),
                       "gin-camper": (True, share), "gin-camper, learn_waits=1": (False, 0.0)}
    # the waiter prior: every opponent a waiter until it knocks early
    assert ExpertPlayer(seed=1, waiter_prior=1).opponent_guess() == (False, 0.0)


def test_hands_shown_above_the_knock_limit_lower_the_hedge_until_the_style_shows() -> None:
    # A quick knocker always shows more than the knock limit when we knock, so each such hand
    # multiplies the odds that the opponent waits by above_limit_odds (Bayes' rule).
    tuning = expert_player.Tuning()
    share = tuning.waiter_share
    # (a match whose first hands show such hands)
    expert = ExpertPlayer(seed=1, above_limit_odds=0.5)
    hands: list[tuple[bool, bool, tuple[bool, float]]] = []
    learn = expert.observe

    def observe(view):  # type: ignore[no-untyped-def]
        learn(view)
        result = view.result
        above = (result.knocker == view.player
                 and min_deadwood(result.hands[view.opponent]) > view.knock_limit)
        hands.append((above, expert.style_known, expert.opponent_guess()))

    expert.observe = observe  # type: ignore[method-assign]
    play_match(Match.new(EAAI, seed=3), (expert, make_player("gin-camper", seed=3)))
    before = share * tuning.hedge_before_shown
    odds, lowered = before / (1 - before), 0
    for above, known, guess in hands:
        if known:
            break
        odds *= 0.5 if above else 1
        lowered += above
        assert guess == (True, pytest.approx(odds / (1 + odds)))
    assert lowered  # the hedge did shrink before the camper showed that it waits
    assert hands[-1][1] and hands[-1][2] == (True, share)  # then it goes on, as without the knob


@pytest.mark.parametrize("waiter_reading", [0, 1])
def test_the_hedges_waiter_deals_are_read_as_a_waiters_hands(monkeypatch, waiter_reading) -> None:
    # With waiter_reading, the deals drawn as against a waiter take their read hands from a
    # reader that lets the opponent hold a knock, and the weights of the take rules its
    # guesses follow at each hand's end add up over the match (one hand's worth each).
    used = []
    read_hands = expert_player._Decision._read_hands

    def spy(self, count, reader):  # type: ignore[no-untyped-def]
        used.append(reader.quick)
        return read_hands(self, count, reader)

    monkeypatch.setattr(expert_player._Decision, "_read_hands", spy)
    expert = ExpertPlayer(seed=1, waiter_reading=waiter_reading)
    match = play_match(Match.new(EAAI, seed=0), (expert, make_player("gin-camper", seed=0)))
    rules = expert.take_rules
    if waiter_reading:
        assert used.count(False) > 20 and used.count(True) > 20
        hands = sum(1 for record in match.hands if record.result is not None)
        assert sum(rules) == pytest.approx(len(rules) + hands - 1)  # the last one still open
        assert min(rules) >= 1 and max(rules) > 2, rules
    else:
        assert all(used) and rules == (1.0, 1.0, 1.0) and expert.waiter_reader is None


class _Witness:
    """A standard player that records, at each hand's end, whether the expert's test says the
    opponent held a knock back, beside the truth read from the full hand."""

    name = "witness"

    def __init__(self, match: Match, seed: int) -> None:
        self.match, self.inner = match, make_player("standard", seed=seed)
        self.calls: list[tuple[bool, bool]] = []

    def choose(self, view):  # type: ignore[no-untyped-def]
        return self.inner.choose(view)

    def observe(self, view) -> None:  # type: ignore[no-untyped-def]
        said = expert_player._held_a_knock_before(view)
        result = view.result
        if result.knocker != view.opponent or view.knock_card is None:
            assert not said
            return
        moves = [m for m in self.match.state.history if m.player == view.opponent]
        before = (result.hands[view.opponent] | BIT[view.knock_card]) ^ BIT[moves[-2].card]
        truth = (len(moves) >= 3 and moves[-3].action.kind is Kind.DISCARD
                 and min_deadwood(before) <= view.knock_limit)
        self.calls.append((said, truth))


def test_a_gin_shows_the_opponent_held_a_knock_back_only_when_it_did() -> None:
    # marjj-style goes for gin after its third turn, so its gins often follow a hand that could
    # have knocked; standard knocks at once and never holds one back.
    for name, waits in (("marjj-style", True), ("standard", False)):
        calls = []
        for seed in range(30):
            match = Match.new(EAAI, seed=seed)
            witness = _Witness(match, seed)
            play_match(match, (witness, make_player(name, seed=seed + 7)))
            calls += witness.calls
        assert all(truth for said, truth in calls if said)  # never wrong when it says so
        assert any(said for said, _ in calls) is waits
