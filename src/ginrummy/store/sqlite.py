"""The SQLite backend of :mod:`ginrummy.store` (standard library ``sqlite3``)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ginrummy.store import Save, StoredMatch, StoreError

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
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_by_update ON matches (kind, finished, updated);
"""
_COLUMNS = "id, kind, names, finished, winner, record, meta, created, updated"


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
        except (sqlite3.Error, OSError) as error:
            raise StoreError(f"cannot open the match store {self.path}: {error}") from None

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
    ) -> None:
        self.save_many([Save(match_id, record, kind, tuple(names), finished, winner, meta)])

    def save_many(self, saves: Sequence[Save]) -> None:
        now = datetime.now(UTC).isoformat()
        rows = [(s.id, s.kind, json.dumps(list(s.names)), int(s.finished), s.winner, s.record,
                 json.dumps(s.meta), now, now) for s in saves]
        with self._db:  # one transaction: commit, or roll back on error
            self._db.executemany(
                f"INSERT INTO matches ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET kind=excluded.kind, names=excluded.names, "
                "finished=excluded.finished, winner=excluded.winner, record=excluded.record, "
                "meta=excluded.meta, updated=excluded.updated",
                rows,
            )

    def load(self, match_id: str) -> StoredMatch | None:
        row = self._db.execute(
            f"SELECT {_COLUMNS} FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        return None if row is None else _stored(row)

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
        rows = self._db.execute(
            f"SELECT {_COLUMNS} FROM matches {clause} ORDER BY updated DESC, rowid DESC LIMIT ?",
            (*params, limit),
        ).fetchall()
        return [_stored(row) for row in rows]

    def delete(self, match_id: str) -> None:
        with self._db:
            self._db.execute("DELETE FROM matches WHERE id = ?", (match_id,))

    def close(self) -> None:
        self._db.close()


def _stored(row: tuple[Any, ...]) -> StoredMatch:
    match_id, kind, names, finished, winner, record, meta, created, updated = row
    return StoredMatch(
        id=match_id,
        kind=kind,
        names=tuple(json.loads(names)),
        finished=bool(finished),
        winner=winner,
        record=record,
        meta=json.loads(meta),
        created=datetime.fromisoformat(created),
        updated=datetime.fromisoformat(updated),
    )
