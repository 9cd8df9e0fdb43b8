"""Our engine as an OpenSpiel Python game: ``pyspiel.load_game("python_ginrummy")``.

Importing this module registers the game. One episode is one hand between players 0 and 1 with
player 0 dealing (parameter ``dealer`` to change it). The chance player deals: 51 chance
outcomes, one card at a time (the 52nd has one place left), fix the deck's order, the first 21
making the hands and the upcard as RULES §3.3 deals them. Actions are those of
:mod:`ginrummy.rl.encoding`. Parameter ``rules`` takes a preset name with options, in the rules
notation: ``"oklahoma knock_limit=8"``.

What a player knows comes in the two kinds OpenSpiel asks for, each as a tensor and a string that
say the same thing (equal strings exactly when equal tensors):

* the **observation** (``observation_tensor``, ``make_observation(game)``): the 219 values of
  :mod:`ginrummy.rl.encoding`, what the player sees now: own hand, pile top, every discard,
  the opponent's known cards, phase, stock size, knock limit;
* the **information state** (``information_state_tensor``,
  ``make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))``): everything the
  player has seen since the deal, in order, with perfect recall; the layout is in
  :mod:`ginrummy.rl.infostate` (10,557 values for the default cap).

Both come from the player's view only, so they never depend on a hidden card. Other observation
types (no private information, or everybody's) raise ``ValueError``.

**The cap.** Taking from the discard pile does not shrink the stock, so two players could take
from it for ever. Parameter ``max_pile_draws`` (50, as OpenSpiel's ``gin_rummy``) bounds it:
once that many cards have been taken from the pile (the upcard taken on the first turn counts),
the turn that took the last of them is played out, and if it ends with a discard the hand is
dead: terminal, nobody scores, as at the stock wall (RULES §7.1). A knock or gin in that turn
still counts. So a hand has at most ``2 * (31 + max_pile_draws) + 3`` decisions (165), the
``max_game_length`` the game declares and the number of move slots in the information state.
Random play reaches the cap in under 1% of hands; the engine's players almost never.

IS-MCTS runs with :func:`resample` for its worlds; NFSP and the other algorithms that read
``information_state_tensor`` run unchanged.

>>> import pyspiel
>>> game = pyspiel.load_game("python_ginrummy", {"rules": "straight"})
>>> game.num_distinct_actions(), game.num_players(), game.max_game_length()
(161, 2, 165)
>>> game.information_state_tensor_shape(), game.observation_tensor_shape()
([10557], [219])
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pyspiel

from ginrummy.core.actions import Kind
from ginrummy.core.cards import BIT, FULL_DECK, NUM_CARDS, format_cards, from_mask
from ginrummy.core.rules import Rules, parse_rules
from ginrummy.core.state import HandState, Phase
from ginrummy.core.views import PlayerView
from ginrummy.rl import infostate
from ginrummy.rl.config import resolve_rules
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE, action_index, encode_view, index_action

SHORT_NAME = "python_ginrummy"
MAX_DEADWOOD = 100  # ten face cards
MAX_PILE_DRAWS = infostate.MAX_PILE_DRAWS
MAX_GAME_LENGTH = infostate.max_moves(MAX_PILE_DRAWS)  # player decisions; the deal is chance

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
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "classic", "dealer": 0, "max_pile_draws": MAX_PILE_DRAWS},
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
        self.max_pile_draws = int(params.get("max_pile_draws", MAX_PILE_DRAWS))
        if self.max_pile_draws < 1:
            raise ValueError(f"max_pile_draws must be at least 1, not {self.max_pile_draws}")
        bound = _max_points(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            num_players=2,
            min_utility=-float(bound),
            max_utility=float(bound),
            utility_sum=0.0,
            max_game_length=infostate.max_moves(self.max_pile_draws),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> GinRummyState:
        return GinRummyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> GinRummyObserver:
        return GinRummyObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Table:
    """The Python side of a state. OpenSpiel clones states with ``copy.deepcopy``; this copies
    with the engine's own :meth:`HandState.clone`, which shares the immutable parts."""

    __slots__ = ("rules", "dealer", "max_pile_draws", "deck", "hand", "pile_draws", "capped")

    def __init__(self, rules: Rules, dealer: int, max_pile_draws: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.max_pile_draws = max_pile_draws
        self.deck: list[int] = []
        self.hand: HandState | None = None
        self.pile_draws = 0  # cards taken from the discard pile so far
        self.capped = False  # the hand died at the cap on pile draws

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        other = _Table(self.rules, self.dealer, self.max_pile_draws)
        other.deck = list(self.deck)
        other.hand = None if self.hand is None else self.hand.clone()
        other.pile_draws = self.pile_draws
        other.capped = self.capped
        return other


class GinRummyState(pyspiel.State):
    """The deal in progress (chance), then a :class:`HandState` of the core."""

    def __init__(self, game: GinRummyGame) -> None:
        super().__init__(game)
        self.table = _Table(game.rules, game.dealer, game.max_pile_draws)

    @property
    def deck(self) -> list[int]:
        return self.table.deck

    @property
    def hand(self) -> HandState | None:
        return self.table.hand

    @property
    def capped(self) -> bool:
        """Whether the hand died at the cap on pile draws (see the module docstring)."""
        return self.table.capped

    def current_player(self) -> int:
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_over or self.table.capped:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.hand.to_play

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = set(self.deck)
        left = [c for c in range(NUM_CARDS) if c not in dealt]
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        if self.hand is None or self.is_terminal() or player != self.hand.to_play:
            return []
        return sorted(action_index(a) for a in self.hand.legal_actions())

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table.hand is None:
            table.deck.append(action)
            if len(table.deck) == NUM_CARDS - 1:  # the last card has one place to go
                table.deck.append(next(iter(set(range(NUM_CARDS)) - set(table.deck))))
            if len(table.deck) == NUM_CARDS:
                table.hand = HandState(table.rules, dealer=table.dealer, deck=table.deck)
            return
        kind = table.hand.apply(index_action(action)).action.kind
        if kind is Kind.TAKE or kind is Kind.DRAW_PILE:
            table.pile_draws += 1
        elif (kind is Kind.DISCARD and not table.hand.is_over
              and table.pile_draws >= table.max_pile_draws):
            table.capped = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_cards([action])}"
        return str(index_action(action))

    def is_terminal(self) -> bool:
        return self.hand is not None and (self.hand.is_over or self.table.capped)

    def returns(self) -> list[float]:
        if self.hand is None or self.hand.result is None:
            return [0.0, 0.0]  # also a hand that died at the cap
        result = self.hand.result
        gain = result.points_for(0) - result.points_for(1)
        return [float(gain), float(-gain)]

    def view(self, player: int) -> PlayerView:
        """``player``'s view of the hand; a hand that died at the cap shows as over."""
        assert self.hand is not None
        view = self.hand.view(player)
        if self.table.capped:
            view = dataclasses.replace(view, phase=Phase.OVER, legal_actions=(), taken=None)
        return view

    def _dealt_so_far(self, player: int) -> tuple[list[int], int | None]:
        """The cards ``player`` has received while the deal goes on, and the upcard if turned."""
        rules, dealer = self.table.rules, self.table.dealer
        hand_cards = 21 if rules.eleven_card_deal else 20
        mine = [card for i, card in enumerate(self.deck[:hand_cards])
                if (i % 2 == 0) == (player != dealer)]
        upcard = None
        if not rules.eleven_card_deal and len(self.deck) > 20:
            upcard = self.deck[20]
        return mine, upcard

    def information_state_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        return _info_state_string(self, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        player = self.current_player() if player is None else player
        return _info_state_tensor(self, player).tolist()

    def observation_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        return _observation_string(self, player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        player = self.current_player() if player is None else player
        return _observation_tensor(self, player).tolist()

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: {len(self.deck)} cards placed"
        hands = " / ".join(format_cards(from_mask(h)) for h in self.hand.hands)
        phase = "dead at the pile-draw cap" if self.table.capped else self.hand.phase.value
        return f"{hands} | top {self.hand.pile_top} | {phase}"


# The four ways of seeing a state. The state's methods (called from Python) and the observers
# (called from OpenSpiel's C++ side) both use these, so the two can never disagree.

def _info_state_tensor(state: GinRummyState, player: int) -> np.ndarray:
    cap = state.table.max_pile_draws
    if state.hand is None:
        dealt, upcard = state._dealt_so_far(player)
        return infostate.encode_deal(player, state.table.dealer, dealt, upcard,
                                     max_pile_draws=cap)
    return infostate.encode_info_state(state.view(player), max_pile_draws=cap)


def _info_state_string(state: GinRummyState, player: int) -> str:
    if state.hand is None:
        dealt, upcard = state._dealt_so_far(player)
        return infostate.deal_text(player, state.table.dealer, dealt, upcard)
    return infostate.info_state_text(state.view(player))


def _observation_tensor(state: GinRummyState, player: int) -> np.ndarray:
    if state.hand is None:
        return np.zeros(OBS_SIZE, np.float32)
    return encode_view(state.view(player))


def _observation_string(state: GinRummyState, player: int) -> str:
    if state.hand is None:
        return "dealing"  # the observation is all zeros until the hand is dealt
    return infostate.observation_text(state.view(player))


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


def _supported(iig_obs_type: Any) -> bool:
    return (iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER)


class GinRummyObserver:
    """OpenSpiel's PyObserver for one kind of observation: with ``perfect_recall`` the
    information state (:mod:`ginrummy.rl.infostate`), without it the 219-value observation.
    Both are one player's own private information plus the public information; other
    :class:`pyspiel.IIGObservationType` settings raise ``ValueError``."""

    def __init__(self, game: GinRummyGame, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if not _supported(iig_obs_type):
            raise ValueError(
                "python_ginrummy observes with public_info=True and "
                f"private_info=SINGLE_PLAYER only, not {iig_obs_type}"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            moves = infostate.max_moves(game.max_pile_draws)
            self.tensor = np.zeros(infostate.info_state_size(game.max_pile_draws), np.float32)
            pieces = [("player", infostate.PLAYER, (2,)), ("dealer", infostate.DEALT_BY_ME, (1,)),
                      ("dealing", infostate.DEALING, (1,)),
                      ("dealt", infostate.DEALT, (NUM_CARDS,)),
                      ("upcard", infostate.UPCARD, (NUM_CARDS,)),
                      ("observation", infostate.OBSERVATION, (OBS_SIZE,)),
                      ("history", infostate.HISTORY, (moves, infostate.MOVE_SIZE))]
            self.dict = {name: self.tensor[start:start + int(np.prod(shape))].reshape(shape)
                         for name, start, shape in pieces}
        else:
            self.tensor = np.zeros(OBS_SIZE, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: GinRummyState, player: int) -> None:
        if self.perfect_recall:
            self.tensor[:] = _info_state_tensor(state, player)
        else:
            self.tensor[:] = _observation_tensor(state, player)

    def string_from(self, state: GinRummyState, player: int) -> str:
        if self.perfect_recall:
            return _info_state_string(state, player)
        return _observation_string(state, player)


pyspiel.register_game(GAME_TYPE, GinRummyGame)
