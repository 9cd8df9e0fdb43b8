"""The three-player and partnership match record: exact round trips, stacked-deck text, errors.

Stacked hands are those of ``variants_decks``: a gin with the upcard against LOOSE_HAND
(20 + 67 = 87 points).
"""

from __future__ import annotations

import random

import pytest
from variants_decks import LOOSE_DEADWOOD, gin_actions, gin_deck

from ginrummy.core.actions import Kind, parse_action
from ginrummy.core.cards import format_cards
from ginrummy.core.errors import RecordError
from ginrummy.core.match import Match
from ginrummy.core.multiplayer import PartnershipMatch, ThreePlayerMatch
from ginrummy.core.multirecord import (
    read_match_record,
    read_multi_record,
    write_match_record,
    write_multi_record,
)
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import rules_for

MultiMatch = ThreePlayerMatch | PartnershipMatch
GIN = 20 + LOOSE_DEADWOOD


def new_match(preset: str, seed: int) -> MultiMatch:
    rules = rules_for(preset, target=60)
    names = ("Ann", 'Bob "the knocker"', "Cy", "Dan")[: rules.players]
    if rules.players == 3:
        return ThreePlayerMatch.new(rules, seed=seed, names=names)
    return PartnershipMatch.new(rules, seed=seed, names=names)


def play(match: MultiMatch, rng: random.Random, actions: int) -> None:
    """Up to ``actions`` random legal actions (ending the hand half the time it may)."""
    for _ in range(actions):
        if match.is_over:
            return
        if match.deal_over:
            match.next_deal()
        seat = rng.choice(match.pending())
        legal = list(match.view(seat).legal_actions)
        ending = [a for a in legal if a.kind in (Kind.GIN, Kind.BIG_GIN, Kind.KNOCK)]
        match.apply(rng.choice(ending if ending and rng.random() < 0.5 else legal), seat=seat)


def assert_same_match(a: MultiMatch, b: MultiMatch) -> None:
    assert type(a) is type(b) and a.names == b.names and a.rules == b.rules
    assert [(h.seats, h.dealer, h.deck, h.moves, h.result) for h in a.hands] == \
        [(h.seats, h.dealer, h.deck, h.moves, h.result) for h in b.hands]
    assert [(t.seats, t.state.deck, t.state.history) for t in a.tables()] == \
        [(t.seats, t.state.deck, t.state.history) for t in b.tables()]
    assert (a.scores, a.totals(), a.winner, a.pending()) == (b.scores, b.totals(), b.winner,
                                                             b.pending())
    for seat in a.pending():
        assert a.view(seat) == b.view(seat)


@pytest.mark.parametrize("preset", ["three-player", "partnership"])
def test_random_matches_round_trip_finished_and_unfinished(preset: str) -> None:
    texts = []
    for seed in range(12):
        rng = random.Random(seed)
        match = new_match(preset, seed)
        play(match, rng, 10_000 if seed % 3 == 0 else rng.randrange(1, 400))
        text = write_multi_record(match)
        again = read_multi_record(text)
        assert write_multi_record(again) == text
        assert_same_match(match, again)
        # the replayed match goes on exactly like the original (same decks from the seed)
        play(match, random.Random(seed + 100), 300)
        play(again, random.Random(seed + 100), 300)
        assert write_multi_record(again) == write_multi_record(match)
        texts.append(text)
    assert sum("; match over:" in text for text in texts) >= 4  # some finished, some not
    assert sum("; match over:" not in text for text in texts) >= 4
    assert any("dead hand" in text for text in texts)  # redeals are recorded too


def test_three_player_record_names_seats_deals_and_results() -> None:
    match = ThreePlayerMatch(rules_for("three-player"), first_dealer=0, seed=1,
                             names=("Ann", "Bob", "Cy"))
    # Seat 0 sits out; Bob (seat 1) is the non-dealer at table (1, 2) and gins.
    match.replace_deck(gin_deck(dealer_wins=False))
    for action in gin_actions(dealer_wins=False):
        seat = match.table.to_play
        assert seat is not None
        match.apply(action, seat=seat)
    match.next_deal()  # Cy lost, so Cy deals and sits out: Ann v Bob, Bob dealing
    lines = write_multi_record(match).splitlines()
    assert lines[:9] == ['[Game "Gin Rummy"]', '[Format "1"]', '[Rules "three-player"]',
                         '[Seed "1"]', '[Player0 "Ann"]', '[Player1 "Bob"]', '[Player2 "Cy"]',
                         '[FirstDealer "P0"]', ""]
    assert lines[9:11] == ["Hand 1, P1 v P2, dealer P2",
                           f"Deck: {format_cards(gin_deck(dealer_wins=False))}"]
    assert lines[11].startswith("P1: ") and f"; gin by P1: P1 scores {GIN}" in lines
    assert "Hand 2, P0 v P1, dealer P1" in lines


