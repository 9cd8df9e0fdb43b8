"""What a knock shows and how its defender answers, on the wire (the ``show`` and ``layoffs``
capabilities of docs/protocol.md).

Host side: :func:`show_options_json` is what a ``decide`` offers a bot that names its melds,
:func:`show_fault` says why a knock's melds cannot be shown, :func:`layoffs_request` asks the
defender of a settled hand for its answer and :func:`judge_layoffs` checks that answer against the
engine's (the score is always the engine's: the defender's best answer, RULES §6.2).
Bot side: :func:`knock_to_send` words our player's knock for the host, :func:`answer_layoffs`
answers a layoffs request with the engine's optimal melds and layoffs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import BIT, Mask, format_cards, from_mask, parse_card, parse_cards
from ginrummy.core.errors import CardError, IllegalActionError
from ginrummy.core.melds import Arrangement, Layoff, Meld, best_arrangement, is_meld, mask_value
from ginrummy.core.rules import rules_for
from ginrummy.core.settlement import Settlement, settle_shown
from ginrummy.core.showing import check_show
from ginrummy.core.views import PlayerView
from ginrummy.protocol.messages import LaidOff, LayoffsReply, LayoffsRequest

# -- show: the knocker names its melds --------------------------------------------------------


def cards_json(mask: Mask) -> list[str]:
    return format_cards(from_mask(mask)).split()


def arrangement_json(arrangement: Arrangement) -> dict[str, Any]:
    """An arrangement as the wire writes it, the same shape as ``result.settlement.knocker``."""
    return {
        "melds": [cards_json(meld) for meld in arrangement.melds],
        "deadwood_cards": cards_json(arrangement.deadwood_mask),
        "deadwood": arrangement.deadwood,
    }


def show_options_json(view: PlayerView) -> dict[str, list[dict[str, Any]]] | None:
    """For each legal knock, the arrangements worth showing (the default first) with the cards
    the opponent could lay off onto each; None when no knock is legal."""
    knocks = [action for action in view.legal_actions if action.kind is Kind.KNOCK]
    if not knocks:
        return None
    return {
        str(knock): [
            arrangement_json(option)
            | {"layoff_targets": format_cards(view.layoff_targets(option, card=knock.card)).split()}
            for option in view.show_options(knock.card)
        ]
        for knock in knocks
    }


def show_fault(view: PlayerView, action: Action) -> str:
    """Why ``view`` does not allow the knock ``action`` with the melds it names."""
    if action.card is None or action.show is None or action.plain not in view.legal_actions:
        return "not a legal knock"
    try:
        check_show(view.hand_mask ^ BIT[action.card], action.show, view.knock_limit)
    except IllegalActionError as error:
        return str(error)
    return "not a legal knock"  # pragma: no cover - allows() and check_show() agree


def knock_to_send(view: PlayerView, action: Action, show_options: dict[str, Any] | None) -> Action:
    """Our player's ``action`` as a bot sends it: a knock names its melds (the default when the
    player named none, so the bot and not the host decides) to a host that offered shows for
    it, and names none to a host that did not (it would not understand them)."""
    if action.kind is not Kind.KNOCK:
        return action
    if show_options is None or str(action.plain) not in show_options:
        return action.plain
    if action.show is not None:
        return action
    return action.with_show(view.default_show(action.card).melds)


# -- layoffs: the defender answers --------------------------------------------------------------


def defended(view: PlayerView) -> Settlement | None:
    """The settlement of a hand that ``view``'s player lost or won as the defender of a knock,
    gin or big gin; None for a dead hand, a hand it knocked itself, or a hand still going."""
    result = view.result
    if result is None or result.settlement is None or result.knocker == view.player:
        return None
    return result.settlement


def layoffs_request(view: PlayerView, request_id: int, time_left: float | None) -> LayoffsRequest:
    """Ask the defender of ``view`` (see :func:`defended`) for its melds and layoffs."""
    settlement = defended(view)
    assert settlement is not None, "only the defender of a settled hand is asked"
    shown = settlement.knocker
    return LayoffsRequest(
        id=request_id,
        knocker=arrangement_json(shown),
        hand=tuple(format_cards(view.hand).split()),
        layoffs_allowed=shown.deadwood > 0,  # against gin and big gin none (§6.7)
        time_left=time_left,
    )


@dataclass(frozen=True, slots=True)
class DefenderAnswer:
    """A defender's answer, checked: its melds, its layoffs in order, its deadwood after them."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: int


@dataclass(frozen=True, slots=True)
class LayoffsCheck:
    """A bot's legal answer beside the engine's, which scored the hand."""

    answer: DefenderAnswer
    optimal: int  # the defender's deadwood in the engine's answer

    @property
    def worse(self) -> bool:
        return self.answer.deadwood > self.optimal


