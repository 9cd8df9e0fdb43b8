"""The score sheet's model and notation: it reproduces engine matches by hand and card entry."""

from __future__ import annotations

import random

import pytest

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import format_card, format_cards, from_mask, parse_cards
from ginrummy.core.match import HandRecord, Match
from ginrummy.core.melds import best_discards
from ginrummy.core.multiplayer import PartnershipMatch, SeatedHand, ThreePlayerMatch
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, Phase
from ginrummy.sheet.model import Entry, Sheet, SheetError
from ginrummy.sheet.notation import format_entry, parse_entry, read_sheet, write_sheet

NAMES = ("Ann", "Bob")


def _choose(state: HandState, rng: random.Random) -> Action:
    """End the hand when possible, otherwise throw a card leaving the least deadwood."""
    legal = state.legal_actions()
    ending = [a for a in legal if a.kind in (Kind.GIN, Kind.BIG_GIN, Kind.KNOCK)]
    if ending:
        return rng.choice(ending)
    if state.phase is Phase.DISCARD and not state.must_end:
        taken = 0 if state.taken is None else 1 << state.taken
        cards, _ = best_discards(state.hands[state.to_play], exclude=taken)
        return Action(Kind.DISCARD, rng.choice(cards))
    return rng.choice(legal)


def play_match(preset: str, seed: int, **options: object) -> Match:
    match = Match.new(rules_for(preset, **options), seed=seed, names=NAMES)
    rng = random.Random(seed)
    while True:
        match.apply(_choose(match.state, rng))
        if match.state.is_over:
            if match.is_over:
                return match
            match.next_hand()


def _upcard(hand: HandRecord) -> str:
    return f", upcard {format_card(hand.deck[20])}"


def by_counts(hand: HandRecord, oklahoma: bool) -> str:
    """The hand as players would report it: who ended it how, and the deadwood counts."""
    result = hand.result
    assert result is not None
    if result.outcome == "dead" or result.knocker is None:
        return "dead"
    settled = result.settlement
    assert settled is not None
    ender, other = NAMES[result.knocker], NAMES[1 - result.knocker]
    how = {"knock": f"knocks {settled.knocker_deadwood}", "undercut":
           f"knocks {settled.knocker_deadwood}", "gin": "gin", "big_gin": "big gin"}
    text = f"{ender} {how[result.outcome]}, {other} {settled.defender_deadwood}"
    return text + (_upcard(hand) if oklahoma else "")


def by_cards(hand: HandRecord, oklahoma: bool) -> str:
    """The hand as the cards laid on the table: the knocker's shown cards, the defender's ten."""
    result = hand.result
    assert result is not None and result.settlement is not None and result.knocker is not None
    shown = result.settlement.knocker
    knocker_mask = shown.deadwood_mask
    for meld in shown.melds:
        knocker_mask |= meld
    ender, other = NAMES[result.knocker], NAMES[1 - result.knocker]
    defender_cards = format_cards(from_mask(result.hands[1 - result.knocker]))
    text = f"{ender} knocks with {format_cards(from_mask(knocker_mask))}, {other} {defender_cards}"
    return text + (_upcard(hand) if oklahoma else "")


@pytest.mark.parametrize(("preset", "seed", "options"), [
    ("classic", 1, {}), ("modern", 2, {}), ("norwegian", 3, {}), ("hollywood", 4, {}),
    ("oklahoma", 5, {}), ("oklahoma", 6, {"oklahoma_ace": "gin"}), ("straight", 7, {}),
    ("classic", 8, {"dealer": "loser", "knock_limit": 7}), ("modern", 9, {"dealer": "alternate"}),
])
def test_sheet_reproduces_an_engine_match_by_counts_and_by_cards(
    preset: str, seed: int, options: dict[str, object]
) -> None:
    match = play_match(preset, seed, **options)
    oklahoma = match.rules.oklahoma
    for write in (by_counts, by_cards):
        sheet = Sheet(match.rules, NAMES, first_dealer=match.first_dealer)
        for hand in match.hands:
            if write is by_cards and hand.result is not None and hand.result.outcome == "dead":
                sheet.add(parse_entry("dead", NAMES))
                continue
            sheet.add(parse_entry(write(hand, oklahoma), NAMES))
        assert sheet.dealers == [hand.dealer for hand in match.hands]
        assert [r.points for r in sheet.results] == [h.result.points for h in match.hands
                                                     if h.result is not None]
        assert sheet.is_over and sheet.winner == match.winner
        assert sheet.scores == match.scores
        assert sheet.totals() == match.totals()
        assert [c.scores for c in sheet.board.columns] == [c.scores for c in match.columns]
        assert read_sheet(write_sheet(sheet)).totals() == match.totals()


