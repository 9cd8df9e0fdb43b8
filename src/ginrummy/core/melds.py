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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from ginrummy.core.cards import (
    BIT,
    LANE,
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

# A throw's key: ``change of deadwood << 6 | card``. The least of four lanes' keys is the best
# throw (the lower suit on ties, as its cards are lower), and adding a choice's run deadwood
# ``<< 6`` keeps the card in the low six bits: one int compares, and no tuple is built.
_NO_THROW = 1 << 24  # the key of an empty lane: no real throw's key reaches it
_KEEP_ALL = (-1,)  # the one choice that keeps every card of the lanes


def _build_throw_keys(suit: int, shared: dict[int, int]) -> tuple[int, ...]:
    """One suit's keys by lane. Equal keys share one int object (``shared``): the four tables
    hold 136 distinct keys, not 32,768 int objects (about a megabyte less to keep in cache)."""
    return (_NO_THROW,) + tuple(
        shared.setdefault(key, key)
        for key in (LANE_DROP[lane] << 6 | suit * 13 + LANE_DROP_RANK[lane]
                    for lane in range(1, 1 << 13))
    )


_SHARED_KEYS: dict[int, int] = {}
_THROW_C, _THROW_D, _THROW_H, _THROW_S = (
    _build_throw_keys(suit, _SHARED_KEYS) for suit in range(4)
)

# A card list's hand, summed from pair lookups into one int (its cards are distinct), laid out
# so that one ``&`` settles most uniform hands: from bit 0, the hand's value (seven bits); a
# three-bit count per rank starting at one, whose top bit says three or four cards (a set can
# form); a three-bit count per rank starting at zero, whose top bit says four; a three-bit count
# per run window (a suit's three ranks from each start) starting at one, whose top bit says a run
# can form; then the clubs and diamonds lanes, and hearts and spades at the top. When no set and
# no run can form, the least deadwood is the value, and ``hand & _VALUE_AND_MELDS`` is it.
_SET_COUNTS = 7
_FOUR_COUNTS = _SET_COUNTS + 3 * 13
_RUN_COUNTS = _FOUR_COUNTS + 3 * 13
_LOW_LANES = _RUN_COUNTS + 3 * 44  # clubs and diamonds
_HIGH_LANES = _LOW_LANES + 26  # hearts and spades
_VALUE_BITS = 127  # ten or eleven cards are worth at most 110

_COUNT_START = (sum(1 << _SET_COUNTS + 3 * rank for rank in range(13))
                + sum(1 << _RUN_COUNTS + 3 * window for window in range(44)))
_SET_POSSIBLE = sum(4 << _SET_COUNTS + 3 * rank for rank in range(13))
_FOUR_HELD = sum(4 << _FOUR_COUNTS + 3 * rank for rank in range(13))
_RUN_POSSIBLE = sum(4 << _RUN_COUNTS + 3 * window for window in range(44))
_VALUE_AND_MELDS = _VALUE_BITS | _SET_POSSIBLE | _RUN_POSSIBLE
_SETS_AND_FOURS = _SET_POSSIBLE | _FOUR_HELD


def _summand(card: Card) -> int:
    suit, rank = SUIT_OF[card], RANK_OF[card]
    windows = range(max(0, rank - 2), min(rank, 10) + 1)  # the run windows holding the card
    return (VALUE_OF[card] + (1 << _SET_COUNTS + 3 * rank) + (1 << _FOUR_COUNTS + 3 * rank)
            + sum(1 << _RUN_COUNTS + 3 * (11 * suit + start) for start in windows)
            + (1 << _LOW_LANES + card))


_SUMMAND: tuple[int, ...] = tuple(_summand(card) for card in range(52))
_PAIR_SUM: tuple[tuple[int, ...], ...] = tuple(
    tuple(_SUMMAND[x] + _SUMMAND[y] for y in range(52)) for x in range(52)
)
_FIRST_PAIR_SUM: tuple[tuple[int, ...], ...] = tuple(
    tuple(pair + _COUNT_START for pair in row) for row in _PAIR_SUM
)


def _set_keeps(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """For ranks of three cards each: the mask that keeps the lanes' other cards, for each choice
    of their sets but none, in the order of ``_set_choices`` (counting in binary, the lowest rank
    the lowest bit). Without four of a kind a set takes its rank from every lane: one mask."""
    return tuple(~sum(1 << rank for i, rank in enumerate(ranks) if choice >> i & 1)
                 for choice in range(1, 1 << len(ranks)))


_RANK_GROUPS = [ranks for size in (1, 2, 3, 4) for ranks in combinations(range(13), size)]
_KEEPS_OF_GROUP = {ranks: _set_keeps(ranks) for ranks in _RANK_GROUPS}


def _set_keeps_by(key_of_rank: Callable[[int], int], *, most: int) -> dict[int, tuple[int, ...]]:
    """The set choices of every group of up to ``most`` ranks, each hot path keyed by the bits it
    already holds: the sum of ``key_of_rank`` over the group's ranks."""
    return {sum(map(key_of_rank, ranks)): keeps
            for ranks, keeps in _KEEPS_OF_GROUP.items() if len(ranks) <= most}


# By the rank mask of the ranks that can form a set; and, for the card-list paths (ten or eleven
# cards: at most three such ranks), by the top bits of their counts.
_SET_KEEPS = _set_keeps_by(lambda rank: 1 << rank, most=4)
_SET_KEEPS_BY_COUNTS = _set_keeps_by(lambda rank: 4 << _SET_COUNTS + 3 * rank, most=3)


def _set_gains() -> dict[int, int]:
    """When no run can form, every rank of three or four cards melds whole: the value melded,
    by the count bits ``hand & _SETS_AND_FOURS`` (at most three such ranks in eleven cards)."""
    gains = {}
    for ranks in _RANK_GROUPS:
        if len(ranks) == 4:
            continue
        for fours in range(1 << len(ranks)):
            key = gain = 0
            for i, rank in enumerate(ranks):
                four = fours >> i & 1
                key += 4 << _SET_COUNTS + 3 * rank | four << _FOUR_COUNTS + 3 * rank + 2
                gain += (3 + four) * min(rank + 1, 10)
            gains[key] = gain
    return gains


_SET_GAIN: dict[int, int] = _set_gains()

# Eleven-card discards read every lane, so they sum a narrower int (fewer digits to add): clubs and
# diamonds in bits 0-25, the same per-rank set counts from bit 26, hearts and spades from bit 65.
_DISCARD_COUNT_START = sum(1 << 26 + 3 * rank for rank in range(13))
_DISCARD_SET_POSSIBLE = _DISCARD_COUNT_START << 2


def _discard_summand(card: Card) -> int:
    lanes = BIT[card] if card < 26 else BIT[card - 26] << 65
    return lanes + (1 << 26 + 3 * RANK_OF[card])


_DISCARD_SUMMAND: tuple[int, ...] = tuple(_discard_summand(card) for card in range(52))
_DISCARD_PAIR_SUM: tuple[tuple[int, ...], ...] = tuple(
    tuple(_DISCARD_SUMMAND[x] + _DISCARD_SUMMAND[y] for y in range(52)) for x in range(52)
)
_DISCARD_FIRST_PAIR_SUM: tuple[tuple[int, ...], ...] = tuple(
    tuple(pair + _DISCARD_COUNT_START for pair in row) for row in _DISCARD_PAIR_SUM
)
_DISCARD_SET_KEEPS = _set_keeps_by(lambda rank: 4 << 26 + 3 * rank, most=3)


def _set_choices(a: int, b: int, c: int, d: int, triples: int) -> list[tuple[int, int, int, int]]:
    """The four lanes left by each choice of sets for the ranks in ``triples``, no set first.

    A rank holding three cards may form its set or not; one holding four may form the set of
    four, a set of three keeping back one card (clubs first), or none. The order is fixed, so
    ties between choices resolve the same way every time.
    """
    choices = [(a, b, c, d)]
    while triples:
        rank = triples & -triples
        triples ^= rank
        keep = ~rank
        four = a & b & c & d & rank
        more = []
        for w, x, y, z in choices:
            w2, x2, y2, z2 = w & keep, x & keep, y & keep, z & keep
            more.append((w2, x2, y2, z2))
            if four:
                more += ((w, x2, y2, z2), (w2, x, y2, z2), (w2, x2, y, z2), (w2, x2, y2, z))
        choices += more
    return choices


def _least_deadwood(a: int, b: int, c: int, d: int) -> int:
    """The exact least deadwood of four lanes: runs by table, sets by enumeration."""
    rd = RUN_DEADWOOD
    least = rd[a] + rd[b] + rd[c] + rd[d]
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if not triples:
        return least
    keeps = None if a & b & c & d else _SET_KEEPS.get(triples)
    if keeps is None:  # four of a kind, or more ranks of three than a hand of twelve holds
        return min(rd[w] + rd[x] + rd[y] + rd[z]
                   for w, x, y, z in _set_choices(a, b, c, d, triples))
    for keep in keeps:
        with_sets = rd[a & keep] + rd[b & keep] + rd[c & keep] + rd[d & keep]
        if with_sets < least:
            least = with_sets
    return least


def min_deadwood(mask: Mask) -> int:
    """Exact least deadwood of a hand of any size (sets and runs, ace low)."""
    low = mask & 67108863  # clubs and diamonds
    high = mask >> 26
    return _least_deadwood(low & LANE, low >> 13, high & LANE, high >> 13)


def min_deadwood_of(
    cards: Sequence[Card], _first: tuple[tuple[int, ...], ...] = _FIRST_PAIR_SUM,
    _pairs: tuple[tuple[int, ...], ...] = _PAIR_SUM, _value_and_melds: int = _VALUE_AND_MELDS,
) -> int:
    """``min_deadwood(to_mask(cards))`` for distinct cards, faster from a list or tuple (any
    size; a sequence, since a failed ten-card unpack reads it again): a ten-card hand is summed
    from five pair lookups; one ``&`` settles it when no set and no run can form, and a dict
    lookup when only sets can (each then melds whole); only four of a kind with a possible run
    leaves the inline code.

    >>> from ginrummy.core.cards import parse_cards
    >>> min_deadwood_of(parse_cards("7S 7H 7D 8H 9H 7C TH 2C 3C KD"))
    15
    """
    try:  # a ten-card sequence unpacks; any other size raises here and takes the general path
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
    except ValueError:
        return min_deadwood(to_mask(cards))
    hand = _first[c0][c1] + _pairs[c2][c3] + _pairs[c4][c5] + _pairs[c6][c7] + _pairs[c8][c9]
    found = hand & _value_and_melds
    if found <= _VALUE_BITS:  # no set and no run can form (most uniform hands)
        return found
    if not found & _RUN_POSSIBLE:  # sets only: each melds whole
        return (found & _VALUE_BITS) - _SET_GAIN[hand & _SETS_AND_FOURS]
    low = hand >> _LOW_LANES & 67108863
    high = hand >> _HIGH_LANES
    a = low & 8191
    b = low >> 13
    c = high & 8191
    d = high >> 13
    rd = RUN_DEADWOOD
    least = rd[a] + rd[b] + rd[c] + rd[d]
    if found & _SET_POSSIBLE:
        if a & b & c & d:
            return _least_deadwood(a, b, c, d)
        for keep in _SET_KEEPS_BY_COUNTS[found & _SET_POSSIBLE]:
            with_sets = rd[a & keep] + rd[b & keep] + rd[c & keep] + rd[d & keep]
            if with_sets < least:
                least = with_sets
    return least


def min_deadwood_after_discard(mask: Mask) -> int:
    """Exact least deadwood after the best discard from a hand (eleven cards, usually)."""
    return best_discard(mask)[1]


def best_discard(mask: Mask) -> tuple[Card, int]:
    """One best discard from a non-empty hand and the least deadwood after it, from the lane
    tables.

    Throwing a card changes only its own suit's lane, so with the sets fixed the best throw is
    the best ``LANE_DROP`` of the four lanes; the set choices cover throwing a set's card.

    >>> from ginrummy.core.cards import parse_cards, to_mask, format_card
    >>> card, deadwood = best_discard(to_mask(parse_cards("4S 5S KD 9D 2C QH JH TH 7C 7D 6S")))
    >>> format_card(card), deadwood
    ('KD', 25)
    """
    low = mask & 67108863  # clubs and diamonds
    high = mask >> 26
    a, b, c, d = low & LANE, low >> 13, high & LANE, high >> 13
    key = _best_throw(a, b, c, d, _KEEP_ALL, _NO_THROW)
    triples = (a & b & (c | d)) | (c & d & (a | b))
    if triples:
        keeps = None if a & b & c & d else _SET_KEEPS.get(triples)
        if keeps is None:  # four of a kind, or more ranks of three than a hand of twelve holds
            key = _best_throw_with_sets(a, b, c, d, triples, key)
        else:
            key = _best_throw(a, b, c, d, keeps, key)
    return key & 63, key >> 6


def best_discard_of(
    cards: Sequence[Card], _first: tuple[tuple[int, ...], ...] = _DISCARD_FIRST_PAIR_SUM,
    _pairs: tuple[tuple[int, ...], ...] = _DISCARD_PAIR_SUM,
    _single: tuple[int, ...] = _DISCARD_SUMMAND,
    _rd: tuple[int, ...] = RUN_DEADWOOD, _kc: tuple[int, ...] = _THROW_C,
    _kd: tuple[int, ...] = _THROW_D, _kh: tuple[int, ...] = _THROW_H,
    _ks: tuple[int, ...] = _THROW_S, _set_possible: int = _DISCARD_SET_POSSIBLE,
    _set_keeps: dict[int, tuple[int, ...]] = _DISCARD_SET_KEEPS,
) -> tuple[Card, int]:
    """``best_discard(to_mask(cards))`` for distinct cards, faster from a list or tuple (any
    non-empty size): an eleven-card hand is summed from six lookups, and without a possible set
    it is solved inline.

    >>> from ginrummy.core.cards import parse_cards, format_card
    >>> card, deadwood = best_discard_of(parse_cards("4S 5S KD 9D 2C QH JH TH 7C 7D 6S"))
    >>> format_card(card), deadwood
    ('KD', 25)
    """
    try:  # an eleven-card sequence unpacks; any other size takes the general path
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10 = cards
    except ValueError:
        return best_discard(to_mask(cards))
    hand = (_first[c0][c1] + _pairs[c2][c3] + _pairs[c4][c5] + _pairs[c6][c7] + _pairs[c8][c9]
            + _single[c10])
    low = hand & 67108863
    high = hand >> 65
    a = low & 8191
    b = low >> 13
    c = high & 8191
    d = high >> 13
    key = _kc[a]
    other = _kd[b]
    if other < key:
        key = other
    other = _kh[c]
    if other < key:
        key = other
    other = _ks[d]
    if other < key:
        key = other
    least = _rd[a] + _rd[b] + _rd[c] + _rd[d]
    sets = hand & _set_possible
    if not sets:
        return key & 63, least + (key >> 6)
    key += least << 6
    if a & b & c & d:
        key = _best_throw_with_sets(a, b, c, d, (a & b & (c | d)) | (c & d & (a | b)), key)
    else:
        key = _best_throw(a, b, c, d, _set_keeps[sets], key)
    return key & 63, key >> 6


def _best_throw(
    a: int, b: int, c: int, d: int, keeps: tuple[int, ...], key: int,
    rd: tuple[int, ...] = RUN_DEADWOOD, kc: tuple[int, ...] = _THROW_C,
    kd: tuple[int, ...] = _THROW_D, kh: tuple[int, ...] = _THROW_H,
    ks: tuple[int, ...] = _THROW_S,
) -> int:
    """The best throw's key, ``deadwood << 6 | card``, from ``key`` and each choice of sets
    given by the mask it keeps of the lanes (solved by runs alone); a later choice replaces an
    earlier one only with less deadwood."""
    bar = key & -64  # a choice must come below: less deadwood, whatever its card
    for keep in keeps:
        w = a & keep
        x = b & keep
        y = c & keep
        z = d & keep
        found = kc[w]
        other = kd[x]
        if other < found:
            found = other
        other = kh[y]
        if other < found:
            found = other
        other = ks[z]
        if other < found:
            found = other
        found += rd[w] + rd[x] + rd[y] + rd[z] << 6
        if found < bar:
            key = found
            bar = key & -64
    return key


def _best_throw_with_sets(a: int, b: int, c: int, d: int, triples: int, key: int) -> int:
    """``_best_throw`` over the choices of sets of ``_set_choices`` but the first (none), whose
    key is ``key``: the general case, with four of a kind."""
    for w, x, y, z in _set_choices(a, b, c, d, triples)[1:]:
        key = _best_throw(w, x, y, z, _KEEP_ALL, key)
    return key


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
