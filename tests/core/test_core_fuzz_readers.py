"""Fuzzing the readers of outside text: whatever a file, a user or a peer sends, the record
and position readers return a sound object or raise the project's own error in one line;
never another exception, and never a state that play from it then crashes on.

Inputs are random text, random bytes decoded, and random edits of real records and positions
(lines or fields dropped, repeated, swapped, or changed token by token with the words of the
notation, so that edits reach past the first check).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy.core.actions import Action, Kind
from ginrummy.core.errors import GinRummyError, RecordError
from ginrummy.core.match import Match
from ginrummy.core.multiplayer import AnyMatch
from ginrummy.core.position import read_position, write_position
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import PRESETS, rules_for
from ginrummy.core.state import HandState
from ginrummy.players.beginner import BeginnerPlayer

FUZZ = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
DATA = Path(__file__).parent.parent / "data" / "records"


def play(preset: str, seed: int, *, moves: int | None = None) -> AnyMatch:
    """A seeded match of the project's beginner player in every seat, cut after ``moves``."""
    match = Match.new(rules_for(preset, target=60), seed=seed)
    players = [BeginnerPlayer(seed=seed + seat) for seat in range(match.rules.players)]
    while not match.is_over and moves != 0:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            match.apply(players[seat].choose(match.view(seat)), seat=seat)
            moves = None if moves is None else moves - 1
    return match


RECORDS = [write_record(play(preset, seed))
           for preset in ("classic", "oklahoma", "three-player", "partnership")
           for seed in (1, 2)]
RECORDS += [write_record(play("modern", 3, moves=25)), write_record(play("partnership", 4, moves=40))]
RECORDS += [path.read_text(encoding="utf-8") for path in sorted(DATA.glob("*_v1.txt"))]

NUMBERS = ["9" * 5000, "1" * 4400, "0", "00", "12x", "١", "99999999999999999999"]
CARDS = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
WORDS = CARDS + [
    "P0", "P1", "P2", "P3", "P4", "P9", "T0", "T1", "T2", "0", "1", "2", "-1", "9" * 5000,
    "pass", "take", "draw stock", "draw pile", "discard", "knock", "gin", "big gin", "show",
    "|", ",", ":", '"', "\\", "Hand", "Deal", "Deck:", "dealer", "v", "wins", "[Result", "[Seed",
    "[Rules", "[Format", "[DealerDraw", "[FirstDealer", "[FirstDealingTeam", "classic",
    "three-player", "partnership", "straight", "target=1", "last_chance=yes",
    "eleven_card_deal=yes", "stock_wall=0", "upcard", "taken", "passes", "only stock",
    "must end", "stock", "pile", "deals", "draw", "last chance", "١", "",
]


def check_record(text: str) -> None:
    """Either a match that writes back to a record that reads the same, or a RecordError."""
    try:
        match = read_record(text)
    except RecordError as error:
        message = str(error)
        assert message and "\n" not in message
        return
    again = write_record(match)
    assert write_record(read_record(again)) == again


def check_position(text: str) -> None:
    """Either a state that round-trips and plays to its end, or a GinRummyError."""
    try:
        state = read_position(text)
    except GinRummyError as error:
        message = str(error)
        assert message and "\n" not in message
        return
    assert write_position(read_position(write_position(state))) == write_position(state)
    rng = random.Random(text)
    for _ in range(200):  # a playable position: legal actions until the hand ends
        if state.is_over:
            break
        actions = state.legal_actions()
        assert actions, write_position(state)
        state.apply(rng.choice(actions))


def positions() -> list[str]:
    """Positions the engine reaches, from the first upcard to a last chance."""
    found: list[str] = []
    for rules in (rules_for("classic"), rules_for("oklahoma", last_chance=True),
                  rules_for("classic", eleven_card_deal=True, last_chance=True, stock_wall=0)):
        for seed in range(3):
            rng = random.Random(seed)
            state = HandState.deal(rules, dealer=seed % 2, rng=rng)
            while not state.is_over:  # every seventh position, and all near the wall
                if len(state.history) % 7 == 0 or len(state.stock) <= rules.stock_wall + 1:
                    found.append(write_position(state))
                state.apply(rng.choice(state.legal_actions()))
    return found


