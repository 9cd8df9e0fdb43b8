"""Stacked decks for rule tests, and the action universe for random play."""

from __future__ import annotations

from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import NUM_CARDS, Card, parse_card, parse_cards


def stacked_deck(non_dealer: str, dealer: str, upcard: str | None, stock: str = "") -> list[Card]:
    """A deck dealing these hands (one card at a time, non-dealer first, RULES §3.3), then the
    upcard, then ``stock`` from the top down; the unnamed cards fill the bottom of the stock."""
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    deck: list[Card] = []
    for i in range(len(first) + len(second)):
        deck.append(first[i // 2] if i % 2 == 0 else second[i // 2])
    if upcard is not None:
        deck.append(parse_card(upcard))
    deck.extend(parse_cards(stock))
    deck.extend(c for c in range(NUM_CARDS) if c not in deck)
    return deck


ALL_ACTIONS: tuple[Action, ...] = (TAKE, PASS, DRAW_STOCK, DRAW_PILE, BIG_GIN) + tuple(
    Action(kind, card) for kind in (Kind.DISCARD, Kind.KNOCK, Kind.GIN) for card in range(NUM_CARDS)
)
