"""RULES §6.2, §6.5-§6.7 (settlement), §8 (scoring, worked examples A-D, the match) and the
match variants of §3.1-§3.2 and §9, on stacked hands."""

from __future__ import annotations

import random

import core_reference as reference
import pytest
from core_decks import stacked_deck

from ginrummy.core.actions import Action
from ginrummy.core.cards import format_cards, from_mask, parse_cards, to_mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match, draw_for_dealer
from ginrummy.core.rules import PRESETS, Rules, rules_for
from ginrummy.core.settlement import Settlement, settle

CLASSIC = rules_for("classic")


def hand(text: str) -> int:
    return to_mask(parse_cards(text))


def settled(knocker: str, defender: str, rules: Rules = CLASSIC, *,
            show: str | None = None) -> Settlement:
    """Settle with the knocker showing ``show`` (its default arrangement when None), checked
    against the defender's best answer by full enumeration."""
    melds = None if show is None else [hand(group) for group in show.split("|")]
    result = settle(hand(knocker), hand(defender), rules, show=melds)
    shown = tuple(frozenset(from_mask(m)) for m in result.knocker.melds)
    expected = reference.answer(shown, frozenset(result.knocker.deadwood_cards),
                                parse_cards(defender), rules)
    if len(parse_cards(knocker)) == 11 and result.outcome == "big_gin":
        least = reference.min_deadwood(parse_cards(defender))
        expected = ("big_gin", "knocker", rules.big_gin_bonus + least)
    assert (result.outcome, result.winner, result.points) == expected
    return result


def laid_off(result: Settlement) -> list[str]:
    return [format_cards([lay.card]) for lay in result.layoffs]


def test_worked_example_a_knock_with_a_layoff_below_a_run():
    # knocker 7S 7H 7D | 9C TC JC | 3H 4H 5H, 8D (8); defender 2S 3S 4S | QD QH QC with
    # 8C KH 5D TS (33); 8C goes below 9C TC JC, leaving 25
    result = settled("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS")
    assert laid_off(result) == ["8C"]
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 25)
    assert (result.outcome, result.winner, result.points) == ("knock", "knocker", 17)


def test_worked_example_b_undercut_after_layoffs():
    # knocker 4C 5C 6C | TC TD TH | JS QS KS, 9D (9); defender AS AH AD | 4S 5S 6S 7S with
    # 2C 3C 7H (12): 3C then 2C go below 4C 5C 6C (5), leaving 7 against 9
    result = settled("4C 5C 6C TC TD TH JS QS KS 9D", "AS AH AD 4S 5S 6S 7S 2C 3C 7H")
    assert sorted(laid_off(result)) == ["2C", "3C"]
    assert (result.knocker_deadwood, result.defender_deadwood) == (9, 7)
    assert (result.outcome, result.winner, result.points) == ("undercut", "defender", 2 + 10)


def test_worked_example_c_equal_deadwood_is_an_undercut():
    # knocker 4C 5C 6C | TC TD TH | JS QS KS, 8H (8); defender 2S 3S 4S 5S | 9C 9D 9H 9S,
    # 5H 3D (8), nothing to lay off
    result = settled("4C 5C 6C TC TD TH JS QS KS 8H", "2S 3S 4S 5S 9C 9D 9H 9S 5H 3D")
    assert result.layoffs == ()
    assert (result.outcome, result.winner, result.points) == ("undercut", "defender", 0 + 10)


def test_worked_example_d_gin_scores_bonus_plus_deadwood():
    # knocker AC 2C 3C 4C | 5D 6D 7D | 8H 8S 8C; defender 9S TS JS QS | 2H 2D 2S with
    # 5C KH 8D (23): 5C and 8D would lay off against a knock, but not against gin
    result = settled("AC 2C 3C 4C 5D 6D 7D 8H 8S 8C", "9S TS JS QS 2H 2D 2S 5C KH 8D")
    assert (result.outcome, result.winner, result.points) == ("gin", "knocker", 20 + 23)


