"""The ``standard`` level: the EAAI Gin Rummy challenge's SimpleGinRummyPlayer.

Re-implemented from its public description, it is the baseline published results are quoted
against:

* takes the face-up card (the first upcard or a later discard) only if it would be part of a
  meld with the hand; otherwise draws from the stock;
* discards a random card among those leaving the least deadwood, never the card just taken;
* knocks (or goes gin) at the first chance, with that same discard.

Two things the EAAI game does not have are played the obvious way: big gin is declared when the
rules allow it, and a last chance (§7.2) to knock is always taken.
"""

from __future__ import annotations

from ginrummy.core.actions import BIG_GIN, Action
from ginrummy.core.melds import best_discards
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.tactics import draw_choice, ending_action, joins_meld, taken_mask


class StandardPlayer(BasePlayer):
    name = "standard"

    def choose(self, view: PlayerView) -> Action:
        if view.phase is not Phase.DISCARD:
            top = view.pile_top
            return draw_choice(view, want_pile=top is not None and joins_meld(view.hand_mask, top))
        if BIG_GIN in view.legal_actions:
            return BIG_GIN
        cards, _ = best_discards(view.hand_mask, exclude=taken_mask(view))
        card = self.rng.choice(cards)
        return ending_action(view, card) or Action.discard(card)
