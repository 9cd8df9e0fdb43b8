"""The ``montecarlo:N`` sparring partner: worlds true to its view, sound choices, fair play."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from stacked_deals import stacked

from ginrummy.core.actions import DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import BIT, FULL_DECK, from_mask, parse_card
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.melds import ALL_MELDS, best_discard, best_discards, min_deadwood
from ginrummy.core.rules import rules_for
from ginrummy.core.settlement import settle
from ginrummy.core.state import Phase
from ginrummy.players import make_player
from ginrummy.players.base import play_match
from ginrummy.players.expert import Table, stakes_for
from ginrummy.players.montecarlo import MonteCarloPlayer, candidates, python_rollouts, starts
from ginrummy.players.tactics import joins_meld

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


def opponent_draws(view) -> int:
    return sum(1 for move in view.history if move.player == view.opponent
               and move.action.kind in (Kind.DRAW_STOCK, Kind.DRAW_PILE, Kind.TAKE))


def test_montecarlo_worlds_are_hands_a_greedy_opponent_could_hold_after_its_draws() -> None:
    # late in a hand: better than ten random cards, and (it would have knocked) no knock
    views = [view for view in decision_views("eaai", seed=11, count=400)
             if opponent_draws(view) >= 6][:5]
    assert len(views) == 5
    for view in views:
        dead, known = view.knock_knowledge()
        unseen = from_mask(FULL_DECK & ~view.hand_mask & ~dead & ~known)
        rng = random.Random(0)
        random_hands = [min_deadwood(known | sum(BIT[c] for c in rng.sample(
            unseen, view.opponent_hand_size - known.bit_count()))) for _ in range(200)]
        worlds = [min_deadwood(world.opponent)
                  for world in MonteCarloPlayer(samples=200, seed=1).worlds(view)]
        assert sum(worlds) / 200 < sum(random_hands) / 200 - 10
        assert sum(deadwood <= view.knock_limit for deadwood in worlds) <= 4
        assert sum(deadwood <= view.knock_limit + 10 for deadwood in worlds) >= 20


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


# -- the rollouts on arrays against the pure-Python ones -----------------------------------------

def batch_module():
    pytest.importorskip("numpy")
    from ginrummy.players import montecarlo_batch

    return montecarlo_batch


def decision_views(preset: str, *, seed: int, count: int):
    """Views of the montecarlo player's searched decisions in a seeded match against standard."""
    views = []

    class Recorder(MonteCarloPlayer):
        def choose(self, view):
            if len(views) < count and len(candidates(view)) > 1 and not any(
                    action.kind in (Kind.GIN, Kind.BIG_GIN) for action in view.legal_actions):
                views.append(view)
            return super().choose(view)

    match = Match.new(rules_for(preset), seed=seed)
    play_match(match, (Recorder(samples=4, seed=seed), make_player("standard", seed=seed)))
    return views


def face_value(view, **changes) -> Table:
    """A table that values outcomes at face value: a start's value is its signed points."""
    knock = view.knock_limit
    fields = dict(own_knock=knock, their_knock=knock) | changes
    return Table(view.rules, knock, view.multiplier, **fields)


def starts_for(view, table: Table, *, worlds: int, seed: int) -> list:
    deals = MonteCarloPlayer(samples=worlds, seed=seed).worlds(view)
    return [begin for action in candidates(view) for begin in starts(view, action, deals, table)]


@pytest.mark.parametrize(("preset", "seed"), [("eaai", 3), ("oklahoma", 4), ("straight", 5),
                                              ("hollywood", 6), ("classic", 7)])
def test_montecarlo_array_rollouts_end_every_hand_as_the_python_ones(preset: str,
                                                                     seed: int) -> None:
    batch = batch_module()
    for i, view in enumerate(decision_views(preset, seed=seed, count=12)):
        table = face_value(view)
        starts = starts_for(view, table, worlds=24, seed=i)
        # the same winner and points (the sign and size of each value), row for row
        assert batch.batch_rollouts(starts, table) == python_rollouts(starts, table)


