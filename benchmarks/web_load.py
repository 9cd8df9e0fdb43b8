"""Many concurrent games over WebSockets on loopback: actions per second and action latency.

    python benchmarks/web_load.py [--games 50 200 500] [--db URL] [--seconds 20]

Starts ``ginrummy serve`` (SQLite in a temporary directory unless ``--db`` is given), then
plays that many games at once, both seats of each driven by a scripted client over its own
WebSocket (two sockets a game). Latency is from sending an action to receiving the new state.
Not a test: the figures depend on the machine (see the README's web section).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "web"))
from web_fixtures import free_port, policy  # noqa: E402


def start_server(db: str, home: str) -> tuple[str, subprocess.Popen[bytes]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", "serve", "--port", str(port), "--db", db,
         "--message-rate", "1000", "--max-connections", "5000",
         "--games-per-minute", "100000"],
        env=dict(os.environ, GINRUMMY_HOME=home))
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/api/meta", timeout=1).close()
            return base, process
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def new_game(base: str) -> dict[str, str]:
    request = urllib.request.Request(f"{base}/api/games", data=b'{"opponent": "friend"}',
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        result: dict[str, str] = json.load(reply)
        return result


async def play(base: str, ids: dict[str, str], until: float, latencies: list[float]) -> None:
    url = base.replace("http", "ws") + "/ws"
    async with connect(url, max_size=None, open_timeout=120) as first, \
            connect(url, max_size=None, open_timeout=120) as second:
        await first.send(json.dumps({"type": "join", "game": ids["game"], "token": ids["seat"]}))
        await first.recv()
        await second.send(json.dumps({"type": "join", "game": ids["game"],
                                      "token": ids["invite"]}))
        states = {0: json.loads(await first.recv()), 1: json.loads(await second.recv())}
        sockets = {0: first, 1: second}
        state = states[0]
        while time.monotonic() < until and not state["sheet"]["over"]:
            view = state["view"]
            seat = 0 if view["phase"] == "over" else view["to_play"]
            mine = states[seat]
            message = ({"type": "next"} if view["phase"] == "over"
                       else {"type": "action", "action": policy(mine["view"])})
            sent = time.perf_counter()
            await sockets[seat].send(json.dumps({**message, "version": state["version"]}))
            states[seat] = json.loads(await sockets[seat].recv())
            latencies.append(time.perf_counter() - sent)
            states[1 - seat] = json.loads(await sockets[1 - seat].recv())
            state = states[seat]


async def run(base: str, games: int, seconds: float) -> tuple[int, float, float, float]:
    ids = [new_game(base) for _ in range(games)]
    latencies: list[float] = []
    start = time.monotonic()
    until = start + seconds
    await asyncio.gather(*(play(base, one, until, latencies) for one in ids))
    elapsed = time.monotonic() - start
    cuts = statistics.quantiles(latencies, n=100)
    return len(latencies), len(latencies) / elapsed, cuts[49] * 1000, cuts[98] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--db", default=None, help="store URL (default: SQLite in a temp dir)")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        db = args.db or f"sqlite:///{home}/bench.sqlite3"
        base, server = start_server(db, home)
        try:
            print(f"store: {db.split(':')[0]}; {args.seconds:g} s per run")
            print(f"{'games':>6} {'actions':>8} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8}")
            for games in args.games:
                count, rate, p50, p99 = asyncio.run(run(base, games, args.seconds))
                print(f"{games:>6} {count:>8} {rate:>10.0f} {p50:>8.1f} {p99:>8.1f}", flush=True)
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
