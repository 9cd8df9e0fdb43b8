"""pettingzoo.classic's three checking wrappers as one layer, behaving exactly as the stack does.

A ``pettingzoo.classic`` ``env()`` stacks ``TerminateIllegalWrapper(illegal_reward=-1)``,
``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``. Each layer forwards every attribute
(``agent_selection``, ``terminations``, ...) through a Python ``__getattr__``, so reading one
costs three forwards, and the stack cost more per step than the game itself.
:class:`ClassicWrapper` inherits the three classes, so their own methods run unchanged and in the
stack's order (order checks, then the bounds assertion, then the illegal-move check), over a
single forward. A test plays the same moves, illegal ones included, through both and compares.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import (
    AssertOutOfBoundsWrapper,
    OrderEnforcingWrapper,
    TerminateIllegalWrapper,
)

ILLEGAL_REWARD = -1  # what pettingzoo.classic's envs give an agent that plays an illegal action
# The env's attributes the wrappers' methods read on every step; OrderEnforcingWrapper hides them
# until reset().
FORWARDED = ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos")


def _forward(name: str) -> property:
    """A read-only attribute of the wrapped env, found without ``__getattr__``."""

    def get(self: ClassicWrapper) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get)


class _PenaliseIllegal(TerminateIllegalWrapper[Any, Any, Any]):
    """TerminateIllegalWrapper with pettingzoo.classic's penalty, so that the cooperative
    ``__init__`` chain below can build it from ``env`` alone."""

    def __init__(self, env: AECEnv[Any, Any, Any]) -> None:
        super().__init__(env, illegal_reward=ILLEGAL_REWARD)


class ClassicWrapper(OrderEnforcingWrapper[Any, Any, Any], AssertOutOfBoundsWrapper[Any, Any, Any],
                     _PenaliseIllegal):
    """``OrderEnforcing(AssertOutOfBounds(TerminateIllegal(env, -1)))`` in one layer."""

    agent_selection, agents, rewards, terminations, truncations, infos = map(_forward, FORWARDED)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # raises as OrderEnforcingWrapper does
        raw = self.env  # read straight from the env instead of through __getattr__
        agent = raw.agent_selection
        obs = None
        if observe:  # observe() for the agent to move, inlined: a call less every step
            obs = self._prev_obs = raw.observe(agent)
            infos = raw.infos
            self._prev_info = infos[agent] if agent in infos else {}
        return (
            obs,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def observe(self, agent: str) -> Any:
        """OrderEnforcingWrapper's and TerminateIllegalWrapper's ``observe`` in one call."""
        if not self._has_reset:
            return super().observe(agent)  # raises as OrderEnforcingWrapper does
        raw = self.env
        obs = raw.observe(agent)
        if agent == raw.agent_selection:  # TerminateIllegalWrapper keeps the mask it showed
            self._prev_obs = obs
            infos = raw.infos
            self._prev_info = infos[agent] if agent in infos else {}
        return obs

    def step(self, action: Any) -> None:
        """The common case in one call: a plain int the last observation's mask allows, from a
        live agent. Everything else (None, NumPy ints, illegal or out-of-range actions, calls
        out of order) goes through the three wrappers' own methods."""
        raw = self.env
        prev = self._prev_obs
        if (type(action) is int and prev is not None and self._has_reset
                and not self._terminated and raw.agents):
            agent = raw.agent_selection
            if (not raw.terminations[agent] and not raw.truncations[agent]
                    and 0 <= action < raw.action_spaces[agent].n and prev["action_mask"][action]):
                self._has_updated = True
                self._prev_obs = self._prev_info = None
                raw._play(action)  # step() less the checks just made
                return
        super().step(action)
