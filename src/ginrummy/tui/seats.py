"""Who sits where, in words: the players' names, whose hand is in play, and the scores of every
format (two players, three players RULES §9.7, partnerships §9.8), in the player's language.

The person is seat 0 ('You'); the computers are 'Computer' where there is one and 'Computer 1',
'Computer 2'... where there are more. In a partnership seats 0 and 2 (you and your partner)
play against seats 1 and 3.
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core.match import PlayedHand, Seat
from ginrummy.core.state import Move
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Translator
from ginrummy.tui.session import HUMAN, GameSession
from ginrummy.tui.words import result_lines, score_lines, turn_sentences


def seat_name(seat: Seat, players: int, _: Translator) -> str:
    """'You', 'Computer' (two players) or 'Computer 1'.. (more)."""
    if seat == HUMAN:
        return _("You")
    return _("Computer") if players == 2 else _("Computer {n}").format(n=seat)


def lower_name(seat: Seat, players: int, _: Translator) -> str:
    """A name in the middle of a sentence: 'you', 'Computer 2'."""
    return _("you") if seat == HUMAN else seat_name(seat, players, _)


def table_names(session: GameSession | int, seats: Sequence[Seat],
                _: Translator) -> tuple[str, ...]:
    """The names of a table's hand players 0 and 1 (``session``: or how many players)."""
    players = session if isinstance(session, int) else session.players
    return tuple(seat_name(seat, players, _) for seat in seats)


def is_partnership(session: GameSession) -> bool:
    """Whether the scores are kept by team (more seats than score columns)."""
    return len(session.match.scores) < session.players


def side_names(session: GameSession, _: Translator) -> list[str]:
    """Who each score belongs to: each player, or each team ('Your team', 'Their team')."""
    players = session.players
    if not is_partnership(session):
        return [seat_name(seat, players, _) for seat in range(players)]
    return [_("Your team"), _("Their team")]


def teams_line(session: GameSession, _: Translator) -> str:
    """Who plays with whom in a partnership."""
    players = session.players
    return _("Your team: you and {partner}. Their team: {a} and {b}.").format(
        partner=seat_name(2, players, _), a=seat_name(1, players, _),
        b=seat_name(3, players, _))


def sitting_out(session: GameSession) -> list[Seat]:
    """The seats at no table this deal (three players: the dealer)."""
    seated = {seat for table in session.match.tables() for seat in table.seats}
    return [seat for seat in range(session.players) if seat not in seated]


def hand_title(session: GameSession, _: Translator) -> str:
    """The hand in play and who plays it: 'Hand 3: Computer 1 v Computer 2; you sit out this
    hand (you dealt).' Two players: 'Hand 3. Dealer: You.'"""
    match = session.match
    number = match.deal_number
    players = session.players
    table = session.watched
    a, b = seat_name(table.seats[0], players, _), lower_name(table.seats[1], players, _)
    dealing = table.seats[session.seat_view(table.seats[0]).dealer]
    dealer = seat_name(dealing, players, _)
    if players == 2:
        return _("Hand {n}. Dealer: {dealer}.").format(n=number, dealer=dealer)
    if not is_partnership(session):
        [out] = sitting_out(session)
        if out == HUMAN:
            text = _("Hand {n}: {a} v {b}; you sit out this hand (you dealt).")
        else:
            text = _("Hand {n}: {a} v {b}; {name} dealt and sits out.")
        return text.format(n=number, a=a, b=b, name=seat_name(out, players, _))
    text = _("Deal {n}: {a} v {b} at your table; you deal.") if dealing == HUMAN else _(
        "Deal {n}: {a} v {b} at your table; {dealer} deals.")
    return text.format(n=number, a=a, b=b, dealer=dealer)


def status_line(session: GameSession, knock_limit: int, _: Translator) -> str:
    """The line at the top of the table: the hand or deal, every score, the target."""
    match = session.match
    scores = ", ".join(f"{name} {score}" for name, score in
                       zip(side_names(session, _), match.scores, strict=True))
    text = _("Deal {n} · {scores} · target {target} · knock limit {limit}") \
        if is_partnership(session) else \
        _("Hand {n} · {scores} · target {target} · knock limit {limit}")
    return text.format(n=match.deal_number, scores=scores, target=match.rules.target,
                       limit=knock_limit)


def public_turns(session: GameSession, moves: Sequence[Move], seats: Sequence[Seat],
                 view: PlayerView, _: Translator) -> list[str]:
    """A hand's turns in sentences, its players named by seat."""
    return turn_sentences(moves, view, _, names=table_names(session, seats, _))


