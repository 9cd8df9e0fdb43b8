"""What one player may see (RULES §10), as a frozen value built by the core.

Players, interfaces and the network only ever receive a :class:`PlayerView`: their own hand, the
top of the discard pile, the stock's size and what the opponent took from and threw on the pile.
The opponent's hand, the stock order and the face-down knock discard are absent until the hand
ends (and the stock is never shown).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import BIT, Card, Mask, format_card, format_cards, from_mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.melds import Arrangement, best_arrangement
from ginrummy.core.rules import Rules
from ginrummy.core.showing import check_show, layoff_targets, show_options
from ginrummy.core.state import HandResult, HandState, Move, Phase


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """The public match context a player sees beside the hand."""

    scores: tuple[int, ...]  # hand points so far (toward the target), by seat
    hands_won: tuple[int, ...]
    hand_number: int
    target: int
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerView:
    player: int
    rules: Rules
    phase: Phase
    to_play: int
    dealer: int
    hand: tuple[Card, ...]
    pile_top: Card | None
    pile_size: int
    stock_size: int
    opponent_hand_size: int
    upcard: Card | None  # the first upcard of the hand (public; Oklahoma reads it)
    knock_limit: int
    multiplier: int
    taken: Card | None  # the card this player just took from the pile, if any
    history: tuple[Move, ...]  # only what this player saw
    legal_actions: tuple[Action, ...]  # empty unless it is this player's decision
    result: HandResult | None = None  # once the hand is over: both hands are shown
    knock_card: Card | None = None  # the face-down discard, once the hand is over
    match: MatchInfo | None = None
    _mask: Mask = field(default=0, repr=False, compare=False)

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def is_my_turn(self) -> bool:
        return bool(self.legal_actions)

    @property
    def hand_mask(self) -> Mask:
        return self._mask

    def arrangement(self) -> Arrangement:
        """The best arrangement of this player's hand (melds grouped, least deadwood)."""
        return best_arrangement(self._mask)

    def discards_seen(self) -> list[Card]:
        """Every card thrown face up on the pile so far, oldest first (the memory aid, §5.4)."""
        seen = [] if self.upcard is None else [self.upcard]
        seen.extend(m.action.card for m in self.history if m.action.kind is Kind.DISCARD
                    and m.action.card is not None)
        return seen

    def opponent_took(self) -> list[Card]:
        """Cards the opponent took from the pile (known to be in its hand unless thrown since)."""
        return [m.card for m in self.history
                if m.player == self.opponent and m.card is not None
                and m.action.kind in (Kind.TAKE, Kind.DRAW_PILE)]

    # -- what a knock shows (RULES §6.2), from this view alone ----------------------------------

    def knock_knowledge(self) -> tuple[Mask, Mask]:
        """What this player knows for choosing what to show: the discard pile as it saw it (the
        cards there cannot be laid off), and the opponent's cards it knows of (taken from the
        pile and not thrown since). Rebuilt from the history, so a position restored without
        one knows only the pile's top."""
        pile: list[Card] = [] if self.upcard is None else [self.upcard]
        known = 0
        for move in self.history:
            kind, card = move.action.kind, move.action.card
            if kind is Kind.DISCARD and card is not None:
                pile.append(card)
                if move.player == self.opponent:
                    known &= ~BIT[card]
            elif kind in (Kind.TAKE, Kind.DRAW_PILE) and move.card is not None:
                if move.card in pile:
                    pile.remove(move.card)
                if move.player == self.opponent:
                    known |= BIT[move.card]
        dead = 0
        for card in pile:
            dead |= BIT[card]
        if self.pile_top is not None:
            dead |= BIT[self.pile_top]
        return dead & ~self._mask, known & ~self._mask

    def show_options(self, card: Card | None) -> list[Arrangement]:
        """The arrangements worth showing when knocking by throwing ``card`` face down, the
        default first (:func:`ginrummy.core.showing.show_options`); empty when that is not a
        knock within this hand's limit."""
        if card is None or not self._mask & BIT[card] or self._mask.bit_count() != 11:
            return []
        dead, known = self.knock_knowledge()
        return show_options(self._mask ^ BIT[card], self.knock_limit, dead=dead, known=known,
                            knock_card=card)

    def default_show(self, card: Card | None) -> Arrangement:
        """What the engine shows for a knock throwing ``card`` that names no melds."""
        options = self.show_options(card)
        if not options:
            raise IllegalActionError("no arrangement within the knock limit", rule="§6.1",
                                     code="no_arrangement", params={"limit": self.knock_limit})
        return options[0]

    def layoff_targets(self, arrangement: Arrangement, *, card: Card | None = None) -> list[Card]:
        """The cards the opponent could lay off onto ``arrangement`` (a knock throwing ``card``)
        as far as this player can tell: not its own, not in the discard pile."""
        dead, _ = self.knock_knowledge()
        blocked = self._mask | dead | (0 if card is None else BIT[card])
        return from_mask(layoff_targets(arrangement.melds, blocked=blocked).chained)

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is legal now: one of ``legal_actions``, or a legal knock that
        names melds it can show. Never raises."""
        if action.show is None:
            return action in self.legal_actions
        if action.plain not in self.legal_actions or action.card is None:
            return False
        try:
            check_show(self._mask ^ BIT[action.card], action.show, self.knock_limit)
        except IllegalActionError:
            return False
        return True

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, the same one every adapter (web, bot protocol) sends."""
        data: dict[str, Any] = {
            "player": self.player,
            "rules": str(self.rules),
            "phase": self.phase.value,
            "to_play": self.to_play,
            "dealer": self.dealer,
            "hand": format_cards(self.hand).split(),
            "pile_top": None if self.pile_top is None else format_card(self.pile_top),
            "pile_size": self.pile_size,
            "stock_size": self.stock_size,
            "opponent_hand_size": self.opponent_hand_size,
            "upcard": None if self.upcard is None else format_card(self.upcard),
            "knock_limit": self.knock_limit,
            "multiplier": self.multiplier,
            "taken": None if self.taken is None else format_card(self.taken),
            "history": [_move_dict(m) for m in self.history],
            "legal_actions": [str(a) for a in self.legal_actions],
        }
        if self.result is not None:
            result = self.result
            data["result"] = {
                "outcome": result.outcome,
                "winner": result.winner,
                "knocker": result.knocker,
                "points": result.points,
                "hands": [format_cards(from_mask(h)).split() for h in result.hands],
                "settlement": None if result.settlement is None else result.settlement.to_json(),
            }
            data["knock_card"] = None if self.knock_card is None else format_card(self.knock_card)
        if self.match is not None:
            data["match"] = {
                "scores": list(self.match.scores),
                "hands_won": list(self.match.hands_won),
                "hand_number": self.match.hand_number,
                "target": self.match.target,
                "names": list(self.match.names),
            }
        return data


