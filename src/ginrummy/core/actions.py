"""Actions and their text notation (``take``, ``pass``, ``draw stock``, ``discard KD``, ``knock 7C``).

A knock may also say what the knocker shows (RULES §6.2): ``knock 7C show AC 2C 3C | 2S 3S 4S 5S``;
without it the engine shows the default arrangement (:mod:`ginrummy.core.showing`).

>>> parse_action("knock 7c")
Action.parse('knock 7C')
>>> parse_action("knock 7c show 2s 3s 4s 5s | ac 2c 3c")
Action.parse('knock 7C show AC 2C 3C | 2S 3S 4S 5S')
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

from ginrummy.core.cards import Card, Mask, format_card, parse_card, pretty_card
from ginrummy.core.errors import CardError, IllegalActionError
from ginrummy.core.showing import format_show, parse_show


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
    """One decision. ``card`` is set for discard, knock and gin (the card thrown); ``show`` is
    set only on a knock that says which melds it lays down (None: the default arrangement)."""

    kind: Kind
    card: Card | None = None
    show: tuple[Mask, ...] | None = None

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

    def with_show(self, melds: tuple[Mask, ...] | list[Mask]) -> Action:
        """This knock, showing ``melds`` (checked when it is played, against the hand)."""
        if self.kind is not Kind.KNOCK:
            raise IllegalActionError(f"only a knock says what it shows, not {self}", rule="§6.2",
                                     code="show_not_knock")
        return Action(self.kind, self.card, tuple(sorted(melds)))

    @property
    def plain(self) -> Action:
        """The action without what it shows: the one ``legal_actions`` lists."""
        return self if self.show is None else Action(self.kind, self.card)

    def __str__(self) -> str:
        if self.card is None:
            return self.kind.value
        text = f"{self.kind.value} {format_card(self.card)}"
        return text if self.show is None else f"{text} show {format_show(self.show)}"

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
    words, shows, show_text = words.partition(" show ")
    if shows:
        return _parse_knock_show(text, words, show_text)
    words = _ALIASES.get(words, words)
    if words in _BY_WORDS and _BY_WORDS[words] not in _CARD_KINDS:
        return Action(_BY_WORDS[words])
    head, _, card_text = words.rpartition(" ")
    if head in _BY_WORDS and _BY_WORDS[head] in _CARD_KINDS:
        try:
            return Action(_BY_WORDS[head], parse_card(card_text))
        except CardError as error:
            # the card as typed (its case kept): the words were lowered to be matched
            raise IllegalActionError(f"{error} in action {text.strip()!r}", code="not_a_card",
                                     params={"text": text.split()[-1]}) from None
    raise IllegalActionError(
        f"not an action: {text.strip()!r} (expected take, pass, draw stock, draw pile, "
        "discard CARD, knock CARD, gin CARD or big gin)",
        code="not_an_action", params={"text": text.strip()},
    )


def _parse_knock_show(text: str, head: str, show_text: str) -> Action:
    action = parse_action(head)
    if action.kind is not Kind.KNOCK:
        raise IllegalActionError(f"only a knock says what it shows: {text.strip()!r}", rule="§6.2",
                                 code="show_not_knock")
    try:
        return action.with_show(parse_show(show_text))
    except CardError as error:
        # a meld that is no meld says so; a card that cannot be read spoils the whole show
        code, params = ((error.code, error.params) if error.code
                        else ("bad_show", {"text": show_text.upper()}))
        raise IllegalActionError(f"{error} in action {text.strip()!r}", code=code,
                                 params=params) from None