@pytest.mark.parametrize("changes", [
    dict(own_knock=0, their_knock=4),  # we wait for gin, they knock low
    dict(their_late_knock=8, their_knock=0),  # they wait, then knock at the limit late on
    dict(take_to_knock=False),  # the face-up card only when it melds
])
def test_montecarlo_array_rollouts_follow_the_tables_other_knobs(changes: dict) -> None:
    batch = batch_module()
    for i, view in enumerate(decision_views("eaai", seed=11, count=8)):
        table = face_value(view, **changes)
        starts = starts_for(view, table, worlds=16, seed=i)
        assert batch.batch_rollouts(starts, table) == python_rollouts(starts, table)


def test_montecarlo_array_rollouts_value_at_the_match_score_as_the_python_ones() -> None:
    batch = batch_module()
    match = Match.new(rules_for("eaai"), seed=2)
    match.board.columns[0].scores[:] = [70, 85]  # late in a match: points weigh unevenly
    view = match.view(match.state.to_play)
    table = Table(view.rules, view.knock_limit, view.multiplier, own_knock=view.knock_limit,
                  their_knock=view.knock_limit, stakes=stakes_for(view))
    assert table.stakes.odds is not None
    starts = starts_for(view, table, worlds=64, seed=1)
    assert batch.batch_rollouts(starts, table) == python_rollouts(starts, table)


def random_hands(rng: random.Random, count: int, size: int) -> list[int]:
    """Seeded hands, with sets made likely: a third start from four of a kind."""
    hands = []
    for i in range(count):
        cards = set(rng.sample(range(52), size))
        if i % 3 == 0:
            rank = rng.randrange(13)
            cards = {rank + 13 * suit for suit in range(4)} | set(list(cards)[:size - 4])
            while len(cards) < size:
                cards.add(rng.randrange(52))
        hands.append(sum(BIT[card] for card in cards))
    return hands


def test_montecarlo_array_discards_break_ties_as_the_core() -> None:
    np = pytest.importorskip("numpy")
    batch = batch_module()
    hands = random_hands(random.Random(5), 3000, 11)
    array = np.asarray(hands, dtype=np.int64)
    cards, deadwood = batch.best_discard(array)
    assert list(zip(cards.tolist(), deadwood.tolist(), strict=True)) == [
        best_discard(hand) for hand in hands]
    assert batch.min_deadwood(batch.lanes_of(array)).tolist() == [min_deadwood(h) for h in hands]
    excluded = [from_mask(hand)[i % 11] for i, hand in enumerate(hands)]
    cards, deadwood = batch.first_best_discard(array, np.asarray(excluded))
    expected = [best_discards(hand, exclude=BIT[card])
                for hand, card in zip(hands, excluded, strict=True)]
    assert cards.tolist() == [found[0][0] for found in expected]
    assert deadwood.tolist() == [found[1] for found in expected]


def test_montecarlo_array_meld_test_is_the_core_one() -> None:
    np = pytest.importorskip("numpy")
    batch = batch_module()
    rng = random.Random(8)
    hands = random_hands(rng, 2000, 10)
    ups = [rng.choice(from_mask(FULL_DECK & ~hand)) for hand in hands]
    found = batch.joins_meld(np.asarray(hands, dtype=np.int64), np.asarray(ups))
    assert found.tolist() == [joins_meld(hand, up) for hand, up in zip(hands, ups, strict=True)]


def knocking_hands(rng: random.Random, count: int) -> list[tuple[int, int]]:
    """Seeded knocks: ten cards made of random melds (often sharing a card, so the choice of
    sets can tie) and a few low cards, against ten of the rest."""
    knocks = []
    while len(knocks) < count:
        hand = 0
        while hand.bit_count() < 7:
            hand |= rng.choice(ALL_MELDS)
        low = [card for card in range(52) if card % 13 < 4 and not hand & BIT[card]]
        for card in rng.sample(low, 10 - hand.bit_count()) if hand.bit_count() < 10 else []:
            hand |= BIT[card]
        if hand.bit_count() == 10 and min_deadwood(hand) <= 10:
            rest = from_mask(FULL_DECK & ~hand)
            knocks.append((hand, sum(BIT[card] for card in rng.sample(rest, 10))))
    return knocks


