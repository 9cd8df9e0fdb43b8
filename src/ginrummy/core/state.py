"""One hand of Gin Rummy as a state machine (RULES §3-§7, variants §9).

The state holds everything, hidden cards included; players and interfaces only ever get a
:class:`~ginrummy.core.views.PlayerView` from :meth:`HandState.view`.

>>> from ginrummy.core.rules import rules_for
>>> state = HandState.deal(rules_for("classic"), dealer=0, seed=7)
>>> state.phase, state.to_play, [str(a) for a in state.legal_actions()]
(<Phase.UPCARD: 'upcard'>, 1, ['take', 'pass'])
>>> state.apply(Action.parse("draw stock"))
Traceback (most recent call last):
...
ginrummy.core.errors.IllegalActionError: on the first turn the non-dealer must first take or pass the upcard (RULES §4.1)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Literal, NamedTuple

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
    Kind,
)
from ginrummy.core.cards import (
    BIT,
    NUM_CARDS,
    SUIT_OF,
    VALUE_OF,
    Card,
    Mask,
    format_card,
    from_mask,
)
from ginrummy.core.errors import CardError, IllegalActionError
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.rules import Rules
from ginrummy.core.settlement import Settlement, settle
from ginrummy.core.showing import check_show

# Enum members as module constants: the transition code is the hot path of every simulation.
_DISCARD, _DRAW_STOCK, _DRAW_PILE, _TAKE, _PASS = (
    Kind.DISCARD, Kind.DRAW_STOCK, Kind.DRAW_PILE, Kind.TAKE, Kind.PASS
)

# Shared legal-action lists of the draw phases (never mutated: legal_actions hands out copies).
_STOCK_ONLY, _STOCK_OR_PILE, _TAKE_OR_PASS = [DRAW_STOCK], [DRAW_STOCK, DRAW_PILE], [TAKE, PASS]

if TYPE_CHECKING:
    from ginrummy.core.views import PlayerView

HandOutcome = Literal["knock", "undercut", "gin", "big_gin", "dead"]
SPADES = 3


class Phase(Enum):
    UPCARD = "upcard"  # first turn: take the upcard or pass (§4)
    DRAW = "draw"
    DISCARD = "discard"
    LAST_CHANCE = "last chance"  # §7.2: take the last discard to knock, or pass
    OVER = "over"


_DRAW, _DISCARD_PHASE, _LAST_CHANCE = Phase.DRAW, Phase.DISCARD, Phase.LAST_CHANCE


class Move(NamedTuple):
    """An action in the history. ``card`` is the card drawn (stock or pile) when there is one."""

    player: int
    action: Action
    card: Card | None = None

    def __str__(self) -> str:
        return f"P{self.player}: {self.action}"


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``points`` go to ``winner``; a dead hand has no winner."""

    outcome: HandOutcome
    winner: int | None
    knocker: int | None
    points: int
    settlement: Settlement | None
    hands: tuple[Mask, Mask]  # both hands as laid down (without the face-down knock discard)

    def points_for(self, player: int) -> int:
        return self.points if self.winner == player else 0

    def __str__(self) -> str:
        if self.outcome == "dead":
            return "dead hand: nobody scores"
        return f"{self.outcome} by P{self.knocker}: P{self.winner} scores {self.points}"


def shuffled_deck(rng: random.Random | None = None, *, seed: int | None = None) -> list[Card]:
    """A shuffled deck; unpredictable unless a seed or an RNG is given."""
    deck = list(range(NUM_CARDS))
    if rng is None:
        rng = random.Random(seed if seed is not None else secrets.randbits(64))
    rng.shuffle(deck)
    return deck


def hand_limits(rules: Rules, upcard: Card | None) -> tuple[int, int]:
    """A hand's knock limit and points multiplier: straight gin 0; Oklahoma from the upcard."""
    if rules.straight:
        return 0, 1
    if rules.oklahoma and upcard is not None:
        value = VALUE_OF[upcard]
        if value == 1 and rules.oklahoma_ace == "gin":
            value = 0
        spade = SUIT_OF[upcard] == SPADES and rules.oklahoma_spade_double
        return min(value, rules.knock_limit), 2 if spade else 1
    return rules.knock_limit, 1


