"""A NumPy batch simulator: many hands stepped at once, for training.

Every env plays one hand at a time under the same rules as the core (any preset, two seats); the
arrays hold all of them, and one :meth:`BatchGinRummy.step` applies one action in each. The legal
actions and observations are those of :mod:`ginrummy.rl.encoding` for the player to act, so a
policy trained here plays the PettingZoo and Gymnasium environments unchanged. Deadwood uses the
core's run tables with the set choices enumerated as arrays. Knocks are settled as arrays too,
except those where the defender may lay off: the core settles those (its default arrangement
for the knocker breaks ties by what the knocker has seen). Tests replay seeded deals in both
and compare every mask, observation and reward, and settle thousands of knocks both ways. Where
Numba is installed the hottest loops run compiled (:mod:`ginrummy.rl.kernels`), equal to the
NumPy code here value for value.

>>> sim = BatchGinRummy(4, seed=1)
>>> obs, mask = sim.reset()
>>> obs.shape, mask.shape
((4, 219), (4, 161))
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from ginrummy.core.cards import NUM_CARDS, SUIT_OF, VALUE_OF
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.melds import LANE_DROP, RUN_DEADWOOD, min_deadwood
from ginrummy.core.rules import Rules
from ginrummy.core.settlement import settle
from ginrummy.rl import kernels
from ginrummy.rl.config import resolve_rules
from ginrummy.rl.encoding import (
    BIG_GIN_ACTION,
    DEALER,
    DISCARD_BASE,
    DISCARDS,
    GIN_BASE,
    HAND,
    KNOCK_BASE,
    KNOCK_LIMIT,
    MULTIPLIER,
    NUM_ACTIONS,
    OBS_SIZE,
    OPPONENT_KNOWN,
    OPPONENT_SCORE,
    OWN_SCORE,
    PHASE,
    PILE_TOP,
    STOCK,
    STOCK_AT_START,
)

UPCARD, DRAW, DISCARD, LAST_CHANCE, OVER = range(5)  # the order of the encoding's phase one-hot
TAKE, PASS, DRAW_STOCK, DRAW_PILE = range(4)
DEALT = 21  # cards dealt before the stock: twenty to the hands and the upcard (or an eleventh)
NO_CARD = -1
SPADES = 3
KINDS = ("knock", "undercut", "gin", "big_gin", "dead")  # the codes of ``outcome_kind``
KIND_CODE = {kind: code for code, kind in enumerate(KINDS)}
DEAD = KIND_CODE["dead"]
# Fewer knocks than this in one step go to the core: the array settlement costs about 0.3 ms a
# call whatever its size, the core about 0.13 ms a knock (2 CPUs, loaded).
FEW_KNOCKS = 3
# Up to this many hands the core counts least deadwood faster (about 1 us a hand) than the arrays
# (whose set choices cost about 0.1 ms a call whatever its size).
FEW_HANDS = 160
OBSERVE_CHUNK = 256  # envs cast and patched together while in cache

_POW13 = (1 << np.arange(13)).astype(np.int64)
_LANE_SHIFTS = 13 * np.arange(4, dtype=np.uint64)  # where each lane sits in a hand mask
_LANE_PLACE = (1 << _LANE_SHIFTS).astype(np.int64)
_RUN_DEADWOOD = np.asarray(RUN_DEADWOOD, dtype=np.int32)
_LANE_DROP = np.asarray(LANE_DROP, dtype=np.int32)
_VALUES = np.asarray(VALUE_OF, dtype=np.int32)
_SUITS = np.asarray(SUIT_OF, dtype=np.int64)
_CARD_LANE_BIT = (1 << (np.arange(NUM_CARDS) % 13)).astype(np.int64)
_FULL_LANE = (1 << 13) - 1
_RANKS = np.arange(13, dtype=np.int64)
_CARD_ROW = np.dtype((np.void, NUM_CARDS))  # a row of 52 booleans or int8 as one item
# How BatchGinRummy._apply groups the actions: by the move that carries each out.
_GROUPS = ("take", "stock", "pass", "discard", "finish")
_ACTION_GROUP = np.asarray([0, 2, 1, 0] + [3] * NUM_CARDS + [4] * (NUM_ACTIONS - KNOCK_BASE),
                           dtype=np.uint8)  # take, pass, draw stock, draw pile, discards, ends
_KEEP_OTHER_SUITS = 1 - np.eye(4, dtype=np.int64)  # row s: keep every suit but s
_LANE_BITS = (np.arange(1 << 13)[:, None] >> np.arange(13)) & 1  # [lane, rank]
_LANE_VALUE = _LANE_BITS @ _VALUES[:13]  # the value of a lane's cards
_LANE_COUNT = _LANE_BITS.sum(axis=1)  # how many cards a lane holds
_LANE_TOP_VALUE = (_LANE_BITS * _VALUES[:13]).max(axis=1)  # of its costliest card
_RUN_STARTS = np.arange(1 << 13) & (np.arange(1 << 13) >> 1) & (np.arange(1 << 13) >> 2)
# A lane's cards in no run of three of it.
_OUTSIDE_RUNS = np.arange(1 << 13) & ~(_RUN_STARTS | (_RUN_STARTS << 1) | (_RUN_STARTS << 2))


def lanes_of(cards: np.ndarray) -> np.ndarray:
    """The four 13-bit suit lanes of boolean card rows ``[..., 52]`` as ``[..., 4]`` ints."""
    rows = cards.reshape(-1, NUM_CARDS)
    words = np.zeros((len(rows), 8), dtype=np.uint8)
    words[:, :7] = np.packbits(rows, axis=1, bitorder="little")
    hands = words.view("<u8")  # [M, 1]: each row as one 52-bit hand, card i at bit i
    lanes = (hands >> _LANE_SHIFTS) & np.uint64(_FULL_LANE)
    return lanes.astype(np.int64).reshape(*cards.shape[:-1], 4)


def _ranks_in_three_suits(lanes: np.ndarray) -> np.ndarray:
    """The rank bits held in three suits or more, per hand ``[M, 4]`` (the ranks of sets)."""
    clubs, diamonds, hearts, spades = lanes.T
    # Any three suits include both clubs and diamonds or both hearts and spades.
    return (clubs & diamonds & (hearts | spades)) | (hearts & spades & (clubs | diamonds))


def _set_choices(lanes: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """For the hands ``[M, 4]`` holding three or four cards of some rank: groups of rows and,
    for each row, every way to take sets out (none, all, or three of four per such rank) as lane
    bits to subtract, ``[R, choices, 4]``. A hand of at most eleven cards has at most three."""
    triples = _ranks_in_three_suits(lanes)
    candidates = np.flatnonzero(triples)  # most hands have none
    if candidates.size == 0:
        return
    lanes, triples = lanes[candidates], triples[candidates]
    fours = np.bitwise_and.reduce(lanes, axis=1)  # the ranks held in all four suits
    slots = _LANE_COUNT[triples]
    if (slots > 3).any():
        raise ValueError("the batch deadwood takes hands of at most eleven cards")
    for k in (1, 2, 3):
        rows = np.flatnonzero(slots == k)  # among the candidates
        if rows.size == 0:
            continue
        held, rest, four = lanes[rows], triples[rows], fours[rows]
        removal = np.zeros((rows.size, 1, 4), dtype=np.int64)
        for _ in range(k):  # one rank at a time, the lowest left
            rank = rest & -rest
            rest = rest ^ rank
            full = held & rank[:, None]  # the rank's cards, as lane bits per suit
            three_of_four = (full[:, None, :] * _KEEP_OTHER_SUITS
                             * ((four & rank) != 0)[:, None, None])  # [R, dropped, suit]
            options = np.concatenate(
                [np.zeros_like(full)[:, None, :], full[:, None, :], three_of_four], axis=1
            )  # [R, 6 choices, suit]; a three-card rank repeats "none" in its last four
            removal = (removal[:, :, None, :] + options[:, None, :, :]).reshape(
                rows.size, -1, 4)
        yield candidates[rows], removal


def min_deadwood_lanes(lanes: np.ndarray) -> np.ndarray:
    """Exact least deadwood of each hand ``[M, 4]`` (at most eleven cards), as the core counts
    it: runs from the core's per-suit table, every choice of sets tried, all rows at once (a few
    hands are counted by the core)."""
    jit = kernels.compiled()
    if jit is not None:
        least = np.empty(len(lanes), dtype=np.int64)
        jit.min_deadwood(lanes, _RUN_DEADWOOD, least)
        return least
    if len(lanes) <= FEW_HANDS:
        masks = (lanes @ _LANE_PLACE).tolist()
        return np.fromiter(map(min_deadwood, masks), dtype=np.int64, count=len(masks))
    best = _RUN_DEADWOOD[lanes].sum(axis=1)
    for rows, removal in _set_choices(lanes):
        rest = lanes[rows][:, None, :] - removal
        best[rows] = _RUN_DEADWOOD[rest].sum(axis=2).min(axis=1)
    return best


def deadwood_after_discard_floor(lanes: np.ndarray) -> np.ndarray:
    """A lower bound of :func:`min_deadwood_after_discard_lanes`, a few table reads per hand.

    A card in no possible meld (no run of three through it in its suit, no three of its rank) is
    deadwood however the hand is melded, and throwing a card never makes another meldable, so
    the least deadwood after a discard is at least those cards' value less the costliest one's.
    """
    return _floor_of(_unmeldable(lanes))


def _floor_of(unmeldable: np.ndarray) -> np.ndarray:
    # Column by column: cheaper than reducing rows of four.
    tops = _LANE_TOP_VALUE[unmeldable].T
    costliest = np.maximum(np.maximum(tops[0], tops[1]), np.maximum(tops[2], tops[3]))
    floor: np.ndarray = _unmeldable_value(unmeldable) - costliest
    return floor


def _unmeldable(lanes: np.ndarray) -> np.ndarray:
    """The cards of each hand ``[M, 4]`` in no possible meld, as lanes."""
    unmeldable: np.ndarray = _OUTSIDE_RUNS[lanes] & ~_ranks_in_three_suits(lanes)[:, None]
    return unmeldable


def _unmeldable_value(unmeldable: np.ndarray) -> np.ndarray:
    clubs, diamonds, hearts, spades = _LANE_VALUE[unmeldable].T
    total: np.ndarray = clubs + diamonds + hearts + spades
    return total


def _discards_within(cards_held: np.ndarray, unmeldable: np.ndarray,
                     limit: np.ndarray) -> np.ndarray:
    """``[R, 52]``: the cards of ``cards_held`` whose discard may leave at most ``limit [R]``
    deadwood, given the hand's ``unmeldable`` cards (lanes). The cards in no possible meld stay
    deadwood after any discard (as in :func:`deadwood_after_discard_floor`), so throwing card c
    leaves at least their value less c's when c is one of them: only those cards need their
    deadwood counted."""
    total = _unmeldable_value(unmeldable)
    spare = total - limit  # how much the thrown card must take off
    cards = ((unmeldable[:, :, None] >> _RANKS) & 1).reshape(-1, NUM_CARDS).astype(bool)
    within: np.ndarray = cards_held & np.where((spare <= 0)[:, None], True,
                                         cards & (_VALUES >= spare[:, None]))
    return within


def min_deadwood_after_discard_lanes(lanes: np.ndarray) -> np.ndarray:
    """Exact least deadwood of each hand ``[M, 4]`` after its best discard (the core's
    ``min_deadwood_after_discard``)."""
    best = _RUN_DEADWOOD[lanes].sum(axis=1) + _LANE_DROP[lanes].min(axis=1)
    for rows, removal in _set_choices(lanes):
        rest = lanes[rows][:, None, :] - removal
        # A choice that sets aside every card leaves nothing to throw (a drop of 1000).
        total = _RUN_DEADWOOD[rest].sum(axis=2) + _LANE_DROP[rest].min(axis=2)
        best[rows] = total.min(axis=1)
    return best


def _nth_bit_table() -> np.ndarray:
    """``[256 * 8]``: at ``byte * 8 + j``, the position of the j-th set bit of ``byte`` (0 past
    its last)."""
    table = np.zeros((256, 8), dtype=np.uint8)
    for byte in range(256):
        positions = [bit for bit in range(8) if byte >> bit & 1]
        table[byte, :len(positions)] = positions
    return table.reshape(-1)


_POPCOUNT = np.asarray([bin(byte).count("1") for byte in range(256)], dtype=np.uint8)
_NTH_BIT = _nth_bit_table()
_BITWISE_COUNT = getattr(np, "bitwise_count", None)  # numpy 2.0 on


def _bit_counts(octets: np.ndarray) -> np.ndarray:
    """The set bits of each byte of ``octets`` (uint8): numpy 2's ufunc, far faster than the
    table where it exists."""
    if _BITWISE_COUNT is None:
        return np.take(_POPCOUNT, octets)
    counts: np.ndarray = _BITWISE_COUNT(octets)
    return counts


def random_legal_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``mask`` (0 for a row with none).

    Row ``i`` gets its ``floor(u_i * legal_i)``-th legal action in index order, found on the mask
    packed eight actions to a byte, so the work is per byte rather than per action.
    """
    n = len(mask)
    jit = kernels.compiled()
    if jit is not None:
        chosen = np.empty(n, dtype=np.int64)
        jit.random_legal_actions(mask, rng.random(n), chosen)
        return chosen
    packed = np.packbits(mask, axis=1, bitorder="little")  # [N, bytes]
    width = packed.shape[1]
    counts = _bit_counts(packed.T)  # [bytes, N]
    small = np.uint8 if mask.shape[1] < 256 else np.int32  # counts to the row's end fit
    before = np.empty((width + 1, n), dtype=small)  # legal actions before each byte
    before[0] = 0
    for byte in range(width):  # row adds: far cheaper than a cumsum across rows
        np.add(before[byte], counts[byte], out=before[byte + 1])
    legal = before[-1]
    wanted = (rng.random(n) * legal).astype(small)
    # The wanted action's byte: how many bytes end at or before it (the last byte at most).
    byte = np.add.reduce(before[1:-1] <= wanted, axis=0, dtype=small).astype(np.intp)
    envs = np.arange(n)
    within = wanted - np.take(before, byte * n + envs)
    octet = np.take(packed, envs * width + byte).astype(np.intp)  # the byte holding it
    bit = np.take(_NTH_BIT, octet * 8 + np.minimum(within, 7))
    return np.where(legal > 0, byte * 8 + bit, 0)


