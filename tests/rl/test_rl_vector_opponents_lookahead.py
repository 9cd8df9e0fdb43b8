"""The ``lookahead`` vector opponent: legal in every preset, and its draws and discards are the
one-ply choices the core's own deadwood functions give (an independent reference)."""

from __future__ import annotations

import numpy as np
import pytest

from ginrummy.core.cards import BIT
from ginrummy.core.melds import best_discards, min_deadwood_after_discard
from ginrummy.players.tactics import joins_meld
from ginrummy.rl.batch import DISCARD, DRAW, OVER, UPCARD, BatchGinRummy
from ginrummy.rl.encoding import BIG_GIN_ACTION, DISCARD_BASE, KNOCK_BASE
from ginrummy.rl.vector_opponents import (
    FEED_PENALTY,
    KNOCK_WEIGHT,
    LOOKAHEAD_CANDIDATES,
    lookahead_actions,
    random_actions,
    vector_opponent,
)


def _mask(row: np.ndarray) -> int:
    return sum(BIT[c] for c in np.flatnonzero(row).tolist())


def _unseen(sim: BatchGinRummy, row: int) -> list[int]:
    seat = int(sim.to_play[row])
    seen = sim.hand[row, seat] | sim.in_pile[row] | sim.known[row, seat]
    return np.flatnonzero(~seen).tolist()


def _next_turn(ten: int, unseen: list[int], limit: int) -> float:
    values = [min_deadwood_after_discard(ten | BIT[u]) for u in unseen]
    return sum(v - KNOCK_WEIGHT * (v <= limit) for v in values) / len(values)


def _thrown(action: int) -> int:
    return (action - DISCARD_BASE) % 52 if action < KNOCK_BASE else (action - KNOCK_BASE) % 52


def _states(seed: int, count: int = 60, moves: int = 12) -> BatchGinRummy:
    """Hands part-played at random, so the checks see many phases and piles."""
    rng = np.random.default_rng(seed)
    sim = BatchGinRummy(count, seed=seed, auto_reset=False)
    sim.reset()
    for _ in range(int(rng.integers(0, moves))):
        live = sim.phase != OVER
        sim.apply(random_actions(sim, sim.rows, rng), active=live)
    return sim


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_lookahead_draws_the_face_up_card_when_it_beats_the_stock_on_average(seed: int) -> None:
    sim = _states(seed)
    rows = np.flatnonzero(np.isin(sim.phase, [UPCARD, DRAW]))
    actions = lookahead_actions(sim, rows, np.random.default_rng(0))
    checked = 0
    for row, action in zip(rows.tolist(), actions.tolist(), strict=True):
        seat = int(sim.to_play[row])
        hand = _mask(sim.hand[row, seat])
        top = int(sim.pile_top()[row])
        _, keep = best_discards(hand | BIT[top], exclude=BIT[top])
        unseen = _unseen(sim, row)
        stock = sum(min_deadwood_after_discard(hand | BIT[u]) for u in unseen) / len(unseen)
        want = keep <= stock or keep <= int(sim.knock_limit[row])
        if sim.mask[row, 3] or sim.phase[row] == UPCARD:  # the pile may be taken
            takes = action in (0, 3)  # take the upcard, or draw the pile
            assert takes == want, (row, keep, stock)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_lookahead_throws_the_candidate_with_the_best_next_turn(seed: int) -> None:
    sim = _states(seed, count=40)
    rows = np.flatnonzero(sim.phase == DISCARD)
    actions = lookahead_actions(sim, rows, np.random.default_rng(1))
    thought = 0
    for row, action in zip(rows.tolist(), actions.tolist(), strict=True):
        seat = int(sim.to_play[row])
        hand = _mask(sim.hand[row, seat])
        taken = int(sim.taken[row])
        exclude = BIT[taken] if taken >= 0 else 0
        best_cards, best = best_discards(hand, exclude=exclude)
        limit = int(sim.knock_limit[row])
        if action == BIG_GIN_ACTION:
            continue
        card = _thrown(action)
        assert sim.mask[row, action]
        if best <= limit:  # it can knock: it knocks (or goes gin) with a least-deadwood card
            assert action >= KNOCK_BASE and card in best_cards
            continue
        unseen = _unseen(sim, row)
        known = _mask(sim.known[row, seat])

        def score(c: int, hand: int = hand, unseen: list[int] = unseen, known: int = known,
                  limit: int = limit) -> float:
            return _next_turn(hand ^ BIT[c], unseen, limit) + FEED_PENALTY * joins_meld(known, c)

        if len(best_cards) <= LOOKAHEAD_CANDIDATES:  # every least-deadwood card was weighed
            assert score(card) <= min(score(c) for c in best_cards) + 1e-9
        thought += 1
    assert thought > 0


@pytest.mark.parametrize(("preset", "options"), [
    ("classic", {}), ("oklahoma", {}), ("modern", {"last_chance": True}),
    ("straight", {"big_gin": True}), ("classic", {"eleven_card_deal": True, "stock_wall": 0}),
])
def test_lookahead_plays_whole_hands_legally_in_every_preset(preset: str, options: dict) -> None:
    sim = BatchGinRummy(64, rules=preset, seed=3, auto_reset=False, **options)
    sim.reset()
    rng = np.random.default_rng(3)
    for _ in range(400):  # apply raises on an illegal action
        live = sim.phase != OVER
        if not live.any():
            break
        sim.apply(lookahead_actions(sim, sim.rows, rng), active=live)
    assert (sim.phase == OVER).all()
    assert (sim.winner >= 0).sum() > 32  # most hands are won, not dead


def test_lookahead_is_a_named_vector_opponent() -> None:
    assert vector_opponent("lookahead") is lookahead_actions
    with pytest.raises(ValueError, match="lookahead"):
        vector_opponent("look-ahead")


def test_lookahead_trains_against_in_make_vec() -> None:
    import gymnasium

    from ginrummy.rl import ginrummy_v0  # noqa: F401  (registers the env)

    envs = gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=32, opponent="lookahead")
    obs, info = envs.reset(seed=4)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(120):  # a random learner; rows with no legal action are resetting
        noise = np.where(info["action_mask"], rng.random((32, 161)), -1.0)
        actions = noise.argmax(axis=1)
        obs, rewards, terminated, _, info = envs.step(actions)
        ended += int(terminated.sum())
        assert not info["illegal_action"][terminated].any()
    assert ended > 32
    envs.close()
