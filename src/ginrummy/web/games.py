"""The server's games: one core match each (two players, three players or a partnership; see
:mod:`ginrummy.web.formats`), seats with secret tokens, saved on every change.

The hub is the only holder of real game state. A change is applied to the match, the computer
seats answer, and the match record is saved to the store; only then is anyone told. If the save
fails, the game goes back to its last saved record, so what clients saw is always what is stored.
Games nobody has open for a while leave memory (:meth:`GameHub.evict_idle`) and come back from
the store on the next join. Computer seats draw their randomness from the game's stored seed and
the game version, so a revived game plays on exactly as it would have without the restart.

One writer per game: each save names the stored version it extends (see
:class:`ginrummy.store.Save`). If another server process on the same database saved the game
first, the store refuses (:class:`~ginrummy.store.StaleMatchError`); the game goes back to its
last saved record, the players are told why through the usual error message, and the game
leaves memory so that the next join loads what the other process stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ginrummy.core.actions import parse_action
from ginrummy.core.errors import GinRummyError, IllegalActionError
from ginrummy.core.match import MatchFormat
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView
from ginrummy.players import make_player
from ginrummy.store import MatchStore, Save, StaleMatchError, StoredMatch, StoreError
from ginrummy.web import formats
from ginrummy.web.errors import WEB_ERRORS, WebMoveError

log = logging.getLogger(__name__)

STORE_KIND = "web"
WATCH = "watch"  # the token role of a watcher; seats are "0", "1" (and "2", "3")
MAX_NAME = 24
MAX_ACTION = 80  # the longest action: a knock naming eleven cards in melds is about 55


class AccessError(GinRummyError):
    """An unknown game or a token that opens no seat of it (code ``bad_link``)."""

    def __init__(self) -> None:
        super().__init__(WEB_ERRORS["bad_link"], code="bad_link")


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


def decision_seed(seed: int, seat: int, version: int) -> int:
    """The seed of a computer seat's decision at ``version``: a function of stored facts only."""
    digest = hashlib.sha256(f"{seed}:{seat}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def match_version(match: MatchFormat) -> int:
    """A counter that grows with every change (action or new deal), recomputable from a record.

    Clients echo it with each action, so a replayed or stale message is refused.
    """
    return formats.version(match)


@dataclass(eq=False)
class Game:
    id: str
    match: MatchFormat  # two players, three players or a partnership (see web.formats)
    seats: tuple[Seat, ...]
    token_hashes: dict[str, str]
    saved_record: str
    listeners: set[Any] = field(default_factory=set)  # the connections watching this game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one change at a time, saved
    seed: int = field(default_factory=lambda: secrets.randbits(63))  # the computers' randomness
    touched: float = field(default_factory=time.monotonic)  # when it was last let go (idle clock)
    bots: dict[int, str] = field(default_factory=dict)  # seat -> computer player's name
    stored_version: int = 0  # the store's version of saved_record: what the next save extends
    # the version before the last save handed out, until the next change; see GameHub.restore
    unconfirmed: int | None = None

    def __post_init__(self) -> None:
        for seat, info in enumerate(self.seats):
            if info.computer is not None:
                self.bots[seat] = info.computer

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
        return {"seats": [s.to_dict() for s in self.seats], "tokens": self.token_hashes,
                "seed": self.seed}

    # -- changes (each checked fully before anything moves) -------------------------------------

    def check(self, seat: int | None, version: Any) -> None:
        if seat is None:
            raise WebMoveError("watcher_cannot_play")
        if self.seats[seat].computer is not None:
            raise WebMoveError("computer_seat")
        if not isinstance(version, int) or isinstance(version, bool):
            raise WebMoveError("no_version")
        if version != self.version:
            raise WebMoveError("out_of_date")
        if self.match.is_over:
            raise IllegalActionError("the match is over", code="match_over")

    def play(self, seat: int | None, text: Any, version: Any) -> Callable[[], None]:
        """Check ``text`` as ``seat``'s action; return the change to commit."""
        self.check(seat, version)
        if not isinstance(text, str) or len(text) > MAX_ACTION:
            raise WebMoveError("bad_action_text")
        action = parse_action(text)
        assert seat is not None  # check() refuses watchers
        mover = seat
        formats.verify(self.match, mover, action)
        return lambda: formats.apply(self.match, mover, action)

    def deal(self, seat: int | None, version: Any) -> Callable[[], None]:
        """Check that ``seat`` may deal the next hand; return the change to commit."""
        self.check(seat, version)
        if not formats.deal_over(self.match):
            raise WebMoveError("hand_not_over")

        def change() -> None:
            formats.next_deal(self.match)

        return change

    def run_computers(self) -> None:
        """Let computer seats act until a person must decide or the hand ends."""
        match = self.match
        finished: dict[tuple[int, int | None], list[PlayerView]] = {}  # past hands, replayed once
        while turns := [seat for seat in formats.pending(match) if seat in self.bots]:
            seat = turns[0]
            # A fresh player for each decision, seeded from stored facts and told the hands
            # played so far: it carries no memory that a restart would lose, so the same
            # position always gets the same answer, and it still learns the opponent's style.
            bot = make_player(self.bots[seat], seed=decision_seed(self.seed, seat, self.version))
            # the hands played against the opponent it faces now (every hand, two players)
            opponent = formats.opponent_of(match, seat)
            if (seat, opponent) not in finished:  # their hands end only on a call's last move
                finished[seat, opponent] = match.finished_views(seat, against=opponent)
            for seen in finished[seat, opponent]:
                bot.observe(seen)
            formats.apply(match, seat, bot.choose(match.view(seat)))


class GameHub:
    """Every game the server knows, loaded from and saved to a :class:`MatchStore`."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.games: dict[str, Game] = {}
        for stored in store.list(kind=STORE_KIND, finished=False, limit=1_000_000):
            try:
                game = self._revive(stored)
            except GinRummyError as error:  # one damaged game must not stop the server
                log.warning("%s", error)
                continue
            self.games[game.id] = game
            if any(seat in game.bots for seat in formats.pending(game.match)):
                try:
                    self.commit(game, lambda: None)  # a computer's turn was not yet played
                except StaleMatchError:  # another server played it: load it when it is joined
                    self.games.pop(game.id, None)

    def _revive(self, stored: StoredMatch) -> Game:
        try:
            seats = tuple(Seat(s["name"], s.get("computer")) for s in stored.meta["seats"])
            game = Game(stored.id, read_record(stored.record), seats,
                        dict(stored.meta["tokens"]), stored.record,
                        stored_version=stored.version)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise StoreError(f"the stored game {stored.id} is damaged ({error!r}): "
                             "it cannot be played") from None
        if isinstance(stored.meta.get("seed"), int):  # games saved before seeds keep a new one
            game.seed = stored.meta["seed"]
        return game

    def create(self, rules: Rules, seats: tuple[Seat, ...]) -> tuple[Game, dict[str, str]]:
        """A new game and the tokens of its roles (seats "0", "1"... and "watch"); shown once."""
        match = formats.new_match(rules, [seat.name for seat in seats])
        tokens = {role: new_token() for role in [*map(str, range(len(seats))), WATCH]}
        game = Game(secrets.token_urlsafe(12), match, seats,
                    {role: token_hash(t) for role, t in tokens.items()}, "")
        self.games[game.id] = game
        self.commit(game, lambda: None)
        return game, tokens

    def find(self, game_id: Any, token: Any) -> tuple[Game, int | None]:
        """The game and the seat (None: watcher) that ``token`` opens."""
        if not isinstance(game_id, str) or not isinstance(token, str) or len(token) > 100:
            raise AccessError()
        game = self.games.get(game_id)
        if game is None:
            stored = self.store.load(game_id) if len(game_id) <= 40 else None
            if stored is None or stored.kind != STORE_KIND:
                raise AccessError()
            game = self._revive(stored)
        role = game.role_of(token)
        if role is None:
            raise AccessError()
        game.touched = time.monotonic()
        self.games.setdefault(game.id, game)
        return self.games[game.id], None if role == WATCH else int(role)

    def commit(self, game: Game, change: Callable[[], None]) -> None:
        """Apply ``change``, let the computers answer, and save, all or nothing."""
        record = self.apply(game, change)
        try:
            self.save(game, record)
        except Exception as error:
            self.restore(game, error)
            raise

    def apply(self, game: Game, change: Callable[[], None]) -> str:
        """The first half of :meth:`commit`: change the match, return the record to save."""
        game.unconfirmed = None  # the last save's outcome is known before the next change
        try:
            change()
            game.run_computers()
            return write_record(game.match)
        except Exception:
            self.restore(game)
            raise

    def save(self, game: Game, record: str) -> None:
        """The second half of :meth:`commit` (the slow part: it waits for the disk)."""
        self.store.save_many([self.saving(game, record)])
        game.saved_record = record

    def saving(self, game: Game, record: str) -> Save:
        """What :meth:`save` writes, for a caller that batches saves (the server's group commit);
        that caller sets ``game.saved_record`` once the save is committed, or calls
        :meth:`restore` if it failed.

        The save extends the game's stored version, which counts it as done at once (the next
        save, made only after this one's outcome, extends it); :meth:`restore` takes it back."""
        match = game.match
        save = Save(game.id, record, STORE_KIND, tuple(match.names), match.is_over,
                    match.winner, game.meta(), version=game.stored_version)
        game.unconfirmed = game.stored_version
        game.stored_version += 1
        return save

    def restore(self, game: Game, error: BaseException | None = None) -> None:
        """Back to the last saved record: what clients were told is what is stored.

        ``error`` is why the save failed (by default the exception being handled: callers
        restore from an ``except`` clause). A game that another process saved meanwhile
        (StaleMatchError) also leaves memory, so the next join loads what that process stored.
        """
        if game.unconfirmed is not None:  # a save since the last apply, so the one that failed
            game.stored_version = game.unconfirmed
            game.unconfirmed = None
        if game.saved_record:
            game.match = read_record(game.saved_record)
        if isinstance(error if error is not None else sys.exception(), StaleMatchError) \
                and self.games.get(game.id) is game:
            del self.games[game.id]

    def release(self, game: Game) -> None:
        """Drop a finished game nobody watches any more (it stays in the store); an unfinished
        one stays, and its idle clock starts again (see :meth:`evict_idle`)."""
        game.touched = time.monotonic()
        if game.match.is_over and not game.listeners and self.games.get(game.id) is game:
            del self.games[game.id]

    def evict_idle(self, idle_seconds: float, *, now: float | None = None) -> list[str]:
        """Drop from memory the games nobody has had open for ``idle_seconds`` (abandoned
        tables); they stay in the store and :meth:`find` revives them. Their ids are returned."""
        now = time.monotonic() if now is None else now
        # list(): find() may add a game from the store's thread meanwhile.
        idle = [game for game in list(self.games.values())
                if not game.listeners and not game.lock.locked()
                and now - game.touched >= idle_seconds]
        for game in idle:
            self.games.pop(game.id, None)
        return [game.id for game in idle]
