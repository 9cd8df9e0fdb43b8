"""Every refusal in the player's language: each code the core raises has a catalogue entry in
en, nb and sv, and none shown in Norwegian or Swedish is the English text, a file-notation card
(``KS``) or a rule number."""

from __future__ import annotations

import ast
import random
import re
import string
from pathlib import Path

import pytest

import ginrummy.core
from ginrummy.core.actions import (
    BIG_GIN,
    DISCARDS,
    DRAW_PILE,
    DRAW_STOCK,
    GINS,
    KNOCKS,
    PASS,
    TAKE,
    Action,
    parse_action,
)
from ginrummy.core.cards import pretty_card
from ginrummy.core.errors import GinRummyError, IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.refusals import REFUSALS
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState
from ginrummy.i18n import catalogue, translator
from ginrummy.players.registry import make_player
from ginrummy.tui.words import refusal_text

CORE = Path(ginrummy.core.__file__).parent
FILE_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
# One value of each param for the templates: cards in file notation would show as KS, 7C...
SAMPLE = {"card": 51, "cards": (49, 50, 51), "meld": (48, 49, 50),
          "melds": ((0, 1, 2), (13, 14, 15)), "deadwood": 12, "limit": 10, "text": "fly away",
          "rule": "§5.3"}


def codes_in_core() -> dict[str, str]:
    """Every ``code="..."`` given where the core raises (a conditional's both arms, a
    ``("code", params)`` fallback too) -> where it is."""
    found: dict[str, str] = {}
    for path in sorted(CORE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "code":
                values = [node.value]
            elif (isinstance(node, ast.Tuple) and len(node.elts) == 2
                  and isinstance(node.elts[1], ast.Dict)):
                values = [node.elts[0]]
            else:
                continue
            for value in values:
                for leaf in ast.walk(value):
                    if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str) \
                            and leaf.value:
                        found[leaf.value] = f"{path.name}:{leaf.lineno}"
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def sample_error(code: str) -> IllegalActionError:
    params = {name: SAMPLE[name] for name in fields(REFUSALS[code])}
    return IllegalActionError("an English sentence", rule="§5.3", code=code, params=params)


def test_refusals_scan_finds_the_core_codes():
    found = codes_in_core()
    assert {"just_taken", "not_an_action", "knock_too_high", "bad_show", "upcard_dealer",
            "upcard_non_dealer", "shown_twice", "twice_in_meld"} <= set(found)


def test_refusals_every_code_raised_in_the_core_is_listed_and_in_every_catalogue():
    found = codes_in_core()
    assert not {code: where for code, where in found.items() if code not in REFUSALS}
    for lang in ["en", "nb", "sv"]:
        missing = [code for code, template in REFUSALS.items()
                   if template not in catalogue(lang)]
        assert not missing, f"missing from {lang}: {missing}"


@pytest.mark.parametrize("lang", ["nb", "sv"])
@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_refusals_render_in_the_language_with_symbols_and_no_rule(code, lang):
    error = sample_error(code)
    english = refusal_text(error, translator("en"))
    shown = refusal_text(error, translator(lang))
    assert shown != english
    assert catalogue(lang)[REFUSALS[code]] != REFUSALS[code]
    assert fields(catalogue(lang)[REFUSALS[code]]) == fields(REFUSALS[code])
    assert not FILE_CARD.search(shown), shown
    assert "RULES" not in shown and "§" not in shown
    if "card" in error.params:
        assert "K♠" in shown


def test_refusals_english_rendering_uses_symbols_and_keeps_str_as_it_was():
    error = sample_error("just_taken")
    assert str(error) == "an English sentence (RULES §5.3)"
    assert refusal_text(error, translator("en")) == (
        "K♠ was just taken from the discard pile and cannot be thrown this turn")


def test_refusals_without_a_code_are_told_as_they_are():
    error = GinRummyError("no saved match with id 'x'")
    assert refusal_text(error, translator("nb")) == "no saved match with id 'x'"


