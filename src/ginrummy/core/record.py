"""The match record: a readable text of a whole match, like a chess PGN, that replays exactly.

One format for every match: two players, three players (RULES §9.7) and partnerships (§9.8).
:func:`write_record` writes any :class:`~ginrummy.core.match.MatchFormat`; :func:`read_record`
reads any record back, records written by earlier versions included, into the format its
``Rules`` tag names. The grammar, line by line (blank lines and lines starting with ``;`` are
skipped; the writer puts each hand's result and the match's there, and the reader recomputes
everything by replaying)::

    record  = tag* (deal? hand deck turn*)*
    tag     = '[' NAME ' "' VALUE '"]'        backslash escapes '"' and '\\' in VALUE
    deal    = 'Deal ' N                       partnerships only, before each deal's hands
    hand    = 'Hand ' N [', P' A ' v P' B] ', dealer P' D
    deck    = 'Deck: ' 52 cards               the deck order, top first
    turn    = 'P' S ': ' ACTION (', ' ACTION)*  one seat's consecutive actions

Tags: ``Game``, ``Format`` (1), ``Rules`` (default ``classic``; it says how many players sit
at the table), ``Seed``, ``Player0``.. (the names), ``FirstDealer`` (``P0``..; two and three
players), ``DealerDraw`` (two players: the cards drawn for the deal, §3.1),
``FirstDealingTeam`` (``T0`` or ``T1``; partnerships, where team T0 is P0 and P2), ``Result``
(written when the match is over, not read); others are allowed and ignored.

Hands are numbered from 1 through the whole match. ``P A v P B`` names the two seats at the
hand's table (seat A plays as the hand's player 0) and may be left out only for two players,
whose records leave it out (so two-player records read exactly as they always were). In a
partnership the hands of a deal follow its ``Deal N`` line in the order they ended, and a dead
hand's redeal at a table is one more hand of the same deal. An ACTION is the action notation
(:mod:`ginrummy.core.actions`); a knock may carry what it shows
(``knock 7C show AC 2C 3C | 2S 3S 4S 5S``), so commas separate a turn's actions and ``|``
only ever appears inside a show. Every deck dealt is written, so reading replays the match move
by move to the same state::

    [Rules "partnership"]
    [FirstDealingTeam "T1"]

    Deal 1
    Hand 1, P0 v P1, dealer P1
    Deck: 7S 2C ...
    P0: pass
    ...

>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.match import Match
>>> match = Match.new(rules_for("classic"), seed=3)
>>> for text in ["pass", "pass", "draw stock"]:
...     _ = match.apply(parse_action(text))
>>> text = write_record(match)
>>> text.splitlines()[9]
'Hand 1, dealer P0'
>>> write_record(read_record(text)) == text
True
>>> three = Match.new(rules_for("three-player"), seed=3)
>>> three.apply(parse_action("pass"), seat=1).player
0
>>> text = write_record(three)
>>> text.splitlines()[9]
'Hand 1, P1 v P2, dealer P2'
>>> type(read_record(text)).__name__, write_record(read_record(text)) == text
('ThreePlayerMatch', True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ginrummy.core.actions import parse_action
from ginrummy.core.cards import Card, format_cards, parse_cards
from ginrummy.core.errors import GinRummyError, RecordError
from ginrummy.core.match import Match, MatchFormat, Seat, Table
from ginrummy.core.multiplayer import TEAMS, AnyMatch, PartnershipMatch, ThreePlayerMatch
from ginrummy.core.rules import parse_rules
from ginrummy.core.state import HandResult, Move

FORMAT_VERSION = "1"
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_DEAL = re.compile(r"^Deal (\d+)$")
_HAND = re.compile(r"^Hand (\d+)(?:, P(\d) v P(\d))?, dealer P(\d)$")
_MOVE = re.compile(r"^P(\d): (.+)$")
_NUMBER = re.compile(r"^-?\d+$")


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


# -- writing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Block:
    """One hand as written: its deal, the two seats, the hand's dealer, deck, moves, result."""

    deal: int
    seats: tuple[Seat, Seat]
    dealer: int
    deck: tuple[Card, ...]
    moves: tuple[Move, ...]
    result: HandResult | None


