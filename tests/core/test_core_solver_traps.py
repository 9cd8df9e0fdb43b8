"""RULES §1-§2 on the solver, and its known traps: a four of a kind split for a run, runs longer
than five, ace low only, and ties between equal-deadwood arrangements that decide layoffs."""

from __future__ import annotations

import pytest

from ginrummy.core.cards import (
    VALUE_OF,
    deadwood_value,
    format_cards,
    from_mask,
    parse_card,
    parse_cards,
    pretty_card,
    to_mask,
)
from ginrummy.core.errors import CardError
from ginrummy.core.melds import (
    best_arrangement,
    best_discards,
    is_meld,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.rules import rules_for
from ginrummy.core.settlement import settle


def hand(text: str) -> int:
    return to_mask(parse_cards(text))


def melds_of(text: str) -> list[str]:
    return sorted(format_cards(from_mask(m)) for m in best_arrangement(hand(text)).melds)


def test_rule_1_2_ace_is_low_only_no_wrapping():
    assert is_meld(hand("AS 2S 3S"))
    assert not is_meld(hand("QS KS AS"))
    assert not is_meld(hand("KS AS 2S"))
    assert min_deadwood(hand("QS KS AS KD AD 2C 3H 4H 5H 6H")) == 10 + 10 + 1 + 10 + 1 + 2


def test_rule_1_3_card_values_ace_one_faces_ten():
    values = [VALUE_OF[parse_card(rank + "H")] for rank in "A23456789TJQK"]
    assert values == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert deadwood_value(hand("AS KD 7C")) == 18  # suits never matter


@pytest.mark.parametrize("text", ["TD", "10d", "td", "♦10", "10♦", "♦️10", "d10"])
def test_rule_1_4_notation_accepts_ten_lower_case_and_suit_symbols(text):
    card = parse_card(text)
    assert format_cards([card]) == "TD" and pretty_card(card) == "10♦"


def test_rule_1_4_a_bad_card_names_the_token():
    with pytest.raises(CardError, match="'1X'"):
        parse_cards("AS 1X 3D")


def test_rule_2_1_sets_of_three_or_four_and_runs_of_three_or_more():
    assert is_meld(hand("7C 7D 7H")) and is_meld(hand("7C 7D 7H 7S"))
    assert is_meld(hand("4H 5H 6H 7H 8H 9H TH"))
    assert not is_meld(hand("7C 7D")) and not is_meld(hand("4H 5H 6S"))
    assert not is_meld(hand("4H 5H 7H"))


def test_rule_2_2_a_card_belongs_to_one_meld_at_a_time():
    # 7H may go in the sevens or the heart run, not both: 8H 9H or 7S 7D stay dead
    assert min_deadwood(hand("7H 7S 7D 8H 9H AC 2D 3S 4C 5D")) == 14 + 15
    # the fourth card (7C or TH) allows both
    assert melds_of("7H 7S 7D 8H 9H 7C TH 2C 3C KD") == ["7C 7D 7S", "7H 8H 9H TH"]


def test_rule_2_4_deadwood_is_the_least_over_all_arrangements():
    arrangement = best_arrangement(hand("7H 7S 7D 8H 9H AC 2D 3S 4C 5D"))
    assert arrangement.deadwood == 29
    assert format_cards(arrangement.deadwood_cards) == "AC 4C 2D 5D 7D 3S 7S"


def test_trap_four_of_a_kind_split_to_feed_a_run():
    # 7C 7D 7H 7S with 8S 9S: the sevens give up 7S to make 7S 8S 9S
    assert melds_of("7C 7D 7H 7S 8S 9S 2C 3D 4H KC") == ["7C 7D 7H", "7S 8S 9S"]
    assert min_deadwood(hand("7C 7D 7H 7S 8S 9S 2C 3D 4H KC")) == 19


def test_trap_run_of_six_split_between_sets():
    # 3H..8H with 3C 3D and 8C 8D: 3s, 4H-7H and 8s; all ten cards meld
    assert min_deadwood(hand("3H 4H 5H 6H 7H 8H 3C 3D 8C 8D")) == 0
    assert melds_of("3H 4H 5H 6H 7H 8H 3C 3D 8C 8D") == ["3C 3D 3H", "4H 5H 6H 7H", "8C 8D 8H"]


def test_trap_runs_longer_than_five():
    assert min_deadwood(hand("AH 2H 3H 4H 5H 6H 7H 8H 9H TH")) == 0
    assert melds_of("AH 2H 3H 4H 5H 6H 7H 8H 9H TH") == ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH"]
    # eleven in a row: throw either end, or split it into two runs of three or more
    discards, deadwood = best_discards(hand("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH"))
    assert (format_cards(discards), deadwood) == ("AH 4H 5H 6H 7H 8H JH", 0)


def test_worked_example_e_discard_the_most_expensive_loose_card():
    # 4S 5S K♦ 9♦ 2♣ Q♥ J♥ 10♥ 7♣ 7♦ plus 6♠ from the stock: runs 4S-6S and TH-QH
    eleven = hand("4S 5S KD 9D 2C QH JH TH 7C 7D 6S")
    discards, deadwood = best_discards(eleven)
    assert format_cards(discards) == "KD" and deadwood == 2 + 7 + 7 + 9
    assert min_deadwood_after_discard(eleven) == 25


def test_trap_tie_between_equal_deadwood_arrangements_decides_layoffs():
    # Knocker: 7C 7D 7H 7S 8S 9S TS + 2H 3D 4C (9). Two arrangements leave 9:
    #   7C 7D 7H | 7S 8S 9S TS   -> the defender's 6S and JS both lay off on the run
    #   7C 7D 7H 7S | 8S 9S TS   -> only JS does (6S would need 7S)
    # Defender: KC KD KH | 3H 4H 5H, deadwood 6S JS 9D 8C (33)
    result = settle(hand("7C 7D 7H 7S 8S 9S TS 2H 3D 4C"),
                    hand("6S JS KC KD KH 3H 4H 5H 9D 8C"), rules_for("classic"))
    assert sorted(format_cards(from_mask(m)) for m in result.knocker.melds) == [
        "7C 7D 7H 7S", "8S 9S TS"]
    assert [format_cards([lay.card]) for lay in result.layoffs] == ["JS"]
    assert (result.outcome, result.points) == ("knock", 33 - 10 - 9)
