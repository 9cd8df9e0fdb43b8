"""The few questions the server asks of a match, answered for all three formats it plays.

A two-player :class:`Match`, a :class:`ThreePlayerMatch` (the dealer sits out) and a
:class:`PartnershipMatch` (two tables every deal) all play ordinary two-player hands; these
functions find a seat's table, who must decide, and when the next deal may be dealt, so the hub
and the messages need not care how many sit at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core.actions import Action
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.multiplayer import PartnershipMatch, ThreePlayerMatch
from ginrummy.core.multirecord import AnyMatch
from ginrummy.core.rules import Rules
from ginrummy.core.state import HandState

SeatPair = tuple[int, int]


def new_match(rules: Rules, names: Sequence[str]) -> AnyMatch:
    """A new match of the format ``rules.players`` asks for, dealer drawn by cards."""
    if len(names) != rules.players:
        raise IllegalActionError(f"the {rules.name} rules seat {rules.players} players, "
                                 f"not {len(names)}")
    if rules.players == 3:
        return ThreePlayerMatch.new(rules, names=names)
    if rules.players == 4:
        return PartnershipMatch.new(rules, names=names)
    return Match.new(rules, names=names)


def tables(match: AnyMatch) -> list[tuple[SeatPair, HandState]]:
    """The hands of this deal (in play or just over), each with the seats playing it."""
    if isinstance(match, Match):
        return [((0, 1), match.state)]
    return [(table.seats, table.state) for table in match.tables()]


def table_of(match: AnyMatch, seat: int) -> tuple[SeatPair, HandState] | None:
    """The seats and hand of ``seat``'s table; None while it sits out (three players)."""
    return next(((seats, state) for seats, state in tables(match) if seat in seats), None)


def deal_over(match: AnyMatch) -> bool:
    """Every hand of this deal is over: the next deal may be dealt (unless the match is over)."""
    return all(state.is_over for _, state in tables(match))


def pending(match: AnyMatch) -> list[int]:
    """The seats whose decision it is now (one per table in play)."""
    if match.is_over:
        return []
    return [seats[state.to_play] for seats, state in tables(match) if not state.is_over]


def verify(match: AnyMatch, seat: int, action: Action) -> None:
    """Raise unless ``seat`` may play ``action`` now; nothing changes either way."""
    found = table_of(match, seat)
    if found is None:
        raise IllegalActionError("you sit out this hand")
    seats, state = found
    if state.is_over:
        raise IllegalActionError("the hand is over: deal the next hand" if deal_over(match)
                                 else "your hand is over: the other table is still playing")
    if seats[state.to_play] != seat:
        raise IllegalActionError("it is not your turn")
    # The view decides (a knock may name the melds it shows, RULES §6.2); the state says why not.
    if not state.view(state.to_play).allows(action):
        state.verify(action)
        raise IllegalActionError(f"{action} is not allowed now")


def apply(match: AnyMatch, seat: int, action: Action) -> None:
    if isinstance(match, Match):
        match.apply(action)
    else:
        match.apply(action, seat=seat)


def next_deal(match: AnyMatch) -> None:
    if isinstance(match, Match):
        match.next_hand()
    else:
        match.next_deal()


def version(match: AnyMatch) -> int:
    """A counter that grows with every change (action or new deal), recomputable from a record.

    Moves played, two for each finished hand, and one for each hand in play: an action adds a
    move, a hand's end adds two and takes one, a deal adds its hands in play.
    """
    finished = sum(len(hand.moves) + 2 for hand in match.hands)
    in_play = [state for _, state in tables(match) if not state.is_over]
    return finished + sum(len(state.history) + 1 for state in in_play)
