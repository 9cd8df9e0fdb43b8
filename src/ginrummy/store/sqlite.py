"""The SQLite backend of :mod:`ginrummy.store` (standard library ``sqlite3``).

Saves are compare-and-swap on the ``version`` column (see :class:`ginrummy.store.Save`): the
``UPDATE ... WHERE version = ?`` takes SQLite's write lock, so two processes sharing the file
cannot both extend one version. A file written before versions existed gets the column when
it is opened (every match at version 1).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ginrummy.store import Save, StaleMatchError, StoredMatch
from ginrummy.store.failures import damaged, sqlite_failure

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    names TEXT NOT NULL,
    finished INTEGER NOT NULL,
    winner INTEGER,
    record TEXT NOT NULL,
    meta TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS matches_by_update ON matches (kind, finished, updated);
"""
_ADD_VERSION = "ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 1"
_COLUMNS = "id, kind, names, finished, winner, record, meta, created, updated, version"
_INSERT = ("INSERT INTO matches (id, kind, names, finished, winner, record, meta, created, "
           "updated, version) VALUES (:id, :kind, :names, :finished, :winner, :record, :meta, "
           ":now, :now, 1)")
_SET = ("kind = :kind, names = :names, finished = :finished, winner = :winner, "
        "record = :record, meta = :meta, updated = :now")
_WRITES = {  # by what the save extends: anything (None), nothing (0), a version
    "any": f"{_INSERT} ON CONFLICT(id) DO UPDATE SET {_SET}, version = version + 1",
    "new": f"{_INSERT} ON CONFLICT(id) DO NOTHING",
    "next": f"UPDATE matches SET {_SET}, version = version + 1 "
            "WHERE id = :id AND version = :version",
}


class SqliteStore:
    """Matches in one SQLite file; ``:memory:`` for a store that lives as long as the object."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            # Several processes (a game, a web server) may share the file: wait for locks.
            self._db = sqlite3.connect(self.path, timeout=10)
            if self.path != ":memory:":
                # Write-ahead logging: one sync per commit instead of several, and readers
                # never wait for the writer. FULL keeps every commit across a power loss.
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(matches)")}
            if "version" not in columns:  # a file from before versions: migrate in place
                with self._db:
                    self._db.execute(_ADD_VERSION)
        except (sqlite3.Error, OSError) as error:
            raise sqlite_failure(error, self.path, doing="open") from None

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
    ) -> None:
        self.save_many([Save(match_id, record, kind, tuple(names), finished, winner, meta,
                             version)])

    def save_many(self, saves: Sequence[Save]) -> None:
        """Every save whose version still holds, in one transaction; then the stale ones are
        raised together (see :class:`ginrummy.store.MatchStore`)."""
        now = datetime.now(UTC).isoformat()
        rows = [{"id": s.id, "kind": s.kind, "names": json.dumps(list(s.names)),
                 "finished": int(s.finished), "winner": s.winner, "record": s.record,
                 "meta": json.dumps(s.meta), "now": now, "version": s.version} for s in saves]
        stale: list[int] = []
        try:
            with self._db:  # one transaction: commit, or roll back on error
                for position, (save, row) in enumerate(zip(saves, rows, strict=True)):
                    write = "any" if save.version is None else "new" if save.version == 0 \
                        else "next"
                    if self._db.execute(_WRITES[write], row).rowcount != 1:
                        stale.append(position)
        except sqlite3.Error as error:
            raise sqlite_failure(error, self.path, doing="save to") from None
        if stale:
            raise StaleMatchError([saves[p].id for p in stale], stale)

    def load(self, match_id: str) -> StoredMatch | None:
        row = self._read(f"SELECT {_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return None if not row else self._stored(row[0])

    def list(
        self, *, kind: str | None = None, finished: bool | None = None, limit: int = 100
    ) -> list[StoredMatch]:
        """Newest first."""
        where: list[str] = []
        params: list[Any] = []
        if kind is not None:
            where.append("kind = ?")
            params.append(kind)
        if finished is not None:
            where.append("finished = ?")
            params.append(int(finished))
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        rows = self._read(
            f"SELECT {_COLUMNS} FROM matches {clause} ORDER BY updated DESC, rowid DESC LIMIT ?",
            (*params, limit),
        )
        return [self._stored(row) for row in rows]

    def delete(self, match_id: str) -> None:
        try:
            with self._db:
                self._db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
        except sqlite3.Error as error:
            raise sqlite_failure(error, self.path, doing="delete from") from None

    def close(self) -> None:
        self._db.close()

    def _read(self, query: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(query, params).fetchall()
        except sqlite3.Error as error:
            raise sqlite_failure(error, self.path, doing="read") from None

    def _stored(self, row: tuple[Any, ...]) -> StoredMatch:
        match_id, kind, names, finished, winner, record, meta, created, updated, version = row
        try:
            return StoredMatch(
                id=match_id,
                kind=kind,
                names=tuple(json.loads(names)),
                finished=bool(finished),
                winner=winner,
                record=record,
                meta=dict(json.loads(meta)),
                created=datetime.fromisoformat(created),
                updated=datetime.fromisoformat(updated),
                version=int(version),
            )
        except (TypeError, ValueError) as error:  # a flipped bit inside a row's JSON or date
            raise damaged(self.path, f"match {match_id!r}: {error}") from None
