"""Self-play data: matches between named players, every decision as training arrays.

A row per decision: the decider's observation and legal-action mask (the encoding of
:mod:`ginrummy.rl.encoding`), the action chosen, the seat, the hand and match it belongs to, and
the hand's return for the decider (its points won minus points lost). Work is cut into shards,
each seeded by (seed, shard index) alone, so the data is the same on one process, many, or Ray.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ginrummy.core.match import Match
from ginrummy.core.rules import Rules
from ginrummy.players.registry import make_player
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE, HandTracker, action_index
from ginrummy.rl.ray_runner import run_jobs

FIELDS = ("obs", "mask", "action", "seat", "hand", "match", "ret")


@dataclass(frozen=True)
class SelfPlayConfig:
    players: tuple[str, str]
    rules: Rules
    matches: int
    seed: int = 0
    matches_per_shard: int = 4


def shard_seed(seed: int, index: int) -> int:
    return random.Random(f"ginrummy-selfplay:{seed}:{index}").getrandbits(63)


def play_shard(players: tuple[str, str], rules: Rules, seed: int, first_match: int,
               matches: int) -> dict[str, np.ndarray]:
    """Play ``matches`` matches dealt from ``seed`` and return their decisions as arrays."""
    rows: dict[str, list[object]] = {name: [] for name in FIELDS}
    hand_id = 0
    for number in range(matches):
        match_seed = random.Random(seed + number).getrandbits(63)
        match = Match.new(rules, seed=match_seed, names=players)
        seated = (make_player(players[0], seed=match_seed),
                  make_player(players[1], seed=match_seed + 1))
        while not match.is_over:
            start = len(rows["ret"])
            tracker = HandTracker(match.state, scores=match.scores, target=rules.target)
            while not match.state.is_over:
                seat = match.state.to_play
                rows["obs"].append(tracker.observe(seat))
                rows["mask"].append(tracker.mask(seat))
                action = seated[seat].choose(match.view(seat))
                rows["action"].append(action_index(action))
                rows["seat"].append(seat)
                rows["ret"].append(0.0)
                tracker.record(match.apply(action))
            result = match.state.result
            assert result is not None
            gain = result.points_for(0) - result.points_for(1)
            for row in range(start, len(rows["ret"])):
                rows["ret"][row] = float(gain if rows["seat"][row] == 0 else -gain)
            rows["hand"].extend([hand_id] * (len(rows["ret"]) - start))
            rows["match"].extend([first_match + number] * (len(rows["ret"]) - start))
            hand_id += 1
            for seat in (0, 1):
                seated[seat].observe(match.view(seat))
            if not match.is_over:
                match.next_hand()
    return _arrays(rows)


def _arrays(rows: dict[str, list[object]]) -> dict[str, np.ndarray]:
    count = len(rows["ret"])
    return {
        "obs": np.asarray(rows["obs"], dtype=np.float32).reshape(count, OBS_SIZE),
        "mask": np.asarray(rows["mask"], dtype=np.int8).reshape(count, NUM_ACTIONS),
        "action": np.asarray(rows["action"], dtype=np.int16),
        "seat": np.asarray(rows["seat"], dtype=np.int8),
        "hand": np.asarray(rows["hand"], dtype=np.int64),
        "match": np.asarray(rows["match"], dtype=np.int64),
        "ret": np.asarray(rows["ret"], dtype=np.float32),
    }


def generate(
    config: SelfPlayConfig,
    *,
    processes: int = 1,
    use_ray: bool = False,
    address: str | None = None,
    on_result: Callable[[int], None] | None = None,
) -> dict[str, np.ndarray]:
    """All shards' decisions, joined in shard order (hand ids numbered across shards)."""
    per = max(config.matches_per_shard, 1)
    jobs = []
    for index, first in enumerate(range(0, config.matches, per)):
        count = min(per, config.matches - first)
        jobs.append((config.players, config.rules, shard_seed(config.seed, index), first, count))
    shards = run_jobs(play_shard, jobs, processes=processes, use_ray=use_ray, address=address,
                      num_cpus=processes if use_ray and not address else None,
                      on_result=on_result)
    joined = {name: np.concatenate([shard[name] for shard in shards]) for name in FIELDS}
    # Number the hands across shards (each shard counts from 0); Ray's arrays are read-only.
    offsets = np.cumsum([0] + [int(s["hand"].max()) + 1 if s["hand"].size else 0
                               for s in shards[:-1]])
    joined["hand"] = joined["hand"] + np.repeat(offsets, [s["hand"].size for s in shards])
    return joined


def save(path: str, data: dict[str, np.ndarray], config: SelfPlayConfig) -> None:
    """Write the arrays and what made them (players, rules, seed) to one ``.npz`` file."""
    np.savez_compressed(
        path, **data,
        players=np.asarray(config.players), rules=np.asarray(str(config.rules)),
        seed=np.asarray(config.seed),
    )
