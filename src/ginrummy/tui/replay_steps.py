"""A saved match as a list of steps, one per move, for the replay screens (full screen and
plain): each step is the table as the person saw it just after that move.

Nothing hidden while the hand was played is shown: the person's own hand always (from their
seat), the other hand only once it is laid down at the hand's end, and a card drawn from the
stock by someone else never. A hand the person sat out (three players) shows no hand until its
end. The hand still in play of an unfinished match is left out (see :func:`replay_steps`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.core.match import MatchFormat, PlayedHand, Scoreboard
from ginrummy.core.record import read_record
from ginrummy.core.state import HandState, Move
from ginrummy.core.views import PlayerView, view_of
from ginrummy.i18n import Translator
from ginrummy.tui.seats import seat_name, table_names
from ginrummy.tui.session import HUMAN, final_view, onlooker_moves
from ginrummy.tui.words import by_rank, card_name, cards_text, result_lines, turn_sentences


@dataclass(frozen=True, slots=True)
class Step:
    """The table after move ``index`` of finished hand ``hand`` (index 0: just dealt)."""

    hand: int  # from 1
    index: int
    moves: int  # how many moves the hand had
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    steps: tuple[Step, ...]
    hands: int  # finished hands (the steps cover them all)
    unfinished_note: str  # '' for a finished match, else which hand is still being played

    def first_of(self, hand: int) -> int:
        """The index of hand ``hand``'s first step (hands from 1); raises ValueError."""
        for position, step in enumerate(self.steps):
            if step.hand == hand:
                return position
        raise ValueError(hand)


def replay_steps(record: str, _: Translator) -> Replay:
    """Every finished hand of the match in ``record``, move by move.

    The hand in play of an unfinished match is left out: the person may still be playing it,
    and its end (both hands shown) has not happened."""
    match: MatchFormat = read_record(record)
    players = match.rules.players
    sides = _side_names(match, _)
    board = Scoreboard(match.rules, seats=len(sides))
    entries = match.score_entries()
    steps: list[Step] = []
    for number, hand in enumerate(match.hands, start=1):
        hand_steps = _hand_steps(match, hand, number, _)
        # the score after the hand (a partnership scores by deal: after the deal's last hand)
        last_of_deal = number == len(match.hands) or match.hands[number].deal != hand.deal
        entry_index = hand.deal - 1 if players == 4 else number - 1
        if (players != 4 or last_of_deal) and entry_index < len(entries):
            entry = entries[entry_index]
            if entry.side is not None:
                board.record_win(entry.side, entry.points)
            score = _("Score: {scores}.").format(scores=", ".join(
                f"{side} {points}" for side, points in zip(sides, board.scores, strict=True)))
            last = hand_steps[-1]
            hand_steps[-1] = Step(last.hand, last.index, last.moves, (*last.lines, score))
        steps.extend(hand_steps)
    note = ""
    if not match.is_over:
        note = (_("Deal {n} is still being played.") if players == 4 else
                _("Hand {n} is still being played.")).format(n=match.deal_number)
    return Replay(tuple(steps), len(match.hands), note)


def _side_names(match: MatchFormat, _: Translator) -> list[str]:
    players = match.rules.players
    if len(match.scores) < players:
        return [_("Your team"), _("Their team")]
    return [seat_name(seat, players, _) for seat in range(players)]


def _hand_steps(match: MatchFormat, hand: PlayedHand, number: int, _: Translator) -> list[Step]:
    rules = match.rules
    players = rules.players
    seats = hand.seats
    names = table_names(players, seats, _)
    mine = seats.index(HUMAN) if HUMAN in seats else None
    closing = final_view(rules, hand, HUMAN)  # the end, as the person saw it
    # every move as the person saw it: their own in full, a stock draw of another hidden
    moves = onlooker_moves([final_view(rules, hand, seat) for seat in seats], seats)
    state = HandState(rules, dealer=hand.dealer, deck=hand.deck)
    heading = _heading(number, hand, names, players, _)
    steps = []
    total = len(hand.moves)
    for index in range(total + 1):
        if index:
            state.apply(hand.moves[index - 1].action)
        position = _("Move {k} of {n}").format(k=index, n=total) if index else _("The deal")
        lines = [f"{heading} {position}", ""]
        lines.append(_said(moves[:index], closing, names if players > 2 else None, _))
        if mine is None:
            lines.append(_("You sit out this hand."))
        else:
            cards = by_rank(view_of(state, mine).hand)
            lines.append(_("Your hand: {cards}.").format(cards=cards_text(cards)))
        top = state.pile_top
        lines.append(_("Discard pile: {card}. Stock: {n} cards.").format(
            card=card_name(top) if top is not None else "-", n=len(state.stock)))
        if index == total:  # the hand is over: both hands are laid down (or it died)
            ending = (result_lines(closing, _) if players == 2 else
                      result_lines(closing, _, names=names, human=mine))
            if ending and ending[0] == lines[2]:  # the knock's headline says what its move did
                del lines[2]
            lines += ["", *ending]
        steps.append(Step(number, index, total, tuple(lines)))
    return steps


def _heading(number: int, hand: PlayedHand, names: Sequence[str], players: int,
             _: Translator) -> str:
    """Which hand, who plays it and who dealt (three players: the dealer sits it out)."""
    a, b = names
    if players == 2:
        return _("Hand {n}. Dealer: {dealer}.").format(n=number, dealer=names[hand.dealer])
    if players == 3:
        [out] = [seat for seat in range(players) if seat not in hand.seats]
        text = (_("Hand {n}: {a} v {b}; you sit out this hand (you dealt).") if out == HUMAN
                else _("Hand {n}: {a} v {b}; {name} dealt and sits out."))
        return text.format(n=number, a=a, b=b, name=seat_name(out, players, _))
    text = (_("Hand {n}, deal {deal}: {a} v {b}; you deal.")
            if hand.seats[hand.dealer] == HUMAN else
            _("Hand {n}, deal {deal}: {a} v {b}; {dealer} deals."))
    return text.format(n=number, deal=hand.deal, a=a, b=b, dealer=names[hand.dealer])


def _said(moves: Sequence[Move], view: PlayerView, names: Sequence[str] | None,
          _: Translator) -> str:
    """The last move, in words ('Computer drew from the stock.'); the deal before any."""
    if not moves:
        return _("The cards are dealt.")
    [sentence] = turn_sentences(moves[-1:], view, _, names=names)
    return sentence
