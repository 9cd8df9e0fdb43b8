"""The fault test: the server is killed (SIGKILL) in the middle of hands and started again; every
acknowledged action is still there and the games play on to the end."""

from __future__ import annotations

import json
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from web_fixtures import live_server, policy, postgres_url
from websockets.sync.client import connect


def new_game(base: str, opponent: str) -> dict[str, str]:
    body = json.dumps({"opponent": opponent, "options": {"target": "60"}}).encode()
    request = urllib.request.Request(f"{base}/api/games", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        result: dict[str, str] = json.load(reply)
        return result


class Table:
    """The people's seats of one game, each on its own WebSocket, with the last state each got."""

    def __init__(self, base: str, game: str, tokens: list[str]) -> None:
        self.sockets: list[Any] = []
        self.latest: list[dict[str, Any]] = []
        self.stack = ExitStack()
        for token in tokens:
            ws = self.stack.enter_context(connect(base.replace("http", "ws") + "/ws",
                                                  open_timeout=10))
            ws.send(json.dumps({"type": "join", "game": game, "token": token}))
            self.sockets.append(ws)
            self.latest.append({})
            self._receive()  # each join is broadcast to everyone already there

    def _receive(self) -> None:
        for index, ws in enumerate(self.sockets):
            self.latest[index] = reply = json.loads(ws.recv(timeout=10))
            assert reply["type"] == "state", reply

    @property
    def state(self) -> dict[str, Any]:
        return self.latest[0]

    def move(self) -> None:
        """The seat to play makes its move (or deals the next hand)."""
        view = self.state["view"]
        seat = 0 if view["phase"] == "over" else view["to_play"]
        index = next(i for i, s in enumerate(self.latest) if s["seat"] == seat)
        view = self.latest[index]["view"]
        message = ({"type": "next"} if view["phase"] == "over"
                   else {"type": "action", "action": policy(view)})
        self.sockets[index].send(json.dumps({**message, "version": self.state["version"]}))
        self._receive()

    def close(self) -> None:
        self.stack.close()


__all__ = ["postgres_url"]


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_games_survive_a_killed_server(tmp_path: Path, store: str,
                                       request: pytest.FixtureRequest) -> None:
    url = (f"sqlite:///{tmp_path}/web.sqlite3" if store == "sqlite"
           else request.getfixturevalue("postgres_url"))
    with live_server(url, tmp_path) as (base, _):
        computer = new_game(base, "random")
        against_computer = Table(base, computer["game"], [computer["seat"]])
        for _ in range(5):
            against_computer.move()
        friends = new_game(base, "friend")
        between_friends = Table(base, friends["game"], [friends["seat"], friends["invite"]])
        while not between_friends.state["sheet"]["hands"] \
                or len(between_friends.state["view"]["history"]) < 6:
            between_friends.move()
        before = [against_computer.latest, between_friends.latest]
    # that server was killed with SIGKILL; a new one starts from the same store
    with live_server(url, tmp_path) as (base, _):
        against_computer = Table(base, computer["game"], [computer["seat"]])
        between_friends = Table(base, friends["game"], [friends["seat"], friends["invite"]])
        after = [against_computer.latest, between_friends.latest]
        for old, new in zip(before, after, strict=True):
            assert [(s["version"], s["view"]) for s in old] == \
                [(s["version"], s["view"]) for s in new]
        for table in (against_computer, between_friends):
            for _ in range(3000):
                if table.state["sheet"]["over"]:
                    break
                table.move()
            assert table.state["sheet"]["winner"] in (0, 1)
            table.close()
