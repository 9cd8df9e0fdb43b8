"""The ASGI application: the page, a small JSON API, and one WebSocket per browser tab.

Protocol (JSON text frames; the client speaks first):

- ``{"type": "join", "game": ID, "token": TOKEN}``: the token decides the seat (or watching);
- ``{"type": "action", "action": "discard KD", "version": N}``: ``N`` is the version of the
  last state the client saw, so stale and replayed messages are refused; a knock may name the
  melds it shows, ``knock 7C show AC 2C 3C | 2S 3S 4S 5S`` (RULES §6.2: the seat that may
  knock finds its choices in the state's ``knocks``, see :func:`messages.knock_choices`);
- ``{"type": "next", "version": N}``: deal the next hand once one is over;
- ``{"type": "hint"}`` and ``{"type": "ping"}``.

The server answers ``state`` (the seat's view, see :mod:`ginrummy.web.messages`), ``hint``,
``pong`` or ``error`` (one sentence; the game is unchanged).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ginrummy.core.errors import GinRummyError
from ginrummy.core.multirecord import read_match_record
from ginrummy.core.rules import PRESETS, parse_option, rules_for
from ginrummy.players import player_names
from ginrummy.store import StaleMatchError, open_store
from ginrummy.store.group_commit import GroupCommit
from ginrummy.web.errors import WebError, coded, error_fields
from ginrummy.web.games import MAX_NAME, Game, GameHub, Seat
from ginrummy.web.hints import hint
from ginrummy.web.i18n import language_of, languages, web_catalogue
from ginrummy.web.limits import (
    AddressBuckets,
    AddressCounter,
    Limits,
    RequestLimits,
    TokenBucket,
)
from ginrummy.web.messages import replay_frames, score_sheet, state_message

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = Limits().max_body_bytes  # checked again on the body read (RequestLimits stops it)
log = logging.getLogger("ginrummy.web")
T = TypeVar("T")

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    address: str
    bucket: TokenBucket
    game: Game | None = None
    seat: int | None = None
    lang: str = "en"
    strikes: int = 0


def client_address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client else "unknown"


def origin_allowed(connection: HTTPConnection, allowed: Sequence[str]) -> bool:
    """Browsers send Origin: it must be this server (or listed); tools without one may connect."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc.lower() == connection.headers.get("host", "").lower()


