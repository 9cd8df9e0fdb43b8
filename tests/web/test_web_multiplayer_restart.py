"""The fault test for three players: the server is killed (SIGKILL) in the middle of a hand and
started again; the game comes back exactly where it was and plays on to the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_fixtures import People, live_server, post_game


def new_game(base: str) -> dict[str, Any]:
    return post_game(base, {"name": "Ann", "rules": "three-player",
                            "opponents": ["random", "friend"], "friends": [None, "Cy"],
                            "options": {"target": "250"}})


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
        people.close()
    # that server was killed with SIGKILL; a new one starts from the same store
    with live_server(url, tmp_path) as (base, _):
        people = People(base, ids["game"], tokens)
        assert [(s["version"], s["table"], s["view"]) for s in people.latest] == before
        for _ in range(3000):
            if people.latest[0]["sheet"]["over"]:
                break
            people.move()
        assert people.latest[0]["sheet"]["winner"] in (0, 1, 2)
        people.close()
