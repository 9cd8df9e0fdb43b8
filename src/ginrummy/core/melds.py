"""Melds and the exact deadwood solver (RULES §2).

The fast path works on the four 13-bit suit lanes of a hand mask. ``RUN_DEADWOOD[lane]`` is the
least deadwood a single suit can keep using runs only; sets are the only thing that couples the
lanes, and a ten- or eleven-card hand holds at most three ranks with three or more cards, so the
exact minimum is a small enumeration of set choices, each a few table lookups.

>>> from ginrummy.core.cards import parse_cards, to_mask, format_cards
>>> hand = to_mask(parse_cards("7S 7H 7D 8H 9H 7C TH 2C 3C KD"))
>>> min_deadwood(hand)
15
>>> best = best_arrangement(hand)
>>> [format_cards(from_mask(m)) for m in best.melds], best.deadwood
(['7C 7D 7S', '7H 8H 9H TH'], 15)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ginrummy.core.cards import (
    BIT,
    LANE,
    PAIR_MASK,
    RANK_OF,
    SUIT_OF,
    VALUE_OF,
    Card,
    Mask,
    format_cards,
    from_mask,
    to_mask,
)

Meld = Mask  # a meld is the mask of its cards


def _build_runs() -> list[Mask]:
    runs = []
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                runs.append(((1 << (high - low + 1)) - 1) << (suit * 13 + low))
    return runs


def _build_sets() -> list[Mask]:
    sets = []
    for rank in range(13):
        cards = [suit * 13 + rank for suit in range(4)]
        full = sum(BIT[c] for c in cards)
        sets.append(full)
        sets.extend(full ^ BIT[c] for c in cards)
    return sets


RUNS: tuple[Mask, ...] = tuple(_build_runs())
SETS: tuple[Mask, ...] = tuple(_build_sets())
ALL_MELDS: tuple[Mask, ...] = RUNS + SETS
_MELD_KIND = {m: "run" for m in RUNS} | {m: "set" for m in SETS}
# Melds indexed by their lowest card: the enumeration always decides the lowest undecided card.
MELDS_BY_LOW_CARD: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(m for m in ALL_MELDS if (m & -m) == BIT[c]) for c in range(52)
)


def _lane_value(lane: int) -> int:
    return sum(min(r + 1, 10) for r in range(13) if lane >> r & 1)


def _build_run_deadwood() -> list[int]:
    """Least deadwood of one suit's cards using runs only, for every 13-bit pattern."""
    table = [0] * (1 << 13)
    for lane in range(1, 1 << 13):
        low = (lane & -lane).bit_length() - 1
        rest = lane ^ (1 << low)
        best = table[rest] + min(low + 1, 10)
        run = 1 << low
        for top in range(low + 1, 13):
            if not lane >> top & 1:
                break
            run |= 1 << top
            if top - low >= 2:
                best = min(best, table[lane ^ run])
        table[lane] = best
    return table


RUN_DEADWOOD: tuple[int, ...] = tuple(_build_run_deadwood())
LANE_VALUE: tuple[int, ...] = tuple(_lane_value(lane) for lane in range(1 << 13))


def _build_lane_drop() -> list[int]:
    """Best change of a lane's run deadwood when one of its cards is thrown (big if empty)."""
    table = [1000] * (1 << 13)
    for lane in range(1, 1 << 13):
        base = RUN_DEADWOOD[lane]
        table[lane] = min(RUN_DEADWOOD[lane ^ (1 << r)] - base for r in range(13) if lane >> r & 1)
    return table


LANE_DROP: tuple[int, ...] = tuple(_build_lane_drop())


def _build_lane_drop_rank() -> list[int]:
    """The rank whose throw gives LANE_DROP (ties: the highest rank, the costliest card)."""
    table = [-1] * (1 << 13)
    for lane in range(1, 1 << 13):
        target = LANE_DROP[lane] + RUN_DEADWOOD[lane]
        table[lane] = max(r for r in range(13)
                          if lane >> r & 1 and RUN_DEADWOOD[lane ^ (1 << r)] == target)
    return table


