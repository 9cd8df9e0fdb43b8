"""``ginrummy tournament A B``: mirrored matches between two players, with a report.

Every deal sequence is played twice with the seats swapped, so luck of the cards cancels out.
``--matches N`` plays N matches to the target (N/2 mirrored pairs) on ``--jobs`` processes; the
outcome depends only on the players, the rules and ``--seed``, never on ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from typing import TextIO

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import Rules, rules_for
from ginrummy.players.arena import DEFAULT_MOVE_TIMEOUT, check_player, run_pairs
from ginrummy.players.registry import player_names
from ginrummy.players.report import format_report, plot_summary, summarize
from ginrummy.rl.ray_runner import add_ray_arguments, run_pairs_ray, uses_ray

HELP = "play mirrored matches between two players and report win rate, points, gins and timings"
BAR_WIDTH = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    names = ", ".join(player_names())
    parser.add_argument("player_a", metavar="PLAYER_A", help=f"one of {names}, or cmd:COMMAND")
    parser.add_argument("player_b", metavar="PLAYER_B", help="the opponent, named the same way")
    parser.add_argument("--rules", default="eaai", help="rules preset (default: eaai)")
    parser.add_argument("--matches", type=int, default=100,
                        help="matches to play, an even number: each deal sequence is played "
                             "twice with seats swapped (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: all cores)")
    parser.add_argument("--move-timeout", type=float, default=DEFAULT_MOVE_TIMEOUT,
                        metavar="SECONDS",
                        help=f"a slower decision forfeits the match (default {DEFAULT_MOVE_TIMEOUT:g})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw a chart (needs matplotlib)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_ray_arguments(parser)


def run(args: argparse.Namespace) -> int:
    rules = _checked_rules(args.rules)
    if args.matches < 2 or args.matches % 2:
        raise GinRummyError(
            f"--matches must be an even number of at least 2 (mirrored pairs), not {args.matches}"
        )
    if args.jobs < 1:
        raise GinRummyError(f"--jobs must be at least 1, not {args.jobs}")
    if args.move_timeout <= 0:
        raise GinRummyError(f"--move-timeout must be positive, not {args.move_timeout:g}")
    for name in (args.player_a, args.player_b):
        check_player(name)
    if args.plot:
        _check_plot_path(args.plot)
    pairs = args.matches // 2
    bar = None if args.no_progress else ProgressBar(pairs, sys.stderr)
    runner = partial(run_pairs_ray, address=args.ray_address) if uses_ray(args) else run_pairs
    results = runner(
        args.player_a, args.player_b, rules, pairs=pairs, seed=args.seed, jobs=args.jobs,
        move_timeout=args.move_timeout, on_result=None if bar is None else bar.update,
    )
    summary = summarize(results, name_a=args.player_a, name_b=args.player_b, rules=rules.name,
                        seed=args.seed)
    if args.plot:
        plot_summary(summary, args.plot)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_report(summary))
        if args.plot:
            print(f"chart written to {args.plot}")
    return 0


def _checked_rules(name: str) -> Rules:
    rules = rules_for(name)
    if rules.players != 2:
        raise GinRummyError(f"the {rules.name} rules are for {rules.players} players; "
                            "the tournament plays two-player matches")
    return rules


def _check_plot_path(path: str) -> None:
    if not path.lower().endswith(".png"):
        raise GinRummyError(f"--plot writes a PNG file; give a name ending in .png, not {path!r}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise GinRummyError(f"--plot: no such folder {folder}")


class ProgressBar:
    """A plain-text bar redrawn in place on stderr: ``[#####-----] 12/40 pairs``."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.update(0)

    def update(self, done: int) -> None:
        filled = BAR_WIDTH * done // self.total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        end = "\n" if done == self.total else ""
        self.stream.write(f"\r[{bar}] {done}/{self.total} mirrored pairs{end}")
        self.stream.flush()
