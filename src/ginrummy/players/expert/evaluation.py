"""The expert's measures of a hand: deadwood outlook, what a discard gives away, knock value.

Units are deadwood points throughout (lower is better for the hand being valued), except
:func:`knock_value`, which is in hand points for the knocker.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.core.cards import BIT, Card, Mask, from_mask
from ginrummy.core.melds import (
    best_discard,
    best_discards,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.rules import Rules
from ginrummy.core.settlement import settle
from ginrummy.players.expert.match_odds import Stakes
from ginrummy.players.expert.tracking import OpponentModel

StockOdds = Sequence[tuple[Card, float]]


class HandValuer:
    """Values ten-card hands by their deadwood and what the next stock draws may do for them.

    ``value = deadwood - potential_weight * (deadwood - outlook)``, where the outlook is the
    expected least deadwood after one more stock draw and the best discard. A weight above one
    stands for the several draws still to come; it shrinks as the stock runs down.
    """

    def __init__(self, odds: StockOdds, *, potential_weight: float) -> None:
        self.odds = odds
        self.potential_weight = potential_weight
        self._cache: dict[Mask, tuple[int, float]] = {}

    def measure(self, hand: Mask) -> tuple[int, float]:
        """The hand's deadwood and its outlook (expected deadwood after one more draw)."""
        found = self._cache.get(hand)
        if found is None:
            deadwood = min_deadwood(hand)
            outlook = 0.0
            for card, chance in self.odds:
                after = min_deadwood_after_discard(hand | BIT[card])
                outlook += chance * (after if after < deadwood else deadwood)
            found = self._cache[hand] = (deadwood, outlook)
        return found

    def value(self, hand: Mask) -> float:
        deadwood, outlook = self.measure(hand)
        return deadwood - self.potential_weight * (deadwood - outlook)


@dataclass(frozen=True, slots=True)
class OpponentSamples:
    """Plausible opponent hands, each the best ten of what it could have collected so far."""

    hands: tuple[Mask, ...]
    deadwood: tuple[int, ...]

    @classmethod
    def of(cls, hands: Sequence[Mask]) -> OpponentSamples:
        return cls(tuple(hands), tuple(min_deadwood(h) for h in hands))

    def gain_from(self, card: Card) -> float:
        """Expected deadwood the opponent saves if it can take ``card`` (0 where it would not).

        Taking and then throwing the same card is not allowed, but it would save nothing, so the
        best discard after taking is found without excluding it.
        """
        if not self.hands:
            return 0.0
        total = 0
        bit = BIT[card]
        for hand, deadwood in zip(self.hands, self.deadwood, strict=True):
            after = min_deadwood_after_discard(hand | bit)
            if after < deadwood:
                total += deadwood - after
        return total / len(self.hands)


def improved_hand(model: OpponentModel, rng: random.Random, extra: float) -> Mask:
    """A plausible opponent hand: the best ten of about ``extra`` more unseen cards than it
    holds (the fraction is drawn at random), since a hand that has drawn a while is better than a
    random one."""
    knowledge = model.knowledge
    need = knowledge.opp_unknown
    more = _extra_count(rng, extra, room=len(model.weight) - need)
    return _keep_best(sample_hand(model, rng, need + more), more, keep=knowledge.opp_known)


def improve(hand: Mask, unseen: Mask, rng: random.Random, extra: float, *, keep: Mask) -> Mask:
    """``hand`` as the best ten of itself and about ``extra`` more cards from ``unseen``."""
    rest = from_mask(unseen & ~hand)
    more = _extra_count(rng, extra, room=len(rest))
    for card in rng.sample(rest, more):
        hand |= BIT[card]
    return _keep_best(hand, more, keep=keep)


def _extra_count(rng: random.Random, extra: float, *, room: int) -> int:
    """``extra`` as a whole number of cards (the fraction drawn at random), at most ``room``."""
    whole = int(extra)
    return max(0, min(room, whole + (rng.random() < extra - whole)))


def _keep_best(hand: Mask, drops: int, *, keep: Mask) -> Mask:
    """``hand`` without its ``drops`` worst cards (never a ``keep`` card)."""
    for _ in range(drops):
        hand = _drop_worst(hand, keep=keep)
    return hand


def sample_hand(model: OpponentModel, rng: random.Random, size: int) -> Mask:
    """The known cards plus ``size`` unseen ones, weighted by the model, without replacement."""
    cards = list(model.weight)
    # Efraimidis-Spirakis: the ``size`` largest keys u**(1/w) form a weighted sample.
    keys = sorted(
        zip([rng.random() ** (1.0 / model.weight[c]) for c in cards], cards, strict=True),
        reverse=True,
    )
    hand = model.knowledge.opp_known
    for _, card in keys[:size]:
        hand |= BIT[card]
    return hand


def _drop_worst(hand: Mask, *, keep: Mask) -> Mask:
    """The hand without the card whose loss leaves the least deadwood (never a ``keep`` card):
    the core's fast best discard, unless that is a ``keep`` card."""
    card, _ = best_discard(hand)
    if BIT[card] & keep:
        card = best_discards(hand, exclude=keep)[0][0]
    return hand ^ BIT[card]


def knock_chance(hands: Sequence[Mask], unseen: Mask, knock_limit: int) -> float:
    """The chance that one more card from ``unseen`` (the stock, as far as is known) lets a hand
    knock, over the sampled opponent ``hands``."""
    hits = total = 0
    for hand in hands:
        for card in from_mask(unseen & ~hand):
            total += 1
            hits += min_deadwood_after_discard(hand | BIT[card]) <= knock_limit
    return hits / total if total else 0.0


def knock_value(
    shown: Mask,
    samples: OpponentSamples,
    rules: Rules,
    *,
    knock_limit: int,
    multiplier: int,
    stakes: Stakes | None = None,
    show: tuple[Mask, ...] | None = None,
) -> tuple[float, float]:
    """Expected hand points for knocking with ``shown`` (ten cards, or eleven for big gin) and
    the chance of being undercut, over the sampled opponent hands.

    ``stakes`` values the points at the match score (:class:`~ginrummy.players.expert.match_odds.
    Stakes`): near the end of a match a small sure win beats a large risky one. ``show`` is
    the melds laid down (None: the default arrangement).
    """
    stakes = stakes or Stakes()
    total = 0.0
    undercuts = 0
    for hand in samples.hands:
        result = settle(shown, hand, rules, knock_limit=knock_limit, multiplier=multiplier,
                        show=show)
        if result.winner == "knocker":
            total += stakes.worth(result.points)
        else:
            total += stakes.worth(-result.points)
            undercuts += 1
    n = max(1, len(samples.hands))
    return total / n, undercuts / n