def test_sheet_rules_8_worked_examples_by_counts() -> None:
    sheet = Sheet(rules_for("classic", target=1000), NAMES)
    assert sheet.add(parse_entry("Ann knocks 8, Bob 25", NAMES)).points == 17  # example A
    undercut = sheet.add(parse_entry("Ann knocks 9, Bob 7", NAMES))  # example B
    assert (undercut.outcome, undercut.winner, undercut.points) == ("undercut", 1, 12)
    tie = sheet.add(parse_entry("Bob knocks 8, Ann 8", NAMES))  # example C
    assert (tie.outcome, tie.winner, tie.points) == ("undercut", 0, 10)
    gin = sheet.add(parse_entry("Bob gin, Ann 23", NAMES))  # example D
    assert (gin.outcome, gin.winner, gin.points) == ("gin", 1, 43)
    assert sheet.scores == (17 + 10, 12 + 43)


def test_sheet_by_cards_settles_optimally_like_example_a() -> None:
    sheet = Sheet(rules_for("classic"), NAMES)
    score = sheet.add(parse_entry(
        "ann knocks with 7S 7H 7D 9C TC JC 3H 4H 5H 8D, bob 2S 3S 4S QD QH QC 8C KH 5D TS",
        NAMES))
    assert (score.outcome, score.winner, score.points) == ("knock", 0, 17)
    assert (score.ender_deadwood, score.other_deadwood) == (8, 25)


def test_sheet_oklahoma_spade_upcard_doubles_and_sets_the_limit() -> None:
    sheet = Sheet(rules_for("oklahoma"), NAMES)
    assert sheet.add(parse_entry("Ann knocks 5, Bob 20, upcard 5S", NAMES)).points == 30
    with pytest.raises(SheetError, match="above the knock limit 4"):
        sheet.add(parse_entry("Ann knocks 5, Bob 20, upcard 4H", NAMES))
    with pytest.raises(SheetError, match="give the hand's first upcard"):
        sheet.add(parse_entry("Ann knocks 5, Bob 20", NAMES))
    assert sheet.totals() == (30 + 20, 0)  # one box of 20, not doubled


def test_sheet_dealer_follows_the_rotation_and_stays_after_a_dead_hand() -> None:
    sheet = Sheet(rules_for("classic", dealer="loser"), NAMES, first_dealer=1)
    sheet.add(parse_entry("dead", NAMES))
    assert sheet.dealer == 1
    sheet.add(parse_entry("Bob gin, Ann 10", NAMES))
    assert sheet.dealer == 0  # the loser deals


