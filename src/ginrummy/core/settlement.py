"""Knock settlement, optimal for both sides (RULES §6.2, §6.5-§8).

The defender answers any shown arrangement with the melds and layoffs that leave it the least
deadwood; the knocker shows the legal arrangement whose best answer scores best for the knocker.
That is sometimes not a least-deadwood arrangement, because what is shown decides what can be
laid off.

>>> from ginrummy.core.cards import parse_cards, to_mask
>>> from ginrummy.core.rules import rules_for
>>> s = settle(to_mask(parse_cards("7S 7H 7D 9C TC JC 3H 4H 5H 8D")),
...            to_mask(parse_cards("2S 3S 4S QD QH QC 8C KH 5D TS")), rules_for("classic"))
>>> s.outcome, s.winner, s.points, s.knocker_deadwood, s.defender_deadwood
('knock', 'knocker', 17, 8, 25)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ginrummy.core.cards import BIT, Mask, format_cards, from_mask
from ginrummy.core.errors import CardError, IllegalActionError
from ginrummy.core.melds import (
    Arrangement,
    Layoff,
    iter_arrangements,
    layoffs,
    mask_value,
    meld_cards,
    min_deadwood,
)
from ginrummy.core.rules import Rules

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


def _signed(side: Side, points: int) -> int:
    return points if side == "knocker" else -points


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
) -> Settlement:
    """Settle a knock between two hands, both sides playing optimally.

    ``knocker`` holds the ten cards it shows, or eleven: big gin when all eleven meld and the
    rules allow it, otherwise the discard that serves the knocker best is thrown first.
    ``knock_limit`` overrides the rules' limit (Oklahoma); ``multiplier`` doubles a spade hand.
    """
    limit = rules.knock_limit if knock_limit is None else knock_limit
    _check_hands(knocker, defender)
    if knocker.bit_count() == 11:
        if rules.big_gin and min_deadwood(knocker) == 0:
            shown = next(a for a in iter_arrangements(knocker) if not a.deadwood_mask)
            own = min(iter_arrangements(defender), key=lambda a: a.deadwood)
            points = gin_points(own.deadwood, rules, big=True) * multiplier
            return Settlement("big_gin", "knocker", points, shown, own, ())
        return _best_discard_settlement(knocker, defender, rules, limit, multiplier)
    dead_masks = list({a.deadwood_mask for a in iter_arrangements(defender)})
    options = [a for a in iter_arrangements(knocker) if a.deadwood <= limit]
    if not options:
        raise IllegalActionError(
            f"the knocker's deadwood {min_deadwood(knocker)} is above the knock limit {limit}",
            rule="§6.1",
        )
    options.sort(key=lambda a: (a.deadwood, -len(a.melds), a.melds))
    if options[0].deadwood == 0:
        own_dead = min(dead_masks, key=mask_value)
        points = gin_points(mask_value(own_dead), rules) * multiplier
        return Settlement(
            "gin", "knocker", points, options[0], _defender_arrangement(defender, own_dead), ()
        )
    best: tuple[int, Arrangement, Mask, tuple[Layoff, ...], Side, int] | None = None
    for shown in options:
        value, dead, made = _defender_answer(dead_masks, shown.melds)
        side, points = knock_points(shown.deadwood, value, rules)
        if best is None or _signed(side, points) > _signed(best[4], best[5]):
            best = (_signed(side, points), shown, dead, made, side, points)
    assert best is not None
    _, shown, dead, made, side, points = best
    return Settlement(
        "knock" if side == "knocker" else "undercut",
        side,
        points * multiplier,
        shown,
        _defender_arrangement(defender, dead),
        made,
    )


def _best_discard_settlement(
    knocker: Mask, defender: Mask, rules: Rules, limit: int, multiplier: int
) -> Settlement:
    results = []
    for card in from_mask(knocker):
        rest = knocker ^ BIT[card]
        if min_deadwood(rest) <= limit:
            result = settle(rest, defender, rules, knock_limit=limit, multiplier=multiplier)
            results.append((_signed(result.winner, result.points), -card, result))
    if not results:
        raise IllegalActionError(
            f"no discard brings the knocker's deadwood within the knock limit {limit}", rule="§6.1"
        )
    return max(results, key=lambda r: (r[0], r[1]))[2]


def _check_hands(knocker: Mask, defender: Mask) -> None:
    if knocker & defender:
        raise CardError(f"card in both hands: {format_cards(from_mask(knocker & defender))}")
    if knocker.bit_count() not in (10, 11):
        raise CardError(f"the knocker needs 10 cards (11 for big gin), not {knocker.bit_count()}")
    if defender.bit_count() != 10:
        raise CardError(f"the defender needs 10 cards, not {defender.bit_count()}")