def other_table_line(session: GameSession, _: Translator) -> str:
    """A partnership's other table: who plays there and how far it has come, or its result."""
    lines = []
    for table in session.other_tables():
        partner, other = sorted(table.seats, key=lambda seat: seat % 2)  # the partner first
        c, d = seat_name(partner, session.players, _), seat_name(other, session.players, _)
        view = session.seat_view(table.seats[0])
        if table.state.is_over:
            done = session.finished_at(table.seats)[-1]
            progress = finished_hand_text(session, done, _)
        else:
            progress = _("in play, stock {n}").format(n=view.stock_size)
        lines.append(_("Other table: your partner {c} v {d}: {progress}").format(
            c=c, d=d, progress=progress))
    return "  ".join(lines)


def finished_hand_text(session: GameSession, hand: PlayedHand, _: Translator) -> str:
    """A finished hand in one sentence: 'Computer 2 knocked. Computer 2 scores 12.'"""
    result = hand.result
    assert result is not None
    if result.outcome == "dead":
        return _("a dead hand (the stock ran out); dealt again.")
    lines = result_lines(session.hand_view(hand), _, with_hands=False,
                         names=table_names(session, hand.seats, _),
                         human=hand.seats.index(HUMAN) if HUMAN in hand.seats else None)
    return f"{lines[0]} {lines[-1]}"


def other_results(session: GameSession, hands: Sequence[PlayedHand], _: Translator) -> list[str]:
    """Log lines for hands that ended at another table."""
    lines = []
    for hand in hands:
        c, d = (seat_name(seat, session.players, _) for seat in hand.seats)
        lines.append(_("Other table ({c} v {d}): {result}").format(
            c=c, d=d, result=finished_hand_text(session, hand, _)))
    return lines


def deal_lines(session: GameSession, _: Translator) -> list[str]:
    """A partnership deal's end (§9.8): each team's points at both tables and the net."""
    match = session.match
    if not is_partnership(session) or not match.deal_over:
        return []
    points = [0, 0]
    for hand in session.finished_of_deal():
        if hand.winner_seat is not None and hand.result is not None:
            points[match.side_of(hand.winner_seat)] += hand.result.points
    entry = match.score_entries()[-1]
    lines = [_("This deal at the two tables: your team {a}, their team {b}.").format(
        a=points[0], b=points[1])]
    if entry.side is None:
        lines.append(_("The two tables cancel out: nobody scores this deal."))
    else:
        lines.append(_("{team} scores the difference, {points}.").format(
            team=side_names(session, _)[entry.side], points=entry.points))
    return lines


def board_lines(session: GameSession, view: PlayerView | None, _: Translator, *,
                entries: bool = False) -> list[str]:
    """The score: two players as ever (:func:`score_lines`); otherwise each player's (three
    players) or team's (partnership) points, hands or deals won, bonuses and total, and with
    ``entries`` every hand (deal) that scored."""
    match = session.match
    if session.players == 2:
        assert view is not None
        return score_lines(match, view, _)  # type: ignore[arg-type]
    names = side_names(session, _)
    team = is_partnership(session)
    lines: list[str] = [teams_line(session, _)] if team and entries else []
    board = match.board
    columns = board.column_totals()
    for number, (column, totals) in enumerate(zip(board.columns, columns, strict=True),
                                              start=1):
        title = _("Game {n}").format(n=number) if len(columns) > 1 else _("Score")
        state = _("closed") if column.closed else _("open")
        lines.append(_("{title} ({state}), target {target}:").format(
            title=title, state=state, target=match.rules.target))
        won = _("deals won {n}") if team else _("hands won {n}")
        # the game bonus is settled when the game closes: until then, no column for it
        row = _("{name}: {points} points, {won}, box bonus {box}, game bonus {game}, total "
                "{total}") if column.closed else _("{name}: {points} points, {won}, box bonus "
                                                   "{box}, total {total}")
        for side, name in enumerate(names):
            lines.append("  " + row.format(
                name=name, points=column.scores[side], won=won.format(n=column.hands_won[side]),
                box=totals.box_bonus[side], game=totals.game_bonus[side],
                total=totals.totals[side]))
    if entries:
        lines.extend(entry_lines(session, names, _))
    if match.winner is not None:
        if match.winner == match.side_of(HUMAN):
            lines.append(_("Your team won the match!") if team else _("You won the match!"))
        elif team:
            lines.append(_("The other team won the match."))
        else:
            lines.append(_("{name} won the match.").format(name=names[match.winner]))
    return lines


def entry_lines(session: GameSession, names: Sequence[str], _: Translator) -> list[str]:
    """Each hand (partnership: deal) that scored, and how many did not."""
    team = is_partnership(session)
    lines = []
    nothing = 0
    for number, entry in enumerate(session.match.score_entries(), start=1):
        if entry.side is None:
            nothing += 1
        elif team:
            lines.append(_("Deal {n}: {name} scores {points}.").format(
                n=number, name=names[entry.side], points=entry.points))
        else:
            lines.append(_("Hand {n}: {name} scores {points}.").format(
                n=number, name=names[entry.side], points=entry.points))
    if nothing:
        lines.append((_("Deals with no score (the tables cancel out): {n}") if team
                      else _("Dead hands (no score): {n}")).format(n=nothing))
    return lines
