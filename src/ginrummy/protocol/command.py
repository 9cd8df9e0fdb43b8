"""``ginrummy bot PLAYER``: one of our players as a protocol process (docs/protocol.md)."""

from __future__ import annotations

import argparse
import io
import sys

HELP = "run a computer player as a bot speaking the ginrummy-bot/1 protocol on stdin/stdout"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ginrummy.players.registry import player_names

    parser.add_argument("player", help=f"the player to run: one of {', '.join(player_names())}")
    parser.add_argument(
        "--seed", type=int, default=None, help="seed its randomness (default: the host's seed)"
    )


def run(args: argparse.Namespace) -> int:
    from ginrummy.players.registry import make_player
    from ginrummy.protocol.server import BotSession, serve

    if args.player.startswith("cmd:"):
        from ginrummy.core.errors import GinRummyError

        raise GinRummyError("a bot runs one of our players, not another cmd: bot")
    make_player(args.player)  # an unknown name fails here, before any protocol traffic
    session = BotSession(lambda seed: make_player(args.player, seed=seed), seed=args.seed)
    replies = sys.stdout
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # undecodable bytes become a JSON error reply
    sys.stdout = sys.stderr  # anything a player prints goes to the log, never into the protocol
    try:
        return serve(session, sys.stdin, replies)
    finally:
        sys.stdout = replies
