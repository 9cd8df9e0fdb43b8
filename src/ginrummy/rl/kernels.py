"""Compiled inner loops of the batch simulator, where Numba is installed (the ``rl`` extra).

Each kernel is one pass over the envs doing what :mod:`ginrummy.rl.batch` otherwise does with
several whole-array NumPy calls; those calls stay as the fallback and as the reference the tests
compare the kernels with, value for value. The passes are memory-bound: an observation of both
seats is 1.75 KB of float32 per env, written once here instead of cast and then patched.

:func:`compiled` gives the kernels, or None where Numba is missing or ``GINRUMMY_NO_JIT=1`` is
set in the environment. Numba is imported on that first call, not with this module (it takes
about 0.3 s, which users of the one-game environments need not pay).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from ginrummy.core.cards import NUM_CARDS
from ginrummy.rl.encoding import (
    DISCARDS,
    HAND,
    KNOCK_LIMIT,
    OBS_SIZE,
    OPPONENT_KNOWN,
    OPPONENT_SCORE,
    OWN_SCORE,
    PHASE,
    PILE_TOP,
    STOCK,
    STOCK_AT_START,
)


def _observe_both(bits: np.ndarray, phase: np.ndarray, pile: np.ndarray, pile_size: np.ndarray,
                  stock_size: np.ndarray, knock_limit: np.ndarray, scores: np.ndarray,
                  with_scores: bool, out: np.ndarray) -> None:
    """``out [N, 2 * 219]``: the 0/1 cells of ``bits [N, 2 * 219]`` and the rest set on top
    (the envs' rows flat: a row of both seats copies about a third faster than two)."""
    for env in range(bits.shape[0]):
        source, row = bits[env], out[env]
        for cell in range(row.size):
            row[cell] = source[cell]
        stock = np.float32(stock_size[env] / STOCK_AT_START)
        limit = np.float32(knock_limit[env] / 10)
        size = pile_size[env]
        for seat in range(2):
            base = seat * OBS_SIZE
            row[base + PHASE + phase[env]] = 1.0
            if size > 0:
                row[base + PILE_TOP + pile[env, size - 1]] = 1.0
            row[base + STOCK] = stock
            row[base + KNOCK_LIMIT] = limit
            if with_scores:
                row[base + OWN_SCORE] = scores[env, seat]
                row[base + OPPONENT_SCORE] = scores[env, 1 - seat]


def _masks_by_seat(mask: np.ndarray, to_play: np.ndarray, acting: np.ndarray,
                   out: np.ndarray) -> None:
    for env in range(mask.shape[0]):
        seat = to_play[env]
        for side in range(2):
            row = out[env, side]
            if acting[env] and side == seat:
                for action in range(mask.shape[1]):
                    row[action] = mask[env, action]
            else:
                for action in range(mask.shape[1]):
                    row[action] = 0


def _random_legal_actions(mask: np.ndarray, uniform: np.ndarray, out: np.ndarray) -> None:
    """Row ``i`` of ``out``: the ``floor(uniform[i] * legal)``-th legal action of ``mask [N, A]``
    in index order (0 for a row with none), as :func:`ginrummy.rl.batch.random_legal_actions`."""
    for env in range(mask.shape[0]):
        row = mask[env]
        legal = 0
        for action in range(row.size):  # no branch: the count vectorises
            legal += row[action] != 0
        out[env] = 0
        if legal == 0:
            continue
        wanted = int(uniform[env] * legal)
        seen = 0
        for action in range(row.size):  # one branch that turns once: well predicted
            seen += row[action] != 0
            if seen > wanted:
                out[env] = action
                break


def _move_cards(rows: np.ndarray, seats: np.ndarray, cards: np.ndarray, to_hand: bool,
                hand: np.ndarray, lanes: np.ndarray, known: np.ndarray, in_pile: np.ndarray,
                bits: np.ndarray) -> None:
    """``cards`` into the hands of ``seats`` in ``rows`` from the pile (or onto it), written in
    the flat state arrays as :meth:`ginrummy.rl.batch.BatchGinRummy._move_cards` does."""
    for i in range(rows.size):
        row, card = rows[i], cards[i]
        own = 2 * row + seats[i]
        other = own ^ 1
        hand[own * NUM_CARDS + card] = to_hand
        lane = own * 4 + card // 13
        bit = 1 << (card % 13)
        lanes[lane] = lanes[lane] | bit if to_hand else lanes[lane] & ~bit
        known[other * NUM_CARDS + card] = to_hand
        in_pile[row * NUM_CARDS + card] = not to_hand
        bits[own * OBS_SIZE + HAND + card] = to_hand
        bits[other * OBS_SIZE + OPPONENT_KNOWN + card] = to_hand
        bits[2 * row * OBS_SIZE + DISCARDS + card] = not to_hand
        bits[(2 * row + 1) * OBS_SIZE + DISCARDS + card] = not to_hand


def _min_deadwood(lanes: np.ndarray, run_deadwood: np.ndarray, out: np.ndarray) -> None:
    """The least deadwood of each hand ``lanes [M, 4]`` (13-bit suit lanes): the runs from the
    core's per-lane table, every choice of sets tried (for each rank held in three suits: none
    or all of them; in four: also each three of the four)."""
    ranks = np.empty(4, np.int64)
    for hand in range(lanes.shape[0]):
        c, d, h, s = lanes[hand, 0], lanes[hand, 1], lanes[hand, 2], lanes[hand, 3]
        best = run_deadwood[c] + run_deadwood[d] + run_deadwood[h] + run_deadwood[s]
        triples = (c & d & (h | s)) | (h & s & (c | d))  # the ranks held in three suits or more
        count, choices = 0, 1
        while triples:
            rank = triples & -triples
            triples ^= rank
            ranks[count] = rank
            count += 1
            choices *= 6 if c & d & h & s & rank else 2
        for choice in range(1, choices):  # choice 0 takes no set: counted above
            left = choice
            rest_c, rest_d, rest_h, rest_s = c, d, h, s
            for k in range(count):
                rank = ranks[k]
                options = 6 if c & d & h & s & rank else 2
                option = left % options
                left //= options
                if option == 0:
                    continue
                kept = option - 2  # the suit left out of the set (option 1: none, all four)
                if kept != 0:
                    rest_c &= ~rank
                if kept != 1:
                    rest_d &= ~rank
                if kept != 2:
                    rest_h &= ~rank
                if kept != 3:
                    rest_s &= ~rank
            total = (run_deadwood[rest_c] + run_deadwood[rest_d] + run_deadwood[rest_h]
                     + run_deadwood[rest_s])
            best = min(best, total)
        out[hand] = best


class Kernels(NamedTuple):
    move_cards: Callable[..., None]
    min_deadwood: Callable[..., None]
    observe_both: Callable[..., None]
    masks_by_seat: Callable[..., None]
    random_legal_actions: Callable[..., None]


_found: list[Kernels | None] = []  # empty until compiled() first looks


def compiled() -> Kernels | None:
    """The kernels (each compiled on its first call), or None to use the NumPy code."""
    if not _found:
        _found.append(_compile())
    return _found[0]


def _compile() -> Kernels | None:
    if os.environ.get("GINRUMMY_NO_JIT"):
        return None
    try:
        import numba
    except ImportError:
        return None
    # cache: compiled once per machine, not in every process (a test worker, a Ray actor)
    jit = numba.njit(cache=True, nogil=True, boundscheck=False)
    return Kernels(jit(_move_cards), jit(_min_deadwood), jit(_observe_both),
                   jit(_masks_by_seat), jit(_random_legal_actions))
