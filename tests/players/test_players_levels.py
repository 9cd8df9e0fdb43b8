"""The rule-based levels: legal play under every preset, and each level's documented habits."""

from __future__ import annotations

import pytest
from stacked_deals import stacked

from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import BIT, parse_card, parse_cards, to_mask
from ginrummy.core.match import Match
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import PRESETS, Rules, rules_for
from ginrummy.core.state import HandState, Phase
from ginrummy.core.views import PlayerView
from ginrummy.players import make_player
from ginrummy.players.base import Player

LEVELS = ("random", "beginner", "standard", "gin-camper")
TWO_PLAYER_PRESETS = [name for name, rules in PRESETS.items() if rules.players == 2]


def discard_view(rules: Rules, *, hand: str, drawn: str) -> PlayerView:
    """Seat 1 holding ``hand`` has passed the upcard twice round and drawn ``drawn``."""
    state = stacked(rules, mine=hand, theirs="2H 4H 5H 6H 8D 8C 9C TC JD QC", upcard="AD",
                    stock=drawn)
    for action in (PASS, PASS, DRAW_STOCK):
        state.apply(action)
    return state.view(1)


class Checked:
    """Wraps a player: checks it is handed a view and answers with a legal action."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions = 0

    def choose(self, view: PlayerView) -> Action:
        assert isinstance(view, PlayerView)
        action = self.inner.choose(view)
        assert action in view.legal_actions, (self.name, action, view.legal_actions)
        self.decisions += 1
        return action

    def observe(self, view: PlayerView) -> None:
        assert isinstance(view, PlayerView)
        self.inner.observe(view)


@pytest.mark.parametrize("preset", TWO_PLAYER_PRESETS)
def test_players_every_level_plays_legal_matches_under_every_preset(preset: str) -> None:
    from ginrummy.players.base import play_match

    rules = rules_for(preset)
    hands = 0
    for index, name in enumerate(LEVELS):
        opponent = LEVELS[(index + 1) % len(LEVELS)]
        for seed in range(15):  # about 2,800 hands over the seven presets
            match = Match.new(rules, seed=seed * 10 + index)
            players = (Checked(make_player(name, seed=seed)), Checked(make_player(opponent)))
            play_match(match, players)
            assert match.is_over and match.winner in (0, 1)
            hands += len(match.hands)
    assert hands >= 150


@pytest.mark.parametrize("rules", [rules_for("classic", last_chance=True),
                                   rules_for("modern", eleven_card_deal=True),
                                   rules_for("oklahoma", oklahoma_ace="gin")])
def test_players_levels_stay_legal_with_option_combinations(rules: Rules) -> None:
    from ginrummy.players.base import play_match

    for index, name in enumerate(LEVELS[1:]):
        match = Match.new(rules.replace(target=50), seed=100 + index)
        play_match(match, (Checked(make_player(name, seed=1)), Checked(make_player(name, seed=2))))
        assert match.is_over


# -- standard: the EAAI SimpleGinRummyPlayer ---------------------------------------------------

def test_players_standard_takes_the_upcard_only_if_it_joins_a_meld() -> None:
    rules = rules_for("eaai")
    # mine: 7♥ 8♥ wait for 6♥/9♥; nothing else connects with the K♣ upcard
    joins = stacked(rules, mine="7H 8H 2C 4D 6S 9C JD AS 3H QS",
                    theirs="2D 3D 5H TC JC 4S 5C 8S KD QD", upcard="9H")
    lonely = stacked(rules, mine="7H 8H 2C 4D 6S 9C JD AS 3H QS",
                     theirs="2D 3D 5H TC JC 4S 5C 8S KD QD", upcard="KH")
    assert make_player("standard", seed=0).choose(joins.view(1)) == TAKE
    assert make_player("standard", seed=0).choose(lonely.view(1)) == PASS


def after_dealer_throws(card: str) -> PlayerView:
    """Seat 1 (7♥ 8♥ 9♥ ...) to draw after the dealer threw ``card``."""
    state = stacked(rules_for("eaai"), mine="7H 8H 2C 4D 6S 9C JD AS 3H QS",
                    theirs="6H 3D 5H TC JC 4S 5C 8S KD QD", upcard="KH", stock="9H 2H")
    state.apply(PASS)
    state.apply(PASS)  # both pass: seat 1 draws 9♥ from the stock and throws Q♠
    state.apply(DRAW_STOCK)
    state.apply(Action.discard(parse_card("QS")))
    state.apply(DRAW_STOCK)
    state.apply(Action.discard(parse_card(card)))
    view = state.view(1)
    assert view.pile_top == parse_card(card) and view.phase is Phase.DRAW
    return view


def test_players_standard_draws_a_discard_only_if_it_joins_a_meld() -> None:
    assert make_player("standard", seed=0).choose(after_dealer_throws("6H")) == DRAW_PILE
    assert make_player("standard", seed=0).choose(after_dealer_throws("5H")) == DRAW_STOCK


def test_players_gin_camper_takes_a_discard_that_lowers_its_deadwood() -> None:
    # 5♥ joins no meld, but kept in place of J♦ it saves 5 points of deadwood
    assert make_player("gin-camper", seed=0).choose(after_dealer_throws("5H")) == DRAW_PILE
    assert make_player("gin-camper", seed=0).choose(after_dealer_throws("KD")) == DRAW_STOCK


def test_players_standard_discards_among_least_deadwood_never_the_card_just_taken() -> None:
    rules = rules_for("eaai")
    for seed in range(60):
        state = HandState.deal(rules, dealer=0, seed=seed)
        state.apply(TAKE)  # seat 1 takes the upcard: it may not throw it back (§5.3)
        view = state.view(1)
        action = make_player("standard", seed=seed).choose(view)
        assert action.card is not None and action.card != view.taken
        hand = view.hand_mask
        least = min(min_deadwood(hand ^ BIT[c]) for c in view.hand if c != view.taken)
        assert min_deadwood(hand ^ BIT[action.card]) == least


def test_players_standard_knocks_at_the_first_chance() -> None:
    # 3♠4♠5♠ 7♦7♣7♥ 9♥T♥J♥ and A♣, drawing K♦: throw K♦ and knock with 1
    view = discard_view(rules_for("eaai"), hand="3S 4S 5S 7D 7C 7H 9H TH JH AC", drawn="KD")
    assert make_player("standard", seed=0).choose(view) == Action.knock(parse_card("KD"))
    assert make_player("beginner", seed=0).choose(view) == Action.knock(parse_card("KD"))


def test_players_rules_example_e_every_level_throws_the_king_of_diamonds() -> None:
    # RULES §8 example E: 4♠5♠ K♦9♦ 2♣ Q♥J♥T♥ 7♣7♦ drawing 6♠ -> throw K♦, the dearest loose card
    view = discard_view(rules_for("classic"), hand="4S 5S KD 9D 2C QH JH TH 7C 7D", drawn="6S")
    for name in ("beginner", "standard", "gin-camper"):
        action = make_player(name, seed=0).choose(view)
        assert action == Action.discard(parse_card("KD")), name


def test_players_every_level_declares_big_gin_when_the_rules_allow_it() -> None:
    view = discard_view(rules_for("modern"), hand="3S 4S 5S 7D 7C 7H 9H TH JH QH", drawn="KH")
    assert BIG_GIN in view.legal_actions
    for name in ("beginner", "standard", "gin-camper"):
        assert make_player(name, seed=0).choose(view) == BIG_GIN, name


def test_players_every_level_goes_gin() -> None:
    view = discard_view(rules_for("classic"), hand="3S 4S 5S 7D 7C 7H 9H TH JH QH", drawn="KC")
    for name in ("beginner", "standard", "gin-camper"):
        assert make_player(name, seed=0).choose(view) == Action.gin(parse_card("KC")), name


def test_players_gin_camper_waits_while_the_stock_is_full_and_knocks_when_it_runs_low() -> None:
    view = discard_view(rules_for("classic"), hand="3S 4S 5S 7D 7C 7H 9H TH JH AC", drawn="KD")
    assert view.stock_size > 10
    assert make_player("gin-camper", seed=0).choose(view) == Action.discard(parse_card("KD"))
    late = discard_view(rules_for("classic", stock_wall=0), hand="3S 4S 5S 7D 7C 7H 9H TH JH AC",
                        drawn="KD")
    low = PlayerView(**{**{f: getattr(late, f) for f in late.__dataclass_fields__},
                        "stock_size": 8})
    assert make_player("gin-camper", seed=0).choose(low) == Action.knock(parse_card("KD"))


def test_players_knock_limit_comes_from_the_view_in_oklahoma() -> None:
    # a 3♦ upcard: knock at 3 or less. Drawing K♦ and throwing it leaves 4♣ (4): no knock,
    # though classic rules would allow one.
    rules = rules_for("oklahoma")
    state = stacked(rules, mine="3S 4S 5S 7D 7C 7H 9H TH JH 4C",
                    theirs="2D 3C 4D 5D 6H 8H 9S JS QD KC", upcard="3D", stock="KD")
    for action in (PASS, PASS, DRAW_STOCK):
        state.apply(action)
    view = state.view(1)
    assert view.knock_limit == 3
    assert all(a.kind is not Kind.KNOCK for a in view.legal_actions)
    for name in ("beginner", "standard"):
        assert make_player(name, seed=0).choose(view) == Action.discard(parse_card("KD"))


def test_players_every_level_takes_a_last_chance_to_knock() -> None:
    rules = rules_for("classic", last_chance=True)
    driver = make_player("standard", seed=3)
    found = 0
    for seed in range(100):
        # play the hand out the standard way, but never ending it, to reach the stock wall
        state = HandState.deal(rules, dealer=0, seed=seed)
        while state.phase not in (Phase.OVER, Phase.LAST_CHANCE):
            action = driver.choose(state.view(state.to_play))
            if action.kind is Kind.BIG_GIN:
                break
            if action.kind in (Kind.KNOCK, Kind.GIN):
                action = Action.discard(action.card)
            state.apply(action)
        view = state.view(state.to_play)
        if state.phase is Phase.LAST_CHANCE and DRAW_PILE in view.legal_actions:
            found += 1
            for name in ("beginner", "standard", "gin-camper"):
                assert make_player(name, seed=0).choose(view) == DRAW_PILE, name
    assert found >= 3


def test_players_beginner_melds_greedily() -> None:
    from ginrummy.players.tactics import greedy_deadwood

    # 7♥8♥9♥T♥ is the longest meld; laying it first strands 7♠ 7♦, where the best layout
    # 7♠7♦7♥ + 8♥9♥T♥ leaves nothing
    hand = to_mask(parse_cards("7S 7D 7H 8H 9H TH"))
    assert min_deadwood(hand) == 0
    assert greedy_deadwood(hand) == to_mask(parse_cards("7S 7D"))
