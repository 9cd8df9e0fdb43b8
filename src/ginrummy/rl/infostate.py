"""A player's perfect-recall information state in one hand, as a string and a fixed-size vector.

The observation of :mod:`ginrummy.rl.encoding` says what a player sees *now*; this says everything
the player has seen since the deal, in order, so that two histories the player can tell apart
never share a vector (what CFR-style algorithms such as NFSP or Deep CFR assume). It is built from
a :class:`~ginrummy.core.views.PlayerView` alone, so it cannot hold a hidden card.

A hand has no natural end while both players keep taking from the discard pile (the stock only
shrinks on stock draws), so a history needs a cap to fit a fixed vector: the OpenSpiel game ends
the hand dead once ``max_pile_draws`` cards (50 by default, as OpenSpiel's own ``gin_rummy``) have
been taken from the pile. Then a hand has at most :func:`max_moves` decisions: each of the 31
stock draws and ``max_pile_draws`` pile draws is followed by one discard, knock or gin, plus two
passes of the upcard and one last-chance pass (165 for the default cap).

The vector (float32, ``info_state_size(max_pile_draws)``, 10,557 values for the default cap)::

    [0, 2)      the player, one-hot
    2           1 if this player dealt the hand
    3           1 while the deal is still going on (chance nodes only)
    [4, 56)     own cards as dealt (10, or 11 for the non-dealer in the eleven-card deal)
    [56, 108)   the first upcard (none in the eleven-card deal)
    [108, 327)  the observation now: rl.encoding's 219 values (the history implies each of them)
    [327, ...)  max_moves(max_pile_draws) move slots of 62 values, oldest first, empty after
                the last move; a slot is
                  [0, 2)    who moved: this player, the opponent
                  [2, 10)   the kind, one-hot: take, pass, draw stock, draw pile, discard,
                            knock, gin, big gin
                  [10, 62)  its card: the card drawn (take, draw pile, own stock draws), or
                            thrown (discard, knock, gin); none for the opponent's stock draws,
                            a pass and big gin

The string says the same in words, and nothing more: two states have equal strings exactly when
they have equal vectors (a test checks both directions over many random hands).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ginrummy.core.actions import Kind
from ginrummy.core.cards import BIT, NUM_CARDS, Card, Mask, format_cards, from_mask
from ginrummy.core.state import Move
from ginrummy.core.views import PlayerView
from ginrummy.rl.encoding import OBS_SIZE, STOCK_AT_START, describe_observation, encode_view

MAX_PILE_DRAWS = 50  # OpenSpiel's gin_rummy caps draws of the upcard at 50 too
PLAYER, DEALT_BY_ME, DEALING, DEALT, UPCARD, OBSERVATION = 0, 2, 3, 4, 56, 108
HISTORY = OBSERVATION + OBS_SIZE
KINDS: tuple[Kind, ...] = (Kind.TAKE, Kind.PASS, Kind.DRAW_STOCK, Kind.DRAW_PILE, Kind.DISCARD,
                           Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)
ACTOR, KIND, CARD = 0, 2, 2 + len(KINDS)
MOVE_SIZE = CARD + NUM_CARDS  # 62
_KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
_DRAWS = (Kind.TAKE, Kind.DRAW_PILE, Kind.DRAW_STOCK)
_THROWS = (Kind.DISCARD, Kind.KNOCK, Kind.GIN)


def max_moves(max_pile_draws: int = MAX_PILE_DRAWS) -> int:
    """The most decisions a hand can take when it dies after ``max_pile_draws`` pile draws.

    >>> max_moves()
    165
    """
    return 2 * (STOCK_AT_START + max_pile_draws) + 3


def info_state_size(max_pile_draws: int = MAX_PILE_DRAWS) -> int:
    """The length of the vector.

    >>> info_state_size()
    10557
    """
    return HISTORY + MOVE_SIZE * max_moves(max_pile_draws)


def move_card(move: Move) -> Card | None:
    """The card a move shows its viewer: the one drawn, else the one thrown."""
    return move.card if move.card is not None else move.action.card


def dealt_cards(view: PlayerView) -> Mask:
    """The cards ``view.player`` was dealt, replayed back from the hand held now."""
    mask = view.hand_mask
    for move in reversed(view.history):
        if move.player != view.player:
            continue
        card = move_card(move)
        if card is None:
            continue
        if move.action.kind in _THROWS:
            mask |= BIT[card]
        elif move.action.kind in _DRAWS:
            mask &= ~BIT[card]
    return mask


def _header(player: int, dealer: int, dealt: Mask, upcard: Card | None,
            *, dealing: bool, size: int) -> np.ndarray:
    vector = np.zeros(size, dtype=np.float32)
    vector[PLAYER + player] = 1.0
    vector[DEALT_BY_ME] = float(player == dealer)
    vector[DEALING] = float(dealing)
    for card in from_mask(dealt):
        vector[DEALT + card] = 1.0
    if upcard is not None:
        vector[UPCARD + upcard] = 1.0
    return vector


def encode_info_state(view: PlayerView, *, max_pile_draws: int = MAX_PILE_DRAWS) -> np.ndarray:
    """The information-state vector of ``view`` (see the module docstring)."""
    history = view.history
    slots = max_moves(max_pile_draws)
    if len(history) > slots:
        raise ValueError(f"a history of {len(history)} moves is longer than the {slots} "
                         f"that a cap of {max_pile_draws} pile draws allows")
    vector = _header(view.player, view.dealer, dealt_cards(view), view.upcard, dealing=False,
                     size=info_state_size(max_pile_draws))
    vector[OBSERVATION:HISTORY] = encode_view(view)
    ones: list[int] = []
    base = HISTORY
    for move in history:
        ones.append(base + ACTOR + (move.player != view.player))
        ones.append(base + KIND + _KIND_INDEX[move.action.kind])
        card = move_card(move)
        if card is not None:
            ones.append(base + CARD + card)
        base += MOVE_SIZE
    vector[ones] = 1.0
    return vector


def encode_deal(player: int, dealer: int, dealt: Sequence[Card], upcard: Card | None,
                *, max_pile_draws: int = MAX_PILE_DRAWS) -> np.ndarray:
    """The vector while the deal goes on: the cards ``player`` has received so far."""
    mask = 0
    for card in dealt:
        mask |= BIT[card]
    return _header(player, dealer, mask, upcard, dealing=True,
                   size=info_state_size(max_pile_draws))


def observation_text(view: PlayerView) -> str:
    """What the 219-value observation of ``view`` holds, in words (and nothing more)."""
    parts = describe_observation(encode_view(view))
    return (f"hand {parts['hand'] or '-'} | top {parts['pile_top'] or '-'} | "
            f"discards {parts['discards'] or '-'} | opponent holds {parts['opponent_known'] or '-'}"
            f" | stock {parts['stock_size']} | phase {parts['phase']} | "
            f"{'dealer' if parts['dealer'] else 'non-dealer'} | knock limit "
            f"{parts['knock_limit']} | x{parts['multiplier']}")


def _move_text(move: Move) -> str:
    text = f"{move.player}:{move.action.plain}"  # a knock's melds shown are not part of it
    return text if move.card is None else f"{text}@{format_cards([move.card])}"


def info_state_text(view: PlayerView) -> str:
    """The information state of ``view`` as a string: the vector's content in words."""
    upcard = "-" if view.upcard is None else format_cards([view.upcard])
    moves = " ".join(_move_text(m) for m in view.history) or "-"
    dealt = format_cards(from_mask(dealt_cards(view)))
    return (f"p{view.player} dealer p{view.dealer} | dealt {dealt} | up {upcard} | {moves} | "
            f"{observation_text(view)}")


def deal_text(player: int, dealer: int, dealt: Sequence[Card], upcard: Card | None) -> str:
    """The string for :func:`encode_deal`."""
    cards = format_cards(sorted(dealt)) or "-"
    up = "-" if upcard is None else format_cards([upcard])
    return f"p{player} dealer p{dealer} | dealing: dealt {cards} | up {up}"
