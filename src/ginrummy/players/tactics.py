"""Small hand-reading helpers the rule-based players share (pure functions of a view)."""

from __future__ import annotations

from ginrummy.core.actions import DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import BIT, Card, Mask
from ginrummy.core.melds import ALL_MELDS, best_discards, mask_value, min_deadwood
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView

# Every meld that holds a given card, built once: "does this card join a meld?" is asked a lot.
MELDS_WITH: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(m for m in ALL_MELDS if m & BIT[card]) for card in range(52)
)


def joins_meld(hand: Mask, card: Card) -> bool:
    """Whether ``card`` would form some meld with cards of ``hand`` (EAAI's upcard test)."""
    with_card = hand | BIT[card]
    return any(meld & with_card == meld for meld in MELDS_WITH[card])


def greedy_deadwood(hand: Mask) -> Mask:
    """The loose cards left when melds are laid greedily, longest (then dearest) first.

    This is how a new player sorts a hand; it can miss the best arrangement, which is the point.
    """
    rest = hand
    while True:
        melds = [m for m in ALL_MELDS if m & rest == m]
        if not melds:
            return rest
        rest ^= max(melds, key=lambda m: (m.bit_count(), mask_value(m), m))


def improves_hand(hand: Mask, card: Card) -> bool:
    """Whether taking ``card`` (and keeping it) lowers the hand's least deadwood."""
    _, after = best_discards(hand | BIT[card], exclude=BIT[card])
    return after < min_deadwood(hand)


def draw_choice(view: PlayerView, *, want_pile: bool) -> Action:
    """The draw-side decision in any phase: take the face-up card or not.

    A last chance (RULES §7.2) is only offered when taking the card lets the player knock, so
    every level takes it.
    """
    legal = view.legal_actions
    if view.phase is Phase.LAST_CHANCE:
        return DRAW_PILE if DRAW_PILE in legal else PASS
    if view.phase is Phase.UPCARD:
        return TAKE if want_pile else PASS
    return DRAW_PILE if want_pile and DRAW_PILE in legal else DRAW_STOCK


def ending_action(view: PlayerView, card: Card, *, knock: bool = True) -> Action | None:
    """Gin (or, when ``knock``, a knock) throwing ``card``, if the rules allow it now."""
    legal = view.legal_actions
    if Action(Kind.GIN, card) in legal:
        return Action(Kind.GIN, card)
    if knock and Action(Kind.KNOCK, card) in legal:
        return Action(Kind.KNOCK, card)
    return None


def taken_mask(view: PlayerView) -> Mask:
    """The card just taken from the pile, which may not be thrown this turn (§5.3)."""
    return 0 if view.taken is None else BIT[view.taken]
