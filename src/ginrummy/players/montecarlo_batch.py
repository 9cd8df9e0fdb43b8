"""Montecarlo's rollouts on NumPy arrays: each choice on each world is a row, all played at once.

The game is the expert's rollout (``play_on`` in :mod:`ginrummy.players.expert`), not the
engine's full hand. From each :class:`~ginrummy.players.montecarlo.Start` the opponent moves
first; a side takes the face-up card when it joins a meld or leaves it a knock, and otherwise
draws the stock's next card; it throws the core's ``best_discard`` (``best_discards``' first
card instead when that would be the card just taken) and knocks as soon as its deadwood is
within its limit. The hand dies when the stock is down to the wall or after :data:`MAX_TURNS`
turns. Every row takes the same turn at once, so the side to move is the same in all of them.

Discards break ties exactly as the core's do: ``best_discard`` takes the first best lane, its
``LANE_DROP_RANK`` card, and among choices of sets the first in the core's order; the set
choices here are listed in that order. Knocks are settled at the end, all together, on arrays:
the defender's layoffs are counted by the batch simulator's settlement (:mod:`ginrummy.rl.batch`,
whose tests check it against the core) for each choice of sets giving the knocker its least
deadwood, and the choice the core's default would show is found by its tie-breaks (the fewest
layoff targets, direct then chained). The few knocks left where the last tie-break (the order
of the melds) could matter go to the core's ``settle``, with the arguments ``play_on`` gives
it. So each row ends as ``play_on`` or ``knock_now`` would end it, and is valued by the same
``Table.worth``.

Hands are 52-bit ints (int64), split into their four 13-bit suit lanes where the core's lane
tables are read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from ginrummy.core.melds import LANE_DROP, LANE_DROP_RANK, RUN_DEADWOOD
from ginrummy.core.settlement import settle
from ginrummy.players.expert import Table
from ginrummy.players.montecarlo import Start
from ginrummy.rl.batch import deadwood_after_layoffs_lanes, run_attachments, set_attachments

ME, OPPONENT = 0, 1
MAX_TURNS = 80  # as play_on: two greedy sides can pass a pair of cards back and forth for ever

_RUN_DEADWOOD = np.asarray(RUN_DEADWOOD, dtype=np.int64)
_LANE_DROP = np.asarray(LANE_DROP, dtype=np.int64)
_LANE_DROP_RANK = np.asarray(LANE_DROP_RANK, dtype=np.int64)
_LANE_COUNT = np.asarray([bin(lane).count("1") for lane in range(1 << 13)], dtype=np.int64)
_SHIFTS = np.arange(4, dtype=np.int64) * 13
_LANE = (1 << 13) - 1
_CARDS = np.arange(52, dtype=np.int64)
_REVERSED = np.asarray([int(f"{lane:013b}"[::-1], 2) for lane in range(1 << 13)], dtype=np.int64)


def batch_rollouts(starts: Sequence[Start | None], table: Table) -> list[float]:
    """What each start is worth to us, as ``python_rollouts`` values it (0 for a dead hand)."""
    present = [(i, begin) for i, begin in enumerate(starts) if begin is not None]
    knocks = [(i, begin) for i, begin in present if begin.top is None]
    plays = [(i, begin) for i, begin in present if begin.top is not None]
    rows, knocker, defender, ours = _roll_out([begin for _, begin in plays], table)
    rows = np.concatenate([np.asarray([i for i, _ in knocks], dtype=np.int64),
                           np.asarray([i for i, _ in plays], dtype=np.int64)[rows]])
    knocker = np.concatenate([_masks([begin.hand for _, begin in knocks]), knocker])
    defender = np.concatenate([_masks([begin.deal.opponent for _, begin in knocks]), defender])
    ours = np.concatenate([np.ones(len(knocks), dtype=bool), ours])
    knocker_won, points = settle_knocks(knocker, defender, table)
    values = [0.0] * len(starts)
    for row, won, paid in zip(rows.tolist(), (knocker_won == ours).tolist(), points.tolist(),
                              strict=True):
        values[row] = table.worth(won, paid)
    return values


def _roll_out(starts: list[Start], table: Table) -> tuple[np.ndarray, ...]:
    """Play every start to its hand's end. Returns the rows that ended in a knock, the
    knocker's ten cards and the defender's hand there, and whether we knocked; the other rows
    died."""
    hands = _masks([s.hand for s in starts] + [s.deal.opponent for s in starts])
    hands = hands.reshape(2, -1).T.copy()  # [row, side]
    top = np.asarray([s.top for s in starts], dtype=np.int64)
    stocks, stock_of, left = _stocks(starts)
    wall = table.rules.stock_wall
    limits = (min(table.own_knock, table.knock_limit), min(table.their_knock, table.knock_limit))
    ended: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []
    live = np.arange(len(starts))
    for turn in range(MAX_TURNS):
        live = live[left[live] > wall]
        if live.size == 0:
            break
        side = OPPONENT if turn % 2 == 0 else ME
        limit = np.full(live.size, limits[side], dtype=np.int64)
        if side == OPPONENT:
            limit[left[live] <= table.their_late_knock] = table.knock_limit
        held, up = hands[live, side], top[live]
        following = stocks[stock_of[live], left[live] - 1]  # the stock's next card
        knock_at = limit if table.take_to_knock else np.full(live.size, -1, dtype=np.int64)
        took, card, deadwood = _turn(held, up, following, knock_at)
        left[live[~took]] -= 1
        held = np.where(took, held | np.left_shift(1, up), held | np.left_shift(1, following))
        held ^= np.left_shift(1, card)
        hands[live, side] = held
        knocking = deadwood <= limit
        if knocking.any():
            rows = live[knocking]
            ended.append((rows, held[knocking], hands[rows, 1 - side], side))
        live = live[~knocking]
        top[live] = card[~knocking]
    return _gathered(ended)


def _gathered(ended: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]
              ) -> tuple[np.ndarray, ...]:
    if not ended:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty, np.zeros(0, dtype=bool)
    rows, knocker, defender, sides = zip(*ended, strict=True)
    ours = [np.full(len(r), side == ME) for r, side in zip(rows, sides, strict=True)]
    return (np.concatenate(rows), np.concatenate(knocker), np.concatenate(defender),
            np.concatenate(ours))


def _masks(hands: list[int]) -> np.ndarray:
    return np.asarray(hands, dtype=np.int64).reshape(-1)


def _stocks(starts: list[Start]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stocks as rows of cards (next card at ``left - 1``), the stock row of each start
    (starts on one world share theirs) and how many cards each start has left."""
    found: dict[int, int] = {}
    distinct: list[tuple[int, ...]] = []
    stock_of = np.empty(len(starts), dtype=np.int64)
    for i, begin in enumerate(starts):
        stock = begin.deal.stock
        j = found.setdefault(id(stock), len(distinct))
        if j == len(distinct):
            distinct.append(stock)
        stock_of[i] = j
    lengths = np.asarray([len(stock) for stock in distinct], dtype=np.int64)
    cards = np.zeros((len(distinct), max(1, int(lengths.max(initial=0)))), dtype=np.int64)
    for j, stock in enumerate(distinct):
        cards[j, :len(stock)] = stock
    return cards, stock_of, lengths[stock_of]


