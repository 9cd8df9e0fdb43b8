"""The match record: a readable text of a whole match, like a chess PGN, that replays exactly.

Tag lines hold the rules, seed, players and first dealer; each hand gives its dealer and deck
order, then one line per turn (``P1: draw stock, discard 9H``). Lines starting with ``;`` are
comments (the writer puts each hand's result there); the reader ignores them and recomputes
everything by replaying.

>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.match import Match
>>> match = Match.new(rules_for("classic"), seed=3)
>>> for text in ["pass", "pass", "draw stock"]:
...     _ = match.apply(parse_action(text))
>>> text = write_record(match)
>>> write_record(read_record(text)) == text
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ginrummy.core.actions import parse_action
from ginrummy.core.cards import format_cards, parse_cards
from ginrummy.core.errors import GinRummyError, RecordError
from ginrummy.core.match import Match
from ginrummy.core.rules import parse_rules
from ginrummy.core.state import Move

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_HAND = re.compile(r"^Hand (\d+), dealer P([01])$")
_MOVE = re.compile(r"^P([01]): (.+)$")
FORMAT_VERSION = "1"


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def format_tag(name: str, value: str) -> str:
    """A tag line, ``[Name "value"]`` with quotes and backslashes escaped."""
    return f'[{name} "{_quote(value)}"]'


def parse_tag(line: str) -> tuple[str, str] | None:
    """The name and value of a tag line, None when ``line`` is not one."""
    tag = _TAG.match(line)
    return None if tag is None else (tag.group(1), _unquote(tag.group(2)))


def write_record(match: Match, *, extra_tags: dict[str, str] | None = None) -> str:
    """The match as record text (finished hands, then the hand in play)."""
    tags = {
        "Game": "Gin Rummy",
        "Format": FORMAT_VERSION,
        "Rules": str(match.rules),
        "Seed": "" if match.seed is None else str(match.seed),
        "Player0": match.names[0],
        "Player1": match.names[1],
        "FirstDealer": f"P{match.first_dealer}",
    }
    if match.dealer_draws:
        tags["DealerDraw"] = ", ".join(format_cards(pair) for pair in match.dealer_draws)
    tags.update(extra_tags or {})
    if match.is_over:
        totals = match.totals()
        tags["Result"] = f"P{match.winner} wins {totals[0]}-{totals[1]}"
    lines = [format_tag(name, value) for name, value in tags.items()]
    hands = list(match.hands)
    states = [(h.dealer, h.deck, h.moves, h.result) for h in hands]
    if not match.state.is_over:
        state = match.state
        states.append((state.dealer, state.deck, tuple(state.history), None))
    for number, (dealer, deck, moves, result) in enumerate(states, start=1):
        lines.append("")
        lines.append(f"Hand {number}, dealer P{dealer}")
        lines.append(f"Deck: {format_cards(deck)}")
        lines.extend(_turn_lines(moves))
        if result is not None:
            lines.append(f"; {result}")
    if match.is_over:
        lines.append("")
        lines.append(f"; match over: {tags['Result']}")
    return "\n".join(lines) + "\n"


def _turn_lines(moves: Iterable[Move]) -> list[str]:
    """One line per turn: a player's consecutive actions joined by commas."""
    lines: list[str] = []
    current: int | None = None
    for move in moves:
        if move.player == current:
            lines[-1] += f", {move.action}"
        else:
            lines.append(f"P{move.player}: {move.action}")
            current = move.player
    return lines


def read_record(text: str | Iterable[str]) -> Match:
    """Rebuild a match by replaying its record; errors name the line that fails."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    tags: dict[str, str] = {}
    match: Match | None = None
    expected_player: int | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        try:
            tag = _TAG.match(line)
            if tag:
                if match is not None:
                    raise RecordError("tags must come before the first hand")
                tags[tag.group(1)] = _unquote(tag.group(2))
                continue
            hand = _HAND.match(line)
            if hand:
                match = _start_hand(match, tags, int(hand.group(1)), int(hand.group(2)))
                expected_player = None
                continue
            if line.startswith("Deck:"):
                if match is None:
                    raise RecordError("a deck before any hand")
                _set_deck(match, line[5:])
                expected_player = match.state.to_play
                continue
            move = _MOVE.match(line)
            if move:
                if match is None or expected_player is None:
                    raise RecordError("an action before the hand's deck")
                player = int(move.group(1))
                if player != match.state.to_play:
                    raise RecordError(f"it is P{match.state.to_play}'s turn, not P{player}'s")
                for action_text in move.group(2).split(","):
                    if player != match.state.to_play:
                        raise RecordError(f"it is P{match.state.to_play}'s turn, not P{player}'s")
                    match.apply(parse_action(action_text))
                continue
            raise RecordError(f"cannot read {line!r}")
        except GinRummyError as error:
            raise RecordError(f"line {number}: {error}") from None
    if match is None:
        raise RecordError("the record holds no hand")
    return match


def _start_hand(match: Match | None, tags: dict[str, str], number: int, dealer: int) -> Match:
    if match is None:
        if number != 1:
            raise RecordError("the first hand must be hand 1")
        rules = parse_rules(tags.get("Rules", "classic"))
        seed_text = tags.get("Seed", "")
        first = tags.get("FirstDealer", "P0")
        if first not in ("P0", "P1"):
            raise RecordError(f"FirstDealer must be P0 or P1, not {first!r}")
        draws_text = tags.get("DealerDraw", "")
        draws = [parse_cards(pair) for pair in draws_text.split(",")] if draws_text else []
        match = Match(
            rules,
            first_dealer=int(first[1]),
            seed=int(seed_text) if seed_text else None,
            names=(tags.get("Player0", "P0"), tags.get("Player1", "P1")),
            dealer_draws=[(pair[0], pair[1]) for pair in draws],
        )
    else:
        if number != match.hand_number:
            raise RecordError(f"expected hand {match.hand_number}, found hand {number}")
        match.next_hand()
    if dealer != match.dealer:
        raise RecordError(f"hand {number} should be dealt by P{match.dealer}, not P{dealer}")
    return match


def _set_deck(match: Match, text: str) -> None:
    deck = parse_cards(text)
    if len(deck) != 52:
        raise RecordError(f"a deck needs 52 cards, found {len(deck)}")
    if match.state.history:
        raise RecordError("the deck must come before the hand's actions")
    match.replace_deck(deck)
