"""Perft: the number of legal action sequences to a small depth from fixed deals, counted with
the engine and with a small independent move generator written here from RULES §4-§6 (using the
brute-force deadwood of ``core_reference``); both must give the pinned figures."""

from __future__ import annotations

from dataclasses import dataclass, replace

import core_reference as reference
import pytest
from core_decks import stacked_deck

from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, shuffled_deck

KNOCK_LIMIT = 10


@dataclass(frozen=True)
class Table:
    """A classic hand as the reference sees it: phase, hands, stock (top first), pile."""

    phase: str  # "upcard", "draw", "discard" or "over"
    to_play: int
    hands: tuple[frozenset[int], frozenset[int]]
    stock: tuple[int, ...]
    pile: tuple[int, ...]
    passes: int = 0
    taken: int | None = None
    only_stock: bool = False


def reference_start(deck: list[int], dealer: int) -> Table:
    non_dealer = 1 - dealer
    hands: list[set[int]] = [set(), set()]
    for i in range(20):
        hands[non_dealer if i % 2 == 0 else dealer].add(deck[i])
    return Table("upcard", non_dealer, (frozenset(hands[0]), frozenset(hands[1])),
                 tuple(deck[21:]), (deck[20],))


def with_hand(table: Table, cards: frozenset[int]) -> tuple[frozenset[int], frozenset[int]]:
    return (cards, table.hands[1]) if table.to_play == 0 else (table.hands[0], cards)


def reference_children(table: Table) -> list[Table]:
    """Every table one legal action away (RULES §4.1-§4.3, §5.1-§5.3, §6.1, §6.3, §7.1)."""
    me, hand = table.to_play, table.hands[table.to_play]
    if table.phase == "upcard":
        take = replace(table, phase="discard", hands=with_hand(table, hand | {table.pile[-1]}),
                       pile=table.pile[:-1], taken=table.pile[-1])
        passed = replace(table, to_play=1 - me, passes=table.passes + 1)
        if table.passes == 1:
            passed = replace(passed, phase="draw", only_stock=True)
        return [take, passed]
    if table.phase == "draw":
        children = [replace(table, phase="discard", hands=with_hand(table, hand | {table.stock[0]}),
                            stock=table.stock[1:], taken=None, only_stock=False)]
        if not table.only_stock:
            children.append(replace(table, phase="discard", pile=table.pile[:-1],
                                    hands=with_hand(table, hand | {table.pile[-1]}),
                                    taken=table.pile[-1]))
        return children
    if table.phase != "discard":
        return []
    children = []
    for card in sorted(hand - {table.taken}):
        kept = hand - {card}
        after = replace(table, to_play=1 - me, hands=with_hand(table, kept), taken=None,
                        pile=table.pile + (card,))
        children.append(replace(after, phase="draw" if len(table.stock) > 2 else "over"))
        if reference.min_deadwood(sorted(kept)) <= KNOCK_LIMIT:  # knock or gin: either ends it
            children.append(replace(after, phase="over"))
    return children


def reference_perft(table: Table, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(reference_perft(child, depth - 1) for child in reference_children(table))


def engine_perft(state: HandState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += engine_perft(child, depth - 1)
    return total


# P1 (non-dealer): AC 2C 3C | 4D 5D 6D | 7H 8H 9H | KS, upcard 2S: a knock on the first turn.
# P0 (dealer): 5C 6C 7C | TD JD QD | 9C 9S KH QH; the stock 3S 4S 5S ... from the top.
KNOCK_DECK = stacked_deck("AC 2C 3C 4D 5D 6D 7H 8H 9H KS", "5C 6C 7C TD JD QD 9C 9S KH QH",
                          "2S", "3S 4S 5S")
SEEDED_DECK = shuffled_deck(seed=2026)
PINNED = {
    "knock deal": (KNOCK_DECK, [1, 2, 13, 31, 245, 682, 5240]),
    "seeded deal": (SEEDED_DECK, [1, 2, 12, 31, 241, 652]),
}


@pytest.mark.parametrize("name", list(PINNED))
def test_core_perft_counts_match_the_independent_enumeration(name):
    deck, counts = PINNED[name]
    rules = rules_for("classic")
    for depth, expected in enumerate(counts):
        assert engine_perft(HandState(rules, dealer=0, deck=deck), depth) == expected
        assert reference_perft(reference_start(list(deck), 0), depth) == expected
