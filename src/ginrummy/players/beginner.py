"""The ``beginner`` level: plays the way a new player does.

* melds greedily (longest meld first), which sometimes misses the best arrangement;
* takes the upcard or the discard when it makes or extends a meld, otherwise draws blind;
* discards the highest loose card of its greedy layout (§11: "shed high cards");
* goes gin, big gin or knocks the moment the rules allow it.
"""

from __future__ import annotations

from ginrummy.core.actions import BIG_GIN, Action, Kind
from ginrummy.core.cards import BIT, RANK_OF, VALUE_OF, Card, from_mask
from ginrummy.core.melds import best_discards, min_deadwood
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.tactics import draw_choice, greedy_deadwood, joins_meld, taken_mask


class BeginnerPlayer(BasePlayer):
    name = "beginner"

    def choose(self, view: PlayerView) -> Action:
        if view.phase is not Phase.DISCARD:
            top = view.pile_top
            wants = top is not None and joins_meld(view.hand_mask, top)
            return draw_choice(view, want_pile=wants)
        legal = view.legal_actions
        if BIG_GIN in legal:
            return BIG_GIN
        endings = [a for a in legal if a.kind is Kind.GIN] or [
            a for a in legal if a.kind is Kind.KNOCK
        ]
        if endings:  # the knock leaving least deadwood, throwing the dearest card on ties
            hand = view.hand_mask
            return min(endings, key=lambda a: (min_deadwood(hand ^ BIT[_card(a)]),
                                               [-v for v in _dearness(_card(a))]))
        return Action.discard(self._highest_loose_card(view))

    def _highest_loose_card(self, view: PlayerView) -> Card:
        hand = view.hand_mask & ~taken_mask(view)
        loose = from_mask(greedy_deadwood(view.hand_mask) & hand)
        if not loose:  # everything melds: break up a meld as cheaply as possible
            loose, _ = best_discards(view.hand_mask, exclude=taken_mask(view))
        return max(loose, key=_dearness)


def _dearness(card: Card) -> tuple[int, int]:
    return VALUE_OF[card], RANK_OF[card]


def _card(action: Action) -> Card:
    assert action.card is not None
    return action.card
