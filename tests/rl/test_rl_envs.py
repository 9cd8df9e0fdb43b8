"""The PettingZoo and Gymnasium environments: API conformance, encoding, rewards, hidden cards."""

from __future__ import annotations

import copy
import pickle
import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import parse_card, parse_cards
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.rules import preset_names, rules_for
from ginrummy.core.state import HandState
from ginrummy.core.views import PlayerView
from ginrummy.players.standard import StandardPlayer
from ginrummy.rl import ginrummy_v0, gym_env
from ginrummy.rl.encoding import (
    DISCARDS,
    KNOCK_BASE,
    NUM_ACTIONS,
    OPPONENT_KNOWN,
    PILE_TOP,
    HandTracker,
    action_index,
    describe_observation,
    encode_view,
    index_action,
)

ENV_OPTIONS = [
    {},
    {"rules": "oklahoma", "episode": "match"},
    {"rules": "straight"},
    {"rules": "modern", "normalize_rewards": True, "last_chance": True},
    {"rules": "hollywood", "episode": "match", "target": 30},
]


@pytest.mark.parametrize("options", ENV_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_rl_pettingzoo_api_and_seed_tests_pass(options: dict[str, object]) -> None:
    api_test(ginrummy_v0.env(**options), num_cycles=300, verbose_progress=False)
    seed_test(lambda: ginrummy_v0.env(**options), num_cycles=300)


def test_rl_gymnasium_env_checker_passes_direct_and_registered() -> None:
    check_env(ginrummy_v0.gym_env(opponent="random"), skip_render_check=True)
    made = gymnasium.make("ginrummy/GinRummy-v0", opponent="random", episode="match", target=20)
    check_env(made.unwrapped, skip_render_check=True)


def test_rl_every_action_index_round_trips() -> None:
    texts = {str(index_action(i)) for i in range(NUM_ACTIONS)}
    assert len(texts) == NUM_ACTIONS
    for i in range(NUM_ACTIONS):
        assert action_index(index_action(i)) == i
    assert action_index(Action.parse("take")) == 0
    assert action_index(Action.parse("discard AC")) == 4
    assert action_index(Action.parse("gin KS")) == 159
    assert action_index(Action.parse("big gin")) == 160
    with pytest.raises(GinRummyError):
        index_action(161)


@pytest.mark.parametrize("preset", preset_names())
def test_rl_fast_observations_equal_the_view_encoding(preset: str) -> None:
    """The env's incremental encoder reads the state; the view encoder sees only the view. They
    agree at every step of every preset, for both players, so no hidden card leaks."""
    rng = random.Random(preset)
    rules = rules_for(preset).replace(players=2)
    for hand in range(4):
        state = HandState.deal(rules, dealer=hand % 2, seed=hand)
        tracker = HandTracker(state)
        while True:
            for player in (0, 1):
                view = state.view(player)
                assert np.array_equal(tracker.observe(player), encode_view(view))
                expected = np.zeros(NUM_ACTIONS, dtype=np.int8)
                expected[[action_index(a) for a in view.legal_actions]] = 1
                assert np.array_equal(tracker.mask(player), expected)
            if state.is_over:
                break
            tracker.record(state.apply(rng.choice(state.legal_actions())))


def test_rl_copied_trackers_follow_their_own_state() -> None:
    """A tracker writes its vectors through memoryviews; a deep copy or a pickle writes its own."""
    rng = random.Random(4)
    state = HandState.deal(rules_for("classic"), dealer=0, seed=4)
    tracker = HandTracker(state)
    for _ in range(6):
        tracker.record(state.apply(rng.choice(state.legal_actions())))
    for other in (copy.deepcopy(tracker), pickle.loads(pickle.dumps(tracker))):
        for _ in range(8):
            other.record(other.state.apply(rng.choice(other.state.legal_actions())))
        for player in (0, 1):
            assert np.array_equal(other.observe(player), encode_view(other.state.view(player)))
            assert np.array_equal(tracker.observe(player), encode_view(state.view(player)))


def test_rl_observation_shows_known_opponent_cards_and_the_pile() -> None:
    # Deck order: cards 0..19 dealt alternately (non-dealer first), 20 the upcard, then stock.
    deck = list(parse_cards(
        "AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D TC TD KH"
    )) + [c for c in range(52) if c not in parse_cards(
        "AC AD 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D TC TD KH")]
    state = HandState(rules_for("classic"), dealer=0, deck=deck)
    tracker = HandTracker(state)
    tracker.record(state.apply(Action.parse("take")))  # non-dealer (1) takes KH
    tracker.record(state.apply(Action.parse("discard TC")))
    dealer_obs = tracker.observe(0)
    assert dealer_obs[OPPONENT_KNOWN + parse_card("KH")] == 1
    assert dealer_obs[PILE_TOP + parse_card("TC")] == 1
    assert dealer_obs[DISCARDS + parse_card("TC")] == 1
    assert dealer_obs[DISCARDS + parse_card("KH")] == 0
    assert tracker.observe(1)[OPPONENT_KNOWN:OPPONENT_KNOWN + 52].sum() == 0
    described = describe_observation(dealer_obs)
    assert described["opponent_known"] == "KH" and described["pile_top"] == "TC"
    assert described["phase"] == "draw" and described["stock_size"] == 31


def _play_random(env: object, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    totals = {"player_0": 0.0, "player_1": 0.0}
    env.reset(seed=seed)  # type: ignore[attr-defined]
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, termination, truncation, _ = env.last()  # type: ignore[attr-defined]
        totals[agent] += reward
        if termination or truncation:
            env.step(None)  # type: ignore[attr-defined]
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))  # type: ignore[attr-defined]
    return totals


