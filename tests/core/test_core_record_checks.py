"""A match record is checked against what it states: each edit of a real record is refused
with the line it is on and the reason, in one line, and an unedited record still loads.

The records are real matches: the project's beginner player in every seat, seeded, to 60
points, for two players, three players (RULES §9.7) and partnerships (§9.8).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ginrummy.core.errors import RecordError
from ginrummy.core.match import Match, MatchFormat
from ginrummy.core.multiplayer import AnyMatch
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import rules_for
from ginrummy.players.beginner import BeginnerPlayer

RECORDS = Path(__file__).parent.parent / "data" / "records"
FORMATS = ("classic", "hollywood", "three-player", "partnership")


def play(preset: str, seed: int) -> AnyMatch:
    """A whole seeded match, every seat played by the beginner through its own view."""
    match = Match.new(rules_for(preset, target=60), seed=seed)
    players = [BeginnerPlayer(seed=seed * 10 + seat) for seat in range(match.rules.players)]
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            match.apply(players[seat].choose(match.view(seat)), seat=seat)
    return match


RECORD = {preset: write_record(play(preset, seed=11)) for preset in FORMATS}


def refusal(text: str) -> str:
    """The one-line message of the RecordError that reading ``text`` raises."""
    with pytest.raises(RecordError) as caught:
        read_record(text)
    message = str(caught.value)
    assert "\n" not in message and message.strip() == message
    return message


def line_of(lines: list[str], start: str) -> int:
    """The number (from 1) of the first line that starts with ``start``."""
    return next(n for n, line in enumerate(lines, start=1) if line.startswith(start))


def move_lines(lines: list[str]) -> list[int]:
    """The indexes (from 0) of the move lines."""
    return [i for i, line in enumerate(lines) if re.match(r"P\d: ", line)]


def edited(lines: list[str], index: int, line: str) -> str:
    return "\n".join(lines[:index] + [line] + lines[index + 1:]) + "\n"


def test_core_record_real_matches_load_and_round_trip_unedited():
    for preset, text in RECORD.items():
        again = read_record(text)
        assert again.is_over, preset
        assert write_record(again) == text


@pytest.mark.parametrize("name", ["two_player_v1.txt", "three_player_v1.txt",
                                  "partnership_v1.txt"])
def test_core_record_files_of_earlier_versions_still_load_and_their_result_agrees(name):
    text = (RECORDS / name).read_text(encoding="utf-8")
    match = read_record(text)
    result = re.search(r'\[Result "(.*)"\]', text)
    assert result is not None and match.is_over
    assert result.group(1) == _result(match)


def _result(match: MatchFormat) -> str:
    side = ("T" if match.rules.players == 4 else "P") + str(match.winner)
    return f"{side} wins " + "-".join(str(total) for total in match.totals())


@pytest.mark.parametrize("preset", FORMATS)
def test_core_record_a_changed_result_winner_is_refused_on_its_line(preset):
    lines = RECORD[preset].splitlines()
    at = line_of(lines, "[Result")
    stated = re.fullmatch(r'\[Result "([PT])(\d) wins (.*)"\]', lines[at - 1])
    assert stated is not None
    sides = 2 if preset != "three-player" else 3
    other = (int(stated.group(2)) + 1) % sides
    text = edited(lines, at - 1, f'[Result "{stated.group(1)}{other} wins {stated.group(3)}"]')
    message = refusal(text)
    assert message.startswith(f"line {at}: the Result tag says")
    assert f"hands played give '{stated.group(1)}{stated.group(2)} wins" in message


def test_core_record_changed_result_totals_are_refused():
    lines = RECORD["classic"].splitlines()
    at = line_of(lines, "[Result")
    text = edited(lines, at - 1, re.sub(r"(\d+)\"\]$", lambda m: f'{int(m.group(1)) + 1}"]',
                                        lines[at - 1]))
    assert f"line {at}: the Result tag says" in refusal(text)


@pytest.mark.parametrize("preset", FORMATS)
def test_core_record_a_result_for_a_match_cut_short_is_refused(preset):
    lines = RECORD[preset].splitlines()
    last = move_lines(lines)[-1]
    message = refusal("\n".join(lines[:last]) + "\n")
    assert message.startswith(f"line {line_of(lines, '[Result')}: the Result tag says")
    assert "not over" in message


@pytest.mark.parametrize("version", ["2", "0", "1.1", "", "one"])
def test_core_record_an_unknown_format_version_is_refused(version):
    lines = RECORD["classic"].splitlines()
    at = line_of(lines, "[Format")
    message = refusal(edited(lines, at - 1, f'[Format "{version}"]'))
    assert message == (f"line {at}: unknown record format {version!r}: this version reads "
                       "format 1")


def test_core_record_another_game_is_refused():
    lines = RECORD["classic"].splitlines()
    message = refusal(edited(lines, 0, '[Game "Chess"]'))
    assert message == "line 1: not a Gin Rummy record: the Game tag says 'Chess'"


@pytest.mark.parametrize(("seed", "reason"), [
    ("abc", "Seed must be a whole number, not 'abc'"),
    ("12x", "Seed must be a whole number"),
    ("١٢", "Seed must be a whole number"),  # Arabic-Indic digits: int() reads them, we do not
    ("9" * 5000, "Seed has 5000 digits; at most 1000 are read"),
])
def test_core_record_a_seed_that_is_not_a_readable_number_is_refused(seed, reason):
    for preset in FORMATS:
        lines = RECORD[preset].splitlines()
        at = line_of(lines, "[Seed")
        message = refusal(edited(lines, at - 1, f'[Seed "{seed}"]'))
        assert message.startswith(f"line {at}: {reason}")
        assert len(message) < 200


def test_core_record_a_changed_seed_no_longer_matches_the_dealer_draw():
    lines = RECORD["classic"].splitlines()
    at = line_of(lines, "[Seed")
    seed = int(lines[at - 1].split('"')[1])
    message = refusal(edited(lines, at - 1, f'[Seed "{seed + 1}"]'))
    assert message.startswith(f"line {line_of(lines, '[DealerDraw')}: DealerDraw")
    assert f"is not the draw of seed {seed + 1}" in message


@pytest.mark.parametrize(("draw", "reason"), [
    ("5H", "DealerDraw must list pairs of cards, not '5H'"),
    ("5H QC 2D", "DealerDraw must list pairs of cards"),
    ("5H XX", "DealerDraw: not a card: 'XX'"),
    ("5H 5C", "players draw again only after a tie in rank"),
    ("5H 5H", "DealerDraw: duplicate card: 5H"),  # (across draws a card may come again)
    ("5H QC, 2D 3D", "players draw again only after a tie in rank"),
])
def test_core_record_a_malformed_dealer_draw_is_refused(draw, reason):
    lines = RECORD["classic"].splitlines()
    at = line_of(lines, "[DealerDraw")
    message = refusal(edited(lines, at - 1, f'[DealerDraw "{draw}"]'))
    assert message.startswith(f"line {at}: ")
    assert reason in message


def test_core_record_a_dealer_draw_must_name_the_first_dealer():
    lines = RECORD["classic"].splitlines()
    first = line_of(lines, "[FirstDealer")
    other = "P1" if lines[first - 1] == '[FirstDealer "P0"]' else "P0"
    message = refusal(edited(lines, first - 1, f'[FirstDealer "{other}"]'))
    # the draw is checked against the seed and the first dealer before any hand is replayed
    assert message.startswith(f"line {line_of(lines, '[DealerDraw')}: DealerDraw")
    assert f"first dealer (the lower card deals, RULES §3.1), not {other}" in message


def test_core_record_a_tag_given_twice_is_refused():
    lines = RECORD["classic"].splitlines()
    at = line_of(lines, "[Rules")
    text = "\n".join(lines[:at] + ['[Rules "straight"]'] + lines[at:])
    assert refusal(text) == f"line {at + 1}: a second Rules tag (the first is on line {at})"


@pytest.mark.parametrize("preset", FORMATS)
def test_core_record_rules_the_moves_were_not_played_under_are_refused(preset):
    lines = RECORD[preset].splitlines()
    at = line_of(lines, "[Rules")
    rules = lines[at - 1].split('"')[1]
    # a longer match: the record ends before anyone reaches the target
    longer = refusal(edited(lines, at - 1, f'[Rules "{rules.replace("target=60", "")}"]'))
    assert "the Result tag says" in longer and "not over" in longer
    # straight gin: a knock is not allowed (or the scores differ)
    name = rules.split()[0]
    straight = refusal(edited(lines, at - 1, f'[Rules "{rules.replace(name, "straight")}"]'))
    assert re.match(r"line \d+: ", straight)
    assert "straight gin has no knocking" in straight or "tag does not belong" in straight \
        or "Result" in straight
    bogus = refusal(edited(lines, at - 1, '[Rules "bogus"]'))
    assert bogus.startswith(f"line {at}: Rules: unknown rules preset 'bogus'")


@pytest.mark.parametrize(("preset", "rules", "tag"), [
    ("classic", "three-player", "DealerDraw"),
    ("classic", "partnership", "FirstDealer"),
    ("three-player", "classic", "Player2"),
    ("partnership", "three-player", "Player3"),
    ("partnership", "classic", "Player2"),
])
def test_core_record_tags_of_another_format_are_refused(preset, rules, tag):
    lines = RECORD[preset].splitlines()
    at = line_of(lines, "[Rules")
    message = refusal(edited(lines, at - 1, f'[Rules "{rules} target=60"]'))
    players = rules_for(rules).players
    assert message.startswith(f"line {line_of(lines, '[' + tag)}: the {tag} tag does not "
                              f"belong in a record of {players} players")


@pytest.mark.parametrize("preset", FORMATS)
def test_core_record_swapped_dropped_or_repeated_move_lines_are_refused(preset):
    lines = RECORD[preset].splitlines()
    moves = move_lines(lines)
    for index in moves[3:40:4]:
        swapped = lines[:index] + [lines[index + 1], lines[index]] + lines[index + 2:]
        dropped = lines[:index] + lines[index + 1:]
        repeated = lines[:index + 1] + lines[index:]
        for text in (swapped, dropped, repeated):
            if text == lines:
                continue  # (two identical lines swapped)
            message = refusal("\n".join(text) + "\n")
            where = re.match(r"line (\d+): ", message)
            assert where is not None, message
            # refused at the edit or after it, or at the Result tag (checked at the end)
            number = int(where.group(1))
            assert number >= index + 1 or number == line_of(lines, "[Result"), message


@pytest.mark.parametrize("preset", FORMATS)
def test_core_record_a_changed_deck_card_is_refused(preset):
    lines = RECORD[preset].splitlines()
    at = line_of(lines, "Deck:")
    cards = lines[at - 1].split()[1:]
    twice = " ".join(["Deck:", cards[1], *cards[1:]])
    assert refusal(edited(lines, at - 1, twice)) == (
        f"line {at}: duplicate card: {cards[1]}")
    short = " ".join(["Deck:", *cards[1:]])
    assert refusal(edited(lines, at - 1, short)) == f"line {at}: a deck needs 52 cards, found 51"
    # the dealt hands swap their first cards: the moves (or the result) disagree with them
    swapped = " ".join(["Deck:", cards[1], cards[0], *cards[2:]])
    if cards[0][0] != cards[1][0]:
        assert re.match(r"line \d+: ", refusal(edited(lines, at - 1, swapped)))


def test_core_record_a_hand_without_its_deck_is_refused():
    lines = RECORD["classic"].splitlines()
    deck = line_of(lines, "Deck:")
    message = refusal("\n".join(lines[:deck - 1] + lines[deck:]) + "\n")
    assert message.startswith(f"line {deck}: an action before the hand's deck")
    ended = "\n".join(lines[:deck - 1]) + "\n"  # the last line is the hand, with no deck
    assert refusal(ended) == f"line {deck - 1}: hand 1 has no Deck line"


@pytest.mark.parametrize(("line", "reason"), [
    ("Hand " + "9" * 5000 + ", dealer P0", "the hand has 5000 digits; at most 1000 are read"),
    ("Hand 7, dealer P0", "expected hand 1, found hand 7"),
    ("Hand ٣, dealer P0", "cannot read 'Hand ٣, dealer P0'"),
    ("Hand 1, dealer P٣", "cannot read"),
])
def test_core_record_hand_numbers_are_read_and_checked(line, reason):
    lines = RECORD["classic"].splitlines()
    at = line_of(lines, "Hand 1")
    message = refusal(edited(lines, at - 1, line))
    assert message.startswith(f"line {at}: {reason}")
    assert len(message) < 200


def test_core_record_a_partnership_deal_number_is_read_and_checked():
    lines = RECORD["partnership"].splitlines()
    at = line_of(lines, "Deal 1")
    huge = refusal(edited(lines, at - 1, "Deal " + "1" * 4400))
    assert huge == f"line {at}: the deal has 4400 digits; at most 1000 are read"
    assert refusal(edited(lines, at - 1, "Deal 2")) == f"line {at}: expected deal 1, found deal 2"
