"""The view on the wire: :func:`wire_dict` is what a host sends, :func:`view_from_dict` reads it
back into a :class:`PlayerView`, so a bot process built on our players sees exactly what an
in-process player sees (the round trip is tested to be exact)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ginrummy.core.actions import Action, Kind, parse_action
from ginrummy.core.cards import Card, parse_card, parse_cards, to_mask
from ginrummy.core.errors import GinRummyError
from ginrummy.core.melds import Arrangement, Layoff
from ginrummy.core.rules import parse_rules
from ginrummy.core.settlement import Settlement
from ginrummy.core.state import HandResult, Move, Phase
from ginrummy.core.views import MatchInfo, PlayerView
from ginrummy.protocol.messages import ProtocolError

# A knock or gin by the opponent shows in the history without its face-down card.
_HIDDEN_CARD_ACTIONS = {"knock": Kind.KNOCK, "gin": Kind.GIN}


def wire_view(view: PlayerView) -> PlayerView:
    """``view`` as the protocol shows it: once the hand is over nobody has a card "just taken"
    (the core keeps the knocker's last pile draw there; no decision follows to use it)."""
    if view.phase is Phase.OVER and view.taken is not None:
        return dataclasses.replace(view, taken=None)
    return view


def wire_dict(view: PlayerView) -> dict[str, Any]:
    """The JSON object a ``decide`` or ``observe`` carries as its ``view``."""
    return wire_view(view).to_dict()


def view_from_dict(data: Mapping[str, Any]) -> PlayerView:
    """The view a ``decide`` or ``observe`` message carries; ProtocolError if it does not read."""
    try:
        return _view(data)
    except ProtocolError:
        raise
    except GinRummyError as error:
        raise ProtocolError(f"bad view: {error}") from None
    except KeyError as error:
        raise ProtocolError(f"bad view: missing {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        raise ProtocolError(f"bad view: {error}") from None


def _view(data: Mapping[str, Any]) -> PlayerView:
    hand = parse_cards(data["hand"])
    result = data.get("result")
    match = data.get("match")
    return PlayerView(
        player=_int(data["player"]),
        rules=parse_rules(data["rules"]),
        phase=Phase(data["phase"]),
        to_play=_int(data["to_play"]),
        dealer=_int(data["dealer"]),
        hand=hand,
        pile_top=_card(data["pile_top"]),
        pile_size=_int(data["pile_size"]),
        stock_size=_int(data["stock_size"]),
        opponent_hand_size=_int(data["opponent_hand_size"]),
        upcard=_card(data["upcard"]),
        knock_limit=_int(data["knock_limit"]),
        multiplier=_int(data["multiplier"]),
        taken=_card(data["taken"]),
        history=tuple(_move(move) for move in data["history"]),
        legal_actions=tuple(parse_action(text) for text in data["legal_actions"]),
        result=None if result is None else _result(result),
        knock_card=_card(data.get("knock_card")),
        match=None if match is None else _match(match),
        _mask=to_mask(hand),
    )


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def _card(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


def _move(data: Mapping[str, Any]) -> Move:
    text = data["action"]
    hidden = _HIDDEN_CARD_ACTIONS.get(text)
    action = Action(hidden) if hidden else parse_action(text)
    return Move(_int(data["player"]), action, _card(data.get("card")))


def _match(data: Mapping[str, Any]) -> MatchInfo:
    return MatchInfo(
        scores=tuple(_int(s) for s in data["scores"]),
        hands_won=tuple(_int(w) for w in data["hands_won"]),
        hand_number=_int(data["hand_number"]),
        target=_int(data["target"]),
        names=tuple(str(n) for n in data["names"]),
    )


def _result(data: Mapping[str, Any]) -> HandResult:
    first, second = (to_mask(parse_cards(cards)) for cards in data["hands"])
    settlement = data["settlement"]
    return HandResult(
        outcome=data["outcome"],
        winner=data["winner"],
        knocker=data["knocker"],
        points=_int(data["points"]),
        settlement=None if settlement is None else _settlement(settlement),
        hands=(first, second),
    )


def _settlement(data: Mapping[str, Any]) -> Settlement:
    knocker, defender = data["knocker"], data["defender"]
    laid = tuple(
        Layoff(parse_card(lay["card"]), to_mask(parse_cards(lay["onto"])))
        for lay in defender["layoffs"]
    )
    # to_json shows the defender's deadwood after layoffs; the Settlement keeps it before them
    defender_dead = to_mask(parse_cards(defender["deadwood_cards"])) | to_mask(
        lay.card for lay in laid
    )
    return Settlement(
        outcome=data["outcome"],
        winner=data["winner"],
        points=_int(data["points"]),
        knocker=_arrangement(knocker["melds"], to_mask(parse_cards(knocker["deadwood_cards"]))),
        defender=_arrangement(defender["melds"], defender_dead),
        layoffs=laid,
    )


def _arrangement(melds: list[list[str]], deadwood_mask: int) -> Arrangement:
    return Arrangement(tuple(to_mask(parse_cards(meld)) for meld in melds), deadwood_mask)
