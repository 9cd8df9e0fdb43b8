"""The match record of three-player and partnership matches (RULES §9.7, §9.8).

The same conventions as the two-player record (:mod:`ginrummy.core.record`): tag lines, then
each hand with its deck order and one line per turn, ``;`` comments ignored by the reader. Here
players are seats ``P0``..``P3`` and each hand line names the two seats at its table and the
dealing seat; a partnership record groups its hands under ``Deal N`` lines, since two tables
play each deal (a dead hand's redeal at a table is one more hand of the same deal)::

    [Rules "partnership"]
    [FirstDealingTeam "T1"]          team T0 is P0 and P2, team T1 is P1 and P3

    Deal 1
    Hand 1, P0 v P1, dealer P1
    Deck: 7S 2C ...
    P0: pass
    ...

Every deck dealt is written, so reading replays the match move by move to the same state.

>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.multiplayer import ThreePlayerMatch
>>> match = ThreePlayerMatch.new(rules_for("three-player"), seed=3)
>>> match.apply(parse_action("pass"), seat=1).player
0
>>> text = write_multi_record(match)
>>> text.splitlines()[9]
'Hand 1, P1 v P2, dealer P2'
>>> write_multi_record(read_multi_record(text)) == text
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ginrummy.core.actions import parse_action
from ginrummy.core.cards import Card, format_cards, parse_cards
from ginrummy.core.errors import GinRummyError, RecordError
from ginrummy.core.match import Match
from ginrummy.core.multiplayer import TEAMS, PartnershipMatch, ThreePlayerMatch, pairings
from ginrummy.core.record import format_tag, parse_tag, read_record, write_record
from ginrummy.core.rules import parse_rules
from ginrummy.core.state import HandResult, Move

MultiMatch = ThreePlayerMatch | PartnershipMatch
AnyMatch = Match | ThreePlayerMatch | PartnershipMatch
FORMAT_VERSION = "1"
_DEAL = re.compile(r"^Deal (\d+)$")
_HAND = re.compile(r"^Hand (\d+), P(\d) v P(\d), dealer P(\d)$")
_MOVE = re.compile(r"^P(\d): (.+)$")
_NUMBER = re.compile(r"^-?\d+$")


@dataclass(frozen=True, slots=True)
class _Block:
    """One hand as written: its deal, the two seats, the dealing seat, deck, moves, result."""

    deal: int
    seats: tuple[int, int]
    dealer: int
    deck: tuple[Card, ...]
    moves: tuple[Move, ...]
    result: HandResult | None


def write_match_record(match: AnyMatch) -> str:
    """The record of any match: two-player, three-player or partnership."""
    return write_record(match) if isinstance(match, Match) else write_multi_record(match)


def read_match_record(text: str | Iterable[str]) -> AnyMatch:
    """Read any match record; its ``Rules`` tag says how many players sit at the table."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    players = 2
    for line in lines:
        tag = parse_tag(line.strip())
        if tag is not None and tag[0] == "Rules":
            try:
                players = parse_rules(tag[1]).players
            except GinRummyError:
                pass  # the two-player reader reports the bad rules with their line number
            break
    return read_record(lines) if players == 2 else read_multi_record(lines)


# -- writing ------------------------------------------------------------------------------------


