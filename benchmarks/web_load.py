"""Many concurrent games over WebSockets on loopback: actions per second and action latency.

    python benchmarks/web_load.py [--store sqlite postgresql] [--games 50 200 500]
                                  [--think 2] [--seconds 30] [--runs 3] [--db URL]

Each run starts a fresh ``ginrummy serve`` on an empty store: SQLite in a temporary directory on
disk, or PostgreSQL in a throwaway cluster this script starts with Debian's binaries (default
settings: fsync and ``synchronous_commit`` on), or the ``--db`` URL. It creates that many games
between friends and opens two WebSockets per game, one per seat, each a scripted client playing
the tests' policy. Once every game has joined, all play for ``--seconds``.

How the seats play decides what is measured:

- ``--think 0`` (closed loop): a seat acts the moment its turn comes. The server is never idle,
  so this gives the most actions per second the machine sustains; the latency then is mostly
  waiting behind the other games' actions, and grows with the number of games by construction.
- ``--think S`` (paced, the default S=2): before each action a seat thinks for a random time,
  uniform between S/2 and 3S/2 seconds, as a person does (2 s on average is brisk for Gin Rummy:
  a draw and a discard each count as one action). N games then offer about N/S actions a second,
  and the latency is what a person at one of N busy tables would feel.

Latency is from sending an action to receiving the new state on the same socket, so it includes
the store's commit. The client runs on the same machine as the server and takes CPU from it;
the server's own CPU time per action (from /proc) is printed too. Rows are the median of
``--runs`` runs; every run's figures are printed first. Not a test: the figures depend on the
machine (see the README's web section).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.client import connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "web"))
from web_fixtures import free_port, policy  # noqa: E402


@dataclass(frozen=True)
class Figures:
    actions: int
    rate: float  # actions per second
    p50: float  # ms
    p99: float  # ms
    server_cpu: float  # ms of server CPU per action
    load: float  # the machine's one-minute load average at the end


@contextmanager
def server(db: str, home: str) -> Iterator[tuple[str, int]]:
    """``ginrummy serve`` with limits wide enough for one address to play every game."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", "serve", "--port", str(port), "--db", db,
         "--message-rate", "1000", "--max-connections", "5000",
         "--games-per-minute", "100000"],
        env=dict(os.environ, GINRUMMY_HOME=home), stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/api/meta", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        yield base, process.pid
    finally:
        process.kill()
        process.wait()


