"""``ginrummy_v0``: the PettingZoo environment (``env``, ``raw_env``) and the Gymnasium one.

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
from ginrummy.rl.wrappers import ClassicWrapper


def raw_env(**kwargs: Any) -> GinRummyEnv:
    """The environment without PettingZoo's checking wrappers (fastest)."""
    return GinRummyEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with pettingzoo.classic's wrappers: an illegal action ends the episode
    with reward -1 for the offender, out-of-range actions and calls out of order are errors
    (the three wrappers fused into one layer, see :mod:`ginrummy.rl.wrappers`)."""
    return ClassicWrapper(GinRummyEnv(**kwargs))


def gym_env(opponent: str = "random", **kwargs: Any) -> GinRummyGymEnv:
    """A single-agent Gymnasium environment against one of our players (by name)."""
    return GinRummyGymEnv(opponent=opponent, **kwargs)
