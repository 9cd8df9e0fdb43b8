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
(written when the match is over); others are allowed and ignored, each tag at most once.

A record is checked against what it states, so an edited or damaged one is refused with its
line and the reason rather than read as another match: the ``Game`` and ``Format`` it is,
tags that fit the players of its ``Rules``, every move legal under those rules from its hand's
``Deck`` (and every hand begun has one), a ``DealerDraw`` that names the ``FirstDealer`` and
is the draw of its ``Seed``, and a ``Result`` that the replayed hands give. The comments (the
hand results the writer adds) are not read. Decks are not checked against the seed: a stacked
deck is a deck the record states.

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

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ginrummy.core.actions import parse_action
from ginrummy.core.cards import NUM_CARDS, RANK_OF, Card, format_cards, parse_cards
from ginrummy.core.errors import CardError, GinRummyError, RecordError
from ginrummy.core.match import Match, MatchFormat, Seat, Table, draw_for_dealer
from ginrummy.core.multiplayer import TEAMS, AnyMatch, PartnershipMatch, ThreePlayerMatch
from ginrummy.core.rules import parse_rules
from ginrummy.core.state import HandResult, Move

FORMAT_VERSION = "1"
# Whole lines (fullmatch), ASCII digits: int() would read other scripts' digits too.
_TAG = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')
_DEAL = re.compile(r"Deal ([0-9]+)")
_HAND = re.compile(r"Hand ([0-9]+)(?:, P([0-9]) v P([0-9]))?, dealer P([0-9])")
_MOVE = re.compile(r"P([0-9]): (.+)")
_NUMBER = re.compile(r"-?[0-9]+")
_PLAYER_TAG = re.compile(r"Player[0-9]+")
_MAX_DIGITS = 1000  # Python reads at most 4300 digits; no seed or hand number needs more


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def format_tag(name: str, value: str) -> str:
    """A tag line, ``[Name "value"]`` with quotes and backslashes escaped."""
    return f'[{name} "{_quote(value)}"]'


def parse_tag(line: str) -> tuple[str, str] | None:
    """The name and value of a tag line, None when ``line`` is not one."""
    tag = _TAG.fullmatch(line)
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
    result = result_tag(match)
    if result is not None:
        tags["Result"] = result
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
    if result is not None:
        lines.extend(["", f"; match over: {result}"])
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