@contextmanager
def postgres_cluster() -> Iterator[Callable[[str], str]]:
    """A throwaway PostgreSQL cluster on a loopback port; yields a function making databases."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    if not bins:
        raise SystemExit("PostgreSQL is not installed (/usr/lib/postgresql/*/bin); "
                         "install Debian's postgresql package or pass --db")
    folder = Path(tempfile.mkdtemp(prefix="ginrummy-bench-pg-"))
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_user:  # PostgreSQL refuses to run as root
        shutil.chown(folder, "postgres")
    port = free_port()

    def pg(*args: str) -> None:
        subprocess.run([*as_user, str(bins[-1] / args[0]), *args[1:]], check=True,
                       capture_output=True, timeout=120)

    def database(name: str) -> str:
        pg("createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "ginrummy", name)
        return f"postgresql://ginrummy@127.0.0.1:{port}/{name}"

    pg("initdb", "-D", str(folder / "data"), "-U", "ginrummy", "--auth=trust", "-E", "UTF8")
    pg("pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "log"), "-w", "start",
       "-o", f"-h 127.0.0.1 -p {port} -k {folder}")
    try:
        yield database
    finally:
        pg("pg_ctl", "-D", str(folder / "data"), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def new_game(base: str) -> dict[str, str]:
    request = urllib.request.Request(f"{base}/api/games", data=b'{"opponent": "friend"}',
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        result: dict[str, str] = json.load(reply)
        return result


class Clock:
    """Starts every game together once all have joined; holds the end of the run."""

    def __init__(self, games: int, seconds: float) -> None:
        self.waiting = games
        self.seconds = seconds
        self.started = asyncio.Event()
        self.start = self.until = 0.0

    def joined(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.start = time.monotonic()
            self.until = self.start + self.seconds
            self.started.set()


async def play(base: str, ids: dict[str, str], clock: Clock, think: float,
               rng: random.Random, latencies: list[float]) -> None:
    """Both seats of one game, each on its own socket, until the run ends or the match does."""
    url = base.replace("http", "ws") + "/ws"
    async with connect(url, max_size=None, open_timeout=120) as first, \
            connect(url, max_size=None, open_timeout=120) as second:
        await first.send(json.dumps({"type": "join", "game": ids["game"], "token": ids["seat"]}))
        await first.recv()
        await second.send(json.dumps({"type": "join", "game": ids["game"],
                                      "token": ids["invite"]}))
        states = {0: json.loads(await first.recv()), 1: json.loads(await second.recv())}
        sockets = {0: first, 1: second}
        clock.joined()
        await clock.started.wait()
        state = states[0]
        while not state["sheet"]["over"]:
            if think:
                await asyncio.sleep(rng.uniform(think / 2, think * 3 / 2))
            if time.monotonic() >= clock.until:
                return
            view = state["view"]
            seat = 0 if view["phase"] == "over" else view["to_play"]
            message = ({"type": "next"} if view["phase"] == "over"
                       else {"type": "action", "action": policy(states[seat]["view"])})
            sent = time.perf_counter()
            await sockets[seat].send(json.dumps({**message, "version": state["version"]}))
            states[seat] = json.loads(await sockets[seat].recv())
            latencies.append(time.perf_counter() - sent)
            states[1 - seat] = json.loads(await sockets[1 - seat].recv())
            state = states[seat]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, all its threads."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(base: str, pid: int, games: int, seconds: float, think: float,
                  seed: int) -> Figures:
    ids = [new_game(base) for _ in range(games)]
    clock = Clock(games, seconds)
    latencies: list[float] = []
    rng = random.Random(seed)
    players = [asyncio.create_task(play(base, one, clock, think, random.Random(rng.random()),
                                        latencies)) for one in ids]
    await clock.started.wait()
    cpu = cpu_seconds(pid)
    await asyncio.gather(*players)
    cpu = cpu_seconds(pid) - cpu
    cuts = statistics.quantiles(latencies, n=100)
    # Every action counted was sent before the end of the run: the rate is per run length.
    return Figures(len(latencies), len(latencies) / seconds, cuts[49] * 1000, cuts[98] * 1000,
                   cpu * 1000 / len(latencies), os.getloadavg()[0])


def median_of(runs: list[Figures]) -> Figures:
    middle = {name: statistics.median(getattr(r, name) for r in runs)
              for name in Figures.__dataclass_fields__}
    return Figures(**{**middle, "actions": round(middle["actions"])})


@contextmanager
def no_cluster() -> Iterator[None]:
    yield None


def row(label: str, games: int, figures: Figures) -> str:
    return (f"{label:<12} {games:>6} {figures.actions:>8} {figures.rate:>10.0f} "
            f"{figures.p50:>8.1f} {figures.p99:>8.1f} {figures.server_cpu:>10.2f} "
            f"{figures.load:>6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", nargs="+", choices=["sqlite", "postgresql"],
                        default=["sqlite"], help="stores to measure (default sqlite)")
    parser.add_argument("--db", default=None, help="a store URL to use instead of --store")
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean think time per action in seconds; 0 for a closed loop")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each run")
    parser.add_argument("--runs", type=int, default=3, help="runs per row (the median is shown)")
    args = parser.parse_args()
    if args.think < 0 or args.seconds <= 0 or args.runs < 1 or min(args.games) < 1:
        parser.error("--think must be >= 0, --seconds > 0, --runs and --games >= 1")
    mode = "closed loop" if args.think == 0 else f"think {args.think / 2:g}-{args.think * 1.5:g} s"
    print(f"{mode}; {args.seconds:g} s a run; median of {args.runs}", flush=True)
    header = (f"{'store':<12} {'games':>6} {'actions':>8} {'actions/s':>10} {'p50 ms':>8} "
              f"{'p99 ms':>8} {'cpu ms/act':>10} {'load':>6}")
    medians: list[str] = []
    print(header)
    for store in [args.db] if args.db else args.store:
        with tempfile.TemporaryDirectory() as home, \
                (postgres_cluster() if store == "postgresql" else no_cluster()) as database:
            for games in args.games:
                runs = []
                for run in range(args.runs):
                    name = f"bench_{games}_{run}"
                    db = (args.db or (database(name) if database
                                      else f"sqlite:///{home}/{name}.sqlite3"))
                    with server(db, home) as (base, pid):
                        runs.append(asyncio.run(measure(base, pid, games, args.seconds,
                                                        args.think, seed=run)))
                    print(row(f"{store.split(':')[0]} #{run + 1}", games, runs[-1]), flush=True)
                medians.append(row(store.split(":")[0], games, median_of(runs)))
    print(f"\nmedians ({mode})\n{header}\n" + "\n".join(medians))


if __name__ == "__main__":
    main()
