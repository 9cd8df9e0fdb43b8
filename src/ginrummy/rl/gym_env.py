"""A single-agent Gymnasium environment: the learner against one of our computer players.

The opponent plays through its :class:`~ginrummy.core.views.PlayerView`, like any player; the
learner gets the observation vector of :mod:`ginrummy.rl.encoding`, with the legal actions in
``info["action_mask"]`` and from :meth:`GinRummyGymEnv.action_masks` (what sb3-contrib's
MaskablePPO calls). ``full_decisions=True`` also asks the learner what it shows when it knocks
and what it lays off when it defends (:mod:`ginrummy.rl.full_decisions`); the opponent shows what
its player chooses and lays off as the engine does.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ginrummy.core.rules import Rules
from ginrummy.players.registry import make_player
from ginrummy.rl.aec_env import AGENTS, GinRummyEnv
from ginrummy.rl.encoding import NUM_ACTIONS as NUM_CORE_ACTIONS
from ginrummy.rl.encoding import index_action
from ginrummy.rl.full_decisions import describe_choice

ENV_ID = "ginrummy/GinRummy-v0"


class GinRummyGymEnv(gymnasium.Env[np.ndarray, int]):
    """Gin Rummy for one learner. ``seat`` 0 or 1 fixes the learner's seat; None draws it.

    An action outside the mask ends the episode with ``illegal_reward``; rewards, episodes and
    rules options are those of the PettingZoo environment.
    """

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 1}

    def __init__(
        self,
        opponent: str = "random",
        *,
        seat: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        rules: str | Rules = "classic",
        episode: str = "hand",
        normalize_rewards: bool = False,
        full_decisions: bool = False,
        **options: Any,
    ) -> None:
        self.game = GinRummyEnv(render_mode=None, rules=rules, episode=episode,
                                normalize_rewards=normalize_rewards,
                                full_decisions=full_decisions, **options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of human, ansi, rgb_array or None, "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self.opponent_name = opponent
        self.opponent = make_player(opponent)
        self.fixed_seat = seat
        self.illegal_reward = illegal_reward
        self.observation_space = self.game.observation_spaces[AGENTS[0]]["observation"]
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.seat = 0 if seat is None else seat
        self._pending = 0.0  # learner's reward from opponent moves before its first decision
        self._outcome: dict[str, Any] = {}  # the hand-end infos of the current step

    @property
    def learner(self) -> str:
        return AGENTS[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self.opponent = make_player(self.opponent_name, seed=game_seed)
        self.game.reset(seed=game_seed)
        self._outcome = {}
        self.seat = int(self.np_random.integers(2)) if self.fixed_seat is None else self.fixed_seat
        reward = self._play_opponent()
        while self.game.terminations[self.learner]:
            # The hand ended before the learner's first decision (the opponent took the upcard
            # and knocked at once); a fresh deal keeps every episode a decision for the learner.
            self.game.reset()
            self._outcome = {}
            reward = self._play_opponent()
        self._pending = reward
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        mask = self.action_masks()
        if not 0 <= int(action) < self.game.num_actions or not mask[int(action)]:
            info = self._info() | {"illegal_action": True}
            return self._observation(), self.illegal_reward, True, False, info
        self._outcome = {}
        self.game.step(int(action))
        self._keep_outcome()
        reward = self.game.rewards[self.learner] + self._play_opponent() + self._pending
        self._pending = 0.0
        terminated = self.game.terminations[self.learner]
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), terminated, False, self._info()

    def _play_opponent(self) -> float:
        """Let the opponent move until the learner decides or the episode ends; its rewards."""
        game, reward = self.game, 0.0
        while not game.terminations[self.learner] and game.agent_selection != self.learner:
            assert game.match is not None
            if game.pending is not None:
                game.play_engine_layoffs()  # the opponent defends against the learner's knock
            else:
                game.play(self.opponent.choose(game.match.view(1 - self.seat)))
            reward += game.rewards[self.learner]
            self._keep_outcome()
        return reward

    def _keep_outcome(self) -> None:
        """Hold the hand-end facts of the last game step, which the next step clears."""
        if "outcome" in self.game.infos[self.learner]:
            self._outcome = self.game.infos[self.learner]

    def _observation(self) -> np.ndarray:
        assert self.game.tracker is not None
        if self.game.full_decisions:
            return self.game.observe(self.learner)["observation"]
        return self.game.tracker.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        """The mask and seat; after a step that ended a hand, also its ``outcome`` (and in match
        episodes the ``match`` score), as in the PettingZoo env."""
        return {"action_mask": self.action_masks(), "seat": self.seat} | self._outcome

    def action_masks(self) -> np.ndarray:
        """Legal actions now, as booleans (all False once the episode is over)."""
        assert self.game.tracker is not None
        if self.game.full_decisions:
            return self.game.observe(self.learner)["action_mask"].astype(bool)
        return self.game.tracker.mask(self.seat).astype(bool)

    def decode(self, action: int) -> str:
        """An action index in the game's notation, e.g. ``'knock 7C'`` (with full decisions
        also ``'show 9C TC JC'``, ``'lay off 8C'``, ``'done'``)."""
        return str(index_action(action)) if action < NUM_CORE_ACTIONS else describe_choice(action)

    def render(self) -> str | np.ndarray | None:
        """As the PettingZoo env's: text, or a picture with both hands face up (for videos,
        never for the learner)."""
        if self.render_mode is None or self.game.match is None:
            return None
        if self.render_mode == "rgb_array":
            return self.game.table_image()
        text = self.game.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="ginrummy.rl.gym_env:GinRummyGymEnv",
                       vector_entry_point="ginrummy.rl.vector_env:GinRummyVectorEnv")
