"""Determinized rollouts: how the hand is likely to end from here, played out on sampled deals.

A *deal* fills in what the view hides: a plausible opponent hand (weighted by the opponent
model) and an order for the rest of the stock. A *rollout* plays the hand to its end on one
deal with quick, greedy policies for both sides and settles it exactly. Comparing two choices
over the same deals (common random numbers) cancels most of the luck of the draw, so a few
dozen deals tell a knock that pays from one that throws away an undercut.

Each side takes a face-up card that melds or lets it knock. The opponent, unless it was seen to
wait, knocks as soon as it can (how most bots and many people play); one that waits goes for gin
until the stock is as low as it was seen to settle for a knock. Our own side in a rollout keeps
its deadwood low and knocks only at or below ``own_knock`` (gin otherwise), the way the expert
itself waits to undercut.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ginrummy.core.cards import BIT, Card, Mask, from_mask
from ginrummy.core.melds import best_discard, best_discards, min_deadwood
from ginrummy.core.rules import Rules
from ginrummy.core.settlement import settle
from ginrummy.players.expert.evaluation import improved_hand
from ginrummy.players.expert.match_odds import Stakes
from ginrummy.players.expert.tracking import OpponentModel
from ginrummy.players.tactics import joins_meld

ME, OPPONENT = 0, 1
MAX_TURNS = 80
REDRAWS, REDRAW_SHRINK = 8, 0.7  # redraws of a hand that could knock; extra cards kept each time


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
    their_knock: int  # and the opponent at or below this one,
    their_late_knock: int = 0  # or at the knock limit once the stock is down to this many cards
    stakes: Stakes = field(default_factory=Stakes)  # what points are worth at this match score
    take_to_knock: bool = True  # a side also takes a face-up card that lets it knock

    def worth(self, winner_is_me: bool, points: int) -> float:
        return self.stakes.worth(points if winner_is_me else -points)


def sample_hands(
    model: OpponentModel, rng: random.Random, *, count: int, extra: float,
    could_not_knock: int | None = None,
) -> list[Mask]:
    """``count`` opponent hands improved by ``extra`` cards
    (:func:`~ginrummy.players.expert.evaluation.improved_hand`). With ``could_not_knock`` set,
    hands at or below that deadwood are redrawn (a quick knocker holding one would have
    knocked), each time with fewer extra cards: late in a hand most hands improved by the
    full ``extra`` could knock, so redrawing them alike would keep mostly the few that cannot.
    After a few tries the last draw is kept, so rare positions still get hands."""
    hands = []
    for _ in range(count):
        hand = improved_hand(model, rng, extra)
        if could_not_knock is not None:
            fewer = extra
            for _ in range(REDRAWS):
                if min_deadwood(hand) > could_not_knock:
                    break
                fewer *= REDRAW_SHRINK
                hand = improved_hand(model, rng, fewer)
        hands.append(hand)
    return hands


def deals_for(hands: list[Mask], unseen: Mask, rng: random.Random) -> list[Deal]:
    """A deal for each opponent hand: the rest of the ``unseen`` cards shuffled as the stock."""
    deals = []
    for hand in hands:
        stock = from_mask(unseen & ~hand)
        rng.shuffle(stock)
        deals.append(Deal(hand, tuple(stock)))
    return deals


def knock_now(shown: Mask, deal: Deal, table: Table, *,
              show: tuple[Mask, ...] | None = None) -> float:
    """What knocking with ``shown`` (laying down the melds ``show``, the default arrangement when
    None) against the deal's hand is worth to us (points, valued at the match score; negative
    when they win)."""
    result = settle(shown, deal.opponent, table.rules, knock_limit=table.knock_limit,
                    multiplier=table.multiplier, show=show)
    return table.worth(result.winner == "knocker", result.points)


def play_on(hand: Mask, top: Card, deal: Deal, table: Table) -> float:
    """What throwing ``top`` keeping ``hand`` and playing the hand to its end is worth to us
    (as :func:`knock_now`); 0 for a dead hand."""
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
        late = player == OPPONENT and len(stock) <= table.their_late_knock
        limit = table.knock_limit if late else limits[player]
        card, deadwood = _take(held, top, limit if table.take_to_knock else -1)
        if card >= 0:
            held |= BIT[top]
        else:
            held |= BIT[stock.pop()]
            card, deadwood = best_discard(held)
        held ^= BIT[card]
        hands[player] = held
        if deadwood <= limit:
            result = settle(held, hands[1 - player], table.rules, knock_limit=table.knock_limit,
                            multiplier=table.multiplier)
            knocker_won = result.winner == "knocker"
            return table.worth(knocker_won == (player == ME), result.points)
        top = card
        player = 1 - player
    return 0.0


def _take(held: Mask, top: Card, knock_at: int) -> tuple[Card, int]:
    """The discard and deadwood after taking ``top``, when that side takes it (it joins a meld,
    or it allows a knock at ``knock_at``); (-1, 0) when it draws from the stock instead."""
    melds = joins_meld(held, top)
    if not melds and knock_at < 0:
        return -1, 0
    grown = held | BIT[top]
    card, deadwood = best_discard(grown)
    if card == top:
        cards, deadwood = best_discards(grown, exclude=BIT[top])
        card = cards[0]
    return (card, deadwood) if melds or deadwood <= knock_at else (-1, 0)

