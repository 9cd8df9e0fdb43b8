"""``ginrummy tournament A B [C [D]]``: matches between players, dealt fairly, with a report.

Two players: every deal sequence is played twice with the seats swapped, so luck of the cards
cancels out. ``--matches N`` plays N matches to the target (N/2 mirrored pairs) on ``--jobs``
processes; the outcome depends only on the players, the rules and ``--seed``, never on
``--jobs``.

Three players (``--rules three-player``, the default for three names) and four
(``--rules partnership``, the default for four) play each deal sequence in every seating
(:mod:`ginrummy.players.table_arena`): three players in all 6 orders round the table; four in
every split into two partnerships (A+C v B+D, A+B v C+D, A+D v B+C), each rotated through
the four seats, 12 seatings, or with ``--fixed-teams`` only A+C v B+D in its 4 rotations.
``--matches`` is then a multiple of the seatings. The report gives each player's match wins
with a 95% interval, its wins by seat, points, hands won, gins and undercuts per hand it
played.

A tournament in which no match got through a single hand (a ``cmd:`` bot that cannot start,
say, forfeits every match) is a failure: one line on stderr and exit status 2, not a report.
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
from ginrummy.players.arena import DEFAULT_MOVE_TIMEOUT, GameResult, check_player, run_pairs
from ginrummy.players.registry import player_names
from ginrummy.players.report import (
    format_report,
    format_table_report,
    plot_summary,
    plot_table_summary,
    summarize,
    summarize_table,
)
from ginrummy.players.table_arena import TableGame, play_job, round_jobs, run_rounds, seatings
from ginrummy.protocol.client import DECISION_TIME_ENV, MATCH_TIME_ENV, env_seconds
from ginrummy.rl.ray_runner import add_ray_arguments, run_jobs, run_pairs_ray, uses_ray

HELP = ("play mirrored matches between two players (or every seating of three or four) and "
        "report win rate, points, gins and timings")
BAR_WIDTH = 30
DEFAULT_MATCHES = 100
MAX_MATCHES = 1_000_000  # days of play even for the fastest players
MAX_JOBS = 1024
DEFAULT_RULES = {2: "eaai", 3: "three-player", 4: "partnership"}
GameOutcome = GameResult | TableGame


EPILOG = (
    "Three or four players: each deal sequence is played in every seating, so every player "
    "holds every seat's cards equally often. Three players sit in all 6 orders round the "
    "table. Four play every split into partnerships, A+C v B+D, A+B v C+D and A+D v B+C, each "
    "rotated through the four seats (12 seatings), so every player partners and faces every "
    "other equally often and its wins are its own; --fixed-teams plays only A+C v B+D (4 "
    "seatings). The report gives each player's match wins with a 95% interval, its wins by "
    "seat, points, hands won, gins and undercuts per hand it played, and in a partnership "
    "each split's score. A player that raises, makes an illegal move or is too slow forfeits "
    "the match: a partnership's other team wins it; of three players, the better of the "
    "other two by the totals so far."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    names = ", ".join(player_names())
    parser.add_argument("player_a", metavar="PLAYER_A", help=f"one of {names}, or cmd:COMMAND")
    parser.add_argument("player_b", metavar="PLAYER_B", help="the opponent, named the same way")
    parser.add_argument("more_players", metavar="PLAYER_C", nargs="*",
                        help="a third player (three-player rules) and a fourth (partnership "
                             "rules), named the same way")
    parser.add_argument("--rules",
                        help="rules preset (default: eaai for two players, three-player for "
                             "three, partnership for four)")
    parser.add_argument("--matches", type=int,
                        help="matches to play (default 100). Two players: an even number, "
                             "each deal sequence is played twice with seats swapped. Three: a "
                             "multiple of 6, each deal sequence in all 6 orders round the "
                             "table. Four: a multiple of 12, each deal sequence in every "
                             "split into partnerships (A+C v B+D, A+B v C+D, A+D v B+C) "
                             "rotated through the seats, or of 4 with --fixed-teams. For three "
                             "or four the default is the first multiple from 100 up")
    parser.add_argument("--fixed-teams", action="store_true",
                        help="partnership: A and C always partner against B and D")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: all cores)")
    parser.add_argument("--move-timeout", type=float, default=None, metavar="SECONDS",
                        help="a slower decision forfeits the match (default "
                             f"{DEFAULT_MOVE_TIMEOUT:g}, or ${DECISION_TIME_ENV} when that is "
                             "longer; a cmd: bot is cut off at the shorter of this and "
                             f"${DECISION_TIME_ENV})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw a chart (needs matplotlib)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_ray_arguments(parser)


def run(args: argparse.Namespace) -> int:
    names = [args.player_a, args.player_b, *args.more_players]
    if len(names) > 2:
        return _run_table(args, names)
    if args.fixed_teams:
        raise GinRummyError("--fixed-teams is for partnership tournaments of four players")
    rules = _checked_rules(args.rules or DEFAULT_RULES[2])
    if args.matches is None:
        args.matches = DEFAULT_MATCHES
    _check_matches(args.matches, 2)
    if args.matches < 2 or args.matches % 2:
        raise GinRummyError(
            f"--matches must be an even number of at least 2 (mirrored pairs), not {args.matches}"
        )
    _check_common(args, [args.player_a, args.player_b])
    pairs = args.matches // 2
    bar = None if args.no_progress else ProgressBar(pairs, sys.stderr)
    runner = partial(run_pairs_ray, address=args.ray_address) if uses_ray(args) else run_pairs
    results = runner(
        args.player_a, args.player_b, rules, pairs=pairs, seed=args.seed, jobs=args.jobs,
        move_timeout=args.move_timeout, on_result=None if bar is None else bar.update,
    )
    _check_played([game for pair in results for game in pair.games])
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


def _run_table(args: argparse.Namespace, names: list[str]) -> int:
    """Three-player and partnership tournaments: every seating of each deal sequence."""
    if len(names) > 4:
        raise GinRummyError(f"at most four players sit at a table (three-player rules seat "
                            f"three, partnership rules four), not {len(names)}")
    rules = rules_for(args.rules or DEFAULT_RULES[len(names)])
    if rules.players != len(names):
        wanted = DEFAULT_RULES[len(names)]
        raise GinRummyError(f"{len(names)} players need the {wanted} rules; the {rules.name} "
                            f"rules are for {rules.players} players")
    if args.fixed_teams and len(names) != 4:
        raise GinRummyError("--fixed-teams is for partnership tournaments of four players")
    per_round = len(seatings(len(names), fixed_teams=args.fixed_teams))
    matches = args.matches
    if matches is None:
        matches = -(-DEFAULT_MATCHES // per_round) * per_round
    _check_matches(matches, per_round)
    if matches < per_round or matches % per_round:
        how = {3: "all 6 orders of the three round the table",
               4: "its 4 rotations of A+C v B+D" if args.fixed_teams else
                  "every split into partnerships, each in 4 rotations"}[len(names)]
        raise GinRummyError(
            f"--matches must be a multiple of {per_round} for {len(names)} players (each deal "
            f"sequence is played in {how}), not {matches}"
        )
    _check_common(args, names)
    rounds = matches // per_round
    bar = None if args.no_progress else ProgressBar(rounds, sys.stderr, unit="deal sequences")
    on_result = None if bar is None else bar.update
    if uses_ray(args):
        work = round_jobs(names, rules, rounds=rounds, seed=args.seed,
                          fixed_teams=args.fixed_teams, move_timeout=args.move_timeout)
        results = run_jobs(play_job, work, use_ray=True, address=args.ray_address,
                           num_cpus=None if args.ray_address else args.jobs, on_result=on_result)
    else:
        results = run_rounds(names, rules, rounds=rounds, seed=args.seed, jobs=args.jobs,
                             fixed_teams=args.fixed_teams, move_timeout=args.move_timeout,
                             on_result=on_result)
    _check_played([game for round_ in results for game in round_.games])
    summary = summarize_table(results, names=names, rules=rules.name, seed=args.seed,
                              fixed_teams=args.fixed_teams)
    if args.plot:
        plot_table_summary(summary, args.plot)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_table_report(summary))
        if args.plot:
            print(f"chart written to {args.plot}")
    return 0


def _check_matches(matches: int, least: int) -> None:
    """No matches or too many, whatever the multiple the seatings need (checked after)."""
    if matches > MAX_MATCHES:
        raise GinRummyError(f"--matches must be at most {MAX_MATCHES}, not {matches}")
    if matches < 1:
        raise GinRummyError(f"--matches must be at least {least}, not {matches}")


def _check_common(args: argparse.Namespace, names: list[str]) -> None:
    """The checks of every tournament; also settles ``args.move_timeout``."""
    if args.jobs < 1:
        raise GinRummyError(f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs > MAX_JOBS:
        raise GinRummyError(f"--jobs must be at most {MAX_JOBS}, not {args.jobs}")
    args.move_timeout = _move_timeout(args.move_timeout)
    for name in dict.fromkeys(names):
        check_player(name)
    if args.plot:
        _check_plot_path(args.plot)


def _move_timeout(given: float | None) -> float:
    """The arena's limit per decision: --move-timeout, else the default, stretched to a longer
    $GINRUMMY_BOT_DECISION_TIME (a bot given 30 s must not be cut off at 10). The bot variables
    are read here, so a bad value is one error now rather than a forfeit in every match."""
    bot_time = env_seconds(DECISION_TIME_ENV)
    env_seconds(MATCH_TIME_ENV)
    if given is None:
        return max(DEFAULT_MOVE_TIMEOUT, bot_time or 0.0)
    if not given > 0:  # also refuses nan
        raise GinRummyError(f"--move-timeout must be a positive number of seconds, not {given:g}")
    return given


def _check_played(games: list[GameOutcome]) -> None:
    """A tournament in which no match got through a hand played nothing: say why, and fail."""
    if games and all(game.forfeit is not None and game.hands == 0 for game in games):
        raise GinRummyError(f"no match could be played: {games[0].forfeit}")


def _checked_rules(name: str) -> Rules:
    rules = rules_for(name)
    if rules.players != 2:
        extra = " C" if rules.players == 3 else " C D"
        raise GinRummyError(f"the {rules.name} rules are for {rules.players} players; name "
                            f"{rules.players}: ginrummy tournament A B{extra} --rules "
                            f"{rules.name}")
    return rules


def _check_plot_path(path: str) -> None:
    if not path.lower().endswith(".png"):
        raise GinRummyError(f"--plot writes a PNG file; give a name ending in .png, not {path!r}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise GinRummyError(f"--plot: no such folder {folder}")


class ProgressBar:
    """A plain-text bar redrawn in place on stderr: ``[#####-----] 12/40 mirrored pairs``."""

    def __init__(self, total: int, stream: TextIO, *, unit: str = "mirrored pairs") -> None:
        self.total = total
        self.stream = stream
        self.unit = unit
        self.update(0)

    def update(self, done: int) -> None:
        filled = BAR_WIDTH * done // self.total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        end = "\n" if done == self.total else ""
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.unit}{end}")
        self.stream.flush()
