"""Train a small PPO policy to beat the random player, on the CPU, in a few minutes.

    pip install torch                        # the CPU build is enough
    .venv/bin/python examples/train_ppo_vs_random.py --minutes 5

Experience comes from the NumPy batch simulator (the learner in seat 0, a uniformly random
legal opponent in seat 1); the policy masks illegal actions out of its logits. Each decision is
credited with the hand's final points plus a shaping term, the change in the learner's own least
deadwood until its next decision, discounted (PPO with Monte Carlo returns): points alone are too
sparse against random play, where most hands die at the stock wall. Before and after
training it plays the *Gymnasium* environment against our ``random`` player, so the result is
measured on the core engine, not on the simulator it trained in.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from torch import nn

from ginrummy.rl import ginrummy_v0
from ginrummy.rl.batch import (
    BatchGinRummy,
    lanes_of,
    min_deadwood_after_discard_lanes,
    min_deadwood_lanes,
    random_legal_actions,
)
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE

REWARD_SCALE = 1 / 25  # hand points to a scale the value head learns easily
SHAPING = 1 / 10  # reward per point of deadwood shed
GAMMA = 0.9
LEARNER = 0


class Policy(nn.Module):
    def __init__(self, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(OBS_SIZE, hidden), nn.ReLU(),
                                  nn.Linear(hidden, hidden), nn.ReLU())
        self.logits = nn.Linear(hidden, NUM_ACTIONS)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.body(obs)
        logits = self.logits(features).masked_fill(~mask, -1e9)
        return logits, self.value(features).squeeze(-1)


def own_deadwood(obs: np.ndarray) -> np.ndarray:
    """The learner's least deadwood (after its best discard when holding eleven cards)."""
    hands = obs[:, :52] > 0
    lanes = lanes_of(hands)
    eleven = hands.sum(axis=1) == 11
    return np.where(eleven, min_deadwood_after_discard_lanes(lanes), min_deadwood_lanes(lanes))


class Rollouts:
    """Learner decisions waiting for their hand to end, and finished ones ready to train on."""

    def __init__(self, num_envs: int) -> None:
        self.pending: list[list[tuple[np.ndarray, np.ndarray, int, float, float]]] = [
            [] for _ in range(num_envs)]
        self.ready: list[tuple[np.ndarray, np.ndarray, int, float, float]] = []

    def add(self, env: int, obs: np.ndarray, mask: np.ndarray, action: int, logp: float,
            deadwood: float) -> None:
        self.pending[env].append((obs, mask, action, logp, deadwood))

    def finish(self, env: int, reward: float) -> None:
        steps = self.pending[env]
        ret = reward
        returns = []
        for index in range(len(steps) - 1, -1, -1):
            if index + 1 < len(steps):
                ret = (steps[index][4] - steps[index + 1][4]) * SHAPING + GAMMA * ret
            returns.append(ret)
        returns.reverse()
        self.ready.extend((*step[:4], ret) for step, ret in zip(steps, returns, strict=True))
        self.pending[env] = []

    def take(self) -> tuple[torch.Tensor, ...]:
        obs, mask, action, logp, ret = zip(*self.ready, strict=True)
        self.ready = []
        return (torch.as_tensor(np.stack(obs)), torch.as_tensor(np.stack(mask)).bool(),
                torch.as_tensor(action), torch.as_tensor(logp), torch.as_tensor(ret))


