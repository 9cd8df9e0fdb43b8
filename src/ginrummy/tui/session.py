"""A match between the person at the terminal (seat 0) and computer players, saved as it goes.

Every format plays the same way: two players, three players (RULES §9.7: the dealer sits out
each hand) and partnerships (§9.8: the person and a computer partner against two computers, at
two tables every deal). The session drives the match through the shape every format shares
(``pending``, ``view``, ``apply``, ``deal_over``, ``next_deal``, ``tables``), so the screens
ask it which table to draw, never which format they hold.

One writer per match: a session saves over the version it loaded (see
:class:`ginrummy.store.Save`). If another program has saved the match since (the same match
resumed twice), the store refuses with :class:`~ginrummy.store.StaleMatchError`; the session
keeps it in :attr:`GameSession.refused` and from then on neither plays nor saves, so the
other writer's moves are never overwritten.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy.core.actions import Action
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match, MatchFormat, PlayedHand, Seat, Table
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import Rules
from ginrummy.core.state import HandState, Move
from ginrummy.core.views import PlayerView, view_of
from ginrummy.players.base import Player
from ginrummy.players.registry import make_player
from ginrummy.store import MatchStore, StaleMatchError
from ginrummy.tui.summary import summarise

HUMAN = 0
COMPUTER = 1  # the computer's seat in a two-player match
HUMAN_NAME = "you"  # the seat name in records and statistics
STORE_KIND = "tui"


@dataclass(frozen=True, slots=True)
class Settings:
    """How the person wants to play; saved with the match so a resume looks the same."""

    opponent: str = "random"
    lang: str = "en"
    four_color: bool = False
    memory_aid: bool = False

    def to_meta(self) -> dict[str, Any]:
        return {"opponent": self.opponent, "lang": self.lang, "four_color": self.four_color,
                "memory_aid": self.memory_aid}

    @classmethod
    def from_meta(cls, meta: dict[str, Any], **overrides: Any) -> Settings:
        known = {k: meta[k] for k in ("opponent", "lang", "four_color", "memory_aid") if k in meta}
        known.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**known)


def final_view(rules: Rules, hand: PlayedHand, seat: Seat) -> PlayerView:
    """``seat``'s last view of a finished ``hand`` (both hands shown), replayed from its record;
    for a seat that sat it out, the view of the hand's first player (the screens name both
    players and show nothing that was hidden while it was played)."""
    state = HandState(rules, dealer=hand.dealer, deck=hand.deck)
    for move in hand.moves:
        state.apply(move.action)
    return view_of(state, hand.seats.index(seat) if seat in hand.seats else 0)


def onlooker_moves(views: Sequence[PlayerView], seats: tuple[Seat, Seat]) -> list[Move]:
    """A hand's moves from the views of its two players (hand players 0 and 1, at ``seats``):
    the person's own in full, every other move as the other player at the table saw it, so
    nothing hidden at the table (a stock draw, a face-down knock) shows while the person sits
    out."""
    human = seats.index(HUMAN) if HUMAN in seats else None
    moves = []
    for index, move in enumerate(views[0].history):
        seen = views[human if human is not None else 1 - move.player]
        moves.append(seen.history[index])
    return moves


class GameSession:
    """The match, the computer players and the store; every action is saved at once."""

    def __init__(
        self, match: MatchFormat, settings: Settings, *, store: MatchStore, match_id: str,
        version: int = 0,
    ) -> None:
        self.match: MatchFormat = match
        self.settings = settings
        self.store = store
        self.match_id = match_id
        self.version = version  # the stored version the next save extends (0: not stored yet)
        self.refused: StaleMatchError | None = None  # set once another writer has the match
        seed = match.seed
        # the computers: one per seat but the person's, each with its own seed
        self.computers: dict[Seat, Player] = {
            seat: make_player(settings.opponent,
                              seed=None if seed is None else seed + seat - 1)
            for seat in range(1, match.rules.players)}
        self._observed = 0
        self._tell_computers()  # a resumed match: they learn what was played

    @classmethod
    def new(
        cls, rules: Rules, settings: Settings, *, store: MatchStore, seed: int | None = None
    ) -> GameSession:
        make_player(settings.opponent)  # an unknown opponent fails before anything is saved
        names = (HUMAN_NAME, *[settings.opponent] * (rules.players - 1))
        match = Match.new(rules, seed=seed, names=names)  # the format rules.players asks for
        session = cls(match, settings, store=store, match_id=secrets.token_hex(6))
        session.save()
        return session

    @classmethod
    def resume(
        cls, store: MatchStore, match_id: str | None = None, **overrides: Any
    ) -> GameSession:
        """The saved match ``match_id``, or the latest unfinished one; settings may be overridden."""
        if match_id is None:
            unfinished = store.list(kind=STORE_KIND, finished=False, limit=1)
            if not unfinished:
                raise GinRummyError("there is no unfinished match to resume")
            stored = unfinished[0]
        else:
            found = store.load(match_id)
            if found is None:
                raise GinRummyError(f"no saved match with id {match_id!r}")
            stored = found
        if stored.kind != STORE_KIND:
            raise GinRummyError(f"match {stored.id!r} was not played in the terminal "
                                f"(it is a {stored.kind} match)")
        match = read_record(stored.record)
        return cls(match, Settings.from_meta(stored.meta, **overrides), store=store,
                   match_id=stored.id, version=stored.version)

    @property
    def opponent(self) -> Player:
        """The computer in seat 1: a two-player match's opponent."""
        return self.computers[COMPUTER]

    # -- the table ----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.match.rules.players

    @property
    def table(self) -> Table | None:
        """The person's table this deal; None while the person sits out (three players)."""
        return next((t for t in self.match.tables() if HUMAN in t.seats), None)

    @property
    def sits_out(self) -> bool:
        return self.table is None

    @property
    def watched(self) -> Table:
        """The table the screens show: the person's, or the one being played without them."""
        return self.table or self.match.tables()[0]

    def other_tables(self) -> list[Table]:
        """The tables of this deal the person neither plays at nor watches (a partnership's)."""
        seats = self.watched.seats
        return [t for t in self.match.tables() if t.seats != seats]

    @property
    def view(self) -> PlayerView:
        """The person's view of their hand (raises while they sit out)."""
        return self.match.view(HUMAN)

    def seat_view(self, seat: Seat) -> PlayerView:
        return self.match.view(seat)

    def live_moves(self) -> list[Move]:
        """The watched hand's moves as the person sees them (see :func:`onlooker_moves`)."""
        table = self.watched
        return onlooker_moves([self.match.view(seat) for seat in table.seats], table.seats)

    def hand_moves(self, hand: PlayedHand) -> list[Move]:
        """A finished hand's moves as the person saw them (see :func:`onlooker_moves`)."""
        return onlooker_moves([final_view(self.match.rules, hand, seat) for seat in hand.seats],
                              hand.seats)

    @property
    def hand_key(self) -> tuple[int, tuple[Seat, Seat], int]:
        """Names the hand on the watched table: the deal, its seats and how many hands those
        seats have finished (a partnership's dead hand is redealt at once, a new key)."""
        table = self.watched
        finished = sum(1 for hand in self.match.hands if tuple(hand.seats) == table.seats)
        return (self.match.deal_number, table.seats,
                finished + (0 if table.state.is_over else 1))

    def finished_at(self, seats: tuple[Seat, Seat]) -> list[PlayedHand]:
        """The finished hands played by ``seats``, oldest first."""
        return [hand for hand in self.match.hands if tuple(hand.seats) == seats]

    def finished_of_deal(self) -> list[PlayedHand]:
        """The hands of the deal in play (or just over) that are finished."""
        deal = self.match.deal_number
        return [hand for hand in self.match.hands if hand.deal == deal]

    def hand_view(self, hand: PlayedHand) -> PlayerView:
        """The person's last view of a finished hand (an onlooker's, if they sat it out)."""
        return final_view(self.match.rules, hand, HUMAN)

    @property
    def watched_over(self) -> bool:
        """The watched hand is over and waits for its result to be seen."""
        return self.watched.state.is_over

    @property
    def human_to_play(self) -> bool:
        return HUMAN in self.match.pending()

    # -- actions ------------------------------------------------------------------------------

    def play(self, action: Action) -> Move:
        """The person's action; an illegal one raises IllegalActionError and changes nothing.

        If the match is open elsewhere the move stays made here but unsaved, and
        StaleMatchError is raised (again on every later try, before anything moves)."""
        if self.refused is not None:
            raise self.refused
        if not self.human_to_play:
            raise GinRummyError("it is not your turn")
        move = self.match.apply(action, seat=HUMAN)
        self._tell_computers()
        self.save()
        return move

    def computer_moves(self) -> Iterator[tuple[Seat, Move]]:
        """Let the computers act until it is the person's turn or the deal is over.

        Another table (a partnership's) keeps pace with the person's: it plays while it has
        made no more moves than the person's table, and to its end once the person's hand is.
        The match is saved when the computers stop (writing the record after every one of
        their moves would cost a whole record per move).
        """
        match = self.match
        moved = False
        if self.refused is not None:
            return  # the match is open elsewhere: nothing more is played here
        try:
            while True:
                mine = self.table
                acted = False
                for seat in match.pending():
                    if seat == HUMAN:
                        continue
                    table = next(t for t in match.tables() if seat in t.seats)
                    if (mine is not None and table.seats != mine.seats
                            and not mine.state.is_over
                            and len(table.state.history) > len(mine.state.history)):
                        continue  # the other table waits for the person's
                    action = self.computers[seat].choose(match.view(seat))
                    move = match.apply(action, seat=seat)  # illegal: raises, changes nothing
                    self._tell_computers()
                    acted = moved = True
                    yield seat, move
                if not acted:
                    return
        finally:
            if moved:
                self.save()

    def next_deal(self) -> None:
        if self.refused is not None:
            raise self.refused
        self.match.next_deal()
        self.save()

    def _tell_computers(self) -> None:
        """Each computer sees the end of every hand it played (both hands shown)."""
        hands = self.match.hands
        for hand in hands[self._observed:]:
            for seat in hand.seats:
                if seat in self.computers:
                    self.computers[seat].observe(final_view(self.match.rules, hand, seat))
        self._observed = len(hands)

    def save(self) -> None:
        """Store the match over the version loaded; raises StaleMatchError (for good) if
        another program saved it meanwhile, or another StoreError (the next save retries)."""
        if self.refused is not None:
            raise self.refused
        match = self.match
        try:
            self.store.save(
                self.match_id,
                write_record(match),
                kind=STORE_KIND,
                names=match.names,
                finished=match.is_over,
                winner=match.winner,
                # the summary lets the history list matches without replaying each one
                meta={**self.settings.to_meta(), "summary": summarise(match).to_meta()},
                version=self.version,
            )
        except StaleMatchError as error:
            self.refused = error
            raise
        self.version += 1
