"""Stacked decks for the variant tests: hands written as cards, dealt as RULES §3.3 says."""

from __future__ import annotations

from collections.abc import Iterable

from ginrummy.core.actions import Action, parse_action
from ginrummy.core.cards import Card, parse_cards
from ginrummy.core.match import Match

# Ten cards that make gin with the upcard TS after throwing KD: A-9 of spades and a loose king.
GIN_HAND = "AS 2S 3S 4S 5S 6S 7S 8S 9S KD"
GIN_UPCARD = "TS"
# Ten cards with no meld at all: deadwood 10+10+10+9+8+6+4+2+3+5 = 67.
LOOSE_HAND = "KC QH JC 9H 8C 6H 4C 2H 3D 5D"
LOOSE_DEADWOOD = 67


def stacked_deck(non_dealer: str, dealer: str, upcard: str = "", stock: str = "") -> list[Card]:
    """A deck dealing ``non_dealer`` and ``dealer`` one card at a time (non-dealer first), then
    ``upcard``, then ``stock`` from its top; the remaining cards follow in a fixed order."""
    first, second = parse_cards(non_dealer), parse_cards(dealer)
    deck: list[Card] = []
    for i in range(max(len(first), len(second))):
        deck.extend(first[i:i + 1])
        deck.extend(second[i:i + 1])
    deck += parse_cards(upcard) if upcard else []
    deck += parse_cards(stock) if stock else []
    deck += [card for card in range(52) if card not in deck]
    return deck


def gin_deck(*, dealer_wins: bool) -> list[Card]:
    """A deal in which one player goes gin with the upcard against :data:`LOOSE_HAND`."""
    if dealer_wins:
        return stacked_deck(LOOSE_HAND, GIN_HAND, GIN_UPCARD)
    return stacked_deck(GIN_HAND, LOOSE_HAND, GIN_UPCARD)


def gin_actions(*, dealer_wins: bool) -> list[Action]:
    """The actions that play :func:`gin_deck`: take the upcard (after a pass) and gin KD."""
    texts = ["pass", "take", "gin KD"] if dealer_wins else ["take", "gin KD"]
    return [parse_action(text) for text in texts]


def play_gin_hand(match: Match, *, dealer_wins: bool) -> None:
    """Deal :func:`gin_deck` as the match's current hand and play it."""
    match.replace_deck(gin_deck(dealer_wins=dealer_wins))
    apply_all(match, gin_actions(dealer_wins=dealer_wins))


def apply_all(target: Match, actions: Iterable[Action]) -> None:
    for action in actions:
        target.apply(action)


# RULES §8 worked example A: the non-dealer knocks with 8 against 25 after layoffs: 17 points.
KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"
KNOCK_POINTS = 17


def knock_deck(upcard: str = "9H") -> list[Card]:
    """Example A dealt to the non-dealer (knocker) and dealer; the stock's top KS is thrown."""
    return stacked_deck(KNOCKER, DEFENDER, upcard, "KS")


KNOCK_ACTIONS = tuple(parse_action(t) for t in ("pass", "pass", "draw stock", "knock KS"))
