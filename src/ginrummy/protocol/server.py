"""Run one of our players as a ``ginrummy-bot/1`` process: requests on one stream, replies on another.

Bad input never ends the session and never shows a stack trace: each request that cannot be
handled is answered with an ``error`` message naming the problem. An ``observe`` gets no reply,
not even then (the host reads none, and would take it for the answer to its next request): its
problem goes to stderr, the bot's log.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from ginrummy.core.errors import GinRummyError
from ginrummy.players.base import Player
from ginrummy.protocol.arrange import answer_layoffs, knock_to_send
from ginrummy.protocol.messages import (
    FEATURES,
    VERSIONS,
    ActionReply,
    BotHello,
    BotMessage,
    Decide,
    ErrorReply,
    Hello,
    HostMessage,
    LayoffsRequest,
    Observe,
    Quit,
    decode_host_message,
    encode,
)
from ginrummy.protocol.wire_view import view_from_dict

PlayerMaker = Callable[[int | None], Player]  # seed -> player
Log = Callable[[str], None]


def log_to_stderr(text: str) -> None:
    print(f"ginrummy bot: {text}", file=sys.stderr, flush=True)


class BotSession:
    """Answers host messages for one player, made at the hello with the host's seed."""

    def __init__(self, make: PlayerMaker, *, seed: int | None = None,
                 log: Log = log_to_stderr) -> None:
        self._make = make
        self._log = log
        self._fixed_seed = seed  # a seed given on our command line wins over the host's
        self._seed = seed
        self._player: Player | None = None

    @property
    def player(self) -> Player:
        if self._player is None:
            self._player = self._make(self._seed)
        return self._player

    def handle(self, line: str) -> BotMessage | Quit | None:
        """The reply to one line (None when there is none to send); Quit ends the session."""
        try:
            return self._answer(decode_host_message(line))
        except GinRummyError as error:
            return self._failed(line, str(error))
        except Exception as error:  # a view our player cannot cope with must not end the session
            return self._failed(line, f"internal error: {type(error).__name__}: {error}")

    def _answer(self, message: HostMessage) -> BotMessage | Quit | None:
        if isinstance(message, Hello):
            return self._hello(message)
        if isinstance(message, Decide):
            view = view_from_dict(message.view)
            action = knock_to_send(view, self.player.choose(view), message.show_options)
            return ActionReply(message.id, str(action))
        if isinstance(message, LayoffsRequest):
            return answer_layoffs(message)  # the engine's best answer, whatever the player
        if isinstance(message, Observe):
            self.player.observe(view_from_dict(message.view))
            return None
        return message  # quit

    def _failed(self, line: str, problem: str) -> ErrorReply | None:
        """An error reply naming the request, except for an observe: that one is logged."""
        if _message_type(line) == "observe":
            self._log(f"observe not understood: {problem}")
            return None
        return ErrorReply(problem, _request_id(line))

    def _hello(self, hello: Hello) -> BotHello | ErrorReply:
        common = [version for version in hello.versions if version in VERSIONS]
        if not common:
            return ErrorReply(
                f"no common protocol version: host speaks {', '.join(hello.versions)}, "
                f"this bot speaks {', '.join(VERSIONS)}"
            )
        self._seed = hello.options.seed if self._fixed_seed is None else self._fixed_seed
        self._player = None  # a new hello starts a new session
        return BotHello(name=self.player.name, protocol=common[0], supports=FEATURES)


def serve(session: BotSession, requests: Iterable[str], replies: TextIO) -> int:
    """Answer ``requests`` line by line until quit or end of input; the exit status."""
    for line in requests:
        if not line.strip():
            continue
        reply = session.handle(line)
        if isinstance(reply, Quit):
            return 0
        if reply is not None:
            replies.write(encode(reply) + "\n")
            replies.flush()
    return 0


def _request_id(line: str) -> int | None:
    """The id of a request that failed, when it can be read, so the host can match the error."""
    found = _json_field(line, "id")
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def _message_type(line: str) -> object:
    return _json_field(line, "type")


def _json_field(line: str, name: str) -> object:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):  # nested too deep is not a message either
        return None
    return data.get(name) if isinstance(data, dict) else None
