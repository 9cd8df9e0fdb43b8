"""Saved matches: their record text plus a little metadata, in SQLite or PostgreSQL.

The record text (:func:`ginrummy.core.record.write_record`) is the durable format: everything
else (statistics, replays, resuming) is recomputed from it. ``open_store()`` picks a backend
from a URL:

- ``None``: the SQLite file ``ginrummy.sqlite3`` in :func:`ginrummy.paths.data_dir`;
- ``sqlite:///PATH`` (``sqlite:///:memory:`` for a throwaway store);
- ``postgresql://...``: :class:`ginrummy.store.postgres.PostgresStore`, imported only then.

``save_many`` writes several matches in one transaction (one disk sync): the web server's
:class:`ginrummy.store.group_commit.GroupCommit` uses it to store the actions of many games at once.

>>> store = open_store("sqlite:///:memory:")
>>> store.save("m1", "[Game \\"Gin Rummy\\"]\\n", kind="tui", names=("you", "random"),
...            finished=False, winner=None, meta={"lang": "en"})
>>> store.load("m1").meta, [m.id for m in store.list(kind="tui")]
({'lang': 'en'}, ['m1'])
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
    """A store cannot be opened or read (a bad URL, a missing driver, a broken file)."""


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


@dataclass(frozen=True, slots=True)
class Save:
    """One upsert of a match, as :meth:`MatchStore.save` takes it, held as a value for batches."""

    id: str
    record: str
    kind: str
    names: tuple[str, ...]
    finished: bool
    winner: int | None
    meta: dict[str, Any]


class MatchStore(Protocol):
    """What every backend provides. ``save`` is an upsert done in one transaction;
    ``save_many`` does several upserts in one transaction (all are written, or none)."""

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
        from ginrummy.store.sqlite import SqliteStore

        return SqliteStore(data_dir() / SQLITE_FILE)
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