def test_rule_6_2_knocker_may_show_a_non_minimum_arrangement_that_scores_better():
    # Knocker 2C 3C 4C 5C 6C | 2D 3D 4D 5D, 4S: least deadwood 4. But the defender holds
    # AC 7C 8C AD: against 2C-6C it lays off AC, 7C, 8C and AD (20 left: 16 points); showing
    # 2C-5C with 6C dead (10) it can only lay off AC and AD (35 left: 25 points).
    knocker, defender = "2C 3C 4C 5C 6C 2D 3D 4D 5D 4S", "AS 2S 3S 5S 7S 8S 7C 8C AC AD"
    chosen = settled(knocker, defender, show="2C 3C 4C 5C | 2D 3D 4D 5D")
    assert chosen.knocker_deadwood == 10
    assert sorted(laid_off(chosen)) == ["AC", "AD"]
    assert (chosen.outcome, chosen.points) == ("knock", 35 - 10)
    # without seeing the defender's cards, the default shows the least deadwood
    default = settled(knocker, defender)
    assert default.knocker_deadwood == 4
    assert sorted(laid_off(default)) == ["7C", "8C", "AC", "AD"]
    assert (default.outcome, default.points) == ("knock", 20 - 4)


def test_rule_6_5_layoffs_make_a_set_of_four():
    # knocker 9C 9D 9H | 2S 3S 4S | JD QD KD, AC (1); the defender's 9S joins the nines
    result = settled("9C 9D 9H 2S 3S 4S JD QD KD AC", "9S 5H 5C 5D 7H 8H KC KH 2D 6C")
    assert laid_off(result) == ["9S"]


def test_rule_6_5_layoff_chains_at_both_ends_of_a_run():
    # the defender's 8C then 7C go below 9C TC JC, QC then KC above
    result = settled("9C TC JC 2H 2D 2S 4H 5H 6H AS", "7C 8C QC KC 3D 4D 5D 9S 9H 3S")
    assert sorted(laid_off(result)) == ["7C", "8C", "KC", "QC"]
    assert result.defender_deadwood == 9 + 9 + 3


def test_rule_6_6_no_layoffs_onto_deadwood():
    # knocker 6S 7S 8S 9S | JH QH KH, deadwood 2C 2D AH (5); the defender's 2H does not make a
    # set with the knocker's two loose 2s: 2H 9D TD 3S stay (24)
    result = settled("6S 7S 8S 9S JH QH KH 2C 2D AH", "2H 4C 5C 6C TC JC QC 9D TD 3S")
    assert result.layoffs == ()
    assert (result.outcome, result.points) == ("knock", 24 - 5)


def test_rule_6_6_the_knocker_never_lays_off():
    # knocker 6S 7S 8S | JH QH KH, deadwood 4D 2C 3C AH (10): 2C 3C would extend the
    # defender's 4C 5C 6C but stay the knocker's deadwood; defender 9D TD JD, 2H 2S KC QC (24)
    result = settled("6S 7S 8S JH QH KH 4D 2C 3C AH", "4C 5C 6C 9D TD JD 2H 2S KC QC")
    assert result.knocker_deadwood == 10
    assert (result.outcome, result.points) == ("knock", 24 - 10)


def test_rule_6_7_no_layoffs_against_gin_or_big_gin():
    gin = settled("AC 2C 3C 4C 5D 6D 7D 8H 8S 8C", "5C 6C 8D 9D 2H 2D 2S KH QH JH")
    assert gin.outcome == "gin" and gin.layoffs == ()
    assert gin.points == 20 + 5 + 6 + 8 + 9
    big = settled("AC 2C 3C 4C 5D 6D 7D 8H 8S 8C 8D", "5C 6C 9D TD 2H 2D 2S KH QH JH",
                  rules_for("modern"))
    assert big.outcome == "big_gin" and big.layoffs == ()
    assert big.points == 31 + 5 + 6 + 9 + 10


