"""Three-player and partnership match formats over the two-player hand (RULES §9.7, §9.8).

Both formats seat players 0..n-1 around the table and play ordinary :class:`HandState` hands
between two seats at a time, so every two-player player and interface can take part: a seat's
:meth:`view` is the usual :class:`PlayerView` of its hand, with the two players at that table
as hand players 0 and 1. Both answer the shape of every format
(:class:`~ginrummy.core.match.MatchFormat`), so one loop drives them and the two-player
:class:`~ginrummy.core.match.Match` alike::

    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            match.apply(choose(match.view(seat)), seat=seat)

>>> from ginrummy.core.rules import rules_for
>>> three = ThreePlayerMatch.new(rules_for("three-player"), seed=3)
>>> three.sitting_out, three.pending(), three.table.seats
(0, [1], (1, 2))
>>> four = PartnershipMatch.new(rules_for("partnership"), seed=3, names="ABCD")
>>> sorted(four.pending()), four.side_of(2), four.side_names()
([1, 3], 0, ('A & C', 'B & D'))
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ginrummy.core.actions import Action
from ginrummy.core.cards import NUM_CARDS, RANK_OF, Card
from ginrummy.core.errors import IllegalActionError, RulesError
from ginrummy.core.match import (
    KeepsScore,
    Match,
    MatchFormat,
    Scoreboard,
    ScoreEntry,
    Seat,
    Table,
    final_views,
    next_dealer,
)
from ginrummy.core.rules import Rules
from ginrummy.core.state import HandResult, HandState, Move, shuffled_deck
from ginrummy.core.views import MatchInfo, PlayerView, view_of

__all__ = [
    "AnyMatch", "MultiMatch", "PartnershipMatch", "SeatedHand", "Seat", "TEAMS", "Table",
    "ThreePlayerMatch", "draw_for_first_dealer", "next_sitter", "pairings", "score_deal",
]

TEAMS = 2  # partnership: seats 0 and 2 against seats 1 and 3


def draw_for_first_dealer(rng: random.Random, seats: int) -> Seat:
    """§3.1 for any number of seats: everyone draws a card, the lowest deals, ties draw again."""
    while True:
        draws = rng.sample(range(NUM_CARDS), seats)
        lowest = min(RANK_OF[card] for card in draws)
        lowest_seats = [seat for seat, card in enumerate(draws) if RANK_OF[card] == lowest]
        if len(lowest_seats) == 1:
            return lowest_seats[0]


@dataclass(frozen=True, slots=True)
class SeatedHand:
    """A finished hand of a multiplayer match: which seats played it, its deck and moves."""

    seats: tuple[Seat, Seat]
    dealer: int  # the hand player (0 or 1) who dealt at this table
    deck: tuple[Card, ...]
    moves: tuple[Move, ...]
    result: HandResult
    deal: int = 0  # the deal it belongs to, from 1 (0 when unknown)

    @property
    def winner_seat(self) -> Seat | None:
        return None if self.result.winner is None else self.seats[self.result.winner]


def _record(table: Table, deal: int) -> SeatedHand:
    state = table.state
    assert state.result is not None
    return SeatedHand(table.seats, state.dealer, state.deck, tuple(state.history), state.result,
                      deal)


class _MultiMatch(KeepsScore):
    """What both formats share: seats, names, the scoreboard, views and acting by seat. Score
    queries are by board seat: each player (three players) or each team (partnership)."""

    seats: int

    def __init__(self, rules: Rules, board_seats: int, *, seed: int | None,
                 names: Sequence[str]) -> None:
        if rules.players != self.seats:
            raise RulesError(
                f"the {rules.name} rules are for {rules.players} players, this format is for "
                f"{self.seats}"
            )
        if len(names) != self.seats:
            raise RulesError(f"{self.seats} names are needed, not {len(names)}")
        self.rules = rules
        self.seed = seed
        self.names = tuple(names)
        self.board = Scoreboard(rules, seats=board_seats)
        self.hands: list[SeatedHand] = []
        self._rng = random.Random(seed if seed is not None else secrets.randbits(64))

    def tables(self) -> list[Table]:  # pragma: no cover - each format overrides it
        raise NotImplementedError

    def side_of(self, seat: Seat) -> int:
        """The board seat that ``seat`` scores for: itself (three players) or its team."""
        self._check_seat(seat)
        return seat

    def side_names(self) -> tuple[str, ...]:
        """The name of each board seat: the players (three players) or the teams."""
        return self.names

    def score_entries(self) -> list[ScoreEntry]:
        """Each finished hand and what it scored (a partnership overrides it with deals)."""
        return [ScoreEntry(hand.winner_seat, hand.result.points, hand.result.outcome,
                           hand.seats[hand.dealer]) for hand in self.hands]

    def finished_views(self, seat: Seat, *, against: Seat | None = None) -> list[PlayerView]:
        """``seat``'s last view of every finished hand it played (against ``against`` only,
        when given), both hands shown: what a computer player joining late learns from."""
        self._check_seat(seat)
        return final_views(self.rules, self.hands, seat, against=against)

    def record_tags(self) -> dict[str, str]:  # pragma: no cover - each format overrides it
        raise NotImplementedError

    def _check_seat(self, seat: Seat) -> None:
        if not 0 <= seat < self.seats:
            raise IllegalActionError(f"there is no seat {seat}; seats are 0 to {self.seats - 1}")

    def _table_of(self, seat: Seat) -> Table:
        self._check_seat(seat)
        for table in self.tables():
            if seat in table.seats:
                return table
        raise IllegalActionError(f"{self.names[seat]} sits out this hand")

    @property
    def deal_over(self) -> bool:
        return all(table.state.is_over for table in self.tables())

    def pending(self) -> list[Seat]:
        """The seats whose decision it is (one per table still in play)."""
        if self.is_over:
            return []
        return [seat for table in self.tables() if (seat := table.to_play) is not None]

    def view(self, seat: Seat) -> PlayerView:
        """What ``seat`` sees of its own table, with the match scores of the two there."""
        table = self._table_of(seat)
        scores = self.board.scores
        info = MatchInfo(
            scores=tuple(scores[self.side_of(s)] for s in table.seats),
            hands_won=tuple(self.board.wins[self.side_of(s)] for s in table.seats),
            hand_number=len(self.hands) + 1,
            target=self.rules.target,
            names=tuple(self.names[s] for s in table.seats),
        )
        return view_of(table.state, table.player_of(seat), match=info)

    def apply(self, action: Action, *, seat: Seat) -> Move:
        """``seat`` acts at its table; an illegal action raises and changes nothing."""
        if self.is_over:
            raise IllegalActionError("the match is over", code="match_over")
        table = self._table_of(seat)
        if table.to_play != seat:
            raise IllegalActionError(f"it is not {self.names[seat]}'s turn",
                                     code="not_your_turn")
        move = table.state.apply(action)
        if table.state.is_over:
            self._hand_over(table)
        return move

    def _hand_over(self, table: Table) -> None:  # pragma: no cover - each format overrides it
        raise NotImplementedError


def next_sitter(rules: Rules, dealer: Seat, winner: Seat | None, loser: Seat | None) -> Seat:
    """§9.7: who deals (and sits out) the next three-player hand; a dead hand keeps the dealer.

    >>> from ginrummy.core.rules import rules_for
    >>> three = rules_for("three-player")
    >>> next_sitter(three, 0, 1, 2), next_sitter(three, 0, None, None)
    (2, 0)
    """
    if winner is None or loser is None:
        return dealer
    if rules.dealer == "loser":
        return loser
    if rules.dealer == "winner":
        return winner
    return (dealer + 1) % 3


class ThreePlayerMatch(_MultiMatch):
    """§9.7: the dealer sits out while the other two play; each seat keeps its own score.

    The seat after the dealer plays as the hand's non-dealer (first to decide on the upcard),
    the seat after that as its dealer. After a hand the dealer is chosen by ``rules.dealer``:
    the loser by default (the three-player preset), or the winner, or the next seat round.
    A dead hand is redealt by the same dealer (§7.1).
    """

    seats = 3

    def __init__(self, rules: Rules, *, first_dealer: Seat, seed: int | None = None,
                 names: Sequence[str] = ("P0", "P1", "P2")) -> None:
        super().__init__(rules, self.seats, seed=seed, names=names)
        self.first_dealer = first_dealer
        self.sitting_out = first_dealer
        self.table = self._deal(None)

    @classmethod
    def new(cls, rules: Rules, *, seed: int | None = None,
            names: Sequence[str] = ("P0", "P1", "P2")) -> ThreePlayerMatch:
        if seed is None:
            seed = secrets.randbits(63)
        first = draw_for_first_dealer(random.Random(seed), cls.seats)
        return cls(rules, first_dealer=first, seed=seed, names=names)

    def _deal(self, deck: Sequence[Card] | None) -> Table:
        first, second = (self.sitting_out + 1) % 3, (self.sitting_out + 2) % 3
        deck = shuffled_deck(self._rng) if deck is None else deck
        return Table((first, second), HandState(self.rules, dealer=1, deck=deck))

    def tables(self) -> list[Table]:
        return [self.table]

    @property
    def deal_number(self) -> int:
        """The hand in play, or just over (each hand is a deal of its own)."""
        return len(self.hands) + (0 if self.table.state.is_over else 1)

    @property
    def state(self) -> HandState:
        return self.table.state

    def record_tags(self) -> dict[str, str]:
        return {"FirstDealer": f"P{self.first_dealer}"}

    def replace_deck(self, deck: Sequence[Card]) -> None:
        """Redeal the current hand from ``deck`` before anyone has acted (stacked decks)."""
        if self.state.history:
            raise IllegalActionError("the hand has started; its deck cannot change")
        self.table = self._deal(deck)

    def next_deal(self, deck: Sequence[Card] | None = None) -> None:
        if not self.deal_over:
            raise IllegalActionError("the current hand is not over")
        if self.is_over:
            raise IllegalActionError("the match is over", code="match_over")
        self.table = self._deal(deck)

    def _hand_over(self, table: Table) -> None:
        self.hands.append(_record(table, len(self.hands) + 1))
        winner = table.winner_seat()
        if winner is None:
            return
        result = table.state.result
        assert result is not None
        self.board.record_win(winner, result.points)
        loser = table.seats[1 - table.player_of(winner)]
        self.sitting_out = next_sitter(self.rules, self.sitting_out, winner, loser)


def pairings(deal: int) -> tuple[tuple[Seat, Seat], tuple[Seat, Seat]]:
    """§9.8: who plays whom at the two tables of a deal; opponents change every deal.

    >>> pairings(0), pairings(1), pairings(2)
    (((0, 1), (2, 3)), ((0, 3), (2, 1)), ((0, 1), (2, 3)))
    """
    return ((0, 1), (2, 3)) if deal % 2 == 0 else ((0, 3), (2, 1))


def score_deal(board: Scoreboard, rules: Rules, dealing_team: int,
               points: Sequence[int]) -> tuple[int | None, int, int]:
    """§9.8: score a finished deal from each team's points at both tables on ``board``.

    Returns the team that scored (None when the two cancel out), its net, and the team that
    deals next.
    """
    net = points[0] - points[1]
    team = None if net == 0 else (0 if net > 0 else 1)
    if team is not None:
        board.record_win(team, abs(net))
    return team, abs(net), next_dealer(rules, dealing_team, team)


class PartnershipMatch(_MultiMatch):
    """§9.8: seats 0 and 2 (team 0) against seats 1 and 3 (team 1), two tables every deal.

    A team's result for a deal is its points at both tables minus the other team's; the team
    with the positive net scores it toward the target (125 in the preset), and that counts as
    a deal won for the box bonus and shutout. One team deals at both tables; which team deals
    the next deal follows ``rules.dealer`` with the teams as the two sides. A dead hand at a
    table is redealt there by the same dealer (§7.1) before the deal is scored.
    """

    seats = 4

    def __init__(self, rules: Rules, *, first_dealing_team: int, seed: int | None = None,
                 names: Sequence[str] = ("P0", "P1", "P2", "P3")) -> None:
        super().__init__(rules, TEAMS, seed=seed, names=names)
        self.first_dealing_team = first_dealing_team
        self.dealing_team = first_dealing_team
        self.deal_number = 1
        self.deal_points = [0, 0]  # points won by each team at this deal's finished tables
        self.deal_nets: list[tuple[int, int]] = []  # (team that scored or -1, net) per deal
        self._tables = self._deal_tables([None, None])

    @classmethod
    def new(cls, rules: Rules, *, seed: int | None = None,
            names: Sequence[str] = ("P0", "P1", "P2", "P3")) -> PartnershipMatch:
        if seed is None:
            seed = secrets.randbits(63)
        first = draw_for_first_dealer(random.Random(seed), cls.seats) % TEAMS
        return cls(rules, first_dealing_team=first, seed=seed, names=names)

    def side_of(self, seat: Seat) -> int:
        """The team of ``seat``: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
        self._check_seat(seat)
        return seat % TEAMS

    def side_names(self) -> tuple[str, ...]:
        names = self.names
        return tuple(f"{names[team]} & {names[team + TEAMS]}" for team in range(TEAMS))

    def score_entries(self) -> list[ScoreEntry]:
        """Each finished deal's net (§9.8), and the team that scored it."""
        return [ScoreEntry(None if team < 0 else team, net, "deal", None)
                for team, net in self.deal_nets]

    def record_tags(self) -> dict[str, str]:
        return {"FirstDealingTeam": f"T{self.first_dealing_team}"}

    def _deal_table(self, seats: tuple[Seat, Seat], deck: Sequence[Card] | None) -> Table:
        dealer = 0 if seats[0] % TEAMS == self.dealing_team else 1
        deck = shuffled_deck(self._rng) if deck is None else deck
        return Table(seats, HandState(self.rules, dealer=dealer, deck=deck))

    def _deal_tables(self, decks: Sequence[Sequence[Card] | None]) -> list[Table]:
        pairs = pairings(self.deal_number - 1)
        return [self._deal_table(seats, deck) for seats, deck in zip(pairs, decks, strict=True)]

    def tables(self) -> list[Table]:
        return self._tables

    def replace_deck(self, table: int, deck: Sequence[Card]) -> None:
        """Redeal table 0 or 1 from ``deck`` before anyone there has acted (stacked decks)."""
        current = self._tables[table]
        if current.state.history:
            raise IllegalActionError("the hand has started; its deck cannot change")
        self._tables[table] = self._deal_table(current.seats, deck)

    def next_deal(self, decks: Sequence[Sequence[Card] | None] = (None, None)) -> None:
        if not self.deal_over:
            raise IllegalActionError("the current deal is not over")
        if self.is_over:
            raise IllegalActionError("the match is over", code="match_over")
        self.deal_number += 1
        self._tables = self._deal_tables(decks)

    def _hand_over(self, table: Table) -> None:
        self.hands.append(_record(table, self.deal_number))
        winner = table.winner_seat()
        if winner is None:  # §7.1: the same dealer deals this table again
            self._tables[self._tables.index(table)] = self._deal_table(table.seats, None)
            return
        result = table.state.result
        assert result is not None
        self.deal_points[winner % TEAMS] += result.points
        if self.deal_over:
            self._score_deal()

    def _score_deal(self) -> None:
        team, net, self.dealing_team = score_deal(self.board, self.rules, self.dealing_team,
                                                  self.deal_points)
        self.deal_nets.append((-1 if team is None else team, net))
        self.deal_points = [0, 0]


MultiMatch = ThreePlayerMatch | PartnershipMatch
AnyMatch = Match | ThreePlayerMatch | PartnershipMatch  # every format (see MatchFormat)

if TYPE_CHECKING:  # mypy proves that every format answers the shared shape
    _FORMATS: tuple[type[MatchFormat], ...] = (Match, ThreePlayerMatch, PartnershipMatch)
