"""The SQLite match store and the statistics computed from stored records."""

from __future__ import annotations

import sqlite3

import pytest

from ginrummy.core.match import Match
from ginrummy.core.record import write_record
from ginrummy.core.rules import rules_for
from ginrummy.players.base import RandomPlayer, play_match
from ginrummy.store import StoreError, open_store
from ginrummy.store.sqlite import SqliteStore
from ginrummy.store.stats import player_stats


def save(store, match_id, *, kind="tui", finished=False, winner=None, record="R", meta=None):
    store.save(match_id, record, kind=kind, names=("you", "random"), finished=finished,
               winner=winner, meta=meta or {})


def test_store_sqlite_default_file_is_in_the_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    store = open_store()
    save(store, "a", meta={"lang": "nb"})
    store.close()
    assert (tmp_path / "ginrummy.sqlite3").exists()
    again = open_store(f"sqlite:///{tmp_path}/ginrummy.sqlite3")
    loaded = again.load("a")
    again.close()
    assert loaded is not None
    assert (loaded.id, loaded.kind, loaded.names, loaded.finished, loaded.winner) == (
        "a", "tui", ("you", "random"), False, None)
    assert loaded.meta == {"lang": "nb"} and loaded.record == "R"


def test_store_sqlite_save_is_an_upsert_that_keeps_the_creation_time(tmp_path):
    store = SqliteStore(tmp_path / "s.sqlite3")
    save(store, "a", record="first")
    created = store.load("a").created
    save(store, "a", record="second", finished=True, winner=1)
    loaded = store.load("a")
    assert loaded.record == "second" and loaded.finished and loaded.winner == 1
    assert loaded.created == created and loaded.updated >= created
    assert len(store.list()) == 1


def test_store_sqlite_list_filters_and_orders_newest_first(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    save(store, "old", finished=True, winner=0)
    save(store, "web", kind="web")
    save(store, "new")
    assert [m.id for m in store.list()] == ["new", "web", "old"]
    assert [m.id for m in store.list(kind="tui")] == ["new", "old"]
    assert [m.id for m in store.list(kind="tui", finished=False)] == ["new"]
    assert [m.id for m in store.list(finished=True)] == ["old"]
    assert [m.id for m in store.list(limit=1)] == ["new"]
    store.delete("new")
    assert store.load("new") is None
    assert [m.id for m in store.list(kind="tui")] == ["old"]


def test_store_sqlite_failed_save_changes_nothing(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    save(store, "a", record="kept")
    with pytest.raises(TypeError):
        save(store, "a", record="lost", meta={"bad": object()})
    assert store.load("a").record == "kept"


def test_store_sqlite_two_connections_see_each_other(tmp_path):
    first = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    second = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    save(first, "a")
    assert second.load("a") is not None


@pytest.mark.parametrize("url", ["mysql://x", "sqlite://", "nonsense"])
def test_store_bad_urls_are_refused_clearly(url):
    with pytest.raises(StoreError, match="URL"):
        open_store(url)


def test_store_unopenable_file_is_a_store_error(tmp_path):
    (tmp_path / "dir.sqlite3").mkdir()
    with pytest.raises(StoreError, match="cannot open the match store"):
        open_store(f"sqlite:///{tmp_path}/dir.sqlite3")


def test_store_stats_are_recomputed_from_the_records():
    store = open_store("sqlite:///:memory:")
    expected = {"random": [0] * 6, "beginner": [0] * 6}  # matches, won, hands, hands won, gins, points
    for number, opponent in enumerate(["random", "random", "beginner"]):
        rules = rules_for("classic", target=30)
        match = Match.new(rules, seed=100 + number, names=("you", opponent))
        play_match(match, (RandomPlayer(seed=number), RandomPlayer(seed=50 + number)))
        store.save(f"m{number}", write_record(match), kind="tui", names=match.names,
                   finished=True, winner=match.winner, meta={})
        tally = expected[opponent]
        tally[0] += 1
        tally[1] += match.winner == 0
        for hand in match.hands:
            tally[2] += 1
            tally[3] += hand.result.winner == 0
            tally[4] += hand.result.knocker == 0 and hand.result.outcome in ("gin", "big_gin")
            tally[5] += hand.result.points if hand.result.winner == 0 else 0
    store.save("other", "not a record", kind="tui", names=("you", "random"), finished=True,
               winner=0, meta={})
    store.save("theirs", "not mine", kind="tui", names=("ann", "bob"), finished=True,
               winner=0, meta={})
    table = player_stats(store.list(), player="you")
    assert table.unreadable == ["other"]
    for opponent, (matches, won, hands, hands_won, gins, points) in expected.items():
        tally = table.by_opponent[opponent]
        assert (tally.matches, tally.matches_won, tally.hands, tally.hands_won, tally.gins,
                tally.points) == (matches, won, hands, hands_won, gins, points)
    total = table.total
    assert total.matches == 3 and total.finished == 3
    assert total.average_points == pytest.approx(total.points / total.hands)
    assert total.hands_won <= total.hands


def test_store_sqlite_schema_is_plain_sql(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    save(store, "a")
    store.close()
    with sqlite3.connect(tmp_path / "s.sqlite3") as db:
        assert db.execute("SELECT id, kind, finished FROM matches").fetchall() == [("a", "tui", 0)]
