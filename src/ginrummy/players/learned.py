"""The ``learned`` level: a small neural policy trained by reinforcement learning, in NumPy.

Its weights (``players/weights/learned.npz``) are the published PPO baseline trained against
``standard`` on the vector env (docs/research.md, "Baselines"; reproduce with
``python -m ginrummy.rl.baselines.ppo``). Each decision encodes the player's view as the RL
observation, scores every action with the network and plays the best legal one, so it never
plays an illegal move and needs no PyTorch. It was trained on single hands: the match score is
left out of its input. When it knocks, it shows the engine's default arrangement.

The rules do not limit pile draws, and two deterministic players can take each other's
discards forever; after :data:`MAX_PILE_DRAWS` pile draws of its own in a hand it draws from
the stock, so every hand it plays reaches the stock wall.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from ginrummy.core.actions import DRAW_PILE, DRAW_STOCK, Action, Kind
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.rl.baselines.mlp import MLPPolicy
from ginrummy.rl.encoding import action_mask, encode_view, index_action

WEIGHTS = "learned.npz"
MAX_PILE_DRAWS = 15  # its own pile draws in one hand before it keeps to the stock


@cache
def shipped_policy() -> MLPPolicy:
    """The policy in the package's weights file (read once)."""
    with resources.as_file(resources.files("ginrummy.players") / "weights" / WEIGHTS) as path:
        return MLPPolicy.load(path)


class LearnedPlayer(BasePlayer):
    """Plays the greedy action of a trained :class:`MLPPolicy` (the shipped one by default)."""

    name = "learned"

    def __init__(self, *, seed: int | None = None, weights: str | Path | None = None) -> None:
        super().__init__(seed=seed)  # unused: the policy is deterministic
        self.policy = shipped_policy() if weights is None else MLPPolicy.load(weights)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if DRAW_STOCK in legal and _pile_draws(view) >= MAX_PILE_DRAWS:
            legal = tuple(a for a in legal if a != DRAW_PILE)
        if len(legal) == 1:
            return legal[0]
        obs = encode_view(view)[None, :]
        mask = action_mask(legal)[None, :]
        return index_action(int(self.policy.act(obs, mask)[0]))


def _pile_draws(view: PlayerView) -> int:
    return sum(1 for move in view.history
               if move.player == view.player and move.action.kind is Kind.DRAW_PILE)