class BatchGinRummy:
    """``num_envs`` hands of two-player Gin Rummy as arrays.

    :meth:`step` takes one action index per env (for the player to act, ``to_play``) and returns
    the next observations and masks, the rewards ``[N, 2]`` (hand points, + to the winner and -
    to the loser, by seat) and which hands ended. With ``auto_reset`` an ended hand is dealt
    afresh at once, so the returned observation is the new hand's.

    How the last finished hand of each env ended stays in ``outcome_kind`` (an index into
    :data:`KINDS`), ``winner`` and ``knocker`` (seats, -1 for none), ``points`` (by seat) and
    ``end_deadwood`` (by seat: the knocker's as shown, the defender's after layoffs, in a dead
    hand each hand's least deadwood), as :mod:`ginrummy.rl.outcome` reports them.
    ``score_features`` (``[N, 2]``, by seat, zero unless set) fill the observation's two match
    score entries; a match keeps them up to date.

    The vector environments (:mod:`ginrummy.rl.vector_env`) drive it through the finer calls:
    :meth:`apply` (a move in some envs, no observation), :meth:`deal`, :meth:`observe` of any
    seat and :meth:`observe_both`. :meth:`observe_both` keeps its own copy of the cards, the
    dealer and the multiplier, and the masks and settlement read the hands as suit lanes, all
    written by :meth:`deal` and each move: code that edits those arrays directly calls
    :meth:`resync` before the next mask, move or observation.
    """

    def __init__(
        self,
        num_envs: int,
        *,
        rules: str | Rules = "classic",
        seed: int | None = None,
        auto_reset: bool = True,
        **options: Any,
    ) -> None:
        self.n = num_envs
        self.rules = resolve_rules(rules, **options)
        self.auto_reset = auto_reset
        self.rng = np.random.default_rng(seed)
        n = num_envs
        self.rows = np.arange(n)
        self.deck = np.zeros((n, NUM_CARDS), dtype=np.int64)
        self.hand = np.zeros((n, 2, NUM_CARDS), dtype=bool)
        self.known = np.zeros((n, 2, NUM_CARDS), dtype=bool)  # cards each knows the other holds
        self.in_pile = np.zeros((n, NUM_CARDS), dtype=bool)
        # ``hand`` as four 13-bit suit lanes per seat, kept up to date move by move (computing
        # them from the hands at every mask cost more than the moves' few cells).
        self._lanes = np.zeros((n, 2, 4), dtype=np.int64)
        self._lanes_flat = self._lanes.reshape(-1)
        # Both seats' observations as 0/1 entries, cast by observe_both, which then sets the
        # cells left 0 here (pile top, phase, fractions). The hand, known and discard blocks
        # mirror ``hand``, ``known`` and ``in_pile``: deal and each move write both (copying
        # the blocks whole at every observation cost more than the moves' few cells; views of
        # one array made the state's other reads much slower). Whole rows: a contiguous cast
        # is twice as fast.
        self._bits = np.zeros((n, 2, OBS_SIZE), dtype=bool)
        self._bits_flat = self._bits.reshape(-1)
        self._pile_base = self.rows * NUM_CARDS  # where each env's pile starts, flat
        self._mask_base = self.rows * NUM_ACTIONS  # and its mask
        self._bits_base = self.rows * 2 * OBS_SIZE  # where each env starts in ``_bits`` (flat)
        # What observe_both sets in its output after the cast (see _changing_cells), as
        # [cell, seat, env]: rows that stay (the fractions' and scores' cells, the ones' values)
        # written once here.
        offsets = np.asarray([0, 0, STOCK, KNOCK_LIMIT, OWN_SCORE, OPPONENT_SCORE], dtype=np.intp)
        seats = np.asarray([0, OBS_SIZE], dtype=np.intp)
        self._cells = offsets[:, None, None] + seats[:, None] + self._bits_base
        self._values = np.ones((6, 2, n), dtype=np.float32)
        self.pile = np.zeros((n, NUM_CARDS), dtype=np.int64)  # a stack; pile_size cards used
        self.pile_size = np.zeros(n, dtype=np.int64)
        self.drawn = np.zeros(n, dtype=np.int64)  # cards taken from the stock so far
        self.phase = np.zeros(n, dtype=np.int64)
        self.to_play = np.zeros(n, dtype=np.int64)
        self.dealer = np.zeros(n, dtype=np.int64)
        self.passes = np.zeros(n, dtype=np.int64)
        self.taken = np.full(n, NO_CARD, dtype=np.int64)
        self.must_end = np.zeros(n, dtype=bool)
        self.only_stock = np.zeros(n, dtype=bool)
        self.knock_limit = np.zeros(n, dtype=np.int64)
        self.multiplier = np.ones(n, dtype=np.int64)
        self.points = np.zeros((n, 2), dtype=np.int64)  # of the last finished hand, by seat
        self.outcome_kind = np.full(n, DEAD, dtype=np.int64)
        self.winner = np.full(n, -1, dtype=np.int64)
        self.knocker = np.full(n, -1, dtype=np.int64)
        self.end_deadwood = np.zeros((n, 2), dtype=np.int64)
        self.score_features = np.zeros((n, 2), dtype=np.float32)
        # The masks, and below them a row of zeros that masks_by_seat gathers for the seats
        # that do not act.
        self._mask_rows = np.zeros((n + 1, NUM_ACTIONS), dtype=np.int8)
        self._mask = self._mask_rows[:n]
        # Each env's discard entries as one item (writing whole items is far faster).
        self._discard_entries = np.ndarray((n,), dtype=_CARD_ROW, buffer=self._mask_rows,
                                           offset=DISCARD_BASE, strides=(NUM_ACTIONS,))

    # -- dealing ------------------------------------------------------------------------------

    def reset(
        self, *, decks: np.ndarray | None = None, dealers: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Deal every env (from ``decks [N, 52]`` and ``dealers [N]`` when given)."""
        self.deal(self.rows, decks=decks, dealers=dealers)
        return self.observe(), self.legal_mask()

    def deal(self, rows: np.ndarray, *, decks: np.ndarray | None = None,
             dealers: np.ndarray | None = None) -> None:
        """Deal a fresh hand in the envs ``rows`` (shuffled and with a random dealer unless
        ``decks [R, 52]`` and ``dealers [R]`` are given). :meth:`legal_mask` is not updated."""
        rows = np.asarray(rows, dtype=np.int64)
        self._deal(rows, decks, dealers)
        self._mirror_rows(rows)

    def _deal(self, rows: np.ndarray, decks: np.ndarray | None,
              dealers: np.ndarray | None) -> None:
        m = rows.size
        if decks is None:
            decks = self.rng.permuted(np.tile(np.arange(NUM_CARDS), (m, 1)), axis=1)
        if dealers is None:
            dealers = self.rng.integers(0, 2, size=m)
        decks = np.asarray(decks, dtype=np.int64)
        dealers = np.asarray(dealers, dtype=np.int64)
        rules = self.rules
        self.deck[rows] = decks
        self.dealer[rows] = dealers
        non_dealer = 1 - dealers
        self.hand[rows] = False
        dealt = DEALT if rules.eleven_card_deal else DEALT - 1
        # §3.3: one at a time, the non-dealer first: card i goes to the non-dealer when i is even.
        seats = non_dealer[:, None] ^ (np.arange(dealt) % 2)
        self.hand[rows[:, None], seats, decks[:, :dealt]] = True
        self.known[rows] = False
        self.in_pile[rows] = False
        self.drawn[rows] = 0
        self.passes[rows] = 0
        self.taken[rows] = NO_CARD
        self.must_end[rows] = False
        self.only_stock[rows] = False
        self.to_play[rows] = non_dealer
        self.multiplier[rows] = 1
        self.knock_limit[rows] = 0 if rules.straight else rules.knock_limit
        if rules.eleven_card_deal:
            self.pile_size[rows] = 0
            self.phase[rows] = DISCARD
            return
        upcards = decks[:, DEALT - 1]
        self.pile[rows, 0] = upcards
        self.pile_size[rows] = 1
        self.in_pile[rows, upcards] = True
        self.phase[rows] = UPCARD
        if rules.oklahoma:  # §9.1: the upcard's value is the knock limit
            value = _VALUES[upcards]
            if rules.oklahoma_ace == "gin":
                value = np.where(value == 1, 0, value)
            self.knock_limit[rows] = np.minimum(value, rules.knock_limit)
            if rules.oklahoma_spade_double:
                self.multiplier[rows] = np.where(_SUITS[upcards] == SPADES, 2, 1)

    def resync(self, rows: np.ndarray | None = None) -> None:
        """Copy ``hand``, ``known``, ``in_pile``, ``dealer`` and ``multiplier`` (of the envs
        ``rows``, or all) into :meth:`observe_both`'s buffer and the hands' suit lanes, after
        editing them directly."""
        self._mirror_rows(self.rows if rows is None else np.asarray(rows, dtype=np.int64))

    def _mirror_rows(self, rows: np.ndarray) -> None:
        """Copy what a deal sets in the envs ``rows`` into ``_bits``: the cards, and the
        entries that stay for the hand, the dealer and the multiplier (1 or 2 from a deal); and
        the hands into ``_lanes``."""
        self._lanes[rows] = lanes_of(self.hand[rows])
        bits = self._bits
        bits[rows, :, HAND:HAND + NUM_CARDS] = self.hand[rows]
        bits[rows, :, OPPONENT_KNOWN:OPPONENT_KNOWN + NUM_CARDS] = self.known[rows]
        bits[rows, :, DISCARDS:DISCARDS + NUM_CARDS] = self.in_pile[rows][:, None]
        dealer = self.dealer[rows]
        bits[rows, 0, DEALER] = dealer == 0
        bits[rows, 1, DEALER] = dealer == 1
        bits[rows, :, MULTIPLIER] = (self.multiplier[rows] == 2)[:, None]

    def _move_cards(self, rows: np.ndarray, seat: np.ndarray, cards: np.ndarray, *,
                    to_hand: bool) -> None:
        """``cards`` taken from the pile into the hands of ``seat`` in ``rows`` (or thrown
        onto it): the hand, its lanes, the opponent's known cards, the pile's set and their
        mirrors in ``_bits``, written through flat indices (cheaper than indexing three axes)."""
        jit = kernels.compiled()
        if jit is not None:
            jit.move_cards(rows, seat, cards, to_hand, self.hand.reshape(-1),
                               self._lanes_flat, self.known.reshape(-1),
                               self.in_pile.reshape(-1), self._bits_flat)
            return
        own = 2 * rows + seat  # the mover's row of [N * 2] seats
        other = own ^ 1
        self.hand.reshape(-1)[own * NUM_CARDS + cards] = to_hand
        self._set_lanes(own, cards, held=to_hand)
        self.known.reshape(-1)[other * NUM_CARDS + cards] = to_hand
        self.in_pile.reshape(-1)[rows * NUM_CARDS + cards] = not to_hand
        flat = self._bits_flat
        flat[own * OBS_SIZE + (HAND + cards)] = to_hand
        flat[other * OBS_SIZE + (OPPONENT_KNOWN + cards)] = to_hand
        pile = 2 * rows * OBS_SIZE + (DISCARDS + cards)  # seat 0's cell
        flat[pile] = not to_hand
        flat[pile + OBS_SIZE] = not to_hand

    def _set_lanes(self, seats: np.ndarray, cards: np.ndarray, *, held: bool) -> None:
        """Put ``cards`` into the lanes of ``seats`` (rows of ``[N * 2]``), or take them out."""
        cells = seats * 4 + _SUITS[cards]
        bits = _CARD_LANE_BIT[cards]
        flat = self._lanes_flat
        flat[cells] = flat[cells] | bits if held else flat[cells] & ~bits

    # -- queries ------------------------------------------------------------------------------

    @property
    def stock_size(self) -> np.ndarray:
        return NUM_CARDS - DEALT - self.drawn

    def pile_top(self) -> np.ndarray:
        """The top of each pile, or -1 where it is empty."""
        index = self._pile_base + np.maximum(self.pile_size - 1, 0)
        return np.where(self.pile_size > 0, np.take(self.pile, index), NO_CARD)

    def observe(self, seats: np.ndarray | int | None = None,
                rows: np.ndarray | None = None) -> np.ndarray:
        """``[N, 219]`` observations (see the encoding) of the player to act in each env, or of
        ``seats`` (one per env, or one for all); of the envs ``rows`` only when given."""
        sel: slice | np.ndarray = slice(None)  # every env: plain slices, no copies
        if rows is None:
            rows = self.rows
        else:
            rows = sel = np.asarray(rows, dtype=np.int64)
        if seats is None:
            seat = self.to_play[sel]
        else:
            seat = np.broadcast_to(np.asarray(seats, dtype=np.int64), (self.n,))[sel]
        m = rows.size
        index = np.arange(m)
        obs = np.zeros((m, OBS_SIZE), dtype=np.float32)
        obs[:, HAND:HAND + NUM_CARDS] = self.hand[rows, seat]
        top = self.pile_top()[sel]
        has_top = top >= 0
        obs[index[has_top], PILE_TOP + top[has_top]] = 1.0
        obs[:, OPPONENT_KNOWN:OPPONENT_KNOWN + NUM_CARDS] = self.known[rows, seat]
        obs[:, DISCARDS:DISCARDS + NUM_CARDS] = self.in_pile[sel]
        obs[index, PHASE + self.phase[sel]] = 1.0
        obs[:, DEALER] = self.dealer[sel] == seat
        obs[:, STOCK] = self.stock_size[sel] / STOCK_AT_START
        obs[:, KNOCK_LIMIT] = self.knock_limit[sel] / 10
        obs[:, MULTIPLIER] = self.multiplier[sel] - 1
        scores = self.score_features[sel]
        if scores.any():
            obs[:, OWN_SCORE] = scores[index, seat]
            obs[:, OPPONENT_SCORE] = scores[index, 1 - seat]
        return obs

    def observe_both(self) -> np.ndarray:
        """``[N, 2, 219]``: every env's observations of seat 0 and seat 1, built at once: the
        0/1 entries cast from ``_bits`` and the other cells set a chunk of envs at a time, while
        the chunk is still in cache (cheaper than setting them in the whole array after)."""
        obs = np.empty((self.n, 2, OBS_SIZE), dtype=np.float32)
        jit = kernels.compiled()
        if jit is not None:
            scores = self.score_features
            jit.observe_both(self._bits.reshape(self.n, -1), self.phase, self.pile,
                                 self.pile_size, self.stock_size, self.knock_limit, scores,
                                 bool(scores.any()), obs.reshape(self.n, -1))
            return obs
        cells, values = self._changing_cells()
        flat = obs.reshape(-1)
        for start in range(0, self.n, OBSERVE_CHUNK):
            stop = start + OBSERVE_CHUNK
            np.copyto(obs[start:stop], self._bits[start:stop])  # the 0/1 entries
            flat[cells[:, :, start:stop]] = values[:, :, start:stop]
        return obs

    def _changing_cells(self) -> tuple[np.ndarray, np.ndarray]:
        """The flat cells of :meth:`observe_both`'s output that ``_bits`` leaves 0 and their
        values, ``[k, 2 seats, N]``: the pile top's and the phase's (1), the stock's and the
        knock limit's fractions, and the match scores where set. Only the cells of the top and
        the phase and the values of the fractions and scores change between calls."""
        cells, values = self._cells, self._values
        seat0 = cells[:, 0]
        np.add(self._bits_base + PHASE, self.phase, out=seat0[1])
        size = self.pile_size
        top = np.take(self.pile, self._pile_base + np.maximum(size - 1, 0))
        np.add(self._bits_base + PILE_TOP, top, out=seat0[0])
        # Where the pile is empty the phase's cell stands in for the top's: it is 1 anyway.
        np.copyto(seat0[0], seat0[1], where=size == 0)
        np.add(seat0[:2], OBS_SIZE, out=cells[:2, 1])
        values[2] = self.stock_size / STOCK_AT_START
        values[3] = self.knock_limit / 10
        scores = self.score_features
        if not scores.any():  # single hands leave them 0
            return cells[:4], values[:4]
        values[4] = scores.T
        values[5] = scores.T[::-1]
        return cells, values

    @property
    def mask(self) -> np.ndarray:
        """The legal actions as last computed by :meth:`legal_mask` (a read-only view)."""
        view = self._mask.view()
        view.flags.writeable = False
        return view

    def masks_by_seat(self, acting: np.ndarray) -> np.ndarray:
        """``[N, 2, 161]`` int8 by seat: :attr:`mask` for the seat to act where ``acting [N]``,
        zeros elsewhere; one gather of whole rows (no zeroing pass first)."""
        jit = kernels.compiled()
        if jit is not None:
            out = np.empty((self.n, 2, NUM_ACTIONS), dtype=np.int8)
            jit.masks_by_seat(self._mask, self.to_play, acting, out)
            return out
        source = np.full((self.n, 2), self.n, dtype=np.intp)  # the row of zeros
        source[self.rows, self.to_play] = np.where(acting, self.rows, self.n)
        masks: np.ndarray = np.take(self._mask_rows, source.reshape(-1), axis=0)
        return masks.reshape(self.n, 2, NUM_ACTIONS)

    def legal_mask(self) -> np.ndarray:
        """``[N, 161]`` int8: the legal actions of the player to act (all zero once over)."""
        self.update_mask()
        return self._mask.copy()

    def update_mask(self) -> None:
        """Recompute :attr:`mask` in place (after :meth:`deal`)."""
        mask = self._mask
        mask[:] = 0
        phase = self.phase
        upcard = phase == UPCARD
        last_chance = phase == LAST_CHANCE
        drawing = phase == DRAW
        # Whole columns: cheaper than writing the ones through boolean row indices.
        mask[:, TAKE] = upcard
        mask[:, PASS] = upcard | last_chance
        mask[:, DRAW_STOCK] = drawing
        mask[:, DRAW_PILE] = drawing & ~self.only_stock & (self.pile_size > 0)
        last = np.flatnonzero(last_chance)
        if last.size:
            mask[last[self._last_chance_possible(last)], DRAW_PILE] = 1
        discarding = np.flatnonzero(phase == DISCARD)
        if discarding.size:
            self._discard_mask(discarding, mask)

    def _discard_mask(self, rows: np.ndarray, mask: np.ndarray) -> None:
        # Rows of [N * 2] seats, taken whole: faster than indexing two axes.
        seats = 2 * rows + self.to_play[rows]
        throwable = np.take(self.hand.reshape(-1, NUM_CARDS), seats, axis=0)
        lanes = np.take(self._lanes.reshape(-1, 4), seats, axis=0)  # the taken card's included
        taken = self.taken[rows]
        has_taken = taken >= 0
        throwable[np.flatnonzero(has_taken), taken[has_taken]] = False
        must_end = self.must_end[rows]
        shown = throwable & ~must_end[:, None] if must_end.any() else throwable
        self._discard_entries[rows] = shown.view(_CARD_ROW).reshape(-1)
        # Only hands that may reach the knock limit need each discard tried; a cheap bound rules
        # out nearly all (in random play fewer than 1 in 100 is left) and the rest are counted.
        limit = self.knock_limit[rows]
        unmeldable = _unmeldable(lanes)
        near = np.flatnonzero(_floor_of(unmeldable) <= limit)
        if near.size == 0:
            return
        rows, throwable, limit = rows[near], throwable[near], limit[near]
        counted = _discards_within(throwable, unmeldable[near], limit)
        deadwood = _deadwood_after_discards(lanes[near], counted)  # large where not counted
        limit = limit[:, None]
        mask[rows, GIN_BASE:GIN_BASE + NUM_CARDS] = throwable & (deadwood == 0)
        mask[rows, KNOCK_BASE:KNOCK_BASE + NUM_CARDS] = (
            throwable & (deadwood > 0) & (deadwood <= limit))
        if self.rules.big_gin:
            mask[rows, BIG_GIN_ACTION] = min_deadwood_lanes(lanes[near]) == 0

    def _last_chance_possible(self, rows: np.ndarray) -> np.ndarray:
        """§7.2: whether taking the last discard leaves a knock, gin or big gin."""
        top = self.pile_top()[rows]
        held = self.hand[rows, self.to_play[rows]].copy()
        held[np.arange(rows.size), top] = True
        deadwood = deadwood_after_each_discard(held)
        deadwood[np.arange(rows.size), top] = 1000
        possible = (deadwood <= self.knock_limit[rows, None]).any(axis=1)
        if self.rules.big_gin:
            possible |= min_deadwood_lanes(lanes_of(held)) == 0
        return possible

    # -- stepping -----------------------------------------------------------------------------

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Apply one action per env; returns observations, masks, rewards ``[N, 2]``, done."""
        rewards, done = self._apply(actions, None)
        if self.auto_reset and done.any():
            self.deal(np.flatnonzero(done))
        self.update_mask()
        return self.observe(), self._mask.copy(), rewards, done

    def apply(
        self, actions: np.ndarray, *, active: np.ndarray | None = None,
        refresh_mask: bool = True,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Apply one action per env (in the envs where ``active [N]`` is true, when given) and
        update :attr:`mask` (unless ``refresh_mask`` is false: call :meth:`update_mask` before
        the next move), without observing or dealing; returns rewards ``[N, 2]`` and which
        hands ended."""
        rewards, done = self._apply(actions, active)
        if refresh_mask:
            self.update_mask()
        return rewards, done

    def _apply(self, actions: np.ndarray,
               active: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
        actions = np.asarray(actions, dtype=np.int64)
        live = self.phase != OVER
        if active is not None:
            live &= active
        index = np.clip(actions, 0, NUM_ACTIONS - 1)
        legal = np.take(self._mask, self._mask_base + index)
        illegal = np.flatnonzero(live & ((legal == 0) | (index != actions)))
        if illegal.size:
            bad = int(illegal[0])
            raise IllegalActionError(f"env {bad}: action {int(actions[bad])} is not legal now")
        rewards = np.zeros((self.n, 2), dtype=np.float32)
        groups = np.where(live, _ACTION_GROUP[index], len(_GROUPS))
        take, stock, passing, discard, finish = (
            np.flatnonzero(groups == group) for group in range(len(_GROUPS)))
        if take.size:
            self._take(take)
        if stock.size:
            self._draw_stock(stock)
        if passing.size:
            self._pass(passing)
        if discard.size:
            self._discard(discard, actions[discard] - DISCARD_BASE)
        if finish.size:
            self._finish(finish, actions[finish], rewards)
        return rewards, live & (self.phase == OVER)

    def _take(self, rows: np.ndarray) -> None:
        size = self.pile_size[rows] - 1
        self.pile_size[rows] = size
        card = np.take(self.pile, rows * NUM_CARDS + size)
        self._move_cards(rows, self.to_play[rows], card, to_hand=True)
        self.taken[rows] = card
        self.must_end[rows] = self.phase[rows] == LAST_CHANCE
        self.phase[rows] = DISCARD

    def _draw_stock(self, rows: np.ndarray) -> None:
        card = self.deck[rows, DEALT + self.drawn[rows]]
        self.drawn[rows] += 1
        own = 2 * rows + self.to_play[rows]  # the drawer's row of [N * 2] seats
        self.hand.reshape(-1)[own * NUM_CARDS + card] = True
        self._set_lanes(own, card, held=True)
        self._bits_flat[own * OBS_SIZE + (HAND + card)] = True
        self.taken[rows] = NO_CARD
        self.only_stock[rows] = False
        self.phase[rows] = DISCARD

    def _pass(self, rows: np.ndarray) -> None:
        last_chance = self.phase[rows] == LAST_CHANCE
        self._dead(rows[last_chance])  # §7.2: the hand is dead
        upcard = rows[~last_chance]
        self.passes[upcard] += 1
        self.to_play[upcard] = 1 - self.to_play[upcard]
        both = upcard[self.passes[upcard] == 2]  # §4.3: the non-dealer draws from the stock
        self.phase[both] = DRAW
        self.only_stock[both] = True

    def _discard(self, rows: np.ndarray, cards: np.ndarray) -> None:
        seat = self.to_play[rows]
        size = self.pile_size[rows]
        self.pile.reshape(-1)[rows * NUM_CARDS + size] = cards
        self.pile_size[rows] = size + 1
        self._move_cards(rows, seat, cards, to_hand=False)
        self.taken[rows] = NO_CARD
        self.to_play[rows] = 1 - seat
        wall = self.stock_size[rows] <= self.rules.stock_wall
        if self.rules.last_chance:
            self.phase[rows] = np.where(wall, LAST_CHANCE, DRAW)
        else:
            self.phase[rows] = np.where(wall, OVER, DRAW)
            self._dead(rows[wall])

    def _dead(self, rows: np.ndarray) -> None:
        if rows.size == 0:
            return
        self.phase[rows] = OVER
        self.points[rows] = 0
        self.outcome_kind[rows] = DEAD
        self.winner[rows] = -1
        self.knocker[rows] = -1
        lanes = self._lanes[rows].reshape(-1, 4)  # both seats of each row
        self.end_deadwood[rows] = min_deadwood_lanes(lanes).reshape(-1, 2)

    def _finish(self, rows: np.ndarray, actions: np.ndarray, rewards: np.ndarray) -> None:
        """Knock, gin or big gin, settled as the core settles it (layoffs, undercut, bonuses).

        Most are settled here as arrays: big gin and gin (no layoffs); knocks where one choice
        of sets gives the knocker its least deadwood, so the cards it shows in runs are the
        same whichever way it splits them and the defender's answer (layoffs onto sets, chains
        onto runs) is counted lane by lane; and knocks where the defender holds no card that
        could lie off at all. The rest (two choices of the knocker's sets tie and the defender
        may lay off) go to the core, where the knocker shows the default arrangement for what
        it has seen.
        """
        knocker = self.to_play[rows]
        big = actions == BIG_GIN_ACTION
        ends = np.flatnonzero(~big)
        # §6.1: the knock's discard goes face down, out of the hand.
        thrown = (actions[ends] - KNOCK_BASE) % NUM_CARDS
        self.hand[rows[ends], knocker[ends], thrown] = False
        seats = 2 * rows[ends] + knocker[ends]
        self._set_lanes(seats, thrown, held=False)
        self._bits_flat[seats * OBS_SIZE + HAND + thrown] = False
        if rows.size < FEW_KNOCKS:
            self._settle_in_core(rows, actions, rewards)
            return
        own = self._lanes[rows, knocker]
        theirs = self._lanes[rows, 1 - knocker]
        knocker_deadwood = np.where(big, 0, min_deadwood_lanes(own))
        knock = ~big & (knocker_deadwood > 0)
        sets, ambiguous = _shown_sets(own)
        in_core = knock & ambiguous & _may_lay_off(own, theirs)
        defender_deadwood = np.zeros(rows.size, dtype=np.int64)
        by_layoffs = np.flatnonzero(knock & ~in_core)
        defender_deadwood[by_layoffs] = deadwood_after_layoffs_lanes(
            theirs[by_layoffs], run_attachments(own[by_layoffs], sets[by_layoffs]),
            set_attachments(own[by_layoffs], sets[by_layoffs]))
        no_layoffs = np.flatnonzero(~knock)
        defender_deadwood[no_layoffs] = min_deadwood_lanes(theirs[no_layoffs])
        here = np.flatnonzero(~in_core)
        if here.size:
            self._settle_here(rows[here], knocker[here], big[here], knocker_deadwood[here],
                              defender_deadwood[here], rewards)
        core = np.flatnonzero(in_core)
        if core.size:
            self._settle_in_core(rows[core], actions[core], rewards)

    def _settle_here(self, rows: np.ndarray, knocker: np.ndarray, big: np.ndarray,
                     knocker_deadwood: np.ndarray, defender_deadwood: np.ndarray,
                     rewards: np.ndarray) -> None:
        """RULES §8 on the knocker's deadwood as shown and the defender's after layoffs."""
        rules = self.rules
        gin = ~big & (knocker_deadwood == 0)
        knocker_wins = knocker_deadwood < defender_deadwood  # a tie goes to the defender
        kind = np.select([big, gin, knocker_wins],
                         [KIND_CODE["big_gin"], KIND_CODE["gin"], KIND_CODE["knock"]],
                         KIND_CODE["undercut"])
        gap = np.abs(defender_deadwood - knocker_deadwood)
        points = np.select(
            [big, gin, knocker_wins],
            [rules.big_gin_bonus + defender_deadwood, rules.gin_bonus + defender_deadwood,
             gap + rules.knock_bonus],
            gap + rules.undercut_bonus,
        ) * self.multiplier[rows]
        winner = np.where(kind == KIND_CODE["undercut"], 1 - knocker, knocker)
        self._record(rows, knocker, winner, kind, points, knocker_deadwood, defender_deadwood,
                     rewards)

    def _record(self, rows: np.ndarray, knocker: np.ndarray, winner: np.ndarray,
                kind: np.ndarray, points: np.ndarray, knocker_deadwood: np.ndarray,
                defender_deadwood: np.ndarray, rewards: np.ndarray) -> None:
        self.points[rows] = 0
        self.points[rows, winner] = points
        self.outcome_kind[rows] = kind
        self.winner[rows] = winner
        self.knocker[rows] = knocker
        self.end_deadwood[rows, knocker] = knocker_deadwood
        self.end_deadwood[rows, 1 - knocker] = defender_deadwood
        rewards[rows, winner] = points
        rewards[rows, 1 - winner] = -points
        self.phase[rows] = OVER

    def _settle_in_core(self, rows: np.ndarray, actions: np.ndarray,
                        rewards: np.ndarray) -> None:
        """Knocks the arrays do not settle (or too few to be worth it): the core settles each,
        the knocker showing the default arrangement for what it has seen (the pile and its
        face-down discard, the cards it knows the opponent took), as the engine does for a
        knock that names no melds."""
        found = []
        for row, action in zip(rows.tolist(), actions.tolist(), strict=True):
            seat = int(self.to_play[row])
            seen = self.in_pile[row].copy()
            if action != BIG_GIN_ACTION:
                seen[(action - KNOCK_BASE) % NUM_CARDS] = True  # face down: not the defender's
            settled = settle(
                _mask_of(self.hand[row, seat]), _mask_of(self.hand[row, 1 - seat]),
                self.rules, knock_limit=int(self.knock_limit[row]),
                multiplier=int(self.multiplier[row]), dead=_mask_of(seen),
                known=_mask_of(self.known[row, seat]),
            )
            winner = seat if settled.winner == "knocker" else 1 - seat
            found.append((seat, winner, KIND_CODE[settled.outcome], settled.points,
                          settled.knocker_deadwood, settled.defender_deadwood))
        seats, winners, kinds, points, knocker_deadwood, defender_deadwood = (
            [np.asarray(column, dtype=np.int64) for column in zip(*found, strict=True)])
        self._record(rows, seats, winners, kinds, points, knocker_deadwood, defender_deadwood,
                     rewards)


def deadwood_after_each_discard(held: np.ndarray) -> np.ndarray:
    """``[R, 52]``: each hand's least deadwood after throwing each card it holds (boolean card
    rows ``held [R, 52]``), 1000 for the cards it lacks."""
    return _deadwood_after_discards(lanes_of(held), held)


def _deadwood_after_discards(lanes: np.ndarray, counted: np.ndarray) -> np.ndarray:
    """``[R, 52]``: the least deadwood of the hands ``lanes [R, 4]`` after throwing each card
    of ``counted [R, 52]`` (cards they hold), 1000 for the other cards."""
    rows, cards = np.nonzero(counted)
    rest = lanes[rows]
    rest[np.arange(rows.size), _SUITS[cards]] -= _CARD_LANE_BIT[cards]
    deadwood = np.full(counted.shape, 1000, dtype=np.int32)
    deadwood[rows, cards] = min_deadwood_lanes(rest)
    return deadwood


def _runs_of_three(lanes: np.ndarray) -> np.ndarray:
    """The cards of each lane that lie in a run of three or more of that lane."""
    starts = lanes & (lanes >> 1) & (lanes >> 2)  # the lowest card of each run of three
    runs: np.ndarray = starts | (starts << 1) | (starts << 2)
    return runs


def _shown_sets(own: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sets ``[M, 4]`` (lane bits) in the knocker's least-deadwood arrangements, and
    whether that is ambiguous: two different choices of sets give the least deadwood."""
    sets = np.zeros_like(own)
    ambiguous = np.zeros(len(own), dtype=bool)
    for rows, removal in _set_choices(own):
        deadwood = _RUN_DEADWOOD[own[rows][:, None, :] - removal].sum(axis=2)  # [R, choices]
        chosen = removal[np.arange(rows.size), deadwood.argmin(axis=1)]
        tied = deadwood == deadwood.min(axis=1, keepdims=True)
        ambiguous[rows] = (tied & (removal != chosen[:, None, :]).any(axis=2)).any(axis=1)
        sets[rows] = chosen
    return sets, ambiguous


