"""The PettingZoo AEC environment: two agents play a hand or a whole match on the core engine.

Like ``pettingzoo.classic.chess``, it is a thin adapter: the rules live in the unchanged core,
observations come from :mod:`ginrummy.rl.encoding`, and rewards are the game's points.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import BIT, format_cards, from_mask
from ginrummy.core.match import Match
from ginrummy.core.rules import Rules
from ginrummy.core.state import Phase
from ginrummy.rl.config import check_episode, resolve_rules
from ginrummy.rl.encoding import (
    ACTIONS,
    KNOCK_BASE,
    NUM_ACTIONS,
    OBS_HIGH,
    OBS_SIZE,
    HandTracker,
    action_index,
    index_action,
)
from ginrummy.rl.full_decisions import (
    FULL_NUM_ACTIONS,
    FULL_OBS_SIZE,
    PendingKnock,
    full_observation,
)
from ginrummy.rl.outcome import hand_outcome, match_score
from ginrummy.rl.render import table_image

AGENTS = ("player_0", "player_1")
_NO_REWARDS: dict[str, float] = dict.fromkeys(AGENTS, 0.0)  # a step's rewards and infos
_NO_INFOS: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}  # when it has no news
_OVER = Phase.OVER


def observation_space(*, full_decisions: bool = False) -> spaces.Dict:
    size, actions = (FULL_OBS_SIZE, FULL_NUM_ACTIONS) if full_decisions else (OBS_SIZE, NUM_ACTIONS)
    return spaces.Dict({
        "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=(size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
    })


class ActionSpace(spaces.Discrete):
    """``Discrete(161)`` whose membership test answers a plain ``int`` without NumPy's dtype
    checks (AssertOutOfBoundsWrapper asks it every step); anything else goes to Gymnasium's."""

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return 0 <= x < self.n
        return super().contains(x)


