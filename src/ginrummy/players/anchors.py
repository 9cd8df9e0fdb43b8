"""Anchor opponents from the research libraries (the optional ``bench`` extra).

``openspiel-simple`` wraps OpenSpiel's ``SimpleGinRummyBot``; ``rlcard-novice`` wraps RLCard's
``GinRummyNoviceRuleAgent``. Each sees only our :class:`PlayerView`, translates it into its
library's terms, asks the library's own code, and translates the answer back. The libraries are
imported when a player is made, never before, and a clear error says how to install them.

How the rule differences are reconciled:

* **OpenSpiel** has no dealer: its player 0 decides on the upcard first, so our non-dealer is its
  player 0. Its ``knock_card`` is set each decision from ``view.knock_limit`` (so Oklahoma and
  other limits come from our rules); where knocking is not allowed at all (straight gin, an ace
  upcard in Oklahoma) its knock is played as a plain discard of the same card (or, when that
  card was just taken from the pile, which our §5.3 forbids, as a ``standard`` move). OpenSpiel has no
  big gin: the wrapper declares it itself when our rules offer it. The bot is asked on a *shadow*
  OpenSpiel state rebuilt from the view before every decision: our cards are real; the
  opponent's unseen cards are stand-ins, chosen so that every card it was seen to throw was in
  its hand at the time (the bot reads only its own hand and public cards, so stand-ins cannot
  change its choice). A position OpenSpiel's rules cannot reach (the eleven-card deal, a stock
  wall other than two cards) is played the ``standard`` way instead, and counted in
  ``fallbacks``.
* **RLCard** deals eleven cards to the first player and has no upcard turn; its novice agent
  picks every draw (ours: take or pass the upcard, draw the stock or the pile, take a last
  chance or let the hand die) at random among the legal ones, which the wrapper offers as
  RLCard's draw-card / pick-up-discard / declare-dead-hand actions. Its discard, knock and gin
  choices are made on our legal actions encoded as RLCard action ids; RLCard's single "gin"
  action becomes our big gin when legal, else gin throwing the first card that allows it.
  The agent draws from numpy's global random generator; the wrapper seeds it from its own seed
  for each decision and restores it afterwards, so results are reproducible.
"""

from __future__ import annotations

import importlib
from collections import OrderedDict
from types import ModuleType
from typing import Any

from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import RANK_OF, SUIT_OF, Card
from ginrummy.core.errors import GinRummyError
from ginrummy.core.state import Move, Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.standard import StandardPlayer
from ginrummy.players.tactics import ending_action

_DRAWS = (Kind.TAKE, Kind.DRAW_PILE, Kind.DRAW_STOCK)


