"""``ginrummy serve``: the browser game on a web server (Starlette under uvicorn)."""

from __future__ import annotations

import argparse

from ginrummy.core.errors import GinRummyError

HELP = "serve the browser game: play the computer, or a friend through an invite link"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for everyone)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", metavar="URL", default=None,
                        help="match store: sqlite:///PATH or postgresql://... "
                        "(default: the SQLite file in the ginrummy data directory)")
    parser.add_argument("--origin", action="append", default=[], metavar="URL",
                        help="another origin allowed to open game sockets "
                        "(e.g. https://cards.example.org behind a proxy); repeatable")


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn
    except ImportError:
        raise GinRummyError("the web game needs its extra: pip install 'ginrummy[web]'") from None
    if not 0 < args.port < 65536:
        raise GinRummyError(f"port must be between 1 and 65535, not {args.port}")
    from ginrummy.store import open_store
    from ginrummy.web.server import create_app

    open_store(args.db).close()  # a bad URL or an unreachable database: say so before serving
    app = create_app(args.db, allowed_origins=args.origin)
    print(f"ginrummy: serving the game at http://{args.host}:{args.port}/ (Ctrl+C stops)",
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=65536, log_level="warning")
    return 0
