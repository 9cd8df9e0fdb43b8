"""``ginrummy_v0``: the PettingZoo environment (``env``, ``raw_env``), the Gymnasium one and
batched self-play on the batch simulator (``vector_selfplay``).

>>> from ginrummy.rl import ginrummy_v0
>>> env = ginrummy_v0.env(rules="oklahoma")
>>> env.reset(seed=1)
>>> sorted(env.observe(env.agent_selection))
['action_mask', 'observation']
"""

from __future__ import annotations

from typing import Any

from ginrummy.rl.aec_env import GinRummyEnv
from ginrummy.rl.gym_env import GinRummyGymEnv
from ginrummy.rl.parallel_env import GinRummyParallelEnv
from ginrummy.rl.vector_env import VectorSelfPlay
from ginrummy.rl.wrappers import ClassicWrapper


def raw_env(**kwargs: Any) -> GinRummyEnv:
    """The environment without PettingZoo's checking wrappers (fastest)."""
    return GinRummyEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with pettingzoo.classic's wrappers: an illegal action ends the episode
    with reward -1 for the offender, out-of-range actions and calls out of order are errors
    (the three wrappers fused into one layer, see :mod:`ginrummy.rl.wrappers`)."""
    return ClassicWrapper(GinRummyEnv(**kwargs))


def parallel_env(**kwargs: Any) -> GinRummyParallelEnv:
    """The PettingZoo ``ParallelEnv``: both agents act each step, the waiting one with the
    no-op (see :mod:`ginrummy.rl.parallel_env`)."""
    return GinRummyParallelEnv(**kwargs)


def gym_env(opponent: str = "random", **kwargs: Any) -> GinRummyGymEnv:
    """A single-agent Gymnasium environment against one of our players (by name)."""
    return GinRummyGymEnv(opponent=opponent, **kwargs)


def vector_selfplay(num_envs: int = 1, **kwargs: Any) -> VectorSelfPlay:
    """``num_envs`` games on the batch simulator with both seats observed at every step
    (``obs [N, 2, 219]``, ``info["to_play"]``, ``info["action_mask"] [N, 2, 161]``, rewards
    ``[N, 2]``); see :class:`ginrummy.rl.vector_env.VectorSelfPlay`."""
    return VectorSelfPlay(num_envs, **kwargs)