LANE_DROP_RANK: tuple[int, ...] = tuple(_build_lane_drop_rank())


_RANK_CARDS: tuple[Mask, ...] = tuple(0x0008004002001 << rank for rank in range(13))


def _without_sets(mask: Mask, triples: int) -> list[Mask]:
    """``mask`` minus each possible choice of sets, for the ranks in ``triples`` (a rank lane).

    A rank holding three cards may form its set or not; one holding four may form the set of
    four, any set of three, or none. The lanes left over are then solved by runs alone.
    """
    variants = [mask]
    while triples:
        low = triples & -triples
        triples ^= low
        held = mask & _RANK_CARDS[low.bit_length() - 1]
        options = [held]
        if held.bit_count() == 4:
            options.extend(held & ~bit for bit in _bits(held))
        variants = variants + [v ^ o for v in variants for o in options]
    return variants


def _bits(mask: Mask) -> list[Mask]:
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def min_deadwood(mask: Mask) -> int:
    """Exact least deadwood of a hand of any size (sets and runs, ace low)."""
    rd = RUN_DEADWOOD
    a, b, c, d = mask & LANE, mask >> 13 & LANE, mask >> 26 & LANE, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return rd[a] + rd[b] + rd[c] + rd[d]
    if not triples & (triples - 1):  # one rank can form a set: the common case, inline
        keep = ~triples
        a2, b2, c2, d2 = a & keep, b & keep, c & keep, d & keep
        best = min(rd[a] + rd[b] + rd[c] + rd[d], rd[a2] + rd[b2] + rd[c2] + rd[d2])
        if a != a2 and b != b2 and c != c2 and d != d2:  # four of a kind: or keep one back
            best = min(
                best,
                rd[a] + rd[b2] + rd[c2] + rd[d2],
                rd[a2] + rd[b] + rd[c2] + rd[d2],
                rd[a2] + rd[b2] + rd[c] + rd[d2],
                rd[a2] + rd[b2] + rd[c2] + rd[d],
            )
        return best
    return min(
        rd[rest & LANE] + rd[rest >> 13 & LANE] + rd[rest >> 26 & LANE] + rd[rest >> 39]
        for rest in _without_sets(mask, triples)
    )


def min_deadwood_of(
    cards: Sequence[Card], _pairs: tuple[tuple[Mask, ...], ...] = PAIR_MASK,
    _rd: tuple[int, ...] = RUN_DEADWOOD,
) -> int:
    """``min_deadwood(to_mask(cards))``, faster from a list or tuple of cards (any size; a
    sequence, since a failed ten-card unpack reads it again): a ten-card hand's mask is five pair
    lookups, and the common cases (no set possible, or one rank of three) are inline.

    >>> from ginrummy.core.cards import parse_cards
    >>> min_deadwood_of(parse_cards("7S 7H 7D 8H 9H 7C TH 2C 3C KD"))
    15
    """
    try:  # a ten-card sequence unpacks; any other size raises here and takes the general path
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
    except ValueError:
        mask = to_mask(cards)
    else:
        mask = (_pairs[c0][c1] | _pairs[c2][c3] | _pairs[c4][c5] | _pairs[c6][c7]
                | _pairs[c8][c9])
    a, b, c, d = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return _rd[a] + _rd[b] + _rd[c] + _rd[d]
    if triples & (triples - 1):
        return min_deadwood(mask)
    keep = ~triples
    a2, b2, c2, d2 = a & keep, b & keep, c & keep, d & keep
    if a != a2 and b != b2 and c != c2 and d != d2:  # four of a kind: the general path
        return min_deadwood(mask)
    without_set = _rd[a] + _rd[b] + _rd[c] + _rd[d]
    with_set = _rd[a2] + _rd[b2] + _rd[c2] + _rd[d2]
    return with_set if with_set < without_set else without_set


def min_deadwood_after_discard(mask: Mask) -> int:
    """Exact least deadwood after the best discard from a hand (eleven cards, usually)."""
    return best_discard(mask)[1]


