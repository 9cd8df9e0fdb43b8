"""The messages of ``ginrummy-bot/1`` and their encoding: one JSON object per line.

Host to bot: :class:`Hello`, :class:`Decide`, :class:`Observe`, :class:`Quit`, and for a bot
that lists ``layoffs`` in its hello, :class:`LayoffsRequest`.
Bot to host: :class:`BotHello`, :class:`ActionReply`, :class:`ErrorReply`, :class:`LayoffsReply`.

>>> decode_host_message(encode(Decide(id=3, view={}, legal_actions=("take", "pass"))))
Decide(id=3, view={}, legal_actions=('take', 'pass'), time_left=None, show_options=None)
>>> decode_bot_message('{"type": "action", "id": 3, "action": "take"}')
ActionReply(id=3, action='take')
>>> decode_bot_message('take')
Traceback (most recent call last):
...
ginrummy.protocol.messages.ProtocolError: not JSON: 'take'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ginrummy.core.errors import GinRummyError

PROTOCOL = "ginrummy-bot/1"
VERSIONS = (PROTOCOL,)  # every version this implementation speaks, newest first
DEFAULT_DECISION_TIME = 10.0  # seconds
SHOW = "show"  # the bot may name the melds of its knock (decides then carry show_options)
LAYOFFS = "layoffs"  # the bot answers layoffs requests when it defends a knock
FEATURES = ("decide", "observe", SHOW, LAYOFFS)  # what a bot may list in "supports" in version 1


class ProtocolError(GinRummyError):
    """A line that is not a valid message of the protocol."""


@dataclass(frozen=True, slots=True)
class Options:
    """The host's settings, announced in the hello. Times are in seconds; None means no limit."""

    decision_time: float | None = DEFAULT_DECISION_TIME
    match_time: float | None = None
    seed: int | None = None  # bots that use randomness may seed with it (reproducible runs)


@dataclass(frozen=True, slots=True)
class Hello:
    """Host to bot, first: the versions the host speaks (preferred first) and its options."""

    versions: tuple[str, ...] = VERSIONS
    options: Options = field(default_factory=Options)


@dataclass(frozen=True, slots=True)
class Decide:
    """Host to bot: a decision is due. ``view`` is ``wire_view.wire_dict(view)`` (the
    ``PlayerView.to_dict()`` form); answer with ``id``."""

    id: int
    view: dict[str, Any]
    legal_actions: tuple[str, ...]
    time_left: float | None = None  # the rest of the match budget, if there is one
    # for a bot that supports "show", when knocks are legal: each knock's arrangements worth
    # showing, the default first (see protocol.arrange.show_options_json)
    show_options: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class LayoffsRequest:
    """Host to bot (``layoffs``): the bot defends a knock; it answers with its melds and layoffs.

    ``knocker`` is the arrangement shown (``melds``, ``deadwood_cards``, ``deadwood``), ``hand``
    the bot's ten cards; against gin ``layoffs_allowed`` is false."""

    id: int
    knocker: dict[str, Any]
    hand: tuple[str, ...]
    layoffs_allowed: bool = True
    time_left: float | None = None


@dataclass(frozen=True, slots=True)
class Observe:
    """Host to bot: a hand is over; ``view`` shows both hands, the result and the match score."""

    view: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Quit:
    """Host to bot: the session is over; exit."""


@dataclass(frozen=True, slots=True)
class BotHello:
    """Bot to host, answering :class:`Hello`: its name and the version it chose."""

    name: str
    protocol: str = PROTOCOL
    supports: tuple[str, ...] = FEATURES


@dataclass(frozen=True, slots=True)
class ActionReply:
    """Bot to host: the chosen action, in the project's notation (``discard KD``)."""

    id: int
    action: str


@dataclass(frozen=True, slots=True)
class LaidOff:
    """One layoff of a :class:`LayoffsReply`: ``card`` onto the knocker's meld ``onto``, named
    as it was shown."""

    card: str
    onto: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LayoffsReply:
    """Bot to host, answering :class:`LayoffsRequest`: its melds and its layoffs, in order (a
    card may extend a meld already extended by an earlier one)."""

    id: int
    melds: tuple[tuple[str, ...], ...]
    layoffs: tuple[LaidOff, ...] = ()


@dataclass(frozen=True, slots=True)
class ErrorReply:
    """Bot to host: the last message could not be handled (a host forfeits a bot that says so)."""

    message: str
    id: int | None = None


HostMessage = Hello | Decide | LayoffsRequest | Observe | Quit
BotMessage = BotHello | ActionReply | LayoffsReply | ErrorReply
Message = HostMessage | BotMessage


def to_json(message: Message) -> dict[str, Any]:
    """The JSON object of a message."""
    match message:
        case Hello(versions, options):
            return {
                "type": "hello",
                "protocol": versions[0],
                "versions": list(versions),
                "options": {
                    "decision_time": options.decision_time,
                    "match_time": options.match_time,
                    "seed": options.seed,
                },
            }
        case Decide(id_, view, legal, time_left, show_options):
            data = {"type": "decide", "id": id_, "view": view, "legal_actions": list(legal)}
            data["time_left"] = time_left
            # absent unless the bot supports "show": old bots see the version-1 message
            return data if show_options is None else data | {"show_options": show_options}
        case LayoffsRequest(id_, knocker, hand, allowed, time_left):
            return {"type": "layoffs", "id": id_, "knocker": knocker, "hand": list(hand),
                    "layoffs_allowed": allowed, "time_left": time_left}
        case Observe(view):
            return {"type": "observe", "view": view}
        case Quit():
            return {"type": "quit"}
        case BotHello(name, protocol, supports):
            return {"type": "hello", "name": name, "protocol": protocol, "supports": list(supports)}
        case ActionReply(id_, action):
            return {"type": "action", "id": id_, "action": action}
        case LayoffsReply(id_, melds, laid):
            return {"type": "layoffs", "id": id_, "melds": [list(m) for m in melds],
                    "layoffs": [{"card": lay.card, "onto": list(lay.onto)} for lay in laid]}
        case ErrorReply(text, id_):
            return {"type": "error", "id": id_, "message": text}
    raise TypeError(f"not a protocol message: {message!r}")  # pragma: no cover


