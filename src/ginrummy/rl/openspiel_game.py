"""Our engine as an OpenSpiel Python game: ``pyspiel.load_game("python_ginrummy")``.

Importing this module registers the game. One episode is one hand between players 0 and 1 with
player 0 dealing (parameter ``dealer`` to change it). The chance player deals: 52 chance
outcomes, one card at a time, fix the deck's order, the first 21 making the hands and the upcard
as RULES §3.3 deals them. Actions are those of :mod:`ginrummy.rl.encoding`; the observation
tensor is its vector, and the information state string is everything the player has seen
(their view's history), so OpenSpiel's imperfect-information algorithms (IS-MCTS, with
:func:`resample` for its worlds) run on our rules. Parameter ``rules`` takes a preset name with
options, in the rules notation: ``"oklahoma knock_limit=8"``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_ginrummy", {"rules": "straight"})
>>> game.num_distinct_actions(), game.num_players()
(161, 2)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ginrummy.core.cards import BIT, FULL_DECK, NUM_CARDS, format_cards, from_mask
from ginrummy.core.rules import Rules, parse_rules
from ginrummy.core.state import HandState
from ginrummy.rl.config import resolve_rules
from ginrummy.rl.encoding import (
    NUM_ACTIONS,
    OBS_SIZE,
    action_index,
    encode_view,
    index_action,
)

SHORT_NAME = "python_ginrummy"
MAX_DEADWOOD = 100  # ten face cards
MAX_GAME_LENGTH = NUM_CARDS + 150  # the deal, then at most two actions per card drawn

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Gin Rummy (ginrummy engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "classic", "dealer": 0},
)


def _max_points(rules: Rules) -> int:
    bonus = max(rules.gin_bonus, rules.big_gin_bonus, rules.undercut_bonus + rules.knock_bonus)
    return (bonus + MAX_DEADWOOD) * 2  # Oklahoma's spade upcard doubles


class GinRummyGame(pyspiel.Game):
    """One hand of Gin Rummy under any rules preset and options."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = resolve_rules(parse_rules(str(params.get("rules", "classic"))))
        self.dealer = int(params.get("dealer", 0))
        bound = _max_points(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            num_players=2,
            min_utility=-float(bound),
            max_utility=float(bound),
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> GinRummyState:
        return GinRummyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> GinRummyObserver:
        return GinRummyObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Table:
    """The Python side of a state. OpenSpiel clones states with ``copy.deepcopy``; this copies
    with the engine's own :meth:`HandState.clone`, which shares the immutable parts."""

    __slots__ = ("rules", "dealer", "deck", "hand")

    def __init__(self, rules: Rules, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.deck: list[int] = []
        self.hand: HandState | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        other = _Table(self.rules, self.dealer)
        other.deck = list(self.deck)
        other.hand = None if self.hand is None else self.hand.clone()
        return other


class GinRummyState(pyspiel.State):
    """The deal in progress (chance), then a :class:`HandState` of the core."""

    def __init__(self, game: GinRummyGame) -> None:
        super().__init__(game)
        self.table = _Table(game.rules, game.dealer)

    @property
    def deck(self) -> list[int]:
        return self.table.deck

    @property
    def hand(self) -> HandState | None:
        return self.table.hand

    def current_player(self) -> int:
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.hand.to_play

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = set(self.deck)
        left = [c for c in range(NUM_CARDS) if c not in dealt]
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return sorted(action_index(a) for a in self.hand.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            self.deck.append(action)
            if len(self.deck) == NUM_CARDS - 1:  # the last card has one place to go
                self.deck.append(next(iter(set(range(NUM_CARDS)) - set(self.deck))))
            if len(self.deck) == NUM_CARDS:
                self.table.hand = HandState(self.table.rules, dealer=self.table.dealer,
                                            deck=self.deck)
            return
        self.hand.apply(index_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_cards([action])}"
        return str(index_action(action))

    def is_terminal(self) -> bool:
        return self.hand is not None and self.hand.is_over

    def returns(self) -> list[float]:
        if self.hand is None or self.hand.result is None:
            return [0.0, 0.0]
        result = self.hand.result
        gain = result.points_for(0) - result.points_for(1)
        return [float(gain), float(-gain)]

    def information_state_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        if self.hand is None:
            return f"p{player} dealing {len(self.deck)}"
        view = self.hand.view(player)
        dealt = self.hand.deck[:21]
        non_dealer = player != self.table.dealer
        mine = [c for i, c in enumerate(dealt[:20]) if (i % 2 == 0) == non_dealer]
        moves = " ".join(
            f"{m.player}:{m.action}" + ("" if m.card is None else f"@{format_cards([m.card])}")
            for m in view.history
        )
        upcard = "-" if view.upcard is None else format_cards([view.upcard])
        # The hand held now is part of it: a resampled world keeps the deal and history strings
        # but not the opponent's cards, and the legal actions must follow the key.
        return (f"p{player} dealt {format_cards(sorted(mine))} up {upcard} | {moves} | "
                f"holds {format_cards(view.hand)}")

    def observation_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        if self.hand is None:
            return f"p{player} dealing {len(self.deck)}"
        view = self.hand.view(player)
        top = "-" if view.pile_top is None else format_cards([view.pile_top])
        return (f"p{player} hand {format_cards(view.hand)} top {top} stock {view.stock_size} "
                f"phase {view.phase.value}")

    def observation_tensor(self, player: int | None = None) -> list[float]:
        player = self.current_player() if player is None else player
        if self.hand is None:
            return [0.0] * OBS_SIZE
        return encode_view(self.hand.view(player)).tolist()

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: {len(self.deck)} cards placed"
        hands = " / ".join(format_cards(from_mask(h)) for h in self.hand.hands)
        return f"{hands} | top {self.hand.pile_top} | {self.hand.phase.value}"


def resample(state: GinRummyState, player: int, rng: random.Random | None = None) -> GinRummyState:
    """A world ``player`` cannot tell from ``state``: the opponent's unseen cards and the stock
    dealt afresh from the cards ``player`` has not seen (the resampler IS-MCTS asks for)."""
    world = state.clone()
    hand = world.hand
    if hand is None:
        return world
    rng = rng or random.Random()
    opponent = 1 - player
    view = hand.view(player)
    known = 0
    for card in view.opponent_took():
        known |= BIT[card]
    known &= hand.hands[opponent]  # those still held (thrown ones are on the pile)
    seen = hand.hands[player] | known
    for card in hand.pile:
        seen |= BIT[card]
    unseen = from_mask(FULL_DECK & ~seen)
    rng.shuffle(unseen)
    hidden = hand.hands[opponent].bit_count() - known.bit_count()
    hand.hands[opponent] = known
    for card in unseen[:hidden]:
        hand.hands[opponent] |= BIT[card]
    hand.stock = unseen[hidden:]
    return world


class GinRummyObserver:
    """The observation tensor and string for one player (OpenSpiel's PyObserver interface)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GinRummyState, player: int) -> None:
        self.tensor[:] = state.observation_tensor(player)

    def string_from(self, state: GinRummyState, player: int) -> str:
        return state.observation_string(player)


pyspiel.register_game(GAME_TYPE, GinRummyGame)