POSITIONS = positions()


@st.composite
def edited_lines(draw: st.DrawFn, texts: list[str], sep: str) -> str:
    """One of ``texts`` split at ``sep``, with one to three random edits."""
    parts = draw(st.sampled_from(texts)).split(sep)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(parts) - 1))
        j = draw(st.integers(0, len(parts) - 1))
        edit = draw(st.sampled_from(["drop", "repeat", "swap", "token", "number", "text",
                                     "other"]))
        if edit == "drop" and len(parts) > 1:
            del parts[i]
        elif edit == "repeat":
            parts.insert(i, parts[i])
        elif edit == "swap":
            parts[i], parts[j] = parts[j], parts[i]
        elif edit == "token":  # one word changed for a word of the notation
            tokens = parts[i].split(" ")
            k = draw(st.integers(0, len(tokens) - 1))
            tokens[k] = draw(st.sampled_from(WORDS))
            parts[i] = " ".join(tokens)
        elif edit == "number":  # a number changed: a seed, a hand, a seat, a total
            numbers = list(re.finditer(r"[0-9]+", parts[i]))
            if numbers:
                found = numbers[draw(st.integers(0, len(numbers) - 1))]
                number = draw(st.sampled_from(NUMBERS) | st.integers(-99, 99).map(str))
                parts[i] = parts[i][:found.start()] + number + parts[i][found.end():]
        elif edit == "text":
            at = draw(st.integers(0, len(parts[i])))
            parts[i] = parts[i][:at] + draw(st.text(max_size=8)) + parts[i][at + 1:]
        else:  # a line or field of another text
            other = draw(st.sampled_from(texts)).split(sep)
            parts[i] = other[draw(st.integers(0, len(other) - 1))]
    return sep.join(parts)


@FUZZ
@given(st.text(max_size=300))
def test_core_fuzz_record_reader_on_random_text(text):
    check_record(text)


@FUZZ
@given(st.lists(st.sampled_from(WORDS), max_size=30).map(" ".join))
def test_core_fuzz_record_reader_on_notation_words(text):
    check_record(text.replace(" | ", "\n"))


@FUZZ
@given(st.binary(max_size=300), st.sampled_from(["utf-8", "latin-1", "utf-16"]))
def test_core_fuzz_record_reader_on_random_bytes_decoded(data, encoding):
    check_record(data.decode(encoding, errors="replace"))


@settings(FUZZ, max_examples=200)
@given(edited_lines(RECORDS, "\n"))
def test_core_fuzz_record_reader_on_edited_real_records(text):
    check_record(text)


@FUZZ
@given(st.sampled_from(RECORDS), st.data())
def test_core_fuzz_record_reader_on_changed_numbers_of_tags_hands_and_deals(text, data):
    # the lines that say what the match is (seed, rules, dealer, hand and deal numbers)
    lines = text.split("\n")
    heads = [i for i, line in enumerate(lines) if re.match(r"\[|Hand |Deal ", line)
             and re.search(r"[0-9]", line)]
    i = data.draw(st.sampled_from(heads))
    found = list(re.finditer(r"[0-9]+", lines[i]))
    number = found[data.draw(st.integers(0, len(found) - 1))]
    new = data.draw(st.sampled_from(NUMBERS) | st.integers(-5, 10**30).map(str))
    lines[i] = lines[i][:number.start()] + new + lines[i][number.end():]
    check_record("\n".join(lines))


@FUZZ
@given(st.text(max_size=200))
def test_core_fuzz_position_reader_on_random_text(text):
    check_position(text)


@FUZZ
@given(st.binary(max_size=200))
def test_core_fuzz_position_reader_on_random_bytes_decoded(data):
    check_position(data.decode("utf-8", errors="replace"))


