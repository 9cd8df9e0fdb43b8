"""``ginrummy settle``: settle a knock between two hands.

The knocker shows the melds ``--show`` names (RULES §6.2), or without it the engine's default
arrangement, chosen from the knocker's cards alone (:mod:`ginrummy.core.showing`); the defender
answers with its best melds and layoffs. The rules are a preset (``--rules``) with any option
changed by a flag generated from the :class:`~ginrummy.core.rules.Rules` fields
(``--knock-limit 7``, ``--big-gin``). Eleven knocker cards all in melds are big gin (unless
``--no-big-gin``); eleven that are not first throw the card that leaves the best default
arrangement. With no ``--knocker``, JSON lines ``{"knocker": ..., "defender": ..., "rules": ...,
"show": [["AC", "2C", "3C"], ...]}`` are read from stdin.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ginrummy.commands.common import (
    arrangement_text,
    card_list,
    read_hand,
    run_batch,
    write_json_line,
)
from ginrummy.commands.rules_options import add_rules_options, rules_changes
from ginrummy.core.cards import Mask, format_cards, from_mask
from ginrummy.core.errors import CardError, GinRummyError
from ginrummy.core.melds import Meld, meld_cards, min_deadwood
from ginrummy.core.rules import Rules, parse_rules, rules_for
from ginrummy.core.settlement import Settlement, settle
from ginrummy.core.showing import parse_show

HELP = "settle a knock: both hands' melds, the layoffs, who scores and how much"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--knocker", nargs="+", metavar="CARDS",
                        help="the knocker's 10 cards (11 for big gin); none: read JSON lines")
    parser.add_argument("--defender", nargs="+", metavar="CARDS", help="the defender's 10 cards")
    parser.add_argument("--show", metavar="MELDS",
                        help='the melds the knocker shows, "AC 2C 3C | 2S 3S 4S 5S" (default: '
                             "the least deadwood, fewest possible layoffs)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_rules_options(parser)


def run(args: argparse.Namespace) -> int:
    changes = rules_changes(args)
    if args.knocker is None:
        if args.defender is not None or args.show is not None:
            raise CardError("--defender and --show need --knocker")
        base = rules_for(args.rules, **changes)
        return run_batch(lambda line: _answer_line(line, base, changes), sys.stdin)
    if args.defender is None:
        raise CardError("--knocker needs --defender")
    knocker = read_hand(args.knocker, sizes=(10, 11), who="knocker")
    defender = read_hand(args.defender, sizes=(10,), who="defender")
    show = None if args.show is None else parse_show(args.show)
    result = settle_hands(knocker, defender, args.rules, changes, show=show)
    if args.json:
        write_json_line(result.to_json())
    else:
        sys.stdout.write(describe(result))
    return 0


def settle_hands(knocker: Mask, defender: Mask, rules: str | Rules,
                 changes: dict[str, Any], *, show: tuple[Meld, ...] | None = None) -> Settlement:
    """Settle under ``rules`` (a preset or rules text) with ``changes`` applied, the knocker
    showing ``show`` (None: the default arrangement)."""
    base = rules if isinstance(rules, Rules) else parse_rules(rules)
    if knocker.bit_count() == 11 and "big_gin" not in changes and min_deadwood(knocker) == 0:
        changes = changes | {"big_gin": True}  # eleven melded cards given: the user means big gin
    final = base.replace(**changes) if changes else base
    # straight gin allows no knocking: only gin settles (RULES §9.2)
    return settle(knocker, defender, final, knock_limit=0 if final.straight else None, show=show)


def _answer_line(line: str, base: Rules, changes: dict[str, Any]) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        raise CardError(f"not a JSON line: {error.msg}") from None
    except (ValueError, RecursionError):  # a 5,000-digit number, arrays nested 100,000 deep
        raise CardError("not a JSON line this program reads: a number too long or nesting "
                        "too deep") from None
    if not isinstance(request, dict):
        raise CardError('expected a JSON object {"knocker": ..., "defender": ..., "rules": ...}')
    hands = []
    for side, sizes in (("knocker", (10, 11)), ("defender", (10,))):
        cards = request.get(side)
        if not isinstance(cards, (str, list)) or not all(isinstance(c, str) for c in cards):
            raise CardError(f'"{side}" must be a string of cards or a list of cards')
        hands.append(read_hand(cards, sizes=sizes, who=side))
    rules_text = request.get("rules")
    if rules_text is not None and not isinstance(rules_text, str):
        raise GinRummyError('"rules" must be a preset name or rules text')
    rules = base if rules_text is None else parse_rules(rules_text)
    return settle_hands(hands[0], hands[1], rules, changes, show=_json_show(request)).to_json()


def _json_show(request: dict[str, Any]) -> tuple[Meld, ...] | None:
    """The ``"show"`` of a JSON line: a list of melds, each a list of cards (or a string)."""
    show = request.get("show")
    if show is None:
        return None
    if isinstance(show, str):
        return parse_show(show)
    if not isinstance(show, list) or not all(
            isinstance(meld, (str, list)) and all(isinstance(c, str) for c in meld)
            for meld in show):
        raise CardError('"show" must be a list of melds, each a list of cards')
    return parse_show(" | ".join(m if isinstance(m, str) else " ".join(m) for m in show) or "-")


def describe(result: Settlement) -> str:
    """The text form: both hands as shown, the layoffs and the score."""
    lines = [
        f"knocker   {arrangement_text(result.knocker)}",
        f"defender  {arrangement_text(result.defender)}",
    ]
    for lay in result.layoffs:
        lines.append(f"lays off  {format_cards([lay.card])} onto {format_cards(meld_cards(lay.meld))}")
    if result.layoffs:
        left = card_list(from_mask(result.defender_deadwood_mask))
        lines.append(f"defender  deadwood {result.defender_deadwood} after layoffs"
                     + (f" ({' '.join(left)})" if left else ""))
    outcome = result.outcome.replace("_", " ")
    lines.append(f"result    {outcome}: the {result.winner} scores {result.points}")
    return "\n".join(lines) + "\n"
