"""The learning baselines' table: trained policies against the reference players, with 95% CIs.

    # the vectorised opponents against `standard` on the batch simulator (mirrored deals)
    nice -n 10 .venv/bin/python benchmarks/rl_baselines.py opponents --pairs 20000 --seed 0
    # policies (NumPy weights) against random, standard, openspiel-simple and expert
    nice -n 10 .venv/bin/python benchmarks/rl_baselines.py evaluate \\
        ppo=artifacts/baselines/ppo.npz dqn=artifacts/baselines/dqn.npz \\
        --pairs 20000 --matches 40 --expert-matches 20 --seed 0
    # train both from a seed first, then evaluate them (about 2 x MINUTES of wall time more)
    nice -n 10 .venv/bin/python benchmarks/rl_baselines.py train --minutes 15 --seed 1 \\
        --out artifacts/baselines

``opponents`` and the first half of ``evaluate`` play hands on the batch simulator: each deck
twice with the seats swapped; the interval is over the pairs' point margins. The second half
of ``evaluate`` plays mirrored matches to 100 (classic rules) through the tournament arena,
the policy as a ``learned`` player with the given weights; the interval is Wilson's over the
matches. ``shipped`` names the package's own weights.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ginrummy.core.rules import rules_for
from ginrummy.players.arena import run_pairs
from ginrummy.players.learned import LearnedPlayer, shipped_policy
from ginrummy.players.registry import register
from ginrummy.players.report import summarize
from ginrummy.rl.baselines.duel import duel
from ginrummy.rl.baselines.mlp import MLPPolicy
from ginrummy.rl.vector_opponents import OPPONENTS

BATCH_OPPONENTS = ("random", "standard", "lookahead")
ARENA_OPPONENTS = ("random", "standard", "openspiel-simple", "expert")


def opponents(pairs: int, seed: int) -> None:
    print(f"vectorised opponents vs standard: {pairs} mirrored deals (classic), seed {seed}")
    for name in ("greedy", "lookahead"):
        start = time.perf_counter()
        result = duel(OPPONENTS[name], OPPONENTS["standard"], pairs=pairs, seed=seed)
        print(f"  {name:9} vs standard  {result.line()}  {time.perf_counter() - start:.0f} s",
              flush=True)


def evaluate(specs: list[str], *, pairs: int, matches: int, expert_matches: int, seed: int,
             jobs: int) -> None:
    rules = rules_for("classic")
    for spec in specs:
        label, _, path = spec.partition("=")
        policy = shipped_policy() if path in ("", "shipped") else MLPPolicy.load(path)
        print(f"{label} ({path or 'shipped'}, {policy.kind}), seed {seed}", flush=True)
        for name in BATCH_OPPONENTS:
            start = time.perf_counter()
            result = duel(policy.decider(), OPPONENTS[name], pairs=pairs, seed=seed)
            print(f"  hands   vs {name:16} {result.line()}  {time.perf_counter() - start:.0f} s",
                  flush=True)
        player = f"baseline-{label}"
        weights = None if path in ("", "shipped") else path
        register(player, lambda s, w=weights: LearnedPlayer(seed=s, weights=w))
        for name in ARENA_OPPONENTS:
            count = expert_matches if name == "expert" else matches
            if count < 2:
                continue
            start = time.perf_counter()
            results = run_pairs(player, name, rules, pairs=count // 2, seed=seed, jobs=jobs)
            s = summarize(results, name_a=player, name_b=name, rules="classic", seed=seed)
            low, high = s["ci95"]
            print(f"  matches vs {name:16} won {s['wins_a']}/{s['matches']} = "
                  f"{s['win_rate_a']:.1%} (95% CI {low:.1%}-{high:.1%}), points/hand "
                  f"{s['points_per_hand_a']:.2f} vs {s['points_per_hand_b']:.2f}, "
                  f"{s['hands']} hands, forfeits {len(s['forfeits'])}, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)


def train(minutes: float, seed: int, out: Path) -> None:
    import torch

    from ginrummy.rl.baselines import dqn, ppo

    torch.set_num_threads(1)
    out.mkdir(parents=True, exist_ok=True)
    for name, module in (("ppo", ppo), ("dqn", dqn)):
        start = time.process_time()
        policy, figures = module.train(minutes=minutes, seed=seed, opponent="standard")
        policy.save(out / f"{name}.npz")
        print(f"{name}: {figures}, CPU {(time.process_time() - start) / 60:.1f} min",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    opp = commands.add_parser("opponents")
    opp.add_argument("--pairs", type=int, default=20000)
    opp.add_argument("--seed", type=int, default=0)
    ev = commands.add_parser("evaluate")
    ev.add_argument("policies", nargs="*", default=["learned=shipped"],
                    help="LABEL=PATH.npz (PATH 'shipped' for the package's weights)")
    ev.add_argument("--pairs", type=int, default=20000, help="mirrored deals per batch row")
    ev.add_argument("--matches", type=int, default=40, help="arena matches per opponent (even)")
    ev.add_argument("--expert-matches", type=int, default=20)
    ev.add_argument("--seed", type=int, default=0)
    ev.add_argument("--jobs", type=int, default=1)
    tr = commands.add_parser("train")
    tr.add_argument("--minutes", type=float, default=15.0, help="wall time per method")
    tr.add_argument("--seed", type=int, default=1)
    tr.add_argument("--out", type=Path, default=Path("artifacts/baselines"))
    args = parser.parse_args()
    if args.command == "opponents":
        opponents(args.pairs, args.seed)
    elif args.command == "evaluate":
        evaluate(args.policies, pairs=args.pairs, matches=args.matches,
                 expert_matches=args.expert_matches, seed=args.seed, jobs=args.jobs)
    else:
        train(args.minutes, args.seed, args.out)


if __name__ == "__main__":
    main()