def create_app(store_url: str | None = None, *, limits: Limits | None = None,
               allowed_origins: Sequence[str] = ()) -> Starlette:
    """The web game over the store at ``store_url`` (see :func:`ginrummy.store.open_store`).

    The store opens when the server starts (in the server's thread, as SQLite wants), and every
    game in it that is not finished resumes at once.
    """
    limits = limits or Limits()
    hub: GameHub
    group: GroupCommit  # the actions' saves, many games' in each transaction
    # The store lives on one thread of its own (SQLite wants that), so a slow disk write
    # holds up only the game being saved, never the event loop and the other games.
    store_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ginrummy-store")

    async def stored(function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(store_thread, function, *args)

    sockets = AddressCounter(limits.connections_per_address)
    creations = AddressBuckets(limits.games_per_minute)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=SECURITY_HEADERS)

    async def unknown_page(request: Request) -> Response:
        if request.url.path.startswith("/api/"):  # a program asked: it gets JSON
            return _error(WebError("no_such_page"), 404)
        # A person: the page itself says, in the visitor's language, that there is no such page.
        return FileResponse(STATIC / "index.html", status_code=404, headers=SECURITY_HEADERS)

    async def meta(request: Request) -> Response:
        presets = {name: rules.options() for name, rules in PRESETS.items()}
        return JSONResponse({"presets": presets, "computers": player_names(),
                             "languages": languages()})

    async def i18n(request: Request) -> Response:
        return JSONResponse(web_catalogue(language_of(request.path_params["lang"])))

    async def create_game(request: Request) -> Response:
        if not creations.allow(client_address(request)):
            return _error(WebError("too_many_games"), 429)
        body = await _json_body(request)
        rules_name = body.get("rules", "classic")
        options = body.get("options", {})
        # "opponents": a computer's name or "friend" for each other seat ("opponent" when two)
        opponents = body.get("opponents", [body.get("opponent", "friend")])
        friends = body.get("friends", [body.get("friend")])
        if not isinstance(rules_name, str) or not isinstance(options, dict) \
                or not isinstance(opponents, list) or not isinstance(friends, list):
            raise WebError("bad_rules")
        try:
            rules = rules_for(rules_name, **{str(k): parse_option(str(k), str(v))
                                             for k, v in options.items()})
        except GinRummyError as error:  # the core's sentence, inside one the page can translate
            raise WebError("rules_refused", text=str(error)) from None
        if len(opponents) != rules.players - 1:
            raise WebError("too_many_players", rules=rules.name, players=rules.players,
                           opponents=rules.players - 1)
        # "labels": what to call each computer seat (the page sends its word for the level)
        labels = body.get("labels", [])
        labels = labels if isinstance(labels, list) else []
        seats = [Seat(_name(body.get("name"), "Player 1"))]
        for number, kind in enumerate(opponents, start=2):
            friend = friends[number - 2] if number - 2 < len(friends) else None
            label = labels[number - 2] if number - 2 < len(labels) else None
            seats.append(_other_seat(kind, friend, number, taken=[s.name for s in seats],
                                     label=label))
        game, tokens = await stored(hub.create, rules, tuple(seats))
        invites = {str(seat): tokens[str(seat)] for seat in range(1, len(seats))
                   if seats[seat].computer is None}
        reply: dict[str, Any] = {"game": game.id, "seat": tokens["0"], "watch": tokens["watch"],
                                 "invites": invites}
        if "1" in invites:
            reply["invite"] = invites["1"]
        return JSONResponse(reply)

    async def history(request: Request) -> Response:
        """Summaries of the games whose links the browser holds (its own list, no one else's)."""
        entries = (await _json_body(request)).get("entries", [])
        if not isinstance(entries, list) or len(entries) > 100:
            raise WebError("bad_history")
        summaries = []
        for entry in entries:
            try:
                game, seat = await stored(hub.find, entry.get("game"), entry.get("token"))
            except (GinRummyError, AttributeError):
                continue
            sheet = score_sheet(game.match)
            summaries.append({"game": game.id, "seat": seat, "names": list(game.match.names),
                              "labels": sheet["labels"],
                              "rules": str(game.match.rules), "hands": len(game.match.hands),
                              "over": sheet["over"], "winner": sheet["winner"],
                              "totals": sheet["totals"]})
            hub.release(game)
        return JSONResponse({"games": summaries})

    async def replay(request: Request) -> Response:
        body = await _json_body(request)
        game, seat = await stored(hub.find, body.get("game"), body.get("token"))
        if not game.match.is_over:
            raise WebError("replay_unfinished")
        match = read_match_record(game.saved_record)
        hub.release(game)
        return JSONResponse({"names": list(match.names), "rules": str(match.rules),
                             "preset": match.rules.name, "seat": seat,
                             "frames": replay_frames(match),
                             "sheet": score_sheet(match)})

    async def socket(websocket: WebSocket) -> None:
        address = client_address(websocket)
        if not origin_allowed(websocket, allowed_origins):
            await websocket.close(code=1008)  # before accept: the handshake gets a 403
            return
        if not sockets.acquire(address):
            await websocket.close(code=1013)
            return
        connection = Connection(websocket, address,
                                TokenBucket(limits.messages_per_second, limits.message_burst))
        try:
            await websocket.accept()
            await _serve(connection)
        except WebSocketDisconnect:
            pass
        finally:
            sockets.release(address)
            game = connection.game
            if game is not None:
                async with game.lock:
                    game.listeners.discard(connection)
                    await _broadcast(game)  # the others see this seat go offline
                hub.release(game)

    async def _serve(connection: Connection) -> None:
        while True:
            message = await connection.socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            reply = await _handle(connection, message)
            if reply is not None:
                await connection.socket.send_json(reply)
            if connection.strikes >= limits.strikes_before_close:
                await connection.socket.close(code=1008)
                return

    async def _handle(connection: Connection,
                      message: Mapping[str, Any]) -> dict[str, Any] | None:
        if not connection.bucket.allow():
            connection.strikes += 1
            return _refusal(WebError("too_many_messages"))
        text = message.get("text")
        if text is None or len(text) > limits.max_message_bytes:
            connection.strikes += 1
            return _refusal(WebError("message_too_large", limit=limits.max_message_bytes))
        try:
            request = json.loads(text)
        except (ValueError, RecursionError):  # nested too deep is not a message either
            request = None
        if not isinstance(request, dict) or not isinstance(request.get("type"), str):
            connection.strikes += 1
            return _refusal(WebError("malformed_message"))
        try:
            return await _dispatch(connection, request)
        except StaleMatchError as error:  # its own words name the store's match id
            return {"type": "error", **coded("stale_game"), "message": str(error)}
        except GinRummyError as error:
            return _refusal(error)
        except Exception:
            log.exception("while handling %s", request.get("type"))
            return _refusal(WebError("server_failed"))

    async def _dispatch(connection: Connection, request: dict[str, Any]) -> dict[str, Any] | None:
        kind = request["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "join":
            if connection.game is not None:
                raise WebError("already_joined")
            found, seat = await stored(hub.find, request.get("game"), request.get("token"))
            connection.game, connection.seat = found, seat
            lang = request.get("lang")
            connection.lang = language_of(lang) if isinstance(lang, str) else "en"
            async with found.lock:  # no state is shown while a change is being saved
                found.listeners.add(connection)
                await _broadcast(found)
            return None
        game = connection.game
        if game is None:
            raise WebError("join_first")
        changes: dict[str, Callable[[], Callable[[], None]]] = {
            "action": lambda: game.play(connection.seat, request.get("action"),
                                        request.get("version")),
            "next": lambda: game.deal(connection.seat, request.get("version")),
        }
        async with game.lock:
            if kind in changes:
                record = hub.apply(game, changes[kind]())
                try:
                    await group.save(hub.saving(game, record))
                except Exception as error:
                    hub.restore(game, error)
                    raise
                game.saved_record = record
                await _broadcast(game)
                return None
            if kind == "hint":
                if connection.seat is None:
                    raise WebError("watcher_no_hints")
                view = game.match.view(connection.seat)
                return {"type": "hint", **hint(view, connection.lang)}
        raise WebError("unknown_message", text=kind[:20])

    async def _broadcast(game: Game) -> None:
        online = tuple(any(c.seat == seat for c in game.listeners)
                       for seat in range(len(game.seats)))
        for listener in list(game.listeners):
            try:
                message = state_message(game, listener.seat, online)
            except Exception:  # a bug: say so, and let the page rejoin rather than wait forever
                log.exception("while showing game %s to seat %s", game.id, listener.seat)
                await _drop(game, listener)
                continue
            try:
                await listener.socket.send_json(message)
            except Exception:  # a closed tab; it will rejoin
                await _drop(game, listener)

    async def _drop(game: Game, listener: Connection) -> None:
        """Stop showing ``game`` to a page that missed a state. Its socket is closed too, so an
        open page reconnects and rejoins (and sees the table as it is) instead of waiting."""
        game.listeners.discard(listener)
        with contextlib.suppress(Exception):
            await listener.socket.close(code=1011)

    async def evict_idle_games() -> None:
        # Abandoned unfinished games leave memory; the store keeps them for the next join.
        every = min(60.0, limits.idle_game_seconds / 2)
        while True:
            await asyncio.sleep(every)
            hub.evict_idle(limits.idle_game_seconds)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal hub, group
        store = await stored(open_store, store_url)
        sweeper = None
        try:
            hub = app.state.hub = await stored(GameHub, store)
            group = app.state.group = GroupCommit(store, store_thread)
            sweeper = asyncio.create_task(evict_idle_games())
            yield
        finally:
            if sweeper is not None:
                sweeper.cancel()
            await stored(store.close)
            store_thread.shutdown()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/g/{game_id}", page),
            Route("/api/meta", meta),
            Route("/api/i18n/{lang}", i18n),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/history", history, methods=["POST"]),
            Route("/api/replay", replay, methods=["POST"]),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Route("/{path:path}", unknown_page),
        ],
        exception_handlers={GinRummyError: _bad_request},
        # header and body sizes, checked as the request arrives, before any route reads it
        middleware=[Middleware(RequestLimits, limits=limits)],
        lifespan=lifespan,
    )
    return app


