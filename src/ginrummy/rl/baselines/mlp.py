"""A small masked MLP policy in NumPy: what the baselines save and what the ``learned`` player
plays with, without PyTorch.

The weights live in an ``.npz`` file: ``w0, b0, w1, b1, ...`` for the hidden layers (ReLU
after each) and ``w_out, b_out`` for the action scores, one per action index of
:mod:`ginrummy.rl.encoding`; ``kind`` says which method produced them (logits or Q-values:
either way the policy plays the best-scored legal action).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ginrummy.rl.batch import BatchGinRummy
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE
from ginrummy.rl.vector_opponents import VectorOpponent

MATCH_SCORES = slice(217, 219)  # the observation's match score entries (see the encoding)


class MLPPolicy:
    """Greedy action choice from a masked MLP's scores."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], kind: str = "ppo") -> None:
        if not layers:
            raise ValueError("a policy needs at least its output layer")
        if layers[0][0].shape[0] != OBS_SIZE or layers[-1][0].shape[1] != NUM_ACTIONS:
            raise ValueError(f"a policy maps {OBS_SIZE} observation values to {NUM_ACTIONS} "
                             f"action scores, not {layers[0][0].shape[0]} to "
                             f"{layers[-1][0].shape[1]}")
        self.layers = [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers]
        self.kind = kind

    @classmethod
    def load(cls, path: str | Path) -> MLPPolicy:
        with np.load(path) as data:
            hidden = sum(1 for key in data.files if key.startswith("w") and key[1:].isdigit())
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(hidden)]
            layers.append((data["w_out"], data["b_out"]))
            kind = str(data["kind"]) if "kind" in data.files else "ppo"
        return cls(layers, kind)

    def save(self, path: str | Path) -> None:
        arrays: dict[str, np.ndarray] = {}
        for i, (w, b) in enumerate(self.layers[:-1]):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        arrays["w_out"], arrays["b_out"] = self.layers[-1]
        np.savez_compressed(path, kind=np.asarray(self.kind), **arrays)

    def scores(self, obs: np.ndarray) -> np.ndarray:
        """``[M, 161]`` action scores for observations ``[M, 219]`` (match scores ignored: the
        baselines train on single hands)."""
        x = np.array(obs, dtype=np.float32, ndmin=2)
        x[:, MATCH_SCORES] = 0.0
        for w, b in self.layers[:-1]:
            x = np.maximum(x @ w + b, 0.0)
        w, b = self.layers[-1]
        return x @ w + b

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The best-scored legal action of each row (``mask [M, 161]``, nonzero = legal)."""
        scores = np.where(np.asarray(mask, dtype=bool), self.scores(obs), -np.inf)
        return scores.argmax(axis=1)

    def decider(self) -> VectorOpponent:
        """This policy as a vector-env opponent (and a duel side): it sees only the observation
        of the player to act."""

        def decide(sim: BatchGinRummy, rows: np.ndarray, rng: np.random.Generator) -> np.ndarray:
            return self.act(sim.observe(rows=rows), sim.mask[rows])

        return decide
