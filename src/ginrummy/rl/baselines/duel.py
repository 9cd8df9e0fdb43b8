"""Two vectorised deciders on the same deals, seats swapped: hand points with a 95% interval.

Each of ``pairs`` decks is played twice on the batch simulator, A in seat 0 and then A in
seat 1, with the same dealer, so the cards cannot favour either side. A decider is a
:data:`~ginrummy.rl.vector_opponents.VectorOpponent` (the built-in ones, or a policy through
:func:`policy_decider`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ginrummy.core.cards import NUM_CARDS
from ginrummy.rl.batch import OVER, BatchGinRummy
from ginrummy.rl.vector_opponents import VectorOpponent

Z95 = 1.959964
# Nothing in the rules stops two players from taking each other's discards forever (OpenSpiel
# caps pile draws; our engine does not), so a hand still running after this many moves is
# stopped, scored 0 and counted as stuck. Hands that draw from the stock end well before.
MAX_MOVES = 400


@dataclass(frozen=True, slots=True)
class DuelResult:
    """A's view of ``pairs`` mirrored deals (``2 * pairs`` hands)."""

    pairs: int
    points_per_hand: float  # A's points less B's, per hand
    interval: tuple[float, float]  # its 95% interval, over the pairs' sums
    hands_won: int  # by A
    hands_lost: int
    dead: int
    stuck: int = 0  # hands stopped after MAX_MOVES (scored 0, counted among the dead)

    @property
    def win_rate(self) -> float:
        """A's share of the hands that were won (dead hands left out)."""
        decided = self.hands_won + self.hands_lost
        return self.hands_won / decided if decided else 0.5

    def line(self) -> str:
        low, high = self.interval
        return (f"{self.points_per_hand:+7.2f} points/hand  95% CI [{low:+.2f}, {high:+.2f}]  "
                f"hands won {self.win_rate:.1%} ({self.hands_won}-{self.hands_lost}, "
                f"{self.dead} dead{f', {self.stuck} stuck' if self.stuck else ''}) over {self.pairs} "
                f"mirrored pairs")


def play_hands(sim: BatchGinRummy, deciders: tuple[VectorOpponent, VectorOpponent],
               rngs: tuple[np.random.Generator, np.random.Generator]) -> np.ndarray:
    """Play every dealt hand of ``sim`` to its end, seat ``s`` deciding with ``deciders[s]``;
    returns which hands got stuck (see :data:`MAX_MOVES`: their points are 0, winner -1)."""
    sim.update_mask()
    for _ in range(MAX_MOVES):
        live = sim.phase != OVER
        if not live.any():
            break
        actions = np.zeros(sim.n, dtype=np.int64)
        for seat in (0, 1):
            rows = np.flatnonzero(live & (sim.to_play == seat))
            if rows.size:
                actions[rows] = deciders[seat](sim, rows, rngs[seat])
        sim.apply(actions, active=live)
    stuck = sim.phase != OVER
    sim.points[stuck] = 0
    sim.winner[stuck] = -1
    return stuck


def duel(a: VectorOpponent, b: VectorOpponent, *, pairs: int, seed: int,
         rules: str = "classic") -> DuelResult:
    """A against B over ``pairs`` mirrored deals drawn from ``seed``."""
    if pairs < 2:
        raise ValueError("a duel needs at least two pairs for an interval")
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(NUM_CARDS), (pairs, 1)), axis=1)
    dealers = rng.integers(0, 2, size=pairs)
    margins = np.zeros(pairs)
    won = lost = dead = stuck = 0
    for seat_a in (0, 1):
        sim = BatchGinRummy(pairs, rules=rules, auto_reset=False)
        sim.reset(decks=decks, dealers=dealers)
        deciders = (a, b) if seat_a == 0 else (b, a)
        streams = np.random.default_rng([seed, seat_a]).spawn(2)
        stuck += int(play_hands(sim, deciders, (streams[0], streams[1])).sum())
        points = sim.points
        margin = points[:, seat_a] - points[:, 1 - seat_a]
        margins += margin
        won += int((sim.winner == seat_a).sum())
        lost += int((sim.winner == 1 - seat_a).sum())
        dead += int((sim.winner < 0).sum())
    mean = float(margins.mean()) / 2
    half = Z95 * float(margins.std(ddof=1)) / math.sqrt(pairs) / 2
    return DuelResult(pairs, mean, (mean - half, mean + half), won, lost, dead, stuck)
