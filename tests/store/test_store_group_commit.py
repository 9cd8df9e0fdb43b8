"""Saving several matches in one transaction, and the group commit built on it."""

from __future__ import annotations

import asyncio
import doctest
import sqlite3
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import ginrummy.store
from ginrummy.store import MatchStore, Save, StoreError, open_store
from ginrummy.store import group_commit as group_commit_module
from ginrummy.store.group_commit import GroupCommit


def one(match_id: str, record: str = "R", **changes: object) -> Save:
    fields: dict[str, object] = {"kind": "web", "names": ("Ann", "Bob"), "finished": False,
                                 "winner": None, "meta": {}}
    fields.update(changes)
    return Save(match_id, record, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("module", [ginrummy.store, group_commit_module],
                         ids=lambda m: m.__name__)
def test_store_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0


def test_save_many_writes_every_match_in_one_transaction(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    store.save_many([one("a", "ra"), one("b", "rb", finished=True, winner=1)])
    store.save_many([one("a", "ra2")])  # an upsert
    loaded = {m.id: (m.record, m.finished, m.winner) for m in store.list()}
    assert loaded == {"a": ("ra2", False, None), "b": ("rb", True, 1)}


def test_save_many_writes_none_when_one_fails(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/s.sqlite3")
    store.save_many([one("a", "kept")])
    with pytest.raises(TypeError):
        store.save_many([one("a", "lost"), one("b", meta={"bad": object()})])
    assert store.load("a").record == "kept" and store.load("b") is None  # type: ignore[union-attr]


class CountingStore:
    """A SQLite store that counts its transactions and can be told to fail some saves."""

    def __init__(self, path: Path) -> None:
        self.url = f"sqlite:///{path}"
        self.inner: MatchStore | None = None  # opened on the store thread, as SQLite wants
        self.transactions: list[list[str]] = []
        self.refuse: set[str] = set()
        self.gate = threading.Event()  # the first transaction waits for it, as a slow disk
        self.gate.set()

    def saved(self) -> list[str]:
        return sorted(m.id for m in open_store(self.url).list())

    def save_many(self, saves: Sequence[Save]) -> None:
        self.gate.wait(10)
        if self.refuse & {s.id for s in saves}:
            raise StoreError("the disk is full")
        self.inner = self.inner or open_store(self.url)
        self.inner.save_many(saves)
        self.transactions.append([s.id for s in saves])


def run_saves(store: CountingStore, ids: list[str], *, hold_first: bool) -> list[str]:
    """Save ``ids`` from concurrent coroutines; what each caller was told ("ok" or the error)."""

    async def main() -> list[str]:
        with ThreadPoolExecutor(max_workers=1) as thread:
            group = GroupCommit(store, thread)  # type: ignore[arg-type]
            if hold_first:
                store.gate.clear()
            first = asyncio.ensure_future(group.save(one(ids[0])))
            await asyncio.sleep(0.05)  # the first batch is now on the store thread, held
            rest = [asyncio.ensure_future(group.save(one(i))) for i in ids[1:]]
            await asyncio.sleep(0.05)
            store.gate.set()
            outcomes = await asyncio.gather(first, *rest, return_exceptions=True)
            return ["ok" if o is None else str(o) for o in outcomes]

    return asyncio.run(main())


def test_saves_that_arrive_during_a_commit_share_the_next_transaction(tmp_path: Path) -> None:
    store = CountingStore(tmp_path / "s.sqlite3")
    ids = [f"g{n}" for n in range(20)]
    assert run_saves(store, ids, hold_first=True) == ["ok"] * 20
    # g0 was alone on the (slow) disk; the other 19 waited together and took one sync
    assert store.transactions == [["g0"], ids[1:]]
    assert store.saved() == sorted(ids)


def test_a_failed_batch_fails_only_the_saves_that_cannot_be_written(tmp_path: Path) -> None:
    store = CountingStore(tmp_path / "s.sqlite3")
    store.refuse = {"g2"}
    outcomes = run_saves(store, ["g0", "g1", "g2", "g3"], hold_first=True)
    assert outcomes == ["ok", "ok", "the disk is full", "ok"]
    assert store.transactions == [["g0"], ["g1"], ["g3"]]  # the batch retried one by one
    assert store.saved() == ["g0", "g1", "g3"]


def test_a_caller_is_answered_only_after_its_transaction_commits(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = CountingStore(path)

    async def main() -> bool:
        with ThreadPoolExecutor(max_workers=1) as thread:
            group = GroupCommit(store, thread)  # type: ignore[arg-type]
            await group.save(one("g0"))
            # another connection (another process) already sees the committed row
            with sqlite3.connect(path) as other:
                return other.execute("SELECT id FROM matches").fetchall() == [("g0",)]

    assert asyncio.run(main())

