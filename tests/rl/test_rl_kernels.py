"""The compiled kernels of the batch simulator do exactly what its NumPy code does: the same
self-play from the same seeds gives equal observations, masks, rewards and outcomes at every
step with the kernels on and off, in every two-player preset."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ginrummy.core.melds import min_deadwood
from ginrummy.rl import kernels
from ginrummy.rl.batch import _LANE_PLACE, lanes_of, min_deadwood_lanes, random_legal_actions
from ginrummy.rl.encoding import KNOCK_BASE
from ginrummy.rl.vector_env import VectorSelfPlay

CASES = [
    ("classic", "hand", {}),
    ("modern", "match", {"last_chance": True, "target": 60}),
    ("oklahoma", "match", {"oklahoma_ace": "gin", "target": 50}),
    ("straight", "hand", {"big_gin": True}),
    ("hollywood", "match", {"target": 15}),
    ("eaai", "match", {"knock_limit": 4, "big_gin": True, "target": 40}),
    ("classic", "hand", {"eleven_card_deal": True, "stock_wall": 0}),
]


def _numpy_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernels, "compiled", lambda: None)


def test_rl_kernels_are_on_with_the_rl_extra() -> None:
    # numba comes with the rl extra: without this, every test below would compare NumPy with itself
    pytest.importorskip("gymnasium")  # the rl extra is installed
    assert kernels.compiled(), "numba is missing or GINRUMMY_NO_JIT is set: the kernels are off"


def _knocky_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Mostly an ending where one is legal (so knocks, undercuts and gins are settled), else
    any legal action."""
    actions = random_legal_actions(mask, rng)
    ends = mask.copy()
    ends[:, :KNOCK_BASE] = 0
    ending = random_legal_actions(ends, rng)
    wants = ends.any(axis=1) & (rng.random(len(mask)) < 0.8)
    return np.where(wants, ending, actions)


def _play(preset: str, episode: str, options: dict, *, steps: int) -> list[tuple]:
    env = VectorSelfPlay(64, rules=preset, episode=episode, seed=3, **options)
    rng = np.random.default_rng(4)
    obs, info = env.reset()
    trace = [(obs, info["action_mask"])]
    rows = np.arange(env.num_envs)
    for _ in range(steps):
        mask = info["action_mask"][rows, info["to_play"]]
        obs, rewards, terminated, _, info = env.step(_knocky_actions(mask, rng))
        outcome = info["outcome"]
        trace.append((obs, info["action_mask"], rewards, terminated, info["_outcome"],
                      outcome["kind"], outcome["points"], outcome["deadwood"],
                      env.sim.end_deadwood.copy()))
    return trace


@pytest.mark.parametrize("preset,episode,options", CASES, ids=[c[0] for c in CASES])
def test_rl_kernels_play_as_the_numpy_code(preset: str, episode: str, options: dict,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = _play(preset, episode, options, steps=150)
    _numpy_only(monkeypatch)
    reference = _play(preset, episode, options, steps=150)
    ended = sum(int(step[4].sum()) for step in reference[1:])
    assert ended > 20, "too few hands ended to compare the settlement"
    for number, (ours, theirs) in enumerate(zip(compiled, reference, strict=True)):
        for a, b in zip(ours, theirs, strict=True):
            assert a.dtype == b.dtype and np.array_equal(a, b), f"step {number} differs"


def test_rl_kernels_random_legal_actions_as_the_numpy_code(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(9)
    mask = (rng.random((500, 161)) < rng.random((500, 1)) * 0.3).astype(np.int8)
    mask[:7] = 0  # rows with no legal action get 0
    assert kernels.compiled()
    with monkeypatch.context() as numpy_only:
        _numpy_only(numpy_only)
        reference = random_legal_actions(mask, np.random.default_rng(1))
    assert np.array_equal(random_legal_actions(mask, np.random.default_rng(1)), reference)
    assert np.array_equal(random_legal_actions(mask.view(bool), np.random.default_rng(1)),
                          reference)


def test_rl_kernels_least_deadwood_equals_the_core_solver() -> None:
    rng = random.Random(11)
    hands = []
    for _ in range(3000):
        size = rng.choice((0, 3, 7, 10, 11))
        hands.append(rng.sample(range(52), size))
    for _ in range(1000):  # full sets and four of a kind, where the choices of sets multiply
        ranks = rng.sample(range(13), 3)
        cards = [rank + 13 * suit for rank in ranks for suit in range(4)]
        hands.append(rng.sample(cards, rng.choice((9, 10, 11))))
    rows = np.zeros((len(hands), 52), dtype=bool)
    for row, cards in zip(rows, hands, strict=True):
        row[cards] = True
    lanes = lanes_of(rows)
    expected = [min_deadwood(mask) for mask in (lanes @ _LANE_PLACE).tolist()]
    assert kernels.compiled()
    assert min_deadwood_lanes(lanes).tolist() == expected
