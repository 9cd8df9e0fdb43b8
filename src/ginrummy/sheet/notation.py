"""The sheet's text notation: one line per hand, and a whole sheet as a record that re-imports.

A hand is written as the players would say it::

    Ann knocks 8, Bob 25                  counts: the other's deadwood after layoffs
    Bob gin, Ann 23
    Ann big gin, Bob 12
    Ann knocks with 7S 7H 7D 9C TC JC 3H 4H 5H 8D, Bob 2S 3S 4S QD QH QC 8C KH 5D TS
    dead
    Ann knocks 5, Bob 20, upcard 7S       Oklahoma: the first upcard

>>> from ginrummy.core.rules import rules_for
>>> sheet = read_sheet(write_sheet(Sheet(rules_for("modern"), ("Ann", "Bob"))))
>>> entry = parse_entry("bob GIN, ann 23", sheet.names)
>>> format_entry(entry, sheet.names)
'Bob gin, Ann 23'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ginrummy.core.cards import format_card, format_cards, parse_card, parse_cards
from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import parse_rules
from ginrummy.sheet.model import MAX_DEADWOOD, Entry, EntryKind, Sheet, SheetError

FORMAT_VERSION = "1"
_HOW = re.compile(r"^(knocks?|big[\s-]*gin|gin)(?:\s+(?:with\s+)?(.*))?$", re.IGNORECASE)
_COUNT = re.compile(r"^[+-]?\d+$")
_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]$')
_LINE = re.compile(r"^(\d{1,9})\.\s+(.+)$")  # a longer number is no hand number: unread
_KINDS: dict[str, EntryKind] = {"knock": "knock", "knocks": "knock", "gin": "gin"}


def _split_name(part: str, names: Sequence[str]) -> tuple[int, str]:
    """The seat whose name starts ``part``, and the rest of ``part``."""
    lowered = part.lower()
    for seat in sorted(range(len(names)), key=lambda s: -len(names[s])):
        name = names[seat].lower()
        if lowered == name or lowered.startswith(name + " "):
            return seat, part[len(name):].strip()
    first = part.split()[0] if part.split() else part
    raise SheetError(f"unknown player {first!r} in {part!r}; the players are "
                     f"{', '.join(names[:-1])} and {names[-1]}")


def parse_amount(text: str, who: str) -> tuple[int | None, tuple[int, ...]]:
    """A deadwood count or a list of cards (neither: ``(None, ())``)."""
    text = text.strip()
    if not text:
        return None, ()
    if _COUNT.match(text):
        if len(text) > 6:  # far too many; and int() of 5,000 digits raises
            shown = text if len(text) <= 20 else text[:20] + "..."
            raise SheetError(f"deadwood must be between 0 and {MAX_DEADWOOD}, not {shown}")
        return int(text), ()
    try:
        return None, tuple(parse_cards(text))
    except GinRummyError as error:
        raise SheetError(f"{who}: expected a deadwood count or cards ({error})") from None


def parse_entry(text: str, names: Sequence[str]) -> Entry:
    """Read one hand in the sheet's notation (case and spacing are free)."""
    parts = [part.strip() for part in text.strip().split(",") if part.strip()]
    if not parts:
        raise SheetError("an empty entry; try 'Ann knocks 8, Bob 25', 'Bob gin, Ann 23' or 'dead'")
    upcard = None
    if parts[-1].lower().startswith("upcard"):
        try:
            upcard = parse_card(parts.pop()[len("upcard"):].strip())
        except GinRummyError as error:
            raise SheetError(f"upcard: {error}") from None
    if len(parts) == 1 and parts[0].lower() in ("dead", "dead hand"):
        return Entry("dead", None, upcard=upcard)
    if len(parts) != 2:
        raise SheetError(f"cannot read {text.strip()!r}; write it like 'Ann knocks 8, Bob 25'")
    ender, rest = _split_name(parts[0], names)
    how = _HOW.match(rest)
    if not how:
        raise SheetError(f"say how {names[ender]} ended the hand: knocks, gin or big gin")
    word = how.group(1).lower()
    kind: EntryKind = "big_gin" if word.startswith("big") else _KINDS[word]
    ender_count, ender_cards = parse_amount(how.group(2) or "", names[ender])
    other, other_rest = _split_name(parts[1], names)
    if other == ender:
        raise SheetError(f"the second part is the other player's, not {names[ender]}'s")
    for word_before in ("holds ", "has "):
        if other_rest.lower().startswith(word_before):
            other_rest = other_rest[len(word_before):]
    other_count, other_cards = parse_amount(other_rest, names[other])
    if bool(ender_cards) != bool(other_cards):
        raise SheetError("give both hands as cards, or both deadwood counts")
    if kind == "knock" and not ender_cards and ender_count is None:
        raise SheetError(f"give {names[ender]}'s deadwood: '{names[ender]} knocks 8, ...'")
    return Entry(kind, ender, other, ender_count, other_count, ender_cards, other_cards, upcard)


