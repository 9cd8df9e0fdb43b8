"""Saved matches: their record text plus a little metadata, in SQLite or PostgreSQL.

The record text (:func:`ginrummy.core.record.write_record`) is the durable format: everything
else (statistics, replays, resuming) is recomputed from it. ``open_store()`` picks a backend
from a URL:

- ``None``: the SQLite file ``ginrummy.sqlite3`` in :func:`ginrummy.paths.data_dir`;
- ``sqlite:///PATH`` (``sqlite:///:memory:`` for a throwaway store);
- ``postgresql://...``: :class:`ginrummy.store.postgres.PostgresStore`, imported only then.

``save_many`` writes several matches in one transaction (one disk sync): the web server's
:class:`ginrummy.store.group_commit.GroupCommit` uses it to store the actions of many games at once.

One writer per match: every stored match has a ``version`` that each save increments, and a
save may name the version it extends (``Save.version``; 0 for a new match). The store writes it
only if the match is still at that version (compare-and-swap), so two programs that resumed the
same match cannot overwrite each other's moves: the later one gets :class:`StaleMatchError`.
Every failure of the database (a full disk, a read-only directory, a damaged file, a lost
server) is a :class:`StoreError` of one line that says what is wrong and what to do.

>>> store = open_store("sqlite:///:memory:")
>>> store.save("m1", "[Game \\"Gin Rummy\\"]\\n", kind="tui", names=("you", "random"),
...            finished=False, winner=None, meta={"lang": "en"})
>>> store.load("m1").meta, [m.id for m in store.list(kind="tui")]
({'lang': 'en'}, ['m1'])
>>> store.save("m1", "R2", kind="tui", names=("you", "random"), finished=False, winner=None,
...            meta={}, version=1)
>>> store.save("m1", "R2 elsewhere", kind="tui", names=("you", "random"), finished=False,
...            winner=None, meta={}, version=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ginrummy.store.StaleMatchError: match m1: this match is open elsewhere ...
>>> store.load("m1").record, store.load("m1").version
('R2', 2)
>>> store.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ginrummy.core.errors import GinRummyError

SQLITE_FILE = "ginrummy.sqlite3"


class StoreError(GinRummyError):
    """A store cannot be opened, read or written (a bad URL, a missing driver, a full disk, a
    damaged file); the message is one line saying what is wrong and what to do."""


class StaleMatchError(StoreError):
    """A save refused because the match moved on since its writer loaded it: another game or
    server has it open. ``positions`` are the refused saves' places in their batch."""

    def __init__(self, ids: Sequence[str], positions: Sequence[int] = (0,)) -> None:
        self.ids = tuple(ids)
        self.positions = tuple(positions)
        which = f"match {ids[0]}" if len(ids) == 1 else f"matches {', '.join(ids)}"
        super().__init__(
            f"{which}: this match is open elsewhere (another game or server saved it since "
            "this one loaded it); nothing was overwritten: open the match again (resume it, "
            "or reload the page) to play on from what was saved")


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """One saved match. ``record`` is its record text; ``winner`` a seat (0 or 1) once over."""

    id: str
    kind: str  # who saved it: "tui", "web", "tournament", ...
    names: tuple[str, ...]
    finished: bool
    winner: int | None
    record: str
    meta: dict[str, Any] = field(default_factory=dict)
    created: datetime | None = None
    updated: datetime | None = None
    version: int = 0  # how many saves it has had; a save that extends it names this number


@dataclass(frozen=True, slots=True)
class Save:
    """One upsert of a match, as :meth:`MatchStore.save` takes it, held as a value for batches.

    ``version`` is the stored version this save extends: 0 for a match that must not exist
    yet, ``n`` to replace version ``n`` (the save makes it ``n + 1``), None to write whatever
    is stored (for a caller that alone ever writes the match, such as a copy or an import)."""

    id: str
    record: str
    kind: str
    names: tuple[str, ...]
    finished: bool
    winner: int | None
    meta: dict[str, Any]
    version: int | None = None


class MatchStore(Protocol):
    """What every backend provides. ``save`` is an upsert done in one transaction;
    ``save_many`` does several upserts in one transaction.

    A batch with stale saves (see :class:`Save`) still writes all the others, commits them,
    and then raises one :class:`StaleMatchError` naming the refused ones (``positions``); any
    other failure writes none of the batch. Every database failure is a :class:`StoreError`.
    """

    def save(
        self,
        match_id: str,
        record: str,
        *,
        kind: str,
        names: Sequence[str],
        finished: bool,
        winner: int | None,
        meta: dict[str, Any],
        version: int | None = None,
    ) -> None: ...

    def save_many(self, saves: Sequence[Save]) -> None: ...

    def load(self, match_id: str) -> StoredMatch | None: ...

    def list(
        self, *, kind: str | None = None, finished: bool | None = None, limit: int = 100
    ) -> list[StoredMatch]: ...

    def delete(self, match_id: str) -> None: ...

    def close(self) -> None: ...


def open_store(url: str | None = None) -> MatchStore:
    """The store at ``url`` (see the module docstring); the user's SQLite file by default."""
    if url is None:
        from ginrummy.paths import data_dir
        from ginrummy.store.failures import os_failure
        from ginrummy.store.sqlite import SqliteStore

        try:
            folder = data_dir()
        except OSError as error:  # a read-only or full file system, a file in the way
            raise os_failure(error, doing="create the data directory") from None
        return SqliteStore(folder / SQLITE_FILE)
    if url.startswith("sqlite://"):
        from ginrummy.store.sqlite import SqliteStore

        path = url.removeprefix("sqlite://").removeprefix("/")
        if not path:
            raise StoreError(f"no file in store URL {url!r}; use sqlite:///PATH")
        return SqliteStore(path)
    if url.startswith(("postgresql://", "postgres://")):
        from ginrummy.store.postgres import PostgresStore  # type: ignore[import-not-found]

        store: MatchStore = PostgresStore(url)
        return store
    raise StoreError(f"unknown store URL {url!r}; use sqlite:///PATH or postgresql://...")
