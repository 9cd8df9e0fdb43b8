"""What the environments tell at a hand's end (``infos["outcome"]``, ``"match"``) and ``state()``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ginrummy.core.cards import format_cards, from_mask
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import rules_for
from ginrummy.rl import ginrummy_v0
from ginrummy.rl.encoding import OBS_SIZE, describe_observation

AGENTS = ("player_0", "player_1")
CLASSIC = rules_for("classic")


Play = tuple[dict[str, float], dict[str, dict[str, Any]], list[dict[str, Any]]]


def play_collecting_infos(env: Any, seed: int) -> Play:
    """Random legal play to the episode's end: each agent's rewards, each agent's info at its
    end, and player_0's non-empty infos in order (one per hand it saw end)."""
    rng = random.Random(seed)
    totals = dict.fromkeys(AGENTS, 0.0)
    finals: dict[str, dict[str, Any]] = {}
    seen: list[dict[str, Any]] = []
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if agent == "player_0" and info and (not seen or info is not seen[-1]):
            seen.append(info)
        if termination or truncation:
            finals[agent] = info
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals, finals, seen


def expected_points(outcome: dict[str, Any]) -> int:
    """The hand's points from its own deadwoods under classic rules (RULES §6, §8)."""
    deadwood = outcome["deadwood"]
    if outcome["kind"] == "dead":
        return 0
    knocker = outcome["knocker"]
    defender = AGENTS[1 - AGENTS.index(knocker)]
    if outcome["kind"] == "gin":
        return deadwood[defender] + CLASSIC.gin_bonus
    if outcome["kind"] == "big_gin":
        return deadwood[defender] + CLASSIC.big_gin_bonus
    if outcome["kind"] == "undercut":
        return deadwood[knocker] - deadwood[defender] + CLASSIC.undercut_bonus
    return deadwood[defender] - deadwood[knocker]


def test_rl_hand_end_infos_give_the_outcome_both_agents_agree_with_the_rewards() -> None:
    kinds = set()
    for seed in range(40):
        env = ginrummy_v0.raw_env()
        totals, finals, _ = play_collecting_infos(env, seed)
        result = env.match.state.result
        first, second = (finals[agent]["outcome"] for agent in AGENTS)
        assert first == second
        outcome = first
        kinds.add(outcome["kind"])
        assert outcome["kind"] == result.outcome
        assert outcome["points"] == expected_points(outcome)
        if outcome["winner"] is None:
            assert totals == dict.fromkeys(AGENTS, 0.0) and outcome["kind"] == "dead"
        else:
            loser = AGENTS[1 - AGENTS.index(outcome["winner"])]
            assert totals[outcome["winner"]] == outcome["points"] == -totals[loser]
        if outcome["kind"] == "dead":
            for seat, agent in enumerate(AGENTS):
                assert outcome["deadwood"][agent] == min_deadwood(result.hands[seat])
        else:
            assert outcome["deadwood"][outcome["knocker"]] <= env.match.state.knock_limit
    assert {"knock", "dead"} <= kinds  # random play ends both ways within 40 deals


def test_rl_infos_are_empty_until_a_hand_ends() -> None:
    env = ginrummy_v0.raw_env()
    env.reset(seed=2)
    rng = random.Random(2)
    while not env.terminations["player_0"]:
        assert env.infos == {agent: {} for agent in AGENTS}
        obs = env.observe(env.agent_selection)
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert "outcome" in env.infos["player_0"]


def test_rl_match_episode_infos_carry_each_hand_and_the_match_score() -> None:
    env = ginrummy_v0.raw_env(episode="match", target=40)
    _, _, infos = play_collecting_infos(env, 5)
    hands = [info for info in infos if "outcome" in info]
    assert len(hands) == len(env.match.hands) > 1
    assert [info["match"]["hands"] for info in hands] == list(range(1, len(hands) + 1))
    assert all(not info["match"]["over"] for info in hands[:-1])
    final = hands[-1]["match"]
    assert final["over"] and final["winner"] == AGENTS[env.match.winner]
    assert final["totals"] == dict(zip(AGENTS, env.match.totals(), strict=True))
    scores = [0, 0]
    for info in hands:
        outcome = info["outcome"]
        if outcome["winner"] is not None:
            scores[AGENTS.index(outcome["winner"])] += outcome["points"]
        assert info["match"]["scores"] == dict(zip(AGENTS, scores, strict=True))


def test_rl_gym_info_carries_the_outcome_at_the_end_only() -> None:
    env = ginrummy_v0.gym_env(opponent="standard", seat=0)
    rng = random.Random(1)
    for seed in range(8):
        _, info = env.reset(seed=seed)
        assert "outcome" not in info
        done, total = False, 0.0
        while not done:
            _, reward, done, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
            total += reward
            assert ("outcome" in info) == done
        outcome = info["outcome"]
        won = outcome["points"] if outcome["winner"] == "player_0" else -outcome["points"]
        assert total == (0 if outcome["winner"] is None else won)


def test_rl_state_is_both_observations_and_holds_both_hands() -> None:
    env = ginrummy_v0.raw_env()
    env.reset(seed=9)
    state = env.state()
    assert state.shape == env.state_space.shape == (2 * OBS_SIZE,)
    assert env.state_space.contains(state)
    assert np.array_equal(state[:OBS_SIZE], env.observe("player_0")["observation"])
    assert np.array_equal(state[OBS_SIZE:], env.observe("player_1")["observation"])
    for seat in (0, 1):
        own = describe_observation(state[seat * OBS_SIZE:(seat + 1) * OBS_SIZE])["hand"]
        assert own == format_cards(sorted(from_mask(env.match.state.hands[seat])))