def write_multi_record(match: MultiMatch, *, extra_tags: dict[str, str] | None = None) -> str:
    """The match as record text: finished hands in the order they ended, then hands in play."""
    tags = {"Game": "Gin Rummy", "Format": FORMAT_VERSION, "Rules": str(match.rules),
            "Seed": "" if match.seed is None else str(match.seed)}
    tags.update({f"Player{seat}": name for seat, name in enumerate(match.names)})
    if isinstance(match, ThreePlayerMatch):
        tags["FirstDealer"] = f"P{match.first_dealer}"
    else:
        tags["FirstDealingTeam"] = f"T{match.first_dealing_team}"
    tags.update(extra_tags or {})
    if match.winner is not None:
        totals = "-".join(str(total) for total in match.totals())
        tags["Result"] = f"{_side(match, match.winner)} wins {totals}"
    lines = [format_tag(name, value) for name, value in tags.items()]
    blocks = _blocks(match)
    for number, block in enumerate(blocks, start=1):
        lines.append("")
        if isinstance(match, PartnershipMatch) and (number == 1
                                                    or blocks[number - 2].deal != block.deal):
            lines.append(f"Deal {block.deal}")
        a, b = block.seats
        lines.append(f"Hand {number}, P{a} v P{b}, dealer P{block.dealer}")
        lines.append(f"Deck: {format_cards(block.deck)}")
        lines.extend(_turn_lines(block.moves, block.seats))
        if block.result is not None:
            lines.append(f"; {_result_text(block.result, block.seats)}")
        last_of_deal = number == len(blocks) or blocks[number].deal != block.deal
        if isinstance(match, PartnershipMatch) and last_of_deal \
                and len(match.deal_nets) >= block.deal:
            team, net = match.deal_nets[block.deal - 1]
            lines.append(f"; deal {block.deal}: " + ("no score" if team < 0
                                                      else f"T{team} scores {net}"))
    if match.winner is not None:
        lines.extend(["", f"; match over: {tags['Result']}"])
    return "\n".join(lines) + "\n"


def _side(match: MultiMatch, board_seat: int) -> str:
    return f"P{board_seat}" if isinstance(match, ThreePlayerMatch) else f"T{board_seat}"


def _blocks(match: MultiMatch) -> list[_Block]:
    """Every hand with its deal number; a partnership's deals alternate their pairings (§9.8),
    so a deal ends where the pairing changes."""
    blocks: list[_Block] = []
    deal, parity = 0, -1
    hands: list[tuple[tuple[int, int], int, tuple[Card, ...], tuple[Move, ...],
                      HandResult | None]]
    hands = [(h.seats, h.dealer, h.deck, h.moves, h.result) for h in match.hands]
    hands += [(t.seats, t.state.dealer, t.state.deck, tuple(t.state.history), None)
              for t in match.tables() if not t.state.is_over]
    for seats, dealer, deck, moves, result in hands:
        if isinstance(match, ThreePlayerMatch):
            deal += 1
        else:
            pairing = 0 if seats in pairings(0) else 1
            if pairing != parity:
                deal, parity = deal + 1, pairing
        blocks.append(_Block(deal, seats, seats[dealer], deck, moves, result))
    return blocks


def _turn_lines(moves: Iterable[Move], seats: tuple[int, int]) -> list[str]:
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


def _result_text(result: HandResult, seats: tuple[int, int]) -> str:
    if result.winner is None or result.knocker is None:
        return "dead hand: nobody scores"
    return (f"{result.outcome} by P{seats[result.knocker]}: P{seats[result.winner]} "
            f"scores {result.points}")


# -- reading ------------------------------------------------------------------------------------


