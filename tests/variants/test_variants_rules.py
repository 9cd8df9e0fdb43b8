"""Rules as data (issue 3 item 1, RULES §8-§9): presets, aliases, options and every refusal."""

from __future__ import annotations

import pytest

from ginrummy.core.errors import RulesError
from ginrummy.core.rules import PRESETS, Rules, parse_option, parse_rules, preset_names, rules_for


def test_rules_8_bonus_presets_match_the_table_in_rules_md() -> None:
    # RULES §8 "Bonus presets": gin, undercut, knock-win bonus, box, game, shutout, big gin.
    table = {
        "classic": (20, 10, 0, 20, 100, 200, False),
        "modern": (25, 25, 0, 25, 100, 200, True),
        "norwegian": (40, 30, 20, 0, 100, 200, False),
    }
    for name, figures in table.items():
        rules = rules_for(name)
        assert (rules.gin_bonus, rules.undercut_bonus, rules.knock_bonus, rules.box_bonus,
                rules.game_bonus, rules.shutout_bonus, rules.big_gin) == figures, name
        assert rules.big_gin_bonus == 31


def test_rules_9_variant_presets_switch_on_their_variant() -> None:
    assert rules_for("oklahoma").oklahoma and rules_for("oklahoma").target == 150
    assert rules_for("straight").straight
    assert rules_for("hollywood").hollywood
    assert rules_for("three-player").players == 3 and rules_for("three-player").dealer == "loser"
    assert rules_for("partnership").players == 4 and rules_for("partnership").target == 125
    assert set(preset_names()) >= {"classic", "modern", "norwegian", "oklahoma", "straight",
                                   "hollywood", "three-player", "partnership"}


@pytest.mark.parametrize(("alias", "preset"), [
    ("default", "classic"), ("Norsk", "norwegian"), ("oklahoma_gin", "oklahoma"),
    ("Straight Gin", "straight"), ("3p", "three-player"), ("four-player", "partnership"),
    ("PARTNERS", "partnership"), ("hollywood-gin", "hollywood"),
])
def test_rules_lookup_by_alias_any_case_and_spacing(alias: str, preset: str) -> None:
    assert rules_for(alias) is PRESETS[preset]


def test_rules_options_change_a_preset_and_round_trip_as_text() -> None:
    rules = rules_for("norwegian", knock_limit=7, big_gin=True, dealer="alternate")
    assert (rules.name, rules.knock_limit, rules.gin_bonus, rules.big_gin) == ("norwegian", 7, 40,
                                                                              True)
    assert str(rules) == "norwegian knock_limit=7 big_gin=yes dealer=alternate"
    assert parse_rules(str(rules)) == rules
    assert parse_option("last-chance", "on") is True
    assert parse_option("target", "250") == 250


@pytest.mark.parametrize(("options", "reason"), [
    ({"knock_limit": 11}, "knock_limit must be between 0 and 10, not 11"),
    ({"knock_limit": -1}, "knock_limit must be between 0 and 10, not -1"),
    ({"gin_bonus": -5}, "gin_bonus cannot be negative (-5)"),
    ({"undercut_bonus": -1}, "undercut_bonus cannot be negative"),
    ({"knock_bonus": -1}, "knock_bonus cannot be negative"),
    ({"big_gin_bonus": -1}, "big_gin_bonus cannot be negative"),
    ({"box_bonus": -1}, "box_bonus cannot be negative"),
    ({"game_bonus": -1}, "game_bonus cannot be negative"),
    ({"shutout_bonus": -1}, "shutout_bonus cannot be negative"),
    ({"target": 0}, "target must be positive, not 0"),
    ({"oklahoma": True, "eleven_card_deal": True}, "the eleven-card deal turns none"),
    ({"oklahoma": True, "straight": True}, "straight gin allows no knocking"),
    ({"oklahoma_ace": "two"}, "oklahoma_ace must be 'one' or 'gin'"),
    ({"dealer": "oldest"}, "dealer must be one of winner, alternate, loser"),
    ({"players": 5}, "players must be 2, 3 or 4, not 5"),
    ({"players": 3, "hollywood": True}, "hollywood scoring is for two players"),
    ({"stock_wall": 11}, "stock_wall must be between 0 and 10"),
])
def test_rules_contradictions_are_refused_with_the_reason(options: dict[str, object],
                                                          reason: str) -> None:
    with pytest.raises(RulesError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        Rules(**options)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="must|cannot|needs|allows|is for"):
        rules_for("classic", **options)


def test_rules_unknown_names_and_bad_option_text_are_refused() -> None:
    with pytest.raises(RulesError, match="unknown rules preset 'canasta'; choose one of classic"):
        rules_for("canasta")
    with pytest.raises(RulesError, match="unknown rules option: jokers"):
        rules_for("classic", jokers=2)
    with pytest.raises(RulesError, match="unknown rules option: jokers"):
        parse_option("jokers", "2")
    with pytest.raises(RulesError, match="option big_gin takes yes or no, not 'maybe'"):
        parse_option("big_gin", "maybe")
    with pytest.raises(RulesError, match="option target takes a whole number, not 'lots'"):
        parse_option("target", "lots")
    with pytest.raises(RulesError, match="expected option=value, got 'knock_limit'"):
        parse_rules("classic knock_limit")
    with pytest.raises(RulesError, match="empty rules text"):
        parse_rules("  ")