class HandState:
    """The full state of one hand between two players, 0 and 1."""

    __slots__ = (
        "rules", "dealer", "deck", "hands", "stock", "pile", "phase", "to_play", "passes",
        "taken", "knock_limit", "multiplier", "upcard", "history", "result", "must_end",
        "only_stock", "knock_card", "_legal",
    )

    def __init__(self, rules: Rules, *, dealer: int, deck: Sequence[Card]) -> None:
        if sorted(deck) != list(range(NUM_CARDS)):
            raise CardError("a deck must hold each of the 52 cards exactly once")
        if dealer not in (0, 1):
            raise IllegalActionError(f"dealer must be 0 or 1, not {dealer}")
        self.rules = rules
        self.dealer = dealer
        self.deck: tuple[Card, ...] = tuple(deck)
        non_dealer = 1 - dealer
        hands = [0, 0]
        # §3.3: one card at a time, starting with the non-dealer.
        dealt = 21 if rules.eleven_card_deal else 20
        for i in range(dealt):
            hands[non_dealer if i % 2 == 0 else dealer] |= BIT[deck[i]]
        self.hands = hands
        self.upcard: Card | None = None if rules.eleven_card_deal else deck[20]
        self.pile: list[Card] = [] if self.upcard is None else [self.upcard]
        self.stock: list[Card] = list(reversed(deck[21:]))  # top of the stock is the end
        self.to_play = non_dealer
        self.passes = 0
        self.taken: Card | None = None
        self.must_end = False  # last chance: the discard was taken to knock or go gin
        self.only_stock = False  # §4.3: after both pass, the non-dealer draws from the stock
        self.knock_card: Card | None = None
        self._legal: list[Action] | None = None  # cached legal actions of this position
        self.history: list[Move] = []
        self.result: HandResult | None = None
        self.knock_limit, self.multiplier = self._hand_limits()
        self.phase = Phase.DISCARD if rules.eleven_card_deal else Phase.UPCARD

    @classmethod
    def deal(
        cls,
        rules: Rules,
        *,
        dealer: int = 0,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> HandState:
        """Shuffle and deal. Reproducible with ``seed`` or ``rng``; unpredictable otherwise."""
        return cls(rules, dealer=dealer, deck=shuffled_deck(rng, seed=seed))

    @classmethod
    def restore(
        cls,
        rules: Rules,
        *,
        dealer: int,
        to_play: int,
        phase: Phase,
        hands: tuple[Mask, Mask],
        stock: Sequence[Card],
        pile: Sequence[Card],
        upcard: Card | None,
        taken: Card | None = None,
        passes: int = 0,
        only_stock: bool = False,
        must_end: bool = False,
    ) -> HandState:
        """A state in the middle of a hand, without its history (see ``core.position``).

        ``stock`` and ``pile`` list their cards bottom first. The position is checked: every
        card once, hand sizes that fit the phase, a taken card in the taker's hand.
        """
        cards = [*from_mask(hands[0]), *from_mask(hands[1]), *stock, *pile]
        if sorted(cards) != list(range(NUM_CARDS)):
            raise CardError("a position must hold each of the 52 cards exactly once")
        if phase is Phase.OVER:
            raise IllegalActionError("a finished hand is not a position to play from")
        if dealer not in (0, 1) or to_play not in (0, 1):
            raise IllegalActionError("players are 0 and 1")
        holding = 11 if phase is Phase.DISCARD else 10
        if hands[to_play].bit_count() != holding or hands[1 - to_play].bit_count() != 10:
            raise CardError(f"in the {phase.value} phase the player to act holds {holding} "
                            "cards and the other 10")
        if taken is not None and not hands[to_play] & BIT[taken]:
            raise CardError(f"the card just taken, {format_card(taken)}, is not in the hand")
        state = cls.__new__(cls)
        state.rules, state.dealer, state.to_play, state.phase = rules, dealer, to_play, phase
        state.hands = [hands[0], hands[1]]
        state.stock, state.pile = list(stock), list(pile)
        state.deck = tuple(cards)  # not a real deal: a restored hand has no deal to record
        state.upcard, state.taken, state.passes = upcard, taken, passes
        state.only_stock, state.must_end = only_stock, must_end
        state.knock_card, state._legal, state.history, state.result = None, None, [], None
        state.knock_limit, state.multiplier = state._hand_limits()
        return state

    def _hand_limits(self) -> tuple[int, int]:
        return hand_limits(self.rules, self.upcard)

    # -- queries ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def pile_top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def hand(self, player: int) -> list[Card]:
        return from_mask(self.hands[player])

    def clone(self) -> HandState:
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.history = list(self.history)
        return other

    def legal_actions(self) -> list[Action]:
        """Every legal action now (a fresh list; the state keeps its own copy for apply)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase is _DRAW:
            return _STOCK_ONLY if self.only_stock or not self.pile else _STOCK_OR_PILE
        if phase is Phase.UPCARD:
            return _TAKE_OR_PASS
        if phase is Phase.LAST_CHANCE:
            return [DRAW_PILE, PASS] if self._last_chance_possible() else [PASS]
        if phase is Phase.DISCARD:
            return self._discard_actions()
        return []

    def _discard_actions(self) -> list[Action]:
        hand = self.hands[self.to_play]
        if self.taken is not None:
            hand ^= BIT[self.taken]  # §5.3: the card just taken cannot be thrown
        throwable = from_mask(hand)
        actions = [] if self.must_end else list(map(DISCARDS.__getitem__, throwable))
        if min_deadwood_after_discard(self.hands[self.to_play]) <= self.knock_limit:
            for card in throwable:
                deadwood = min_deadwood(self.hands[self.to_play] ^ BIT[card])
                if deadwood == 0:
                    actions.append(GINS[card])
                elif deadwood <= self.knock_limit:
                    actions.append(KNOCKS[card])
        if self.rules.big_gin and min_deadwood(self.hands[self.to_play]) == 0:
            actions.append(BIG_GIN)  # all eleven cards, the one just taken included (§6.4)
        return actions

    def _last_chance_possible(self) -> bool:
        """Whether taking the last discard leaves some knock or gin (§7.2)."""
        top = self.pile[-1]
        hand = self.hands[self.to_play] | BIT[top]
        if self.rules.big_gin and min_deadwood(hand) == 0:
            return True
        return any(
            min_deadwood(hand ^ BIT[c]) <= self.knock_limit for c in from_mask(hand) if c != top
        )

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now. Never raises."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule if ``action`` is not legal now."""
        phase, kind = self.phase, action.kind
        if phase is Phase.OVER:
            raise IllegalActionError("the hand is over", code="hand_over")
        if phase is Phase.UPCARD:
            if kind not in (Kind.TAKE, Kind.PASS):
                who = "non-dealer" if self.passes == 0 else "dealer"
                raise IllegalActionError(
                    f"on the first turn the {who} must first take or pass the upcard",
                    rule="§4.1" if self.passes == 0 else "§4.2",
                    code="upcard_non_dealer" if self.passes == 0 else "upcard_dealer",
                )
            return
        if kind in (Kind.TAKE,):
            raise IllegalActionError("the upcard can only be taken on the first turn", rule="§4",
                                     code="take_not_first_turn")
        if phase is Phase.LAST_CHANCE:
            if kind is Kind.PASS:
                return
            if kind is not Kind.DRAW_PILE:
                raise IllegalActionError(
                    "last chance: take the last discard (draw pile) or pass", rule="§7.2",
                    code="last_chance_choice",
                )
            if not self._last_chance_possible():
                raise IllegalActionError(
                    "last chance: taking the discard would not let you knock or go gin",
                    rule="§7.2", code="last_chance_no_knock",
                )
            return
        if kind is Kind.PASS:
            raise IllegalActionError("passing is only for the upcard or a last chance", rule="§4",
                                     code="pass_not_now")
        if phase is Phase.DRAW:
            if kind is Kind.DRAW_STOCK:
                return
            if kind is Kind.DRAW_PILE:
                if self.only_stock:
                    raise IllegalActionError(
                        "after both players pass the upcard, the non-dealer draws from the stock",
                        rule="§4.3", code="stock_after_passes",
                    )
                if not self.pile:
                    raise IllegalActionError("the discard pile is empty", rule="§5.1",
                                             code="pile_empty")
                return
            raise IllegalActionError("draw first: from the stock or the discard pile", rule="§5.1",
                                     code="draw_first")
        # Phase.DISCARD
        if kind in (Kind.DRAW_STOCK, Kind.DRAW_PILE):
            raise IllegalActionError("you have already drawn this turn; now discard", rule="§5.1",
                                     code="already_drawn")
        hand = self.hands[self.to_play]
        if kind is Kind.BIG_GIN:
            if not self.rules.big_gin:
                raise IllegalActionError("big gin is not played under these rules", rule="§6.4",
                                         code="no_big_gin")
            deadwood = min_deadwood(hand)
            if deadwood:
                raise IllegalActionError(
                    f"big gin needs all eleven cards in melds; deadwood is {deadwood}", rule="§6.4",
                    code="big_gin_deadwood", params={"deadwood": deadwood},
                )
            return
        card = action.card
        assert card is not None
        if action.show is not None and kind is not Kind.KNOCK:
            raise IllegalActionError("only a knock says what it shows", rule="§6.2",
                                     code="show_not_knock")
        if not hand & BIT[card]:
            raise IllegalActionError(f"you do not hold {format_card(card)}", code="not_held",
                                     params={"card": card})
        if card == self.taken:
            raise IllegalActionError(
                f"{format_card(card)} was just taken from the discard pile and cannot be "
                "thrown this turn",
                rule="§5.3", code="just_taken", params={"card": card},
            )
        if kind is Kind.DISCARD:
            if self.must_end:
                raise IllegalActionError(
                    "last chance: the discard was taken to knock or go gin", rule="§7.2",
                    code="must_end",
                )
            return
        deadwood = min_deadwood(hand ^ BIT[card])
        if kind is Kind.GIN and deadwood:
            raise IllegalActionError(
                f"gin needs all ten cards in melds; after throwing {format_card(card)} "
                f"the deadwood is {deadwood}",
                rule="§6.3", code="gin_deadwood", params={"card": card, "deadwood": deadwood},
            )
        if kind is Kind.KNOCK:
            if self.rules.straight:
                raise IllegalActionError("straight gin has no knocking: only gin", rule="§9.2",
                                         code="straight_no_knock")
            if self.knock_limit == 0:
                raise IllegalActionError("only gin ends this hand (ace upcard)", rule="§9.1",
                                         code="ace_only_gin")
            if deadwood > self.knock_limit:
                raise IllegalActionError(
                    f"after throwing {format_card(card)} the deadwood is {deadwood}, above the "
                    f"knock limit {self.knock_limit}",
                    rule="§6.1", code="knock_too_high",
                    params={"card": card, "deadwood": deadwood, "limit": self.knock_limit},
                )
            if deadwood == 0:
                raise IllegalActionError(
                    f"no deadwood after throwing {format_card(card)}: that is gin", rule="§6.3",
                    code="knock_is_gin", params={"card": card},
                )
            if action.show is not None:
                check_show(hand ^ BIT[card], action.show, self.knock_limit)

    # -- transitions --------------------------------------------------------------------------

    def apply(self, action: Action) -> Move:
        """Apply a legal action and return its history record; an illegal one changes nothing."""
        for legal in self._legal or ():  # one handed out by legal_actions needs no check
            if legal is action:
                break
        else:
            self.verify(action)
        return self._transition(action)

    def _transition(self, action: Action) -> Move:
        """Carry out an action already known to be legal (most frequent kinds first)."""
        self._legal = None
        player = self.to_play
        kind = action.kind
        drawn: Card | None = None
        if kind is _DISCARD:
            card = action.card
            assert card is not None
            self.hands[player] ^= BIT[card]
            self.pile.append(card)
            self.taken = None
            self.to_play = 1 - player
            if len(self.stock) > self.rules.stock_wall:
                self.phase = _DRAW
            elif self.rules.last_chance:
                self.phase = _LAST_CHANCE
            else:
                self._dead()
        elif kind is _DRAW_STOCK:
            drawn = self.stock.pop()
            self.hands[player] |= BIT[drawn]
            self.taken = None
            self.only_stock = False
            self.phase = _DISCARD_PHASE
        elif kind is _DRAW_PILE or kind is _TAKE:
            drawn = self.pile.pop()
            self.hands[player] |= BIT[drawn]
            self.taken = drawn
            self.must_end = self.phase is _LAST_CHANCE
            self.phase = _DISCARD_PHASE
        elif kind is _PASS:
            self._pass(player)
        else:
            action = self._finish(player, action)
        move = Move(player, action, drawn)
        self.history.append(move)
        return move

    def _pass(self, player: int) -> None:
        if self.phase is Phase.LAST_CHANCE:
            self._dead()
            return
        self.passes += 1
        self.to_play = 1 - player
        if self.passes == 2:  # §4.3: both passed; the non-dealer draws from the stock
            self.phase = Phase.DRAW
            self.only_stock = True

    def _dead(self) -> None:
        self.phase = Phase.OVER
        self.result = HandResult("dead", None, None, 0, None, (self.hands[0], self.hands[1]))

    def _finish(self, player: int, action: Action) -> Action:
        """End the hand with a knock, gin or big gin; returns the action as played (a knock
        names the melds shown, the default arrangement when it named none)."""
        show = action.show
        if action.kind is Kind.KNOCK and show is None:
            show = self.view(player).default_show(action.card).melds
            action = action.with_show(show)
        if action.card is not None:  # knock or gin: the discard goes face down (§6.1)
            self.hands[player] ^= BIT[action.card]
            self.knock_card = action.card
        settled = settle(
            self.hands[player],
            self.hands[1 - player],
            self.rules,
            knock_limit=self.knock_limit,
            multiplier=self.multiplier,
            show=show,
        )
        winner = player if settled.winner == "knocker" else 1 - player
        self.phase = Phase.OVER
        self._legal = None  # the knocker's view above cached the discard phase's actions
        self.result = HandResult(settled.outcome, winner, player, settled.points, settled,
                                 (self.hands[0], self.hands[1]))
        return action

    def view(self, player: int) -> PlayerView:
        from ginrummy.core.views import view_of

        return view_of(self, player)

