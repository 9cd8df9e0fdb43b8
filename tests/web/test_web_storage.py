"""The same storage tests on SQLite and on a real PostgreSQL that the test starts itself."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from web_fixtures import policy, postgres_url, sqlite_url, store_url

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import rules_for
from ginrummy.store import MatchStore, Save, open_store
from ginrummy.web.games import GameHub, Seat

__all__ = ["postgres_url", "sqlite_url", "store_url"]


def save(store: MatchStore, match_id: str, record: str, **changes: Any) -> None:
    fields: dict[str, Any] = {"kind": "web", "names": ("Ann", "Bob"), "finished": False,
                              "winner": None, "meta": {"seats": [1, 2]}}
    fields.update(changes)
    store.save(match_id, record, **fields)


def test_store_saves_loads_lists_and_deletes(store_url: str) -> None:
    store = open_store(store_url)
    save(store, "a", "record a")
    save(store, "b", "record b", kind="tui")
    save(store, "a", "record a2", finished=True, winner=1)  # an upsert
    loaded = store.load("a")
    assert loaded is not None
    assert (loaded.record, loaded.finished, loaded.winner, loaded.names, loaded.meta) == \
        ("record a2", True, 1, ("Ann", "Bob"), {"seats": [1, 2]})
    assert [m.id for m in store.list()] == ["a", "b"]  # newest first
    assert [m.id for m in store.list(kind="tui")] == ["b"]
    assert [m.id for m in store.list(finished=False)] == ["b"]
    assert len(store.list(limit=1)) == 1
    store.delete("b")
    assert store.load("b") is None
    store.close()
    reopened = open_store(store_url)
    assert [m.id for m in reopened.list()] == ["a"]
    reopened.close()


def test_store_saves_many_matches_in_one_transaction(store_url: str) -> None:
    store = open_store(store_url)
    store.save_many([Save("a", "ra", "web", ("Ann", "Bob"), False, None, {"n": 1}),
                     Save("b", "rb", "web", ("Ann", "Cy"), True, 0, {})])
    # the database refuses the second row (no kind) after taking the first: nothing is written
    with pytest.raises((sqlite3.Error, GinRummyError)):
        store.save_many([Save("a", "lost", "web", ("Ann", "Bob"), False, None, {}),
                         Save("c", "rc", None, ("Ann", "Bob"), False, None, {})])  # type: ignore[arg-type]
    assert {m.id: (m.record, m.names, m.finished, m.winner, m.meta) for m in store.list()} == {
        "a": ("ra", ("Ann", "Bob"), False, None, {"n": 1}),
        "b": ("rb", ("Ann", "Cy"), True, 0, {})}
    store.close()


def play(hub: GameHub, game_id: str, actions: int) -> None:
    game = hub.games[game_id]
    for _ in range(actions):
        match = game.match
        if match.is_over:
            return
        if match.hand_over:
            hub.commit(game, game.deal(0, game.version))
        else:
            seat = match.state.to_play
            hub.commit(game, game.play(seat, policy(match.view(seat).to_dict()), game.version))


def test_every_game_resumes_exactly_from_the_store(store_url: str) -> None:
    hub = GameHub(open_store(store_url))
    friends, _ = hub.create(rules_for("modern", target=300), (Seat("Ann"), Seat("Bob")))
    computer, _ = hub.create(rules_for("oklahoma"), (Seat("Ann"), Seat("Random", "random")))
    while len(friends.match.hands) < 2:
        play(hub, friends.id, 1)
    play(hub, friends.id, 7)
    play(hub, computer.id, 9)
    assert not friends.match.is_over and friends.match.hands  # resumed mid-match, mid-hand
    before = {game.id: (game.version, game.match.view(0).to_dict(), game.match.view(1).to_dict())
              for game in (friends, computer)}
    hub.store.close()
    revived = GameHub(open_store(store_url))
    for game_id, (version, view0, view1) in before.items():
        game = revived.games[game_id]
        assert game.version == version
        assert game.match.view(0).to_dict() == view0 and game.match.view(1).to_dict() == view1
    play(revived, friends.id, 10_000)  # and it plays on to the end (a long match: 2,200+)
    assert revived.games[friends.id].match.is_over
    revived.store.close()


class BrokenStore:
    """A store whose saves fail, as a lost database connection would."""

    def __init__(self, inner: MatchStore) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save(self, *args: Any, **kwargs: Any) -> None:
        raise GinRummyError("the database is gone")

    def save_many(self, saves: Any) -> None:
        raise GinRummyError("the database is gone")


def test_an_action_that_cannot_be_stored_is_not_applied(store_url: str) -> None:
    hub = GameHub(open_store(store_url))
    game, _ = hub.create(rules_for("classic"), (Seat("Ann"), Seat("Bob")))
    play(hub, game.id, 5)
    version, record = game.version, game.saved_record
    view = game.match.view(0).to_dict()
    hub.store = BrokenStore(hub.store)  # type: ignore[assignment]
    with pytest.raises(GinRummyError, match="database is gone"):
        play(hub, game.id, 1)
    assert (game.version, game.saved_record) == (version, record)
    assert game.match.view(0).to_dict() == view
    hub.store.close()
