"""What happened since the screen last looked, in sentences, and which hand's end to show.

Shared by the full-screen and the plain mode: both log each new hand's title ('Hand 3:
Computer 1 v Computer 2; you sit out this hand (you dealt).'), every turn at the watched table
as the person saw it, and the results of a partnership's other table; a hand that ended at the
watched table comes back as an :class:`Ending` for the screen to settle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ginrummy.core.match import PlayedHand
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Translator
from ginrummy.tui.seats import (
    board_lines,
    deal_lines,
    finished_hand_text,
    hand_title,
    other_results,
    other_table_line,
    table_names,
)
from ginrummy.tui.session import HUMAN, GameSession
from ginrummy.tui.words import result_lines, turn_sentences


@dataclass
class Ending:
    """A finished hand of the watched table: its last view, who played it, and the words
    around it (the deal's net and the other table, for a partnership)."""

    hand: PlayedHand
    view: PlayerView
    names: tuple[str, ...]
    human: int | None  # the person's hand player, None when they sat the hand out
    extra: list[str] = field(default_factory=list)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self.hand.seats)


class Narrator:
    """Tells a session's news; ``title`` gives the lines that open each hand (by default its
    :func:`~ginrummy.tui.seats.hand_title`)."""

    def __init__(self, session: GameSession, _: Translator, *,
                 title: Callable[[], list[str]] | None = None) -> None:
        self.session = session
        self._ = _
        self.title = title or (lambda: [hand_title(session, _)])
        self.key: object = None  # the hand being told
        self.told = 0  # its moves told
        hands = session.match.hands
        self.seen = len(hands)  # finished hands looked at
        if session.watched_over:  # resumed at a hand's end: show it again
            seats = session.watched.seats
            self.seen = max(i for i, hand in enumerate(hands) if tuple(hand.seats) == seats)

    def news(self) -> tuple[list[str], Ending | None]:
        """New log lines, and the watched hand if it has just ended."""
        session = self.session
        _ = self._
        lines: list[str] = []
        hands = session.match.hands
        watched = session.watched.seats
        while self.seen < len(hands):
            hand = hands[self.seen]
            self.seen += 1
            if tuple(hand.seats) != watched:
                lines.extend(other_results(session, [hand], _))
                continue
            if self.key is None:
                lines.extend(self.title())
                self.told = 0
            view = session.hand_view(hand)
            names = table_names(session, hand.seats, _)
            moves = session.hand_moves(hand)
            lines.extend(turn_sentences(moves[self.told:], view, _,
                                        names=None if session.players == 2 else names))
            self.key, self.told = None, 0
            if session.match.deal_over:  # the deal's other hands are in its ending
                self.seen = len(hands)
            return lines, self.ending(hand, view)
        if session.watched_over:
            return lines, None  # its end is told; the next deal comes next
        key = session.hand_key
        if key != self.key:
            self.key, self.told = key, 0
            lines.extend(self.title())
        moves = session.live_moves()
        names = table_names(session, watched, _)
        lines.extend(turn_sentences(moves[self.told:], self.watcher_view(), _,
                                    names=None if session.players == 2 else names))
        self.told = len(moves)
        return lines, None

    def watcher_view(self) -> PlayerView:
        session = self.session
        return session.view if not session.sits_out else session.seat_view(
            session.watched.seats[0])

    def ending(self, hand: PlayedHand, view: PlayerView) -> Ending:
        session = self.session
        _ = self._
        human = hand.seats.index(HUMAN) if HUMAN in hand.seats else None
        extra = []
        for table in session.other_tables():
            if table.state.is_over:  # the deal's end: what the other table did
                done = session.finished_at(table.seats)[-1]
                extra.append(_("Other table: {result}").format(
                    result=finished_hand_text(session, done, _)))
            else:  # your table is dealt again (a dead hand) while the other plays on
                extra.append(other_table_line(session, _))
        extra.extend(deal_lines(session, _))
        return Ending(hand, view, table_names(session, hand.seats, _), human, extra)


def ending_lines(session: GameSession, ending: Ending, _: Translator, *,
                 with_hands: bool = True) -> list[str]:
    """A hand's end in words: its result, then (more than two players) the deal's."""
    if session.players == 2:
        return result_lines(ending.view, _, with_hands=with_hands)
    return [*result_lines(ending.view, _, with_hands=with_hands, names=ending.names,
                          human=ending.human), *ending.extra]


def score_text(session: GameSession, _: Translator, *, entries: bool = False) -> list[str]:
    """The scores, for the settlement and the score sheet."""
    view = None if session.sits_out else session.view
    return board_lines(session, view, _, entries=entries)
