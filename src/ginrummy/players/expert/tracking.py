"""What the expert knows about every card, rebuilt from a player view, and its opponent model.

Everything comes from :class:`~ginrummy.core.views.PlayerView` alone: the own hand, the pile as it
was built (replayed from the public history), the cards the opponent took from the pile (known to
be in its hand until it throws them), the cards it threw, and the pile tops it refused. The
opponent model turns that evidence into a probability for each unseen card to be in its hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core.actions import Kind
from ginrummy.core.cards import BIT, FULL_DECK, RANK_OF, SUIT_OF, Card, Mask, from_mask
from ginrummy.core.views import PlayerView

# How evidence about one card changes the odds that the opponent holds its neighbours (same rank,
# or same suit one or two ranks away). Taking a card says it melds with something held; throwing
# or refusing one says the opposite, refusing more weakly (the opponent may just prefer the stock).
TAKEN_BOOST = (2.2, 2.0, 1.4)  # same rank, rank +-1, rank +-2
THROWN_DAMP = (0.45, 0.55, 0.8)
REFUSED_DAMP = (0.75, 0.8, 0.92)
MAX_PROBABILITY = 0.97


@dataclass(frozen=True, slots=True)
class CardKnowledge:
    """Where each card is, as far as one player can tell."""

    own: Mask  # this player's hand
    pile: tuple[Card, ...]  # the discard pile, bottom first (only the top is in play)
    opp_known: Mask  # cards the opponent holds for sure (taken from the pile, not thrown since)
    opp_taken: Mask  # every card the opponent ever took from the pile
    opp_thrown: Mask  # every card the opponent threw
    opp_refused: Mask  # pile tops the opponent passed or left for the stock
    opp_hand_size: int
    stock_size: int
    own_retaken: Mask  # cards this player has taken from the pile twice or more this hand

    @property
    def pile_top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def pile_mask(self) -> Mask:
        mask = 0
        for card in self.pile:
            mask |= BIT[card]
        return mask

    @property
    def unseen(self) -> Mask:
        """Cards in the stock or the opponent's hand, location unknown."""
        return FULL_DECK & ~(self.own | self.pile_mask | self.opp_known)

    @property
    def opp_unknown(self) -> int:
        """How many of the opponent's cards are unseen."""
        return self.opp_hand_size - self.opp_known.bit_count()


def track(view: PlayerView) -> CardKnowledge:
    """Replay the public history of ``view`` into a :class:`CardKnowledge`."""
    me = view.player
    pile: list[Card] = [] if view.upcard is None else [view.upcard]
    known = taken = thrown = refused = own_taken = own_retaken = 0
    for move in view.history:
        kind = move.action.kind
        mine = move.player == me
        if kind in (Kind.TAKE, Kind.DRAW_PILE):
            card = pile.pop()
            if mine:
                own_retaken |= own_taken & BIT[card]
                own_taken |= BIT[card]
            else:
                known |= BIT[card]
                taken |= BIT[card]
        elif kind in (Kind.DRAW_STOCK, Kind.PASS):
            if not mine and pile:
                refused |= BIT[pile[-1]]
        elif kind is Kind.DISCARD and move.action.card is not None:
            card = move.action.card
            pile.append(card)
            if not mine:
                known &= ~BIT[card]
                thrown |= BIT[card]
    return CardKnowledge(
        own=view.hand_mask,
        pile=tuple(pile),
        opp_known=known,
        opp_taken=taken,
        opp_thrown=thrown,
        opp_refused=refused,
        opp_hand_size=view.opponent_hand_size,
        stock_size=view.stock_size,
        own_retaken=own_retaken,
    )


def _neighbours(card: Card) -> list[tuple[Card, int]]:
    """Cards sharing a rank (distance 0) or a suit one or two ranks away (distance 1, 2)."""
    rank, suit = RANK_OF[card], SUIT_OF[card]
    near = [(s * 13 + rank, 0) for s in range(4) if s != suit]
    for step in (-2, -1, 1, 2):
        if 0 <= rank + step < 13:
            near.append((card + step, abs(step)))
    return near


NEIGHBOURS: tuple[tuple[tuple[Card, int], ...], ...] = tuple(
    tuple(_neighbours(c)) for c in range(52)
)


class OpponentModel:
    """The probability that the opponent holds each card, from what it took, threw and refused."""

    def __init__(self, knowledge: CardKnowledge) -> None:
        self.knowledge = knowledge
        unseen = from_mask(knowledge.unseen)
        weight = dict.fromkeys(unseen, 1.0)
        for mask, factors in (
            (knowledge.opp_taken, TAKEN_BOOST),
            (knowledge.opp_thrown, THROWN_DAMP),
            (knowledge.opp_refused & ~knowledge.opp_taken, REFUSED_DAMP),
        ):
            for card in from_mask(mask):
                for other, distance in NEIGHBOURS[card]:
                    if other in weight:
                        weight[other] *= factors[distance]
        self.weight = weight
        total = sum(weight.values()) or 1.0
        share = knowledge.opp_unknown / total
        prob = [0.0] * 52
        for card in from_mask(knowledge.opp_known):
            prob[card] = 1.0
        for card, w in weight.items():
            prob[card] = min(MAX_PROBABILITY, w * share)
        self.prob = prob

    def stock_odds(self) -> list[tuple[Card, float]]:
        """Each unseen card with the chance that it is the next stock card (summing to 1)."""
        free = [(card, 1.0 - self.prob[card]) for card in self.weight]
        total = sum(p for _, p in free) or 1.0
        return [(card, p / total) for card, p in free]

    def danger(self, card: Card) -> float:
        """The chance that ``card`` melds with the opponent's hand (it would want to take it)."""
        p = self.prob
        rank, suit = RANK_OF[card], SUIT_OF[card]
        others = [p[s * 13 + rank] for s in range(4) if s != suit]
        a, b, c = others
        in_set = a * b + a * c + b * c - 2 * a * b * c  # at least two of the other three
        miss_run = 1.0
        low = suit * 13
        for x, y in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= rank + x < 13 and 0 <= rank + y < 13:
                miss_run *= 1.0 - p[low + rank + x] * p[low + rank + y]
        return 1.0 - (1.0 - in_set) * miss_run
