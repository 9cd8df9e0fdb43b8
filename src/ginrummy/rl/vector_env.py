"""Vector environments on the batch simulator: Gymnasium's ``VectorEnv`` and batched self-play.

:class:`GinRummyVectorEnv` is what ``gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=N)``
builds: ``N`` learners, each in one seat (fixed, or drawn per episode) against a built-in
opponent that plays inside the step at batch speed (:mod:`ginrummy.rl.vector_opponents`).
:class:`VectorSelfPlay` (``ginrummy_v0.vector_selfplay``) observes both seats of every env and
takes one action per env for the player to act. Both play a hand or a whole match per episode,
under any preset, with the rewards and ``info["outcome"]`` of the PettingZoo environment as
arrays, and reset finished episodes in Gymnasium's *next-step* mode
(``AutoresetMode.NEXT_STEP``): the step that ends an episode returns its last observation with
``terminated`` set, and the next step deals that env afresh, ignoring its action, with reward 0.

>>> import gymnasium
>>> from ginrummy.rl import ginrummy_v0
>>> envs = gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=8, opponent="standard")
>>> obs, info = envs.reset(seed=0)
>>> obs.shape, info["action_mask"].shape
((8, 219), (8, 161))
>>> obs, rewards, terminated, truncated, info = envs.step(info["action_mask"].argmax(axis=1))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ginrummy.core.match import Scoreboard, next_dealer
from ginrummy.core.rules import Rules
from ginrummy.rl.batch import KINDS, OVER, BatchGinRummy
from ginrummy.rl.config import check_episode
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_HIGH, OBS_SIZE, score_feature
from ginrummy.rl.vector_opponents import VectorOpponent, vector_opponent

Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]  # observations, masks -> actions
_KINDS = np.asarray(KINDS)


class VectorEpisodes:
    """Episodes of ``N`` envs on a :class:`BatchGinRummy`: hands or matches, their rewards by
    seat, and the hand-end facts of the last :meth:`advance`.

    In match episodes each env keeps the core's :class:`~ginrummy.core.match.Scoreboard` (so
    bonuses, Hollywood's columns and the dealer rotation are the engine's own) and a finished
    hand is redealt at once until the match is over.
    """

    def __init__(self, num_envs: int, *, rules: str | Rules = "classic", episode: str = "hand",
                 normalize_rewards: bool = False, seed: int | None = None,
                 **options: Any) -> None:
        self.sim = BatchGinRummy(num_envs, rules=rules, seed=seed, auto_reset=False, **options)
        self.n = num_envs
        self.rules = self.sim.rules
        self.episode = check_episode(episode)
        self.scale = 1.0 / self.rules.target if normalize_rewards else 1.0
        self.boards: list[Scoreboard | None] = [None] * num_envs
        self.over = np.ones(num_envs, dtype=bool)  # the episode ended: the next step resets it
        self.ended = np.zeros(num_envs, dtype=bool)  # a hand ended since clear_infos()
        self.kind = np.full(num_envs, "", dtype=_KINDS.dtype)
        self.winner = np.full(num_envs, -1, dtype=np.int64)
        self.knocker = np.full(num_envs, -1, dtype=np.int64)
        self.points = np.zeros(num_envs, dtype=np.int64)
        self.deadwood = np.zeros((num_envs, 2), dtype=np.int64)
        self.hands = np.zeros(num_envs, dtype=np.int64)  # hands finished in the match
        self.scores = np.zeros((num_envs, 2), dtype=np.int64)
        self.totals = np.zeros((num_envs, 2), dtype=np.int64)
        self.match_winner = np.full(num_envs, -1, dtype=np.int64)

    def seed(self, seed: int | None) -> None:
        self.sim.rng = np.random.default_rng(seed)

    def start(self, rows: np.ndarray, *, decks: np.ndarray | None = None,
              dealers: np.ndarray | None = None, refresh_mask: bool = True) -> None:
        """Begin a new episode in ``rows`` (a fresh deal, and a fresh match)."""
        self.over[rows] = False
        self.hands[rows] = 0
        self.scores[rows] = 0
        self.totals[rows] = 0
        self.match_winner[rows] = -1
        self.sim.score_features[rows] = 0.0
        if self.episode == "match":
            for row in rows.tolist():
                self.boards[row] = Scoreboard(self.rules)
        self.sim.deal(rows, decks=decks, dealers=dealers)
        if refresh_mask:
            self.sim.update_mask()

    def clear_infos(self) -> None:
        self.ended[:] = False

    def advance(self, actions: np.ndarray, active: np.ndarray, *,
                refresh_mask: bool = True) -> np.ndarray:
        """Apply ``actions`` where ``active``; rewards ``[N, 2]`` by seat (scaled)."""
        sim = self.sim
        points, done = sim.apply(actions, active=active, refresh_mask=refresh_mask)
        rows = np.flatnonzero(done)
        if rows.size == 0:
            return points.astype(np.float32)
        self.ended[rows] = True
        self.kind[rows] = _KINDS[sim.outcome_kind[rows]]
        self.winner[rows] = sim.winner[rows]
        self.knocker[rows] = sim.knocker[rows]
        self.points[rows] = sim.points[rows].max(axis=1)
        self.deadwood[rows] = sim.end_deadwood[rows]
        if self.episode == "hand":
            self.over[rows] = True
            return points.astype(np.float32) * self.scale
        rewards = np.zeros((self.n, 2), dtype=np.float32)
        redeal, dealers = [], []
        for row in rows.tolist():
            board = self.boards[row]
            assert board is not None
            before = board.totals()
            winner = int(sim.winner[row])
            if winner >= 0:
                board.record_win(winner, int(sim.points[row].max()))
            after = board.totals()
            gain = (after[0] - before[0]) - (after[1] - before[1])
            rewards[row] = (gain * self.scale, -gain * self.scale)
            self.hands[row] += 1
            self.scores[row] = board.scores
            self.totals[row] = after
            if board.is_over:
                self.over[row] = True
                self.match_winner[row] = -1 if board.winner is None else board.winner
            else:
                redeal.append(row)
                dealers.append(next_dealer(self.rules, int(sim.dealer[row]),
                                           None if winner < 0 else winner))
        if redeal:
            again = np.asarray(redeal, dtype=np.int64)
            target = self.rules.target
            sim.score_features[again] = [[score_feature(int(s), target) for s in self.scores[r]]
                                         for r in redeal]
            sim.deal(again, dealers=np.asarray(dealers, dtype=np.int64))
            if refresh_mask:
                sim.update_mask()
        return rewards

    def infos(self) -> dict[str, Any]:
        """``outcome`` (and in match episodes ``match``) for the envs where a hand ended, as
        arrays, each with its Gymnasium ``_key`` mask. Seats are 0 and 1; -1 means none."""
        ended = self.ended.copy()
        info: dict[str, Any] = {
            "outcome": {"kind": self.kind.copy(), "winner": self.winner.copy(),
                        "knocker": self.knocker.copy(), "points": self.points.copy(),
                        "deadwood": self.deadwood.copy()},
            "_outcome": ended,
        }
        if self.episode == "match":
            info["match"] = {"hands": self.hands.copy(), "scores": self.scores.copy(),
                             "totals": self.totals.copy(), "over": self.over & ended,
                             "winner": self.match_winner.copy()}
            info["_match"] = ended.copy()
        return info


class GinRummyVectorEnv(VectorEnv):
    """``num_envs`` learners against a built-in opponent, stepped together.

    ``opponent`` is ``"random"``, ``"standard"`` or ``"greedy"``
    (:mod:`ginrummy.rl.vector_opponents`), or a policy ``(obs [M, 219], mask [M, 161]) ->
    actions [M]`` called with the opponent's observations. ``seat`` fixes the learners' seat;
    None draws it per episode (``info["seat"]``). The legal actions are in
    ``info["action_mask"]`` (booleans, ``[N, 161]``) and :meth:`action_masks`. An illegal action
    ends that env's episode with ``illegal_reward`` (``info["illegal_action"]``), as in the
    single env. As there, a hand that ends before the learner's first decision is redealt, and
    in match episodes the opponent's moves before a learner decision add to the next reward.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, opponent: str | Policy = "random", *,
                 seat: int | None = None, rules: str | Rules = "classic", episode: str = "hand",
                 normalize_rewards: bool = False, illegal_reward: float = -1.0,
                 seed: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        if render_mode is not None:
            raise ValueError("the vector env does not render; use the single env to watch")
        if seat not in (None, 0, 1):
            raise ValueError(f"seat must be 0, 1 or None, not {seat!r}")
        self.game = VectorEpisodes(num_envs, rules=rules, episode=episode,
                                   normalize_rewards=normalize_rewards, seed=seed, **options)
        self.num_envs = num_envs
        self.opponent = _as_opponent(opponent)
        self.fixed_seat = seat
        self.illegal_reward = illegal_reward
        self.single_observation_space = spaces.Box(0.0, OBS_HIGH, shape=(OBS_SIZE,),
                                                   dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.seat = np.zeros(num_envs, dtype=np.int64) if seat is None else np.full(
            num_envs, seat, dtype=np.int64)
        self._rng = np.random.default_rng(seed)
        self._pending = np.zeros(num_envs, dtype=np.float32)
        self._illegal = np.zeros(num_envs, dtype=bool)

    @property
    def sim(self) -> BatchGinRummy:
        return self.game.sim

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start every env. ``options`` may give ``decks [N, 52]`` and ``dealers [N]`` for the
        first deal (replaying seeded deals)."""
        if seed is not None:
            self.game.seed(seed)
            self._rng = np.random.default_rng([seed, 1])
        options = options or {}
        self.game.clear_infos()
        self._begin(np.arange(self.num_envs), decks=options.get("decks"),
                    dealers=options.get("dealers"))
        self.game.clear_infos()
        return self._observation(), self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        game = self.game
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        game.clear_infos()
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        resetting = game.over | self._illegal
        self._illegal[:] = False
        acting = ~resetting
        legal = self.action_masks()[np.arange(self.num_envs), np.clip(actions, 0, NUM_ACTIONS - 1)]
        illegal = acting & (~legal | (actions < 0) | (actions >= NUM_ACTIONS))
        acting &= ~illegal
        rewards += self._seat_rewards(game.advance(actions, acting))
        rewards += self._play_opponent()
        rewards[acting] += self._pending[acting]
        self._pending[acting] = 0.0
        rewards[illegal] = self.illegal_reward
        self._illegal = illegal
        terminated = (game.over & acting) | illegal
        ended = game.ended.copy()
        if resetting.any():
            self._begin(np.flatnonzero(resetting))
        game.ended = ended
        info = self._info()
        info["illegal_action"] = illegal
        info["_illegal_action"] = illegal.copy()
        return (self._observation(), rewards, terminated,
                np.zeros(self.num_envs, dtype=bool), info)

    def _begin(self, rows: np.ndarray, *, decks: np.ndarray | None = None,
               dealers: np.ndarray | None = None) -> None:
        """New episodes in ``rows``, played up to each learner's first decision."""
        game = self.game
        if self.fixed_seat is None:
            self.seat[rows] = self._rng.integers(0, 2, size=rows.size)
        self._pending[rows] = 0.0
        while rows.size:
            game.start(rows, decks=decks, dealers=dealers)
            decks = dealers = None
            self._pending[rows] = 0.0
            self._pending += self._play_opponent(only=rows)
            rows = rows[game.over[rows]]  # the hand ended before the learner decided: again

    def _play_opponent(self, only: np.ndarray | None = None) -> np.ndarray:
        """The opponent moves until every env is at a learner decision or over; the learners'
        rewards from its moves."""
        game, sim = self.game, self.game.sim
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        allowed = np.ones(self.num_envs, dtype=bool)
        if only is not None:
            allowed[:] = False
            allowed[only] = True
        while True:
            turn = allowed & ~game.over & (sim.phase != OVER) & (sim.to_play != self.seat)
            rows = np.flatnonzero(turn)
            if rows.size == 0:
                return rewards
            actions = np.zeros(self.num_envs, dtype=np.int64)
            actions[rows] = self.opponent(sim, rows, self._rng)
            rewards += self._seat_rewards(game.advance(actions, turn))

    def _seat_rewards(self, rewards: np.ndarray) -> np.ndarray:
        return rewards[np.arange(self.num_envs), self.seat]

    def _observation(self) -> np.ndarray:
        return self.sim.observe(self.seat)

    def action_masks(self) -> np.ndarray:
        """``[N, 161]`` booleans: each learner's legal actions (none once its episode is over)."""
        sim = self.sim
        mine = (sim.to_play == self.seat) & ~self.game.over & ~self._illegal
        return sim.mask.astype(bool) & mine[:, None]

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat.copy()} | self.game.infos()


