"""A full disk, a read-only data directory and a damaged database: each is one StoreError line
that says what to do, in the library and through the ``ginrummy`` command, never a traceback.

Where the test may mount file systems (root, as in CI's container) it fills a real small tmpfs
and remounts one read-only; the simulated tests run everywhere.
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ginrummy.paths
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import rules_for
from ginrummy.players.base import RandomPlayer, play_match
from ginrummy.store import SQLITE_FILE, StoreError, open_store
from ginrummy.store.sqlite import SqliteStore

FLIPS = 120  # damaged copies tried; each flips 1 to 64 bits at random


def save(store: Any, match_id: str, record: str = "R") -> None:
    store.save(match_id, record, kind="tui", names=("you", "random"), finished=False,
               winner=None, meta={"lang": "en"})


def one_line(error: BaseException) -> str:
    text = str(error)
    assert text and "\n" not in text and "Traceback" not in text
    return text


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 256 KiB tmpfs of our own, unmounted after; skipped where mounting is not allowed."""
    mount = tmp_path / "disk"
    mount.mkdir()
    tried = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                           capture_output=True)
    if tried.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (not root); the simulated tests cover it")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


class FailingConnection:
    """A sqlite3 connection whose statements fail as SQLite does, for the simulated tests."""

    def __init__(self, inner: sqlite3.Connection, message: str) -> None:
        self.inner = inner
        self.message = message

    def execute(self, *args: Any) -> Any:
        raise sqlite3.OperationalError(self.message)

    def __enter__(self) -> Any:
        return self.inner.__enter__()

    def __exit__(self, *args: Any) -> Any:
        return self.inner.__exit__(*args)

    def close(self) -> None:
        self.inner.close()


# -- a full disk ---------------------------------------------------------------------------------

def test_a_full_disk_is_one_line_and_keeps_what_was_saved(small_disk: Path) -> None:
    store = open_store(f"sqlite:///{small_disk}/{SQLITE_FILE}")
    save(store, "kept", "kept record")
    with pytest.raises(StoreError) as full:
        for number in range(200):
            save(store, f"m{number}", "x" * 20_000)
    assert one_line(full.value).startswith("the disk is full")
    assert "free space and try again" in str(full.value)
    assert store.load("kept").record == "kept record"  # type: ignore[union-attr]
    store.close()


def test_a_full_disk_simulated_is_one_line(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / SQLITE_FILE)
    store._db = FailingConnection(store._db, "database or disk is full")  # type: ignore[assignment]
    for attempt in (lambda: save(store, "a"), lambda: store.list(), lambda: store.delete("a")):
        with pytest.raises(StoreError, match="^the disk is full .*free space and try again$"):
            attempt()
    store.close()


def test_no_room_for_the_data_directory_is_one_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*, create: bool = True) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "ginrummy"))

    monkeypatch.setattr(ginrummy.paths, "data_dir", full)
    with pytest.raises(StoreError, match="^the disk is full") as error:
        open_store()
    one_line(error.value)


# -- a read-only data directory ------------------------------------------------------------------

def test_a_read_only_directory_is_one_line(small_disk: Path) -> None:
    store = open_store(f"sqlite:///{small_disk}/{SQLITE_FILE}")
    save(store, "a")
    store.close()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    for name in (SQLITE_FILE, "new.sqlite3"):  # an existing store and a first one
        with pytest.raises(StoreError) as refused:
            open_store(f"sqlite:///{small_disk}/{name}")
        assert one_line(refused.value).startswith(
            f"cannot write to {small_disk} (read-only file system)")


