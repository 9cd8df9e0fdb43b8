"""``ginrummy serve``: the browser game on a web server (Starlette under uvicorn)."""

from __future__ import annotations

import argparse
import math
import socket

from ginrummy.commands.common import missing_extra
from ginrummy.core.errors import GinRummyError
from ginrummy.web.limits import Limits

MAX_COUNT = 10**9  # a limit past this is no limit; bigger numbers are typos
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
    if not (math.isfinite(args.message_rate) and 0 < args.message_rate <= MAX_COUNT):
        raise GinRummyError(f"--message-rate must be positive and at most {MAX_COUNT}, not "
                            f"{args.message_rate:g}")  # nan would pass a plain <= 0 check
    for flag, value in (("--max-connections", args.max_connections),
                        ("--games-per-minute", args.games_per_minute)):
        if not 1 <= value <= MAX_COUNT:
            raise GinRummyError(f"{flag} must be at least 1 and at most {MAX_COUNT}, not {value}")
    if not 0 < args.port < 65536:
        raise GinRummyError(f"port must be between 1 and 65535, not {args.port}")
    from ginrummy.store import open_store

    try:
        from ginrummy.web.server import create_app
    except ModuleNotFoundError as error:  # uvicorn without starlette, say
        raise missing_extra(error, "the web game") from None

    _check_can_listen(args.host, args.port)  # else uvicorn logs an ERROR line and exits 3
    open_store(args.db).close()  # a bad URL or an unreachable database: say so before serving
    limits = Limits(messages_per_second=args.message_rate,
                    connections_per_address=args.max_connections,
                    games_per_minute=args.games_per_minute)
    app = create_app(args.db, limits=limits, allowed_origins=args.origin)
    print(f"ginrummy: serving the game at http://{args.host}:{args.port}/ (Ctrl+C stops)",
          flush=True)
    # h11 whether or not httptools is installed: it refuses a header block still incomplete
    # past 16 KiB before the app sees it (the app's RequestLimits bounds complete ones)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=65536, log_level="warning",
                http="h11", h11_max_incomplete_event_size=16384)
    return 0


def _check_can_listen(host: str, port: int) -> None:
    """Refuse a host that does not resolve or a port already taken, before saying 'serving'."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port,
                                                             type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind(address)
    except (OSError, UnicodeError) as error:  # UnicodeError: a host name IDNA cannot encode
        reason = getattr(error, "strerror", None) or str(error)
        raise GinRummyError(f"cannot listen on {host}:{port}: {reason}") from None