def run_attachments(own: np.ndarray, sets: np.ndarray) -> np.ndarray:
    """Where a defender's chain of layoffs can start, per lane ``[M, 4]``: next to the ends
    of the knocker's runs, once its ``sets`` are set aside.

    With the sets fixed, the least deadwood melds exactly the other cards that lie in runs of
    three or more (each such stretch melded whole: a card left out only adds deadwood), so
    every arrangement it could show covers the same cards; how a long stretch is split does
    not matter, since a split's ends touch the knocker's own cards, which stop a chain.
    """
    runs = _runs_of_three(own - sets)
    attach: np.ndarray = ((runs << 1) | (runs >> 1)) & ~own & _FULL_LANE
    return attach


def set_attachments(own: np.ndarray, sets: np.ndarray) -> np.ndarray:
    """The fourth card of each set of three the knocker shows, where it is not its own."""
    clubs, diamonds, hearts, spades = sets.T
    threes = _ranks_in_three_suits(sets) & ~(clubs & diamonds & hearts & spades)
    missing: np.ndarray = threes[:, None] & ~own & _FULL_LANE
    return missing


def _reach(lanes: np.ndarray, attach: np.ndarray) -> np.ndarray:
    """The cards of ``lanes`` in a stretch of consecutive ones that touches ``attach``."""
    reach: np.ndarray = lanes & attach
    while True:
        grown = reach | (((reach << 1) | (reach >> 1)) & lanes)
        if np.array_equal(grown, reach):
            return reach
        reach = grown


