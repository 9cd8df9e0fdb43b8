"""``ginrummy serve``: the browser game on a web server (Starlette under uvicorn)."""

from __future__ import annotations

import argparse

from ginrummy.core.errors import GinRummyError
from ginrummy.web.limits import Limits

HELP = "serve the browser game: play the computer, or a friend through an invite link"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for everyone)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", metavar="URL", default=None,
                        help="match store: sqlite:///PATH or postgresql://... "
                        "(default: the SQLite file in the ginrummy data directory)")
    default = Limits()
    parser.add_argument("--message-rate", type=float, default=default.messages_per_second,
                        metavar="N", help="messages per second allowed to each connection "
                        f"(default {default.messages_per_second:g}, "
                        f"bursts of {default.message_burst})")
    parser.add_argument("--max-connections", type=int, default=default.connections_per_address,
                        metavar="N", help="open game sockets allowed per client address "
                        f"(default {default.connections_per_address})")
    parser.add_argument("--games-per-minute", type=int, default=default.games_per_minute,
                        metavar="N", help="new games allowed per client address and minute "
                        f"(default {default.games_per_minute})")
    parser.add_argument("--origin", action="append", default=[], metavar="URL",
                        help="another origin allowed to open game sockets "
                        "(e.g. https://cards.example.org behind a proxy); repeatable")


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn
    except ImportError:
        raise GinRummyError("the web game needs its extra: pip install 'ginrummy[web]'") from None
    if args.message_rate <= 0:
        raise GinRummyError(f"--message-rate must be positive, not {args.message_rate:g}")
    if args.max_connections < 1:
        raise GinRummyError(f"--max-connections must be at least 1, not {args.max_connections}")
    if args.games_per_minute < 1:
        raise GinRummyError(f"--games-per-minute must be at least 1, not {args.games_per_minute}")
    if not 0 < args.port < 65536:
        raise GinRummyError(f"port must be between 1 and 65535, not {args.port}")
    from ginrummy.store import open_store
    from ginrummy.web.server import create_app

    open_store(args.db).close()  # a bad URL or an unreachable database: say so before serving
    limits = Limits(messages_per_second=args.message_rate,
                    connections_per_address=args.max_connections,
                    games_per_minute=args.games_per_minute)
    app = create_app(args.db, limits=limits, allowed_origins=args.origin)
    print(f"ginrummy: serving the game at http://{args.host}:{args.port}/ (Ctrl+C stops)",
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=65536, log_level="warning")
    return 0