def _require(module: str, player: str, library: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError:
        raise GinRummyError(
            f"the {player} player needs {library}: pip install 'ginrummy[bench]'"
        ) from None


# -- OpenSpiel --------------------------------------------------------------------------------

OS_DRAW_UPCARD, OS_DRAW_STOCK, OS_PASS, OS_KNOCK = 52, 53, 54, 55
OS_WALL = 2  # OpenSpiel's stock wall
HAND_SIZE = 10


def openspiel_card(card: Card) -> int:
    """OpenSpiel orders suits spades, clubs, diamonds, hearts; we order clubs to spades."""
    return (SUIT_OF[card] + 1) % 4 * 13 + RANK_OF[card]


def card_from_openspiel(action: int) -> Card:
    return (action // 13 + 3) % 4 * 13 + action % 13


class ShadowError(Exception):
    """The position cannot be replayed under OpenSpiel's rules."""


class OpenSpielSimplePlayer(BasePlayer):
    """OpenSpiel's SimpleGinRummyBot, asked on a shadow OpenSpiel state (see the module notes)."""

    name = "openspiel-simple"

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self._pyspiel = _require("pyspiel", self.name, "OpenSpiel (open_spiel)")
        # by knock card: OpenSpiel's game, its state before the deal, and both seats' bots
        self._games: dict[int, tuple[Any, Any, tuple[Any, Any]]] = {}
        self._fallback = StandardPlayer(seed=seed)
        self.fallbacks = 0  # decisions OpenSpiel's rules could not express

    def choose(self, view: PlayerView) -> Action:
        if BIG_GIN in view.legal_actions:
            return BIG_GIN
        try:
            return self._ask_bot(view)
        except ShadowError:
            self.fallbacks += 1
            return self._fallback.choose(view)

    def _game(self, knock_limit: int) -> tuple[Any, Any, tuple[Any, Any]]:
        """OpenSpiel's game, a fresh state and both seats' bots; made once, they are slow to make."""
        knock_card = max(1, knock_limit)  # OpenSpiel needs one; see the module notes
        if knock_card not in self._games:
            game = self._pyspiel.load_game("gin_rummy", {"knock_card": knock_card})
            params = game.get_parameters()
            bots = (self._pyspiel.make_simple_gin_rummy_bot(params, 0),
                    self._pyspiel.make_simple_gin_rummy_bot(params, 1))
            self._games[knock_card] = (game, game.new_initial_state(), bots)
        return self._games[knock_card]

    def _ask_bot(self, view: PlayerView) -> Action:
        if view.rules.eleven_card_deal or view.rules.stock_wall != OS_WALL:
            raise ShadowError("OpenSpiel deals ten cards and stops at a two-card stock")
        _, first_state, bots = self._game(view.knock_limit)
        me = 0 if view.player != view.dealer else 1  # the non-dealer is OpenSpiel's player 0
        state = shadow_state(first_state, view, me)
        bot = bots[me]
        bot.restart()  # it queues meld declarations after a knock; start each decision clean
        answer = bot.step(state)
        if answer == OS_KNOCK:
            state.apply_action(OS_KNOCK)
            card = card_from_openspiel(bot.step(state))
            action = ending_action(view, card)
            if action is None:  # no knocking under our rules: throw the card instead
                action = Action.discard(card)
        else:
            action = _our_action(view, answer)
        if action not in view.legal_actions:
            raise ShadowError(f"OpenSpiel's answer {action} is not legal here")
        return action


def _our_action(view: PlayerView, answer: int) -> Action:
    if answer < 52:
        card = card_from_openspiel(answer)
        return ending_action(view, card, knock=False) or Action.discard(card)
    if answer == OS_DRAW_UPCARD:
        return TAKE if view.phase is Phase.UPCARD else DRAW_PILE
    if answer == OS_DRAW_STOCK:
        return DRAW_STOCK
    if answer == OS_PASS:
        return PASS
    raise ShadowError(f"unexpected OpenSpiel action {answer}")


def shadow_state(first_state: Any, view: PlayerView, me: int) -> Any:
    """An OpenSpiel state in step with ``view``: real cards for us, consistent stand-ins else.

    ``first_state`` is the game's initial state (before the deal); it is cloned, not changed.
    """
    seat = view.player
    history = view.history
    mine = _opening_hand(view)
    theirs, stock_draws = _opponent_cards(history, 1 - seat, view, mine)
    if view.upcard is None:
        raise ShadowError("no upcard: OpenSpiel always turns one")
    hands = (mine, theirs) if me == 0 else (theirs, mine)
    state = first_state.clone()
    for card in (*hands[0], *hands[1], view.upcard):
        state.apply_action(openspiel_card(card))
    stock = iter(stock_draws)
    for move in history:
        _replay(state, move, stock)
    return state


def _replay(state: Any, move: Move, stock: Any) -> None:
    kind = move.action.kind
    if kind in (Kind.TAKE, Kind.DRAW_PILE):
        steps = [OS_DRAW_UPCARD]
    elif kind is Kind.DRAW_STOCK:
        steps = [OS_DRAW_STOCK, openspiel_card(next(stock))]
    elif kind is Kind.PASS:
        steps = [OS_PASS]
    elif kind is Kind.DISCARD and move.action.card is not None:
        steps = [openspiel_card(move.action.card)]
    else:
        raise ShadowError(f"cannot replay {move.action} in OpenSpiel")
    for step in steps:
        legal = state.chance_outcomes() if state.is_chance_node() else state.legal_actions()
        options = [a for a, _ in legal] if state.is_chance_node() else legal
        if step not in options:
            raise ShadowError(f"OpenSpiel does not allow {move.action} here")
        state.apply_action(step)


def _opening_hand(view: PlayerView) -> list[Card]:
    """Our dealt cards: the hand now, with our draws put back and our discards taken back."""
    hand = list(view.hand)
    for move in reversed(view.history):
        if move.player != view.player:
            continue
        if move.action.kind in _DRAWS and move.card is not None:
            hand.remove(move.card)
        elif move.action.kind is Kind.DISCARD and move.action.card is not None:
            hand.append(move.action.card)
    if len(hand) != HAND_SIZE:
        raise ShadowError("not a ten-card deal")
    return hand


def _opponent_cards(
    history: tuple[Move, ...], opponent: int, view: PlayerView, mine: list[Card]
) -> tuple[list[Card], list[Card]]:
    """Stand-ins for the opponent's unseen cards, and the card of every stock draw in order.

    Its hidden cards are slots (ten dealt, one per stock draw); a thrown card it did not take
    from the pile fills the oldest open slot. Slots left open get cards nobody has seen.
    """
    slots: list[Card | None] = [None] * HAND_SIZE
    open_slots = list(range(HAND_SIZE))
    known: list[Card] = []
    draws: list[tuple[Card | None, int]] = []  # per stock draw: our card, or the opponent's slot
    seen = set(mine) | set(view.hand) | {view.upcard}
    for move in history:
        card = move.card if move.card is not None else move.action.card
        if card is not None:
            seen.add(card)
        if move.action.kind is Kind.DRAW_STOCK:
            if move.player == opponent:
                slots.append(None)
                open_slots.append(len(slots) - 1)
            draws.append((move.card, len(slots) - 1))
        if move.player != opponent:
            continue
        if move.action.kind in (Kind.TAKE, Kind.DRAW_PILE) and move.card is not None:
            known.append(move.card)
        elif move.action.kind is Kind.DISCARD and move.action.card is not None:
            thrown = move.action.card
            if thrown in known:
                known.remove(thrown)
            elif open_slots:
                slots[open_slots.pop(0)] = thrown
            else:
                raise ShadowError("the opponent threw more cards than it could hold")
    unseen = iter(c for c in range(52) if c not in seen)
    filled = [card if card is not None else next(unseen) for card in slots]
    return filled[:HAND_SIZE], [filled[slot] if card is None else card for card, slot in draws]


# -- RLCard -----------------------------------------------------------------------------------

RL_DRAW_CARD, RL_PICK_UP_DISCARD, RL_DECLARE_DEAD_HAND, RL_GIN = 2, 3, 4, 5
RL_DISCARD, RL_KNOCK = 6, 58


def rlcard_card(card: Card) -> int:
    """RLCard orders suits spades, hearts, diamonds, clubs; we order clubs to spades."""
    return (3 - SUIT_OF[card]) * 13 + RANK_OF[card]


class RLCardNovicePlayer(BasePlayer):
    """RLCard's novice rule agent on our legal actions (see the module notes)."""

    name = "rlcard-novice"

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        models = _require("rlcard.models.gin_rummy_rule_models", self.name, "RLCard (rlcard)")
        self._numpy = _require("numpy", self.name, "numpy")
        self._agent = models.GinRummyNoviceRuleAgent()

    def choose(self, view: PlayerView) -> Action:
        choices = rlcard_actions(view)
        hand = self._numpy.zeros((5, 52), dtype=int)
        for card in view.hand:
            hand[0][rlcard_card(card)] = 1
        state = {"legal_actions": OrderedDict((i, None) for i in choices), "obs": hand}
        np_random = self._numpy.random
        saved = np_random.get_state()
        np_random.seed(self.rng.getrandbits(32))
        try:
            answer = int(self._agent.step(state))
        finally:
            np_random.set_state(saved)
        return choices[answer]


def rlcard_actions(view: PlayerView) -> dict[int, Action]:
    """Our legal actions keyed by the RLCard action id that stands for each."""
    ids: dict[int, Action] = {}
    for action in view.legal_actions:
        kind = action.kind
        if kind in (Kind.TAKE, Kind.DRAW_PILE):
            ids[RL_PICK_UP_DISCARD] = action
        elif kind is Kind.DRAW_STOCK or (kind is Kind.PASS and view.phase is Phase.UPCARD):
            ids[RL_DRAW_CARD] = action
        elif kind is Kind.PASS:
            ids[RL_DECLARE_DEAD_HAND] = action
        elif kind is Kind.BIG_GIN or (kind is Kind.GIN and RL_GIN not in ids):
            ids[RL_GIN] = action
        elif kind is Kind.DISCARD and action.card is not None:
            ids[RL_DISCARD + rlcard_card(action.card)] = action
        elif kind is Kind.KNOCK and action.card is not None:
            ids[RL_KNOCK + rlcard_card(action.card)] = action
    return ids