def _turn(held: np.ndarray, up: np.ndarray, following: np.ndarray,
          knock_at: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each side to move: whether it takes the face-up card ``up`` (it joins a meld with
    ``held``, or leaves deadwood within ``knock_at`` after the throw) rather than draw
    ``following``, and its throw and the deadwood after. Both draws are tried in one pass."""
    m = held.size
    throw, after = best_discard(np.concatenate([held | np.left_shift(1, up),
                                                held | np.left_shift(1, following)]))
    melds = joins_meld(held, up)
    # The card just taken may not be thrown: the first of the other best throws. Only where it
    # matters: the taken card is never a worse throw, so a hand that could not knock with it
    # cannot without it.
    again = np.flatnonzero((throw[:m] == up) & (melds | (after[:m] <= knock_at)))
    if again.size:
        throw[again], after[again] = first_best_discard(held[again] | np.left_shift(1, up[again]),
                                                        up[again])
    took = melds | (after[:m] <= knock_at)
    return took, np.where(took, throw[:m], throw[m:]), np.where(took, after[:m], after[m:])


def lanes_of(hands: np.ndarray) -> np.ndarray:
    """The four 13-bit suit lanes ``[..., 4]`` of 52-bit hands."""
    lanes: np.ndarray = (hands[..., None] >> _SHIFTS) & _LANE
    return lanes


def joins_meld(hands: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """Whether each card forms a meld with cards of its hand (``tactics.joins_meld``): two
    more of its rank, or a run of three through it in its suit."""
    suit, rank = cards // 13, cards % 13
    lanes = lanes_of(hands)
    lane = lanes[np.arange(cards.size), suit] | np.left_shift(1, rank)
    runs = lane & (lane >> 1) & (lane >> 2)  # the lowest rank of each run of three
    in_run = ((runs | (runs << 1) | (runs << 2)) >> rank) & 1
    same_rank = ((lanes >> rank[:, None]) & 1).sum(axis=1)
    joined: np.ndarray = (in_run == 1) | (same_rank >= 2)
    return joined


def _choice_order(ranks: int) -> np.ndarray:
    """``[choices, ranks]``: each rank's choice (an index into :data:`_RANK_CHOICES`) in the
    order of the core's ``_without_sets``: every earlier list with this rank left alone, then
    each of those with each choice for it."""
    order: list[tuple[int, ...]] = [()]
    for _ in range(ranks):
        order = [v + (0,) for v in order] + [v + (c,) for v in order for c in range(1, 6)]
    return np.asarray(order, dtype=np.intp)


# What each choice for one rank takes out of the hand, by suit: nothing, the whole rank, or (a
# rank held four times) all but its card of suit 0..3. A rank of three takes itself out again
# in place of those, a repeat that never comes first.
_RANK_CHOICES = np.asarray([[[0] * 4] + [[1] * 4] * 5,
                            [[0] * 4, [1] * 4, [0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1],
                             [1, 1, 1, 0]]], dtype=np.int64)
_CHOICE_ORDERS = {ranks: _choice_order(ranks) for ranks in (1, 2, 3)}


SetChoices = Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]


def _set_choices(lanes: np.ndarray, *, mark_repeats: bool = False) -> SetChoices:
    """For the hands ``[M, 4]`` holding some rank in three suits or more: groups of rows, for
    each row every choice of sets to take out, ``[R, choices, 4]`` lane bits, in the core's
    order (none first), so that a first minimum picks the core's choice, and (with
    ``mark_repeats``) which choices are not repeats ``[R, choices]``."""
    clubs, diamonds, hearts, spades = lanes.T
    triples = (clubs & diamonds & (hearts | spades)) | (hearts & spades & (clubs | diamonds))
    candidates = np.flatnonzero(triples)
    if candidates.size == 0:
        return
    counts = _LANE_COUNT[triples[candidates]]
    for k in range(1, int(counts.max()) + 1):
        rows = candidates[counts == k]
        if rows.size == 0:
            continue
        held, rest, order = lanes[rows], triples[rows], _CHOICE_ORDERS[k]
        removal = np.zeros((rows.size, len(order), 4), dtype=np.int64)
        distinct = np.ones((rows.size, len(order)), dtype=bool)
        for r in range(k):  # the lowest rank first
            rank = rest & -rest
            rest = rest ^ rank
            full = held & rank[:, None]  # [R, suit]
            four = (full != 0).all(axis=1)
            choices = _RANK_CHOICES[four.view(np.int8)]
            removal += full[:, None, :] * (choices if k == 1 else choices[:, order[:, r]])
            if mark_repeats:
                distinct &= four[:, None] | (order[:, r] <= 1)
        yield rows, removal, distinct


def min_deadwood(lanes: np.ndarray) -> np.ndarray:
    """The core's ``min_deadwood`` of each hand ``[M, 4]``."""
    best: np.ndarray = _RUN_DEADWOOD[lanes].sum(axis=1)
    for rows, removal, _ in _set_choices(lanes):
        best[rows] = _RUN_DEADWOOD[lanes[rows][:, None, :] - removal].sum(axis=2).min(axis=1)
    return best


