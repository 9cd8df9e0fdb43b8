"""Cards as ints 0..51 and hands as 52-bit masks (RULES §1).

A card is ``suit * 13 + rank`` with ranks ``A23456789TJQK`` (0..12, ace low) and suits ``CDHS``
(0..3). A hand is an int whose bit ``c`` is set when it holds card ``c``, so each suit owns one
13-bit lane and a run can never cross suits by accident.

>>> parse_cards("AS 10d ♥️7 q♣")
(39, 22, 32, 11)
>>> format_cards(parse_cards("as td 7h"))
'AS TD 7H'
>>> pretty_card(parse_card("TD"))
'10♦'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeAlias

from ginrummy.core.errors import CardError

Card: TypeAlias = int
Mask: TypeAlias = int

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
NUM_CARDS = 52
FULL_DECK: Mask = (1 << NUM_CARDS) - 1
LANE: Mask = (1 << 13) - 1

RANK_OF: tuple[int, ...] = tuple(c % 13 for c in range(NUM_CARDS))
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(NUM_CARDS))
VALUE_OF: tuple[int, ...] = tuple(min(r + 1, 10) for r in RANK_OF)
BIT: tuple[Mask, ...] = tuple(1 << c for c in range(NUM_CARDS))

_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_VARIATION_SELECTORS = "\ufe0f\ufe0e"
_TOKEN_SPLIT = re.compile(r"[\s,;]+")


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0 = ace .. 12 = king) in ``suit`` (0..3 = C D H S)."""
    return suit * 13 + rank


def parse_card(text: str) -> Card:
    """Parse one card: ``AS``, ``10d``, ``td``, ``♠7``, ``7♠``, ``♥️10``.

    >>> parse_card("10h") == parse_card("TH") == parse_card("♥️10") == parse_card("h10")
    True
    """
    token = text.strip()
    for selector in _VARIATION_SELECTORS:
        token = token.replace(selector, "")
    token = "".join(_SYMBOL_TO_SUIT.get(ch, ch) for ch in token).upper()
    if len(token) >= 2:
        for rank_text, suit_text in ((token[:-1], token[-1]), (token[1:], token[0])):
            rank_text = "T" if rank_text == "10" else rank_text
            if len(rank_text) == 1 and rank_text in RANKS and suit_text in SUITS:
                return make_card(RANKS.index(rank_text), SUITS.index(suit_text))
    raise CardError(f"not a card: {text.strip()!r} (expected rank A23456789TJQK or 10, suit CDHS)")


def parse_cards(text: str | Iterable[str], *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of tokens).

    >>> parse_cards("AS AS")
    Traceback (most recent call last):
    ...
    ginrummy.core.errors.CardError: duplicate card: AS
    """
    tokens = _TOKEN_SPLIT.split(text.strip()) if isinstance(text, str) else list(text)
    cards = tuple(parse_card(token) for token in tokens if token)
    if not allow_duplicates:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"duplicate card: {format_card(card)}")
            seen.add(card)
    return cards


def format_card(card: Card) -> str:
    """Canonical text: ``AS``, ``TD``, ``7H``."""
    return RANKS[RANK_OF[card]] + SUITS[SUIT_OF[card]]


def pretty_card(card: Card) -> str:
    """Text for people: ``A♠``, ``10♦``."""
    rank = RANKS[RANK_OF[card]]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUIT_OF[card]]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


def pretty_cards(cards: Iterable[Card]) -> str:
    return " ".join(pretty_card(c) for c in cards)


def to_mask(cards: Iterable[Card]) -> Mask:
    mask, bit = 0, BIT
    for card in cards:
        mask |= bit[card]
    return mask


# The cards of every 13-bit lane pattern, per suit: from_mask is then four lookups.
_LANE_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(suit * 13 + r for r in range(13) if lane >> r & 1) for lane in range(1 << 13))
    for suit in range(4)
)


def from_mask(mask: Mask) -> list[Card]:
    """The cards of a mask in index order (clubs, diamonds, hearts, spades; ace to king)."""
    lanes = _LANE_CARDS
    return [
        *lanes[0][mask & LANE],
        *lanes[1][mask >> 13 & LANE],
        *lanes[2][mask >> 26 & LANE],
        *lanes[3][mask >> 39 & LANE],
    ]


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (RANK_OF[c], SUIT_OF[c]))


def deadwood_value(mask: Mask) -> int:
    """Sum of card values in ``mask`` (ace 1, faces 10)."""
    return sum(VALUE_OF[c] for c in from_mask(mask))


def count(mask: Mask) -> int:
    return mask.bit_count()
