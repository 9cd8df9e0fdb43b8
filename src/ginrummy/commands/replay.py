"""``ginrummy replay FILE``: show a match record hand by hand.

For each hand: the dealer, both dealt hands and the upcard, every turn, the settlement (both
hands as shown, the layoffs, the points) and the running score. ``-`` reads the record from stdin.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence

from ginrummy.commands.common import arrangement_text
from ginrummy.core.cards import format_card, format_cards, from_mask
from ginrummy.core.errors import RecordError
from ginrummy.core.match import Match
from ginrummy.core.melds import meld_cards
from ginrummy.core.record import read_record
from ginrummy.core.state import HandResult, HandState, Move

HELP = "show a match record hand by hand: deals, turns, settlements, running score"


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


def replay_lines(recorded: Match) -> Iterator[str]:
    """Replay ``recorded`` on a fresh match, describing each hand as it is played."""
    names = recorded.names
    yield f"{names[0]} (P0) vs {names[1]} (P1), rules {recorded.rules}" + (
        "" if recorded.seed is None else f", seed {recorded.seed}")
    match = Match(recorded.rules, first_dealer=recorded.first_dealer, seed=recorded.seed,
                  names=names)
    decks_and_moves = [(hand.deck, hand.moves) for hand in recorded.hands]
    if not recorded.state.is_over:  # the record ends in a hand still being played
        decks_and_moves.append((recorded.state.deck, tuple(recorded.state.history)))
    for number, (deck, moves) in enumerate(decks_and_moves, start=1):
        state = match.replace_deck(deck) if number == 1 else match.next_hand(deck)
        yield ""
        yield from _deal_lines(number, state, names)
        for move in moves:
            match.apply(move.action)
        yield from _turn_lines(moves, names)
        if state.result is None:
            yield "  (hand in progress)"
            continue
        yield from _result_lines(state.result, names)
        yield "  " + _score_text(match)
    winner = match.winner
    if winner is not None:
        totals = match.totals()
        yield ""
        yield (f"match over: {names[winner]} wins; totals with bonuses "
               f"{names[0]} {totals[0]}, {names[1]} {totals[1]}")


def _score_text(match: Match) -> str:
    names, scores = match.names, match.scores
    text = f"score: {names[0]} {scores[0]}, {names[1]} {scores[1]}"
    if len(match.columns) > 1:  # Hollywood: each game's column too
        text += " (games " + ", ".join(f"{c.scores[0]}-{c.scores[1]}" for c in match.columns) + ")"
    return text


def _deal_lines(number: int, state: HandState, names: tuple[str, ...]) -> Iterator[str]:
    yield f"Hand {number}, dealer {names[state.dealer]}"
    for player in (state.non_dealer, state.dealer):
        yield f"  {names[player]} holds {format_cards(state.hand(player))}"
    if state.upcard is not None:
        yield f"  upcard {format_card(state.upcard)}"


def _turn_lines(moves: Sequence[Move], names: tuple[str, ...]) -> Iterator[str]:
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


def _result_lines(result: HandResult, names: tuple[str, ...]) -> Iterator[str]:
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