def test_rule_8_gin_can_never_be_undercut():
    result = settled("AC 2C 3C 4C 5D 6D 7D 8H 8S 8C", "AS 2S 3S 4S 9H 9D 9S KH QH JH")
    assert (result.outcome, result.winner, result.points) == ("gin", "knocker", 20)


def test_rule_8_bonus_presets_classic_modern_norwegian():
    figures = {name: (r.gin_bonus, r.undercut_bonus, r.knock_bonus, r.box_bonus, r.game_bonus,
                      r.shutout_bonus, r.big_gin, r.big_gin_bonus)
               for name, r in PRESETS.items() if name in ("classic", "modern", "norwegian")}
    assert figures == {
        "classic": (20, 10, 0, 20, 100, 200, False, 31),
        "modern": (25, 25, 0, 25, 100, 200, True, 31),
        "norwegian": (40, 30, 20, 0, 100, 200, False, 31),
    }
    knock = settled("7S 7H 7D 9C TC JC 3H 4H 5H 8D", "2S 3S 4S QD QH QC 8C KH 5D TS",
                    rules_for("norwegian"))
    assert knock.points == 17 + 20


def test_rule_8_every_figure_is_an_individual_option():
    rules = rules_for("classic", gin_bonus=25, undercut_bonus=15, knock_limit=9)
    undercut = settled("4C 5C 6C TC TD TH JS QS KS 9D", "AS AH AD 4S 5S 6S 7S 2C 3C 7H", rules)
    assert undercut.points == 2 + 15
    with pytest.raises(IllegalActionError, match="knock limit 8"):
        settle(hand("4C 5C 6C TC TD TH JS QS KS 9D"), hand("AS AH AD 4S 5S 6S 7S 2C 3C 7H"),
               rules_for("classic", knock_limit=8))


# -- the match --------------------------------------------------------------------------------

STRONG = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"  # takes the 2S, knocks with the KS: 38 - 2 = 36
WEAK = "5C 6C 7C TD JD QD 9C 9S KH QH"


def win_hand(match: Match, winner: int) -> None:
    """Play one hand that ``winner`` wins by 36 on the first turn."""
    dealer = match.dealer  # who deals the next hand (the current one, before any is played)
    if winner == 1 - dealer:
        deck, actions = stacked_deck(STRONG, WEAK, "2S"), ["take", "knock KS"]
    else:
        deck, actions = stacked_deck(WEAK, STRONG, "2S"), ["pass", "take", "knock KS"]
    if match.hand_over:
        match.next_hand(deck)
    else:
        match.replace_deck(deck)
    for text in actions:
        match.apply(Action.parse(text))
    assert match.hands[-1].result is not None and match.hands[-1].result.winner == winner


def dead_hand(match: Match) -> None:
    if match.hand_over:
        match.next_hand()
    for text in ("pass", "pass"):
        match.apply(Action.parse(text))
    while not match.hand_over:
        drawn = match.apply(Action.parse("draw stock")).card
        assert drawn is not None
        match.apply(Action.discard(drawn))


def test_rule_3_1_the_lower_card_deals_and_equal_ranks_draw_again():
    for seed in range(200):
        dealer, draws = draw_for_dealer(random.Random(seed))
        *ties, (first, second) = draws
        assert all(a % 13 == b % 13 for a, b in ties)
        assert first % 13 != second % 13
        assert dealer == (0 if first % 13 < second % 13 else 1)
    assert Match.new(CLASSIC, seed=4).first_dealer == draw_for_dealer(random.Random(4))[0]


@pytest.mark.parametrize("rotation, dealers", [
    ("winner", [0, 1, 1, 0]),
    ("loser", [0, 0, 0, 1]),
    ("alternate", [0, 1, 0, 1]),
])
def test_rule_3_2_and_9_9_dealer_rotation(rotation, dealers):
    match = Match(rules_for("classic", dealer=rotation), first_dealer=0, seed=1)
    seen = []
    for winner in (1, 1, 0):
        seen.append(match.dealer)
        win_hand(match, winner)
    seen.append(match.dealer)
    assert seen == dealers


