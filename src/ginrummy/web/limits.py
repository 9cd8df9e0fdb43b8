"""Limits per client (open connections per address, a message rate per connection) and on idle
games (how long an unfinished game nobody has open stays in memory)."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Limits:
    max_message_bytes: int = 2048  # the largest client message is far below this
    connections_per_address: int = 20
    messages_per_second: float = 8.0
    message_burst: int = 40
    strikes_before_close: int = 50  # refused messages before the connection is dropped
    games_per_minute: int = 30  # new games per address
    idle_game_seconds: float = 1800.0  # an unfinished game nobody has open leaves memory after


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