@settings(FUZZ, max_examples=300)
@given(edited_lines(POSITIONS, " | "))
def test_core_fuzz_position_reader_on_edited_real_positions(text):
    check_position(text)


@FUZZ
@given(st.sampled_from(POSITIONS), st.data())
def test_core_fuzz_position_reader_on_cards_moved_between_fields(text, data):
    # a card taken from one field and put in another keeps every card once: only the
    # physical checks (counts, the phase, the upcard) stand between it and play
    fields = text.split(" | ")
    holders = [i for i in range(3, 7) if len(fields[i].split()) > 1]
    source = data.draw(st.sampled_from(holders))
    target = data.draw(st.sampled_from([i for i in range(3, 7) if i != source]))
    cards = fields[source].split()
    card = cards.pop(data.draw(st.integers(1, len(cards) - 1)))
    fields[source] = " ".join(cards)
    fields[target] = f"{fields[target]} {card}"
    check_position(" | ".join(fields))


def test_core_fuzz_seeds_cover_the_edits_that_matter():
    # the fuzz starts from both finished and unfinished matches of every format, and from
    # positions of every phase
    formats = {read_record(text).rules.players for text in RECORDS}
    assert formats == {2, 3, 4}
    assert any(not read_record(text).is_over for text in RECORDS)
    phases = {text.split(" | ")[2].partition(" ")[2] for text in POSITIONS}
    assert phases == {"upcard", "draw", "discard", "last chance"}


# -- impossible positions are refused, with the reason -----------------------------------------


def position(turn: str, p0: str | int = 10, p1: str | int = 10, *, stock: int = 20,
             rules: str = "classic", dealer: str = "P0", top: str = "", extras: str = "") -> str:
    """A position line holding every card once: hands named or counted, ``stock`` cards,
    the rest in the pile with ``top`` last."""
    rest = [card for card in CARDS[::-1] if card not in f"{p0} {p1} {top}".split()]
    hands = []
    for hand in (p0, p1):
        if isinstance(hand, int):
            hand, rest = " ".join(rest[:hand]), rest[hand:]
        hands.append(hand)
    pile = " ".join([*rest[stock:], top]).strip()
    return (f"{rules} | {dealer} deals | {turn} | P0 {hands[0]} | P1 {hands[1]} | "
            f"stock {' '.join(rest[:stock])} | pile {pile}" + (f" | {extras}" if extras else ""))


NO_KNOCK = "KC QD JH 9S 7C 5D 3H KD QH JS 9C"  # eleven cards, no meld
LAST_CHANCE = "classic last_chance=yes"


