"""Stacked deals for the players' tests: the hands drawn in the test, the rest in deck order."""

from __future__ import annotations

from ginrummy.core.cards import Card, parse_card, parse_cards
from ginrummy.core.rules import Rules
from ginrummy.core.state import HandState


def stacked(rules: Rules, *, mine: str, theirs: str, upcard: str, stock: str = "") -> HandState:
    """Seat 0 deals, so seat 1 holds ``mine`` and decides first; ``stock`` lists the top first."""
    own, other = parse_cards(mine), parse_cards(theirs)
    top = parse_card(upcard)
    first_draws = list(parse_cards(stock)) if stock else []
    used = set(own) | set(other) | {top} | set(first_draws)
    deck: list[Card] = []
    for mine_card, their_card in zip(own, other, strict=True):
        deck += [mine_card, their_card]
    return HandState(rules, dealer=0, deck=deck + [top] + first_draws
                     + [c for c in range(52) if c not in used])
