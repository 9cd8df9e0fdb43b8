"""The learning baselines: short smoke runs of PPO and DQN, the NumPy policy they save, the
n-step returns and the mirrored duel."""

from __future__ import annotations

import numpy as np
import pytest

from ginrummy.rl.baselines.duel import duel
from ginrummy.rl.baselines.mlp import MLPPolicy
from ginrummy.rl.batch import BatchGinRummy
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE
from ginrummy.rl.vector_opponents import random_actions, standard_actions


def _random_policy(seed: int, hidden: int = 16) -> MLPPolicy:
    rng = np.random.default_rng(seed)
    return MLPPolicy([(rng.normal(size=(OBS_SIZE, hidden)), rng.normal(size=hidden)),
                      (rng.normal(size=(hidden, NUM_ACTIONS)), rng.normal(size=NUM_ACTIONS))])


def test_policy_plays_only_legal_actions_and_its_best_scored_one() -> None:
    policy = _random_policy(0)
    sim = BatchGinRummy(50, seed=1)
    obs, mask = sim.reset()
    actions = policy.act(obs, mask)
    assert mask[np.arange(50), actions].all()
    scores = policy.scores(obs)
    for row in range(50):
        legal = np.flatnonzero(mask[row])
        assert scores[row, actions[row]] == scores[row, legal].max()


def test_policy_ignores_the_match_score_entries() -> None:
    policy = _random_policy(1)
    obs = np.zeros((1, OBS_SIZE), dtype=np.float32)
    shifted = obs.copy()
    shifted[0, 217:219] = (1.5, 0.3)
    assert np.array_equal(policy.scores(obs), policy.scores(shifted))


def test_policy_round_trips_through_its_npz_file(tmp_path) -> None:
    policy = _random_policy(2)
    policy.kind = "dqn"
    path = tmp_path / "p.npz"
    policy.save(path)
    loaded = MLPPolicy.load(path)
    obs = np.random.default_rng(3).random((5, OBS_SIZE), dtype=np.float32)
    assert np.allclose(loaded.scores(obs), policy.scores(obs), atol=1e-5)
    assert loaded.kind == "dqn"


def test_policy_refuses_weights_of_the_wrong_shape() -> None:
    with pytest.raises(ValueError, match="219 observation values to 161"):
        MLPPolicy([(np.zeros((10, 161)), np.zeros(161))])
    with pytest.raises(ValueError, match="output layer"):
        MLPPolicy([])


def test_duel_of_a_deterministic_policy_with_itself_is_exactly_even() -> None:
    """Mirrored deals: the same deterministic player in both seats plays each deal twice
    identically with the seats swapped, so every pair's margin is zero."""
    decide = _random_policy(4).decider()
    result = duel(decide, decide, pairs=40, seed=5)
    assert result.points_per_hand == 0.0
    assert result.interval == (0.0, 0.0)
    assert result.hands_won == result.hands_lost


def test_duel_standard_beats_random_by_a_wide_margin() -> None:
    result = duel(standard_actions, random_actions, pairs=100, seed=6)
    assert result.interval[0] > 20  # standard wins about 49 points a hand from random
    assert result.win_rate > 0.9
    assert result.hands_won + result.hands_lost + result.dead == 200


def test_duel_needs_two_pairs() -> None:
    with pytest.raises(ValueError, match="two pairs"):
        duel(standard_actions, random_actions, pairs=1, seed=0)


def test_dqn_n_step_returns_stop_at_the_hands_end() -> None:
    pytest.importorskip("torch")
    from ginrummy.rl.baselines.dqn import DQNConfig, Replay, _store

    config = DQNConfig(num_envs=1, n_step=2, gamma=0.5)
    replay = Replay(16)
    window: list = [[]]
    obs = [np.full((1, OBS_SIZE), i, dtype=np.float32) for i in range(4)]
    mask = np.ones((1, NUM_ACTIONS), dtype=bool)
    for step, (reward, end) in enumerate([(1.0, False), (2.0, False), (4.0, True)]):
        _store(replay, window, config, obs[step], np.array([step]), np.array([reward]),
               obs[step + 1], mask, np.array([end]), np.array([True]))
    assert replay.count == 3
    # step 0: 1 + 0.5 * 2, then bootstrap from obs 2 with 0.5 ** 2
    assert replay.ret[0] == pytest.approx(2.0) and replay.discount[0] == pytest.approx(0.25)
    assert replay.next_obs[0, 0] == 2
    # steps 1 and 2 end with the hand: no bootstrap
    assert replay.ret[1] == pytest.approx(2 + 0.5 * 4) and replay.discount[1] == 0
    assert replay.ret[2] == pytest.approx(4.0) and replay.discount[2] == 0
    assert list(replay.act[:3]) == [0, 1, 2]


def test_ppo_smoke_run_saves_a_legal_numpy_policy(tmp_path) -> None:
    torch = pytest.importorskip("torch")
    from ginrummy.rl.baselines import ppo

    torch.set_num_threads(1)
    config = ppo.PPOConfig(num_envs=16, steps=8, minibatch=64, epochs=1, hidden=(32,))
    policy, figures = ppo.train(minutes=1, seed=0, config=config, max_updates=2, log_every=0)
    assert figures["updates"] == 2 and figures["steps"] > 0
    path = tmp_path / "ppo.npz"
    policy.save(path)
    loaded = MLPPolicy.load(path)
    assert loaded.kind == "ppo"
    result = duel(loaded.decider(), random_actions, pairs=4, seed=1)  # plays legally throughout
    assert result.hands_won + result.hands_lost + result.dead == 8


def test_dqn_smoke_run_learns_and_saves_a_numpy_policy(tmp_path) -> None:
    torch = pytest.importorskip("torch")
    from ginrummy.rl.baselines import dqn

    torch.set_num_threads(1)
    config = dqn.DQNConfig(num_envs=8, buffer=2000, batch=32, warmup=64, target_every=5,
                           hidden=(32,))
    policy, figures = dqn.train(minutes=1, seed=0, config=config, max_gradient_steps=12,
                                log_every=0)
    assert figures["gradient_steps"] == 12
    assert policy.kind == "dqn"
    obs, mask = BatchGinRummy(20, seed=2).reset()
    assert mask[np.arange(20), policy.act(obs, mask)].all()