def best_discard(mask: Mask) -> tuple[Card, int]:
    """One best discard and the least deadwood after it, from the lane tables.

    Throwing a card changes only its own suit's lane, so with the sets fixed the best throw is
    the best ``LANE_DROP`` of the four lanes; the set choices cover throwing a set's card.

    >>> from ginrummy.core.cards import parse_cards, to_mask, format_card
    >>> card, deadwood = best_discard(to_mask(parse_cards("4S 5S KD 9D 2C QH JH TH 7C 7D 6S")))
    >>> format_card(card), deadwood
    ('KD', 25)
    """
    a, b, c, d = mask & LANE, mask >> 13 & LANE, mask >> 26 & LANE, mask >> 39
    triples = (a & b & (c | d)) | (c & d & (a | b))
    best = _best_lane_discard(a, b, c, d)
    if not triples:
        return best
    if not triples & (triples - 1):  # one rank can form a set: the common case
        keep = ~triples
        a2, b2, c2, d2 = a & keep, b & keep, c & keep, d & keep
        found = _best_lane_discard(a2, b2, c2, d2)
        if found[1] < best[1]:
            best = found
        if a == a2 or b == b2 or c == c2 or d == d2:
            return best
        options = [(a, b2, c2, d2), (a2, b, c2, d2), (a2, b2, c, d2), (a2, b2, c2, d)]
    else:
        options = [
            (rest & LANE, rest >> 13 & LANE, rest >> 26 & LANE, rest >> 39)
            for rest in _without_sets(mask, triples)
        ]
    # four of a kind may keep one card back; a choice leaving no card to throw never wins
    for lanes in options:
        found = _best_lane_discard(*lanes)
        if found[1] < best[1]:
            best = found
    return best


def _best_lane_discard(a: int, b: int, c: int, d: int) -> tuple[Card, int]:
    """The best throw from four lanes solved by runs alone (a card, the deadwood after): the
    lane whose throw costs least, the first such lane on ties."""
    drop, rd = LANE_DROP, RUN_DEADWOOD
    da, db, dc, dd = drop[a], drop[b], drop[c], drop[d]
    if da <= db and da <= dc and da <= dd:
        return LANE_DROP_RANK[a], rd[a] + rd[b] + rd[c] + rd[d] + da
    if db <= dc and db <= dd:
        return 13 + LANE_DROP_RANK[b], rd[a] + rd[b] + rd[c] + rd[d] + db
    if dc <= dd:
        return 26 + LANE_DROP_RANK[c], rd[a] + rd[b] + rd[c] + rd[d] + dc
    return 39 + LANE_DROP_RANK[d], rd[a] + rd[b] + rd[c] + rd[d] + dd


def best_discards(mask: Mask, *, exclude: Mask = 0) -> tuple[list[Card], int]:
    """The discards (not in ``exclude``) leaving the least deadwood, and that deadwood."""
    best, cards = 1000, []
    for card in from_mask(mask & ~exclude):
        dw = min_deadwood(mask ^ BIT[card])
        if dw < best:
            best, cards = dw, [card]
        elif dw == best:
            cards.append(card)
    return cards, best


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand laid out as disjoint melds plus deadwood."""

    melds: tuple[Meld, ...]
    deadwood_mask: Mask

    @property
    def deadwood(self) -> int:
        return _mask_value(self.deadwood_mask)

    @property
    def deadwood_cards(self) -> list[Card]:
        return from_mask(self.deadwood_mask)

    def meld_cards(self) -> list[list[Card]]:
        return [meld_cards(m) for m in self.melds]

    def __str__(self) -> str:
        parts = [format_cards(meld_cards(m)) for m in self.melds]
        dead = format_cards(from_mask(self.deadwood_mask))
        return " | ".join(parts + ([f"deadwood {dead} ({self.deadwood})"] if dead else ["gin"]))


def _mask_value(mask: Mask) -> int:
    return (
        LANE_VALUE[mask & LANE]
        + LANE_VALUE[mask >> 13 & LANE]
        + LANE_VALUE[mask >> 26 & LANE]
        + LANE_VALUE[mask >> 39]
    )


mask_value = _mask_value


def meld_kind(meld: Meld) -> str:
    """``"run"`` or ``"set"``; raises ``KeyError`` for a mask that is not a meld."""
    return _MELD_KIND[meld]


def is_meld(mask: Mask) -> bool:
    return mask in _MELD_KIND


def meld_cards(meld: Meld) -> list[Card]:
    """A meld's cards in a natural order: a run low to high, a set by suit."""
    return from_mask(meld)


