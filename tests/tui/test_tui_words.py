"""The game in words: settlement text (RULES §8 worked example A), turn sentences, score sheet."""

from __future__ import annotations

import pytest

from ginrummy.core.actions import Action, parse_action
from ginrummy.core.cards import parse_cards
from ginrummy.core.rules import PRESETS, rules_for
from ginrummy.core.state import HandState
from ginrummy.i18n import catalogue, translator
from ginrummy.players.registry import player_names
from ginrummy.store import open_store
from ginrummy.tui.session import GameSession, Settings
from ginrummy.tui.words import (
    arrange,
    opponent_label,
    preset_label,
    result_lines,
    rules_text,
    score_lines,
    sort_words,
    turn_sentences,
)

KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D KS"  # example A's hand plus K♠ to throw face down
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"


def example_a() -> HandState:
    """Eleven-card deal: the non-dealer (P0, "you") holds eleven cards and may knock at once."""
    knocker, defender = parse_cards(KNOCKER), parse_cards(DEFENDER)
    dealt = [card for pair in zip(knocker, defender, strict=False) for card in pair]
    dealt.append(knocker[-1])
    rest = [card for card in range(52) if card not in dealt]
    state = HandState(rules_for("classic", eleven_card_deal=True), dealer=1, deck=dealt + rest)
    state.apply(parse_action("knock KS"))
    return state


def test_tui_words_settlement_of_worked_example_a():
    view = example_a().view(0)
    lines = result_lines(view, translator("en"))
    assert lines[0] == "You knocked."
    assert "Computer laid off 8♣ onto 9♣ 10♣ J♣." in lines
    assert "Deadwood after layoffs: You 8, Computer 25." in lines
    assert lines[-1] == "You score 17."
    assert "Du får 17 poeng." in result_lines(view, translator("nb"))


def test_tui_words_turn_sentences_hide_the_computers_stock_draws():
    state = HandState.deal(rules_for("classic"), dealer=0, seed=7)
    for text in ["pass", "pass", "draw stock"]:
        state.apply(parse_action(text))
    state.apply(Action.discard(state.hand(1)[0]))
    # P1 is the non-dealer: seen by P0 (you) it is the computer
    sentences = turn_sentences(state.view(0).history, state.view(0), translator("en"))
    assert sentences[0] == "Computer passed."
    assert sentences[1] == "You passed."
    assert sentences[2].startswith("Computer drew from the stock and threw ")
    mine = turn_sentences(state.view(1).history, state.view(1), translator("sv"))
    assert mine[2].startswith("Du drog ") and " från talongen och slängde " in mine[2]


def test_tui_words_hand_arrangement_groups_melds_first():
    mask = 0
    for card in parse_cards(KNOCKER):
        mask |= 1 << card
    groups = arrange(mask, "melds")
    assert [g.is_meld for g in groups] == [True, True, True, False]
    assert sorted(len(g.cards) for g in groups[:3]) == [3, 3, 3]
    assert [len(g.cards) for g in arrange(mask, "rank")] == [11]


def test_tui_words_hollywood_score_sheet_has_three_columns():
    session = GameSession.new(rules_for("hollywood"), Settings(opponent="random"),
                              store=open_store("sqlite:///:memory:"), seed=1)
    lines = score_lines(session.match, session.view, translator("en"))
    assert [line.split(" (")[0] for line in lines if line.startswith("Game")] == [
        "Game 1", "Game 2", "Game 3"]
    assert lines[-1] == "Match total: You 0 - Computer 0 (target 100)"


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_tui_words_every_preset_and_computer_player_has_a_name_in_the_language(lang):
    words = catalogue(lang)
    missing = [name for name in [*PRESETS, *player_names()] if name not in words]
    assert not missing, f"add these to locales/{lang}/LC_MESSAGES/ginrummy.po: {missing}"
    _ = translator(lang)
    assert preset_label("three-player", _) == {"nb": "tre spillere", "sv": "tre spelare"}[lang]
    assert opponent_label("beginner", _) == {"nb": "nybegynner", "sv": "nybörjare"}[lang]
    assert opponent_label("a-player-added-later", _) == "a-player-added-later"


def test_tui_words_rules_text_names_the_preset_and_each_changed_option():
    rules = rules_for("oklahoma", target=50, last_chance=True, dealer="loser")
    assert rules_text(rules, translator("nb")) == "Oklahoma, mål 50, siste sjanse, taperen gir"
    assert rules_text(rules, translator("sv")) == ("Oklahoma, mål 50, sista chansen, "
                                                   "förloraren ger")
    assert rules_text(rules_for("classic"), translator("en")) == "classic"


def test_tui_words_sort_orders_in_the_language():
    assert sort_words("nb") == ["kombinasjoner", "verdi", "farge"]
    assert sort_words("sv") == ["kombinationer", "valör", "färg"]
    assert sort_words("en") == ["melds", "rank", "suit"]
