"""Match-level variants on stacked decks: Hollywood columns (§9.4), dealer rotation (§3.2, §9.9)
and the dead hand redealt by the same dealer (§7.1).

Every hand here is a gin with the upcard (A-T of spades, KD thrown) against LOOSE_HAND (67):
20 + 67 = 87 points to the winner.
"""

from __future__ import annotations

import pytest
from variants_decks import LOOSE_DEADWOOD, play_gin_hand, stacked_deck

from ginrummy.core.actions import DRAW_STOCK, PASS, Action, Kind
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for

GIN = 20 + LOOSE_DEADWOOD  # 87


def test_hollywood_9_4_three_columns_close_at_different_hands_and_add_up() -> None:
    match = Match(rules_for("hollywood"), first_dealer=1, seed=1)
    assert len(match.columns) == 3
    # Hand 1: P1 deals and wins (first win: game 1). Winner deals, so P1 deals hand 2.
    play_gin_hand(match, dealer_wins=True)
    # Hand 2: non-dealer P0 wins (P0's first win: game 1). P0 deals from now on and wins.
    match.next_hand()
    play_gin_hand(match, dealer_wins=False)
    assert [c.scores for c in match.columns] == [[GIN, GIN], [0, 0], [0, 0]]
    closed_at = []
    for _hand_number in (3, 4, 5):
        match.next_hand()
        assert match.dealer == 0
        play_gin_hand(match, dealer_wins=True)
        closed_at.append([c.closed for c in match.columns])
    # Hand 3: P0's second win goes to games 1 and 2; game 1 reaches 174 and closes.
    # Hand 4: P0's third win goes to the open games 2 and 3; game 2 closes.
    # Hand 5: only game 3 is open; it closes and the match is over.
    assert closed_at == [[True, False, False], [True, True, False], [True, True, True]]
    assert match.is_over and match.winner == 0
    assert [c.scores for c in match.columns] == [[2 * GIN, GIN], [2 * GIN, 0], [2 * GIN, 0]]
    totals = match.column_totals()
    # Game 1: P1 won a hand there, so a plain game bonus; box 20 per hand won in the game.
    assert (totals[0].game_bonus, totals[0].box_bonus, totals[0].shutout) == ((100, 0), (40, 20),
                                                                              False)
    # Games 2 and 3: P1 won nothing there: shutout bonus 200.
    assert all(t.shutout and t.game_bonus == (200, 0) for t in totals[1:])
    game1 = (2 * GIN + 100 + 40, GIN + 20)
    later = (2 * GIN + 200 + 40, 0)
    assert match.totals() == (game1[0] + 2 * later[0], game1[1])
    assert match.totals() == (1142, 107)


def test_game_8_a_single_game_ends_at_the_target_with_game_and_box_bonuses() -> None:
    match = Match(rules_for("classic"), first_dealer=0, seed=1)
    play_gin_hand(match, dealer_wins=True)  # P0 87
    match.next_hand()
    play_gin_hand(match, dealer_wins=False)  # P1 87, P1 deals next
    match.next_hand()
    play_gin_hand(match, dealer_wins=True)  # P1 174: game over
    assert match.is_over and match.winner == 1
    assert match.scores == (GIN, 2 * GIN)
    assert match.totals() == (GIN + 20, 2 * GIN + 100 + 40)


@pytest.mark.parametrize(("rotation", "dealers"), [
    # hand 1: the dealer (P0) wins; hand 2: the non-dealer wins
    ("winner", [0, 0, 1]),
    ("alternate", [0, 1, 0]),
    ("loser", [0, 1, 1]),
])
def test_dealer_rotation_3_2_and_9_9(rotation: str, dealers: list[int]) -> None:
    match = Match(rules_for("classic", dealer=rotation, target=1000), first_dealer=0, seed=1)
    seen = [match.state.dealer]
    play_gin_hand(match, dealer_wins=True)
    match.next_hand()
    seen.append(match.state.dealer)
    play_gin_hand(match, dealer_wins=False)
    match.next_hand()
    seen.append(match.state.dealer)
    assert seen == dealers


def _play_to_dead(match: Match) -> None:
    state = match.state
    match.apply(PASS)
    match.apply(PASS)
    while not state.is_over:
        move = match.apply(DRAW_STOCK)
        match.apply(Action(Kind.DISCARD, move.card))


@pytest.mark.parametrize("rotation", ["winner", "alternate", "loser"])
def test_dead_hand_7_1_is_redealt_by_the_same_dealer(rotation: str) -> None:
    match = Match(rules_for("classic", dealer=rotation), first_dealer=1, seed=1)
    # P0 (non-dealer) holds LOOSE-like junk, P1 the near-gin hand: nobody knocks.
    match.replace_deck(stacked_deck("KC QH JC 9H 8C 6H 4C 2H 3D 5D",
                                    "AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "AH"))
    _play_to_dead(match)
    assert match.hands[-1].result is not None and match.hands[-1].result.outcome == "dead"
    assert match.scores == (0, 0) and match.wins == [0, 0]
    match.next_hand()
    assert (match.state.dealer, match.hand_number) == (1, 2)