def judge_layoffs(view: PlayerView, reply: LayoffsReply) -> LayoffsCheck:
    """Check the defender's ``reply`` to the hand ``view`` shows; a GinRummyError says what is
    illegal about it."""
    settlement = defended(view)
    assert settlement is not None, "only the defender of a settled hand is asked"
    shown = settlement.knocker
    answer = read_answer(reply, shown, view.hand_mask, layoffs_allowed=shown.deadwood > 0)
    return LayoffsCheck(answer, settlement.defender_deadwood)


def read_answer(reply: LayoffsReply, shown: Arrangement, hand: Mask, *,
                layoffs_allowed: bool) -> DefenderAnswer:
    """The defender's answer: melds of its own cards, then layoffs each extending one of the
    knocker's ``shown`` melds as extended so far (chains allowed, RULES §6.5-§6.7)."""
    used = 0
    melds = []
    for group in reply.melds:
        meld = _meld(group)
        if meld & ~hand:
            raise IllegalActionError(f"you do not hold {_cards(meld & ~hand)} (in the meld "
                                     f"{_cards(meld)})", rule="§6.5")
        if meld & used:
            raise IllegalActionError(f"{_cards(meld & used)} is in two melds", rule="§2.2")
        used |= meld
        melds.append(meld)
    if reply.layoffs and not layoffs_allowed:
        raise IllegalActionError("no layoffs against gin", rule="§6.7")
    grown = {meld: meld for meld in shown.melds}
    laid = []
    for lay in reply.layoffs:
        card, onto = parse_card(lay.card), _mask(lay.onto)
        bit = BIT[card]
        if not hand & bit:
            raise IllegalActionError(f"you do not hold {lay.card} (laid off)", rule="§6.5")
        if used & bit:
            raise IllegalActionError(f"{lay.card} is already in a meld or laid off", rule="§6.5")
        if onto not in grown:
            raise IllegalActionError(f"{_cards(onto) or '(nothing)'} is not one of the knocker's "
                                     "melds: layoffs go onto its melds only", rule="§6.6")
        if not is_meld(grown[onto] | bit):
            raise IllegalActionError(f"{lay.card} does not extend {_cards(grown[onto])}",
                                     rule="§6.5")
        grown[onto] |= bit
        used |= bit
        laid.append(Layoff(card, onto))
    return DefenderAnswer(tuple(melds), tuple(laid), mask_value(hand & ~used))


def answer_layoffs(request: LayoffsRequest) -> LayoffsReply:
    """The engine's best answer to ``request``: the melds and layoffs leaving the least deadwood.
    A request that does not read raises a GinRummyError."""
    hand = _mask(request.hand)
    shown = _shown(request.knocker)
    if hand & (shown.deadwood_mask | _union(shown.melds)):
        raise CardError(f"the knocker shows cards of your hand: "
                        f"{_cards(hand & (shown.deadwood_mask | _union(shown.melds)))}")
    if request.layoffs_allowed:
        # the points depend on the rules, the defender's best answer does not
        settled = settle_shown(shown, hand, rules_for("classic"))
        melds, made = settled.defender.melds, settled.layoffs
    else:
        melds, made = best_arrangement(hand).melds, ()
    return LayoffsReply(
        id=request.id,
        melds=tuple(tuple(cards_json(meld)) for meld in melds),
        layoffs=tuple(LaidOff(_cards(BIT[lay.card]), tuple(cards_json(lay.meld)))
                      for lay in made),
    )


def _shown(knocker: dict[str, Any]) -> Arrangement:
    melds, dead = knocker.get("melds"), knocker.get("deadwood_cards")
    if not isinstance(melds, list) or not isinstance(dead, list):
        raise CardError("the knocker's arrangement needs 'melds' and 'deadwood_cards'")
    masks = tuple(_meld(group) for group in melds)
    if _union(masks).bit_count() != sum(meld.bit_count() for meld in masks):
        raise CardError("the knocker's melds share a card")
    return Arrangement(masks, _mask(dead) & ~_union(masks))


def _meld(cards: Sequence[str]) -> Meld:
    meld = _mask(cards)
    if meld.bit_count() != len(cards) or not is_meld(meld):
        raise IllegalActionError(f"{' '.join(cards) or '(nothing)'} is not a meld (a set of 3-4 "
                                 "or a run of 3+)", rule="§2.1")
    return meld


def _mask(cards: Sequence[str]) -> Mask:
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        raise CardError(f"expected a list of cards, got {cards!r}")
    mask = 0
    for card in parse_cards(list(cards)):
        mask |= BIT[card]
    return mask


def _union(melds: Sequence[Meld]) -> Mask:
    mask = 0
    for meld in melds:
        mask |= meld
    return mask


def _cards(mask: Mask) -> str:
    return format_cards(from_mask(mask))
