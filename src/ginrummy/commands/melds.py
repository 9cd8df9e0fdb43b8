"""``ginrummy melds CARDS...``: the best arrangement of a hand and its deadwood.

Ten cards give the least-deadwood arrangement; eleven give the best discard and the arrangement
left after it. With no CARDS, one hand per line is read from stdin and one JSON line written each.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ginrummy.commands.common import (
    arrangement_json,
    read_hand,
    run_batch,
    write_json_line,
)
from ginrummy.core.cards import BIT, RANK_OF, VALUE_OF, Card, Mask, format_card
from ginrummy.core.melds import best_arrangement, best_discards

HELP = "best arrangement and deadwood of a 10-card hand (11 cards: the best discard too)"
HAND_SIZES = (10, 11)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards", nargs="*", metavar="CARDS",
        help='10 or 11 cards, as several arguments or one quoted string ("AS 2S 3S ..."); '
        "none: read one hand per line from stdin",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    if not args.cards:
        return run_batch(lambda line: analyse(read_hand(line, sizes=HAND_SIZES)), sys.stdin)
    data = analyse(read_hand(args.cards, sizes=HAND_SIZES))
    if args.json:
        write_json_line(data)
    else:
        sys.stdout.write(describe(data))
    return 0


def choose_discard(hand: Mask) -> Card:
    """The discard leaving least deadwood; among equals the most expensive card (RULES §8 E)."""
    cards, _ = best_discards(hand)
    return max(cards, key=lambda card: (VALUE_OF[card], RANK_OF[card], card))


def analyse(hand: Mask) -> dict[str, Any]:
    """The ``--json`` object for a 10- or 11-card hand."""
    discard = choose_discard(hand) if hand.bit_count() == 11 else None
    kept = hand if discard is None else hand ^ BIT[discard]
    data = arrangement_json(best_arrangement(kept))
    if discard is not None:
        data["discard"] = format_card(discard)
    return data


def describe(data: dict[str, Any]) -> str:
    """The text form: the discard (11 cards), the melds, the deadwood cards and their sum."""
    lines = []
    if "discard" in data:
        lines.append(f"discard   {data['discard']}")
    melds = " | ".join(" ".join(meld) for meld in data["melds"]) or "none"
    lines.append(f"melds     {melds}")
    loose = " ".join(data["deadwood_cards"])
    lines.append(f"deadwood  {data['deadwood']}" + (f"  ({loose})" if loose else "  (gin)"))
    return "\n".join(lines) + "\n"

