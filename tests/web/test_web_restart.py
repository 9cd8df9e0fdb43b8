"""The fault test: the server is killed (SIGKILL) in the middle of hands and started again; every
acknowledged action is still there and the games play on to the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_fixtures import People, live_server, post_game, postgres_url


def new_game(base: str, opponent: str) -> dict[str, Any]:
    return post_game(base, {"opponent": opponent, "options": {"target": "60"}})


__all__ = ["postgres_url"]


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_games_survive_a_killed_server(tmp_path: Path, store: str,
                                       request: pytest.FixtureRequest) -> None:
    url = (f"sqlite:///{tmp_path}/web.sqlite3" if store == "sqlite"
           else request.getfixturevalue("postgres_url"))
    with live_server(url, tmp_path) as (base, _):
        computer = new_game(base, "random")
        against_computer = People(base, computer["game"], [computer["seat"]])
        for _ in range(5):
            against_computer.move()
        friends = new_game(base, "friend")
        between_friends = People(base, friends["game"], [friends["seat"], friends["invite"]])
        while not between_friends.state["sheet"]["hands"] \
                or len(between_friends.state["view"]["history"]) < 6:
            between_friends.move()
        before = [against_computer.latest, between_friends.latest]
    # that server was killed with SIGKILL; a new one starts from the same store
    with live_server(url, tmp_path) as (base, _):
        against_computer = People(base, computer["game"], [computer["seat"]])
        between_friends = People(base, friends["game"], [friends["seat"], friends["invite"]])
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