def _lane_cost_after_layoffs(lanes: np.ndarray, attach: np.ndarray) -> np.ndarray:
    # A chain lays off a whole stretch of the defender's consecutive cards: the stretch is
    # separated from its other cards, so laying it all off is never worse than keeping part.
    cost: np.ndarray = _RUN_DEADWOOD[lanes & ~_reach(lanes, attach)].sum(axis=-1)
    return cost


def deadwood_after_layoffs_lanes(lanes: np.ndarray, run_attach: np.ndarray,
                                 set_missing: np.ndarray) -> np.ndarray:
    """The defender's least deadwood ``[M]`` after layoffs: onto the knocker's sets, the
    cards ``set_missing [M, 4]`` (each laid off or kept, all ways tried), and onto its runs,
    the stretches that chains reach from ``run_attach [M, 4]``; for each, every choice of the
    defender's own sets, then runs lane by lane. This is the core's settlement, whose defender
    tries every arrangement and lays off every card it can."""
    best = _deadwood_after_run_layoffs(lanes, run_attach)
    rows = np.flatnonzero((lanes & set_missing).any(axis=1))
    if rows.size:
        variants = _without_each_subset(lanes[rows], lanes[rows] & set_missing[rows])  # [R,8,4]
        attach = np.repeat(run_attach[rows], variants.shape[1], axis=0)
        found = _deadwood_after_run_layoffs(variants.reshape(-1, 4), attach)
        best[rows] = found.reshape(rows.size, -1).min(axis=1)
    return best


