"""The PostgreSQL backend of :mod:`ginrummy.store` (psycopg 3), chosen by a ``postgresql://`` URL.

It keeps the same table as the SQLite backend, so a match saved by one reads the same in the
other. Each ``save`` is one upsert in its own transaction, ``save_many`` several in one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ginrummy.store import Save, StoredMatch, StoreError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    names JSONB NOT NULL,
    finished BOOLEAN NOT NULL,
    winner INTEGER,
    record TEXT NOT NULL,
    meta JSONB NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated TIMESTAMPTZ NOT NULL DEFAULT now(),
    serial BIGSERIAL
);
CREATE INDEX IF NOT EXISTS matches_by_update ON matches (kind, finished, updated);
"""
_COLUMNS = "id, kind, names, finished, winner, record, meta, created, updated"


class PostgresStore:
    """Matches in a PostgreSQL database; the URL is a libpq connection string."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                "PostgreSQL needs psycopg: pip install 'ginrummy[web]'"
            ) from None
        self._errors = (psycopg.Error,)
        try:
            self._db = psycopg.connect(url, autocommit=True, connect_timeout=10)
            with self._db.transaction():
                # Two servers starting at once must not race to create the table.
                self._db.execute("SELECT pg_advisory_xact_lock(7026)")
                self._db.execute(_SCHEMA)
        except psycopg.Error as error:
            raise StoreError(f"cannot open the PostgreSQL match store: {error}") from None

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
        rows = [(s.id, s.kind, json.dumps(list(s.names)), s.finished, s.winner, s.record,
                 json.dumps(s.meta)) for s in saves]
        try:
            with self._db.transaction(), self._db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO matches (id, kind, names, finished, winner, record, meta) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s) "
                    "ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, "
                    "names = excluded.names, finished = excluded.finished, "
                    "winner = excluded.winner, record = excluded.record, "
                    "meta = excluded.meta, updated = now()",
                    rows,
                )
        except self._errors as error:
            which = f"match {saves[0].id}" if len(saves) == 1 else f"{len(saves)} matches"
            raise StoreError(f"cannot save {which}: {error}") from None

    def load(self, match_id: str) -> StoredMatch | None:
        row = self._db.execute(
            f"SELECT {_COLUMNS} FROM matches WHERE id = %s", (match_id,)
        ).fetchone()
        return None if row is None else _stored(row)

    def list(
        self, *, kind: str | None = None, finished: bool | None = None, limit: int = 100
    ) -> list[StoredMatch]:
        """Newest first."""
        where: list[str] = []
        params: list[Any] = []
        if kind is not None:
            where.append("kind = %s")
            params.append(kind)
        if finished is not None:
            where.append("finished = %s")
            params.append(finished)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        rows = self._db.execute(
            f"SELECT {_COLUMNS} FROM matches {clause} ORDER BY updated DESC, serial DESC LIMIT %s",
            (*params, limit),
        ).fetchall()
        return [_stored(row) for row in rows]

    def delete(self, match_id: str) -> None:
        self._db.execute("DELETE FROM matches WHERE id = %s", (match_id,))

    def close(self) -> None:
        self._db.close()


def _stored(row: tuple[Any, ...]) -> StoredMatch:
    match_id, kind, names, finished, winner, record, meta, created, updated = row
    return StoredMatch(
        id=match_id,
        kind=kind,
        names=tuple(names),
        finished=bool(finished),
        winner=winner,
        record=record,
        meta=dict(meta),
        created=created,
        updated=updated,
    )
