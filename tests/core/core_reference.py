"""Slow, obviously correct references for the solver and the settlement, straight from RULES §2,
§6 and §8: every meld by definition, every set of disjoint melds, every layoff assignment.

Cards are the core's ints (``suit * 13 + rank``), but nothing here uses the core's tables.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import combinations, product

from ginrummy.core.rules import Rules

Melds = tuple[frozenset[int], ...]


def value(card: int) -> int:
    """RULES §1.3: ace 1, two to ten face value, faces 10."""
    return min(card % 13 + 1, 10)


def total(cards: Iterable[int]) -> int:
    return sum(value(c) for c in cards)


def is_meld(cards: Iterable[int]) -> bool:
    """RULES §2.1: 3-4 cards of one rank, or 3+ cards of one suit in consecutive rank (ace low)."""
    group = sorted(cards)
    if len(group) < 3:
        return False
    if len({c % 13 for c in group}) == 1:
        return len(group) <= 4
    ranks = [c % 13 for c in group]
    return len({c // 13 for c in group}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(group)))


def melds_in(cards: Sequence[int]) -> list[frozenset[int]]:
    """Every meld made of some of ``cards``."""
    by_rank: dict[int, list[int]] = defaultdict(list)
    for card in cards:
        by_rank[card % 13].append(card)
    found = [frozenset(combo) for group in by_rank.values() for size in (3, 4)
             for combo in combinations(group, size)]
    held = set(cards)
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                run = frozenset(suit * 13 + r for r in range(low, high + 1))
                if run <= held:
                    found.append(run)
    return found


def arrangements(cards: Sequence[int]) -> list[tuple[Melds, frozenset[int]]]:
    """Every choice of pairwise disjoint melds, with the cards left as deadwood."""
    melds = melds_in(cards)
    out: list[tuple[Melds, frozenset[int]]] = []

    def walk(index: int, chosen: Melds, used: frozenset[int]) -> None:
        if index == len(melds):
            out.append((chosen, frozenset(cards) - used))
            return
        walk(index + 1, chosen, used)
        if not melds[index] & used:
            walk(index + 1, chosen + (melds[index],), used | melds[index])

    walk(0, (), frozenset())
    return out


def min_deadwood(cards: Sequence[int]) -> int:
    return min(total(dead) for _, dead in arrangements(cards))


def min_deadwood_after_discard(cards: Sequence[int]) -> int:
    return min(min_deadwood([c for c in cards if c != card]) for card in cards)


def best_discards(cards: Sequence[int]) -> set[int]:
    best = min_deadwood_after_discard(cards)
    return {card for card in cards if min_deadwood([c for c in cards if c != card]) == best}


def least_after_layoffs(dead: frozenset[int], melds: Melds) -> int:
    """The defender's least deadwood when each dead card stays or joins one shown meld, every
    extended meld still a meld (so chains and both run ends come for free)."""
    cards = sorted(dead)
    # a card can only ever join a meld of its rank or of its suit: the rest are never tried
    choices = [[None] + [i for i, m in enumerate(melds)
                         if all(c % 13 == card % 13 for c in m) or all(c // 13 == card // 13 for c in m)]
               for card in cards]
    best = total(cards)
    for assignment in product(*choices):
        extended: dict[int, set[int]] = defaultdict(set)
        for card, target in zip(cards, assignment, strict=True):
            if target is not None:
                extended[target].add(card)
        if all(is_meld(melds[i] | added) for i, added in extended.items()):
            best = min(best, total(c for c, t in zip(cards, assignment, strict=True) if t is None))
    return best


def answer(shown: Melds, knocker_dead: frozenset[int], defender: Sequence[int],
           rules: Rules) -> tuple[str, str, int]:
    """(outcome, winner, points) when the knocker shows ``shown`` with ``knocker_dead`` loose
    and the defender answers with its best melds and layoffs, by full enumeration."""
    defender_options = arrangements(defender)
    if not knocker_dead:
        return "gin", "knocker", rules.gin_bonus + min(total(d) for _, d in defender_options)
    knocker_count = total(knocker_dead)
    defender_count = min(least_after_layoffs(d, shown) for _, d in defender_options)
    if knocker_count < defender_count:
        return "knock", "knocker", defender_count - knocker_count + rules.knock_bonus
    return "undercut", "defender", knocker_count - defender_count + rules.undercut_bonus


def targets(shown: Melds, blocked: frozenset[int]) -> tuple[frozenset[int], frozenset[int]]:
    """RULES §6.5 by definition: the cards outside ``blocked`` that join a shown meld by
    themselves (direct), and those that join it together with unblocked cards (chained)."""
    direct: set[int] = set()
    chained: set[int] = set()
    free = [c for c in range(52) if c not in blocked]
    for meld in shown:
        for card in free:
            if is_meld(meld | {card}):
                direct.add(card)
                chained.add(card)
        # a run grows one card at a time at either end through free cards
        grown = set(meld)
        while True:
            more = {c for c in free if c not in grown and is_meld(grown | {c})
                    and len({x // 13 for x in grown}) == 1 and len({x % 13 for x in grown}) > 1}
            if not more:
                break
            chained |= more
            grown |= more
    return frozenset(direct), frozenset(chained)


def default_show(knocker: Sequence[int], limit: int, dead: frozenset[int] = frozenset(),
                 known: frozenset[int] = frozenset()) -> tuple[int, int, int, int]:
    """The rank of the default policy's choice (docs: least deadwood, then fewest known targets,
    direct targets, chained targets), so a test can check the engine's choice attains it."""
    blocked = frozenset(knocker) | dead
    ranks = []
    for melds, loose in arrangements(knocker):
        if total(loose) <= limit:
            direct, chained = targets(melds, blocked)
            ranks.append((total(loose), len(chained & (known - blocked)), len(direct),
                          len(chained)))
    if not ranks:
        raise ValueError("above the knock limit")
    return min(ranks)
