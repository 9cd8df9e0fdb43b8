"""Double DQN with action masking against a built-in opponent: the value-based baseline.

    nice -n 10 .venv/bin/python -m ginrummy.rl.baselines.dqn --minutes 15 --seed 1 \\
        --opponent standard --out artifacts/baselines/dqn.npz

Q-learning on ``gymnasium.make_vec("ginrummy/GinRummy-v0")`` (single hands, the learner's seat
drawn per hand), one thread: epsilon-greedy over the legal actions, a replay buffer, n-step
returns, a target network, and the double-DQN target whose next action is the online network's
best *legal* one. Rewards as in PPO: points / 25 plus potential-based deadwood shaping. Steps
whose action the env ignores (the autoreset step after a hand ends) are never stored.
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
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE


@dataclass(frozen=True)
class DQNConfig:
    num_envs: int = 64
    buffer: int = 200_000
    batch: int = 512
    lr: float = 5e-4
    gamma: float = 0.99
    n_step: int = 3
    train_every: int = 1  # env steps (of all envs) per gradient step
    target_every: int = 500  # gradient steps
    warmup: int = 5_000  # transitions before learning starts
    eps_start: float = 1.0
    eps_end: float = 0.05
    eps_steps: int = 400_000  # learner steps over which epsilon decays
    hidden: tuple[int, ...] = (256, 128)


class Replay:
    """A ring buffer of n-step transitions."""

    def __init__(self, size: int) -> None:
        self.size, self.count, self.head = size, 0, 0
        self.obs = np.zeros((size, OBS_SIZE), dtype=np.float32)
        self.act = np.zeros(size, dtype=np.int64)
        self.ret = np.zeros(size, dtype=np.float32)
        self.next_obs = np.zeros((size, OBS_SIZE), dtype=np.float32)
        self.next_mask = np.zeros((size, NUM_ACTIONS), dtype=bool)
        self.discount = np.zeros(size, dtype=np.float32)  # gamma^n, 0 past the hand's end

    def add(self, obs: np.ndarray, act: np.ndarray, ret: np.ndarray, next_obs: np.ndarray,
            next_mask: np.ndarray, discount: np.ndarray) -> None:
        for start in range(0, len(obs), self.size):
            chunk = slice(start, start + self.size)
            m = len(obs[chunk])
            idx = (self.head + np.arange(m)) % self.size
            self.obs[idx], self.act[idx], self.ret[idx] = obs[chunk], act[chunk], ret[chunk]
            self.next_obs[idx], self.next_mask[idx] = next_obs[chunk], next_mask[chunk]
            self.discount[idx] = discount[chunk]
            self.head = (self.head + m) % self.size
            self.count = min(self.count + m, self.size)

    def sample(self, batch: int, rng: np.random.Generator) -> list[torch.Tensor]:
        idx = rng.integers(0, self.count, size=batch)
        return [torch.from_numpy(x[idx]) for x in
                (self.obs, self.act, self.ret, self.next_obs, self.next_mask, self.discount)]


def train(*, minutes: float, seed: int, opponent: str = "standard",
          config: DQNConfig = DQNConfig(), log_every: int = 2000,
          max_gradient_steps: int | None = None) -> tuple[MLPPolicy, dict[str, float]]:
    """Train for ``minutes`` of wall time (or ``max_gradient_steps``); the greedy NumPy policy
    and a few figures."""
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    c = config
    n = c.num_envs
    envs = gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=n, opponent=opponent)
    obs, info = envs.reset(seed=seed)
    mask = info["action_mask"]
    online, target = mlp(c.hidden), mlp(c.hidden)
    target.load_state_dict(online.state_dict())
    optimizer = torch.optim.Adam(online.parameters(), lr=c.lr)
    replay = Replay(c.buffer)
    # Per env, the last n decisions waiting for their n-step return.
    window: list[list[tuple[np.ndarray, int, float]]] = [[] for _ in range(n)]
    resetting = np.zeros(n, dtype=bool)
    start = time.perf_counter()
    steps = hands = grads = 0
    recent: list[float] = []
    while time.perf_counter() - start < minutes * 60 and (max_gradient_steps is None
                                                          or grads < max_gradient_steps):
        eps = max(c.eps_end, c.eps_start - (c.eps_start - c.eps_end) * steps / c.eps_steps)
        with torch.no_grad():
            q = masked(online(torch.from_numpy(obs)), torch.from_numpy(mask)).numpy()
        act = q.argmax(axis=1)
        explore = rng.random(n) < eps
        if explore.any():
            noise = np.where(mask[explore], rng.random((int(explore.sum()), NUM_ACTIONS)), -1.0)
            act[explore] = noise.argmax(axis=1)
        valid = ~resetting
        phi = potential(obs)
        next_obs, reward, terminated, _, info = envs.step(act)
        next_mask = info["action_mask"]
        shaped = reward * REWARD_SCALE + c.gamma * potential(next_obs, terminated) - phi
        _store(replay, window, c, obs, act, shaped, next_obs, next_mask, terminated, valid)
        done = valid & terminated
        recent.extend(reward[done].tolist())
        hands += int(done.sum())
        steps += int(valid.sum())
        resetting = terminated
        obs, mask = next_obs, next_mask
        if replay.count >= c.warmup:
            _learn(online, target, optimizer, replay.sample(c.batch, rng))
            grads += 1
            if grads % c.target_every == 0:
                target.load_state_dict(online.state_dict())
            if log_every and grads % log_every == 0:
                recent = recent[-4000:]
                print(f"grad {grads}  steps {steps}  hands {hands}  eps {eps:.2f}  "
                      f"points/hand (last {len(recent)}) {np.mean(recent):+.2f}  "
                      f"{time.perf_counter() - start:.0f}s", flush=True)
    envs.close()
    recent = recent[-4000:]
    figures = {"gradient_steps": grads, "steps": steps, "hands": hands,
               "seconds": time.perf_counter() - start,
               "recent_points": float(np.mean(recent)) if recent else 0.0}
    return to_numpy_policy(online, "dqn"), figures


def _store(replay: Replay, window: list[list[tuple[np.ndarray, int, float]]], c: DQNConfig,
           obs: np.ndarray, act: np.ndarray, shaped: np.ndarray, next_obs: np.ndarray,
           next_mask: np.ndarray, terminated: np.ndarray, valid: np.ndarray) -> None:
    """Push each valid decision into its env's window; emit n-step transitions that are
    complete (n decisions later, or at the hand's end for every decision left)."""
    out: list[tuple[np.ndarray, int, float, np.ndarray, np.ndarray, float]] = []
    for e in np.flatnonzero(valid).tolist():
        w = window[e]
        w.append((obs[e], int(act[e]), float(shaped[e])))
        if terminated[e]:
            while w:
                out.append(_n_step(w, c.gamma, next_obs[e], next_mask[e], 0.0))
                w.pop(0)
        elif len(w) == c.n_step:
            out.append(_n_step(w, c.gamma, next_obs[e], next_mask[e], c.gamma ** c.n_step))
            w.pop(0)
    if out:
        o, a, r, no, nm, d = zip(*out, strict=True)
        replay.add(np.stack(o), np.asarray(a), np.asarray(r, dtype=np.float32), np.stack(no),
                   np.stack(nm), np.asarray(d, dtype=np.float32))


def _n_step(w: list[tuple[np.ndarray, int, float]], gamma: float, next_obs: np.ndarray,
            next_mask: np.ndarray,
            discount: float) -> tuple[np.ndarray, int, float, np.ndarray, np.ndarray, float]:
    ret = sum(gamma ** i * r for i, (_, _, r) in enumerate(w))
    return w[0][0], w[0][1], ret, next_obs, next_mask, discount


def _learn(online: nn.Sequential, target: nn.Sequential, optimizer: torch.optim.Optimizer,
           batch: list[torch.Tensor]) -> None:
    obs, act, ret, next_obs, next_mask, discount = batch
    with torch.no_grad():
        best = masked(online(next_obs), next_mask).argmax(dim=1, keepdim=True)
        next_q = target(next_obs).gather(1, best).squeeze(1)
        goal = ret + discount * next_q
    q = online(obs).gather(1, act[:, None]).squeeze(1)
    loss = nn.functional.smooth_l1_loss(q, goal)
    optimizer.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(online.parameters(), 10.0)
    optimizer.step()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=15.0, help="wall-clock budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="standard")
    parser.add_argument("--gradient-steps", type=int, default=None,
                        help="stop after this many gradient steps (the reproducible budget)")
    parser.add_argument("--out", required=True, help="where to save the NumPy weights (.npz)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    policy, figures = train(minutes=args.minutes, seed=args.seed, opponent=args.opponent,
                            max_gradient_steps=args.gradient_steps)
    policy.save(args.out)
    print(f"saved {args.out}: " + ", ".join(f"{k} {v:.6g}" for k, v in figures.items())
          + f", CPU {time.process_time() / 60:.1f} min")


if __name__ == "__main__":
    main()
