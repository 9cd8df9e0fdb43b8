"""Shared helpers of the web tests: a fast server app, a policy to drive seats, a PostgreSQL."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.core.actions import Kind
from ginrummy.core.cards import NUM_CARDS, Card, format_card, from_mask, parse_card, parse_cards
from ginrummy.core.match import Match
from ginrummy.core.multirecord import write_match_record
from ginrummy.core.state import HandState
from ginrummy.store import open_store
from ginrummy.web.games import Game
from ginrummy.web.limits import Limits
from ginrummy.web.server import create_app

UNLIMITED = Limits(messages_per_second=1e6, message_burst=10**6, connections_per_address=1000,
                   games_per_minute=10**6)
PG_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))


def fast_dir() -> str:
    """A tmpfs directory when there is one: SQLite's fsync per action is slow on disks."""
    return "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> Iterator[str]:
    folder = Path(tempfile.mkdtemp(dir=fast_dir()))
    yield f"sqlite:///{folder}/web.sqlite3"
    shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def client(store_url: str, limits: Limits = UNLIMITED) -> Iterator[TestClient]:
    """A test client; sockets opened with :func:`join` close before the server stops."""
    with TestClient(create_app(store_url, limits=limits)) as test_client, ExitStack() as stack:
        test_client.sockets = stack  # type: ignore[attr-defined]
        yield test_client


def join(test_client: TestClient, game: Any, token: Any, **headers: str) -> Any:
    """A WebSocket that has asked to join ``game`` with ``token``."""
    ws = test_client.sockets.enter_context(  # type: ignore[attr-defined]
        test_client.websocket_connect("/ws", headers=dict(headers)))
    ws.send_json({"type": "join", "game": game, "token": token})
    return ws


def create(test_client: TestClient, opponent: str = "friend", **options: str) -> dict[str, str]:
    reply = test_client.post("/api/games", json={"name": "Ann", "friend": "Bob",
                                                  "opponent": opponent, "rules": "classic",
                                                  "options": options})
    assert reply.status_code == 200, reply.text
    return reply.json()