@pytest.mark.parametrize(("text", "reason"), [
    ("Carl knocks 8, Bob 25", "unknown player 'Carl'"),
    ("Ann knocks 8, Carl 25", "unknown player 'Carl'"),
    ("Ann knocks -3, Bob 25", "deadwood must be between 0 and 100, not -3"),
    ("Ann knocks 8, Bob -1", "deadwood must be between 0 and 100, not -1"),
    ("Ann knocks 11, Bob 25", "the knocker's deadwood 11 is above the knock limit 10"),
    ("Ann knocks 0, Bob 25", "a knock with no deadwood is gin"),
    ("Ann gin 4, Bob 25", "gin means no deadwood, but 4 was given"),
    ("Ann big gin, Bob 25", "big gin is not played under the classic rules"),
    ("Ann knocks 8, Ann 25", "the other player's"),
    ("Ann knocks 8", "write it like"),
    ("Ann sings 8, Bob 2", "say how Ann ended the hand"),
    ("Ann knocks 8, Bob 2S 3S", "give both hands as cards, or both deadwood counts"),
    ("Ann knocks with 7S 7H 7D 9C TC JC 3H 4H 5H 8D, Bob 2S 3S 4S QD QH QC 8C KH 5D 7S",
     "card in both hands: 7S"),
    ("Ann knocks with 7S 7S 7D 9C TC JC 3H 4H 5H 8D, Bob 2S 3S 4S QD QH QC 8C KH 5D TS",
     "Ann: expected a deadwood count or cards \\(duplicate card: 7S\\)"),
    ("Ann knocks with 7S 7H 7D 9C TC JC 3H 4H KH 8D, Bob 2S 3S 4S QD QH QC 8C 5H 5D TS",
     "above the knock limit 10"),
    ("Ann gin with 7S 7H 7D 9C TC JC 3H 4H 5H 8D, Bob 2S 3S 4S QD QH QC 8C KH 5D TS",
     "these cards are not gin"),
    ("Ann knocks with 7S 7H 7D, Bob 2S 3S 4S QD QH QC 8C KH 5D TS", "the knocker needs 10"),
    ("Ann knocks 8, Bob ZZ", "Bob: expected a deadwood count or cards"),
    ("", "an empty entry"),
])
def test_sheet_bad_entries_are_refused_and_change_nothing(text: str, reason: str) -> None:
    sheet = Sheet(rules_for("classic"), NAMES)
    sheet.add(parse_entry("Ann knocks 8, Bob 25", NAMES))
    before = write_sheet(sheet)
    with pytest.raises(SheetError, match=reason):
        sheet.add(parse_entry(text, NAMES))
    assert write_sheet(sheet) == before


def test_sheet_refuses_entries_once_the_game_is_over_and_undo_reopens_it() -> None:
    sheet = Sheet(rules_for("classic"), NAMES)
    sheet.add(parse_entry("Ann gin, Bob 90", NAMES))
    assert sheet.is_over and sheet.winner == 0
    with pytest.raises(SheetError, match="the game is over"):
        sheet.add(parse_entry("Bob gin, Ann 3", NAMES))
    assert sheet.undo() == Entry("gin", 0, 1, None, 90)
    assert not sheet.is_over and sheet.scores == (0, 0) and sheet.entries == []
    with pytest.raises(SheetError, match="no hand to undo"):
        sheet.undo()


def test_sheet_straight_gin_refuses_knocks() -> None:
    sheet = Sheet(rules_for("straight"), NAMES)
    with pytest.raises(SheetError, match="straight gin has no knocking"):
        sheet.add(parse_entry("Ann knocks 3, Bob 25", NAMES))


@pytest.mark.parametrize(("names", "reason"), [
    (("Ann",), "the classic rules need 2 player names, like 'Ann,Bob'"),
    (("Ann", " "), "need 2 player names"), (("Ann", "Bob", "Cy"), "need 2 player names"),
    (("Ann", "ann"), "different names"), (("A,n", "Bob"), "cannot hold"),
])
def test_sheet_needs_two_distinct_names(names: tuple[str, ...], reason: str) -> None:
    with pytest.raises(SheetError, match=reason):
        Sheet(rules_for("classic"), names)


def test_sheet_needs_a_name_for_every_player_of_the_rules() -> None:
    with pytest.raises(SheetError, match="the three-player rules need 3 player names, like "
                                         "'Ann,Bob,Cy'"):
        Sheet(rules_for("three-player"), NAMES)
    with pytest.raises(SheetError, match="the partnership rules need 4 player names, like "
                                         "'Ann,Bob,Cy,Dan'"):
        Sheet(rules_for("partnership"), THREE)


def test_sheet_notation_round_trips_every_kind_of_entry() -> None:
    texts = ["Ann knocks 8, Bob 25", "Bob gin, Ann 23", "Ann big gin, Bob 12", "dead",
             "Ann knocks 5, Bob 20, upcard 7S",
             "Bob knocks with " + format_cards(parse_cards("7S 7H 7D 9C TC JC 3H 4H 5H 8D"))
             + ", Ann " + format_cards(parse_cards("2S 3S 4S QD QH QC 8C KH 5D TS"))]
    for text in texts:
        assert format_entry(parse_entry(text, NAMES), NAMES) == text
    assert format_entry(parse_entry("  bob   BIG-gin ,  ann holds 12 ", NAMES), NAMES) == (
        "Bob big gin, Ann 12")


