"""The fault test for three players: the server is killed (SIGKILL) in the middle of a hand and
started again; the game comes back exactly where it was and plays on to the end."""

from __future__ import annotations

import json
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from web_fixtures import live_server, policy
from websockets.sync.client import connect


def new_game(base: str) -> dict[str, Any]:
    body = json.dumps({"name": "Ann", "rules": "three-player", "opponents": ["random", "friend"],
                       "friends": [None, "Cy"], "options": {"target": "250"}}).encode()
    request = urllib.request.Request(f"{base}/api/games", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        result: dict[str, Any] = json.load(reply)
        return result


class People:
    """The people's seats of one game on their own sockets, with the last state each got."""

    def __init__(self, base: str, game: str, tokens: list[str]) -> None:
        self.stack = ExitStack()
        self.sockets: list[Any] = []
        self.latest: list[dict[str, Any]] = []
        for token in tokens:
            ws = self.stack.enter_context(connect(base.replace("http", "ws") + "/ws",
                                                  open_timeout=10))
            ws.send(json.dumps({"type": "join", "game": game, "token": token}))
            self.sockets.append(ws)
            self.latest.append({})
            self._receive()

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


def test_a_three_player_game_survives_a_killed_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/web.sqlite3"
    with live_server(url, tmp_path) as (base, _):
        ids = new_game(base)
        tokens = [ids["seat"], ids["invites"]["2"]]
        people = People(base, ids["game"], tokens)
        # into the second hand, a few moves in
        while not people.latest[0]["sheet"]["hands"] or people.latest[0]["deal_over"] \
                or len(people.latest[0]["view"]["history"]) < 4:
            people.move()
            assert not people.latest[0]["sheet"]["over"]  # 250 points take more than a hand
        before = [(s["version"], s["table"], s["view"]) for s in people.latest]
        people.stack.close()
    # that server was killed with SIGKILL; a new one starts from the same store
    with live_server(url, tmp_path) as (base, _):
        people = People(base, ids["game"], tokens)
        assert [(s["version"], s["table"], s["view"]) for s in people.latest] == before
        for _ in range(3000):
            if people.latest[0]["sheet"]["over"]:
                break
            people.move()
        assert people.latest[0]["sheet"]["winner"] in (0, 1, 2)
        people.stack.close()