def write_record(match: MatchFormat, *, extra_tags: dict[str, str] | None = None) -> str:
    """The match as record text: finished hands in the order they ended, then hands in play."""
    players = match.rules.players
    tags = {"Game": "Gin Rummy", "Format": FORMAT_VERSION, "Rules": str(match.rules),
            "Seed": "" if match.seed is None else str(match.seed)}
    tags.update({f"Player{seat}": name for seat, name in enumerate(match.names)})
    tags.update(match.record_tags())
    tags.update(extra_tags or {})
    if match.winner is not None:
        side = f"T{match.winner}" if players == 4 else f"P{match.winner}"
        tags["Result"] = f"{side} wins " + "-".join(str(total) for total in match.totals())
    lines = [format_tag(name, value) for name, value in tags.items()]
    blocks = [_Block(h.deal, h.seats, h.dealer, h.deck, h.moves, h.result) for h in match.hands]
    blocks += [_Block(match.deal_number, t.seats, t.state.dealer, t.state.deck,
                      tuple(t.state.history), None) for t in match.tables() if not t.state.is_over]
    entries = match.score_entries()
    for number, block in enumerate(blocks, start=1):
        lines.append("")
        first_of_deal = number == 1 or blocks[number - 2].deal != block.deal
        if players == 4 and first_of_deal:
            lines.append(f"Deal {block.deal}")
        a, b = block.seats
        seats = "" if players == 2 else f", P{a} v P{b}"
        lines.append(f"Hand {number}{seats}, dealer P{block.seats[block.dealer]}")
        lines.append(f"Deck: {format_cards(block.deck)}")
        lines.extend(_turn_lines(block.moves, block.seats))
        if block.result is not None:
            lines.append(f"; {_result_text(block.result, block.seats)}")
        last_of_deal = number == len(blocks) or blocks[number].deal != block.deal
        if players == 4 and last_of_deal and len(entries) >= block.deal:
            entry = entries[block.deal - 1]
            lines.append(f"; deal {block.deal}: " + ("no score" if entry.side is None
                                                      else f"T{entry.side} scores {entry.points}"))
    if match.winner is not None:
        lines.extend(["", f"; match over: {tags['Result']}"])
    return "\n".join(lines) + "\n"


def _turn_lines(moves: Iterable[Move], seats: tuple[Seat, Seat]) -> list[str]:
    """One line per turn, named by seat: a player's consecutive actions joined by commas."""
    lines: list[str] = []
    current: int | None = None
    for move in moves:
        seat = seats[move.player]
        if seat == current:
            lines[-1] += f", {move.action}"
        else:
            lines.append(f"P{seat}: {move.action}")
            current = seat
    return lines


def _result_text(result: HandResult, seats: tuple[Seat, Seat]) -> str:
    if result.winner is None or result.knocker is None:
        return "dead hand: nobody scores"
    return (f"{result.outcome} by P{seats[result.knocker]}: P{seats[result.winner]} "
            f"scores {result.points}")


# -- reading ------------------------------------------------------------------------------------


class _Reader:
    """Replays a record line by line; each method checks one kind of line."""

    def __init__(self) -> None:
        self.tags: dict[str, str] = {}
        self.match: AnyMatch | None = None
        self.deal = 0  # the last "Deal N" read (partnership)
        self.hands = 0  # the last "Hand N" read
        self.seats: tuple[Seat, Seat] | None = None  # the table of the hand being read
        self.table: Table | None = None  # that table, once its deck is read
        self.dealt = False  # whether that hand's deck line has been read

    def tag(self, name: str, value: str) -> None:
        if self.match is not None:
            raise RecordError("tags must come before the first hand")
        self.tags[name] = value

    def start(self) -> AnyMatch:
        if self.match is None:
            self.match = _new_match(self.tags)
        return self.match

    def deal_line(self, number: int) -> None:
        match = self.start()
        if not isinstance(match, PartnershipMatch):
            raise RecordError("only partnership records have deals")
        if number != self.deal + 1:
            raise RecordError(f"expected deal {self.deal + 1}, found deal {number}")
        if self.deal > 0:
            match.next_deal()
        self.deal, self.seats = number, None

    def hand_line(self, number: int, seats: tuple[Seat, Seat] | None, dealer: Seat) -> None:
        match = self.start()
        if number != self.hands + 1:
            raise RecordError(f"expected hand {self.hands + 1}, found hand {number}")
        if isinstance(match, PartnershipMatch):
            if self.deal == 0:
                raise RecordError("a partnership hand must come after its deal line")
            if seats is None:
                raise RecordError(f"hand {number} must name its two seats "
                                  f"(Hand {number}, P0 v P1, ...)")
            found = [t for t in match.tables() if t.seats == seats]
            if not found:
                raise RecordError(f"P{seats[0]} and P{seats[1]} do not play each other "
                                  f"in deal {self.deal}")
            table = found[0]
            if table.state.history or table.state.is_over:
                raise RecordError(f"the hand of P{seats[0]} and P{seats[1]} is already played")
        else:
            if self.hands > 0:
                match.next_deal()
            table = match.tables()[0]
            if seats is None and isinstance(match, ThreePlayerMatch):
                a, b = table.seats
                raise RecordError(f"hand {number} must name its two seats "
                                  f"(Hand {number}, P{a} v P{b}, ...)")
        if seats is not None and table.seats != seats:
            raise RecordError(f"hand {number} is played by P{table.seats[0]} and "
                              f"P{table.seats[1]}, not P{seats[0]} and P{seats[1]}")
        expected = table.seats[table.state.dealer]
        if dealer != expected:
            raise RecordError(f"hand {number} should be dealt by P{expected}, not P{dealer}")
        self.hands, self.seats, self.dealt, self.table = number, table.seats, False, None

    def deck_line(self, text: str) -> None:
        match, seats = self.match, self.seats
        if match is None or seats is None:
            raise RecordError("a deck before any hand")
        if self.dealt:
            raise RecordError("the deck must come before the hand's actions, once")
        deck = parse_cards(text)
        if len(deck) != 52:
            raise RecordError(f"a deck needs 52 cards, found {len(deck)}")
        if isinstance(match, PartnershipMatch):
            match.replace_deck([t.seats for t in match.tables()].index(seats), deck)
        else:
            match.replace_deck(deck)
        self.dealt = True
        self.table = next(t for t in match.tables() if t.seats == seats)  # the one just dealt

    def move_line(self, seat: Seat, actions: Sequence[str]) -> None:
        match, seats, table = self.match, self.seats, self.table
        if match is None or seats is None or table is None:
            raise RecordError("an action before the hand's deck")
        if seat not in seats:
            raise RecordError(f"P{seat} does not play in hand {self.hands}")
        for text in actions:  # (a dead partnership hand is redealt at once: not this table)
            if table.state.is_over or match.is_over:
                raise RecordError(f"hand {self.hands} is over")
            if table.to_play != seat:
                raise RecordError(f"it is P{table.to_play}'s turn, not P{seat}'s")
            match.apply(parse_action(text), seat=seat)

    def finish(self) -> AnyMatch:
        if self.match is None or self.hands == 0:
            raise RecordError("the record holds no hand")
        return self.match


