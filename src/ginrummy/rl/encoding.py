"""The observation and action encodings shared by every RL adapter.

Actions are integers in ``0..160``::

    0 take            the upcard, first turn (RULES §4)
    1 pass            the upcard, or a last chance (§7.2)
    2 draw stock
    3 draw pile       the top of the discard pile
    4 + card          discard card        (card = suit * 13 + rank, 0..51)
    56 + card         knock, throwing card face down
    108 + card        gin, throwing card face down
    160 big gin

An observation is a float32 vector of ``OBS_SIZE`` = 219 built from a player's view only::

    [0, 52)     own hand
    [52, 104)   the top of the discard pile
    [104, 156)  opponent's known cards: taken from the pile and not thrown since
    [156, 208)  the discard pile: every card in it (each was seen thrown face up)
    [208, 213)  phase one-hot: upcard, draw, discard, last chance, over
    213         1 if this player dealt the hand
    214         stock size / 31
    215         knock limit / 10 (Oklahoma sets it per hand; straight gin makes it 0)
    216         multiplier - 1 (Oklahoma's spade upcard doubles the hand)
    217, 218    own and opponent's match score / target, at most 2 (0 in single-hand episodes)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ginrummy.core.actions import (
    BIG_GIN,
    DRAW_PILE,
    DRAW_STOCK,
    GINS,
    KNOCKS,
    PASS,
    TAKE,
    Action,
    Kind,
)
from ginrummy.core.actions import (
    DISCARDS as DISCARD_ACTIONS,
)
from ginrummy.core.cards import BIT, NUM_CARDS, Mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.state import HandState, Move, Phase
from ginrummy.core.views import PlayerView

DISCARD_BASE = 4
KNOCK_BASE = DISCARD_BASE + NUM_CARDS
GIN_BASE = KNOCK_BASE + NUM_CARDS
BIG_GIN_ACTION = GIN_BASE + NUM_CARDS
NUM_ACTIONS = BIG_GIN_ACTION + 1

HAND, PILE_TOP, OPPONENT_KNOWN, DISCARDS = 0, 52, 104, 156
PHASE = 208
PHASES: tuple[Phase, ...] = (Phase.UPCARD, Phase.DRAW, Phase.DISCARD, Phase.LAST_CHANCE, Phase.OVER)
DEALER, STOCK, KNOCK_LIMIT, MULTIPLIER, OWN_SCORE, OPPONENT_SCORE = 213, 214, 215, 216, 217, 218
OBS_SIZE = 219
STOCK_AT_START = 31  # 52 - 20 dealt - the upcard
OBS_HIGH = 2.0  # the largest value in an observation (a score past the target is capped)

# An action's index is its kind's base plus its card (if any).
_BASE = {
    Kind.TAKE: 0, Kind.PASS: 1, Kind.DRAW_STOCK: 2, Kind.DRAW_PILE: 3, Kind.BIG_GIN: BIG_GIN_ACTION,
    Kind.DISCARD: DISCARD_BASE, Kind.KNOCK: KNOCK_BASE, Kind.GIN: GIN_BASE,
}
_BASE_BY_ID = {id(kind): base for kind, base in _BASE.items()}  # enum hashing is slow; ids are not
# The core's canonical action objects, in index order (index_action returns these).
ACTIONS: tuple[Action, ...] = (
    (TAKE, PASS, DRAW_STOCK, DRAW_PILE) + DISCARD_ACTIONS + KNOCKS + GINS + (BIG_GIN,)
)
_INDEX_BY_ID = {id(action): index for index, action in enumerate(ACTIONS)}
_PHASE_ENTRY = {id(phase): PHASE + i for i, phase in enumerate(PHASES)}
_DRAW_STOCK, _DISCARD_KIND, _DRAW_PILE, _TAKE = Kind.DRAW_STOCK, Kind.DISCARD, Kind.DRAW_PILE, Kind.TAKE
_OVER = Phase.OVER


def action_index(action: Action) -> int:
    """The integer of an action.

    >>> action_index(Action.parse("knock 7C"))
    62
    """
    index = _INDEX_BY_ID.get(id(action))
    if index is not None:
        return index
    card = action.card
    return _BASE_BY_ID[id(action.kind)] + (0 if card is None else card)


def index_action(index: int) -> Action:
    """The action of an integer; raises :class:`IllegalActionError` outside ``0..160``.

    >>> str(index_action(62))
    'knock 7C'
    """
    index = int(index)
    if not 0 <= index < NUM_ACTIONS:
        raise IllegalActionError(f"action index {index} is outside 0..{NUM_ACTIONS - 1}")
    return ACTIONS[index]


def action_mask(actions: tuple[Action, ...] | list[Action]) -> np.ndarray:
    """An int8 vector of ``NUM_ACTIONS`` with 1 at each legal action."""
    legal = bytearray(NUM_ACTIONS)
    try:  # the core hands out its canonical actions: their indices are found by identity
        for index in map(_INDEX_BY_ID.__getitem__, map(id, actions)):
            legal[index] = 1
    except KeyError:
        for action in actions:
            legal[action_index(action)] = 1
    return np.frombuffer(legal, np.int8)  # writable: it shares the bytearray


def unpack_bits(bits: int, count: int) -> np.ndarray:
    """The low ``count`` bits of ``bits`` as a fresh uint8 vector of 0s and 1s, bit 0 first.

    Python ints make the cheapest bit sets; this turns one into an array in two NumPy calls.
    """
    packed = np.frombuffer(bits.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(packed, count=count, bitorder="little")


def encode_view(view: PlayerView, scores: tuple[int, ...] = (0, 0)) -> np.ndarray:
    """The observation vector of ``view`` (see the module docstring). Uses nothing hidden."""
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    obs[HAND + np.fromiter(view.hand, dtype=np.intp)] = 1.0
    if view.pile_top is not None:
        obs[PILE_TOP + view.pile_top] = 1.0
    opponent = view.opponent
    pile = [] if view.upcard is None else [view.upcard]
    known: set[int] = set()
    for move in view.history:
        kind, card = move.action.kind, move.action.card
        if kind in (Kind.TAKE, Kind.DRAW_PILE):
            pile.pop()
            if move.player == opponent and move.card is not None:
                known.add(move.card)
        elif kind is Kind.DISCARD and card is not None:
            pile.append(card)
            known.discard(card)
    for card in known:
        obs[OPPONENT_KNOWN + card] = 1.0
    for card in pile:
        obs[DISCARDS + card] = 1.0
    obs[PHASE + PHASES.index(view.phase)] = 1.0
    obs[DEALER] = float(view.dealer == view.player)
    obs[STOCK] = view.stock_size / STOCK_AT_START
    obs[KNOCK_LIMIT] = view.knock_limit / 10
    obs[MULTIPLIER] = view.multiplier - 1
    target = view.match.target if view.match is not None else view.rules.target
    if view.match is not None:
        scores = view.match.scores
    obs[OWN_SCORE] = score_feature(scores[view.player], target)
    obs[OPPONENT_SCORE] = score_feature(scores[opponent], target)
    return obs


def score_feature(score: int, target: int) -> float:
    return min(score / target, OBS_HIGH)


def describe_observation(obs: np.ndarray) -> dict[str, Any]:
    """A readable breakdown of an observation vector (for debugging and the docs)."""
    from ginrummy.core.cards import format_cards

    def cards(start: int) -> str:
        return format_cards(int(c) for c in np.flatnonzero(obs[start:start + NUM_CARDS]))

    return {
        "hand": cards(HAND),
        "pile_top": cards(PILE_TOP),
        "opponent_known": cards(OPPONENT_KNOWN),
        "discards": cards(DISCARDS),
        "phase": PHASES[int(np.argmax(obs[PHASE:PHASE + len(PHASES)]))].value,
        "dealer": bool(obs[DEALER]),
        "stock_size": round(float(obs[STOCK]) * STOCK_AT_START),
        "knock_limit": round(float(obs[KNOCK_LIMIT]) * 10),
        "multiplier": round(float(obs[MULTIPLIER])) + 1,
    }


class HandTracker:
    """Observations of one hand kept up to date move by move: the environments' fast path.

    It reads a player's own hand and the public parts of the state (the pile, the stock's size)
    and follows the moves as a player sees them, so its vectors equal :func:`encode_view` of that
    player's view at every step (a test plays many hands to check it). Each player's vector is
    built once per hand and then changed entry by entry, so a step costs a few stores and
    :meth:`observe` a copy.
    """

    __slots__ = ("state", "vectors", "_entries", "_phase")

    def __init__(self, state: HandState, *, scores: tuple[int, ...] = (0, 0),
                 target: int | None = None) -> None:
        self.state = state
        target = state.rules.target if target is None else target
        known, pile = _public_cards(state)
        self.vectors = [_encode_state(state, player, known[player], pile,
                                      own_score=score_feature(scores[player], target),
                                      opponent_score=score_feature(scores[1 - player], target))
                        for player in (0, 1)]
        # The same memory as the vectors: storing one entry through a memoryview skips NumPy's
        # indexing machinery.
        self._entries = [memoryview(vector) for vector in self.vectors]
        self._phase = state.phase

    def __getstate__(self) -> tuple[HandState, list[np.ndarray], Phase]:
        return self.state, self.vectors, self._phase  # memoryviews neither pickle nor copy

    def __setstate__(self, saved: tuple[HandState, list[np.ndarray], Phase]) -> None:
        self.state, self.vectors, self._phase = saved
        self._entries = [memoryview(vector) for vector in self.vectors]

    def record(self, move: Move) -> None:
        """Follow one move just applied to the state."""
        first, second = self._entries
        mover, other = (first, second) if move.player == 0 else (second, first)
        action = move.action
        kind = action.kind
        if kind is _DRAW_STOCK:
            assert move.card is not None
            mover[HAND + move.card] = 1.0
            first[STOCK] = second[STOCK] = len(self.state.stock) / STOCK_AT_START
        elif kind is _DISCARD_KIND:
            card = action.card
            assert card is not None
            mover[HAND + card] = other[OPPONENT_KNOWN + card] = 0.0
            first[DISCARDS + card] = second[DISCARDS + card] = 1.0
            pile = self.state.pile
            if len(pile) > 1:  # the card it covers is no longer the top
                first[PILE_TOP + pile[-2]] = second[PILE_TOP + pile[-2]] = 0.0
            first[PILE_TOP + card] = second[PILE_TOP + card] = 1.0
        elif kind is _DRAW_PILE or kind is _TAKE:
            card = move.card
            assert card is not None
            mover[HAND + card] = other[OPPONENT_KNOWN + card] = 1.0
            first[DISCARDS + card] = second[DISCARDS + card] = 0.0
            first[PILE_TOP + card] = second[PILE_TOP + card] = 0.0
            pile = self.state.pile
            if pile:  # the card it uncovers is the top
                first[PILE_TOP + pile[-1]] = second[PILE_TOP + pile[-1]] = 1.0
        elif action.card is not None:  # knock or gin: the card thrown goes face down
            mover[HAND + action.card] = 0.0
        phase = self.state.phase
        if phase is not self._phase:
            old, new = _PHASE_ENTRY[id(self._phase)], _PHASE_ENTRY[id(phase)]
            first[old] = second[old] = 0.0
            first[new] = second[new] = 1.0
            self._phase = phase

    def observe(self, player: int) -> np.ndarray:
        return self.vectors[player].copy()

    def mask(self, player: int) -> np.ndarray:
        """Legal actions of ``player`` now (all zero unless it is their decision)."""
        state = self.state
        if state.to_play != player or state.phase is _OVER:
            return np.zeros(NUM_ACTIONS, dtype=np.int8)
        return action_mask(state.legal_actions())


def _public_cards(state: HandState) -> tuple[list[Mask], Mask]:
    """By player, the opponent's cards it knows of (taken from the pile and not thrown since),
    and the cards in the discard pile, from the hand's history."""
    known = [0, 0]
    pile: Mask = 0 if state.upcard is None else BIT[state.upcard]
    for move in state.history:
        kind = move.action.kind
        if kind is Kind.TAKE or kind is Kind.DRAW_PILE:
            assert move.card is not None
            pile &= ~BIT[move.card]
            known[1 - move.player] |= BIT[move.card]
        elif kind is Kind.DISCARD:
            card = move.action.card
            assert card is not None
            pile |= BIT[card]
            known[1 - move.player] &= ~BIT[card]
    return known, pile


def _encode_state(state: HandState, player: int, known: Mask, pile: Mask, *, own_score: float,
                  opponent_score: float) -> np.ndarray:
    """``player``'s observation vector, whole, from the state and the public cards."""
    # The 0/1 part as one Python int (a bit per entry), unpacked into the vector at once.
    ones = (state.hands[player] | known << OPPONENT_KNOWN | pile << DISCARDS
            | 1 << _PHASE_ENTRY[id(state.phase)])
    if state.pile:
        ones |= 1 << (PILE_TOP + state.pile[-1])
    obs = np.empty(OBS_SIZE, dtype=np.float32)
    obs[:DEALER] = unpack_bits(ones, DEALER)
    obs[DEALER:] = (float(state.dealer == player), len(state.stock) / STOCK_AT_START,
                    state.knock_limit / 10, state.multiplier - 1, own_score, opponent_score)
    return obs