def _deadwood_after_run_layoffs(lanes: np.ndarray, attach: np.ndarray) -> np.ndarray:
    best = _lane_cost_after_layoffs(lanes, attach)
    for rows, removal in _set_choices(lanes):
        rest = lanes[rows][:, None, :] - removal
        best[rows] = _lane_cost_after_layoffs(rest, attach[rows][:, None, :]).min(axis=1)
    return best


def _without_each_subset(lanes: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """``lanes [M, 4]`` less each subset of ``cards [M, 4]`` (at most three per row), as
    ``[M, 8, 4]`` (a subset repeats where a row has fewer cards)."""
    shifts = np.arange(4, dtype=np.int64) * 13
    rest = (cards << shifts).sum(axis=1)  # the cards as one 52-bit int per row
    singles = []
    for _ in range(3):
        low = rest & -rest
        singles.append(low)
        rest ^= low
    if rest.any():
        raise ValueError("at most three cards to choose from per row")
    one, two, three = singles
    subsets = np.stack([np.zeros_like(one), one, two, three, one | two, one | three,
                        two | three, one | two | three], axis=1)  # [M, 8]
    removed = (subsets[:, :, None] >> shifts) & _FULL_LANE
    without: np.ndarray = lanes[:, None, :] & ~removed
    return without


def _may_lay_off(own: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """Whether the defender (lanes ``theirs [M, 4]``) holds a card that could lie off onto a
    meld of the knocker's ten cards (``own``), whatever it shows: a card next to one that is in
    some run of the knocker's, or the fourth of a rank of which the knocker holds three. Where
    this is false, every arrangement either shows leaves nothing to lay off."""
    runs = _runs_of_three(own)
    beside_runs = ((runs << 1) | (runs >> 1)) & _FULL_LANE
    held = (own[:, :, None] >> np.arange(13, dtype=np.int64)) & 1  # [M, suit, rank]
    threes = (held.sum(axis=1) == 3).astype(np.int64) @ _POW13  # ranks held three times
    may: np.ndarray = ((theirs & (beside_runs | threes[:, None])) != 0).any(axis=1)
    return may


def _mask_of(cards: np.ndarray) -> int:
    """A boolean card row as the core's 52-bit hand mask."""
    return int.from_bytes(np.packbits(cards, bitorder="little").tobytes(), "little")
