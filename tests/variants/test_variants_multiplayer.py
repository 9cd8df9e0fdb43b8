"""Three players (RULES §9.7) and partnerships (§9.8) played to the end on stacked decks.

Hands are the stacked deals of ``variants_decks``: a gin with the upcard against LOOSE_HAND
(20 + 67 = 87) and worked example A (a knock worth 17).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from variants_decks import (
    KNOCK_ACTIONS,
    KNOCK_POINTS,
    LOOSE_DEADWOOD,
    gin_actions,
    gin_deck,
    knock_deck,
)

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import format_card
from ginrummy.core.errors import IllegalActionError, RulesError
from ginrummy.core.multiplayer import PartnershipMatch, ThreePlayerMatch, pairings
from ginrummy.core.rules import rules_for

GIN = 20 + LOOSE_DEADWOOD  # 87


def play_table(match: ThreePlayerMatch | PartnershipMatch, table: int,
               actions: Sequence[Action]) -> None:
    for action in actions:
        seat = match.tables()[table].to_play
        assert seat is not None
        match.apply(action, seat=seat)


def three_hand(match: ThreePlayerMatch, *, dealer_wins: bool) -> None:
    match.replace_deck(gin_deck(dealer_wins=dealer_wins))
    play_table(match, 0, gin_actions(dealer_wins=dealer_wins))


def test_three_players_9_7_dealer_sits_out_loser_deals_first_to_target_wins() -> None:
    match = ThreePlayerMatch(rules_for("three-player"), first_dealer=0, seed=1,
                             names=("Ann", "Bob", "Cy"))
    # Seat 0 deals and sits out; seat 1 plays first (the hand's non-dealer), seat 2 deals there.
    assert (match.sitting_out, match.table.seats, match.pending()) == (0, (1, 2), [1])
    with pytest.raises(IllegalActionError, match="Ann sits out this hand"):
        match.view(0)
    three_hand(match, dealer_wins=False)  # Bob wins 87; Cy lost, so Cy deals
    assert (match.scores, match.sitting_out) == ((0, GIN, 0), 2)
    match.next_deal()
    assert match.table.seats == (0, 1)
    three_hand(match, dealer_wins=False)  # Ann wins 87; Bob lost and deals
    match.next_deal()
    assert (match.sitting_out, match.table.seats) == (1, (2, 0))
    view = match.view(0)
    assert view.match is not None and view.match.names == ("Cy", "Ann")
    assert view.match.scores == (0, GIN)
    three_hand(match, dealer_wins=True)  # Ann (the hand's dealer) wins: 174, over the target
    assert match.is_over and match.winner == 0
    # Bob won a hand, so no shutout: Ann 174 + 100 game + 2 boxes; Bob 87 + 1 box; Cy nothing.
    assert match.totals() == (2 * GIN + 100 + 40, GIN + 20, 0)
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.next_deal()


def test_three_players_9_7_shutout_when_neither_opponent_won_a_hand() -> None:
    match = ThreePlayerMatch(rules_for("three-player"), first_dealer=1, seed=1)
    assert match.table.seats == (2, 0)
    three_hand(match, dealer_wins=True)  # seat 0 wins; seat 2 lost and deals
    match.next_deal()
    assert match.table.seats == (0, 1)
    three_hand(match, dealer_wins=False)  # seat 0 wins again: 174
    assert match.is_over and match.winner == 0
    assert match.totals() == (2 * GIN + 200 + 40, 0, 0)
    assert [h.winner_seat for h in match.hands] == [0, 0]


def test_three_players_9_7_refuses_actions_out_of_turn_and_wrong_rules() -> None:
    match = ThreePlayerMatch(rules_for("three-player"), first_dealer=0, seed=1)
    with pytest.raises(IllegalActionError, match="it is not P2's turn"):
        match.apply(Action(Kind.PASS), seat=2)
    with pytest.raises(IllegalActionError, match="there is no seat 3"):
        match.apply(Action(Kind.PASS), seat=3)
    with pytest.raises(RulesError, match="for 2 players, this format is for 3"):
        ThreePlayerMatch(rules_for("classic"), first_dealer=0)
    with pytest.raises(RulesError, match="3 names are needed"):
        ThreePlayerMatch(rules_for("three-player"), first_dealer=0, names=("A", "B"))


def test_partnership_9_8_opponents_change_every_deal() -> None:
    assert pairings(0) == ((0, 1), (2, 3))
    assert pairings(1) == ((0, 3), (2, 1))
    match = PartnershipMatch(rules_for("partnership"), first_dealing_team=0, seed=1)
    assert [t.seats for t in match.tables()] == [(0, 1), (2, 3)]
    assert sorted(match.pending()) == [1, 3]  # the non-dealers decide on the upcards first


def test_partnership_9_8_team_net_per_deal_first_team_to_125() -> None:
    match = PartnershipMatch(rules_for("partnership"), first_dealing_team=0, seed=1)
    # Deal 1: seat 0 (dealer) gins at table 0, seat 3 (non-dealer) gins at table 1: net 0.
    match.replace_deck(0, gin_deck(dealer_wins=True))
    match.replace_deck(1, gin_deck(dealer_wins=False))
    play_table(match, 0, gin_actions(dealer_wins=True))
    assert not match.deal_over
    play_table(match, 1, gin_actions(dealer_wins=False))
    assert match.deal_over and match.scores == (0, 0) and match.deal_nets == [(-1, 0)]
    # Deal 2: 0 v 3 and 2 v 1. Seat 0 gins (87); seat 1, the non-dealer, knocks (17): team 0
    # nets 70.
    match.next_deal()
    assert [t.seats for t in match.tables()] == [(0, 3), (2, 1)]
    match.replace_deck(0, gin_deck(dealer_wins=True))
    match.replace_deck(1, knock_deck())
    play_table(match, 0, gin_actions(dealer_wins=True))
    play_table(match, 1, KNOCK_ACTIONS)
    assert match.scores == (GIN - KNOCK_POINTS, 0)
    # Deal 3: team 0 won, so it deals again; both its players gin: net 174, total 244 >= 125.
    match.next_deal()
    assert [t.state.dealer for t in match.tables()] == [0, 0]
    for table in (0, 1):
        match.replace_deck(table, gin_deck(dealer_wins=True))
        play_table(match, table, gin_actions(dealer_wins=True))
    assert match.is_over and match.winner == 0
    assert match.scores == (GIN - KNOCK_POINTS + 2 * GIN, 0)
    # Team 1 never won a deal: shutout 200, box 20 for each of team 0's two deals.
    assert match.totals() == (244 + 200 + 40, 0)


def _play_randomly(match: ThreePlayerMatch | PartnershipMatch, rng: random.Random) -> int:
    """Play to the end: end the hand when possible, otherwise a random legal action."""
    actions = 0
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            legal = match.view(seat).legal_actions
            ending = [a for a in legal if a.kind in (Kind.GIN, Kind.BIG_GIN, Kind.KNOCK)]
            match.apply(rng.choice(ending or list(legal)), seat=seat)
            actions += 1
    return actions


@pytest.mark.parametrize("seed", range(3))
def test_three_players_seeded_matches_reach_the_end_with_consistent_scores(seed: int) -> None:
    match = ThreePlayerMatch.new(rules_for("three-player"), seed=seed)
    _play_randomly(match, random.Random(seed))
    won = [0, 0, 0]
    points = [0, 0, 0]
    sitters = [({0, 1, 2} - set(hand.seats)).pop() for hand in match.hands]
    for number, hand in enumerate(match.hands):
        if number:  # the loser of a decided hand deals (sits out) next; a dead hand: same dealer
            before = match.hands[number - 1]
            loser = (None if before.winner_seat is None
                     else before.seats[1 - before.seats.index(before.winner_seat)])
            assert sitters[number] == (sitters[number - 1] if loser is None else loser)
        if hand.winner_seat is not None:
            won[hand.winner_seat] += 1
            points[hand.winner_seat] += hand.result.points
    assert list(match.scores) == points
    winner = match.winner
    assert winner is not None and match.scores[winner] >= 100
    assert sum(1 for s in match.scores if s >= 100) == 1
    shutout = all(won[s] == 0 for s in range(3) if s != winner)
    expected = [points[s] + 20 * won[s] for s in range(3)]
    expected[winner] += 200 if shutout else 100
    assert list(match.totals()) == expected


@pytest.mark.parametrize("seed", range(3))
def test_partnership_seeded_matches_reach_the_end_with_team_nets(seed: int) -> None:
    match = PartnershipMatch.new(rules_for("partnership"), seed=seed)
    _play_randomly(match, random.Random(seed))
    team_points = [0, 0]
    for team, net in match.deal_nets:
        if team >= 0:
            team_points[team] += net
    assert list(match.scores) == team_points
    assert match.winner is not None and match.scores[match.winner] >= 125
    # every deal has two decided tables (dead hands were redealt at their table)
    decided = [h for h in match.hands if h.winner_seat is not None]
    assert len(decided) == 2 * len(match.deal_nets)


def test_partnership_views_show_only_the_seats_own_table_and_hand() -> None:
    match = PartnershipMatch(rules_for("partnership"), first_dealing_team=1, seed=5,
                             names=("Ann", "Bob", "Cy", "Dan"))
    for seat in range(4):
        view = match.view(seat)
        table = next(t for t in match.tables() if seat in t.seats)
        assert view.hand_mask == table.state.hands[table.player_of(seat)]
        assert view.match is not None
        assert view.match.names == tuple(match.names[s] for s in table.seats)
        # Each table plays its own deck, so only the opponent's cards are checked.
        sent = json.dumps(view.to_dict())
        for card in table.state.hand(1 - table.player_of(seat)):
            assert f'"{format_card(card)}"' not in sent
    # team 1 deals: seat 1 deals at table 0 and seat 3 at table 1
    assert [t.seats[t.state.dealer] for t in match.tables()] == [1, 3]
