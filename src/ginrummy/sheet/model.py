"""The score sheet for a game played with real cards: what each hand was, and the score.

Players report each hand either as counts (who knocked or went gin, both deadwood counts after
layoffs) or as the two hands' cards, which the engine settles optimally. Scoring is the core's:
``knock_points``/``gin_points``/``settle`` for a hand, the :class:`Scoreboard` for the target,
Hollywood columns and the game, shutout and box bonuses.

>>> from ginrummy.core.rules import rules_for
>>> sheet = Sheet(rules_for("classic"), ("Ann", "Bob"))
>>> sheet.add(Entry("knock", 0, ender_deadwood=8, other_deadwood=25))
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
from ginrummy.core.match import Scoreboard, next_dealer
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

    ``ender`` is the seat that knocked or went gin (None for a dead hand). Either both
    deadwood counts are given (the other player's after layoffs) or both hands as cards.
    """

    kind: EntryKind
    ender: int | None
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
    if entry.kind == "dead" or entry.ender is None:
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
    opponent = 1 - entry.ender
    if entry.kind in ("gin", "big_gin"):
        if ender_deadwood:
            raise SheetError(f"gin means no deadwood, but {ender_deadwood} was given")
        points = gin_points(other, rules, big=entry.kind == "big_gin") * multiplier
        return HandScore(entry.kind, entry.ender, points, 0, other)
    _check_knock(ender_deadwood, limit, rules)
    side, points = knock_points(ender_deadwood, other, rules)
    winner = entry.ender if side == "knocker" else opponent
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
    assert entry.ender is not None
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
    winner = entry.ender if settled.winner == "knocker" else 1 - entry.ender
    return HandScore(settled.outcome, winner, settled.points, settled.knocker_deadwood,
                     settled.defender_deadwood)


class Sheet:
    """A game between two named players: the entries so far and the score they make."""

    def __init__(self, rules: Rules, names: Sequence[str], *, first_dealer: int = 0) -> None:
        if rules.players != 2:
            raise SheetError(f"the sheet keeps two-player games; {rules.name} is for "
                             f"{rules.players} players")
        cleaned = tuple(name.strip() for name in names)
        if len(cleaned) != 2 or not all(cleaned):
            raise SheetError("a sheet needs two player names, like 'Ann,Bob'")
        for name in cleaned:
            if any(mark in name for mark in ',"[]'):
                raise SheetError(f"a player name cannot hold , \" [ or ]: {name!r}")
        if cleaned[0].lower() == cleaned[1].lower():
            raise SheetError(f"the two players need different names, not {cleaned[0]!r} twice")
        if first_dealer not in (0, 1):
            raise SheetError("the first dealer is player 0 or 1")
        self.rules = rules
        self.names = cleaned
        self.first_dealer = first_dealer
        self._reset()

    def _reset(self) -> None:
        self.entries: list[Entry] = []
        self.results: list[HandScore] = []
        self.dealers: list[int] = []  # who dealt each entered hand
        self.running: list[tuple[tuple[int, ...], ...]] = []  # column scores after each hand
        self.board = Scoreboard(self.rules)
        self.dealer = self.first_dealer

    def seat_of(self, name: str) -> int:
        """The seat of a player named ``name`` (any case)."""
        for seat, known in enumerate(self.names):
            if known.lower() == name.strip().lower():
                return seat
        raise SheetError(f"unknown player {name.strip()!r}; the players are "
                         f"{self.names[0]} and {self.names[1]}")

    def add(self, entry: Entry) -> HandScore:
        """Score and record one hand; a refused entry changes nothing."""
        if self.board.is_over:
            raise SheetError("the game is over; start a new sheet")
        if entry.ender not in (None, 0, 1):
            raise SheetError(f"there is no player {entry.ender}")
        score = score_entry(entry, self.rules)
        self.entries.append(entry)
        self.results.append(score)
        self.dealers.append(self.dealer)
        if score.winner is not None:
            self.board.record_win(score.winner, score.points)
        self.running.append(tuple(tuple(column.scores) for column in self.board.columns))
        self.dealer = next_dealer(self.rules, self.dealer, score.winner)
        return score

    def undo(self) -> Entry:
        """Remove the last hand entered (and everything it scored)."""
        if not self.entries:
            raise SheetError("there is no hand to undo")
        *kept, removed = self.entries
        self._reset()
        for entry in kept:
            self.add(entry)
        return removed

    @property
    def is_over(self) -> bool:
        return self.board.is_over

    @property
    def scores(self) -> tuple[int, ...]:
        return self.board.scores

    def totals(self) -> tuple[int, ...]:
        return self.board.totals()

    @property
    def winner(self) -> int | None:
        return self.board.winner
