"""Knock settlement (RULES §6.2, §6.5-§8).

The knocker shows an arrangement chosen from its own information (the one its knock names, or
the default policy of :mod:`ginrummy.core.showing`); the defender, who sees it, answers with the
melds and layoffs that leave it the least deadwood.

>>> from ginrummy.core.cards import parse_cards, to_mask
>>> from ginrummy.core.rules import rules_for
>>> s = settle(to_mask(parse_cards("7S 7H 7D 9C TC JC 3H 4H 5H 8D")),
...            to_mask(parse_cards("2S 3S 4S QD QH QC 8C KH 5D TS")), rules_for("classic"))
>>> s.outcome, s.winner, s.points, s.knocker_deadwood, s.defender_deadwood
('knock', 'knocker', 17, 8, 25)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ginrummy.core.cards import BIT, VALUE_OF, Card, Mask, format_cards, from_mask
from ginrummy.core.errors import CardError, IllegalActionError
from ginrummy.core.melds import (
    Arrangement,
    Layoff,
    Meld,
    iter_arrangements,
    layoffs,
    mask_value,
    meld_cards,
    min_deadwood,
)
from ginrummy.core.rules import Rules
from ginrummy.core.showing import ShowKey, check_show, default_key, default_show

Outcome = Literal["knock", "undercut", "gin", "big_gin"]
Side = Literal["knocker", "defender"]


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a knock ends: both hands as shown, the layoffs, who scores and how much."""

    outcome: Outcome
    winner: Side
    points: int
    knocker: Arrangement
    defender: Arrangement  # the defender's own melds, with deadwood before layoffs
    layoffs: tuple[Layoff, ...]

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker.deadwood

    @property
    def defender_deadwood_mask(self) -> Mask:
        laid = 0
        for lay in self.layoffs:
            laid |= BIT[lay.card]
        return self.defender.deadwood_mask & ~laid

    @property
    def defender_deadwood(self) -> int:
        return mask_value(self.defender_deadwood_mask)

    def to_json(self) -> dict[str, object]:
        """The ``ginrummy settle --json`` object."""
        return {
            "outcome": self.outcome,
            "winner": self.winner,
            "points": self.points,
            "knocker": {
                "melds": [format_cards(meld_cards(m)).split() for m in self.knocker.melds],
                "deadwood_cards": format_cards(self.knocker.deadwood_cards).split(),
                "deadwood": self.knocker_deadwood,
            },
            "defender": {
                "melds": [format_cards(meld_cards(m)).split() for m in self.defender.melds],
                "layoffs": [
                    {"card": format_cards([lay.card]), "onto": format_cards(meld_cards(lay.meld)).split()}
                    for lay in self.layoffs
                ],
                "deadwood_cards": format_cards(from_mask(self.defender_deadwood_mask)).split(),
                "deadwood": self.defender_deadwood,
            },
        }


def knock_points(knocker_deadwood: int, defender_deadwood: int, rules: Rules) -> tuple[Side, int]:
    """Who wins a plain knock and how much (RULES §8): ties go to the defender."""
    if knocker_deadwood < defender_deadwood:
        return "knocker", defender_deadwood - knocker_deadwood + rules.knock_bonus
    return "defender", knocker_deadwood - defender_deadwood + rules.undercut_bonus


def gin_points(defender_deadwood: int, rules: Rules, *, big: bool = False) -> int:
    return (rules.big_gin_bonus if big else rules.gin_bonus) + defender_deadwood


def _defender_answer(
    dead_masks: list[Mask], shown: tuple[Mask, ...]
) -> tuple[int, Mask, tuple[Layoff, ...]]:
    """The defender's least deadwood against ``shown``, and the deadwood and layoffs giving it."""
    best: tuple[int, Mask, tuple[Layoff, ...]] | None = None
    for dead in dead_masks:
        made = tuple(layoffs(dead, shown))
        left = dead
        for lay in made:
            left ^= BIT[lay.card]
        value = mask_value(left)
        if best is None or value < best[0]:
            best = (value, dead, made)
    assert best is not None
    return best


def _defender_arrangement(defender: Mask, dead: Mask) -> Arrangement:
    for arrangement in iter_arrangements(defender):
        if arrangement.deadwood_mask == dead:
            return arrangement
    raise AssertionError("deadwood mask of no arrangement")  # pragma: no cover


