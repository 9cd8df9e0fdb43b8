"""Run one of our players as a ``ginrummy-bot/1`` process: requests on one stream, replies on another.

Bad input never ends the session and never shows a stack trace: each line that cannot be handled
is answered with an ``error`` message naming the problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TextIO

from ginrummy.core.errors import GinRummyError
from ginrummy.players.base import Player
from ginrummy.protocol.messages import (
    FEATURES,
    VERSIONS,
    ActionReply,
    BotHello,
    BotMessage,
    Decide,
    ErrorReply,
    Hello,
    Observe,
    Quit,
    decode_host_message,
    encode,
)
from ginrummy.protocol.wire_view import view_from_dict

PlayerMaker = Callable[[int | None], Player]  # seed -> player


class BotSession:
    """Answers host messages for one player, made at the hello with the host's seed."""

    def __init__(self, make: PlayerMaker, *, seed: int | None = None) -> None:
        self._make = make
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
            message = decode_host_message(line)
            if isinstance(message, Hello):
                return self._hello(message)
            if isinstance(message, Decide):
                action = self.player.choose(view_from_dict(message.view))
                return ActionReply(message.id, str(action))
            if isinstance(message, Observe):
                self.player.observe(view_from_dict(message.view))
                return None
            return message  # quit
        except GinRummyError as error:
            return ErrorReply(str(error), _request_id(line))
        except Exception as error:  # a view our player cannot cope with must not end the session
            return ErrorReply(f"internal error: {type(error).__name__}: {error}", _request_id(line))

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
    try:
        data = json.loads(line)
    except ValueError:
        return None
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None
