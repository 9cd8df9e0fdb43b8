"""Helpers shared by the scripting subcommands: reading cards, writing JSON lines, stdin batches."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ginrummy.core.cards import Card, Mask, format_cards, parse_cards, to_mask
from ginrummy.core.errors import CardError, GinRummyError
from ginrummy.core.melds import Arrangement, meld_cards


def read_hand(tokens: str | Sequence[str], *, sizes: Iterable[int], who: str = "hand") -> Mask:
    """Cards given as several arguments or one quoted string, checked for count."""
    text = tokens if isinstance(tokens, str) else " ".join(tokens)
    cards = parse_cards(text)
    allowed = tuple(sizes)
    if len(cards) not in allowed:
        wanted = " or ".join(str(n) for n in allowed)
        raise CardError(f"the {who} needs {wanted} cards, not {len(cards)}")
    return to_mask(cards)


def card_list(cards: Iterable[Card]) -> list[str]:
    return format_cards(cards).split()


def arrangement_json(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "deadwood": arrangement.deadwood,
        "melds": [card_list(meld_cards(m)) for m in arrangement.melds],
        "deadwood_cards": card_list(arrangement.deadwood_cards),
    }


def arrangement_text(arrangement: Arrangement) -> str:
    """One line for an arrangement: melds separated by bars, then the deadwood."""
    melds = " | ".join(format_cards(meld_cards(m)) for m in arrangement.melds) or "no melds"
    loose = format_cards(arrangement.deadwood_cards)
    return f"{melds}  deadwood {arrangement.deadwood}" + (f" ({loose})" if loose else "")


def write_json_line(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()  # a script reading our answers line by line gets each one at once


def run_batch(answer: Callable[[str], dict[str, Any]], lines: Iterable[str]) -> int:
    """Answer each non-blank input line with one JSON line; a bad line gets ``{"error": ...}``.

    The other lines go on regardless; the exit status is 1 when any line failed, else 0.
    """
    failed = False
    for line in lines:
        if not line.strip():
            continue
        try:
            data = answer(line)
        except GinRummyError as error:
            data = {"error": str(error)}
            failed = True
        write_json_line(data)
    return 1 if failed else 0


# The largest id or count any store or library here takes: SQLite's INTEGER is 64-bit signed.
MAX_INT = 2**63 - 1


def bounded_int(low: int, high: int = MAX_INT) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number in ``low..high``; anything else is a usage error
    (exit 2) that says the range, so no huge number reaches SQLite, NumPy or a loop.

    >>> bounded_int(1, 10)("7")
    7
    >>> bounded_int(1)("99999999999999999999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be a whole number from 1 to 9223372036854775807, not '99999999999999999999'
    """
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {text!r}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


def finite_float(text: str) -> float:
    """An argparse ``type`` for an ordinary number: ``nan`` and ``inf`` are refused."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a number, not {text!r}")
    return value


# module a missing import names -> the extra that installs it
EXTRAS = {
    "textual": "tui", "numpy": "rl", "gymnasium": "rl", "pettingzoo": "rl", "ray": "ray",
    "uvicorn": "web", "starlette": "web", "psycopg": "web", "httpx2": "web",
    "matplotlib": "plot", "pyspiel": "bench", "open_spiel": "bench", "rlcard": "bench",
    "playwright": "browser",
}


def missing_extra(error: ModuleNotFoundError, what: str) -> GinRummyError:
    """The one-line error for a missing optional library: which extra to install."""
    library = (error.name or "").split(".")[0]
    extra = EXTRAS.get(library)
    install = f"pip install 'ginrummy[{extra}]'" if extra else f"pip install {library}"
    return GinRummyError(f"{what} needs {library or 'a library that is not installed'}: "
                         f"{install}")


def replace_atomically(path: str | os.PathLike[str], write: Callable[[str], None], *,
                       suffix: str = "") -> None:
    """Call ``write(temporary_path)`` beside ``path``, then rename it over ``path``: a failure
    (a full disk, Ctrl+C) leaves ``path`` as it was, never half written. OSError says why."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".ginrummy-", suffix=suffix)
    os.close(handle)
    umask = os.umask(0)
    os.umask(umask)
    try:
        write(temporary)
        os.chmod(temporary, 0o666 & ~umask)  # as open() would make it, not mkstemp's 0600
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
