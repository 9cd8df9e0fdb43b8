"""``ginrummy export ID``: a saved match as its record text, the file ``ginrummy replay`` reads.

Only a finished match is exported: a record holds every card, so an unfinished one would show
the computer's hand still in play. The record goes to stdout, or with ``--output FILE`` to that file, written atomically (a
failure leaves an older file as it was). IDs are the ones ``ginrummy play --history`` lists.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ginrummy.commands.common import replace_atomically
from ginrummy.core.errors import GinRummyError

HELP = "write a saved match as a record file (the one ginrummy replay reads)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", metavar="ID", help="the match (see ginrummy play --history)")
    parser.add_argument("--output", "-o", metavar="FILE",
                        help="write the record to FILE instead of stdout")
    parser.add_argument("--store", metavar="URL", help="match store (default: SQLite file in "
                        "the data directory; sqlite:///PATH or postgresql://...)")


def run(args: argparse.Namespace) -> int:
    from ginrummy.core.record import read_record
    from ginrummy.store import open_store

    store = open_store(_store_url(args.store))
    try:
        stored = store.load(args.id)
    finally:
        store.close()
    if stored is None:
        raise GinRummyError(f"no saved match with id {args.id!r} (see ginrummy play --history)")
    if not stored.finished:  # a record shows every card, the hand still in play's too
        raise GinRummyError(f"match {args.id!r} is not finished; a record shows every card, "
                            "so only finished matches are exported (resume it to play on)")
    read_record(stored.record)  # a damaged record is refused here, not by whoever reads it
    text = stored.record if stored.record.endswith("\n") else stored.record + "\n"
    if not args.output:
        sys.stdout.write(text)
        return 0
    try:
        replace_atomically(args.output, lambda temporary: Path(temporary).write_text(
            text, encoding="utf-8"))
    except OSError as error:
        raise GinRummyError(f"cannot write {args.output}: {error.strerror or error}") from None
    return 0


def _store_url(url: str | None) -> str | None:
    """The store to read; with no matches saved yet an empty one in memory, so looking
    creates no file."""
    if url is None:
        from ginrummy.paths import data_dir
        from ginrummy.store import SQLITE_FILE

        if not (data_dir(create=False) / SQLITE_FILE).is_file():
            return "sqlite:///:memory:"
    return url
