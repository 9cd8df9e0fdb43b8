"""The few questions the server asks of a match, for every format it plays.

A two-player :class:`~ginrummy.core.match.Match`, a three-player match (the dealer sits out)
and a partnership (two tables every deal) all answer the core's
:class:`~ginrummy.core.match.MatchFormat`, so each question here is the same line for all of
them: the hub and the messages never ask which format they hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core.actions import Action
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match, MatchFormat
from ginrummy.core.rules import Rules
from ginrummy.core.state import HandState
from ginrummy.web.errors import WebMoveError

SeatPair = tuple[int, int]


def new_match(rules: Rules, names: Sequence[str]) -> MatchFormat:
    """A new match of the format ``rules.players`` asks for, dealer drawn by cards."""
    if len(names) != rules.players:
        raise WebMoveError("seat_count", rules=rules.name, players=rules.players,
                           seated=len(names))
    return Match.new(rules, names=names)


def tables(match: MatchFormat) -> list[tuple[SeatPair, HandState]]:
    """The hands of this deal (in play or just over), each with the seats playing it."""
    return [(table.seats, table.state) for table in match.tables()]


def table_of(match: MatchFormat, seat: int) -> tuple[SeatPair, HandState] | None:
    """The seats and hand of ``seat``'s table; None while it sits out (three players)."""
    return next(((seats, state) for seats, state in tables(match) if seat in seats), None)


def opponent_of(match: MatchFormat, seat: int) -> int | None:
    """The seat ``seat`` plays against in this deal; None while it sits out."""
    found = table_of(match, seat)
    return None if found is None else found[0][1 - found[0].index(seat)]


def deal_over(match: MatchFormat) -> bool:
    """Every hand of this deal is over: the next deal may be dealt (unless the match is over)."""
    return match.deal_over


def pending(match: MatchFormat) -> list[int]:
    """The seats whose decision it is now (one per table in play)."""
    return match.pending()


def verify(match: MatchFormat, seat: int, action: Action) -> None:
    """Raise unless ``seat`` may play ``action`` now; nothing changes either way."""
    found = table_of(match, seat)
    if found is None:
        raise WebMoveError("sitting_out")
    seats, state = found
    if state.is_over:
        raise WebMoveError("deal_next" if match.deal_over else "other_table")
    if seats[state.to_play] != seat:
        raise IllegalActionError("it is not your turn", code="not_your_turn")
    # The view decides (a knock may name the melds it shows, RULES §6.2); the state says why not.
    if not state.view(state.to_play).allows(action):
        state.verify(action)
        raise WebMoveError("not_allowed", text=str(action))


def apply(match: MatchFormat, seat: int, action: Action) -> None:
    match.apply(action, seat=seat)


def next_deal(match: MatchFormat) -> None:
    match.next_deal()


def version(match: MatchFormat) -> int:
    """A counter that grows with every change (action or new deal), recomputable from a record.

    Moves played, two for each finished hand, and one for each hand in play: an action adds a
    move, a hand's end adds two and takes one, a deal adds its hands in play.
    """
    finished = sum(len(hand.moves) + 2 for hand in match.hands)
    in_play = [state for _, state in tables(match) if not state.is_over]
    return finished + sum(len(state.history) + 1 for state in in_play)
