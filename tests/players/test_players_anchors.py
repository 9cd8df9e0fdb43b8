"""The anchor wrappers around OpenSpiel's and RLCard's bots (the ``bench`` extra)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from ginrummy.core.actions import Action
from ginrummy.core.cards import format_card
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players import make_player
from ginrummy.players.anchors import card_from_openspiel, openspiel_card, rlcard_card
from ginrummy.players.base import Player


def play_checked(rules_name: str, players: tuple[Player, Player], seed: int) -> Match:
    """A whole match where every answer must be one of the view's legal actions."""
    match = Match.new(rules_for(rules_name), seed=seed)
    while not match.is_over:
        if match.hand_over:
            match.next_hand()
            continue
        view = match.view(match.state.to_play)
        action = players[view.player].choose(view)
        assert action in view.legal_actions, (players[view.player].name, action)
        match.apply(action)
    return match


def test_players_openspiel_card_order_matches_openspiel() -> None:
    import pyspiel

    state = pyspiel.load_game("gin_rummy").new_initial_state()
    for _ in range(21):  # deal, so that card actions are a player's discards
        state.apply_action(state.chance_outcomes()[0][0])
    for card in range(52):
        text = state.action_to_string(0, openspiel_card(card)).rsplit(" ", 1)[1]
        assert text.upper() == format_card(card)
        assert card_from_openspiel(openspiel_card(card)) == card


def test_players_rlcard_card_order_matches_rlcard() -> None:
    from rlcard.games.gin_rummy.utils import utils

    for card in range(52):
        rl = utils.get_card(rlcard_card(card))
        assert rl.rank + rl.suit == format_card(card)


@pytest.mark.parametrize("rules_name", ["eaai", "oklahoma", "straight", "classic"])
def test_players_openspiel_simple_plays_whole_matches_legally(rules_name: str) -> None:
    bot = make_player("openspiel-simple", seed=1)
    match = play_checked(rules_name, (bot, make_player("standard", seed=2)), seed=5)
    assert match.winner in (0, 1) and len(match.hands) >= 2
    if rules_name != "straight":  # there OpenSpiel may "knock" with the card it just took
        assert bot.fallbacks == 0  # type: ignore[attr-defined]  # every decision was OpenSpiel's


def test_players_openspiel_simple_falls_back_where_openspiel_has_no_rules() -> None:
    bot = make_player("openspiel-simple", seed=1)
    match = Match.new(rules_for("classic", eleven_card_deal=True), seed=3)
    view = match.view(match.state.to_play)
    assert bot.choose(view) in view.legal_actions
    assert bot.fallbacks == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules_name", ["eaai", "modern", "oklahoma"])
def test_players_rlcard_novice_plays_whole_matches_legally(rules_name: str) -> None:
    match = play_checked(rules_name, (make_player("standard", seed=1),
                                      make_player("rlcard-novice", seed=2)), seed=8)
    assert match.winner in (0, 1)


def test_players_rlcard_novice_is_reproducible_and_leaves_numpy_alone() -> None:
    def decisions(seed: int) -> list[Action]:
        bot = make_player("rlcard-novice", seed=seed)
        match = Match.new(rules_for("eaai"), seed=11)
        made = []
        while not match.hand_over:
            view: PlayerView = match.view(match.state.to_play)
            action = bot.choose(view)
            made.append(action)
            match.apply(action)
        return made

    np.random.seed(99)
    expected_next = np.random.random()
    np.random.seed(99)
    first = decisions(4)
    assert np.random.random() == expected_next
    assert decisions(4) == first


@pytest.mark.parametrize(("name", "module"), [("openspiel-simple", "pyspiel"),
                                              ("rlcard-novice", "rlcard.models.gin_rummy_rule_models")])
def test_players_anchor_without_its_library_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, name: str, module: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # makes the import fail as if not installed
    with pytest.raises(GinRummyError, match=rf"the {name} player needs .*ginrummy\[bench\]"):
        make_player(name)