def test_rl_hand_rewards_are_the_hand_points_zero_sum() -> None:
    seen_nonzero = False
    for seed in range(30):
        env = ginrummy_v0.raw_env()
        totals = _play_random(env, seed)
        result = env.match.state.result
        assert result is not None
        expected = float(result.points_for(0) - result.points_for(1))
        assert totals == {"player_0": expected, "player_1": -expected}
        seen_nonzero |= expected != 0
    assert seen_nonzero


def test_rl_match_rewards_sum_to_the_final_totals() -> None:
    env = ginrummy_v0.raw_env(episode="match", rules="classic", target=40)
    totals = _play_random(env, 3)
    assert env.match.is_over
    first, second = env.match.totals()
    assert totals == {"player_0": float(first - second), "player_1": float(second - first)}
    assert len(env.match.hands) > 1


def test_rl_normalized_rewards_divide_by_the_target() -> None:
    plain, scaled = ginrummy_v0.raw_env(), ginrummy_v0.raw_env(normalize_rewards=True)
    for seed in range(20):
        assert _play_random(scaled, seed)["player_0"] == pytest.approx(
            _play_random(plain, seed)["player_0"] / 100)


def test_rl_gym_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = ginrummy_v0.gym_env(opponent="random", seat=0)
    obs, info = env.reset(seed=5)
    assert np.array_equal(info["action_mask"], env.action_masks())
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


@pytest.mark.parametrize("opponent", ["random", "standard"])
def test_rl_gym_episode_reward_is_the_learners_hand_points(opponent: str) -> None:
    env = ginrummy_v0.gym_env(opponent=opponent, seat=1)
    rng = random.Random(0)
    for seed in range(10):
        obs, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            obs, reward, done, _, info = env.step(action)
            total += reward
        result = env.game.match.state.result
        assert total == result.points_for(1) - result.points_for(0)


class _ShowsLastOption:
    """The standard player, except that its knocks name the last arrangement worth showing
    (the default is the first), so a dropped show is seen."""

    name = "shows-last-option"

    def __init__(self, seed: int | None = None) -> None:
        self.inner = StandardPlayer(seed=seed)
        self.knocks: list[tuple[Action, Action]] = []  # each knock named, and the default

    def choose(self, view: PlayerView) -> Action:
        action = self.inner.choose(view)
        if action.kind is Kind.KNOCK:
            options = view.show_options(action.card)
            named = action.with_show(options[-1].melds)
            self.knocks.append((named, action.with_show(options[0].melds)))
            return named
        return action

    def observe(self, view: PlayerView) -> None:
        pass


@pytest.mark.parametrize("full_decisions", [False, True])
def test_rl_gym_opponent_knocks_with_the_melds_its_player_names(
    full_decisions: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    players: list[_ShowsLastOption] = []

    def make(name: str, *, seed: int | None = None) -> _ShowsLastOption:
        players.append(_ShowsLastOption(seed))
        return players[-1]

    monkeypatch.setattr(gym_env, "make_player", make)
    env = ginrummy_v0.gym_env(opponent="shows-last-option", full_decisions=full_decisions)
    rng = random.Random(2)
    not_default = 0
    for seed in range(12):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:  # the learner never knocks, so only the opponent shows melds
            legal = np.flatnonzero(info["action_mask"]).tolist()
            plain = [action for action in legal if action < KNOCK_BASE]
            obs, _, done, _, info = env.step(rng.choice(plain or legal))
        knock = env.game.match.state.history[-1]
        if knock.player != env.seat and knock.action.kind is Kind.KNOCK:
            named, default = players[-1].knocks[-1]
            assert knock.action == named
            not_default += named != default
    assert not_default  # some knocks named melds the engine would not have shown


def test_rl_render_ansi_shows_the_table() -> None:
    env = ginrummy_v0.env(render_mode="ansi", rules="oklahoma")
    env.reset(seed=2)
    text = env.render()
    assert "player_0:" in text and "knock limit" in text


def test_rl_bad_options_are_clear_errors() -> None:
    with pytest.raises(GinRummyError, match="episode"):
        ginrummy_v0.raw_env(episode="season")
    with pytest.raises(GinRummyError, match="unknown rules option"):
        ginrummy_v0.raw_env(knock_limt=5)
    with pytest.raises(GinRummyError, match="unknown player"):
        ginrummy_v0.gym_env(opponent="nobody")


def test_rl_match_view_scores_reach_the_observation() -> None:
    match = Match.new(rules_for("classic"), seed=1)
    assert encode_view(match.view(0))[217] == 0.0
