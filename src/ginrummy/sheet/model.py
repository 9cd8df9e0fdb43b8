"""The score sheet for a game played with real cards (two, three or four players): the hands
reported and the score they make.

Players report each hand either as counts (who knocked or went gin, both deadwood counts after
layoffs) or as the two hands' cards, which the engine settles optimally. Scoring is the core's:
``knock_points``/``gin_points``/``settle`` for a hand, the :class:`Scoreboard` for the target,
Hollywood columns and the game, shutout and box bonuses.

>>> from ginrummy.core.rules import rules_for
>>> sheet = Sheet(rules_for("classic"), ("Ann", "Bob"))
>>> sheet.add(Entry("knock", 0, 1, ender_deadwood=8, other_deadwood=25))
HandScore(outcome='knock', winner=0, points=17, ender_deadwood=8, other_deadwood=25)
>>> sheet.scores, sheet.dealer
((17, 0), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ginrummy.core.cards import Card, to_mask
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import KeepsScore, Scoreboard, next_dealer
from ginrummy.core.multiplayer import TEAMS, next_sitter, pairings, score_deal
from ginrummy.core.rules import Rules
from ginrummy.core.settlement import gin_points, knock_points, settle
from ginrummy.core.state import HandOutcome, hand_limits

EntryKind = Literal["knock", "gin", "big_gin", "dead"]
MAX_DEADWOOD = 100  # ten cards worth 10 each


class SheetError(GinRummyError):
    """An entry the sheet refuses; the sheet is left as it was."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One hand as the players report it.

    ``ender`` is the seat that knocked or went gin and ``other`` its opponent (both None for a
    dead hand). Either both deadwood counts are given (the other player's after layoffs) or
    both hands as cards.
    """

    kind: EntryKind
    ender: int | None
    other: int | None = None
    ender_deadwood: int | None = None
    other_deadwood: int | None = None
    ender_cards: tuple[Card, ...] = ()
    other_cards: tuple[Card, ...] = ()
    upcard: Card | None = None  # Oklahoma: the first upcard sets the limit and the doubling

    @property
    def by_cards(self) -> bool:
        return bool(self.ender_cards)


@dataclass(frozen=True, slots=True)
class HandScore:
    """How a reported hand scored. ``winner`` is a seat, None for a dead hand."""

    outcome: HandOutcome
    winner: int | None
    points: int
    ender_deadwood: int = 0
    other_deadwood: int = 0


def score_entry(entry: Entry, rules: Rules) -> HandScore:
    """Score one reported hand under ``rules``, or raise :class:`SheetError` saying why not."""
    if entry.kind == "dead" or entry.ender is None or entry.other is None:
        return HandScore("dead", None, 0)
    if rules.oklahoma and entry.upcard is None:
        raise SheetError("Oklahoma: give the hand's first upcard (it sets the knock limit)")
    limit, multiplier = hand_limits(rules, entry.upcard)
    if entry.kind == "big_gin" and not rules.big_gin:
        raise SheetError(f"big gin is not played under the {rules.name} rules")
    if entry.by_cards:
        return _score_cards(entry, rules, limit, multiplier)
    ender_deadwood = 0 if entry.ender_deadwood is None else entry.ender_deadwood
    other = entry.other_deadwood
    if other is None:
        raise SheetError("give the other player's deadwood after layoffs")
    for count in (ender_deadwood, other):
        if not 0 <= count <= MAX_DEADWOOD:
            raise SheetError(f"deadwood must be between 0 and {MAX_DEADWOOD}, not {count}")
    if entry.kind in ("gin", "big_gin"):
        if ender_deadwood:
            raise SheetError(f"gin means no deadwood, but {ender_deadwood} was given")
        points = gin_points(other, rules, big=entry.kind == "big_gin") * multiplier
        return HandScore(entry.kind, entry.ender, points, 0, other)
    _check_knock(ender_deadwood, limit, rules)
    side, points = knock_points(ender_deadwood, other, rules)
    winner = entry.ender if side == "knocker" else entry.other
    outcome: HandOutcome = "knock" if side == "knocker" else "undercut"
    return HandScore(outcome, winner, points * multiplier, ender_deadwood, other)


def _check_knock(deadwood: int, limit: int, rules: Rules) -> None:
    if rules.straight:
        raise SheetError("straight gin has no knocking: only gin ends a hand")
    if deadwood == 0:
        raise SheetError("a knock with no deadwood is gin; enter it as gin")
    if deadwood > limit:
        raise SheetError(f"the knocker's deadwood {deadwood} is above the knock limit {limit}")


def _score_cards(entry: Entry, rules: Rules, limit: int, multiplier: int) -> HandScore:
    assert entry.ender is not None and entry.other is not None
    try:
        settled = settle(
            to_mask(entry.ender_cards), to_mask(entry.other_cards), rules,
            knock_limit=limit, multiplier=multiplier,
        )
    except GinRummyError as error:  # cards in both hands, a wrong count, above the limit
        raise SheetError(str(error)) from None
    if entry.kind in ("gin", "big_gin") and settled.outcome not in ("gin", "big_gin"):
        raise SheetError(f"these cards are not gin: the knocker's deadwood is "
                         f"{settled.knocker_deadwood}")
    winner = entry.ender if settled.winner == "knocker" else entry.other
    return HandScore(settled.outcome, winner, settled.points, settled.knocker_deadwood,
                     settled.defender_deadwood)


class Sheet(KeepsScore):
    """A game between two, three (§9.7) or four players in partnerships (§9.8).

    ``dealer`` is the seat dealing the next hand; with three players that seat sits it out.
    In a partnership each deal is two hands (seats 0 and 2 against 1 and 3, opponents changing
    every deal, one team dealing at both tables); a deal is scored once both are entered.
    """

    def __init__(self, rules: Rules, names: Sequence[str], *, first_dealer: int = 0) -> None:
        cleaned = tuple(name.strip() for name in names)
        if len(cleaned) != rules.players or not all(cleaned):
            example = "'" + ",".join(("Ann", "Bob", "Cy", "Dan")[:rules.players]) + "'"
            raise SheetError(f"the {rules.name} rules need {rules.players} player names, "
                             f"like {example}")
        for name in cleaned:
            if any(mark in name for mark in ',"[]'):
                raise SheetError(f"a player name cannot hold , \" [ or ]: {name!r}")
            if not name.isprintable():  # a line break would split the saved record's tag
                raise SheetError(f"a player name cannot hold a line break or control "
                                 f"character: {name!r}")
        if len({name.lower() for name in cleaned}) != len(cleaned):
            raise SheetError(f"the players need different names, not {', '.join(cleaned)}")
        if not 0 <= first_dealer < len(cleaned):
            raise SheetError(f"there is no player {first_dealer} to deal first")
        self.rules = rules
        self.names = cleaned
        self.first_dealer = first_dealer
        self._reset()

    def _reset(self) -> None:
        self.entries: list[Entry] = []
        self.results: list[HandScore] = []
        self.dealers: list[int] = []  # who dealt each entered hand
        self.running: list[tuple[tuple[int, ...], ...]] = []  # column scores after each hand
        self.board = Scoreboard(self.rules, seats=len(self.column_names))
        # partnership: the deal in play, its dealing team, its points and undecided tables
        self.deal_number = 1
        self.dealing_team = self.first_dealer % TEAMS
        self.deal_points = [0] * TEAMS
        self.open_tables = list(pairings(0))
        self.dealer = self._table_dealer(self.open_tables[0]) if self.partnership else (
            self.first_dealer)

    @property
    def three_players(self) -> bool:
        return len(self.names) == 3

    @property
    def partnership(self) -> bool:
        return len(self.names) == 4

    @property
    def column_names(self) -> tuple[str, ...]:
        """Who the score columns belong to: the players, or the two partnerships."""
        if self.partnership:
            return tuple(f"{self.names[seat]} & {self.names[seat + 2]}" for seat in range(TEAMS))
        return self.names

    def _table_dealer(self, table: tuple[int, int]) -> int:
        return table[0] if table[0] % TEAMS == self.dealing_team else table[1]

    def tables_of_next_hand(self) -> list[tuple[int, int]]:
        """The pairs of seats whose hand comes next, each as (dealer, opponent)."""
        if self.partnership:
            return [(self._table_dealer(t), sum(t) - self._table_dealer(t))
                    for t in self.open_tables]
        if self.three_players:  # the dealer sits out; the next seat plays first
            return [((self.dealer + 2) % 3, (self.dealer + 1) % 3)]
        return [(self.dealer, 1 - self.dealer)]

    def players_of_next_hand(self) -> tuple[int, int]:
        """The two seats that play the next hand (the first open table in a partnership)."""
        dealer, opponent = self.tables_of_next_hand()[0]
        if self.three_players:
            return opponent, dealer
        return min(dealer, opponent), max(dealer, opponent)

    def opponent_of(self, seat: int) -> int:
        """Whom ``seat`` plays in the next hand."""
        for dealer, opponent in self.tables_of_next_hand():
            if seat in (dealer, opponent):
                return opponent if seat == dealer else dealer
        if self.partnership:
            raise SheetError(f"{self.names[seat]}'s hand of deal {self.deal_number} is already "
                             "entered")
        raise SheetError(f"{self.names[seat]} does not play the next hand")

    def seat_of(self, name: str) -> int:
        """The seat of a player named ``name`` (any case)."""
        for seat, known in enumerate(self.names):
            if known.lower() == name.strip().lower():
                return seat
        raise SheetError(f"unknown player {name.strip()!r}; the players are "
                         f"{', '.join(self.names[:-1])} and {self.names[-1]}")

    def _check_players(self, entry: Entry) -> None:
        if entry.ender is None or entry.other is None:
            return
        for seat in (entry.ender, entry.other):
            if not 0 <= seat < len(self.names):
                raise SheetError(f"there is no player {seat}")
        if entry.ender == entry.other:
            raise SheetError(f"{self.names[entry.ender]} cannot play against themselves")
        if self.three_players and self.dealer in (entry.ender, entry.other):
            raise SheetError(f"{self.names[self.dealer]} deals this hand and sits it out")
        if self.partnership:
            opponent = self.opponent_of(entry.ender)
            if opponent != entry.other:
                raise SheetError(f"{self.names[entry.ender]} plays {self.names[opponent]} in "
                                 f"deal {self.deal_number}, not {self.names[entry.other]}")

    def add(self, entry: Entry) -> HandScore:
        """Score and record one hand; a refused entry changes nothing."""
        if self.board.is_over:
            raise SheetError("the game is over; start a new sheet")
        self._check_players(entry)
        score = score_entry(entry, self.rules)
        self.entries.append(entry)
        self.results.append(score)
        self.dealers.append(self._dealer_of(entry))
        if self.partnership:
            self._add_to_deal(entry, score)
        elif score.winner is not None:
            self.board.record_win(score.winner, score.points)
        self.running.append(tuple(tuple(column.scores) for column in self.board.columns))
        self.dealer = self._next_dealer(entry, score)
        return score

    def _dealer_of(self, entry: Entry) -> int:
        if not self.partnership or entry.ender is None:
            return self.dealer
        return self._table_dealer((entry.ender, self.opponent_of(entry.ender)))

    def _add_to_deal(self, entry: Entry, score: HandScore) -> None:
        """§9.8: a decided table closes; when both have, the deal's net is scored."""
        if score.winner is None:
            return  # a dead hand: that table is dealt again by the same dealer
        self.deal_points[score.winner % TEAMS] += score.points
        self.open_tables = [t for t in self.open_tables if entry.ender not in t]
        if not self.open_tables:
            _, _, self.dealing_team = score_deal(self.board, self.rules, self.dealing_team,
                                                 self.deal_points)
            self.deal_number += 1
            self.deal_points = [0] * TEAMS
            self.open_tables = list(pairings(self.deal_number - 1))

    def _next_dealer(self, entry: Entry, score: HandScore) -> int:
        if self.partnership:
            return self._table_dealer(self.open_tables[0])
        if not self.three_players:
            return next_dealer(self.rules, self.dealer, score.winner)
        loser = None if score.winner is None else (
            entry.other if score.winner == entry.ender else entry.ender)
        return next_sitter(self.rules, self.dealer, score.winner, loser)

    def undo(self) -> Entry:
        """Remove the last hand entered (and everything it scored)."""
        if not self.entries:
            raise SheetError("there is no hand to undo")
        *kept, removed = self.entries
        self._reset()
        for entry in kept:
            self.add(entry)
        return removed

