"""The vector environments on the batch simulator agree with the core engine hand for hand, and
their built-in opponents play the decisions of the players they copy."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from ginrummy.core.actions import BIG_GIN, Action
from ginrummy.core.cards import BIT
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.melds import best_discards, min_deadwood
from ginrummy.core.state import HandState, Phase, shuffled_deck
from ginrummy.players.standard import StandardPlayer
from ginrummy.players.tactics import draw_choice, ending_action, joins_meld, taken_mask
from ginrummy.rl import ginrummy_v0
from ginrummy.rl.aec_env import AGENTS
from ginrummy.rl.batch import BatchGinRummy, random_legal_actions
from ginrummy.rl.config import resolve_rules
from ginrummy.rl.encoding import (
    DISCARD_BASE,
    KNOCK_BASE,
    NUM_ACTIONS,
    OBS_SIZE,
    STOCK,
    HandTracker,
    action_index,
    index_action,
)
from ginrummy.rl.outcome import hand_outcome, match_score
from ginrummy.rl.vector_env import GinRummyVectorEnv, VectorSelfPlay
from ginrummy.rl.vector_opponents import GREEDY_SLACK, greedy_actions, standard_actions

# Every two-player preset (three-player and partnership play their two-player hands), in hand
# and match episodes; small targets so that matches end within the test.
CASES = [
    ("classic", "hand", {}),
    ("classic", "match", {"target": 30}),
    ("modern", "match", {"last_chance": True, "target": 60, "normalize_rewards": True}),
    ("norwegian", "hand", {}),
    ("oklahoma", "match", {"oklahoma_ace": "gin", "target": 50}),
    ("straight", "hand", {"big_gin": True}),
    ("hollywood", "match", {"target": 15}),
    ("three-player", "match", {"target": 40}),
    ("partnership", "hand", {}),
    ("eaai", "match", {"knock_limit": 4, "big_gin": True, "target": 40, "dealer": "alternate"}),
    ("classic", "hand", {"eleven_card_deal": True, "stock_wall": 0}),
]


def _choose(state: HandState, legal: list[int], rng: random.Random) -> int:
    """A policy that knocks often and throws its worst card, so hands end every way."""
    ends = [a for a in legal if a >= KNOCK_BASE]
    if ends and rng.random() < 0.8:
        return rng.choice(ends)
    if state.phase is Phase.DISCARD and not state.must_end:
        taken = 0 if state.taken is None else BIT[state.taken]
        cards, _ = best_discards(state.hands[state.to_play], exclude=taken)
        return DISCARD_BASE + rng.choice(cards)
    return rng.choice(legal)


class _Replay:
    """One env's episode on the core engine: a :class:`Match`, its trackers and the rewards the
    PettingZoo environment would give."""

    def __init__(self, rules, *, episode: str, scale: float, deck, dealer: int) -> None:
        self.rules, self.episode, self.scale = rules, episode, scale
        self.match = Match(rules, first_dealer=dealer, seed=0)
        self.match.replace_deck([int(c) for c in deck])
        self._track()

    def _track(self) -> None:
        self.tracker = HandTracker(self.match.state, scores=self.match.scores,
                                   target=self.rules.target)
        self.before = self.match.totals()

    def apply(self, action: int) -> tuple[list[float], dict | None, bool]:
        """The rewards by seat, the info of a finished hand, and whether the episode ended."""
        match = self.match
        self.tracker.record(match.apply(index_action(action)))
        if not match.hand_over:
            return [0.0, 0.0], None, False
        result = match.state.result
        assert result is not None
        if self.episode == "hand":
            gains = [result.points_for(0), result.points_for(1)]
        else:
            after = match.totals()
            gains = [after[0] - self.before[0], after[1] - self.before[1]]
        rewards = [(gains[0] - gains[1]) * self.scale, (gains[1] - gains[0]) * self.scale]
        info = {"outcome": hand_outcome(result, AGENTS)}
        if self.episode == "match":
            info["match"] = match_score(match, AGENTS)
        return rewards, info, self.episode == "hand" or match.is_over

    def next_hand(self, deck, dealer: int) -> None:
        assert self.match.dealer == dealer  # the engine's dealer rotation
        self.match.next_hand([int(c) for c in deck])
        self._track()


def _seat(value: int) -> str | None:
    return None if value < 0 else AGENTS[value]


def _check_info(info: dict, i: int, expected: dict) -> None:
    assert info["_outcome"][i]
    outcome = info["outcome"]
    got = {"kind": str(outcome["kind"][i]), "winner": _seat(outcome["winner"][i]),
           "knocker": _seat(outcome["knocker"][i]), "points": int(outcome["points"][i]),
           "deadwood": dict(zip(AGENTS, outcome["deadwood"][i].tolist(), strict=True))}
    assert got == expected["outcome"]
    if "match" in expected:
        match = info["match"]
        assert info["_match"][i]
        assert {"hands": int(match["hands"][i]),
                "scores": dict(zip(AGENTS, match["scores"][i].tolist(), strict=True)),
                "totals": dict(zip(AGENTS, match["totals"][i].tolist(), strict=True)),
                "over": bool(match["over"][i]),
                "winner": _seat(match["winner"][i])} == expected["match"]


@pytest.mark.parametrize(("preset", "episode", "options"), CASES,
                         ids=[f"{p}-{e}-{'-'.join(o)}" for p, e, o in CASES])
def test_rl_vector_selfplay_agrees_with_the_engine_hand_for_hand(
        preset: str, episode: str, options: dict) -> None:
    options = dict(options)
    normalize = options.pop("normalize_rewards", False)
    rules = resolve_rules(preset, **options)
    scale = 1.0 / rules.target if normalize else 1.0
    n = 12
    decks = np.array([shuffled_deck(seed=i) for i in range(n)])
    dealers = np.arange(n) % 2
    env = ginrummy_v0.vector_selfplay(num_envs=n, rules=preset, episode=episode,
                                      normalize_rewards=normalize, seed=7, **options)
    obs, info = env.reset(options={"decks": decks, "dealers": dealers})
    games = [_Replay(rules, episode=episode, scale=scale, deck=decks[i], dealer=int(dealers[i]))
             for i in range(n)]
    rng = random.Random(preset)
    fresh = [False] * n  # the episode ended: the next step deals a new one
    kinds, episodes = set(), 0
    for _ in range(160 if episode == "hand" else 260):
        actions = np.full(n, -1)  # a finished env's action is ignored
        expected = []
        for i, game in enumerate(games):
            state = game.match.state
            assert info["to_play"][i] == state.to_play
            for seat in (0, 1):
                assert np.array_equal(obs[i, seat], game.tracker.observe(seat))
                assert np.array_equal(info["action_mask"][i, seat], game.tracker.mask(seat))
            if not fresh[i]:
                actions[i] = _choose(state, np.flatnonzero(info["action_mask"][i, state.to_play])
                                     .tolist(), rng)
                expected.append(game.apply(int(actions[i])))
            else:
                expected.append(([0.0, 0.0], None, False))
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for i, (reward, hand_info, over) in enumerate(expected):
            assert rewards[i].tolist() == pytest.approx(reward)
            assert bool(terminated[i]) == over
            if hand_info is None:
                assert not info["_outcome"][i]
            else:
                _check_info(info, i, hand_info)
                kinds.add(hand_info["outcome"]["kind"])
            deck, dealer = env.sim.deck[i], int(env.sim.dealer[i])
            if fresh[i]:  # reset this step: a new episode from the deal the env made
                games[i] = _Replay(rules, episode=episode, scale=scale, deck=deck, dealer=dealer)
            elif hand_info is not None and not over:
                games[i].next_hand(deck, dealer)
            fresh[i] = over
            episodes += over
    assert episodes >= (n if episode == "hand" else 3) and len(kinds) >= 2


def _hashed_policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """A deterministic policy of the observation alone: the last legal ending action, else the
    legal action picked by a hash of the hand and the pile."""
    count = mask.sum(axis=1)
    weights = np.arange(OBS_SIZE) % 17 + 1
    pick = (obs[:, :208] @ weights[:208]).astype(np.int64) % np.maximum(count, 1)
    ranked = np.cumsum(mask, axis=1) - 1
    chosen = np.argmax((ranked == pick[:, None]) & (mask == 1), axis=1)
    last = NUM_ACTIONS - 1 - np.argmax(mask[:, ::-1], axis=1)
    return np.where(last >= KNOCK_BASE, last, chosen)


def _replay_opponent(state: HandState, tracker: HandTracker, learner: int) -> None:
    while not state.is_over and state.to_play != learner:
        seat = state.to_play
        action = _hashed_policy(tracker.observe(seat)[None], tracker.mask(seat)[None])[0]
        tracker.record(state.apply(index_action(int(action))))


@pytest.mark.parametrize("preset", ["classic", "oklahoma", "modern"])
def test_rl_vector_env_agrees_with_the_engine_hand_for_hand(preset: str) -> None:
    """The Gymnasium vector env against a policy opponent, replayed on the engine: the learner's
    observations, masks, rewards, terminations and outcomes, seats drawn per episode."""
    n = 16
    rules = resolve_rules(preset)
    envs = GinRummyVectorEnv(n, opponent=_hashed_policy, rules=preset, seed=3)
    obs, info = envs.reset(seed=3)
    sim = envs.sim

    def deal(i: int) -> tuple[HandState, HandTracker]:
        state = HandState(rules, dealer=int(sim.dealer[i]), deck=[int(c) for c in sim.deck[i]])
        tracker = HandTracker(state)
        _replay_opponent(state, tracker, int(info["seat"][i]))
        return state, tracker

    games = [deal(i) for i in range(n)]
    fresh = np.zeros(n, dtype=bool)
    rng = np.random.default_rng(3)
    seats, ended = set(), 0
    for _ in range(120):
        for i, (_, tracker) in enumerate(games):
            seat = int(info["seat"][i])
            assert np.array_equal(obs[i], tracker.observe(seat))
            assert np.array_equal(info["action_mask"][i], tracker.mask(seat).astype(bool))
        actions = random_legal_actions(info["action_mask"].astype(np.int8), rng)
        expected = []
        for i, (state, tracker) in enumerate(games):
            if fresh[i]:
                expected.append((0.0, False, None))
                continue
            seat = int(info["seat"][i])
            tracker.record(state.apply(index_action(int(actions[i]))))
            _replay_opponent(state, tracker, seat)
            result = state.result
            if result is None:
                expected.append((0.0, False, None))
            else:
                reward = result.points_for(seat) - result.points_for(1 - seat)
                expected.append((reward, True, {"outcome": hand_outcome(result, AGENTS)}))
        obs, rewards, terminated, _, info = envs.step(actions)
        for i, (reward, over, hand_info) in enumerate(expected):
            assert rewards[i] == reward and terminated[i] == over
            if hand_info is not None:
                _check_info(info, i, hand_info)
                ended += 1
            if fresh[i]:
                games[i] = deal(i)
                seats.add(int(info["seat"][i]))
        fresh = terminated.copy()
    assert ended >= n and seats == {0, 1}


def test_rl_vector_env_is_what_make_vec_builds() -> None:
    envs = gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=5, opponent="standard",
                              rules="oklahoma", episode="match", seat=1)
    assert isinstance(envs.unwrapped, GinRummyVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert envs.num_envs == 5 and envs.single_action_space.n == NUM_ACTIONS
    obs, info = envs.reset(seed=1)
    assert obs in envs.observation_space
    assert info["action_mask"].shape == (5, NUM_ACTIONS) and info["action_mask"].dtype == bool
    assert (info["seat"] == 1).all() and info["action_mask"].any(axis=1).all()
    envs.close()


def test_rl_vector_env_is_reproducible_from_its_seed() -> None:
    def run() -> list[np.ndarray]:
        envs = GinRummyVectorEnv(8, opponent="greedy", episode="match", target=30)
        obs, info = envs.reset(seed=12)
        rng = np.random.default_rng(0)
        seen = [obs]
        for _ in range(60):
            obs, rewards, _, _, info = envs.step(
                random_legal_actions(info["action_mask"].astype(np.int8), rng))
            seen += [obs, rewards, info["seat"]]
        return seen

    assert all(np.array_equal(a, b) for a, b in zip(run(), run(), strict=True))


def test_rl_vector_env_resets_on_the_next_step() -> None:
    """Next-step autoreset: the ending step shows the finished hand; the next one ignores the
    action, rewards 0 and shows a fresh deal."""
    envs = GinRummyVectorEnv(32, opponent="standard", seed=4)
    obs, info = envs.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(200):
        obs, rewards, terminated, _, info = envs.step(
            random_legal_actions(info["action_mask"].astype(np.int8), rng))
        if terminated.any():
            break
    done = np.flatnonzero(terminated)
    assert done.size and not info["action_mask"][done].any()
    assert (obs[done, 208 + 4] == 1).all()  # the phase is over
    actions = random_legal_actions(info["action_mask"].astype(np.int8), rng)
    actions[done] = 999  # ignored
    obs, rewards, terminated, _, info = envs.step(actions)
    assert (rewards[done] == 0).all() and not terminated[done].any()
    assert not info["_outcome"][done].any() and info["action_mask"][done].any(axis=1).all()
    assert (obs[done, STOCK] > 0.8).all()  # at most a card or two drawn by the opponent


def test_rl_vector_env_illegal_action_ends_the_episode() -> None:
    envs = GinRummyVectorEnv(3, illegal_reward=-5.0, seed=2)
    _, info = envs.reset(seed=2)
    actions = info["action_mask"].argmax(axis=1)
    actions[1] = DISCARD_BASE if not info["action_mask"][1, DISCARD_BASE] else 0
    if info["action_mask"][1, actions[1]]:
        actions[1] = NUM_ACTIONS  # out of range
    _, rewards, terminated, _, info = envs.step(actions)
    assert rewards[1] == -5.0 and terminated[1] and info["illegal_action"][1]
    assert not info["illegal_action"][[0, 2]].any()
    _, rewards, terminated, _, info = envs.step(info["action_mask"].argmax(axis=1))
    assert rewards[1] == 0 and not terminated[1] and info["action_mask"][1].any()


@pytest.mark.parametrize("rules", ["classic", "hollywood"])
def test_rl_vector_env_match_rewards_sum_to_the_final_difference(rules: str) -> None:
    n = 32
    envs = GinRummyVectorEnv(n, opponent="standard", rules=rules, episode="match", target=40,
                             seed=5)
    _, info = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    running = np.zeros(n)
    finished = 0
    for _ in range(400):
        seat = info["seat"]
        _, rewards, terminated, _, info = envs.step(
            random_legal_actions(info["action_mask"].astype(np.int8), rng))
        running += rewards
        for i in np.flatnonzero(terminated):
            totals = info["match"]["totals"][i]
            assert info["match"]["over"][i]
            assert running[i] == totals[seat[i]] - totals[1 - seat[i]]
            finished += 1
        running[terminated] = 0
    assert finished >= n


def test_rl_vector_selfplay_rejects_an_illegal_action() -> None:
    env = VectorSelfPlay(2, seed=1)
    _, info = env.reset()
    before = env.sim.hand.copy()
    with pytest.raises(IllegalActionError, match="env 0"):
        env.step(np.array([DISCARD_BASE, 0]))
    assert np.array_equal(env.sim.hand, before)


def _acceptable_standard(view) -> set[int]:
    """Every action the ``standard`` player may choose from ``view`` (it breaks ties at random)."""
    if view.phase is not Phase.DISCARD:
        top = view.pile_top
        want = top is not None and joins_meld(view.hand_mask, top)
        return {action_index(draw_choice(view, want_pile=want))}
    if BIG_GIN in view.legal_actions:
        return {action_index(BIG_GIN)}
    cards, _ = best_discards(view.hand_mask, exclude=taken_mask(view))
    return {action_index(ending_action(view, card) or Action.discard(card)) for card in cards}


def _lockstep(preset: str, options: dict, decide, check, *, n: int = 32, seed: int = 0) -> int:
    """Play ``n`` seeded hands on the batch arrays and the engine at once; ``decide`` picks the
    batch's actions, ``check(view, action)`` judges each; a random legal move is played instead
    one time in four, to reach varied positions. Returns the decisions checked."""
    rules = resolve_rules(preset, **options)
    decks = [shuffled_deck(seed=seed * 1000 + i) for i in range(n)]
    dealers = [i % 2 for i in range(n)]
    states = [HandState(rules, dealer=d, deck=k) for d, k in zip(dealers, decks, strict=True)]
    sim = BatchGinRummy(n, rules=rules, auto_reset=False)
    sim.reset(decks=np.array(decks), dealers=np.array(dealers))
    rng, np_rng = random.Random(seed), np.random.default_rng(seed)
    checked = 0
    while not all(state.is_over for state in states):
        live = np.flatnonzero([not s.is_over for s in states])
        chosen = np.zeros(n, dtype=np.int64)
        chosen[live] = decide(sim, live, np_rng)
        for i in live:
            state = states[i]
            check(state.view(state.to_play), int(chosen[i]))
            checked += 1
            if rng.random() < 0.25:
                chosen[i] = rng.choice(np.flatnonzero(sim.mask[i]).tolist())
            state.apply(index_action(int(chosen[i])))
        sim.apply(chosen)
    return checked


STANDARD_RULES = [("classic", {}), ("oklahoma", {}), ("modern", {"last_chance": True}),
                  ("straight", {"big_gin": True}), ("classic", {"eleven_card_deal": True})]


@pytest.mark.parametrize(("preset", "options"), STANDARD_RULES,
                         ids=[f"{p}-{'-'.join(o)}" for p, o in STANDARD_RULES])
def test_rl_vector_standard_plays_the_standard_players_decisions(preset: str,
                                                                 options: dict) -> None:
    player = StandardPlayer(seed=1)

    def check(view, action: int) -> None:
        acceptable = _acceptable_standard(view)
        assert action in acceptable
        assert action_index(player.choose(view)) in acceptable  # the judge is the player's rule

    assert _lockstep(preset, options, standard_actions, check) > 300


def test_rl_vector_standard_breaks_ties_among_every_best_discard() -> None:
    """Like the player, it throws a random card among those leaving the least deadwood."""
    rules = resolve_rules("classic", eleven_card_deal=True)  # the first decision is a discard
    sim = BatchGinRummy(40, rules=rules, auto_reset=False)
    sim.reset(decks=np.array([shuffled_deck(seed=i) for i in range(40)]),
              dealers=np.zeros(40, dtype=np.int64))
    rng = np.random.default_rng(0)
    seen: list[set[int]] = [set() for _ in range(40)]
    for _ in range(40):
        for i, action in enumerate(standard_actions(sim, sim.rows, rng).tolist()):
            seen[i].add(action % 52 if action < KNOCK_BASE else (action - KNOCK_BASE) % 52)
    ties = 0
    for i in range(40):
        state = HandState(rules, dealer=0, deck=shuffled_deck(seed=i))
        cards, _ = best_discards(state.hands[state.to_play])
        assert seen[i] == {(c + DISCARD_BASE) % 52 for c in cards}
        ties += len(cards) > 1
    assert ties >= 10


def test_rl_vector_greedy_draws_as_standard_and_throws_within_its_slack() -> None:
    def check(view, action: int) -> None:
        acceptable = _acceptable_standard(view)
        if view.phase is not Phase.DISCARD or BIG_GIN in view.legal_actions:
            assert action in acceptable
            return
        assert action in {action_index(a) for a in view.legal_actions}
        card = (action - DISCARD_BASE) % 52
        hand = view.hand_mask
        cards, best = best_discards(hand, exclude=taken_mask(view))
        if best <= view.knock_limit:  # it can knock: it throws a best card, and knocks
            assert action in acceptable
        else:
            assert min_deadwood(hand ^ BIT[card]) <= best + GREEDY_SLACK

    assert _lockstep("classic", {}, greedy_actions, check, seed=2) > 300
    assert _lockstep("oklahoma", {}, greedy_actions, check, seed=3) > 300


def test_rl_vector_standard_beats_random() -> None:
    def points(learner: str, opponent: str) -> float:
        from ginrummy.rl.vector_opponents import vector_opponent

        play = vector_opponent(learner)
        envs = GinRummyVectorEnv(256, opponent=opponent, seed=9)
        envs.reset(seed=9)
        total = 0.0
        for _ in range(60):
            sim = envs.sim
            actions = np.zeros(256, dtype=np.int64)
            mine = np.flatnonzero(envs.action_masks().any(axis=1))
            actions[mine] = play(sim, mine, envs._rng)
            total += float(envs.step(actions)[1].sum())
        return total

    assert points("standard", "random") > 20 * 256


@pytest.mark.parametrize("module", ["ginrummy.rl.batch", "ginrummy.rl.vector_env",
                                    "ginrummy.rl.vector_opponents",
                                    "ginrummy.rl.ginrummy_v0"])
def test_rl_vector_doctests(module: str) -> None:
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failures == 0
