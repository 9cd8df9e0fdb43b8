"""The PostgreSQL backend of :mod:`ginrummy.store` (psycopg 3), chosen by a ``postgresql://`` URL.

It keeps the same table as the SQLite backend, so a match saved by one reads the same in the
other. Each ``save`` is one upsert in its own transaction, ``save_many`` several in one.
Saves are compare-and-swap on the ``version`` column (see :class:`ginrummy.store.Save`): under
READ COMMITTED an ``UPDATE ... WHERE version = %s`` that waited for another server's update of
the row checks the new row, so of two servers extending one version only the first writes.
A database created before versions gets the column when a server opens it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ginrummy.store import Save, StaleMatchError, StoredMatch, StoreError
from ginrummy.store.failures import postgres_failure

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
    serial BIGSERIAL,
    version BIGINT NOT NULL DEFAULT 1
);
ALTER TABLE matches ADD COLUMN IF NOT EXISTS version BIGINT NOT NULL DEFAULT 1;
CREATE INDEX IF NOT EXISTS matches_by_update ON matches (kind, finished, updated);
"""
_COLUMNS = "id, kind, names, finished, winner, record, meta, created, updated, version"
_INSERT = ("INSERT INTO matches (id, kind, names, finished, winner, record, meta) "
           "VALUES (%(id)s, %(kind)s, %(names)s, %(finished)s, %(winner)s, %(record)s, "
           "%(meta)s)")
_SET = ("kind = %(kind)s, names = %(names)s, finished = %(finished)s, winner = %(winner)s, "
        "record = %(record)s, meta = %(meta)s, updated = now()")
_WRITES = {  # by what the save extends: anything (None), nothing (0), a version
    "any": f"{_INSERT} ON CONFLICT (id) DO UPDATE SET {_SET}, "
           "version = matches.version + 1",
    "new": f"{_INSERT} ON CONFLICT (id) DO NOTHING",
    "next": f"UPDATE matches SET {_SET}, version = version + 1 "
            "WHERE id = %(id)s AND version = %(version)s",
}


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
            raise postgres_failure(error, doing="open") from None

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
        rows = [{"id": s.id, "kind": s.kind, "names": json.dumps(list(s.names)),
                 "finished": s.finished, "winner": s.winner, "record": s.record,
                 "meta": json.dumps(s.meta), "version": s.version} for s in saves]
        stale: list[int] = []
        try:
            with self._db.transaction(), self._db.cursor() as cursor:
                for position, (save, row) in enumerate(zip(saves, rows, strict=True)):
                    write = "any" if save.version is None else "new" if save.version == 0 \
                        else "next"
                    cursor.execute(_WRITES[write], row)
                    if cursor.rowcount != 1:
                        stale.append(position)
        except self._errors as error:
            raise postgres_failure(error, doing="save to") from None
        if stale:
            raise StaleMatchError([saves[p].id for p in stale], stale)

    def load(self, match_id: str) -> StoredMatch | None:
        rows = self._read(f"SELECT {_COLUMNS} FROM matches WHERE id = %s", (match_id,))
        return _stored(rows[0]) if rows else None

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
        rows = self._read(
            f"SELECT {_COLUMNS} FROM matches {clause} ORDER BY updated DESC, serial DESC LIMIT %s",
            (*params, limit),
        )
        return [_stored(row) for row in rows]

    def delete(self, match_id: str) -> None:
        try:
            self._db.execute("DELETE FROM matches WHERE id = %s", (match_id,))
        except self._errors as error:
            raise postgres_failure(error, doing="delete from") from None

    def close(self) -> None:
        self._db.close()

    def _read(self, query: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(query, params).fetchall()
        except self._errors as error:
            raise postgres_failure(error, doing="read") from None


def _stored(row: tuple[Any, ...]) -> StoredMatch:
    match_id, kind, names, finished, winner, record, meta, created, updated, version = row
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
        version=int(version),
    )