class _LineError(RecordError):
    """A refusal that belongs to an earlier line than the one being read: a tag that the
    replay proves wrong, or a hand whose deck never came."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


class _Reader:
    """Replays a record line by line; each method checks one kind of line."""

    def __init__(self) -> None:
        self.line = 0  # the line being read, from 1
        self.tags: dict[str, str] = {}
        self.tag_lines: dict[str, int] = {}  # where each tag was read
        self.match: AnyMatch | None = None
        self.deal = 0  # the last "Deal N" read (partnership)
        self.hands = 0  # the last "Hand N" read
        self.hand_at = 0  # the line of that hand
        self.seats: tuple[Seat, Seat] | None = None  # the table of the hand being read
        self.table: Table | None = None  # that table, once its deck is read
        self.dealt = False  # whether that hand's deck line has been read

    def tag(self, name: str, value: str) -> None:
        if self.match is not None:
            raise RecordError("tags must come before the first hand")
        if name in self.tags:
            raise RecordError(f"a second {name} tag (the first is on line {self.tag_lines[name]})")
        if name == "Game" and value != "Gin Rummy":
            raise RecordError(f"not a Gin Rummy record: the Game tag says {_shorten(value)!r}")
        if name == "Format" and value != FORMAT_VERSION:
            raise RecordError(f"unknown record format {_shorten(value)!r}: this version reads "
                              f"format {FORMAT_VERSION}")
        if name == "Seed" and value:
            _whole_number(value, "Seed")
        if name == "DealerDraw" and value:
            _dealer_draws(value)
        self.tags[name], self.tag_lines[name] = value, self.line

    def start(self) -> AnyMatch:
        if self.match is None:
            self.match = self._new_match()
        return self.match

    def deal_line(self, number: int) -> None:
        match = self.start()
        if not isinstance(match, PartnershipMatch):
            raise RecordError("only partnership records have deals")
        self._check_dealt()
        if number != self.deal + 1:
            raise RecordError(f"expected deal {self.deal + 1}, found deal {number}")
        if self.deal > 0:
            match.next_deal()
        self.deal, self.seats = number, None

    def hand_line(self, number: int, seats: tuple[Seat, Seat] | None, dealer: Seat) -> None:
        match = self.start()
        self._check_dealt()
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
        self.hand_at = self.line

    def deck_line(self, text: str) -> None:
        match, seats = self.match, self.seats
        if match is None or seats is None:
            raise RecordError("a deck before any hand")
        if self.dealt:
            raise RecordError("the deck must come before the hand's actions, once")
        deck = parse_cards(text)
        if len(deck) != NUM_CARDS:
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
        """The match read, once the record's whole story agrees with its Result tag."""
        if self.match is None or self.hands == 0:
            raise RecordError("the record holds no hand")
        self._check_dealt()
        stated, played = self.tags.get("Result"), result_tag(self.match)
        if stated is not None and stated != played:
            line, says = self.tag_lines["Result"], f"the Result tag says {_shorten(stated)!r}"
            if played is None:
                raise _LineError(line, f"{says}, but the match is not over when the record ends")
            raise _LineError(line, f"{says}, but the hands played give {played!r}")
        return self.match

    def _check_dealt(self) -> None:
        """Every hand begun has its deck: a hand without one would be played from a deck
        the record never states."""
        if self.hands and not self.dealt:
            raise _LineError(self.hand_at, f"hand {self.hands} has no Deck line")

    def _at(self, name: str) -> int:
        """The line of tag ``name``, or the line being read when the tag is missing."""
        return self.tag_lines.get(name, self.line)

    def _new_match(self) -> AnyMatch:
        """The match the tags describe, each tag checked against the others."""
        tags = self.tags
        if "Rules" not in tags and ({"Player2", "FirstDealingTeam"} & tags.keys()):
            raise RecordError("a Rules tag is needed before the first hand of a match of more "
                              "than two players")
        try:
            rules = parse_rules(tags.get("Rules", "classic"))
        except GinRummyError as error:
            raise _LineError(self._at("Rules"), f"Rules: {error}") from None
        players = {f"Player{seat}" for seat in range(rules.players)}
        for name in tags:  # a tag of another format: the Rules tag is not what was played
            if (rules.players not in _FORMAT_TAGS.get(name, (rules.players,))
                    or (_PLAYER_TAG.fullmatch(name) and name not in players)):
                raise _LineError(self.tag_lines[name], f"the {name} tag does not belong in a "
                                f"record of {rules.players} players (Rules {str(rules)!r})")
        seed = _whole_number(tags["Seed"], "Seed") if tags.get("Seed") else None
        names = [tags.get(f"Player{seat}", f"P{seat}") for seat in range(rules.players)]
        if rules.players == 4:
            team = self._tag_number("FirstDealingTeam", "T", TEAMS)
            return PartnershipMatch(rules, first_dealing_team=team, seed=seed, names=names)
        if rules.players == 3:
            first = self._tag_number("FirstDealer", "P", 3)
            return ThreePlayerMatch(rules, first_dealer=first, seed=seed, names=names)
        first = self._tag_number("FirstDealer", "P", 2, default="P0")
        draws = _dealer_draws(tags["DealerDraw"]) if tags.get("DealerDraw") else []
        if draws:
            self._check_dealer_draws(draws, first, seed)
        return Match(rules, first_dealer=first, seed=seed, names=names, dealer_draws=draws)

    def _check_dealer_draws(self, draws: list[tuple[Card, Card]], first: int,
                            seed: int | None) -> None:
        """§3.1: the draws name the first dealer, and a seeded match drew them from its seed."""
        line = self.tag_lines["DealerDraw"]
        text = ", ".join(format_cards(pair) for pair in draws)
        if seed is not None and draw_for_dealer(random.Random(seed))[1] != draws:
            raise _LineError(line, f"DealerDraw {text!r} is not the draw of seed {seed}")
        last = draws[-1]
        lower = 0 if RANK_OF[last[0]] < RANK_OF[last[1]] else 1
        if lower != first:
            raise _LineError(line, f"DealerDraw {text!r} makes P{lower} the first dealer "
                                  f"(the lower card deals, RULES §3.1), not P{first}")

    def _tag_number(self, name: str, prefix: str, count: int, *,
                    default: str | None = None) -> int:
        """``P1`` or ``T0`` from tag ``name``; one of ``count`` seats or teams."""
        choices = [f"{prefix}{n}" for n in range(count)]
        value = self.tags.get(name, default)
        if value not in choices:
            found = None if value is None else _shorten(value)
            raise _LineError(self._at(name), f"{name} must be one of {', '.join(choices)}, "
                                             f"not {found!r}")
        return choices.index(value)


