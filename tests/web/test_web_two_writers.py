"""Two server processes on one database: saves are compare-and-swap, so the one whose copy of a
game is behind is refused (StaleMatchError), tells its players, and loads the game afresh on
their next join. The store-level tests run on SQLite and on a real PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from web_fixtures import client, create, join, policy, postgres_url, sqlite_url, store_url

from ginrummy.core.rules import rules_for
from ginrummy.store import Save, StaleMatchError, open_store
from ginrummy.web.games import GameHub, Seat

__all__ = ["postgres_url", "sqlite_url", "store_url"]


def one(match_id: str, record: str, version: int | None) -> Save:
    return Save(match_id, record, "web", ("Ann", "Bob"), False, None, {}, version)


def test_two_handles_extend_one_version_the_second_is_refused(store_url: str) -> None:
    first, second = open_store(store_url), open_store(store_url)
    first.save_many([one("a", "start", 0)])
    version = second.load("a").version  # type: ignore[union-attr]
    assert version == 1 == first.load("a").version  # type: ignore[union-attr]
    first.save_many([one("a", "first's move", version)])
    with pytest.raises(StaleMatchError, match="this match is open elsewhere"):
        second.save_many([one("a", "second's move", version)])
    with pytest.raises(StaleMatchError):
        second.save_many([one("a", "a new match over it", 0)])
    stored = open_store(store_url).load("a")
    assert stored is not None and (stored.record, stored.version) == ("first's move", 2)
    first.close()
    second.close()


def test_a_batch_with_a_stale_save_writes_the_others(store_url: str) -> None:
    store = open_store(store_url)
    store.save_many([one("a", "a1", 0), one("b", "b1", 0)])
    with pytest.raises(StaleMatchError) as refused:
        store.save_many([one("a", "a2 stale", 9), one("b", "b2", 1), one("c", "c1", 0)])
    assert refused.value.positions == (0,)
    assert {m.id: (m.record, m.version) for m in store.list()} == {
        "a": ("a1", 1), "b": ("b2", 2), "c": ("c1", 1)}
    store.close()


def test_a_postgres_table_from_before_versions_is_migrated(postgres_url: str) -> None:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS matches")
        db.execute("CREATE TABLE matches (id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
                   "names JSONB NOT NULL, finished BOOLEAN NOT NULL, winner INTEGER, "
                   "record TEXT NOT NULL, meta JSONB NOT NULL, "
                   "created TIMESTAMPTZ NOT NULL DEFAULT now(), "
                   "updated TIMESTAMPTZ NOT NULL DEFAULT now(), serial BIGSERIAL)")
        db.execute("INSERT INTO matches (id, kind, names, finished, record, meta) VALUES "
                   "('old', 'web', '[\"Ann\", \"Bob\"]', false, 'old record', '{}')")
    store = open_store(postgres_url)
    try:
        old = store.load("old")
        assert old is not None and (old.record, old.version) == ("old record", 1)
        store.save_many([one("old", "played on", 1)])
        assert store.load("old").version == 2  # type: ignore[union-attr]
    finally:
        store.delete("old")
        store.close()


def play_one(hub: GameHub, game_id: str) -> None:
    """The person (seat 0) makes one move by the test policy, or deals once a hand is over (the
    deals are random, and one may end in a knock within a few moves); the computer answers."""
    game = hub.games[game_id]
    if game.match.hand_over:
        hub.commit(game, game.deal(0, game.version))
    else:
        hub.commit(game, game.play(0, policy(game.match.view(0).to_dict()), game.version))


def test_the_hub_whose_copy_is_behind_is_refused_and_reloads(store_url: str) -> None:
    one_server = GameHub(open_store(store_url))
    game, tokens = one_server.create(rules_for("classic"), (Seat("Ann"),
                                                             Seat("Random", "random")))
    other_server = GameHub(open_store(store_url))  # started later: it revives the game
    behind = other_server.games[game.id]
    play_one(one_server, game.id)
    kept = one_server.store.load(game.id)
    assert kept is not None and kept.record == one_server.games[game.id].saved_record
    record_before, version_before = behind.saved_record, behind.version
    with pytest.raises(StaleMatchError, match="open elsewhere"):
        play_one(other_server, game.id)
    assert (behind.saved_record, behind.version) == (record_before, version_before)
    assert game.id not in other_server.games  # the next join loads it from the store
    assert other_server.store.load(game.id) == kept  # nothing was overwritten
    fresh, seat = other_server.find(game.id, tokens["0"])
    assert seat == 0 and fresh.saved_record == kept.record
    play_one(other_server, game.id)  # now it is the one up to date
    with pytest.raises(StaleMatchError):
        play_one(one_server, game.id)
    one_server.store.close()
    other_server.store.close()


def test_two_servers_tell_the_player_and_lose_no_move(sqlite_url: str) -> None:
    def action(state: dict[str, Any]) -> dict[str, Any]:
        return {"type": "action", "action": policy(state["view"]), "version": state["version"]}

    with client(sqlite_url) as one_server, client(sqlite_url) as other_server:
        ids = create(one_server, "random")
        here = join(one_server, ids["game"], ids["seat"])
        there = join(other_server, ids["game"], ids["seat"])  # the same seat, another tab
        seen_here, seen_there = here.receive_json(), there.receive_json()
        assert seen_here["version"] == seen_there["version"]
        here.send_json(action(seen_here))
        moved = here.receive_json()
        assert moved["type"] == "state" and moved["version"] > seen_here["version"]
        there.send_json(action(seen_there))
        refused = there.receive_json()
        assert refused["type"] == "error" and "open elsewhere" in refused["message"]
        again = join(other_server, ids["game"], ids["seat"])  # the page reloaded
        reloaded = again.receive_json()
        assert reloaded["version"] == moved["version"] and reloaded["view"] == moved["view"]
        again.send_json(action(reloaded))
        assert again.receive_json()["version"] > moved["version"]
