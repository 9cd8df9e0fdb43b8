"""What the PPO and DQN baselines share: the env, the reward shaping and the network."""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from ginrummy.rl.baselines.mlp import MLPPolicy
from ginrummy.rl.batch import lanes_of, min_deadwood_after_discard_lanes, min_deadwood_lanes
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE

REWARD_SCALE = 1 / 25  # hand points to a scale a value head learns easily
SHAPING = 1 / 25  # potential: minus the learner's own least deadwood, in the same units


def potential(obs: np.ndarray, terminated: np.ndarray | None = None) -> np.ndarray:
    """Minus the learner's least deadwood (after its best discard when it holds eleven cards),
    scaled; 0 at a terminal observation. The shaping ``r + gamma * phi(s') - phi(s)`` is
    potential-based, so it leaves the best policy unchanged (Ng, Harada and Russell, 1999)."""
    hands = obs[:, :52] > 0
    lanes = lanes_of(hands)
    eleven = hands.sum(axis=1) == 11
    deadwood = np.where(eleven, min_deadwood_after_discard_lanes(lanes), min_deadwood_lanes(lanes))
    phi = -SHAPING * deadwood.astype(np.float32)
    if terminated is not None:
        phi[terminated] = 0.0
    return phi


def mlp(hidden: tuple[int, ...], out: int = NUM_ACTIONS) -> nn.Sequential:
    layers: list[nn.Module] = []
    width = OBS_SIZE
    for size in hidden:
        layers += [nn.Linear(width, size), nn.ReLU()]
        width = size
    layers.append(nn.Linear(width, out))
    return nn.Sequential(*layers)


def to_numpy_policy(net: nn.Sequential, kind: str) -> MLPPolicy:
    """The torch MLP's weights as a NumPy :class:`MLPPolicy` (``x @ w + b`` layout)."""
    linears = [m for m in net if isinstance(m, nn.Linear)]
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
              for m in linears]
    return MLPPolicy(layers, kind)


def masked(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(~mask, -1e9)
