"""The ``marjj-style`` sparring partner: a player that waits for gin and discards defensively.

Re-implemented from the public description of MARJJ, the winner of the EAAI-2021 Gin Rummy
challenge, so that strength can be measured here against a style that greedy players are not:

* takes the face-up card only when it joins a meld with the hand; otherwise draws from the
  stock;
* discards among its unmelded cards within ``CANDIDATE_MARGIN`` points of its most expensive
  one, choosing the card with the best sum of (a) its own expected deadwood after the next draw,
  counting the unseen cards that could still meld with the cards it keeps, and (b) the danger
  of the throw: penalties when the opponent has picked up cards of that rank or next to it in
  the suit (larger when the card would complete the opponent's set or run), a bonus when the
  cards that would let the opponent meld it are already dead;
* knocks with ``knock_limit`` or less only in its first ``KNOCK_TURNS`` turns of a hand,
  afterwards only with gin (the defender's part is the engine's, as for every player).

The weights below are in deadwood points, so the two halves of the sum compare directly.
"""

from __future__ import annotations

from ginrummy.core.actions import BIG_GIN, Action, Kind
from ginrummy.core.cards import BIT, FULL_DECK, VALUE_OF, Card, Mask, from_mask
from ginrummy.core.melds import best_arrangement, best_discards, min_deadwood
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.tactics import MELDS_WITH, draw_choice, joins_meld, taken_mask

KNOCK_TURNS = 3  # knocks short of gin only in its first three turns of a hand
CANDIDATE_MARGIN = 5  # throws only loose cards within this many points of the dearest one

# Danger, in deadwood points (see the module docstring).
SAME_RANK_TAKEN = 3.0  # the opponent took a card of this rank
NEIGHBOUR_TAKEN = 2.0  # ... or one or two ranks away in this suit
COMPLETES_MELD = 8.0  # the card would complete a set or run with the cards it took
DEAD_BONUS = 3.0  # no meld holding this card can still be made by the opponent


class MarjjStylePlayer(BasePlayer):
    name = "marjj-style"

    def choose(self, view: PlayerView) -> Action:
        if view.phase is not Phase.DISCARD:
            top = view.pile_top
            return draw_choice(view, want_pile=top is not None and joins_meld(view.hand_mask, top))
        legal = view.legal_actions
        if BIG_GIN in legal:
            return BIG_GIN
        ending = self._ending(view)
        if ending is not None:
            return ending
        return Action.discard(self.discard_choice(view))

    def _ending(self, view: PlayerView) -> Action | None:
        """Gin whenever it can; a knock only early in the hand, or when nothing else is legal
        (after a last-chance take, RULES §7.2)."""
        cards, deadwood = best_discards(view.hand_mask, exclude=taken_mask(view))
        if not cards:
            return None
        legal = view.legal_actions
        card = max(cards, key=lambda c: (VALUE_OF[c], c))  # among equals, the dearest card
        if Action(Kind.GIN, card) in legal:
            return Action(Kind.GIN, card)
        must_end = not any(action.kind is Kind.DISCARD for action in legal)
        early = own_turn(view) <= KNOCK_TURNS
        if (early or must_end) and Action(Kind.KNOCK, card) in legal:
            return Action(Kind.KNOCK, card)
        return None

    def discard_choice(self, view: PlayerView) -> Card:
        """The throw with the best sum of own expected deadwood and danger (lower is better)."""
        hand = view.hand_mask
        allowed = hand & ~taken_mask(view)
        loose = best_arrangement(hand).deadwood_mask & allowed or allowed
        dearest = max(VALUE_OF[c] for c in from_mask(loose))
        candidates = [c for c in from_mask(loose) if VALUE_OF[c] >= dearest - CANDIDATE_MARGIN]
        dead, known = view.knock_knowledge()
        unseen = FULL_DECK & ~hand & ~dead & ~known
        return min(
            candidates,
            key=lambda c: (
                expected_deadwood(hand & ~BIT[c], unseen) + danger(c, dead=dead | hand,
                                                                    known=known),
                -VALUE_OF[c],
                c,
            ),
        )


def own_turn(view: PlayerView) -> int:
    """Which of its own turns this is (1 for its first throw of the hand)."""
    ended = sum(1 for move in view.history if move.player == view.player
                and move.action.kind in (Kind.DISCARD, Kind.KNOCK, Kind.GIN))
    return ended + 1


def expected_deadwood(kept: Mask, unseen: Mask) -> float:
    """The hand's least deadwood after drawing one unseen card that melds with it (and throwing
    the worst card), or its present deadwood for the cards that meld with nothing.

    Only cards that could join a meld with ``kept`` can improve it, so only they are solved.
    """
    now = min_deadwood(kept)
    cards = from_mask(unseen)
    if not cards:
        return float(now)
    total = 0
    for card in cards:
        if joins_meld(kept, card):
            _, after = best_discards(kept | BIT[card], exclude=BIT[card])
            total += min(now, after)  # or throw the drawn card back
        else:
            total += now
    return total / len(cards)


def danger(card: Card, *, dead: Mask, known: Mask) -> float:
    """How much throwing ``card`` helps the opponent, from the cards it is known to hold
    (``known``) and the cards it can never have (``dead``: the pile and our hand)."""
    rank, suit = card % 13, card // 13
    score = 0.0
    for other in from_mask(known):
        if other % 13 == rank:
            score += SAME_RANK_TAKEN
        elif other // 13 == suit and abs(other % 13 - rank) <= 2:
            score += NEIGHBOUR_TAKEN
    if any(meld & ~BIT[card] & known == meld & ~BIT[card] for meld in MELDS_WITH[card]):
        score += COMPLETES_MELD
    if all(meld & ~BIT[card] & dead for meld in MELDS_WITH[card]):
        score -= DEAD_BONUS
    return score
