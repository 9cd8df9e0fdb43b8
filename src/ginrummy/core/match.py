"""A match of two players: hands until the target, bonuses, dealer rotation (RULES §3, §8, §9.4),
and the one shape every match format answers (:class:`MatchFormat`).

>>> from ginrummy.core.rules import rules_for
>>> match = Match.new(rules_for("classic"), seed=1)
>>> match.state.phase.value, match.hand_number, match.is_over
('upcard', 1, False)

:meth:`Match.new` deals the format the rules ask for: two players here, three players or a
partnership (:mod:`ginrummy.core.multiplayer`) when ``rules.players`` says so. Every format
answers the same questions, so one loop drives them all (``choose`` is any player's choice)::

    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            match.apply(choose(match.view(seat)), seat=seat)

>>> three = Match.new(rules_for("three-player"), seed=3)
>>> type(three).__name__, three.pending(), [table.seats for table in three.tables()]
('ThreePlayerMatch', [1], [(1, 2)])
>>> match.pending(), [table.seats for table in match.tables()], match.side_names()
([1], [(0, 1)], ('P0', 'P1'))
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ginrummy.core.actions import Action
from ginrummy.core.cards import NUM_CARDS, RANK_OF, Card, format_cards
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.rules import Rules
from ginrummy.core.state import HandResult, HandState, Move, Phase, shuffled_deck
from ginrummy.core.views import MatchInfo, PlayerView, view_of

if TYPE_CHECKING:
    from ginrummy.core.multiplayer import AnyMatch

HOLLYWOOD_GAMES = 3
Seat = int  # a place at the table, 0 .. players - 1


@dataclass
class Column:
    """One game's score column (a match has one; Hollywood has three), one entry per seat."""

    scores: list[int] = field(default_factory=lambda: [0, 0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None  # set when the column closes

    @property
    def closed(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class ColumnTotals:
    """A closed game's final figures for each seat."""

    points: tuple[int, ...]
    game_bonus: tuple[int, ...]
    box_bonus: tuple[int, ...]
    shutout: bool

    @property
    def totals(self) -> tuple[int, ...]:
        parts = zip(self.points, self.game_bonus, self.box_bonus, strict=True)
        return tuple(points + game + box for points, game, box in parts)


class Scoreboard:
    """The score of a game (RULES §8, §9.4): hand points toward the target, box, game and
    shutout bonuses, Hollywood columns. Matches, multiplayer formats and the paper score sheet
    all keep score with it, so the bonuses are computed in one place.
    """

    def __init__(self, rules: Rules, *, seats: int = 2) -> None:
        self.rules = rules
        self.seats = seats
        games = HOLLYWOOD_GAMES if rules.hollywood else 1
        self.columns = [Column([0] * seats, [0] * seats) for _ in range(games)]
        self.wins = [0] * seats  # hands won in the whole match (Hollywood uses it to pick columns)

    @property
    def is_over(self) -> bool:
        # A plain loop, not all() over a generator: Match.apply asks before every move.
        for column in self.columns:
            if column.winner is None:
                return False
        return True

    @property
    def scores(self) -> tuple[int, ...]:
        """Hand points so far, summed over the columns (the race to the target)."""
        return tuple(sum(c.scores[seat] for c in self.columns) for seat in range(self.seats))

    def column_totals(self) -> list[ColumnTotals]:
        return [self._totals(column) for column in self.columns]

    def _totals(self, column: Column) -> ColumnTotals:
        rules = self.rules
        game = [0] * self.seats
        shutout = False
        if column.winner is not None:
            shutout = not any(
                won for seat, won in enumerate(column.hands_won) if seat != column.winner
            )
            game[column.winner] = rules.shutout_bonus if shutout else rules.game_bonus
        box = tuple(won * rules.box_bonus for won in column.hands_won)
        return ColumnTotals(tuple(column.scores), tuple(game), box, shutout)

    def totals(self) -> tuple[int, ...]:
        """Final (or provisional) totals with game, shutout and box bonuses."""
        sums = [0] * self.seats
        for totals in self.column_totals():
            for seat in range(self.seats):
                sums[seat] += totals.totals[seat]
        return tuple(sums)

    @property
    def winner(self) -> int | None:
        """The game's winner; in Hollywood the higher total (ties: more games won)."""
        if not self.is_over:
            return None
        if len(self.columns) == 1:
            return self.columns[0].winner
        first, second = self.totals()
        if first != second:
            return 0 if first > second else 1
        won = sum(1 for c in self.columns if c.winner == 0)
        return 0 if won * 2 > len(self.columns) else 1

    def record_win(self, winner: int, points: int) -> None:
        """Score a hand won by ``winner``: §9.4 picks the open columns it counts in."""
        self.wins[winner] += 1
        open_columns = [c for c in self.columns if not c.closed]
        for column in open_columns[: min(self.wins[winner], len(self.columns))]:
            column.scores[winner] += points
            column.hands_won[winner] += 1
            if column.scores[winner] >= self.rules.target:
                column.winner = winner


def next_dealer(rules: Rules, dealer: int, winner: int | None) -> int:
    """Who deals after a hand between seats 0 and 1 (§3.2, §9.9); a dead hand keeps the dealer."""
    if winner is None:
        return dealer
    if rules.dealer == "winner":
        return winner
    if rules.dealer == "loser":
        return 1 - winner
    return 1 - dealer


class KeepsScore:
    """The score queries of anything that keeps its points on a :class:`Scoreboard` in
    ``board``, by board seat: a player, or a team in a partnership."""

    board: Scoreboard

    @property
    def is_over(self) -> bool:
        return self.board.is_over

    @property
    def scores(self) -> tuple[int, ...]:
        return self.board.scores

    def totals(self) -> tuple[int, ...]:
        """Points plus box bonuses and the game bonus."""
        return self.board.totals()

    @property
    def winner(self) -> int | None:
        return self.board.winner


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished (or current) hand: who dealt, the deck order and every action taken.

    ``seats`` are always 0 and 1 (the shape of :class:`PlayedHand`); ``deal`` is the hand's
    number, from 1 (0 when unknown).
    """

    dealer: int
    deck: tuple[Card, ...]
    moves: tuple[Move, ...]
    result: HandResult | None
    seats: tuple[Seat, Seat] = (0, 1)
    deal: int = 0

    @property
    def winner_seat(self) -> Seat | None:
        result = self.result
        return None if result is None or result.winner is None else self.seats[result.winner]


class PlayedHand(Protocol):
    """A finished hand of any format: the two seats that played it (``seats[i]`` was hand
    player ``i``), the hand player who dealt, the deck, the moves, the result and its deal."""

    @property
    def seats(self) -> tuple[Seat, Seat]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deck(self) -> tuple[Card, ...]: ...
    @property
    def moves(self) -> tuple[Move, ...]: ...
    @property
    def result(self) -> HandResult | None: ...
    @property
    def deal(self) -> int: ...
    @property
    def winner_seat(self) -> Seat | None: ...


@dataclass
class Table:
    """One two-player hand between two seats: ``seats[i]`` plays as hand player ``i``."""

    seats: tuple[Seat, Seat]
    state: HandState

    def player_of(self, seat: Seat) -> int:
        return self.seats.index(seat)

    @property
    def to_play(self) -> Seat | None:
        return None if self.state.is_over else self.seats[self.state.to_play]

    def winner_seat(self) -> Seat | None:
        result = self.state.result
        return None if result is None or result.winner is None else self.seats[result.winner]


@dataclass(frozen=True, slots=True)
class ScoreEntry:
    """What one hand (a partnership: one deal, §9.8) put on the scoreboard."""

    side: int | None  # the board seat that scored (a player, or a team); None: nobody
    points: int
    outcome: str  # the hand's outcome ("knock", "gin", "dead"...), or "deal" for a deal's net
    dealer: Seat | None  # the seat that dealt; None for a partnership's deal (two dealers)


class MatchFormat(Protocol):
    """The one shape of every match format: two players (:class:`Match`), three players and
    partnerships (:mod:`ginrummy.core.multiplayer`). Faces annotate with it and never ask
    which format they hold (STYLE habit 11); records read and write it
    (:mod:`ginrummy.core.record`).

    Seats are 0 .. players - 1. Score queries (``scores``, ``totals``, ``winner``, ``board``)
    are by *side*: a player, or a team in a partnership (:meth:`side_of`, :meth:`side_names`).
    """

    @property
    def rules(self) -> Rules: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def hands(self) -> Sequence[PlayedHand]:
        """Every finished hand, in the order they ended (dead hands too)."""
    @property
    def board(self) -> Scoreboard: ...
    @property
    def deal_number(self) -> int:
        """The deal in play, or just over, from 1."""
    @property
    def deal_over(self) -> bool:
        """Every hand of this deal is over: :meth:`next_deal` may deal (unless the match is)."""
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...
    def totals(self) -> tuple[int, ...]: ...
    def pending(self) -> list[Seat]:
        """The seats whose decision it is (one per table in play); [] when none."""
    def view(self, seat: Seat, /) -> PlayerView:
        """What ``seat`` sees of its own table; raises while it sits out."""
    def apply(self, action: Action, *, seat: Seat) -> Move:
        """``seat`` acts at its table; an illegal action raises and changes nothing."""
    def next_deal(self) -> None: ...
    def tables(self) -> list[Table]:
        """This deal's tables (in play or just over), each a hand between two seats."""
    def side_of(self, seat: Seat, /) -> int: ...
    def side_names(self) -> tuple[str, ...]: ...
    def score_entries(self) -> list[ScoreEntry]:
        """Each hand (partnership: each deal) scored so far, in order."""
    def finished_views(self, seat: Seat, /, *, against: Seat | None = None) -> list[PlayerView]:
        """``seat``'s last view of every finished hand it played (against ``against`` only,
        when given), both hands shown."""
    def record_tags(self) -> dict[str, str]:
        """The record tags that rebuild how the match began (first dealer, dealer draw)."""


def final_views(rules: Rules, hands: Sequence[PlayedHand], seat: Seat, *,
                against: Seat | None = None) -> list[PlayerView]:
    """``seat``'s last view of each of ``hands`` it played (against ``against``, when given),
    replayed from the records: what a computer player that joins a match under way learns from.
    """
    views = []
    for hand in hands:
        if seat not in hand.seats or (against is not None and against not in hand.seats):
            continue
        state = HandState(rules, dealer=hand.dealer, deck=hand.deck)
        for move in hand.moves:
            state.apply(move.action)
        views.append(state.view(hand.seats.index(seat)))
    return views


def draw_for_dealer(rng: random.Random) -> tuple[int, list[tuple[Card, Card]]]:
    """§3.1: each player draws a card; the lower rank deals, equal ranks draw again."""
    draws = []
    while True:
        first, second = rng.sample(range(NUM_CARDS), 2)
        draws.append((first, second))
        if RANK_OF[first] != RANK_OF[second]:
            return (0 if RANK_OF[first] < RANK_OF[second] else 1), draws


class Match(Scoreboard):
    """Hands between players 0 and 1 until one reaches the target (or, Hollywood, three games)."""

    def __init__(
        self,
        rules: Rules,
        *,
        first_dealer: int,
        seed: int | None = None,
        names: Sequence[str] = ("P0", "P1"),
        dealer_draws: Sequence[tuple[Card, Card]] = (),
    ) -> None:
        if rules.players != 2:
            raise IllegalActionError(
                f"the {rules.name} rules are for {rules.players} players; use the "
                "multiplayer match formats"
            )
        super().__init__(rules)
        self.seed = seed
        self.names = tuple(names)
        self.first_dealer = first_dealer
        self.dealer_draws = tuple(dealer_draws)
        self._rng = random.Random(seed if seed is not None else secrets.randbits(64))
        self.hands: list[HandRecord] = []
        self.dealer = first_dealer
        self.state = self._deal(None)

    @classmethod
    def new(
        cls, rules: Rules, *, seed: int | None = None, names: Sequence[str] | None = None
    ) -> AnyMatch:
        """A match of the format ``rules.players`` asks for (two players, three players or a
        partnership), its first dealer chosen by drawing cards (§3.1); seeded if asked.

        ``names`` default to ``P0``, ``P1``...; there must be one per player.
        """
        if names is None:
            names = tuple(f"P{seat}" for seat in range(rules.players))
        if rules.players != 2:
            from ginrummy.core.multiplayer import PartnershipMatch, ThreePlayerMatch

            if rules.players == 3:
                return ThreePlayerMatch.new(rules, seed=seed, names=names)
            return PartnershipMatch.new(rules, seed=seed, names=names)
        if seed is None:
            seed = secrets.randbits(63)
        first_dealer, draws = draw_for_dealer(random.Random(seed))
        return cls(rules, first_dealer=first_dealer, seed=seed, names=names, dealer_draws=draws)

    def _deal(self, deck: Sequence[Card] | None) -> HandState:
        if deck is None:
            deck = shuffled_deck(self._rng)
        return HandState(self.rules, dealer=self.dealer, deck=deck)

    # -- queries ------------------------------------------------------------------------------

    @property
    def hand_number(self) -> int:
        return len(self.hands) + 1

    @property
    def hand_over(self) -> bool:
        return self.state.is_over

    @property
    def deal_over(self) -> bool:
        """The hand is over (the shared name of :attr:`hand_over`)."""
        return self.state.is_over

    @property
    def deal_number(self) -> int:
        """The hand in play, or just over."""
        return len(self.hands) + (0 if self.state.is_over else 1)

    @property
    def board(self) -> Scoreboard:
        """A two-player match keeps its own score."""
        return self

    def tables(self) -> list[Table]:
        """The one table, seats 0 and 1 (a fresh :class:`Table` over :attr:`state`)."""
        return [Table((0, 1), self.state)]

    def pending(self) -> list[Seat]:
        """The seat to act, [] when the hand or the match is over."""
        return [] if self.is_over or self.state.is_over else [self.state.to_play]

    def side_of(self, seat: Seat) -> int:
        return self._seat(seat)

    def side_names(self) -> tuple[str, ...]:
        return self.names

    def score_entries(self) -> list[ScoreEntry]:
        return [ScoreEntry(hand.winner_seat, hand.result.points, hand.result.outcome,
                           hand.seats[hand.dealer])
                for hand in self.hands if hand.result is not None]

    def record_tags(self) -> dict[str, str]:
        tags = {"FirstDealer": f"P{self.first_dealer}"}
        if self.dealer_draws:
            tags["DealerDraw"] = ", ".join(format_cards(pair) for pair in self.dealer_draws)
        return tags

    def _seat(self, seat: Seat) -> Seat:
        if seat not in (0, 1):
            raise IllegalActionError(f"there is no seat {seat}; seats are 0 to 1")
        return seat

    def info(self) -> MatchInfo:
        return MatchInfo(
            scores=self.scores,
            hands_won=(self.wins[0], self.wins[1]),
            hand_number=self.hand_number,
            target=self.rules.target,
            names=self.names,
        )

    def view(self, player: int) -> PlayerView:
        return view_of(self.state, player, match=self.info())

    def finished_views(self, player: int, *, against: Seat | None = None) -> list[PlayerView]:
        """``player``'s last view of every finished hand (both hands shown), replayed from the
        records: what a computer player that joins a match under way learns from."""
        return final_views(self.rules, self.hands, player, against=against)

    # -- transitions --------------------------------------------------------------------------

    def apply(self, action: Action, *, seat: Seat | None = None) -> Move:
        """Apply an action to the current hand; a finished hand is scored at once. When
        ``seat`` is given it must be the seat to act."""
        if self.is_over:
            raise IllegalActionError("the match is over", code="match_over")
        if seat is not None:
            if self.state.is_over:
                raise IllegalActionError("the hand is over", code="hand_over")
            if self._seat(seat) != self.state.to_play:
                raise IllegalActionError(f"it is not {self.names[seat]}'s turn",
                                         code="not_your_turn")
        state = self.state
        move = state.apply(action)
        if state.phase is Phase.OVER:
            self._score(state)
        return move

    def next_hand(self, deck: Sequence[Card] | None = None) -> HandState:
        """Deal the next hand (from ``deck`` when replaying a record)."""
        if not self.state.is_over:
            raise IllegalActionError("the current hand is not over")
        if self.is_over:
            raise IllegalActionError("the match is over", code="match_over")
        self.state = self._deal(deck)
        return self.state

    def next_deal(self, deck: Sequence[Card] | None = None) -> None:
        """Deal the next hand (the shared name of :meth:`next_hand`)."""
        self.next_hand(deck)

    def replace_deck(self, deck: Sequence[Card]) -> HandState:
        """Redeal the current hand from ``deck`` before anyone has acted (replaying a record)."""
        if self.state.history:
            raise IllegalActionError("the hand has started; its deck cannot change")
        self.state = self._deal(deck)
        return self.state

    def _score(self, state: HandState) -> None:
        result = state.result
        assert result is not None
        self.hands.append(HandRecord(state.dealer, state.deck, tuple(state.history), result,
                                     deal=len(self.hands) + 1))
        if result.winner is None:
            return  # §7.1: a dead hand is redealt by the same dealer
        self.record_win(result.winner, result.points)
        self.dealer = next_dealer(self.rules, self.dealer, result.winner)
