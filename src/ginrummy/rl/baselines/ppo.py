"""PPO against a built-in opponent on the vector env: the published PPO baseline.

    nice -n 10 .venv/bin/python -m ginrummy.rl.baselines.ppo --minutes 15 --seed 1 \\
        --opponent standard --out artifacts/baselines/ppo.npz

Clipped PPO with GAE on ``gymnasium.make_vec("ginrummy/GinRummy-v0")`` (single hands, the
learner's seat drawn per hand), one thread. The policy masks illegal actions out of its logits;
rewards are the hand's points / 25 plus potential-based deadwood shaping (see
:mod:`ginrummy.rl.baselines.common`). The env autoresets on the next step, whose action is
ignored: those steps are left out of the loss. The trained policy is saved as NumPy weights
(:class:`~ginrummy.rl.baselines.mlp.MLPPolicy`), greedy at play.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import gymnasium
import numpy as np
import torch
from torch import nn

from ginrummy.rl import ginrummy_v0  # noqa: F401  (registers the env)
from ginrummy.rl.baselines.common import REWARD_SCALE, masked, mlp, potential, to_numpy_policy
from ginrummy.rl.baselines.mlp import MLPPolicy


@dataclass(frozen=True)
class PPOConfig:
    num_envs: int = 256
    steps: int = 32  # per env per update
    epochs: int = 4
    minibatch: int = 2048
    lr: float = 3e-4
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    hidden: tuple[int, ...] = (256, 128)


class ActorCritic(nn.Module):
    def __init__(self, hidden: tuple[int, ...]) -> None:
        super().__init__()
        self.actor = mlp(hidden)
        self.critic = mlp(hidden, out=1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return masked(self.actor(obs), mask), self.critic(obs).squeeze(-1)


def train(*, minutes: float, seed: int, opponent: str = "standard",
          config: PPOConfig = PPOConfig(), log_every: int = 20,
          max_updates: int | None = None) -> tuple[MLPPolicy, dict[str, float]]:
    """Train for ``minutes`` of wall time (or ``max_updates``); the greedy NumPy policy and a
    few figures (updates, learner steps, hands, mean shaped-free hand reward of the last
    updates)."""
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    c = config
    envs = gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=c.num_envs, opponent=opponent)
    obs, info = envs.reset(seed=seed)
    mask = info["action_mask"]
    resetting = np.zeros(c.num_envs, dtype=bool)
    net = ActorCritic(c.hidden)
    optimizer = torch.optim.Adam(net.parameters(), lr=c.lr, eps=1e-5)
    start = time.perf_counter()
    updates = steps = hands = 0
    recent: list[float] = []
    n, t_len = c.num_envs, c.steps
    while time.perf_counter() - start < minutes * 60 and (max_updates is None
                                                          or updates < max_updates):
        buf_obs = np.zeros((t_len, n, obs.shape[1]), dtype=np.float32)
        buf_mask = np.zeros((t_len, n, mask.shape[1]), dtype=bool)
        buf_act = np.zeros((t_len, n), dtype=np.int64)
        buf_logp = np.zeros((t_len, n), dtype=np.float32)
        buf_val = np.zeros((t_len + 1, n), dtype=np.float32)
        buf_rew = np.zeros((t_len, n), dtype=np.float32)
        buf_term = np.zeros((t_len, n), dtype=bool)
        buf_valid = np.zeros((t_len, n), dtype=bool)
        for t in range(t_len):
            with torch.no_grad():
                logits, value = net(torch.from_numpy(obs), torch.from_numpy(mask))
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
            act = action.numpy()
            valid = ~resetting
            phi = potential(obs)
            next_obs, reward, terminated, _, info = envs.step(act)
            next_phi = potential(next_obs, terminated)
            buf_obs[t], buf_mask[t], buf_act[t] = obs, mask, act
            buf_logp[t] = dist.log_prob(action).numpy()
            buf_val[t] = value.numpy()
            buf_rew[t] = reward * REWARD_SCALE + c.gamma * next_phi - phi
            buf_term[t], buf_valid[t] = terminated, valid
            done = valid & terminated
            recent.extend(reward[done].tolist())
            hands += int(done.sum())
            steps += int(valid.sum())
            resetting = terminated
            obs, mask = next_obs, info["action_mask"]
        with torch.no_grad():
            buf_val[t_len] = net(torch.from_numpy(obs), torch.from_numpy(mask))[1].numpy()
        advantages = np.zeros((t_len, n), dtype=np.float32)
        gae = np.zeros(n, dtype=np.float32)
        for t in range(t_len - 1, -1, -1):
            live = ~buf_term[t]
            delta = buf_rew[t] + c.gamma * buf_val[t + 1] * live - buf_val[t]
            gae = delta + c.gamma * c.lam * gae * live
            gae = np.where(buf_valid[t], gae, 0.0)
            advantages[t] = gae
        returns = advantages + buf_val[:t_len]
        keep = buf_valid.reshape(-1)
        data = [torch.from_numpy(np.ascontiguousarray(x.reshape(t_len * n, *x.shape[2:])[keep]))
                for x in (buf_obs, buf_mask, buf_act, buf_logp, advantages, returns)]
        _update(net, optimizer, data, c, rng)
        updates += 1
        recent = recent[-4000:]
        if log_every and updates % log_every == 0:
            print(f"update {updates}  steps {steps}  hands {hands}  "
                  f"points/hand (last {len(recent)}) {np.mean(recent) if recent else 0:+.2f}  "
                  f"{time.perf_counter() - start:.0f}s", flush=True)
    envs.close()
    figures = {"updates": updates, "steps": steps, "hands": hands,
               "seconds": time.perf_counter() - start,
               "recent_points": float(np.mean(recent)) if recent else 0.0}
    return to_numpy_policy(net.actor, "ppo"), figures


def _update(net: ActorCritic, optimizer: torch.optim.Optimizer, data: list[torch.Tensor],
            c: PPOConfig, rng: np.random.Generator) -> None:
    obs, mask, act, old_logp, adv, ret = data
    size = len(obs)
    for _ in range(c.epochs):
        order = torch.from_numpy(rng.permutation(size))
        for begin in range(0, size, c.minibatch):
            idx = order[begin:begin + c.minibatch]
            logits, value = net(obs[idx], mask[idx])
            dist = torch.distributions.Categorical(logits=logits)
            logp = dist.log_prob(act[idx])
            a = adv[idx]
            a = (a - a.mean()) / (a.std() + 1e-8)
            ratio = torch.exp(logp - old_logp[idx])
            policy_loss = -torch.min(ratio * a, ratio.clamp(1 - c.clip, 1 + c.clip) * a).mean()
            value_loss = (value - ret[idx]).pow(2).mean()
            loss = policy_loss + c.value_coef * value_loss - c.entropy * dist.entropy().mean()
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimizer.step()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=15.0, help="wall-clock budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="standard")
    parser.add_argument("--updates", type=int, default=None,
                        help="stop after this many updates (the reproducible budget)")
    parser.add_argument("--envs", type=int, default=PPOConfig.num_envs)
    parser.add_argument("--out", required=True, help="where to save the NumPy weights (.npz)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    policy, figures = train(minutes=args.minutes, seed=args.seed, opponent=args.opponent,
                            config=PPOConfig(num_envs=args.envs), max_updates=args.updates)
    policy.save(args.out)
    print(f"saved {args.out}: " + ", ".join(f"{k} {v:.6g}" for k, v in figures.items())
          + f", CPU {time.process_time() / 60:.1f} min")


if __name__ == "__main__":
    main()