def test_rule_3_2_after_a_dead_hand_the_same_dealer_deals_again():
    for rotation in ("winner", "loser", "alternate"):
        match = Match(rules_for("classic", dealer=rotation), first_dealer=1, seed=2)
        dead_hand(match)
        assert match.hands[-1].result is not None and match.hands[-1].result.outcome == "dead"
        match.next_hand()
        assert match.state.dealer == 1 and match.scores == (0, 0)


def test_rule_8_match_to_the_target_with_shutout_game_bonus_and_box_bonus():
    match = Match(CLASSIC, first_dealer=0, seed=3)
    win_hand(match, 1)
    win_hand(match, 1)
    assert match.scores == (0, 72) and not match.is_over
    win_hand(match, 1)
    assert match.is_over and match.winner == 1
    assert match.totals() == (0, 108 + 200 + 3 * 20)  # shutout: the loser won no hand


def test_rule_8_box_bonus_does_not_count_toward_the_target():
    match = Match(CLASSIC, first_dealer=0, seed=3)
    for winner in (0, 1, 0, 1):
        win_hand(match, winner)
    assert match.scores == (72, 72) and not match.is_over  # 72 + 2 boxes of 20 would be 112
    win_hand(match, 0)
    assert match.is_over and match.winner == 0
    assert match.totals() == (108 + 100 + 3 * 20, 72 + 2 * 20)


def test_rule_8_the_match_refuses_actions_once_over():
    match = Match(CLASSIC, first_dealer=0, seed=3)
    for _ in range(3):
        win_hand(match, 0)
    with pytest.raises(IllegalActionError):
        match.apply(Action.parse("draw stock"))
    with pytest.raises(IllegalActionError):
        match.next_hand()


def test_rule_9_4_hollywood_scores_three_games_at_once():
    match = Match(rules_for("hollywood"), first_dealer=0, seed=5)
    columns = []
    for _ in range(5):
        win_hand(match, 1)
        columns.append([c.scores[1] for c in match.columns])
    assert columns == [[36, 0, 0], [72, 36, 0], [108, 72, 36], [108, 108, 72],
                       [108, 108, 108]]
    assert match.is_over and [c.winner for c in match.columns] == [1, 1, 1]
    # each game's box bonus counts the hands recorded in it: three in each
    assert match.totals() == (0, 3 * 108 + 3 * 200 + 3 * 3 * 20)


def test_rule_9_3_big_gin_scores_its_bonus_plus_deadwood():
    rules = rules_for("classic", big_gin=True, big_gin_bonus=50)
    big = settled("AC 2C 3C 4C 5D 6D 7D 8H 8S 8C 8D", "5C 6C 9D TD 2H 2D 2S KH QH JH", rules)
    assert (big.outcome, big.points) == ("big_gin", 50 + 5 + 6 + 9 + 10)


def test_rule_9_7_and_9_8_multiplayer_presets():
    three, four = rules_for("three-player"), rules_for("partnership")
    assert (three.players, three.dealer) == (3, "loser")
    assert (four.players, four.target) == (4, 125)
    with pytest.raises(IllegalActionError, match="3 players"):
        Match(three, first_dealer=0, seed=1)  # the two-player class refuses them...
    # ...and Match.new deals the format the rules ask for
    assert [type(Match.new(r, seed=1)).__name__ for r in (three, four)] == [
        "ThreePlayerMatch", "PartnershipMatch"]


def test_rule_8_hand_points_match_the_settlement():
    state_knocker = settle(hand(STRONG.replace("KS", "2S")), hand(WEAK), CLASSIC)
    assert state_knocker.points == 36
    assert sorted(format_cards(from_mask(m)) for m in state_knocker.knocker.melds) == [
        "4D 5D 6D", "7H 8H 9H", "AC 2C 3C"]