def test_partnership_record_groups_hands_by_deal() -> None:
    match = PartnershipMatch(rules_for("partnership", target=300), first_dealing_team=0, seed=1)
    for table in (0, 1):  # deal 1: both dealers gin, team 0 nets 174
        match.replace_deck(table, gin_deck(dealer_wins=True))
        for action in gin_actions(dealer_wins=True):
            seat = match.tables()[table].to_play
            assert seat is not None
            match.apply(action, seat=seat)
    match.next_deal()
    text = write_multi_record(match)
    assert '[Rules "partnership target=300"]' in text and '[FirstDealingTeam "T0"]' in text
    assert f"; deal 1: T0 scores {2 * GIN}" in text
    deal_2 = text.split("Deal 2\n")[1]
    assert deal_2.startswith("Hand 3, P0 v P3, dealer P0\n") and "Hand 4, P2 v P1, dealer P2" \
        in deal_2
    assert_same_match(match, read_multi_record(text))


def test_any_record_reads_with_the_format_its_rules_name() -> None:
    two = Match.new(rules_for("classic"), seed=4)
    assert write_match_record(two) == write_record(two)
    assert isinstance(read_match_record(write_record(two)), Match)
    three = new_match("three-player", 4)
    assert isinstance(read_match_record(write_match_record(three)), ThreePlayerMatch)
    # one reader and one writer for every format; the old names are the same functions
    assert write_record(three) == write_multi_record(three)
    assert isinstance(read_record(write_multi_record(three)), ThreePlayerMatch)
    four = new_match("partnership", 4)
    assert isinstance(read_record(write_record(four)), PartnershipMatch)
    with pytest.raises(RecordError, match="a two-player record is read with read_record"):
        read_multi_record(write_record(two))


def _three_text() -> str:
    """Seat 0 sits out; seats 1 and 2 pass the upcard, seat 1 draws and throws."""
    match = ThreePlayerMatch(rules_for("three-player"), first_dealer=0, seed=2)
    for seat, text in [(1, "pass"), (2, "pass"), (1, "draw stock")]:
        match.apply(parse_action(text), seat=seat)
    match.apply(match.view(1).legal_actions[0], seat=1)
    return write_multi_record(match)


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t.replace("Hand 1,", "Hand 2,"), "line 10: expected hand 1, found hand 2"),
    (lambda t: t.replace("P1 v P2", "P0 v P1"), "is played by P1 and P2, not P0 and P1"),
    (lambda t: t.replace("dealer P2", "dealer P1"), "should be dealt by P2, not P1"),
    (lambda t: t.replace('"P0"]', '"P7"]'), "FirstDealer must be one of P0, P1, P2"),
    (lambda t: t.replace('[Seed "2"]', '[Seed "two"]'), "Seed must be a whole number"),
    (lambda t: t.replace("Deck: ", "Deck: 2C ", 1), "line 11: "),
    (lambda t: t.replace("P1: pass", "P2: pass", 1), "it is P1's turn, not P2's"),
    (lambda t: t.replace("P1: pass", "P0: pass", 1), "P0 does not play in hand 1"),
    (lambda t: t.replace("P1: pass", "P1: fly", 1), "line 12: "),
    (lambda t: t + "Deal 2\n", "only partnership records have deals"),
    (lambda t: t + '[Event "late"]\n', "tags must come before the first hand"),
    (lambda t: t + "nonsense\n", "cannot read 'nonsense'"),
    (lambda t: t.split("\n\n")[0], "the record holds no hand"),
    (lambda t: t.replace('[Rules "three-player"]\n', ""), "a Rules tag is needed"),
    (lambda t: t.replace(", P1 v P2,", ","), "hand 1 must name its two seats"),
    (lambda t: t.replace("P1: pass", "P1: pass, pass", 1), "it is P2's turn, not P1's"),
])
def test_malformed_three_player_records_raise_one_clear_error(change, message) -> None:  # type: ignore[no-untyped-def]
    text = _three_text()
    assert text.splitlines()[11] == "P1: pass"  # the edits above rely on it
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        read_multi_record(change(text))


def test_malformed_partnership_records_raise_one_clear_error() -> None:
    match = PartnershipMatch(rules_for("partnership"), first_dealing_team=0, seed=3)
    text = write_multi_record(match)
    cases = [
        (text.replace("Deal 1\n", ""), "a partnership hand must come after its deal line"),
        (text.replace("Deal 1", "Deal 2"), "expected deal 1, found deal 2"),
        (text.replace("P2 v P3", "P2 v P1"), "P2 and P1 do not play each other in deal 1"),
        (text + "Deal 2\n", "the current deal is not over"),
        (text.replace('"T0"', '"T2"'), "FirstDealingTeam must be one of T0, T1"),
    ]
    for bad, message in cases:
        with pytest.raises(RecordError, match=message):
            read_multi_record(bad)