def stacked_deck(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A deck dealing these hands (one card at a time, non-dealer first, RULES §3.3), then the
    upcard, then ``stock`` from the top down; the unnamed cards fill the bottom of the stock."""
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    deck = [card for pair in zip(first, second, strict=True) for card in pair]
    deck += [parse_card(upcard), *parse_cards(stock)]
    return deck + [c for c in range(NUM_CARDS) if c not in deck]


# RULES §6.2, a knock with a choice: seat 0 (the non-dealer) holds this; both pass the upcard,
# seat 0 draws KH and may knock throwing it. Worth showing, default first:
#   AC 2C 3C | 2S 3S 4S 5S (deadwood 7: AD 2D 4H), 2C 2D 2S | 3S 4S 5S (9), AC 2C 3C | 3S 4S 5S (9)
KNOCKER = "3S AD 4H 2D 5S 2C 3C AC 2S 4S"
KNOCK_SHOWS = ["AC 2C 3C | 2S 3S 4S 5S", "2C 2D 2S | 3S 4S 5S", "AC 2C 3C | 3S 4S 5S"]
DEFENDER = "KC QD JS 9C 7D 6H TC 8S 5D 9H"  # nothing to do with the upcard 3H: it passes


def stack_first_hand(game: Game, deck: list[Card], *, seed: int = 7) -> str:
    """Redeal ``game`` (two players, nothing played yet) from ``deck`` with seat 1 dealing, as
    if it had been dealt so; returns its record. The store gets it with the next save (a hub
    on the caller's thread may :meth:`GameHub.save` it at once)."""
    match = Match(game.match.rules, first_dealer=1, seed=seed, names=game.match.names)
    match.replace_deck(deck)
    game.match = match
    game.saved_record = write_match_record(match)
    return game.saved_record


def policy(view: dict[str, Any]) -> str:
    """A quick sensible player for driving seats: end the hand when allowed, else a legal move
    that prefers drawing from the stock and throwing the highest card."""
    legal = view["legal_actions"]
    for prefix in ("big gin", "gin ", "knock "):
        ending = [a for a in legal if a.startswith(prefix)]
        if ending:
            return ending[0]
    for name in ("pass", "draw stock"):
        if name in legal:
            return name
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        return max(discards, key=lambda a: "A23456789TJQK".index(a.split()[1][0]))
    return legal[0]


def post_game(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a game on a live server through its JSON API."""
    request = urllib.request.Request(f"{base}/api/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        result: dict[str, Any] = json.load(reply)
        return result


class People:
    """The people's seats of one game on a live server, each on its own WebSocket, with the
    last state each got."""

    def __init__(self, base: str, game: str, tokens: list[str]) -> None:
        from websockets.sync.client import connect

        self.stack = ExitStack()
        self.sockets: list[Any] = []
        self.latest: list[dict[str, Any]] = []
        for token in tokens:
            ws = self.stack.enter_context(connect(base.replace("http", "ws") + "/ws",
                                                  open_timeout=10))
            ws.send(json.dumps({"type": "join", "game": game, "token": token}))
            self.sockets.append(ws)
            self.latest.append({})
            self._receive()  # each join is broadcast to everyone already there

    @property
    def state(self) -> dict[str, Any]:
        return self.latest[0]

    def _receive(self) -> None:
        for index, ws in enumerate(self.sockets):
            self.latest[index] = reply = json.loads(ws.recv(timeout=10))
            assert reply["type"] == "state", reply

    def move(self) -> None:
        """The person whose turn it is acts; when nobody is to act the deal is over: deal."""
        mover = next((i for i, s in enumerate(self.latest) if s["view"]["legal_actions"]), 0)
        state = self.latest[mover]
        message = ({"type": "action", "action": policy(state["view"])}
                   if state["view"]["legal_actions"] else {"type": "next"})
        self.sockets[mover].send(json.dumps({**message, "version": state["version"]}))
        self._receive()

    def close(self) -> None:
        self.stack.close()


def hidden_at(state: HandState, viewer: int | None) -> set[str]:
    """Cards the hand player ``viewer`` (None: a watcher, or someone not at this table) must not
    see: the stock always, and until the hand ends every card of another hand not taken face up."""
    hidden = {format_card(c) for c in state.stock}
    if state.is_over:
        return hidden
    face_up = {format_card(m.card) for m in state.history
               if m.card is not None and m.action.kind in (Kind.TAKE, Kind.DRAW_PILE)}
    for player in (0, 1):
        if player != viewer:
            hidden |= {format_card(c) for c in from_mask(state.hands[player])} - face_up
    return hidden


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def live_server(store_url: str, home: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``ginrummy serve`` in a child process on a free loopback port. Its log goes to a file (a
    pipe nobody reads could fill and stop the server) and is printed when the server stops, so
    that a failing test's captured output shows it."""
    port = free_port()
    env = dict(os.environ, GINRUMMY_HOME=str(home))
    log = home / "server.log"
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "ginrummy", "serve", "--port", str(port), "--db", store_url,
             "--message-rate", "1000"],
            env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/meta", timeout=2) as reply:
                    json.load(reply)
                break
            except OSError as error:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start: {log.read_text()!r}") from error
                time.sleep(0.1)
        yield base, process
    finally:
        process.kill()
        process.wait()
        print(f"server log:\n{log.read_text(errors='replace')}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a loopback port, started by the test and stopped after."""
    if not PG_BIN:
        pytest.fail("PostgreSQL is not installed (/usr/lib/postgresql/*/bin missing): "
                    "install Debian's postgresql package (dev.py test does, as root)")
    bin_dir = PG_BIN[-1]
    folder = Path(tempfile.mkdtemp(prefix="ginrummy-pg-"))
    data = folder / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres")
    port = free_port()

    def pg(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)

    pg(str(bin_dir / "initdb"), "-D", str(data), "-U", "ginrummy", "--auth=trust", "-E", "UTF8")
    pg(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "start", "-o",
       f"-h 127.0.0.1 -p {port} -k {folder} -F")
    try:
        pg(str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "ginrummy", "web")
        yield f"postgresql://ginrummy@127.0.0.1:{port}/web"
    finally:
        pg(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> Iterator[str]:
    url = request.getfixturevalue(f"{request.param}_url" if request.param == "sqlite"
                                  else "postgres_url")
    yield url
    store = open_store(url)
    for stored in store.list(limit=10_000):
        store.delete(stored.id)  # the PostgreSQL cluster is shared by the session
    store.close()