def format_entry(entry: Entry, names: Sequence[str]) -> str:
    """The entry in the notation :func:`parse_entry` reads."""
    if entry.kind == "dead" or entry.ender is None:
        text = "dead"
    else:
        assert entry.other is not None
        ender, other = names[entry.ender], names[entry.other]
        how = {"knock": "knocks", "gin": "gin", "big_gin": "big gin"}[entry.kind]
        if entry.by_cards:
            text = (f"{ender} {how} with {format_cards(entry.ender_cards)}, "
                    f"{other} {format_cards(entry.other_cards)}")
        else:
            count = f" {entry.ender_deadwood}" if entry.kind == "knock" else ""
            text = f"{ender} {how}{count}, {other} {entry.other_deadwood}"
    if entry.upcard is not None:
        text += f", upcard {format_card(entry.upcard)}"
    return text


def write_sheet(sheet: Sheet) -> str:
    """The sheet as a record: tags, then one numbered line per hand (comments say the score)."""
    lines = [
        '[Sheet "Gin Rummy score sheet"]',
        f'[Format "{FORMAT_VERSION}"]',
        f'[Rules "{sheet.rules}"]',
        *(f'[Player{seat} "{name}"]' for seat, name in enumerate(sheet.names)),
        f'[FirstDealer "{sheet.names[sheet.first_dealer]}"]',
        "",
    ]
    for number, (entry, score) in enumerate(zip(sheet.entries, sheet.results, strict=True), 1):
        lines.append(f"{number}. {format_entry(entry, sheet.names)}")
        if score.winner is not None:
            lines.append(f"; {score.outcome}: {sheet.names[score.winner]} scores {score.points}")
    if sheet.is_over and sheet.winner is not None:
        totals = " - ".join(str(t) for t in sheet.totals())
        lines.append(f"; game over: {sheet.names[sheet.winner]} wins {totals}")
    return "\n".join(lines) + "\n"


def read_sheet(text: str | Iterable[str]) -> Sheet:
    """Rebuild a sheet from :func:`write_sheet`'s text; errors name the line that fails."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    tags: dict[str, str] = {}
    sheet: Sheet | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        try:
            tag = _TAG.match(line)
            if tag and sheet is None:
                tags[tag.group(1)] = tag.group(2)
                continue
            sheet = sheet or _new_sheet(tags)
            hand = _LINE.match(line)
            if not hand:
                raise SheetError(f"cannot read {line!r}")
            if int(hand.group(1)) != len(sheet.entries) + 1:
                raise SheetError(f"expected hand {len(sheet.entries) + 1}, found {hand.group(1)}")
            sheet.add(parse_entry(hand.group(2), sheet.names))
        except GinRummyError as error:
            raise SheetError(f"line {number}: {error}") from None
    if sheet is None:  # a sheet with no hands yet
        try:
            sheet = _new_sheet(tags)
        except GinRummyError as error:
            raise SheetError(str(error)) from None
    return sheet


def _new_sheet(tags: dict[str, str]) -> Sheet:
    if "Player0" not in tags or "Player1" not in tags:
        raise SheetError("a sheet record needs the Player0 and Player1 tags")
    names = tuple(tags[f"Player{seat}"] for seat in range(4) if f"Player{seat}" in tags)
    sheet = Sheet(parse_rules(tags.get("Rules", "classic")), names)
    first = sheet.seat_of(tags.get("FirstDealer", names[0]))
    return Sheet(sheet.rules, names, first_dealer=first)