def read_record(text: str | Iterable[str]) -> AnyMatch:
    """Rebuild a match of any format by replaying its record; an error names the line that
    fails. The ``Rules`` tag says which format (two players when it is missing)."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    reader = _Reader()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        try:
            _read_line(reader, line)
        except GinRummyError as error:
            raise RecordError(f"line {number}: {error}") from None
    return reader.finish()


def _read_line(reader: _Reader, line: str) -> None:
    tag = parse_tag(line)
    if tag is not None:
        reader.tag(*tag)
    elif deal := _DEAL.match(line):
        reader.deal_line(int(deal.group(1)))
    elif hand := _HAND.match(line):
        number, a, b, dealer = hand.groups()
        seats = None if a is None else (int(a), int(b))
        reader.hand_line(int(number), seats, int(dealer))
    elif line.startswith("Deck:"):
        reader.deck_line(line[5:])
    elif move := _MOVE.match(line):
        reader.move_line(int(move.group(1)), move.group(2).split(","))
    else:
        raise RecordError(f"cannot read {line!r}")


def _new_match(tags: dict[str, str]) -> AnyMatch:
    if "Rules" not in tags and ({"Player2", "FirstDealingTeam"} & tags.keys()):
        raise RecordError("a Rules tag is needed before the first hand of a match of more "
                          "than two players")
    rules = parse_rules(tags.get("Rules", "classic"))
    seed_text = tags.get("Seed", "")
    if seed_text and not _NUMBER.match(seed_text):
        raise RecordError(f"Seed must be a whole number, not {seed_text!r}")
    seed = int(seed_text) if seed_text else None
    names = [tags.get(f"Player{seat}", f"P{seat}") for seat in range(rules.players)]
    if rules.players == 4:
        team = _tag_number(tags, "FirstDealingTeam", "T", TEAMS)
        return PartnershipMatch(rules, first_dealing_team=team, seed=seed, names=names)
    if rules.players == 3:
        first = _tag_number(tags, "FirstDealer", "P", 3)
        return ThreePlayerMatch(rules, first_dealer=first, seed=seed, names=names)
    first = _tag_number(tags, "FirstDealer", "P", 2, default="P0")
    draws_text = tags.get("DealerDraw", "")
    draws = [parse_cards(pair) for pair in draws_text.split(",")] if draws_text else []
    if any(len(pair) != 2 for pair in draws):
        raise RecordError(f"DealerDraw must list pairs of cards, not {draws_text!r}")
    return Match(rules, first_dealer=first, seed=seed, names=names,
                 dealer_draws=[(pair[0], pair[1]) for pair in draws])


def _tag_number(tags: dict[str, str], name: str, prefix: str, count: int, *,
                default: str | None = None) -> int:
    """``P1`` or ``T0`` from tag ``name``; one of ``count`` seats or teams."""
    choices = [f"{prefix}{n}" for n in range(count)]
    value = tags.get(name, default)
    if value not in choices:
        raise RecordError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return choices.index(value)