def best_discard(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The core's ``best_discard`` of each hand: the card and the least deadwood after it."""
    lanes = lanes_of(hands)
    card, deadwood = _lane_discard(lanes)
    for rows, removal, _ in _set_choices(lanes):
        cards, after = _lane_discard(lanes[rows][:, None, :] - removal)
        pick = after.argmin(axis=1)  # the first best choice of sets, as the core's strict <
        index = np.arange(rows.size)
        card[rows], deadwood[rows] = cards[index, pick], after[index, pick]
    return card, deadwood


def _lane_discard(lanes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``_best_lane_discard`` for lanes ``[..., 4]`` solved by runs alone: the first lane whose
    throw costs least, its ``LANE_DROP_RANK`` card."""
    flat = lanes.reshape(-1, 4)
    drop = _LANE_DROP[flat]
    lane = drop.argmin(axis=1)
    index = np.arange(len(flat))
    after = _RUN_DEADWOOD[flat].sum(axis=1) + drop[index, lane]
    card = lane * 13 + _LANE_DROP_RANK[flat[index, lane]]
    return card.reshape(lanes.shape[:-1]), after.reshape(lanes.shape[:-1])


def first_best_discard(hands: np.ndarray, exclude: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``best_discards(hand, exclude=BIT[card])``'s first card and its deadwood, for hands of
    eleven cards: the lowest card, ``exclude`` aside, leaving the least deadwood."""
    held = ((hands[:, None] >> _CARDS) & 1).astype(bool)
    held[np.arange(hands.size), exclude] = False
    rows, cards = np.nonzero(held)  # each row's ten cards, lowest first
    after = min_deadwood(lanes_of(hands[rows] ^ np.left_shift(1, cards))).reshape(hands.size, -1)
    pick = after.argmin(axis=1)
    index = np.arange(hands.size)
    return cards.reshape(hands.size, -1)[index, pick], after[index, pick]


def settle_knocks(knocker: np.ndarray, defender: np.ndarray,
                  table: Table) -> tuple[np.ndarray, np.ndarray]:
    """Whether each knock (ten cards shown, the defender's ten) is won by the knocker, and the
    points, as the core's ``settle`` counts them with ``play_on``'s arguments."""
    if knocker.size == 0:
        return np.zeros(0, dtype=bool), np.zeros(0, dtype=np.int64)
    own, theirs = lanes_of(knocker), lanes_of(defender)
    shown, pick, sets = _least_deadwood_sets(own)
    gin = shown == 0
    answer = np.zeros(knocker.size, dtype=np.int64)
    answer[gin] = min_deadwood(theirs[gin])  # nothing to lay off on gin
    pick, sets = pick[~gin[pick]], sets[~gin[pick]]
    low, high = _shown_answers(pick, *_answer(own[pick], theirs[pick], sets), knocker.size)
    answer[~gin] = low[~gin]
    rules = table.rules
    won = gin | (shown < answer)  # a tie goes to the defender
    points = np.select([gin, won], [rules.gin_bonus + answer, answer - shown + rules.knock_bonus],
                       shown - answer + rules.undercut_bonus) * table.multiplier
    # What the knocker shows matters here: its last tie-break decides, in the core.
    for i in np.flatnonzero(~gin & (low != high)).tolist():
        result = settle(int(knocker[i]), int(defender[i]), rules,
                        knock_limit=table.knock_limit, multiplier=table.multiplier)
        won[i], points[i] = result.winner == "knocker", result.points
    return won, points


def _least_deadwood_sets(own: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each hand's least deadwood ``[M]``, and every choice of sets giving it: the hands
    ``[P]`` and the sets ``[P, 4]`` (lane bits; none for a hand that can hold no set)."""
    least = _RUN_DEADWOOD[own].sum(axis=1)
    plain = np.ones(len(own), dtype=bool)
    picks, sets = [], []
    for rows, removal, distinct in _set_choices(own, mark_repeats=True):
        plain[rows] = False
        deadwood = _RUN_DEADWOOD[own[rows][:, None, :] - removal].sum(axis=2)
        least[rows] = deadwood.min(axis=1)
        row, choice = np.nonzero(distinct & (deadwood == least[rows][:, None]))
        picks.append(rows[row])
        sets.append(removal[row, choice])
    rows = np.flatnonzero(plain)
    picks.append(rows)
    sets.append(np.zeros((rows.size, 4), dtype=np.int64))
    return least, np.concatenate(picks), np.concatenate(sets)


def _shown_answers(pick: np.ndarray, found: np.ndarray, targets: np.ndarray,
                   size: int) -> tuple[np.ndarray, np.ndarray]:
    """The least and the most deadwood the defender can be left with (``found`` for each
    choice of sets of the hands ``pick``), over the choices the knocker would show: those with
    the fewest layoff ``targets`` (the core's default, which knows of no dead or known cards
    here). With its sets chosen, every least-deadwood arrangement melds the same cards in runs,
    with the same targets and layoffs, so where the least and the most agree the core's last
    tie-break (the order of the melds) cannot change the outcome."""
    most = np.iinfo(np.int64).max
    fewest = np.full(size, most)
    np.minimum.at(fewest, pick, targets)
    shown = targets == fewest[pick]
    low, high = np.full(size, most), np.full(size, -1)
    np.minimum.at(low, pick[shown], found[shown])
    np.maximum.at(high, pick[shown], found[shown])
    return low, high


def _answer(own: np.ndarray, theirs: np.ndarray,
            sets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The defender's least deadwood after laying off when the knocker shows ``sets`` (lane
    bits) and runs, and that showing's layoff targets as one number that sorts as the core's
    default does: direct targets first, then all targets of chains."""
    run_ends = run_attachments(own, sets)  # the cards next to the runs' ends, not its own
    set_ends = set_attachments(own, sets)  # the fourth card of each set of three
    free, runs = ~own & _LANE, _runs(own - sets)
    above, below = run_ends & (runs << 1), run_ends & (runs >> 1)
    chained = _upward(free, above) | _REVERSED[_upward(_REVERSED[free], _REVERSED[below])]
    direct = _LANE_COUNT[run_ends | set_ends].sum(axis=1)
    targets = direct * 64 + _LANE_COUNT[chained | set_ends].sum(axis=1)
    return deadwood_after_layoffs_lanes(theirs, run_ends, set_ends), targets


def _runs(lanes: np.ndarray) -> np.ndarray:
    """The cards of each lane in a run of three or more."""
    starts = lanes & (lanes >> 1) & (lanes >> 2)
    runs: np.ndarray = starts | (starts << 1) | (starts << 2)
    return runs


def _upward(free: np.ndarray, start: np.ndarray) -> np.ndarray:
    """The cards of ``free`` reached from the ``start`` cards (each the lowest of a stretch of
    ``free``) going up the lane, card by card: the carry of an addition runs up each stretch."""
    reached: np.ndarray = ((free + start) ^ free) & free
    return reached
