"""The fused ClassicWrapper behaves exactly as pettingzoo.classic's three stacked wrappers."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ginrummy.rl import ginrummy_v0
from ginrummy.rl.aec_env import GinRummyEnv
from ginrummy.rl.encoding import NUM_ACTIONS


def _classic_stack(**options: Any) -> Any:
    """What a pettingzoo.classic ``env()`` builds (chess, connect four, ...)."""
    env: Any = GinRummyEnv(**options)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def _outcome(call: Any, *args: Any) -> tuple[Any, list[str]]:
    """What a call returned (or the type of what it raised) and the warnings it logged."""
    EnvLogger.mqueue.clear()
    try:
        result = call(*args)
    except Exception as error:  # noqa: BLE001 - the two envs must fail the same way
        result = type(error)
    return result, list(EnvLogger.mqueue)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.array_equal(a, b)
    return bool(a == b)


def _pick(obs: Any, termination: bool, truncation: bool, rng: random.Random) -> Any:
    """Mostly legal moves, some illegal ones, some out of range: every path of the wrappers."""
    if termination or truncation:
        return None if rng.random() < 0.9 else 0
    roll = rng.random()
    if roll < 0.03:
        return rng.choice([-1, NUM_ACTIONS, "discard"])
    if roll < 0.08:
        return rng.choice(np.flatnonzero(obs["action_mask"] == 0).tolist())
    return rng.choice(np.flatnonzero(obs["action_mask"]).tolist())


@pytest.mark.parametrize("options", [{}, {"episode": "match", "rules": "oklahoma", "target": 40}])
def test_rl_classic_wrapper_matches_the_stacked_wrappers_move_for_move(
        options: dict[str, Any]) -> None:
    ours, theirs = ginrummy_v0.env(**options), _classic_stack(**options)
    illegal_endings = 0
    for seed in range(12):
        rng = random.Random(seed)
        for env in (ours, theirs):
            env.reset(seed=seed)
        for _ in range(400):
            if not theirs.agents:
                break
            last = theirs.last()
            assert _same(ours.last(), last)
            assert ours.agent_selection == theirs.agent_selection
            assert _same(ours.rewards, theirs.rewards) and ours.agents == theirs.agents
            action = _pick(*last[:3], rng)
            results = [_outcome(env.step, action) for env in (ours, theirs)]
            assert results[0] == results[1]
            illegal_endings += bool(results[0][1])  # the illegal-move warning
    assert illegal_endings > 0


def test_rl_classic_wrapper_enforces_the_order_of_calls_like_the_stack() -> None:
    for env in (ginrummy_v0.env(), _classic_stack()):
        with pytest.raises(AttributeError, match="before reset"):
            _ = env.agent_selection
        with pytest.raises(AttributeError):
            env.last()
        with pytest.raises(AssertionError):
            env.step(0)
        env.reset(seed=3)
        for agent in env.agent_iter(max_iter=3):
            assert agent == env.agent_selection
            obs = env.last()[0]
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        with pytest.raises(AssertionError, match="need to call step"):
            for _ in env.agent_iter(max_iter=2):
                pass


def test_rl_action_space_membership_matches_gymnasiums() -> None:
    from gymnasium import spaces

    ours, reference = ginrummy_v0.raw_env().action_space("player_0"), spaces.Discrete(NUM_ACTIONS)
    for value in (0, 160, 161, -1, True, np.int64(5), np.int8(-3), 2.0, "1", None, 2**70):
        assert ours.contains(value) == reference.contains(value), value
