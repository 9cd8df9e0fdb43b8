"""The ``montecarlo:N`` sparring partner: worlds true to its view, sound choices, fair play."""

from __future__ import annotations

import pytest
from stacked_deals import stacked

from ginrummy.core.actions import DRAW_STOCK, PASS, TAKE, Action
from ginrummy.core.cards import BIT, parse_card
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.state import Phase
from ginrummy.players import make_player
from ginrummy.players.base import play_match
from ginrummy.players.montecarlo import MonteCarloPlayer

MELDED_AND_ACE = "3S 4S 5S 7D 7C 7H 9H TH JH AC"


def first_discard(theirs: str, *, upcard: str = "QD", drawn: str = "KD"):
    """Seat 1 passes the upcard, seat 0 takes it and throws its first card, seat 1 draws."""
    state = stacked(rules_for("eaai"), mine=MELDED_AND_ACE, theirs=theirs, upcard=upcard,
                    stock=drawn)
    state.apply(PASS)
    state.apply(TAKE)
    state.apply(Action.discard(parse_card(theirs.split()[0])))
    state.apply(DRAW_STOCK)
    view = state.view(1)
    assert view.phase is Phase.DISCARD
    return view


def test_montecarlo_worlds_hold_what_the_opponent_took_and_nothing_it_cannot_have() -> None:
    view = first_discard("2H 4H 6H 8D 8C 9C JD QC AD 6S")
    dead, known = view.knock_knowledge()
    assert known == BIT[parse_card("QD")]  # it took the upcard and still holds it
    for world in MonteCarloPlayer(samples=30, seed=1).worlds(view):
        assert world.opponent & known == known
        assert world.opponent.bit_count() == view.opponent_hand_size
        assert not world.opponent & (view.hand_mask | dead)
        assert len(world.stock) == view.stock_size
        assert not any(BIT[card] & (world.opponent | view.hand_mask | dead)
                       for card in world.stock)


def test_montecarlo_never_looks_at_the_hidden_cards() -> None:
    # the same public play against two different hidden hands: the same choice, seed for seed
    one = first_discard("2H 4H 6H 8D 8C 9C JD QC AD 6S")
    other = first_discard("2H 5C 6C 2D 3D KC KH QS 4D 8H")
    assert one.history == other.history and one.hand == other.hand
    for seed in range(3):
        assert (MonteCarloPlayer(samples=8, seed=seed).choose(one)
                == MonteCarloPlayer(samples=8, seed=seed).choose(other))


def test_montecarlo_knocks_with_one_point_on_its_first_turn() -> None:
    # throwing K♦ leaves 1 point (A♣): knocking wins almost every world, waiting risks a lot
    view = first_discard("2H 4H 6H 8D 8C 9C JD QC AD 6S")
    assert MonteCarloPlayer(samples=32, seed=0).choose(view) == Action.knock(parse_card("KD"))


@pytest.mark.parametrize("preset", ["eaai", "oklahoma", "hollywood"])
def test_montecarlo_plays_whole_matches_legally(preset: str) -> None:
    match = Match.new(rules_for(preset, target=40), seed=5)
    assert isinstance(match, Match)
    play_match(match, (make_player("montecarlo:4", seed=1), make_player("standard", seed=2)))
    assert match.is_over


def test_montecarlo_samples_by_name() -> None:
    player = make_player("montecarlo:12")
    assert isinstance(player, MonteCarloPlayer)
    assert (player.samples, player.name) == (12, "montecarlo:12")
    assert make_player("montecarlo").name == "montecarlo:64"


@pytest.mark.parametrize("name", ["montecarlo:0", "montecarlo:x", "montecarlo:", "montecarlo:-3",
                                  "montecarlo:1000001", "montecarlo:" + "9" * 5000,
                                  "montecarlo:٣"])
def test_montecarlo_refuses_a_bad_sample_count(name: str) -> None:
    with pytest.raises(GinRummyError, match="whole number of samples"):
        make_player(name)