class GinRummyEnv(AECEnv[str, dict[str, np.ndarray], int], EzPickle):
    """Gin Rummy for two agents, ``player_0`` and ``player_1``.

    ``episode="hand"`` ends after one hand (reward: the hand's points, + to the winner and - to
    the loser); ``episode="match"`` plays to the target, rewarding each change in the players'
    totals (hand points, then game, shutout and box bonuses), so an episode's rewards sum to the
    final difference. ``normalize_rewards`` divides every reward by the rules' target.

    ``infos[agent]`` is empty except at the step that ends a hand: then ``"outcome"`` holds the
    hand's kind, winner, knocker, points and both deadwoods (:mod:`ginrummy.rl.outcome`), and in
    match episodes ``"match"`` the hands played, scores, totals and whether the match is over.

    ``full_decisions=True`` also asks the knocker what it shows and the defender what it lays
    off (:mod:`ginrummy.rl.full_decisions`): 543 actions and a 377-value observation instead of
    161 and 219. Off by default, which leaves the spaces and the play unchanged.

    ``state()`` is the global state for centralised training: player_0's observation followed
    by player_1's (``state_space``). It holds both private hands: never give it to an acting agent.
    """

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "ginrummy_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        rules: str | Rules = "classic",
        episode: str = "hand",
        normalize_rewards: bool = False,
        full_decisions: bool = False,
        **options: Any,
    ) -> None:
        EzPickle.__init__(self, render_mode, rules, episode, normalize_rewards, full_decisions,
                          **options)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of human, ansi, rgb_array or None, "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self.rules = resolve_rules(rules, **options)
        self.episode = check_episode(episode)
        self.reward_scale = 1.0 / self.rules.target if normalize_rewards else 1.0
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.full_decisions = bool(full_decisions)
        space = observation_space(full_decisions=self.full_decisions)
        self.observation_spaces = {agent: space for agent in AGENTS}
        obs_size = space["observation"].shape[0]
        self.state_space = spaces.Box(low=0.0, high=OBS_HIGH, shape=(2 * obs_size,),
                                      dtype=np.float32)
        self.num_actions = space["action_mask"].shape[0]
        self.action_spaces = {agent: ActionSpace(self.num_actions) for agent in AGENTS}
        self.pending: PendingKnock | None = None  # a knock waiting for its show and layoffs
        self._rng = random.Random()
        self.match: Match | None = None
        self.tracker: HandTracker | None = None
        self._totals_at_deal = (0, 0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.match = Match.new(self.rules, seed=self._rng.getrandbits(63))
        self._start_hand()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.match.state.to_play]
        if self.render_mode == "human":
            self.render()

    def _start_hand(self) -> None:
        assert self.match is not None
        self.tracker = HandTracker(self.match.state, scores=self.match.scores,
                                   target=self.rules.target)
        self.pending = None
        self._totals_at_deal = self.match.totals()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        tracker = self.tracker
        assert tracker is not None, "call reset() first"
        player = AGENTS.index(agent)
        if self.full_decisions:
            return {"observation": self._full_observation(player),
                    "action_mask": self._full_mask(player)}
        return {"observation": tracker.observe(player), "action_mask": tracker.mask(player)}

    def _full_observation(self, player: int) -> np.ndarray:
        assert self.tracker is not None
        return full_observation(self.tracker.observe(player), self.pending, player)

    def _full_mask(self, player: int) -> np.ndarray:
        assert self.tracker is not None
        mask = np.zeros(FULL_NUM_ACTIONS, dtype=np.int8)
        pending = self.pending
        if pending is None:
            mask[:NUM_ACTIONS] = self.tracker.mask(player)
        elif pending.to_play == player:
            mask[pending.legal()] = 1
        return mask

    def state(self) -> np.ndarray:
        assert self.tracker is not None, "call reset() first"
        if self.full_decisions:
            return np.concatenate([self._full_observation(0), self._full_observation(1)])
        return np.concatenate([self.tracker.observe(0), self.tracker.observe(1)])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._play(int(action))  # type: ignore[arg-type]

    def _play(self, index: int) -> None:
        """The step of a live agent (ClassicWrapper calls it straight for a legal ``int``)."""
        match = self.match
        assert match is not None and self.tracker is not None
        if self.full_decisions and (self.pending is not None
                                    or KNOCK_BASE <= index < KNOCK_BASE + 52):
            self._decide(index)  # an illegal choice raises, changing nothing
        else:  # index_action, without its call where the index is in range
            self._apply(ACTIONS[index] if 0 <= index < NUM_ACTIONS else index_action(index))
        pending = self.pending
        self.agent_selection = AGENTS[match.state.to_play if pending is None
                                      else pending.to_play]
        if self.render_mode == "human":
            self.render()

    def play(self, action: Action) -> None:
        """Play a core action for the agent to move (how the Gymnasium env's opponent plays):
        a knock shows what it names, or the default arrangement; with full decisions the
        defender then chooses its layoffs."""
        assert self.match is not None
        if self.pending is None and self.full_decisions and action.kind is Kind.KNOCK:
            state = self.match.state
            state.verify(action)  # the core's reason for a knock or a show it refuses
            assert action.card is not None
            knocker = state.to_play
            shown = action.show if action.show is not None else \
                self.match.view(knocker).default_show(action.card).melds
            pending = PendingKnock.start(knocker, action.card,
                                         state.hands[knocker] ^ BIT[action.card],
                                         state.hands[1 - knocker], state.knock_limit, [])
            pending.show(tuple(shown))
            self.pending = pending
            self._advance()
            self.agent_selection = AGENTS[self._to_play()]
        elif self.pending is not None:
            raise ValueError("a knock is being shown or laid off onto: use step()")
        elif action.show is not None:  # an index has no room for the melds: play the action
            self._apply(action)  # the core checks the show; a bad one raises, changing nothing
            self.agent_selection = AGENTS[self._to_play()]
            if self.render_mode == "human":
                self.render()
        else:
            self.step(action_index(action))

    def play_engine_layoffs(self) -> None:
        """Finish the knock being laid off onto as the engine would (any of the best answers)."""
        assert self.pending is not None and self.pending.shown is not None
        self.pending.laid, self.pending.done = self.pending.layoff_paths[0], True
        self._advance()
        self.agent_selection = AGENTS[self._to_play()]

    def _to_play(self) -> int:
        assert self.match is not None
        return self.pending.to_play if self.pending is not None else self.match.state.to_play

    def _decide(self, index: int) -> None:
        """A knock, a meld shown or a card laid off, with full decisions."""
        assert self.match is not None
        pending = self.pending
        if pending is None:
            state = self.match.state
            action = index_action(index)
            state.verify(action)  # the core's reason for a knock it refuses
            assert action.card is not None
            knocker = state.to_play
            view = self.match.view(knocker)
            self.pending = PendingKnock.start(
                knocker, action.card, state.hands[knocker] ^ BIT[action.card],
                state.hands[1 - knocker], state.knock_limit, view.show_options(action.card))
        else:
            pending.apply(index)
        self._advance()

    def _advance(self) -> None:
        """Play every choice that is the only one, and the knock once it is decided."""
        pending = self.pending
        assert pending is not None
        while not pending.done:
            legal = pending.legal()
            if len(legal) != 1:
                self._clear_step()
                return
            pending.apply(legal[0])
        assert pending.shown is not None
        knock = index_action(KNOCK_BASE + pending.card).with_show(pending.shown)
        self.pending = None
        self._apply(knock)

    def _clear_step(self) -> None:
        self._cumulative_rewards[self.agent_selection] = 0.0
        # Most steps follow a step without news: the dicts are rebuilt only when they hold some.
        if self.rewards != _NO_REWARDS or self.infos != _NO_INFOS:
            self.rewards = dict.fromkeys(AGENTS, 0.0)
            self.infos = {a: {} for a in AGENTS}

    def _apply(self, chosen: Action) -> None:
        match, tracker = self.match, self.tracker
        assert match is not None and tracker is not None
        tracker.record(match.apply(chosen))  # an illegal action raises, changing nothing
        self._clear_step()
        if match.state.phase is _OVER:
            self._score_hand()
            self._accumulate_rewards()  # only a finished hand has rewards to add

    def _score_hand(self) -> None:
        match = self.match
        assert match is not None
        if self.episode == "hand":
            result = match.state.result
            assert result is not None
            gains = [result.points_for(0), result.points_for(1)]
        else:
            before, after = self._totals_at_deal, match.totals()
            gains = [after[0] - before[0], after[1] - before[1]]
        self.rewards = {agent: (gains[player] - gains[1 - player]) * self.reward_scale
                        for player, agent in enumerate(AGENTS)}
        result = match.state.result
        assert result is not None
        info: dict[str, Any] = {"outcome": hand_outcome(result, AGENTS)}
        if self.episode == "match":
            info["match"] = match_score(match, AGENTS)
        self.infos = {agent: dict(info) for agent in AGENTS}
        if self.episode == "hand" or match.is_over:
            self.terminations = dict.fromkeys(AGENTS, True)
        else:
            match.next_hand()
            self._start_hand()

    def render(self) -> str | np.ndarray | None:
        """``"ansi"``: :meth:`table_text`; ``"rgb_array"``: :meth:`table_image`; ``"human"``
        prints the text. Both show the two hands face up: they are for onlookers and videos."""
        if self.render_mode is None or self.match is None:
            return None
        if self.render_mode == "rgb_array":
            return self.table_image()
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def table_text(self) -> str:
        """The table as an onlooker sees it, both hands face up (never sent to an agent)."""
        assert self.match is not None
        state = self.match.state
        top = "-" if state.pile_top is None else format_cards([state.pile_top])
        lines = [
            f"hand {self.match.hand_number}  scores {self.match.scores[0]}-{self.match.scores[1]}"
            f"  phase {state.phase.value}  to play {AGENTS[state.to_play]}",
            f"stock {len(state.stock)}  pile top {top}  knock limit {state.knock_limit}",
        ]
        for player, agent in enumerate(AGENTS):
            lines.append(f"{agent}: {format_cards(from_mask(state.hands[player]))}")
        if state.result is not None:
            lines.append(str(state.result))
        return "\n".join(lines)

    def table_image(self) -> np.ndarray:
        """The table as an ``(H, W, 3)`` ``uint8`` picture, both hands face up (never sent to an
        agent); see :mod:`ginrummy.rl.render`."""
        assert self.match is not None
        match = self.match
        return table_image(match.state, scores=match.scores, target=self.rules.target,
                           hand_number=len(match.hands) if match.hand_over else match.hand_number,
                           names=AGENTS)

    def close(self) -> None:
        pass