def collect(policy: Policy, sim: BatchGinRummy, state: tuple[np.ndarray, np.ndarray],
            rollouts: Rollouts, steps: int, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    obs, mask = state
    for _ in range(steps):
        actions = random_legal_actions(mask, rng)
        mine = np.flatnonzero(sim.to_play == LEARNER)
        with torch.no_grad():
            logits, _ = policy(torch.as_tensor(obs[mine]), torch.as_tensor(mask[mine]).bool())
            dist = torch.distributions.Categorical(logits=logits)
            chosen = dist.sample()
            logps = dist.log_prob(chosen).numpy()
        actions[mine] = chosen.numpy()
        deadwood = own_deadwood(obs[mine]).tolist()
        for env, action, logp, dw in zip(mine.tolist(), chosen.tolist(), logps.tolist(), deadwood,
                                         strict=True):
            rollouts.add(env, obs[env], mask[env], action, logp, dw)
        obs, mask, rewards, done = sim.step(actions)
        for env in np.flatnonzero(done).tolist():
            rollouts.finish(env, float(rewards[env, LEARNER]) * REWARD_SCALE)
    return obs, mask


def update(policy: Policy, optimizer: torch.optim.Optimizer, batch: tuple[torch.Tensor, ...],
           epochs: int = 4, minibatch: int = 2048, clip: float = 0.2) -> None:
    obs, mask, action, old_logp, ret = batch
    with torch.no_grad():  # advantages against the value before this update, normalised once
        advantages = ret - policy(obs, mask)[1]
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    for _ in range(epochs):
        for index in torch.randperm(len(action)).split(minibatch):
            logits, value = policy(obs[index], mask[index])
            dist = torch.distributions.Categorical(logits=logits)
            advantage = advantages[index]
            ratio = torch.exp(dist.log_prob(action[index]) - old_logp[index])
            surrogate = torch.min(ratio * advantage,
                                  ratio.clamp(1 - clip, 1 + clip) * advantage)
            loss = (-surrogate.mean() + 0.5 * (ret[index] - value).pow(2).mean()
                    - 0.01 * dist.entropy().mean())
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()


def evaluate(policy: Policy, hands: int, seed: int) -> dict[str, float]:
    """Hands against our ``random`` player in the Gymnasium env, the policy playing greedily."""
    env = ginrummy_v0.gym_env(opponent="random")
    won = lost = 0
    points = 0.0
    for hand in range(hands):
        obs, info = env.reset(seed=seed + hand)
        done, total = False, 0.0
        while not done:
            mask = torch.as_tensor(info["action_mask"])[None]
            with torch.no_grad():
                logits, _ = policy(torch.as_tensor(obs)[None], mask)
            action = int(logits.argmax())
            obs, reward, done, _, info = env.step(action)
            total += reward
        points += total
        won += total > 0
        lost += total < 0
    decided = max(won + lost, 1)
    return {"win_rate": won / decided, "won": won, "lost": lost, "dead": hands - won - lost,
            "points_per_hand": points / hands}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time budget")
    parser.add_argument("--envs", type=int, default=256, help="hands stepped at once")
    parser.add_argument("--steps", type=int, default=64, help="batch steps per update")
    parser.add_argument("--eval-hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", metavar="FILE.pt", help="save the trained policy")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # small networks: threads only contend
    policy = Policy()
    optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)
    before = evaluate(policy, args.eval_hands, seed=10_000)
    print(f"before: {format_eval(before)}", flush=True)
    sim = BatchGinRummy(args.envs, seed=args.seed)
    state = sim.reset()
    rollouts = Rollouts(args.envs)
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    update_count = 0
    while time.perf_counter() - start < args.minutes * 60:
        state = collect(policy, sim, state, rollouts, args.steps, rng)
        if len(rollouts.ready) < 512:
            continue
        batch = rollouts.take()
        update(policy, optimizer, batch)
        update_count += 1
        if update_count % 10 == 0:
            print(f"{(time.perf_counter() - start) / 60:5.1f} min  update {update_count}  "
                  f"mean shaped return {float(batch[4].mean()):+.2f}", flush=True)
    minutes = (time.perf_counter() - start) / 60
    after = evaluate(policy, args.eval_hands, seed=10_000)
    print(f"after {minutes:.1f} min of training ({update_count} updates): {format_eval(after)}")
    if args.save:
        torch.save(policy.state_dict(), args.save)


def format_eval(result: dict[str, float]) -> str:
    return (f"won {result['won']}, lost {result['lost']}, dead {result['dead']} hands: win rate "
            f"{result['win_rate']:.0%} of decided hands, {result['points_per_hand']:+.1f} "
            "points per hand vs random")


if __name__ == "__main__":
    main()
