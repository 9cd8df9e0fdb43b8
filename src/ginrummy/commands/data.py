"""``ginrummy data``: where the user's files are kept (saved matches, score sheets, logs) and how
big they are; ``--delete`` removes them after a question (``--yes`` skips it, for scripts).

Only ginrummy's own files are deleted: the match store and the sheets (SQLite files, with their
``-wal``, ``-shm`` and ``-journal`` companions) and the logs (``*.log``, such as ``bots.log``).
Anything else in the directory is listed as not ginrummy's and kept, so a ``$GINRUMMY_HOME``
pointed at a shared directory loses nothing else.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ginrummy.core.errors import GinRummyError
from ginrummy.paths import data_dir
from ginrummy.sheet.storage import FILE_NAME as SHEETS_FILE
from ginrummy.store import SQLITE_FILE

HELP = "show where matches, score sheets and logs are kept; --delete removes them"

SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")
KINDS = {  # kind -> what it holds, in the order shown
    "matches": "saved matches (the terminal and the browser game)",
    "sheets": "score sheets",
    "logs": "what external bots wrote to stderr",
    "other": "not ginrummy's: kept",
}


@dataclass(frozen=True, slots=True)
class DataFile:
    path: Path
    kind: str  # a key of KINDS
    size: int

    @property
    def ours(self) -> bool:
        return self.kind != "other"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--delete", action="store_true",
                        help="delete ginrummy's files there (asks first)")
    parser.add_argument("--yes", action="store_true",
                        help="with --delete: do not ask (for scripts)")


def run(args: argparse.Namespace) -> int:
    if args.yes and not args.delete:
        raise GinRummyError("--yes goes with --delete")
    home = data_dir(create=False)
    files = data_files(home)
    if args.delete:
        return delete(home, files, assume_yes=args.yes)
    show(home, files, sys.stdout)
    return 0


def kind_of(name: str) -> str:
    for kind, base in (("matches", SQLITE_FILE), ("sheets", SHEETS_FILE)):
        if name in {base + suffix for suffix in SQLITE_COMPANIONS}:
            return kind
    if name.endswith(".log") or ".log." in name:  # bots.log, a rotated bots.log.1
        return "logs"
    return "other"


def data_files(home: Path) -> list[DataFile]:
    """The entries of ``home`` (none if it does not exist yet), ginrummy's own first."""
    if not home.exists():
        return []
    if not home.is_dir():
        raise GinRummyError(f"{home} is not a directory (check $GINRUMMY_HOME)")
    try:
        entries = sorted(home.iterdir())
        found = [DataFile(path, kind_of(path.name) if path.is_file() else "other", _size(path))
                 for path in entries]
    except OSError as error:
        raise GinRummyError(f"cannot read {home}: {error.strerror or error}") from None
    order = list(KINDS)
    return sorted(found, key=lambda f: (order.index(f.kind), f.path.name))


def show(home: Path, files: list[DataFile], out: TextIO) -> None:
    from ginrummy.cli import command_name

    where = "from $GINRUMMY_HOME" if os.environ.get("GINRUMMY_HOME") else (
        "set $GINRUMMY_HOME to keep them elsewhere")
    state = "" if home.exists() else "; not made yet"
    out.write(f"ginrummy keeps its files in {home} ({where}{state}):\n")
    width = max([len(f.path.name) for f in files] + [16])
    for kind, meaning in KINDS.items():
        mine = [f for f in files if f.kind == kind]
        if not mine and kind == "other":
            continue
        out.write(f"  {kind:<8} {meaning}\n")
        if not mine:
            out.write("           none yet\n")
        for file in mine:
            out.write(f"           {file.path.name:<{width}} {format_size(file.size):>10}\n")
    ours = [f for f in files if f.ours]
    total = sum(f.size for f in ours)
    out.write(f"{_files(len(ours))}, {format_size(total)}. Matches saved with --store URL or "
              "served with --db URL are kept there instead.\n")
    if ours:
        out.write(f"Delete them with: {command_name()} data --delete\n")


def delete(home: Path, files: list[DataFile], *, assume_yes: bool) -> int:
    ours = [f for f in files if f.ours]
    if not ours:
        print(f"Nothing to delete in {home}.")
        return 0
    question = f"Delete {_files(len(ours))} ({format_size(sum(f.size for f in ours))}) in {home}?"
    if not assume_yes:
        if not sys.stdin.isatty():
            sys.stderr.write("ginrummy data: not deleting without a terminal to ask; "
                             "add --yes to delete anyway\n")
            return 2
        if not confirm(question + " [y/N] "):
            print("Nothing deleted.")
            return 1
    for file in ours:
        try:
            file.path.unlink(missing_ok=True)
        except OSError as error:
            raise GinRummyError(f"cannot delete {file.path}: {error.strerror or error}") from None
    if all(f.ours for f in files):
        try:
            home.rmdir()  # empty now: ginrummy makes it again when it next saves something
        except OSError:
            pass
    print(f"Deleted {_files(len(ours))} in {home}.")
    return 0


def confirm(question: str) -> bool:
    sys.stdout.write(question)
    sys.stdout.flush()
    answer = sys.stdin.readline()
    if not answer.endswith("\n"):
        sys.stdout.write("\n")  # end of input: the answer is no
    return answer.strip().lower() in ("y", "yes")


def format_size(size: int) -> str:
    """``5 bytes``, ``12.0 KB``, ``3.4 MB``: a size for people (KB = 1024 bytes)."""
    if size < 1024:
        return "1 byte" if size == 1 else f"{size} bytes"
    kb = size / 1024
    if kb < 1024:
        return f"{kb:.1f} KB"
    if kb < 1024 * 1024:
        return f"{kb / 1024:.1f} MB"
    return f"{kb / 1024 / 1024:.1f} GB"


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _files(count: int) -> str:
    return f"{count} file" if count == 1 else f"{count} files"
