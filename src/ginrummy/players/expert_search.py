"""Determinized rollouts: how the hand is likely to end from here, played out on sampled deals.

A *deal* fills in what the view hides: a plausible opponent hand (weighted by the opponent
model) and an order for the rest of the stock. A *rollout* plays the hand to its end on one
deal with quick, greedy policies for both sides and settles it exactly. Comparing two choices
over the same deals (common random numbers) cancels most of the luck of the draw, so a few
dozen deals tell a knock that pays from one that throws away an undercut.

The opponent takes a face-up card that melds and, unless it was seen to wait, knocks as soon as
it can (how most bots and many people play; one that waits goes for gin); our own side in a rollout keeps
its deadwood low and knocks only at or below ``own_knock`` (gin otherwise), the way the expert
itself waits to undercut.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ginrummy.core.cards import BIT, Card, Mask, from_mask
from ginrummy.core.melds import best_discard, best_discards, min_deadwood
from ginrummy.core.rules import Rules
from ginrummy.core.settlement import settle
from ginrummy.players.expert_eval import improved_hand
from ginrummy.players.expert_tracking import OpponentModel
from ginrummy.players.tactics import joins_meld

ME, OPPONENT = 0, 1
MAX_TURNS = 80


@dataclass(frozen=True, slots=True)
class Deal:
    """One guess at the hidden cards: the opponent's hand and the stock, next card last."""

    opponent: Mask
    stock: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """What a rollout needs to know about the hand being played."""

    rules: Rules
    knock_limit: int
    multiplier: int
    own_knock: int  # our side knocks in a rollout at or below this deadwood
    their_knock: int  # and the opponent at or below this one
    gain_cap: int = 1 << 30  # points past the match target win nothing more
    loss_cap: int = 1 << 30

    def capped(self, winner_is_me: bool, points: int) -> float:
        return min(points, self.gain_cap) if winner_is_me else -min(points, self.loss_cap)


def sample_deals(
    model: OpponentModel, rng: random.Random, *, count: int, extra: float,
    could_not_knock: int | None = None,
) -> list[Deal]:
    """``count`` deals consistent with the view, the opponent's hand improved by ``extra``
    cards (:func:`~ginrummy.players.expert_eval.improved_hand`). With ``could_not_knock`` set,
    opponent hands at or below that deadwood are redrawn (a quick knocker holding one would
    have knocked); after a few tries the last draw is kept, so rare positions still get deals."""
    unseen = model.knowledge.unseen
    deals = []
    for _ in range(count):
        hand = improved_hand(model, rng, extra)
        if could_not_knock is not None:
            for _ in range(4):
                if min_deadwood(hand) > could_not_knock:
                    break
                hand = improved_hand(model, rng, extra)
        stock = from_mask(unseen & ~hand)
        rng.shuffle(stock)
        deals.append(Deal(hand, tuple(stock)))
    return deals


def knock_now(shown: Mask, deal: Deal, table: Table) -> float:
    """Our points (negative: theirs) for knocking with ``shown`` against the deal's hand."""
    result = settle(shown, deal.opponent, table.rules, knock_limit=table.knock_limit,
                    multiplier=table.multiplier)
    return table.capped(result.winner == "knocker", result.points)


def play_on(hand: Mask, top: Card, deal: Deal, table: Table) -> float:
    """Our points (negative: theirs) when we throw ``top`` keeping ``hand`` and the hand is
    played to its end; 0 for a dead hand."""
    hands = [hand, deal.opponent]
    stock = list(deal.stock)
    wall = table.rules.stock_wall
    limits = (min(table.own_knock, table.knock_limit), min(table.their_knock, table.knock_limit))
    player = OPPONENT
    # Taking the face-up card leaves the stock as it is, so two greedy sides can pass a pair of
    # cards back and forth for ever: a rollout that long ends as a dead hand.
    for _ in range(MAX_TURNS):
        if len(stock) <= wall:
            break
        held = hands[player]
        if joins_meld(held, top):
            taken = top
            held |= BIT[top]
        else:
            taken = -1
            held |= BIT[stock.pop()]
        card, deadwood = best_discard(held)
        if card == taken:
            cards, deadwood = best_discards(held, exclude=BIT[taken])
            card = cards[0]
        held ^= BIT[card]
        hands[player] = held
        if deadwood <= limits[player]:
            result = settle(held, hands[1 - player], table.rules, knock_limit=table.knock_limit,
                            multiplier=table.multiplier)
            knocker_won = result.winner == "knocker"
            return table.capped(knocker_won == (player == ME), result.points)
        top = card
        player = 1 - player
    return 0.0
