"""Limits per client (open connections per address, a message rate per connection), on each HTTP
request (its headers and body, :class:`RequestLimits`) and on idle games (how long an
unfinished game nobody has open stays in memory)."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Limits:
    max_message_bytes: int = 2048  # the largest client message is far below this
    connections_per_address: int = 20
    messages_per_second: float = 8.0
    message_burst: int = 40
    strikes_before_close: int = 50  # refused messages before the connection is dropped
    games_per_minute: int = 30  # new games per address
    idle_game_seconds: float = 1800.0  # an unfinished game nobody has open leaves memory after
    max_body_bytes: int = 8192  # a request body (the JSON API's are a few hundred bytes)
    max_header_bytes: int = 8192  # all header names and values of one request together
    max_headers: int = 64  # header lines of one request (a browser sends about 15)


@dataclass
class TokenBucket:
    """Allows ``burst`` at once, then ``rate`` per second."""

    rate: float
    burst: int
    tokens: float = field(init=False)
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class AddressCounter:
    """How many connections each client address holds open."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: Counter[str] = Counter()

    def acquire(self, address: str) -> bool:
        if self.open[address] >= self.limit:
            return False
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class AddressBuckets:
    """One token bucket per client address (for requests that create things)."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, address: str) -> bool:
        if len(self.buckets) > 10_000:
            self.buckets.clear()  # bounded memory; a reset only ever loosens the limit briefly
        bucket = self.buckets.setdefault(
            address, TokenBucket(self.per_minute / 60, self.per_minute))
        return bucket.allow()


class BodyTooLarge(Exception):
    """Raised from ``receive`` once a request body passes the limit."""


class RequestLimits:
    """ASGI middleware: every request's headers and body stay within ``limits``, whatever the
    server in front allows.

    Too many or too large headers: 431 (a WebSocket handshake is refused). A Content-Length over
    the limit: 413 before a byte of the body is read. A body that passes the limit while it is
    read (chunked, or with no Content-Length the server holds it to): the read stops there and
    the answer is 413. These
    answers close the connection, so the server reads no more of what the client still sends.
    """

    def __init__(self, app: ASGIApp, *, limits: Limits | None = None) -> None:
        self.app = app
        self.limits = limits or Limits()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers: list[tuple[bytes, bytes]] = list(scope.get("headers", ()))
        header_bytes = sum(len(name) + len(value) for name, value in headers)
        if len(headers) > self.limits.max_headers or header_bytes > self.limits.max_header_bytes:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1009})
            else:
                await _refuse(send, 431, "request headers too large")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)  # frames have their own limit (ws_max_size)
            return
        announced = [value for name, value in headers if name.lower() == b"content-length"]
        if announced:
            try:
                length = int(announced[0])
            except ValueError:
                await _refuse(send, 400, "bad Content-Length")
                return
            if length > self.limits.max_body_bytes:
                await _refuse(send, 413, "request body too large")
                return
        await self._bounded(scope, receive, send)

    async def _bounded(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The app, reading the body through a counter that stops at the limit."""
        read = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.limits.max_body_bytes:
                    raise BodyTooLarge
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:
                raise
            await _refuse(send, 413, "request body too large")


async def _refuse(send: Send, status: int, text: str) -> None:
    """A short JSON error that also closes the connection (the client may still be sending)."""
    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
