"""The NumPy batch simulator agrees with the core engine hand for hand."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ginrummy.core.cards import BIT, parse_cards, to_mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.melds import best_discards, min_deadwood, min_deadwood_after_discard
from ginrummy.core.state import HandState, Phase, shuffled_deck
from ginrummy.rl.batch import (
    OVER,
    UPCARD,
    BatchGinRummy,
    deadwood_after_discard_floor,
    deadwood_after_each_discard,
    lanes_of,
    min_deadwood_after_discard_lanes,
    min_deadwood_lanes,
    random_legal_actions,
)
from ginrummy.rl.config import resolve_rules
from ginrummy.rl.encoding import DISCARD_BASE, KNOCK_BASE, HandTracker, index_action

RULE_SETS = [
    ("classic", {}),
    ("modern", {"last_chance": True}),
    ("norwegian", {}),
    ("oklahoma", {"oklahoma_ace": "gin"}),
    ("straight", {"big_gin": True}),
    ("classic", {"eleven_card_deal": True, "stock_wall": 0}),
    ("eaai", {"knock_limit": 4, "last_chance": True, "big_gin": True}),
]


def _cards_rows(hands: list[list[int]]) -> np.ndarray:
    rows = np.zeros((len(hands), 52), dtype=bool)
    for row, cards in enumerate(hands):
        rows[row, cards] = True
    return rows


def test_rl_batch_deadwood_equals_the_core_solver() -> None:
    rng = random.Random(3)
    hands = [rng.sample(range(52), rng.randint(0, 11)) for _ in range(3000)]
    # Hands rich in sets, where the enumeration matters most.
    for _ in range(500):
        ranks = rng.sample(range(13), 4)
        cards = [s * 13 + r for r in ranks for s in range(4)]
        hands.append(rng.sample(cards, 11))
    lanes = lanes_of(_cards_rows(hands))
    expected = [min_deadwood(to_mask(h)) for h in hands]
    assert min_deadwood_lanes(lanes).tolist() == expected
    after = [(i, h) for i, h in enumerate(hands) if h]
    got = min_deadwood_after_discard_lanes(lanes[[i for i, _ in after]]).tolist()
    assert got == [min_deadwood_after_discard(to_mask(h)) for _, h in after]
    floors = deadwood_after_discard_floor(lanes[[i for i, _ in after]]).tolist()
    assert all(floor <= exact for floor, exact in zip(floors, got, strict=True))


def test_rl_batch_deadwood_after_each_discard_equals_the_core_solver() -> None:
    rng = random.Random(4)
    hands = [rng.sample(range(52), rng.randint(1, 11)) for _ in range(400)]
    got = deadwood_after_each_discard(_cards_rows(hands))
    for row, hand in enumerate(hands):
        expected = [min_deadwood(to_mask(hand) & ~BIT[card]) if card in hand else 1000
                    for card in range(52)]
        assert got[row].tolist() == expected


def test_rl_batch_deadwood_floor_counts_only_unmeldable_cards() -> None:
    no_melds = lanes_of(_cards_rows([parse_cards("AC 3D 5H 7S 9C JD")]))
    assert deadwood_after_discard_floor(no_melds).tolist() == [1 + 3 + 5 + 7 + 9]  # JD thrown
    # 4C 5C 6C is a run and the 8s a set: only KH and 2D are sure deadwood, KH thrown.
    melds = lanes_of(_cards_rows([parse_cards("4C 5C 6C 8C 8D 8H KH 2D")]))
    assert deadwood_after_discard_floor(melds).tolist() == [2]


def _choose(state: HandState, legal: list[int], rng: random.Random) -> int:
    """A policy that knocks often and throws its worst card, so hands end every way."""
    ends = [a for a in legal if a >= KNOCK_BASE]
    if ends and rng.random() < 0.8:
        return rng.choice(ends)
    if state.phase is Phase.DISCARD and not state.must_end:
        taken = 0 if state.taken is None else BIT[state.taken]
        cards, _ = best_discards(state.hands[state.to_play], exclude=taken)
        return DISCARD_BASE + rng.choice(cards)
    return rng.choice(legal)


@pytest.mark.parametrize(("preset", "options"), RULE_SETS,
                         ids=[f"{p}-{'-'.join(o)}" for p, o in RULE_SETS])
def test_rl_batch_agrees_with_the_engine_hand_for_hand(preset: str, options: dict) -> None:
    rules = resolve_rules(preset, **options)
    n = 24
    decks = [shuffled_deck(seed=i) for i in range(n)]
    dealers = [i % 2 for i in range(n)]
    states = [HandState(rules, dealer=d, deck=k) for d, k in zip(dealers, decks, strict=True)]
    trackers = [HandTracker(s) for s in states]
    sim = BatchGinRummy(n, rules=rules, auto_reset=False)
    obs, mask = sim.reset(decks=np.array(decks), dealers=np.array(dealers))
    rng = random.Random(preset)
    outcomes = set()
    while not all(state.is_over for state in states):
        actions = np.zeros(n, dtype=np.int64)
        for i, (state, tracker) in enumerate(zip(states, trackers, strict=True)):
            if state.is_over:
                continue
            assert np.array_equal(mask[i], tracker.mask(state.to_play))
            assert np.array_equal(obs[i], tracker.observe(state.to_play))
            actions[i] = _choose(state, np.flatnonzero(mask[i]).tolist(), rng)
            tracker.record(state.apply(index_action(int(actions[i]))))
        obs, mask, rewards, done = sim.step(actions)
        for i in np.flatnonzero(done):
            result = states[i].result
            assert result is not None
            outcomes.add(result.outcome)
            assert rewards[i].tolist() == [result.points_for(0) - result.points_for(1),
                                           result.points_for(1) - result.points_for(0)]
            assert sim.points[i].tolist() == [result.points_for(0), result.points_for(1)]
    assert (sim.phase == OVER).all()
    assert len(outcomes) >= 2  # knocks, gins or dead hands: more than one way to end


def test_rl_batch_auto_reset_deals_a_fresh_hand() -> None:
    sim = BatchGinRummy(64, seed=5)
    obs, mask = sim.reset()
    rng = np.random.default_rng(5)
    finished = 0
    total = np.zeros(2)
    for _ in range(400):
        actions = random_legal_actions(mask, rng)
        obs, mask, rewards, done = sim.step(actions)
        total += rewards.sum(axis=0)
        finished += int(done.sum())
        if done.any():
            assert (sim.phase[done] == UPCARD).all() and (sim.stock_size[done] == 31).all()
            assert (mask[done].sum(axis=1) == 2).all()  # take or pass
    assert finished > 0
    assert total[0] == -total[1]


@pytest.mark.parametrize(("preset", "options"), RULE_SETS,
                         ids=[f"{p}-{'-'.join(o)}" for p, o in RULE_SETS])
def test_rl_batch_observe_both_matches_observe_of_each_seat(preset: str, options: dict) -> None:
    # observe_both keeps its own copy of the cards, written move by move; observe reads the state.
    sim = BatchGinRummy(48, rules=preset, seed=3, **options)
    _, mask = sim.reset()
    rng = np.random.default_rng(3)
    sim.score_features[::3] = rng.random((16, 2)).astype(np.float32)
    for _ in range(120):
        both = sim.observe_both()
        assert np.array_equal(both, np.stack([sim.observe(0), sim.observe(1)], axis=1))
        _, mask, _, _ = sim.step(random_legal_actions(mask, rng))


@pytest.mark.parametrize(("preset", "options"), RULE_SETS,
                         ids=[f"{p}-{'-'.join(o)}" for p, o in RULE_SETS])
def test_rl_batch_keeps_the_suit_lanes_of_the_hands_move_by_move(preset: str,
                                                                  options: dict) -> None:
    sim = BatchGinRummy(64, rules=preset, seed=4, **options)
    _, mask = sim.reset()
    rng = np.random.default_rng(4)
    for _ in range(150):
        assert np.array_equal(sim._lanes, lanes_of(sim.hand))
        ends = mask.copy()
        ends[:, :KNOCK_BASE] = 0  # knock or go gin where it can, so hands end every way
        actions = np.where(ends.any(axis=1), random_legal_actions(ends, rng),
                           random_legal_actions(mask, rng))
        _, mask, _, _ = sim.step(actions)


def test_rl_batch_resync_copies_edited_cards_into_observe_both() -> None:
    sim = BatchGinRummy(4, seed=2)
    sim.reset()
    sim.hand[1] = False
    sim.hand[1, 0, [0, 1, 2]] = True
    sim.known[2, 1, 5] = True
    sim.resync()
    assert np.array_equal(sim.observe_both(), np.stack([sim.observe(0), sim.observe(1)], axis=1))
    assert np.array_equal(sim._lanes, lanes_of(sim.hand))


def test_rl_batch_rejects_an_illegal_action_without_changing_anything() -> None:
    sim = BatchGinRummy(2, seed=1)
    sim.reset()
    before = sim.hand.copy()
    with pytest.raises(IllegalActionError, match="env 0"):
        sim.step(np.array([DISCARD_BASE, 0]))
    assert np.array_equal(sim.hand, before)


def test_rl_batch_random_legal_actions_are_legal_and_cover_every_choice() -> None:
    mask = np.zeros((3, 161), dtype=np.int8)
    mask[0, [2, 3]] = 1
    mask[1, [4, 60, 160]] = 1  # row 2 has no legal action
    rng = np.random.default_rng(0)
    seen: list[set[int]] = [set(), set()]
    for _ in range(200):
        actions = random_legal_actions(mask, rng)
        assert mask[[0, 1], actions[:2]].all() and actions[2] == 0
        seen[0].add(int(actions[0]))
        seen[1].add(int(actions[1]))
    assert seen == [{2, 3}, {4, 60, 160}]
