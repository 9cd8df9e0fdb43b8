"""Statistics across saved matches, recomputed from their records (never from cached figures).

>>> from ginrummy.core.match import Match
>>> from ginrummy.core.record import write_record
>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.players.base import RandomPlayer, play_match
>>> match = play_match(Match.new(rules_for("classic", target=10), seed=5, names=("you", "random")),
...                    (RandomPlayer(seed=1), RandomPlayer(seed=2)))
>>> saved = StoredMatch("m", "tui", ("you", "random"), True, match.winner, write_record(match))
>>> table = player_stats([saved], player="you")
>>> table.total.matches, list(table.by_opponent)
(1, ['random'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ginrummy.core.errors import GinRummyError
from ginrummy.core.record import read_record
from ginrummy.store import StoredMatch


@dataclass
class Tally:
    """One player's figures against one opponent (or all of them)."""

    matches: int = 0
    finished: int = 0
    matches_won: int = 0
    hands: int = 0  # hands played to the end, dead hands included
    hands_won: int = 0
    gins: int = 0  # gin and big gin by this player
    undercuts: int = 0  # this player undercut the knocker
    undercut_against: int = 0  # this player knocked and was undercut
    points: int = 0  # hand points scored by this player

    @property
    def average_points(self) -> float:
        """Hand points per hand played."""
        return self.points / self.hands if self.hands else 0.0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class StatsTable:
    total: Tally = field(default_factory=Tally)
    by_opponent: dict[str, Tally] = field(default_factory=dict)
    unreadable: list[str] = field(default_factory=list)  # ids whose record failed to replay


def match_tally(stored: StoredMatch, seat: int) -> Tally:
    """Replay one stored match (any format) and count ``seat``'s results: the hands it played,
    the match won by its side (its team, in a partnership)."""
    match = read_record(stored.record)
    won = match.winner is not None and match.winner == match.side_of(seat)
    tally = Tally(matches=1, finished=int(match.is_over), matches_won=int(won))
    for hand in match.hands:
        result = hand.result
        if result is None or seat not in hand.seats:
            continue
        player = hand.seats.index(seat)  # the seat's player number in this hand
        tally.hands += 1
        if result.winner == player:
            tally.hands_won += 1
            tally.points += result.points
        if result.knocker == player and result.outcome in ("gin", "big_gin"):
            tally.gins += 1
        if result.outcome == "undercut":
            if result.winner == player:
                tally.undercuts += 1
            else:
                tally.undercut_against += 1
    return tally


def player_stats(matches: Iterable[StoredMatch], *, player: str) -> StatsTable:
    """``player``'s figures over every match where a seat has that name, by opponent."""
    table = StatsTable()
    for stored in matches:
        if player not in stored.names[:2]:
            continue
        seat = stored.names.index(player)
        opponent = stored.names[1 - seat]
        try:
            tally = match_tally(stored, seat)
        except GinRummyError:
            table.unreadable.append(stored.id)
            continue
        table.total.add(tally)
        table.by_opponent.setdefault(opponent, Tally()).add(tally)
    return table