def _move_dict(move: Move) -> dict[str, Any]:
    data: dict[str, Any] = {"player": move.player, "action": str(move.action)}
    if move.card is not None:
        data["card"] = format_card(move.card)
    return data


def _public_move(move: Move, viewer: int, over: bool) -> Move:
    """A move as ``viewer`` saw it: the opponent's stock draws and face-down knock hidden."""
    if move.player == viewer:
        return move
    kind = move.action.kind
    if kind is Kind.DRAW_STOCK:
        return Move(move.player, move.action, None)
    if kind in (Kind.KNOCK, Kind.GIN) and not over:
        return Move(move.player, Action(kind, None), None)
    return move


def view_of(state: HandState, player: int, *, match: MatchInfo | None = None) -> PlayerView:
    """Build ``player``'s view of ``state``: the only object that leaves the core for a player."""
    over = state.phase is Phase.OVER
    opponent = 1 - player
    hand_mask = state.hands[player]
    legal = tuple(state.legal_actions()) if state.to_play == player and not over else ()
    return PlayerView(
        player=player,
        rules=state.rules,
        phase=state.phase,
        to_play=state.to_play,
        dealer=state.dealer,
        hand=tuple(from_mask(hand_mask)),
        pile_top=state.pile_top,
        pile_size=len(state.pile),
        stock_size=len(state.stock),
        opponent_hand_size=state.hands[opponent].bit_count(),
        upcard=state.upcard,
        knock_limit=state.knock_limit,
        multiplier=state.multiplier,
        taken=state.taken if state.to_play == player else None,
        history=tuple(_public_move(m, player, over) for m in state.history),
        legal_actions=legal,
        result=state.result if over else None,
        knock_card=state.knock_card if over else None,
        match=match,
        _mask=hand_mask,
    )

