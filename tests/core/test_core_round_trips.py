"""Every text format round-trips: cards, actions, rules and whole match records."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from core_decks import ALL_ACTIONS

from ginrummy.core.actions import Action, parse_action
from ginrummy.core.cards import (
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    pretty_card,
    pretty_cards,
)
from ginrummy.core.errors import IllegalActionError, RecordError, RulesError
from ginrummy.core.match import Match
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import OPTION_NAMES, PRESETS, Rules, parse_rules, rules_for

ALTERNATIVES = {"oklahoma_ace": "gin", "dealer": "alternate"}


def test_core_cards_round_trip_canonical_pretty_and_lower_case():
    for card in range(52):
        assert parse_card(format_card(card)) == card
        assert parse_card(pretty_card(card)) == card
        assert parse_card(format_card(card).lower()) == card
    deck = list(range(52))
    random.Random(1).shuffle(deck)
    assert list(parse_cards(format_cards(deck))) == deck
    assert list(parse_cards(pretty_cards(deck))) == deck
    assert list(parse_cards(", ".join(format_cards(deck).split()))) == deck


def test_core_actions_round_trip_text_and_repr():
    for action in ALL_ACTIONS:
        assert parse_action(str(action)) == action
        assert eval(repr(action), {"Action": Action}) == action
        assert parse_action(action.pretty()) == action
    with pytest.raises(IllegalActionError, match="not an action"):
        parse_action("knock")
    with pytest.raises(IllegalActionError, match="not a card.*'discard 1X'"):
        parse_action("discard 1X")


def changed_value(rules: Rules, name: str) -> object:
    value = getattr(rules, name)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return {"knock_limit": 7, "players": 2, "stock_wall": 3}.get(name, value + 5)
    return ALTERNATIVES[name]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_core_rules_round_trip_through_text_for_every_preset_and_option(preset):
    base = rules_for(preset)
    assert parse_rules(str(base)) == base
    for name in sorted(OPTION_NAMES):
        try:
            changed = base.replace(**{name: changed_value(base, name)})
        except RulesError:
            continue  # a contradictory combination (e.g. oklahoma with straight) is refused
        assert parse_rules(str(changed)) == changed
        assert eval(repr(changed), {"Rules": Rules}) == changed
    assert {f.name for f in fields(Rules)} == OPTION_NAMES | {"name"}


def test_core_rules_text_errors_name_the_problem():
    with pytest.raises(RulesError, match="unknown rules preset"):
        parse_rules("bogus")
    with pytest.raises(RulesError, match="unknown rules option"):
        parse_rules("classic colour=red")
    with pytest.raises(RulesError, match="yes or no"):
        parse_rules("classic big_gin=maybe")


def test_core_record_round_trips_mid_hand_with_awkward_names():
    match = Match.new(rules_for("modern", knock_limit=8), seed=77, names=('Ann "A" \\', "Bø"))
    for _ in range(9):
        match.apply(match.state.legal_actions()[0])
    text = write_record(match)
    again = read_record(text)
    assert write_record(again) == text
    assert again.names == match.names and again.rules == match.rules
    assert again.state.history == match.state.history
    assert again.state.hands == match.state.hands and again.state.stock == match.state.stock


def test_core_record_errors_name_the_line():
    match = Match.new(rules_for("classic"), seed=5)
    for _ in range(4):
        match.apply(match.state.legal_actions()[0])
    lines = write_record(match).splitlines()
    last = len(lines)
    broken = "\n".join(lines[:-1] + [lines[-1].replace("P", "Q", 1)])
    with pytest.raises(RecordError, match=f"line {last}"):
        read_record(broken)
    wrong_turn = "\n".join(lines + [lines[-1]])  # the same player again
    with pytest.raises(RecordError, match="turn"):
        read_record(wrong_turn)
    with pytest.raises(RecordError, match="no hand"):
        read_record('[Rules "classic"]\n')