def test_a_read_only_directory_simulated_is_one_line(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store = SqliteStore(tmp_path / SQLITE_FILE)
    store._db = FailingConnection(  # type: ignore[assignment]
        store._db, "attempt to write a readonly database")
    real = os.statvfs

    class ReadOnly:
        def __init__(self, path: Any) -> None:
            self.f_flag = real(path).f_flag | os.ST_RDONLY

    monkeypatch.setattr("ginrummy.store.failures.os.statvfs", ReadOnly)
    with pytest.raises(StoreError, match=f"^cannot write to {tmp_path} "
                                         r"\(read-only file system\)") as refused:
        save(store, "a")
    one_line(refused.value)
    store.close()


# -- a damaged database --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def store_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding six finished matches (several pages of real records)."""
    path = tmp_path_factory.mktemp("store") / SQLITE_FILE
    store = open_store(f"sqlite:///{path}")
    for number in range(6):
        match = Match.new(rules_for("classic", target=60), seed=number, names=("you", "random"))
        play_match(match, (RandomPlayer(seed=number), RandomPlayer(seed=9 + number)))
        store.save(f"m{number}", write_record(match), kind="tui", names=match.names,
                   finished=True, winner=match.winner, meta={"lang": "en"})
    store.close()  # the log is folded into the file: the bytes below are all there is
    return path


def flipped(source: Path, target: Path, *, seed: int, start: int = 0) -> None:
    data = bytearray(source.read_bytes())
    rng = random.Random(seed)
    for _ in range(rng.choice([1, 4, 16, 64])):
        data[rng.randrange(start, len(data))] ^= 1 << rng.randrange(8)
    target.write_bytes(bytes(data))


def test_a_flipped_header_says_the_database_is_damaged(store_file: Path, tmp_path: Path) -> None:
    target = tmp_path / SQLITE_FILE
    data = bytearray(store_file.read_bytes())
    data[0] ^= 0x20  # "SQLite format 3" -> "sQLite format 3"
    data[16:18] = b"\x00\x03"  # and a page size that cannot be
    target.write_bytes(bytes(data))
    with pytest.raises(StoreError) as damaged:
        open_store(f"sqlite:///{target}")
    text = one_line(damaged.value)
    assert text.startswith(f"the database {target} is damaged")
    assert "move it aside" in text and "your matches" in text


def test_a_damaged_row_says_the_database_is_damaged(store_file: Path, tmp_path: Path) -> None:
    target = tmp_path / SQLITE_FILE
    shutil.copy(store_file, target)
    with sqlite3.connect(target) as db:
        db.execute("UPDATE matches SET meta = '{\"lang\": \"e' WHERE id = 'm2'")
    store = open_store(f"sqlite:///{target}")
    assert store.load("m1") is not None  # the other rows still read
    for attempt in (lambda: store.load("m2"), lambda: store.list()):
        with pytest.raises(StoreError, match="is damaged") as damaged:
            attempt()
        assert "'m2'" in one_line(damaged.value)
    store.close()


@pytest.mark.parametrize("seed", range(FLIPS))
def test_flipped_bits_anywhere_give_one_line_or_work(store_file: Path, tmp_path: Path,
                                                     seed: int) -> None:
    """Every store operation on a damaged copy works or fails with one line: a StoreError
    (the file) or, for a record whose text a flip changed, the record reader's GinRummyError."""
    target = tmp_path / SQLITE_FILE
    flipped(store_file, target, seed=seed, start=0 if seed % 4 == 0 else 100)
    try:
        store = open_store(f"sqlite:///{target}")
        for stored in store.list():
            assert store.load(stored.id) is not None
            try:
                read_record(stored.record)
            except GinRummyError as error:
                one_line(error)
        save(store, "new")
        store.delete("m1")
        store.close()
    except StoreError as error:
        assert "is damaged" in one_line(error) or "disk failed" in str(error)


# -- through the command -------------------------------------------------------------------------

def run_ginrummy(*args: str, data_home: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "GINRUMMY_HOME"}
    env["XDG_DATA_HOME"] = str(data_home)
    return subprocess.run([sys.executable, "-m", "ginrummy", *args], env=env, text=True,
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL)


@pytest.fixture
def damaged_home(store_file: Path, tmp_path: Path) -> Path:
    home = tmp_path / "xdg"
    (home / "ginrummy").mkdir(parents=True)
    data = bytearray(store_file.read_bytes())
    data[:16] = uuid.uuid4().bytes  # no SQLite header any more
    (home / "ginrummy" / SQLITE_FILE).write_bytes(bytes(data))
    return home


@pytest.mark.parametrize("args", [("play", "--plain", "--resume"), ("play", "--history"),
                                  ("play", "--stats")])
def test_the_command_says_the_store_is_damaged_in_one_line(damaged_home: Path,
                                                           args: tuple[str, ...]) -> None:
    done = run_ginrummy(*args, data_home=damaged_home)
    assert done.returncode != 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("ginrummy play: the database ") and "is damaged" in lines[0]
    assert "move it aside" in lines[0]


def test_data_lists_a_damaged_store_without_opening_it(damaged_home: Path) -> None:
    """``ginrummy data`` shows the files and their sizes; it never reads the database, so a
    damaged one is listed (it is what the user moves aside) rather than refused."""
    done = run_ginrummy("data", data_home=damaged_home)
    assert done.returncode == 0 and done.stderr == ""
    assert SQLITE_FILE in done.stdout


def test_the_command_on_a_read_only_home_is_one_line(small_disk: Path) -> None:
    (small_disk / "ginrummy").mkdir()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    # a new match must be saved at once: the first write meets the read-only mount
    done = run_ginrummy("play", "--plain", "--opponent", "random", data_home=small_disk)
    assert done.returncode != 0
    assert done.stderr.splitlines() == [
        f"ginrummy play: cannot write to {small_disk / 'ginrummy'} (read-only file system): "
        "mount it writable or set GINRUMMY_HOME to a writable directory"]


# -- PostgreSQL ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "doing", "expected"), [
    ("DiskFull", "save to", "the PostgreSQL server's disk is full: free space there"),
    ("ReadOnlySqlTransaction", "save to", "the PostgreSQL database is read-only"),
    ("DataCorrupted", "read", "the PostgreSQL database is damaged"),
    ("InsufficientPrivilege", "read", "the PostgreSQL user may not read the matches table"),
    ("AdminShutdown", "save to", "lost the connection to the PostgreSQL server"),
    ("OperationalError", "read", "lost the connection to the PostgreSQL server"),
    ("OperationalError", "open", "cannot connect to the PostgreSQL server"),
])
def test_postgres_errors_are_one_line(name: str, doing: str, expected: str) -> None:
    psycopg = pytest.importorskip("psycopg")
    from ginrummy.store.failures import postgres_failure

    kind = getattr(psycopg.errors, name, None) or getattr(psycopg, name)
    error = postgres_failure(kind("first line\nDETAIL: more"), doing=doing)
    assert one_line(error).startswith(expected) and "DETAIL" not in str(error)


def test_an_unreachable_postgres_is_one_line() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match="^cannot connect to the PostgreSQL server") as error:
        open_store("postgresql://nobody@127.0.0.1:1/none")
    one_line(error.value)