def settle(
    knocker: Mask,
    defender: Mask,
    rules: Rules,
    *,
    knock_limit: int | None = None,
    multiplier: int = 1,
    show: Sequence[Meld] | None = None,
    dead: Mask = 0,
    known: Mask = 0,
) -> Settlement:
    """Settle a knock: the knocker shows ``show`` (its default arrangement when None, chosen
    from its own information: ``dead``, the discard pile it saw, and ``known``, the defender's
    cards it knows of; see :mod:`ginrummy.core.showing`), the defender answers optimally.

    ``knocker`` holds the ten cards it lays down, or eleven: big gin when all eleven meld and the
    rules allow it, otherwise it first throws the card that leaves it the best default
    arrangement (among equals the most expensive). ``knock_limit`` overrides the rules' limit
    (Oklahoma); ``multiplier`` doubles a spade hand.
    """
    limit = rules.knock_limit if knock_limit is None else knock_limit
    _check_hands(knocker, defender)
    if knocker.bit_count() == 11:
        if rules.big_gin and min_deadwood(knocker) == 0:
            shown = next(a for a in iter_arrangements(knocker) if not a.deadwood_mask)
            own = min(iter_arrangements(defender), key=lambda a: a.deadwood)
            points = gin_points(own.deadwood, rules, big=True) * multiplier
            return Settlement("big_gin", "knocker", points, shown, own, ())
        if show is not None:
            raise IllegalActionError("an eleven-card knocker throws a card before it shows its "
                                     "melds: give the ten cards it lays down", rule="§6.1")
        card = knock_discard(knocker, limit, dead=dead, known=known)
        knocker ^= BIT[card]
        dead |= BIT[card]
    if show is None:
        arrangement = default_show(knocker, limit, dead=dead, known=known)
    else:
        arrangement = check_show(knocker, show, limit)
    return settle_shown(arrangement, defender, rules, multiplier=multiplier)


def settle_shown(shown: Arrangement, defender: Mask, rules: Rules, *,
                 multiplier: int = 1) -> Settlement:
    """Settle against an arrangement the knocker has shown: the defender melds and lays off
    (chains included) to leave itself the least deadwood (RULES §6.5-§6.7, §8)."""
    dead_masks = list({a.deadwood_mask for a in iter_arrangements(defender)})
    if shown.deadwood == 0:
        own_dead = min(dead_masks, key=mask_value)
        points = gin_points(mask_value(own_dead), rules) * multiplier
        return Settlement("gin", "knocker", points, shown,
                          _defender_arrangement(defender, own_dead), ())
    value, dead, made = _defender_answer(dead_masks, shown.melds)
    side, points = knock_points(shown.deadwood, value, rules)
    return Settlement(
        "knock" if side == "knocker" else "undercut",
        side,
        points * multiplier,
        shown,
        _defender_arrangement(defender, dead),
        made,
    )


def knock_discard(hand: Mask, knock_limit: int, *, dead: Mask = 0, known: Mask = 0) -> Card:
    """The card an eleven-card knocker throws face down, from its own information: the one
    leaving the best default arrangement (gin first, then least deadwood), among equals the
    most expensive card (RULES §8, example E), then the highest."""
    best: tuple[tuple[ShowKey, int, int], Card] | None = None
    for card in from_mask(hand):
        rest = hand ^ BIT[card]
        if min_deadwood(rest) > knock_limit:
            continue
        found = default_key(rest, knock_limit, dead=dead, known=known, knock_card=card)
        assert found is not None
        key = (found[0], -VALUE_OF[card], -card)
        if best is None or key < best[0]:
            best = (key, card)
    if best is None:
        raise IllegalActionError(
            f"no discard brings the knocker's deadwood within the knock limit {knock_limit}",
            rule="§6.1",
        )
    return best[1]


def _check_hands(knocker: Mask, defender: Mask) -> None:
    if knocker & defender:
        raise CardError(f"card in both hands: {format_cards(from_mask(knocker & defender))}")
    if knocker.bit_count() not in (10, 11):
        raise CardError(f"the knocker needs 10 cards (11 for big gin), not {knocker.bit_count()}")
    if defender.bit_count() != 10:
        raise CardError(f"the defender needs 10 cards, not {defender.bit_count()}")