def test_sheet_record_round_trips_with_rules_and_first_dealer() -> None:
    sheet = Sheet(rules_for("norwegian", knock_limit=7), ("Ann Marie", "Bob"), first_dealer=1)
    sheet.add(parse_entry("Ann Marie knocks 5, Bob 20", sheet.names))
    sheet.add(parse_entry("dead", sheet.names))
    text = write_sheet(sheet)
    again = read_sheet(text)
    assert write_sheet(again) == text
    assert (again.rules, again.names, again.first_dealer) == (sheet.rules, sheet.names, 1)
    assert again.scores == (20 - 5 + 20, 0)  # the difference plus the Norwegian knock bonus


@pytest.mark.parametrize(("text", "reason"), [
    ('[Rules "classic"]\n[Player0 "Ann"]\n[Player1 "Bob"]\n\n1. Ann knocks 8, Bob 25\n'
     "3. dead\n", "line 6: expected hand 2, found 3"),
    ('[Rules "classic"]\n[Player0 "Ann"]\n[Player1 "Bob"]\n\n1. Ann knocks 12, Bob 25\n',
     "line 5: the knocker's deadwood 12 is above the knock limit 10"),
    ('[Rules "canasta"]\n[Player0 "Ann"]\n[Player1 "Bob"]\n', "unknown rules preset"),
    ('[Player0 "Ann"]\n\n1. dead\n', "needs the Player0 and Player1 tags"),
    ('[Player0 "Ann"]\n[Player1 "Bob"]\n\nHand one: dead\n', "line 4: cannot read"),
    ('[Player0 "Ann"]\n[Player1 "Bob"]\n[FirstDealer "Cy"]\n', "unknown player 'Cy'"),
])
def test_sheet_record_errors_name_the_line(text: str, reason: str) -> None:
    with pytest.raises(SheetError, match=reason):
        read_sheet(text)


def test_sheet_hollywood_closes_three_columns_with_their_own_bonuses() -> None:
    sheet = Sheet(rules_for("hollywood"), NAMES)
    for text in ("Bob gin, Ann 30", "Ann gin, Bob 30", "Ann gin, Bob 30", "Ann gin, Bob 30",
                 "Ann gin, Bob 30"):
        sheet.add(parse_entry(text, NAMES))
    # Every hand is worth 50. Bob's win: game 1. Ann's first: game 1; second: games 1 and 2
    # (game 1 closes at 100); third: the open games 2 and 3 (game 2 closes); fourth: game 3.
    assert [c.scores for c in sheet.board.columns] == [[100, 50], [100, 0], [100, 0]]
    assert sheet.is_over and sheet.winner == 0
    totals = sheet.board.column_totals()
    # game 1: game bonus 100 and two boxes for Ann, one box for Bob; games 2, 3: shutouts.
    assert [t.totals for t in totals] == [(100 + 100 + 40, 50 + 20), (100 + 200 + 40, 0),
                                          (100 + 200 + 40, 0)]
    assert sheet.totals() == (920, 70)


THREE = ("Ann", "Bob", "Cy")


def play_three_player_match(seed: int) -> ThreePlayerMatch:
    match = ThreePlayerMatch.new(rules_for("three-player"), seed=seed, names=THREE)
    rng = random.Random(seed)
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            match.apply(_choose(match.state, rng), seat=seat)
    return match


def seated_entry(hand: SeatedHand, names: tuple[str, ...]) -> str:
    """A multiplayer hand by counts: names come from the seats at that hand's table."""
    result = hand.result
    if result.knocker is None or result.settlement is None:
        return "dead"
    settled = result.settlement
    ender, other = names[hand.seats[result.knocker]], names[hand.seats[1 - result.knocker]]
    if result.outcome in ("gin", "big_gin"):
        return f"{ender} {result.outcome.replace('_', ' ')}, {other} {settled.defender_deadwood}"
    return f"{ender} knocks {settled.knocker_deadwood}, {other} {settled.defender_deadwood}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sheet_reproduces_a_three_player_match(seed: int) -> None:
    match = play_three_player_match(seed)
    sheet = Sheet(match.rules, THREE, first_dealer=match.first_dealer)
    for hand in match.hands:
        sitting_out = ({0, 1, 2} - set(hand.seats)).pop()
        assert sheet.dealer == sitting_out
        assert set(sheet.players_of_next_hand()) == set(hand.seats)
        sheet.add(parse_entry(seated_entry(hand, THREE), THREE))
    assert sheet.is_over and sheet.winner == match.winner
    assert sheet.scores == match.scores and sheet.totals() == match.totals()
    assert read_sheet(write_sheet(sheet)).totals() == match.totals()


