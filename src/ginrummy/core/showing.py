"""What a knocker shows, chosen from its own information only (RULES §6.2).

The knocker lays its hand down before the defender shows anything, so the arrangement it shows
may depend on its own cards and on what has been played, never on the defender's hidden hand.
What it shows decides what the defender can lay off: a card is a **layoff target** of a shown
arrangement when it could be laid off onto one of its melds (the fourth card of a set of three,
or a card extending a run, chained card by card), and it could be in the defender's hand, that
is, it is neither the knocker's own nor in the discard pile.

**The default policy** (used when a knock does not say what to show): the arrangement with the
least deadwood; among equal deadwood, the fewest targets the defender is known to hold (cards it
took from the pile and kept), then the fewest direct targets (cards that lay off by themselves),
then the fewest targets counting chains, then a fixed order of the melds.

**Worth showing** (:func:`show_options`): an arrangement is left out when another has no more
deadwood and a subset of its targets, direct and chained, since that one is never worse.

>>> from ginrummy.core.cards import parse_cards, to_mask
>>> hand = to_mask(parse_cards("AC 2C 3C 2S 3S 4S 5S 2D AD 4H"))
>>> [format_show(a.melds) for a in show_options(hand, 10)]
['AC 2C 3C | 2S 3S 4S 5S', '2C 2D 2S | 3S 4S 5S', 'AC 2C 3C | 3S 4S 5S']
>>> format_show(default_show(hand, 10).melds)
'AC 2C 3C | 2S 3S 4S 5S'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ginrummy.core.cards import (
    BIT,
    RANK_OF,
    SUIT_OF,
    Card,
    Mask,
    format_cards,
    from_mask,
    parse_cards,
)
from ginrummy.core.errors import CardError, IllegalActionError
from ginrummy.core.melds import (
    Arrangement,
    Meld,
    is_meld,
    iter_arrangements,
    mask_value,
    meld_kind,
    min_deadwood,
)

Melds = tuple[Meld, ...]
_ALL_SUITS_OF_RANK = 0x0008004002001  # one bit per suit at rank 0; shift by the rank


@dataclass(frozen=True, slots=True)
class Targets:
    """The cards the defender could lay off onto a shown arrangement."""

    direct: Mask  # each lays off by itself
    chained: Mask  # direct ones and those that need the cards between them too


def layoff_targets(melds: Iterable[Meld], *, blocked: Mask) -> Targets:
    """The layoff targets of ``melds``; ``blocked`` cards (the knocker's own, the discard pile)
    cannot be in the defender's hand and stop a run's chain."""
    direct = chained = 0
    for meld in melds:
        if meld_kind(meld) == "set":
            if meld.bit_count() == 3:
                missing = (_ALL_SUITS_OF_RANK << RANK_OF[meld.bit_length() - 1]) ^ meld
                if not missing & blocked:
                    direct |= missing
                    chained |= missing
            continue
        low = (meld & -meld).bit_length() - 1
        high = meld.bit_length() - 1
        first, last = SUIT_OF[low] * 13, SUIT_OF[low] * 13 + 12
        for start, step in ((high + 1, 1), (low - 1, -1)):
            card = start
            while first <= card <= last and not blocked & BIT[card]:
                if card == start:
                    direct |= BIT[card]
                chained |= BIT[card]
                card += step
    return Targets(direct, chained)


def _canonical(melds: Melds) -> Melds:
    return tuple(sorted(melds))


ShowKey = tuple[int, int, int, int, Melds]  # the default policy's order: smaller is better


def _key(arrangement: Arrangement, targets: Targets, known: Mask) -> ShowKey:
    return (arrangement.deadwood, (targets.chained & known).bit_count(), targets.direct.bit_count(),
            targets.chained.bit_count(), _canonical(arrangement.melds))


def _ranked(hand: Mask, knock_limit: int, *, dead: Mask, known: Mask,
            knock_card: Card | None) -> list[tuple[ShowKey, Arrangement, Targets]]:
    blocked = hand | dead | (0 if knock_card is None else BIT[knock_card])
    known &= ~blocked
    found = []
    for arrangement in iter_arrangements(hand):
        if arrangement.deadwood <= knock_limit:
            targets = layoff_targets(arrangement.melds, blocked=blocked)
            found.append((_key(arrangement, targets, known), arrangement, targets))
    found.sort(key=lambda item: item[0])
    return found


def show_options(hand: Mask, knock_limit: int, *, dead: Mask = 0, known: Mask = 0,
                 knock_card: Card | None = None) -> list[Arrangement]:
    """The arrangements of ``hand`` (the ten cards laid down) worth showing for a knock within
    ``knock_limit``, the default first. ``dead`` is the discard pile as the knocker saw it,
    ``known`` the cards it knows the defender holds; ``knock_card`` is thrown face down.

    A hand that is gin has one option, its melds; a hand above the limit has none.
    """
    found = _ranked(hand, knock_limit, dead=dead, known=known, knock_card=knock_card)
    if not found or found[0][1].deadwood == 0:
        return [arrangement for _, arrangement, _ in found[:1]]
    kept: list[tuple[Arrangement, Targets]] = []
    for _, arrangement, targets in found:
        if not any(_dominates(other, arrangement, mine=targets, theirs=other_targets)
                   for other, other_targets in kept):
            kept.append((arrangement, targets))
    return [arrangement for arrangement, _ in kept]


def _dominates(other: Arrangement, arrangement: Arrangement, *, mine: Targets,
               theirs: Targets) -> bool:
    """Whether showing ``other`` is never worse than showing ``arrangement`` (sorted before it)."""
    return (other.deadwood <= arrangement.deadwood
            and not theirs.direct & ~mine.direct and not theirs.chained & ~mine.chained)


def default_key(hand: Mask, knock_limit: int, *, dead: Mask = 0, known: Mask = 0,
                knock_card: Card | None = None) -> tuple[ShowKey, Arrangement] | None:
    """The default arrangement of ``hand`` with its rank in the default order (None when no
    arrangement is within the limit): an eleven-card knocker compares its discards by it."""
    found = _ranked(hand, knock_limit, dead=dead, known=known, knock_card=knock_card)
    return (found[0][0], found[0][1]) if found else None


def default_show(hand: Mask, knock_limit: int, *, dead: Mask = 0, known: Mask = 0,
                 knock_card: Card | None = None) -> Arrangement:
    """The default policy's arrangement (see the module notes); raises when none is legal."""
    found = default_key(hand, knock_limit, dead=dead, known=known, knock_card=knock_card)
    if found is None:
        raise IllegalActionError(
            f"the knocker's deadwood {min_deadwood(hand)} is above the knock limit {knock_limit}",
            rule="§6.1", code="deadwood_above_limit",
            params={"deadwood": min_deadwood(hand), "limit": knock_limit},
        )
    return found[1]


def check_show(hand: Mask, melds: Sequence[Meld], knock_limit: int) -> Arrangement:
    """The arrangement ``melds`` make of ``hand`` (the ten cards laid down), or an
    :class:`IllegalActionError` that says why it cannot be shown (RULES §2, §6.1, §6.2)."""
    used = 0
    for meld in melds:
        cards = format_cards(from_mask(meld))
        if not is_meld(meld):
            raise IllegalActionError(f"{cards} is not a meld (a set of 3-4 or a run of 3+)",
                                     rule="§2.1", code="not_a_meld",
                                     params={"cards": tuple(from_mask(meld))})
        if meld & ~hand:
            raise IllegalActionError(f"you do not hold {format_cards(from_mask(meld & ~hand))} "
                                     f"(shown in {cards})", rule="§6.2", code="not_held_shown",
                                     params={"cards": tuple(from_mask(meld & ~hand)),
                                             "meld": tuple(from_mask(meld))})
        if meld & used:
            raise IllegalActionError(f"{format_cards(from_mask(meld & used))} is shown in two "
                                     "melds", rule="§2.2", code="shown_twice",
                                     params={"cards": tuple(from_mask(meld & used))})
        used |= meld
    deadwood = mask_value(hand & ~used)
    if deadwood > knock_limit:
        raise IllegalActionError(f"showing {format_show(tuple(melds))} leaves deadwood "
                                 f"{deadwood}, above the knock limit {knock_limit}", rule="§6.2",
                                 code="show_too_high",
                                 params={"melds": tuple(tuple(from_mask(m))
                                                        for m in _canonical(tuple(melds))),
                                         "deadwood": deadwood, "limit": knock_limit})
    return Arrangement(_canonical(tuple(melds)), hand & ~used)


def format_show(melds: Sequence[Meld]) -> str:
    """Melds in the action notation, ``AC 2C 3C | 2S 3S 4S 5S`` (``-`` for none)."""
    return " | ".join(format_cards(from_mask(m)) for m in _canonical(tuple(melds))) or "-"


def parse_show(text: str) -> Melds:
    """Melds from their notation: groups of cards split by ``|`` (or a JSON-like list of lists
    already split by the caller); ``-`` shows none. Checks only that each group is a meld."""
    text = text.strip()
    if text == "-":
        return ()
    melds = []
    for group in text.split("|"):
        cards = parse_cards(group)
        mask = 0
        for card in cards:
            if mask & BIT[card]:
                raise CardError(f"{format_cards([card])} twice in one meld",
                                code="twice_in_meld", params={"card": card})
            mask |= BIT[card]
        if not cards:
            raise CardError(f"an empty meld in {text!r}", code="empty_meld",
                            params={"text": text})
        if not is_meld(mask):
            raise CardError(f"{format_cards(cards)} is not a meld (a set of 3-4 or a run of 3+)",
                            code="not_a_meld", params={"cards": tuple(cards)})
        melds.append(mask)
    return _canonical(tuple(melds))
