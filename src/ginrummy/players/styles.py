"""Opponents with a style of their own, so that players and tests meet more than one way to play.

``gin-camper`` hoards for gin: it draws like a careful player (takes a discard only when it
lowers its deadwood), throws the card leaving the least deadwood, goes gin whenever it can, and
knocks only once the stock runs low (at most ``LOW_STOCK`` cards left), when waiting longer
risks a dead hand.
"""

from __future__ import annotations

from ginrummy.core.actions import BIG_GIN, Action
from ginrummy.core.melds import best_discards
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.tactics import draw_choice, ending_action, improves_hand, taken_mask

LOW_STOCK = 10  # from here on the camper settles for a knock


class GinCamperPlayer(BasePlayer):
    name = "gin-camper"

    def choose(self, view: PlayerView) -> Action:
        if view.phase is not Phase.DISCARD:
            top = view.pile_top
            wants = top is not None and improves_hand(view.hand_mask, top)
            return draw_choice(view, want_pile=wants)
        if BIG_GIN in view.legal_actions:
            return BIG_GIN
        cards, _ = best_discards(view.hand_mask, exclude=taken_mask(view))
        card = self.rng.choice(cards)
        # After a last-chance take (§7.2) only a knock or gin is legal, so knock then too.
        must_end = Action.discard(card) not in view.legal_actions
        settle_for_knock = view.stock_size <= LOW_STOCK or must_end
        return ending_action(view, card, knock=settle_for_knock) or Action.discard(card)