class VectorSelfPlay:
    """Batched self-play: both seats of ``num_envs`` games observed at every step.

    :meth:`reset` and :meth:`step` return ``obs [N, 2, 219]`` (by seat) and an info with
    ``to_play [N]`` (the seat to act) and ``action_mask [N, 2, 161]`` (only the seat to act has
    legal actions); :meth:`step` takes one action per env for its player to act and returns the
    rewards ``[N, 2]`` by seat (zero-sum), ``terminated [N]``, ``truncated [N]`` and the info,
    with ``outcome`` (and ``match``) arrays where a hand ended. Episodes, rewards and the
    next-step autoreset are those of :class:`GinRummyVectorEnv`; an illegal action raises
    :class:`~ginrummy.core.errors.IllegalActionError` and changes nothing.

    >>> from ginrummy.rl import ginrummy_v0
    >>> env = ginrummy_v0.vector_selfplay(num_envs=4, rules="oklahoma", seed=1)
    >>> obs, info = env.reset()
    >>> obs.shape, info["action_mask"].shape, info["to_play"].shape
    ((4, 2, 219), (4, 2, 161), (4,))
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "name": "ginrummy_v0"}
    possible_agents = ("player_0", "player_1")

    def __init__(self, num_envs: int = 1, *, rules: str | Rules = "classic",
                 episode: str = "hand", normalize_rewards: bool = False,
                 seed: int | None = None, **options: Any) -> None:
        self.game = VectorEpisodes(num_envs, rules=rules, episode=episode,
                                   normalize_rewards=normalize_rewards, seed=seed, **options)
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(0.0, OBS_HIGH, shape=(OBS_SIZE,),
                                                   dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)

    @property
    def sim(self) -> BatchGinRummy:
        return self.game.sim

    @property
    def to_play(self) -> np.ndarray:
        return self.sim.to_play.copy()

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start every env (``options``: ``decks [N, 52]`` and ``dealers [N]`` for the first
        deal)."""
        if seed is not None:
            self.game.seed(seed)
        options = options or {}
        self.game.clear_infos()
        self.game.start(np.arange(self.num_envs), decks=options.get("decks"),
                        dealers=options.get("dealers"))
        return self.observe(), self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        game = self.game
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        game.clear_infos()
        resetting = game.over.copy()
        rewards = game.advance(actions, ~resetting, refresh_mask=False)
        terminated = game.over & ~resetting
        if resetting.any():
            game.start(np.flatnonzero(resetting), refresh_mask=False)
        game.sim.update_mask()
        return (self.observe(), rewards, terminated, np.zeros(self.num_envs, dtype=bool),
                self._info())

    def observe(self) -> np.ndarray:
        """``[N, 2, 219]``: every env's observation for seat 0 and seat 1."""
        return self.sim.observe_both()

    def action_masks(self) -> np.ndarray:
        """``[N, 2, 161]`` int8 by seat: the seat to act has its legal actions, the other none."""
        return self.sim.masks_by_seat(~self.game.over)

    def _info(self) -> dict[str, Any]:
        return {"to_play": self.to_play, "action_mask": self.action_masks()} | self.game.infos()

    def close(self) -> None:
        pass


def _as_opponent(opponent: str | Policy) -> VectorOpponent:
    if isinstance(opponent, str):
        return vector_opponent(opponent)
    policy = opponent

    def play(sim: BatchGinRummy, rows: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        return np.asarray(policy(sim.observe(rows=rows), np.asarray(sim.mask[rows])))

    return play
