"""``ginrummy selfplay``: generate training data from matches between computer players."""

from __future__ import annotations

import argparse
import os

from ginrummy.commands.common import bounded_int, missing_extra, replace_atomically
from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import rules_for
from ginrummy.players.registry import make_player
from ginrummy.rl.ray_runner import add_ray_arguments, uses_ray

MAX_MATCHES = 10**7  # days of work already; a bigger count is a typo, not a plan
MAX_JOBS = 4096
HELP = "generate self-play training data (observations, masks, actions, returns) as .npz"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", default="standard,standard", metavar="A,B",
                        help="the two players, by name (default standard,standard)")
    parser.add_argument("--rules", default="classic", help="rules preset (default classic)")
    parser.add_argument("--matches", type=bounded_int(1, MAX_MATCHES), default=10,
                        help="matches to play (default 10)")
    parser.add_argument("--seed", type=bounded_int(0), default=0,
                        help="seed of the deals (default 0)")
    parser.add_argument("--out", default="selfplay.npz", metavar="FILE.npz",
                        help="where to write the arrays (default selfplay.npz)")
    parser.add_argument("--jobs", type=bounded_int(1, MAX_JOBS), default=os.cpu_count() or 1,
                        help="local worker processes, or Ray CPUs (default: all cores)")
    parser.add_argument("--shard", type=bounded_int(1, MAX_MATCHES), default=4, metavar="MATCHES",
                        help="matches per job (default 4)")
    add_ray_arguments(parser)


def run(args: argparse.Namespace) -> int:
    try:
        from ginrummy.rl.config import resolve_rules
        from ginrummy.rl.selfplay import SelfPlayConfig, generate, save
    except ModuleNotFoundError as error:
        raise missing_extra(error, "self-play") from None

    names = tuple(name.strip() for name in args.players.split(","))
    if len(names) != 2 or not all(names):
        raise GinRummyError(f"--players takes two names separated by a comma, not {args.players!r}")
    for name in names:
        make_player(name, seed=0)  # an unknown name fails here, before any work
    if not args.out.endswith(".npz"):
        raise GinRummyError(f"--out writes a NumPy .npz file; give a name ending in .npz, "
                            f"not {args.out!r}")
    folder = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(folder):
        raise GinRummyError(f"--out: no such folder {folder}")
    config = SelfPlayConfig(players=(names[0], names[1]),
                            rules=resolve_rules(rules_for(args.rules)),
                            matches=args.matches, seed=args.seed, matches_per_shard=args.shard)
    data = generate(config, processes=args.jobs, use_ray=uses_ray(args),
                    address=args.ray_address)
    try:
        replace_atomically(args.out, lambda temporary: save(temporary, data, config),
                           suffix=".npz")  # np.savez adds .npz to a name without it
    except OSError as error:  # a read-only folder, a full disk: hours of work, one clear line
        raise GinRummyError(f"cannot write {args.out}: {error.strerror or error}") from None
    hands = int(data["hand"].max()) + 1 if data["hand"].size else 0
    where = f"Ray {args.ray_address}" if args.ray_address else "Ray" if args.ray else \
        f"{args.jobs} process{'es' if args.jobs > 1 else ''}"
    print(f"wrote {len(data['action'])} decisions from {hands} hands of {args.matches} "
          f"matches ({' vs '.join(names)}, {config.rules.name}) to {args.out} on {where}")
    return 0
