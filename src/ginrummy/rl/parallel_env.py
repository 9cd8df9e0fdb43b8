"""A PettingZoo ``ParallelEnv`` over the AEC environment, for libraries that only take parallel
environments.

Gin Rummy is turn-based, so at every step exactly one agent has a real choice. Both agents
always submit an action: the actions are the AEC env's 161 plus one more, :data:`NOOP` (161),
and an agent's ``action_mask`` allows NOOP exactly when it allows nothing else (it is not its
turn, or the hand is over). Indices 0..160 mean what they mean in the AEC env, so a policy for
one serves the other (``mask[:161]`` is the AEC mask).

Why not ``pettingzoo.utils.aec_to_parallel``: it steps the agents in a fixed cycle, and here the
same agent often moves twice in a row (draw, then discard). Its ``turn_based_aec_to_parallel``
leaves the waiting agent an all-zero mask (a masked softmax of nothing) and names the mover only
in ``infos``; an explicit no-op keeps every mask non-empty.

>>> from ginrummy.rl import ginrummy_v0
>>> env = ginrummy_v0.parallel_env()
>>> observations, infos = env.reset(seed=3)
>>> [int(observations[agent]["action_mask"][NOOP]) for agent in env.agents]
[1, 0]
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import ParallelEnv

from ginrummy.core.errors import RulesError
from ginrummy.core.rules import Rules
from ginrummy.rl.aec_env import AGENTS, ActionSpace, GinRummyEnv
from ginrummy.rl.config import NO_FULL_DECISIONS
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_HIGH, OBS_SIZE

NOOP = NUM_ACTIONS  # the waiting agent's only action


class GinRummyParallelEnv(ParallelEnv[str, dict[str, np.ndarray], int], EzPickle):
    """Gin Rummy for ``player_0`` and ``player_1`` with simultaneous ``step(actions)``.

    Rewards, ``infos`` (``"outcome"`` and ``"match"`` at a hand's end), ``state()`` and the
    render modes are the AEC env's. The mover's action must be legal and the waiting agent's
    NOOP (or left out); anything else raises, changing nothing, as in ``raw_env``. Once the
    episode ends ``agents`` is empty.
    """

    metadata = {
        "render_modes": GinRummyEnv.metadata["render_modes"],
        "name": "ginrummy_v0",
        "is_parallelizable": True,
        "render_fps": 1,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        rules: str | Rules = "classic",
        episode: str = "hand",
        normalize_rewards: bool = False,
        **options: Any,
    ) -> None:
        if options.get("full_decisions"):
            raise RulesError(NO_FULL_DECISIONS)  # NOOP is 161, the first meld action there
        EzPickle.__init__(self, render_mode, rules, episode, normalize_rewards, **options)
        self.aec = GinRummyEnv(render_mode=render_mode, rules=rules, episode=episode,
                               normalize_rewards=normalize_rewards, **options)
        self.render_mode = render_mode
        self.rules = self.aec.rules
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=(OBS_SIZE,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS + 1,), dtype=np.int8),
        })
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: ActionSpace(NUM_ACTIONS + 1) for agent in AGENTS}
        self.state_space = self.aec.state_space

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(AGENTS)
        return self._observations(), {agent: {} for agent in AGENTS}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        observations = {}
        for agent in AGENTS:
            seen = self.aec.observe(agent)
            mask = np.zeros(NUM_ACTIONS + 1, dtype=np.int8)
            mask[:NUM_ACTIONS] = seen["action_mask"]
            mask[NOOP] = not mask.any()
            observations[agent] = {"observation": seen["observation"], "action_mask": mask}
        return observations

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, dict[str, np.ndarray]], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise RuntimeError("the episode is over: call reset()")
        mover = self.aec.agent_selection
        for agent in self.agents:
            action = actions.get(agent)
            if agent == mover and (action is None or int(action) == NOOP):
                raise ValueError(f"{agent} is to play and must choose one of its legal actions, "
                                 f"not {action!r}")
            if agent != mover and action is not None and int(action) != NOOP:
                raise ValueError(f"{agent} is not to play: its only action is NOOP ({NOOP}), "
                                 f"not {action!r}")
        self.aec.step(int(actions[mover]))
        rewards = {agent: float(self.aec.rewards[agent]) for agent in AGENTS}
        terminations = dict(self.aec.terminations)
        truncations = dict(self.aec.truncations)
        infos = {agent: dict(self.aec.infos[agent]) for agent in AGENTS}
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return self._observations(), rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        return self.aec.state()

    def render(self) -> str | np.ndarray | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