async def _json_body(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise WebError("request_too_large")
    try:
        data = json.loads(body or b"{}")
    except (ValueError, RecursionError):
        raise WebError("not_json") from None
    if not isinstance(data, dict):
        raise WebError("not_an_object")
    return data


def _name(value: Any, default: str) -> str:
    name = " ".join(str(value or "").split())[:MAX_NAME]
    return name or default


def _other_seat(kind: Any, name: Any, number: int, *, taken: Sequence[str],
                label: Any = None) -> Seat:
    """Seat ``number`` (counting from 1): a friend with an invite link, or a computer player
    named ``label`` (by default after its level; numbered when two share one)."""
    if kind == "friend":
        return Seat(_name(name, f"Player {number}"))
    if not isinstance(kind, str) or kind not in player_names():
        raise WebError("unknown_opponent", text=str(kind)[:20])
    label = _name(label, kind.capitalize())[:MAX_NAME - 3]  # room for the number
    return Seat(label if label not in taken else f"{label} {number}", computer=kind)


def _refusal(error: GinRummyError) -> dict[str, Any]:
    """An ``error`` message: the English sentence, and where the refusal has a code (the core's
    or the server's, see :mod:`ginrummy.web.errors`) the code, params (cards as ``KS``) and
    ``template``, the catalogue msgid the page translates and fills."""
    return {"type": "error", "message": str(error), **error_fields(error)}


def _error(error: GinRummyError, status: int) -> Response:
    return JSONResponse({"error": str(error), **error_fields(error)}, status_code=status)


async def _bad_request(request: Request, error: Exception) -> Response:
    return _error(error if isinstance(error, GinRummyError) else WebError("server_failed"), 400)

