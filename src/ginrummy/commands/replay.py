"""``ginrummy replay FILE``: show a match record hand by hand, for every match format.

For each hand: the seats at its table (and, three players, who sits out), the dealer, both
dealt hands and the upcard, every turn, the settlement (both hands as shown, the layoffs, the
points) and the running score; a partnership's hands are grouped by deal, each deal closed by
its net (RULES §9.8). ``-`` reads the record from stdin.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence

from ginrummy.commands.common import arrangement_text
from ginrummy.core.cards import format_card, format_cards, from_mask
from ginrummy.core.errors import RecordError
from ginrummy.core.match import MatchFormat, Scoreboard, ScoreEntry
from ginrummy.core.melds import meld_cards
from ginrummy.core.record import read_record
from ginrummy.core.state import HandResult, HandState, Move

HELP = "show a match record hand by hand: deals, turns, settlements, running score"
_Hand = tuple[int, tuple[int, int], int, tuple[int, ...], tuple[Move, ...], HandResult | None]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a match record (- for stdin)")


def run(args: argparse.Namespace) -> int:
    sys.stdout.write("\n".join(replay_lines(read_record(_read_text(args.file)))) + "\n")
    return 0


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise RecordError(f"cannot read {path}: {reason}") from None


def replay_lines(recorded: MatchFormat) -> Iterator[str]:
    """Describe each hand of ``recorded`` (any format) as it was played, with the score."""
    names, sides, rules = recorded.names, recorded.side_names(), recorded.rules
    yield _players_text(recorded) + f", rules {rules}" + (
        "" if recorded.seed is None else f", seed {recorded.seed}")
    hands: list[_Hand] = [(h.deal, h.seats, h.dealer, h.deck, h.moves, h.result)
                          for h in recorded.hands]
    hands += [(recorded.deal_number, t.seats, t.state.dealer, t.state.deck,
               tuple(t.state.history), None) for t in recorded.tables() if not t.state.is_over]
    entries = recorded.score_entries()
    board = Scoreboard(rules, seats=len(sides))  # the running score, entry by entry
    by_deal = rules.players == 4  # a partnership scores each deal, both tables together
    for number, (deal, seats, dealer, deck, moves, result) in enumerate(hands, start=1):
        yield ""
        if by_deal and (number == 1 or hands[number - 2][0] != deal):
            yield f"Deal {deal}"
        seat_names = (names[seats[0]], names[seats[1]])
        yield from _deal_lines(number, HandState(rules, dealer=dealer, deck=deck), recorded,
                               seats)
        yield from _turn_lines(moves, seat_names)
        if result is None:
            yield "  (hand in progress)"
            continue
        yield from _result_lines(result, seat_names)
        if not by_deal:
            yield from _entry_lines(board, entries[number - 1], sides, None)
        elif (number == len(hands) or hands[number][0] != deal) and len(entries) >= deal:
            yield from _entry_lines(board, entries[deal - 1], sides, deal)
    winner = recorded.winner
    if winner is not None:
        totals = recorded.totals()
        yield ""
        yield (f"match over: {sides[winner]} wins; totals with bonuses "
               + ", ".join(f"{side} {total}" for side, total in zip(sides, totals, strict=True)))


def _players_text(match: MatchFormat) -> str:
    """Who plays: ``Ann (P0) vs Bob (P1)``; a partnership's teams joined by ``&``."""
    names = match.names
    if match.rules.players == 4:
        return " vs ".join(f"{names[team]} (P{team}) & {names[team + 2]} (P{team + 2})"
                           for team in (0, 1))
    return " vs ".join(f"{name} (P{seat})" for seat, name in enumerate(names))


def _entry_lines(board: Scoreboard, entry: ScoreEntry, sides: Sequence[str],
                 deal: int | None) -> Iterator[str]:
    if entry.side is not None:
        board.record_win(entry.side, entry.points)
    if deal is not None:
        yield f"  deal {deal}: " + ("no score" if entry.side is None
                                    else f"{sides[entry.side]} scores {entry.points}")
    yield "  " + _score_text(board, sides)


def _score_text(board: Scoreboard, sides: Sequence[str]) -> str:
    text = "score: " + ", ".join(f"{side} {score}"
                                 for side, score in zip(sides, board.scores, strict=True))
    if len(board.columns) > 1:  # Hollywood: each game's column too
        text += " (games " + ", ".join("-".join(str(s) for s in c.scores)
                                       for c in board.columns) + ")"
    return text


def _deal_lines(number: int, state: HandState, match: MatchFormat,
                seats: tuple[int, int]) -> Iterator[str]:
    names = match.names
    dealer = names[seats[state.dealer]]
    if match.rules.players == 2:
        yield f"Hand {number}, dealer {dealer}"
    else:
        out = [names[seat] for seat in range(len(names)) if seat not in seats]
        yield (f"Hand {number}, {names[seats[0]]} v {names[seats[1]]}, dealer {dealer}"
               + (f" ({out[0]} sits out)" if match.rules.players == 3 else ""))
    for player in (state.non_dealer, state.dealer):
        yield f"  {names[seats[player]]} holds {format_cards(state.hand(player))}"
    if state.upcard is not None:
        yield f"  upcard {format_card(state.upcard)}"


def _turn_lines(moves: Sequence[Move], names: tuple[str, str]) -> Iterator[str]:
    """One line per turn: a player's consecutive actions, with the cards they drew."""
    turn: list[Move] = []
    for move in moves:
        if turn and move.player != turn[-1].player:
            yield f"  {names[turn[0].player]}: " + ", ".join(_move_text(m) for m in turn)
            turn = []
        turn.append(move)
    if turn:
        yield f"  {names[turn[0].player]}: " + ", ".join(_move_text(m) for m in turn)


def _move_text(move: Move) -> str:
    # a replay shows every card drawn, from the stock too: the hand is over
    return str(move.action) if move.card is None else f"{move.action} {format_card(move.card)}"


def _result_lines(result: HandResult, names: tuple[str, str]) -> Iterator[str]:
    settled = result.settlement
    if settled is None or result.knocker is None:
        yield "  dead hand: nobody scores"
        return
    knocker, defender = names[result.knocker], names[1 - result.knocker]
    yield f"  {knocker} shows   {arrangement_text(settled.knocker)}"
    yield f"  {defender} shows   {arrangement_text(settled.defender)}"
    for lay in settled.layoffs:
        yield f"  {defender} lays off {format_card(lay.card)} onto {format_cards(meld_cards(lay.meld))}"
    if settled.layoffs:
        left = format_cards(from_mask(settled.defender_deadwood_mask))
        yield f"  {defender} deadwood after layoffs {settled.defender_deadwood}" + (
            f" ({left})" if left else "")
    winner = names[result.winner] if result.winner is not None else "nobody"
    yield f"  {result.outcome.replace('_', ' ')}: {winner} scores {result.points}"
