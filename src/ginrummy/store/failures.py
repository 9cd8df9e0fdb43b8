"""One line for every way a database can fail: what is wrong and what to do.

The backends pass each ``sqlite3``, ``psycopg`` or file-system error through these functions,
so a full disk, a read-only directory or a damaged file reaches the user as one
:class:`~ginrummy.store.StoreError` line, never as a traceback.

>>> import errno
>>> print(os_failure(OSError(errno.ENOSPC, "No space left on device", "/data/x"), doing="save"))
the disk is full (cannot save /data/x): free space and try again
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from ginrummy.store import StoreError

MAX_DETAIL = 120  # characters of the driver's own words kept (a damaged row may be long)

# SQLite's primary result codes (https://sqlite.org/rescode.html), as Python names them
_FULL = {"SQLITE_FULL"}
_DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
_WRITE = {"SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_IOERR"}
_BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}


def one_line(text: object) -> str:
    """The first line of a driver's message, cut short: the user gets one line."""
    lines = str(text).strip().splitlines() or [""]
    line = lines[0]
    return line if len(line) <= MAX_DETAIL else line[:MAX_DETAIL - 3] + "..."


def damaged(path: str, detail: object) -> StoreError:
    return StoreError(
        f"the database {path} is damaged ({one_line(detail)}): move it aside (rename it) and "
        "ginrummy starts a new one; your matches stay in the moved file, and "
        f"'sqlite3 FILE .recover' may bring them back")


def unwritable(folder: str) -> StoreError | None:
    """Why ``folder`` cannot be written, if it cannot: a read-only mount or its permissions."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return StoreError(f"cannot write to {folder} (read-only file system): mount it "
                              "writable or set GINRUMMY_HOME to a writable directory")
    except OSError:
        return None  # it does not exist yet: the caller's own error says more
    if not os.access(folder, os.W_OK):
        return StoreError(f"cannot write to {folder} (permission denied): fix its permissions "
                          "or set GINRUMMY_HOME to a writable directory")
    return None


def os_failure(error: OSError, *, doing: str) -> StoreError:
    """A file-system error (creating the data directory, say) as one line."""
    where = f" {error.filename}" if error.filename else ""
    if error.errno == errno.ENOSPC:
        return StoreError(f"the disk is full (cannot {doing}{where}): free space and try again")
    if error.errno == errno.EROFS:
        return StoreError(f"cannot write to{where or ' the data directory'} (read-only file "
                          "system): mount it writable or set GINRUMMY_HOME to a writable "
                          "directory")
    if error.errno in (errno.EACCES, errno.EPERM):
        return StoreError(f"cannot write to{where or ' the data directory'} (permission "
                          "denied): fix its permissions or set GINRUMMY_HOME to a writable "
                          "directory")
    return StoreError(f"cannot {doing}{where}: {one_line(error.strerror or error)}")


def sqlite_failure(error: sqlite3.Error | OSError, path: str, *, doing: str) -> StoreError:
    """What went wrong with the SQLite file at ``path`` while trying to ``doing`` it."""
    if isinstance(error, OSError):
        return os_failure(error, doing=doing)
    name = (getattr(error, "sqlite_errorname", None) or "").split("_", 2)
    code = "_".join(name[:2])  # SQLITE_IOERR_WRITE -> SQLITE_IOERR
    text = str(error)
    folder = str(Path(path).resolve().parent) if path != ":memory:" else ""
    if code in _FULL or "disk is full" in text:
        return StoreError(f"the disk is full (cannot {doing} {path}): free space and try again")
    if code in _DAMAGED or "malformed" in text or "not a database" in text \
            or "Could not decode" in text:  # a bit flip that broke a row's text
        return damaged(path, text)
    if code in _WRITE or "readonly" in text:
        reason = unwritable(folder) if folder else None
        if reason is not None:
            return reason
        if code == "SQLITE_IOERR":
            return StoreError(f"the disk failed while trying to {doing} {path} "
                              f"({one_line(text)}): check the disk and try again")
    if code in _BUSY:
        return StoreError(f"the match store {path} is busy (another program holds it): "
                          "close it or try again in a moment")
    return StoreError(f"cannot {doing} the match store {path}: {one_line(text)}")


def postgres_failure(error: Exception, *, doing: str) -> StoreError:
    """What went wrong with the PostgreSQL server, by the error's SQLSTATE
    (https://www.postgresql.org/docs/current/errcodes-appendix.html)."""
    state = getattr(error, "sqlstate", None) or ""
    text = one_line(error)
    if state == "53100":
        return StoreError("the PostgreSQL server's disk is full: free space there and try "
                          "again")
    if state == "25006":
        return StoreError("the PostgreSQL database is read-only (a standby, or "
                          "default_transaction_read_only): point --db at the primary")
    if state in ("XX001", "XX002"):
        return StoreError(f"the PostgreSQL database is damaged ({text}): restore it from a "
                          "backup")
    if state == "42501":
        return StoreError(f"the PostgreSQL user may not {doing} the matches table ({text}): "
                          "grant it the rights")
    if (state.startswith(("08", "57P")) or not state) and doing == "open":
        return StoreError(f"cannot connect to the PostgreSQL server ({text}): check the URL "
                          "and that the server runs")
    if state.startswith(("08", "57P")) or not state:
        return StoreError(f"lost the connection to the PostgreSQL server ({text}): check that "
                          "it runs, then start again")
    return StoreError(f"cannot {doing} the PostgreSQL match store: {text}")
