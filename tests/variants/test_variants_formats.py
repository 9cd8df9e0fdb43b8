"""One match API and one record for every seat count (STYLE habit 11, RULES §9.7, §9.8).

The same five-line loop drives a two-player, a three-player and a partnership match to the end
with random players; every format writes the one record format and reads it back exactly; a
two-player record written before the formats shared a record (``tests/data/records``, with a
knock that names its melds) still loads, and so do three-player and partnership records of
that time.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ginrummy.core import (
    AnyMatch,
    IllegalActionError,
    Match,
    MatchFormat,
    PartnershipMatch,
    RecordError,
    ThreePlayerMatch,
    read_record,
    rules_for,
    write_record,
)
from ginrummy.core.actions import Action, Kind
from ginrummy.core.multirecord import read_multi_record, write_multi_record
from ginrummy.core.views import PlayerView
from ginrummy.players.base import RandomPlayer

RECORDS = Path(__file__).parent.parent / "data" / "records"
FORMATS = {"classic": Match, "three-player": ThreePlayerMatch, "partnership": PartnershipMatch}


def drive(match: MatchFormat, players: dict[int, RandomPlayer]) -> None:
    """The one loop of every format (the core's docstrings show it)."""
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            match.apply(players[seat].choose(match.view(seat)), seat=seat)


def ending_chooser(rng: random.Random):  # type: ignore[no-untyped-def]
    """End a hand half the times it can, otherwise any legal action (so some hands end)."""
    def choose(view: PlayerView) -> Action:
        legal = list(view.legal_actions)
        ending = [a for a in legal if a.kind in (Kind.GIN, Kind.BIG_GIN, Kind.KNOCK)]
        return rng.choice(ending if ending and rng.random() < 0.5 else legal)
    return choose


@pytest.mark.parametrize("preset", list(FORMATS))
def test_the_five_line_loop_plays_every_format_to_the_end_with_random_players(
        preset: str) -> None:
    rules = rules_for(preset, target=25)
    match = Match.new(rules, seed=7, names=[f"R{seat}" for seat in range(rules.players)])
    assert type(match) is FORMATS[preset]
    drive(match, {seat: RandomPlayer(seed=seat) for seat in range(rules.players)})
    assert match.is_over and match.winner is not None and match.pending() == []
    assert match.scores[match.winner] >= 25
    assert len(match.side_names()) == len(match.scores) == len(match.totals())
    # the score entries add up to the scores (a partnership's by deal, the others' by hand)
    sums = [0] * len(match.scores)
    for entry in match.score_entries():
        if entry.side is not None:
            sums[entry.side] += entry.points
    assert tuple(sums) == match.scores
    assert all(hand.result is not None for hand in match.hands)
    again = read_record(write_record(match))
    assert type(again) is type(match) and again.totals() == match.totals()
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.apply(Action(Kind.PASS), seat=0)


def test_two_player_match_answers_the_shared_shape() -> None:
    match = Match.new(rules_for("classic"), seed=1, names=("Ann", "Bob"))
    assert isinstance(match, Match)
    (seat,) = match.pending()
    assert match.pending() == [match.state.to_play]
    assert [t.seats for t in match.tables()] == [(0, 1)]
    assert match.tables()[0].state is match.state and match.board is match
    assert (match.side_of(1), match.side_names(), match.deal_number) == (1, ("Ann", "Bob"), 1)
    with pytest.raises(IllegalActionError, match="it is not Ann's turn|it is not Bob's turn"):
        match.apply(Action(Kind.PASS), seat=1 - seat)
    with pytest.raises(IllegalActionError, match="there is no seat 2"):
        match.apply(Action(Kind.PASS), seat=2)
    assert match.apply(Action(Kind.PASS), seat=seat).player == seat
    match.apply(Action(Kind.PASS))  # the seat stays optional for two players
    while not match.deal_over:
        (seat,) = match.pending()
        legal = match.view(seat).legal_actions
        ending = [a for a in legal if a.kind in (Kind.GIN, Kind.KNOCK)]
        match.apply(ending[0] if ending else legal[0], seat=seat)
    assert match.pending() == [] and match.hand_over and match.deal_number == 1
    with pytest.raises(IllegalActionError, match="the hand is over"):
        match.apply(Action(Kind.PASS), seat=0)
    (entry,) = match.score_entries()
    assert entry.side == match.hands[0].winner_seat and entry.dealer == match.hands[0].dealer
    match.next_deal()
    assert match.hand_number == match.deal_number == 2 and not match.deal_over


def _play(match: AnyMatch, rng: random.Random, actions: int) -> None:
    choose = ending_chooser(rng)
    for _ in range(actions):
        if match.is_over:
            return
        if match.deal_over:
            match.next_deal()
        seat = rng.choice(match.pending())
        match.apply(choose(match.view(seat)), seat=seat)


def _facts(match: AnyMatch) -> tuple[object, ...]:
    return (type(match), match.names, match.rules, match.seed, match.scores, match.totals(),
            match.winner, match.pending(), match.deal_number, match.score_entries(),
            [(h.seats, h.dealer, h.deck, h.moves, h.result, h.deal) for h in match.hands],
            [(t.seats, t.state.deck, t.state.history) for t in match.tables()],
            [match.view(seat) for seat in match.pending()])


@pytest.mark.parametrize("preset", ["classic", "hollywood", "three-player", "partnership"])
def test_every_format_round_trips_exactly_finished_and_unfinished(preset: str) -> None:
    for seed in range(8):
        rng = random.Random(seed)
        rules = rules_for(preset, target=50)
        match = Match.new(rules, seed=seed)
        _play(match, rng, 10_000 if seed % 2 == 0 else rng.randrange(1, 300))
        text = write_record(match)
        again = read_record(text)
        assert write_record(again) == text
        assert _facts(again) == _facts(match)
        # the record read back plays on like the original (the same decks from the seed)
        _play(match, random.Random(seed + 50), 200)
        _play(again, random.Random(seed + 50), 200)
        assert write_record(again) == write_record(match)


def test_a_two_player_record_of_earlier_versions_still_loads_and_writes_the_same_text() -> None:
    text = (RECORDS / "two_player_v1.txt").read_text(encoding="utf-8")
    assert "\nHand 1, dealer P0\n" in text and " show " in text  # the old grammar, a shown knock
    match = read_record(text)
    assert isinstance(match, Match)
    assert match.names == ('Ann "the knocker"', "Bø") and match.is_over
    assert f"P{match.winner} wins {'-'.join(map(str, match.totals()))}" in text
    assert write_record(match) == text
    # two seats may also be named on the hand lines, as the other formats name theirs
    named = text.replace(", dealer P", ", P0 v P1, dealer P")
    assert write_record(read_record(named)) == text


@pytest.mark.parametrize(("name", "kind"), [("three_player_v1.txt", ThreePlayerMatch),
                                            ("partnership_v1.txt", PartnershipMatch)])
def test_multiplayer_records_of_earlier_versions_still_load(name: str, kind: type) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    match = read_record(text)
    assert type(match) is kind and match.is_over and " show " in text
    assert write_record(match) == text
    assert write_multi_record(read_multi_record(text)) == text


def test_one_reader_refuses_a_partnership_hand_without_its_seats() -> None:
    text = (RECORDS / "partnership_v1.txt").read_text(encoding="utf-8")
    with pytest.raises(RecordError, match="line 13: hand 1 must name its two seats"):
        read_record(text.replace("Hand 1, P2 v P3,", "Hand 1,"))
    with pytest.raises(RecordError, match="a Rules tag is needed"):
        read_record(text.replace('[Rules "partnership target=60"]\n', ""))
    with pytest.raises(RecordError, match="only partnership records have deals"):
        read_record((RECORDS / "two_player_v1.txt").read_text(encoding="utf-8")
                    .replace("\nHand 1,", "\nDeal 1\nHand 1,"))


def test_multiplayer_finished_views_are_the_seats_own_hands() -> None:
    match = Match.new(rules_for("three-player", target=30), seed=4)
    drive(match, {seat: RandomPlayer(seed=seat) for seat in range(3)})
    for seat in range(3):
        played = [h for h in match.hands if seat in h.seats]
        views = match.finished_views(seat)
        assert len(views) == len(played)
        for view, hand in zip(views, played, strict=True):
            assert view.result == hand.result and view.player == hand.seats.index(seat)
        against = (seat + 1) % 3
        assert len(match.finished_views(seat, against=against)) == sum(
            1 for h in played if against in h.seats)


def test_a_turn_after_a_dead_partnership_hand_is_refused_not_played_at_the_redeal() -> None:
    # §7.1: a dead hand at a partnership table is redealt at once; a stray turn line after it
    # belongs to no hand of the record and must not act at the new deal
    match = Match.new(rules_for("partnership", target=30), seed=0)
    rng = random.Random(0)
    while "dead hand" not in write_record(match):
        assert not match.is_over
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            match.apply(rng.choice(match.view(seat).legal_actions), seat=seat)
    lines = write_record(match).splitlines()
    dead = next(number for number, line in enumerate(lines) if "dead hand" in line)
    last_turn = lines[dead - 1]
    stray = lines[:dead] + [last_turn.split(":")[0] + ": pass"] + lines[dead:]
    with pytest.raises(RecordError, match=rf"line {dead + 1}: hand \d+ is over"):
        read_record("\n".join(stray))