@pytest.mark.parametrize("preset", ["eaai", "oklahoma", "classic"])
def test_montecarlo_array_knocks_settle_as_the_core(preset: str) -> None:
    np = pytest.importorskip("numpy")
    batch = batch_module()
    rules = rules_for(preset)
    knocks = knocking_hands(random.Random(13), 1500)
    table = Table(rules, 10, 2, own_knock=10, their_knock=10)
    won, points = batch.settle_knocks(np.asarray([k for k, _ in knocks], dtype=np.int64),
                                      np.asarray([d for _, d in knocks], dtype=np.int64), table)
    expected = [settle(k, d, rules, knock_limit=10, multiplier=2) for k, d in knocks]
    assert won.tolist() == [result.winner == "knocker" for result in expected]
    assert points.tolist() == [result.points for result in expected]
    assert {result.outcome for result in expected} == {"gin", "knock", "undercut"}


def test_montecarlo_chooses_alike_with_either_rollouts_match_for_match() -> None:
    pytest.importorskip("numpy")
    played = []
    for vectorised in (True, False):
        match = Match.new(rules_for("eaai", target=60), seed=9)
        play_match(match, (MonteCarloPlayer(samples=12, seed=3, vectorised=vectorised),
                           make_player("standard", seed=4)))
        played.append(([hand.moves for hand in match.hands], match.scores))
    assert played[0] == played[1]


HIDDEN_NUMPY = """
import sys
sys.modules["numpy"] = None  # any import of NumPy now fails
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.players import make_player
from ginrummy.players.base import play_match
from ginrummy.players.montecarlo import MonteCarloPlayer, python_rollouts
assert MonteCarloPlayer().rollouts is python_rollouts
try:
    MonteCarloPlayer(vectorised=True)
except ImportError:
    pass
else:
    raise SystemExit("vectorised rollouts without NumPy")
match = Match.new(rules_for("eaai", target=60), seed=9)
play_match(match, (make_player("montecarlo:12", seed=3), make_player("standard", seed=4)))
print(repr([hand.moves for hand in match.hands]), match.scores)
"""


def test_montecarlo_plays_without_numpy_as_with_it() -> None:
    pytest.importorskip("numpy")
    found = subprocess.run([sys.executable, "-c", HIDDEN_NUMPY], capture_output=True, text=True,
                           check=True)
    match = Match.new(rules_for("eaai", target=60), seed=9)
    play_match(match, (MonteCarloPlayer(samples=12, seed=3, vectorised=True),
                       make_player("standard", seed=4)))
    assert found.stdout.strip() == f"{[hand.moves for hand in match.hands]!r} {match.scores}"


def test_montecarlo_array_rollouts_give_up_after_as_many_turns_as_play_on() -> None:
    from ginrummy.players.expert.search import MAX_TURNS

    assert batch_module().MAX_TURNS == MAX_TURNS


def test_montecarlo_leaves_a_face_up_card_it_has_taken_twice_this_hand_for_the_stock() -> None:
    # 9D, KS and 2H passed round and round, as in the expert's test: a hand no host without a
    # turn limit would end. Seat 0 may take 9D for its set of nines twice, not a third time.
    state = stacked(rules_for("eaai"), mine="2H 4H 6H 8D 8C 9S JD QC KH 9D",
                    theirs="9C 9H 2C 3C 4C 6S 6D KS QH AD", upcard="5S", stock="7C")
    for action in (PASS, PASS, DRAW_STOCK, Action.discard(parse_card("9D"))):
        state.apply(action)
    for _ in range(2):
        assert DRAW_PILE in candidates(state.view(0))
        for thrown in ("KS", "2H", "9D", "KS", "2H", "9D"):  # seats 0 and 1 in turn
            state.apply(DRAW_PILE)
            state.apply(Action.discard(parse_card(thrown)))
    view = state.view(0)
    assert view.pile_top == parse_card("9D") and DRAW_PILE in view.legal_actions
    assert candidates(view) == [DRAW_STOCK]
    assert MonteCarloPlayer(samples=8, seed=1).choose(view) == DRAW_STOCK