# The tags that only some formats write, with the number of players of each.
_FORMAT_TAGS = {"DealerDraw": (2,), "FirstDealer": (2, 3), "FirstDealingTeam": (4,)}


def result_tag(match: MatchFormat) -> str | None:
    """The Result tag of a finished match (``P1 wins 0-368``, ``T0 wins 216-70``), None while
    it is being played."""
    if match.winner is None:
        return None
    side = f"T{match.winner}" if match.rules.players == 4 else f"P{match.winner}"
    return f"{side} wins " + "-".join(str(total) for total in match.totals())


def _whole_number(text: str, what: str) -> int:
    """``text`` as a whole number: ASCII digits only, and few enough for Python to read."""
    if not _NUMBER.fullmatch(text):
        raise RecordError(f"{what} must be a whole number, not {_shorten(text)!r}")
    if len(text) > _MAX_DIGITS:
        raise RecordError(f"{what} has {len(text)} digits; at most {_MAX_DIGITS} are read")
    return int(text)


def _dealer_draws(text: str) -> list[tuple[Card, Card]]:
    """The DealerDraw tag's pairs (``5H QC`` or ``7S 7D, 2C KH``): every pair but the last
    ties in rank, so the players drew again (RULES §3.1)."""
    try:
        pairs = [parse_cards(pair) for pair in text.split(",")]
    except CardError as error:
        raise RecordError(f"DealerDraw: {error}") from None
    if any(len(pair) != 2 for pair in pairs):
        raise RecordError(f"DealerDraw must list pairs of cards, not {_shorten(text)!r}")
    for number, (first, second) in enumerate(pairs, start=1):
        if (RANK_OF[first] == RANK_OF[second]) != (number < len(pairs)):
            raise RecordError(f"DealerDraw {_shorten(text)!r}: players draw again only after "
                              "a tie in rank, and stop at the first draw without one (§3.1)")
    return [(first, second) for first, second in pairs]


def _shorten(text: str) -> str:
    """A value short enough to quote in a one-line message."""
    return text if len(text) <= 40 else text[:37] + "..."


def read_record(text: str | Iterable[str]) -> AnyMatch:
    """Rebuild a match of any format by replaying its record; an error names the line that
    fails and why, in one line.

    The ``Rules`` tag says which format (two players when it is missing). What the record
    states is checked against its replay: the ``Format`` version, the ``Rules`` every move is
    played under, each hand's deck against its moves, the first dealer against the
    ``DealerDraw`` and the ``Seed``, and the ``Result`` against the hands played.
    """
    lines = text.splitlines() if isinstance(text, str) else list(text)
    reader = _Reader()
    try:
        for number, raw in enumerate(lines, start=1):
            line, reader.line = raw.strip(), number
            if line and not line.startswith(";"):
                _read_line(reader, line)
        reader.line = 0  # what finish refuses is the whole record, or names its own line
        return reader.finish()
    except _LineError as error:
        raise RecordError(f"line {error.line}: {_one_line(error)}") from None
    except GinRummyError as error:
        where = f"line {reader.line}: " if reader.line else ""
        raise RecordError(where + _one_line(error)) from None


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def _read_line(reader: _Reader, line: str) -> None:
    tag = parse_tag(line)
    if tag is not None:
        reader.tag(*tag)
    elif deal := _DEAL.fullmatch(line):
        reader.deal_line(_whole_number(deal.group(1), "the deal"))
    elif hand := _HAND.fullmatch(line):
        number, a, b, dealer = hand.groups()
        seats = None if a is None else (int(a), int(b))
        reader.hand_line(_whole_number(number, "the hand"), seats, int(dealer))
    elif line.startswith("Deck:"):
        reader.deck_line(line[5:])
    elif move := _MOVE.fullmatch(line):
        reader.move_line(int(move.group(1)), move.group(2).split(","))
    else:
        raise RecordError(f"cannot read {_shorten(line)!r}")
