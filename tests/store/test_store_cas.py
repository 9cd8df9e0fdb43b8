"""One writer per match: saves are compare-and-swap on a stored version (SQLite; the same
tests run on PostgreSQL in tests/web/test_web_two_writers.py)."""

from __future__ import annotations

import asyncio
import doctest
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ginrummy.store import Save, StaleMatchError, StoreError, open_store
from ginrummy.store import failures as failures_module
from ginrummy.store.group_commit import GroupCommit


def one(match_id: str, record: str = "R", version: int | None = None) -> Save:
    return Save(match_id, record, "tui", ("you", "random"), False, None, {}, version)


def test_failures_docstring_examples() -> None:
    failed, tried = doctest.testmod(failures_module)
    assert tried > 0 and failed == 0


def test_a_new_match_is_version_1_and_each_save_adds_one(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    store.save_many([one("a", "r1", version=0)])
    assert store.load("a").version == 1  # type: ignore[union-attr]
    store.save_many([one("a", "r2", version=1)])
    store.save_many([one("a", "r3")])  # a save that names no version still counts
    loaded = store.load("a")
    assert loaded is not None and (loaded.record, loaded.version) == ("r3", 3)


def test_two_handles_extend_one_version_the_second_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/s.sqlite3"
    first, second = open_store(url), open_store(url)
    first.save_many([one("a", "start", version=0)])
    seen_first, seen_second = first.load("a"), second.load("a")  # both resume version 1
    assert seen_first is not None and seen_second is not None
    first.save("a", "start + first's discard", kind="tui", names=("you", "random"),
               finished=False, winner=None, meta={}, version=seen_first.version)
    with pytest.raises(StaleMatchError, match="this match is open elsewhere") as refused:
        second.save("a", "start + second's discard", kind="tui", names=("you", "random"),
                    finished=False, winner=None, meta={}, version=seen_second.version)
    assert refused.value.ids == ("a",) and isinstance(refused.value, StoreError)
    stored = open_store(url).load("a")
    assert stored is not None
    assert (stored.record, stored.version) == ("start + first's discard", 2)


def test_a_new_match_may_not_replace_one_that_exists(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    store.save_many([one("a", "mine", version=0)])
    with pytest.raises(StaleMatchError):
        store.save_many([one("a", "another's", version=0)])
    with pytest.raises(StaleMatchError):  # deleted elsewhere: nothing to extend
        store.save_many([one("gone", "r", version=4)])
    assert store.load("a").record == "mine"  # type: ignore[union-attr]
    assert store.load("gone") is None


def test_a_batch_writes_every_fresh_save_and_reports_the_stale_ones(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    store.save_many([one("a", "a1", 0), one("b", "b1", 0), one("c", "c1", 0)])
    with pytest.raises(StaleMatchError) as refused:
        store.save_many([one("a", "a2", 1), one("b", "b2 stale", 7), one("c", "c2", 1)])
    assert refused.value.positions == (1,) and refused.value.ids == ("b",)
    records = {m.id: (m.record, m.version) for m in store.list()}
    assert records == {"a": ("a2", 2), "b": ("b1", 1), "c": ("c2", 2)}


def test_a_group_commit_fails_only_the_stale_caller(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/s.sqlite3"
    setup = open_store(url)
    setup.save_many([one(f"g{n}", "r", 0) for n in range(4)])
    setup.close()

    async def main() -> list[str]:
        with ThreadPoolExecutor(max_workers=1) as thread:
            loop = asyncio.get_running_loop()
            store = await loop.run_in_executor(thread, open_store, url)
            group = GroupCommit(store, thread)
            saves = [one("g0", "new", 1), one("g1", "stale", 5), one("g2", "new", 1),
                     one("g3", "new", 1)]
            outcomes = await asyncio.gather(*(group.save(s) for s in saves),
                                            return_exceptions=True)
            assert group.batches == 1  # the stale save did not make the others retry
            await loop.run_in_executor(thread, store.close)
            return ["ok" if o is None else type(o).__name__ for o in outcomes]

    assert asyncio.run(main()) == ["ok", "StaleMatchError", "ok", "ok"]
    records = {m.id: (m.record, m.version) for m in open_store(url).list()}
    assert records == {"g0": ("new", 2), "g1": ("r", 1), "g2": ("new", 2), "g3": ("new", 2)}


OLD_SCHEMA = """
CREATE TABLE matches (id TEXT PRIMARY KEY, kind TEXT NOT NULL, names TEXT NOT NULL,
    finished INTEGER NOT NULL, winner INTEGER, record TEXT NOT NULL, meta TEXT NOT NULL,
    created TEXT NOT NULL, updated TEXT NOT NULL);
CREATE INDEX matches_by_update ON matches (kind, finished, updated);
INSERT INTO matches VALUES ('old', 'tui', '["you", "random"]', 0, NULL, 'old record',
    '{"lang": "nb"}', '2025-01-01T00:00:00+00:00', '2025-01-01T00:00:00+00:00');
"""


def test_a_file_from_before_versions_is_migrated_in_place(tmp_path: Path) -> None:
    path = tmp_path / "ginrummy.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    store = open_store(f"sqlite:///{path}")
    old = store.load("old")
    assert old is not None and (old.record, old.meta, old.version) == (
        "old record", {"lang": "nb"}, 1)
    store.save("old", "played on", kind="tui", names=old.names, finished=False, winner=None,
               meta=old.meta, version=old.version)
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT record, version FROM matches").fetchall() == [("played on", 2)]
    open_store(f"sqlite:///{path}").close()  # opening it again migrates nothing twice
