"""Actions and their text notation (``take``, ``pass``, ``draw stock``, ``discard KD``, ``knock 7C``).

>>> parse_action("knock 7c")
Action.parse('knock 7C')
>>> str(Action.discard(parse_card("KD")))
'discard KD'
>>> parse_action("throw KD")
Traceback (most recent call last):
...
ginrummy.core.errors.IllegalActionError: not an action: 'throw KD' (expected take, pass, draw stock, draw pile, discard CARD, knock CARD, gin CARD or big gin)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ginrummy.core.cards import Card, format_card, parse_card, pretty_card
from ginrummy.core.errors import CardError, IllegalActionError


class Kind(Enum):
    TAKE = "take"  # first turn: take the upcard (RULES §4)
    PASS = "pass"  # first turn: refuse the upcard; last chance: let the hand die
    DRAW_STOCK = "draw stock"
    DRAW_PILE = "draw pile"  # the top of the discard pile
    DISCARD = "discard"
    KNOCK = "knock"  # discard face down and lay down the hand (RULES §6.1)
    GIN = "gin"  # knock with no deadwood (§6.3)
    BIG_GIN = "big gin"  # eleven cards in melds, no discard (§6.4)


_CARD_KINDS = frozenset({Kind.DISCARD, Kind.KNOCK, Kind.GIN})
_ALIASES = {
    "draw discard": "draw pile",
    "take upcard": "take",
    "draw": "draw stock",
    "stock": "draw stock",
    "pile": "draw pile",
    "biggin": "big gin",
    "big-gin": "big gin",
}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``card`` is set for discard, knock and gin (the card thrown)."""

    kind: Kind
    card: Card | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        return parse_action(text)

    @classmethod
    def discard(cls, card: Card) -> Action:
        return cls(Kind.DISCARD, card)

    @classmethod
    def knock(cls, card: Card) -> Action:
        return cls(Kind.KNOCK, card)

    @classmethod
    def gin(cls, card: Card) -> Action:
        return cls(Kind.GIN, card)

    def __str__(self) -> str:
        if self.card is None:
            return self.kind.value
        return f"{self.kind.value} {format_card(self.card)}"

    def pretty(self) -> str:
        if self.card is None:
            return self.kind.value
        return f"{self.kind.value} {pretty_card(self.card)}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def ends_turn(self) -> bool:
        return self.kind in _CARD_KINDS or self.kind in (Kind.BIG_GIN, Kind.PASS)


# Every action exists once: the state hands these out instead of building new ones.
DISCARDS: tuple[Action, ...] = tuple(Action(Kind.DISCARD, c) for c in range(52))
KNOCKS: tuple[Action, ...] = tuple(Action(Kind.KNOCK, c) for c in range(52))
GINS: tuple[Action, ...] = tuple(Action(Kind.GIN, c) for c in range(52))
TAKE = Action(Kind.TAKE)
PASS = Action(Kind.PASS)
DRAW_STOCK = Action(Kind.DRAW_STOCK)
DRAW_PILE = Action(Kind.DRAW_PILE)
BIG_GIN = Action(Kind.BIG_GIN)

_BY_WORDS = {kind.value: kind for kind in Kind}


def parse_action(text: str) -> Action:
    """Read an action's notation; cards may use any form :func:`parse_card` accepts."""
    words = " ".join(text.strip().lower().split())
    words = _ALIASES.get(words, words)
    if words in _BY_WORDS and _BY_WORDS[words] not in _CARD_KINDS:
        return Action(_BY_WORDS[words])
    head, _, card_text = words.rpartition(" ")
    if head in _BY_WORDS and _BY_WORDS[head] in _CARD_KINDS:
        try:
            return Action(_BY_WORDS[head], parse_card(card_text))
        except CardError as error:
            raise IllegalActionError(f"{error} in action {text.strip()!r}") from None
    raise IllegalActionError(
        f"not an action: {text.strip()!r} (expected take, pass, draw stock, draw pile, "
        "discard CARD, knock CARD, gin CARD or big gin)"
    )
