"""Saved score sheets: SQLite (standard ``sqlite3``) in the user's data directory.

Each sheet is stored as its record text (:func:`write_sheet`), the one durable format, so a
stored sheet, an exported one and a re-imported one are the same thing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ginrummy.paths import data_dir
from ginrummy.sheet.model import Sheet, SheetError
from ginrummy.sheet.notation import read_sheet, write_sheet

FILE_NAME = "sheets.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS sheets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    record TEXT NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class StoredSheet:
    id: int
    updated: str
    sheet: Sheet


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M")


class SheetStore:
    """The sheets in ``path`` (default: ``data_dir()/sheets.sqlite3``)."""

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            try:
                path = data_dir() / FILE_NAME
            except OSError as error:  # $GINRUMMY_HOME names a file, or a folder we cannot make
                raise SheetError(f"cannot create the data directory {error.filename}: "
                                 f"{error.strerror or error}") from None
        self.path = path

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            connection = sqlite3.connect(self.path)
            try:
                connection.execute(_SCHEMA)
                with connection:  # one transaction: committed, or rolled back on error
                    yield connection
            finally:
                connection.close()
        except sqlite3.Error as error:
            raise SheetError(f"cannot use the sheet store {self.path}: {error}") from None

    def create(self, sheet: Sheet) -> int:
        with self._connect() as db:
            cursor = db.execute(
                "INSERT INTO sheets (created, updated, record) VALUES (?, ?, ?)",
                (_now(), _now(), write_sheet(sheet)),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def load(self, sheet_id: int) -> Sheet:
        with self._connect() as db:
            row = db.execute("SELECT record FROM sheets WHERE id = ?", (sheet_id,)).fetchone()
        if row is None:
            raise SheetError(f"no sheet {sheet_id}; 'ginrummy sheet list' shows the sheets")
        try:
            return read_sheet(row[0])
        except SheetError as error:
            raise SheetError(f"sheet {sheet_id} cannot be read back ({error})") from None

    def save(self, sheet_id: int, sheet: Sheet) -> None:
        with self._connect() as db:
            cursor = db.execute(
                "UPDATE sheets SET updated = ?, record = ? WHERE id = ?",
                (_now(), write_sheet(sheet), sheet_id),
            )
            if cursor.rowcount != 1:
                raise SheetError(f"no sheet {sheet_id}")

    def all(self) -> list[StoredSheet]:
        """Every sheet that reads back; see :meth:`damaged` for those that do not."""
        return [item for item in self._rows() if isinstance(item, StoredSheet)]

    def damaged(self) -> list[tuple[int, str]]:
        """The sheets whose stored record no longer reads: (id, why)."""
        return [item for item in self._rows() if not isinstance(item, StoredSheet)]

    def _rows(self) -> list[StoredSheet | tuple[int, str]]:
        with self._connect() as db:
            rows = db.execute("SELECT id, updated, record FROM sheets ORDER BY id").fetchall()
        found: list[StoredSheet | tuple[int, str]] = []
        for sheet_id, updated, record in rows:
            try:
                found.append(StoredSheet(sheet_id, updated, read_sheet(record)))
            except SheetError as error:  # one bad record must not hide the others
                found.append((sheet_id, str(error)))
        return found