def encode(message: Message) -> str:
    """One line of JSON, without the newline."""
    return json.dumps(to_json(message), separators=(",", ":"))


def decode_host_message(line: str) -> HostMessage:
    """Read a line the host sent (what a bot receives)."""
    data = _object(line)
    kind = data.get("type")
    if kind == "hello":
        versions = _field(data, "versions", list, default=[data.get("protocol")])
        if not versions or not all(isinstance(v, str) for v in versions):
            raise ProtocolError("hello: 'versions' must be a non-empty list of strings")
        options = _field(data, "options", dict, default={})
        return Hello(
            versions=tuple(versions),
            options=Options(
                decision_time=_number(options, "decision_time", DEFAULT_DECISION_TIME),
                match_time=_number(options, "match_time", None),
                seed=_field(options, "seed", int, default=None),
            ),
        )
    if kind == "decide":
        return Decide(
            id=_field(data, "id", int),
            view=_field(data, "view", dict),
            legal_actions=_strings(data, "legal_actions"),
            time_left=_number(data, "time_left", None),
            show_options=_field(data, "show_options", dict, default=None),
        )
    if kind == "layoffs":
        return LayoffsRequest(
            id=_field(data, "id", int),
            knocker=_field(data, "knocker", dict),
            hand=_strings(data, "hand"),
            layoffs_allowed=_field(data, "layoffs_allowed", bool, default=True),
            time_left=_number(data, "time_left", None),
        )
    if kind == "observe":
        return Observe(view=_field(data, "view", dict))
    if kind == "quit":
        return Quit()
    raise ProtocolError(
        f"unknown message type {kind!r} (expected hello, decide, layoffs, observe or quit)"
    )


def decode_bot_message(line: str) -> BotMessage:
    """Read a line a bot sent (what the host receives)."""
    data = _object(line)
    kind = data.get("type")
    if kind == "hello":
        return BotHello(
            name=_field(data, "name", str),
            protocol=_field(data, "protocol", str),
            supports=_strings(data, "supports", default=()),
        )
    if kind == "action":
        return ActionReply(id=_field(data, "id", int), action=_field(data, "action", str))
    if kind == "layoffs":
        return LayoffsReply(
            id=_field(data, "id", int),
            melds=tuple(_cards(data, meld, "each of 'melds'")
                        for meld in _field(data, "melds", list)),
            layoffs=tuple(
                _laid_off(data, lay) for lay in _field(data, "layoffs", list, default=[])
            ),
        )
    if kind == "error":
        return ErrorReply(
            message=_field(data, "message", str), id=_field(data, "id", int, default=None)
        )
    raise ProtocolError(
        f"unknown message type {kind!r} (expected hello, action, layoffs or error)"
    )


_MISSING: Any = object()


def _object(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):  # nested too deep is not a message either
        raise ProtocolError(f"not JSON: {_clip(line)!r}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"not a JSON object: {_clip(line)!r}")
    return data


def _field(data: Mapping[str, Any], name: str, kind: type, *, default: Any = _MISSING) -> Any:
    value = data.get(name, _MISSING)
    if value is _MISSING or (value is None and default is None):
        if default is _MISSING:
            raise ProtocolError(f"{data.get('type', 'message')}: missing {name!r}")
        return default
    # bool is an int in Python but never a valid id or seed
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"{data.get('type', 'message')}: {name!r} must be {kind.__name__}")
    return value


def _number(data: Mapping[str, Any], name: str, default: float | None) -> float | None:
    value = data.get(name, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ProtocolError(f"{name!r} must be a positive number of seconds or null")
    return float(value)


def _strings(data: Mapping[str, Any], name: str, *, default: Any = _MISSING) -> tuple[str, ...]:
    values = _field(data, name, list, default=default)
    if not all(isinstance(v, str) for v in values):
        raise ProtocolError(f"{data.get('type', 'message')}: {name!r} must be a list of strings")
    return tuple(values)


def _cards(data: Mapping[str, Any], value: Any, what: str) -> tuple[str, ...]:
    """A list of card codes (checked as strings here, as cards by whoever reads them)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProtocolError(f"{data.get('type', 'message')}: {what} must be a list of cards")
    return tuple(value)


def _laid_off(data: Mapping[str, Any], value: Any) -> LaidOff:
    if not isinstance(value, dict):
        raise ProtocolError(f"{data.get('type', 'message')}: each layoff must be an object "
                            '{"card": ..., "onto": [...]}')
    card = value.get("card")
    if not isinstance(card, str):
        raise ProtocolError(f"{data.get('type', 'message')}: a layoff's 'card' must be str")
    return LaidOff(card, _cards(data, value.get("onto"), "a layoff's 'onto'"))


def _clip(text: str, limit: int = 60) -> str:
    text = text.rstrip("\n")
    return text if len(text) <= limit else text[:limit] + "..."