def iter_arrangements(mask: Mask) -> Iterator[Arrangement]:
    """Every way to lay out ``mask`` as disjoint melds (including showing fewer melds)."""
    yield from _arrangements(mask, (), 0)


def _arrangements(rest: Mask, melds: tuple[Meld, ...], dead: Mask) -> Iterator[Arrangement]:
    if not rest:
        yield Arrangement(melds, dead)
        return
    low = rest & -rest
    card = low.bit_length() - 1
    yield from _arrangements(rest ^ low, melds, dead | low)
    for meld in MELDS_BY_LOW_CARD[card]:
        if meld & rest == meld:
            yield from _arrangements(rest ^ meld, melds + (meld,), dead)


def arrangements(mask: Mask, *, max_deadwood: int = 200) -> list[Arrangement]:
    """Every arrangement with deadwood at most ``max_deadwood``, least deadwood first."""
    found = [a for a in iter_arrangements(mask) if a.deadwood <= max_deadwood]
    found.sort(key=lambda a: (a.deadwood, len(a.melds), a.melds))
    return found


def best_arrangement(mask: Mask) -> Arrangement:
    """An arrangement of least deadwood (ties: fewest melds, then a fixed order)."""
    best = min_deadwood(mask)
    return arrangements(mask, max_deadwood=best)[0]


def best_arrangements(mask: Mask) -> list[Arrangement]:
    """All arrangements of least deadwood that use every meld they can (ties matter for layoffs)."""
    best = min_deadwood(mask)
    return arrangements(mask, max_deadwood=best)


def can_meld_all(mask: Mask) -> bool:
    return min_deadwood(mask) == 0


# -- layoffs (RULES §6.5, §6.6) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Layoff:
    """A defender's card laid off onto one of the knocker's melds."""

    card: Card
    meld: Meld


def layoffs(deadwood: Mask, melds: tuple[Meld, ...]) -> list[Layoff]:
    """The most valuable layoffs of ``deadwood`` cards onto ``melds``.

    Runs are extended first, card by card at both ends (so 8C then 7C go below 9C TC JC); a card
    that could also complete a set is worth the same wherever it goes, but on a run it may carry
    the chain further. Sets take their missing fourth card.
    """
    made: list[Layoff] = []
    free = deadwood
    for meld in melds:
        if _MELD_KIND.get(meld) != "run":
            continue
        top = meld.bit_length() - 1
        suit = SUIT_OF[top]
        upper = suit * 13 + 12
        card = top + 1
        while card <= upper and free & BIT[card]:
            made.append(Layoff(card, meld))
            free ^= BIT[card]
            card += 1
        low = (meld & -meld).bit_length() - 1
        card = low - 1
        while card >= suit * 13 and free & BIT[card]:
            made.append(Layoff(card, meld))
            free ^= BIT[card]
            card -= 1
    for meld in melds:
        if _MELD_KIND.get(meld) == "set" and meld.bit_count() == 3:
            rank = RANK_OF[meld.bit_length() - 1]
            missing = (0x0008004002001 << rank) ^ meld
            if free & missing:
                made.append(Layoff(missing.bit_length() - 1, meld))
                free ^= missing
    return made


def layoff_value(deadwood: Mask, melds: tuple[Meld, ...]) -> int:
    return sum(VALUE_OF[lay.card] for lay in layoffs(deadwood, melds))