def test_sheet_three_players_refuses_the_player_sitting_out() -> None:
    sheet = Sheet(rules_for("three-player"), THREE)  # Ann deals and sits out
    before = write_sheet(sheet)
    with pytest.raises(SheetError, match="Ann deals this hand and sits it out"):
        sheet.add(parse_entry("Ann gin, Bob 10", THREE))
    assert write_sheet(sheet) == before
    sheet.add(parse_entry("Bob knocks 5, Cy 3", THREE))  # undercut: Cy scores 2 + 10
    assert sheet.scores == (0, 0, 12) and sheet.dealer == 1  # Bob lost: Bob deals
    assert sheet.players_of_next_hand() == (2, 0)


FOUR = ("Ann", "Bob", "Cy", "Dan")  # Ann & Cy (seats 0, 2) against Bob & Dan (1, 3)


def test_sheet_partnership_scores_each_deals_net_and_follows_the_tables() -> None:
    sheet = Sheet(rules_for("partnership"), FOUR)  # Ann's team deals first
    assert sheet.column_names == ("Ann & Cy", "Bob & Dan")
    assert sheet.tables_of_next_hand() == [(0, 1), (2, 3)]
    with pytest.raises(SheetError, match="Ann plays Bob in deal 1, not Dan"):
        sheet.add(parse_entry("Ann gin, Dan 67", FOUR))
    with pytest.raises(SheetError, match="Ann plays Bob in deal 1, not Cy"):
        sheet.add(parse_entry("Ann gin, Cy 67", FOUR))
    sheet.add(parse_entry("Ann gin, Bob 67", FOUR))  # 87 for Ann & Cy
    with pytest.raises(SheetError, match="Bob's hand of deal 1 is already entered"):
        sheet.add(parse_entry("Bob gin, Ann 67", FOUR))
    sheet.add(parse_entry("dead", FOUR))  # the other table is dealt again
    sheet.add(parse_entry("Dan gin, Cy 67", FOUR))  # 87 for Bob & Dan: the deal nets 0
    assert (sheet.scores, sheet.deal_number) == ((0, 0), 2)
    assert sheet.tables_of_next_hand() == [(0, 3), (2, 1)]  # the nets cancelled: same team deals
    sheet.add(parse_entry("Ann gin, Dan 67", FOUR))
    sheet.add(parse_entry("Bob knocks 8, Cy 25", FOUR))  # 17 for Bob & Dan: Ann & Cy net 70
    assert sheet.scores == (70, 0)
    sheet.add(parse_entry("Ann gin, Bob 67", FOUR))
    sheet.add(parse_entry("Cy gin, Dan 67", FOUR))  # net 174: 244, past 125
    assert sheet.is_over and sheet.winner == 0
    # Bob & Dan won no deal: shutout 200; two deals won: two boxes of 20.
    assert sheet.totals() == (244 + 200 + 40, 0)
    assert sheet.dealers == [0, 2, 2, 0, 2, 0, 2]


@pytest.mark.parametrize("seed", [1, 2])
def test_sheet_reproduces_a_partnership_match(seed: int) -> None:
    match = PartnershipMatch.new(rules_for("partnership"), seed=seed, names=FOUR)
    rng = random.Random(seed)
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            state = next(t.state for t in match.tables() if seat in t.seats)
            match.apply(_choose(state, rng), seat=seat)
    sheet = Sheet(match.rules, FOUR, first_dealer=match.first_dealing_team)
    for hand in match.hands:
        sheet.add(parse_entry(seated_entry(hand, FOUR), FOUR))
    assert sheet.dealers == [hand.seats[hand.dealer] for hand in match.hands]
    assert sheet.is_over and sheet.winner == match.winner
    assert sheet.scores == match.scores and sheet.totals() == match.totals()
    assert read_sheet(write_sheet(sheet)).totals() == match.totals()