@pytest.mark.parametrize(("text", "reason"), [
    (position("P1 draw", stock=0), "a draw from a stock of 0: the hand ends when the stock is down to 2"),
    (position("P1 draw", stock=32), "a draw phase with an empty discard pile"),
    (position("P1 upcard", stock=32), "in the upcard phase the pile holds the upcard alone"),
    (position("P1 upcard", stock=30, extras="upcard 2C"),
     "in the upcard phase the pile holds the upcard alone"),
    (position("P1 upcard", stock=31, extras="passes 2"), "both players have passed the upcard"),
    (position("P0 upcard", stock=31), "with 0 passes it is P1's turn to take or pass"),
    (position("P1 upcard", stock=31, extras="passes 1"), "with 1 passes it is P0's turn"),
    (position("P1 draw", extras="upcard 6H"), "the upcard 6H is in the stock"),
    (position("P1 draw", rules="classic eleven_card_deal=yes", extras="upcard AC"),
     "the eleven-card deal turns no upcard (RULES §9.5)"),
    (position("P1 upcard", stock=31, rules="classic eleven_card_deal=yes"),
     "the eleven-card deal turns no upcard"),
    (position("P1 draw", rules="classic eleven_card_deal=yes", extras="passes 1"),
     "the eleven-card deal has no upcard to pass"),
    (position("P1 draw", rules="oklahoma"), "Oklahoma needs the upcard"),
    (position("P1 draw", extras="taken KH"), "a card just taken (KH) outside the discard phase"),
    (position("P0 discard", NO_KNOCK, 10, stock=2, rules="classic", extras="taken 9C | must end"),
     "'must end' belongs to the discard phase after a last-chance discard is taken"),
    (position("P0 discard", NO_KNOCK, 10, stock=2, rules=LAST_CHANCE, extras="taken 9C | must end"),
     "P0 has no legal action in the discard phase"),
    (position("P0 discard", NO_KNOCK, 10, stock=5, rules=LAST_CHANCE, extras="taken 9C | must end"),
     "'must end' belongs"),
    (position("P1 discard", 10, 11, stock=31, extras="only stock"), "'only stock' belongs"),
    (position("P1 draw", extras="passes 2 | only stock"), "'only stock' belongs"),
    (position("P1 draw", stock=31, extras="passes 2"), "the position needs 'only stock'"),
    (position("P1 last chance", stock=2), "a last chance under rules without it"),
    (position("P1 last chance", stock=3, rules=LAST_CHANCE), "a last chance with a stock of 3, above the wall of 2"),
    (position("P1 discard", 10, 11, stock=1), "a stock of 1, below the wall of 2"),
    (position("P1 draw", extras="passes 1 | passes 1"), "the position field 'passes' is given twice"),
    (position("P1 draw", extras="upcard"), "upcard: not a card"),
    (position("P1 draw", 11, 10), "holds 10 cards and the other 10"),
    (position("P1 discard", 10, 10, stock=21), "holds 11 cards"),
    (position("P1 draw").replace("P0 KS", "P0 AC"), "52 cards exactly once"),
])
def test_core_position_impossible_positions_are_refused_with_the_reason(text, reason):
    with pytest.raises(GinRummyError) as caught:
        read_position(text)
    assert reason in str(caught.value) and "\n" not in str(caught.value)


def test_core_position_the_builder_makes_possible_positions_too():
    # the refusals above come from the one thing changed, not from the builder
    for text in (position("P1 draw"), position("P1 upcard", stock=31),
                 position("P0 upcard", stock=31, extras="passes 1"),
                 position("P1 draw", stock=31, extras="passes 2 | only stock"),
                 position("P1 discard", 10, 11, stock=2),
                 position("P1 last chance", stock=2, rules=LAST_CHANCE)):
        written = write_position(read_position(text))  # (hands come back in card order)
        assert write_position(read_position(written)) == written


def test_core_position_a_last_chance_taken_to_knock_reads_back():
    # P1 takes QS from the pile to knock with KS: melds AC 2C 3C, 4D 5D 6D, 7H 8H 9H (§7.2)
    text = position("P1 last chance", p1="AC 2C 3C 4D 5D 6D 7H 8H 9H KS", stock=2,
                    rules=LAST_CHANCE, top="QS")
    state = read_position(text)
    state.apply(Action(Kind.DRAW_PILE))
    assert state.must_end and [str(a) for a in state.legal_actions()] == ["knock KS"]
    again = read_position(write_position(state))
    assert write_position(again) == write_position(state)
    assert again.legal_actions() == state.legal_actions()


ENGINE_RULES = [rules for rules in PRESETS.values() if rules.players == 2] + [
    rules_for("classic", last_chance=True, stock_wall=10),
    rules_for("classic", eleven_card_deal=True, last_chance=True, stock_wall=0),
    rules_for("oklahoma", oklahoma_ace="gin", last_chance=True),
    rules_for("straight", eleven_card_deal=True),
]


def test_core_position_every_position_of_random_play_is_still_accepted():
    phases: set[str] = set()
    for rules in ENGINE_RULES:
        for seed in range(3):
            rng = random.Random(seed)
            state = HandState.deal(rules, dealer=seed % 2, rng=rng)
            while not state.is_over:
                text = write_position(state)
                assert write_position(read_position(text)) == text
                phases.add(state.phase.value + (" only stock" if state.only_stock else ""))
                state.apply(rng.choice(state.legal_actions()))
    assert phases == {"upcard", "draw", "draw only stock", "discard", "last chance"}
