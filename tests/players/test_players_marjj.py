"""The ``marjj-style`` sparring partner: each habit of the EAAI-2021 winner's public strategy."""

from __future__ import annotations

from dataclasses import replace

import pytest
from stacked_deals import stacked

from ginrummy.core.actions import DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action
from ginrummy.core.cards import parse_card, parse_cards, to_mask
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.state import Move, Phase
from ginrummy.core.views import PlayerView
from ginrummy.players import make_player
from ginrummy.players.base import play_match
from ginrummy.players.marjj import MarjjStylePlayer, danger

# Seat 1 holds three melds (3♠4♠5♠, 7♦7♣7♥, 9♥10♥J♥) and K♠; seat 0 holds nothing that matters.
MELDED = "3S 4S 5S 7D 7C 7H 9H TH JH KS"
THEIRS = "2H 4H 6H 8D 8C 9C JD QC AD 6S"


def discard_after_the_opponent_takes(upcard: str, drawn: str, *, mine: str = MELDED,
                                     knock_limit: int = 10) -> PlayerView:
    """Seat 1 passes the upcard, seat 0 takes it and throws 2♥, seat 1 draws ``drawn``."""
    rules = rules_for("eaai", knock_limit=knock_limit)
    state = stacked(rules, mine=mine, theirs=THEIRS, upcard=upcard, stock=drawn)
    state.apply(PASS)
    state.apply(TAKE)
    state.apply(Action.discard(parse_card("2H")))
    state.apply(DRAW_STOCK)
    view = state.view(1)
    assert view.phase is Phase.DISCARD
    return view


def player() -> MarjjStylePlayer:
    return MarjjStylePlayer(seed=0)


def test_marjj_takes_the_face_up_card_only_when_it_joins_a_meld() -> None:
    joins = stacked(rules_for("eaai"), mine=MELDED, theirs=THEIRS, upcard="2S")
    alone = stacked(rules_for("eaai"), mine=MELDED, theirs=THEIRS, upcard="QD")
    assert player().choose(joins.view(1)) == TAKE
    assert player().choose(alone.view(1)) == PASS


def test_marjj_throws_the_king_the_opponent_cannot_use() -> None:
    # Loose: K♠ and K♦, equal in value and in what they could still meld with. The opponent took
    # the queen next to one of them, so that king is the dangerous throw. (A knock limit of 1
    # keeps it from knocking instead.)
    took_the_queen_of_spades = discard_after_the_opponent_takes("QS", drawn="KD", knock_limit=1)
    took_the_queen_of_diamonds = discard_after_the_opponent_takes("QD", drawn="KD", knock_limit=1)
    assert player().choose(took_the_queen_of_spades) == Action.discard(parse_card("KD"))
    assert player().choose(took_the_queen_of_diamonds) == Action.discard(parse_card("KS"))


def test_marjj_throws_among_loose_cards_within_five_points_of_the_dearest() -> None:
    # Loose: K♠ (10) and the drawn 2♦ (2): 2♦ is more than five points cheaper, so never thrown,
    # even though the opponent took Q♠ next to the king.
    view = discard_after_the_opponent_takes("QS", drawn="2D", knock_limit=1)
    assert player().choose(view) == Action.discard(parse_card("KS"))


def test_marjj_danger_counts_taken_neighbours_and_completed_melds() -> None:
    queen_jack = to_mask(parse_cards("QS JS"))
    # K♠ would complete Q♠ J♠ K♠: the largest penalty; K♦ is not near anything known
    assert danger(parse_card("KS"), dead=0, known=queen_jack) > danger(
        parse_card("KD"), dead=0, known=queen_jack)
    # every meld that could hold 5♣ has a card nobody can still get: a bonus (negative danger)
    dead = to_mask(parse_cards("5D 5H 4C 6C"))
    assert danger(parse_card("5C"), dead=dead, known=0) < 0 == danger(parse_card("5C"), dead=0,
                                                                       known=0)


def own_turns_played(view: PlayerView, turns: int) -> PlayerView:
    """``view`` as if this player had already thrown ``turns`` cards this hand."""
    earlier = tuple(Move(view.player, Action.discard(parse_card("2C"))) for _ in range(turns))
    return replace(view, history=earlier + view.history)


def test_marjj_knocks_only_in_its_first_three_turns_and_then_waits_for_gin() -> None:
    # 3♠4♠5♠ 7♦7♣7♥ 9♥10♥J♥ and A♣, drawing K♦: one point of deadwood after throwing K♦
    view = discard_after_the_opponent_takes("QD", drawn="KD",
                                            mine="3S 4S 5S 7D 7C 7H 9H TH JH AC")
    knock = Action.knock(parse_card("KD"))
    assert knock in view.legal_actions
    assert player().choose(view) == knock
    assert player().choose(own_turns_played(view, 2)) == knock  # its third turn
    assert player().choose(own_turns_played(view, 3)) == Action.discard(parse_card("KD"))


def test_marjj_goes_gin_whenever_it_can() -> None:
    view = discard_after_the_opponent_takes("QD", drawn="KD",
                                            mine="3S 4S 5S 7D 7C 7H 9H TH JH QH")
    assert player().choose(own_turns_played(view, 6)) == Action.gin(parse_card("KD"))


@pytest.mark.parametrize("preset", ["eaai", "classic", "modern", "oklahoma", "hollywood"])
def test_marjj_plays_whole_matches_legally(preset: str) -> None:
    rules = rules_for(preset)
    match = Match.new(rules, seed=3)
    assert isinstance(match, Match)
    play_match(match, (make_player("marjj-style", seed=1), make_player("standard", seed=2)))
    assert match.is_over


def test_marjj_is_in_the_registry() -> None:
    assert make_player("marjj-style").name == "marjj-style"


@pytest.mark.parametrize(("thrown", "expected"), [("6S", DRAW_PILE), ("6H", DRAW_STOCK)])
def test_marjj_takes_a_discard_only_when_it_joins_a_meld(thrown: str, expected: Action) -> None:
    # after both pass the upcard and seat 1 throws 8♠, seat 0 throws 6♠ (extends 3♠4♠5♠) or 6♥
    state = stacked(rules_for("eaai"), mine=MELDED, theirs=THEIRS, upcard="QD", stock="8S")
    for action in (PASS, PASS, DRAW_STOCK, Action.discard(parse_card("8S")), DRAW_STOCK,
                   Action.discard(parse_card(thrown))):
        state.apply(action)
    assert player().choose(state.view(1)) == expected
