"""Helpers shared by the scripting subcommands: reading cards, writing JSON lines, stdin batches."""

from __future__ import annotations

import json
import sys
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
