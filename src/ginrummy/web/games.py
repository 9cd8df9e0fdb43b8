"""The server's games: one core :class:`Match` each, seats with secret tokens, saved on every change.

The hub is the only holder of real game state. A change is applied to the match, the computer
seats answer, and the match record is saved to the store; only then is anyone told. If the save
fails, the game goes back to its last saved record, so what clients saw is always what is stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ginrummy.core.actions import parse_action
from ginrummy.core.errors import GinRummyError, IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import Rules
from ginrummy.players import make_player
from ginrummy.players.base import Player
from ginrummy.store import MatchStore, StoredMatch

STORE_KIND = "web"
WATCH = "watch"  # the token role of a watcher; seats are "0" and "1"
MAX_NAME = 24


class AccessError(GinRummyError):
    """An unknown game or a token that opens no seat of it."""


def new_token() -> str:
    """A seat's secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    # Only hashes are stored, so a leaked database opens no seat.
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    computer: str | None = None  # the computer player's name, None for a person

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "computer": self.computer}


def match_version(match: Match) -> int:
    """A counter that grows with every change (action or new deal), recomputable from a record.

    Clients echo it with each action, so a replayed or stale message is refused.
    """
    moves = sum(len(hand.moves) for hand in match.hands)
    if not match.state.is_over:
        moves += len(match.state.history)
    return moves + 2 * len(match.hands) + (0 if match.state.is_over else 1)


@dataclass(eq=False)
class Game:
    id: str
    match: Match
    seats: tuple[Seat, Seat]
    token_hashes: dict[str, str]
    saved_record: str
    listeners: set[Any] = field(default_factory=set)  # the connections watching this game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one change at a time, saved
    bots: dict[int, Player] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, info in enumerate(self.seats):
            if info.computer is not None:
                self.bots[seat] = make_player(info.computer)

    @property
    def version(self) -> int:
        return match_version(self.match)

    def role_of(self, token: str) -> str | None:
        digest = token_hash(token)
        for role, stored in self.token_hashes.items():
            if hmac.compare_digest(digest, stored):
                return role
        return None

    def meta(self) -> dict[str, Any]:
        return {"seats": [s.to_dict() for s in self.seats], "tokens": self.token_hashes}

    # -- changes (each checked fully before anything moves) -------------------------------------

    def check(self, seat: int | None, version: Any) -> None:
        if seat is None:
            raise IllegalActionError("a watcher cannot play")
        if self.seats[seat].computer is not None:
            raise IllegalActionError("that seat is the computer's")
        if not isinstance(version, int) or isinstance(version, bool):
            raise IllegalActionError("an action must carry the game version it answers")
        if version != self.version:
            raise IllegalActionError("that message is out of date: the game has moved on")
        if self.match.is_over:
            raise IllegalActionError("the match is over")

    def play(self, seat: int | None, text: Any, version: Any) -> Callable[[], None]:
        """Check ``text`` as ``seat``'s action; return the change to commit."""
        self.check(seat, version)
        if not isinstance(text, str) or len(text) > 40:
            raise IllegalActionError("an action must be text such as 'discard KD'")
        action = parse_action(text)
        state = self.match.state
        if state.is_over:
            raise IllegalActionError("the hand is over: deal the next hand")
        if state.to_play != seat:
            raise IllegalActionError("it is not your turn")
        state.verify(action)
        return lambda: self.match.apply(action)

    def deal(self, seat: int | None, version: Any) -> Callable[[], None]:
        """Check that ``seat`` may deal the next hand; return the change to commit."""
        self.check(seat, version)
        if not self.match.hand_over:
            raise IllegalActionError("the hand is still being played")

        def change() -> None:
            for bot_seat, bot in self.bots.items():
                bot.observe(self.match.view(bot_seat))
            self.match.next_hand()

        return change

    def run_computers(self) -> None:
        """Let computer seats act until a person must decide or the hand ends."""
        match = self.match
        while not match.hand_over and match.state.to_play in self.bots:
            seat = match.state.to_play
            action = self.bots[seat].choose(match.view(seat))
            match.apply(action)


class GameHub:
    """Every game the server knows, loaded from and saved to a :class:`MatchStore`."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.games: dict[str, Game] = {}
        for stored in store.list(kind=STORE_KIND, finished=False, limit=1_000_000):
            game = self._revive(stored)
            self.games[game.id] = game
            if not game.match.hand_over and game.match.state.to_play in game.bots:
                self.commit(game, lambda: None)  # a computer's turn was not yet played

    def _revive(self, stored: StoredMatch) -> Game:
        seats = tuple(Seat(s["name"], s.get("computer")) for s in stored.meta["seats"])
        return Game(stored.id, read_record(stored.record), (seats[0], seats[1]),
                    dict(stored.meta["tokens"]), stored.record)

    def create(self, rules: Rules, seats: tuple[Seat, Seat]) -> tuple[Game, dict[str, str]]:
        """A new game and the tokens of its roles (seats "0", "1" and "watch"); shown once."""
        match = Match.new(rules, names=(seats[0].name, seats[1].name))
        tokens = {role: new_token() for role in ("0", "1", WATCH)}
        game = Game(secrets.token_urlsafe(12), match, seats,
                    {role: token_hash(t) for role, t in tokens.items()}, "")
        self.games[game.id] = game
        self.commit(game, lambda: None)
        return game, tokens

    def find(self, game_id: Any, token: Any) -> tuple[Game, int | None]:
        """The game and the seat (None: watcher) that ``token`` opens."""
        if not isinstance(game_id, str) or not isinstance(token, str) or len(token) > 100:
            raise AccessError("no such game, or the link is wrong")
        game = self.games.get(game_id)
        if game is None:
            stored = self.store.load(game_id) if len(game_id) <= 40 else None
            if stored is None or stored.kind != STORE_KIND:
                raise AccessError("no such game, or the link is wrong")
            game = self._revive(stored)
        role = game.role_of(token)
        if role is None:
            raise AccessError("no such game, or the link is wrong")
        self.games[game.id] = game
        return game, None if role == WATCH else int(role)

    def commit(self, game: Game, change: Callable[[], None]) -> None:
        """Apply ``change``, let the computers answer, and save, all or nothing."""
        record = self.apply(game, change)
        try:
            self.save(game, record)
        except Exception:
            self.restore(game)
            raise

    def apply(self, game: Game, change: Callable[[], None]) -> str:
        """The first half of :meth:`commit`: change the match, return the record to save."""
        try:
            change()
            game.run_computers()
            return write_record(game.match)
        except Exception:
            self.restore(game)
            raise

    def save(self, game: Game, record: str) -> None:
        """The second half of :meth:`commit` (the slow part: it waits for the disk)."""
        match = game.match
        self.store.save(game.id, record, kind=STORE_KIND, names=match.names,
                        finished=match.is_over, winner=match.winner, meta=game.meta())
        game.saved_record = record

    def restore(self, game: Game) -> None:
        """Back to the last saved record: what clients were told is what is stored."""
        if game.saved_record:
            game.match = read_record(game.saved_record)

    def release(self, game: Game) -> None:
        """Drop a finished game nobody watches any more (it stays in the store)."""
        if game.match.is_over and not game.listeners:
            self.games.pop(game.id, None)