class _Reader:
    """Replays a record line by line; each method checks one kind of line."""

    def __init__(self) -> None:
        self.tags: dict[str, str] = {}
        self.match: MultiMatch | None = None
        self.deal = 0  # the last "Deal N" read (partnership)
        self.hands = 0  # the last "Hand N" read
        self.seats: tuple[int, int] | None = None  # the table of the hand being read
        self.dealt = False  # whether that hand's deck line has been read

    def tag(self, name: str, value: str) -> None:
        if self.match is not None:
            raise RecordError("tags must come before the first hand")
        self.tags[name] = value

    def start(self) -> MultiMatch:
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

    def hand_line(self, number: int, seats: tuple[int, int], dealer: int) -> None:
        match = self.start()
        if number != self.hands + 1:
            raise RecordError(f"expected hand {self.hands + 1}, found hand {number}")
        if isinstance(match, ThreePlayerMatch):
            if self.hands > 0:
                match.next_deal()
            table = match.table
        else:
            if self.deal == 0:
                raise RecordError("a partnership hand must come after its deal line")
            found = [t for t in match.tables() if t.seats == seats]
            if not found:
                raise RecordError(f"P{seats[0]} and P{seats[1]} do not play each other "
                                  f"in deal {self.deal}")
            table = found[0]
            if table.state.history or table.state.is_over:
                raise RecordError(f"the hand of P{seats[0]} and P{seats[1]} is already played")
        if table.seats != seats:
            raise RecordError(f"hand {number} is played by P{table.seats[0]} and "
                              f"P{table.seats[1]}, not P{seats[0]} and P{seats[1]}")
        expected = table.seats[table.state.dealer]
        if dealer != expected:
            raise RecordError(f"hand {number} should be dealt by P{expected}, not P{dealer}")
        self.hands, self.seats, self.dealt = number, seats, False

    def deck_line(self, text: str) -> None:
        match, seats = self.match, self.seats
        if match is None or seats is None:
            raise RecordError("a deck before any hand")
        if self.dealt:
            raise RecordError("the deck must come before the hand's actions, once")
        deck = parse_cards(text)
        if len(deck) != 52:
            raise RecordError(f"a deck needs 52 cards, found {len(deck)}")
        if isinstance(match, ThreePlayerMatch):
            match.replace_deck(deck)
        else:
            match.replace_deck([t.seats for t in match.tables()].index(seats), deck)
        self.dealt = True

    def move_line(self, seat: int, actions: Sequence[str]) -> None:
        match, seats = self.match, self.seats
        if match is None or seats is None or not self.dealt:
            raise RecordError("an action before the hand's deck")
        if seat not in seats:
            raise RecordError(f"P{seat} does not play in hand {self.hands}")
        for text in actions:
            match.apply(parse_action(text), seat=seat)

    def finish(self) -> MultiMatch:
        if self.match is None or self.hands == 0:
            raise RecordError("the record holds no hand")
        return self.match


def read_multi_record(text: str | Iterable[str]) -> MultiMatch:
    """Rebuild a three-player or partnership match by replaying its record; an error names the
    line that fails."""
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
        number, a, b, dealer = (int(group) for group in hand.groups())
        reader.hand_line(number, (a, b), dealer)
    elif line.startswith("Deck:"):
        reader.deck_line(line[5:])
    elif move := _MOVE.match(line):
        reader.move_line(int(move.group(1)), move.group(2).split(","))
    else:
        if line.startswith("Hand "):
            reader.start()  # a two-player record's hand line: its rules say so first
        raise RecordError(f"cannot read {line!r}")


def _new_match(tags: dict[str, str]) -> MultiMatch:
    if "Rules" not in tags:
        raise RecordError("a Rules tag is needed before the first hand")
    rules = parse_rules(tags["Rules"])
    seed_text = tags.get("Seed", "")
    if seed_text and not _NUMBER.match(seed_text):
        raise RecordError(f"Seed must be a whole number, not {seed_text!r}")
    seed = int(seed_text) if seed_text else None
    names = [tags.get(f"Player{seat}", f"P{seat}") for seat in range(rules.players)]
    if rules.players == 3:
        first = _tag_number(tags, "FirstDealer", "P", 3)
        return ThreePlayerMatch(rules, first_dealer=first, seed=seed, names=names)
    if rules.players == 4:
        team = _tag_number(tags, "FirstDealingTeam", "T", TEAMS)
        return PartnershipMatch(rules, first_dealing_team=team, seed=seed, names=names)
    raise RecordError(f"the {rules.name} rules are for {rules.players} players: "
                      "a two-player record is read with read_record")


def _tag_number(tags: dict[str, str], name: str, prefix: str, count: int) -> int:
    """``P1`` or ``T0`` from tag ``name``; one of ``count`` seats or teams."""
    choices = [f"{prefix}{n}" for n in range(count)]
    value = tags.get(name)
    if value not in choices:
        raise RecordError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return choices.index(value)