def test_refusals_parsed_actions_carry_codes_and_keep_their_english():
    cases = {
        "fly away": ("not_an_action", {"text": "fly away"},
                     "not an action: 'fly away' (expected take, pass, draw stock, draw pile, "
                     "discard CARD, knock CARD, gin CARD or big gin)"),
        "discard ZZ": ("not_a_card", {"text": "ZZ"}, None),
        "discard KS show AC 2C 3C": ("show_not_knock", {"rule": "§6.2"}, None),
        "knock KS show AC 2C": ("not_a_meld", {"cards": (0, 1)}, None),
        "knock KS show AC AC 2C": ("bad_show", {"text": "AC AC 2C"}, None),  # duplicate card
        "knock KS show AC 2C 3C | ZZ": ("bad_show", {"text": "AC 2C 3C | ZZ"}, None),
    }
    for text, (code, params, english) in cases.items():
        with pytest.raises(IllegalActionError) as caught:
            parse_action(text)
        assert caught.value.code == code and caught.value.params == params, text
        if english is not None:
            assert str(caught.value) == english


def test_refusals_a_show_that_does_not_fit_the_hand_carries_its_cards():
    from ginrummy.core.cards import parse_cards, to_mask
    from ginrummy.core.showing import check_show
    hand = to_mask(parse_cards("AC 2C 3C 2S 3S 4S 5S AD 2D 4H"))
    twice = (to_mask(parse_cards("2C 2D 2S")), to_mask(parse_cards("2S 3S 4S")))
    with pytest.raises(IllegalActionError) as caught:
        check_show(hand, twice, 10)
    assert caught.value.code == "shown_twice" and caught.value.params["cards"] == (40,)
    assert str(caught.value) == "2S is shown in two melds (RULES §2.2)"
    assert refusal_text(caught.value, translator("nb")) == "2♠ er vist i to kombinasjoner"
    assert refusal_text(caught.value, translator("sv")) == "2♠ visas i två kombinationer"


def every_action() -> list[Action]:
    return [TAKE, PASS, DRAW_STOCK, DRAW_PILE, BIG_GIN, *DISCARDS, *KNOCKS, *GINS]


def refusals_in_play(rules_name: str, seed: int) -> list[IllegalActionError]:
    """Every action refused at every position of a random hand (and once it is over)."""
    rng = random.Random(seed)
    state = HandState.deal(rules_for(rules_name), seed=seed)
    refused: list[IllegalActionError] = []
    while True:
        for action in every_action():
            try:
                state.verify(action)
            except IllegalActionError as error:
                refused.append(error)
        if state.is_over:
            return refused
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_refusals_met_in_play_are_never_english_file_notation_or_rule_numbers(lang):
    refused = [error for rules_name, seed in [("classic", 1), ("classic", 2), ("straight", 3),
                                              ("modern", 4)]
               for error in refusals_in_play(rules_name, seed)]
    codes = {error.code for error in refused}
    assert {"hand_over", "upcard_non_dealer", "take_not_first_turn", "pass_not_now",
            "draw_first", "already_drawn", "not_held", "knock_too_high",
            "gin_deadwood", "no_big_gin", "straight_no_knock"} <= codes
    assert "" not in codes
    _ = translator(lang)
    english = translator("en")
    for error in {error.code + repr(error.params): error for error in refused}.values():
        shown = refusal_text(error, _)
        assert shown != refusal_text(error, english) and shown != str(error)
        assert not FILE_CARD.search(shown) and "§" not in shown, shown
        if isinstance(error.params.get("card"), int):
            assert pretty_card(error.params["card"]) in shown  # type: ignore[arg-type]


def test_refusals_of_the_match_layer_carry_codes():
    match = Match.new(rules_for("classic", target=1), seed=3)
    waiting = 1 - match.pending()[0]
    with pytest.raises(IllegalActionError) as wrong_seat:
        match.apply(PASS, seat=waiting)
    assert wrong_seat.value.code == "not_your_turn"
    player = make_player("standard", seed=0)
    while not match.is_over:  # the first hand with a score ends a match to 1 point
        if match.deal_over:
            match.next_deal()
            continue
        seat = match.pending()[0]
        match.apply(player.choose(match.view(seat)), seat=seat)
    with pytest.raises(IllegalActionError) as over:
        match.apply(PASS, seat=0)
    assert over.value.code == "match_over"
    assert refusal_text(over.value, translator("sv")) != refusal_text(over.value, translator("en"))
