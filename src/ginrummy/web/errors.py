"""The server's own refusals (bad links, malformed requests, limits), with codes like the core's.

The core's refusals carry a code of :data:`ginrummy.core.refusals.REFUSALS`; the server's carry
one of :data:`WEB_ERRORS`. Both reach the page as ``code``, ``params`` and ``template`` (the
English sentence, which is also the msgid the page's catalogues translate), so every error a
visitor can meet is said in the page's language. ``message`` keeps the English sentence for
tools and logs.

>>> error = WebError("too_many_players", rules="classic", players=2, opponents=1)
>>> str(error), error.code, error.params["players"]
('the classic rules are for 2 players: choose 1 opponents', 'too_many_players', 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginrummy.core.errors import GinRummyError, IllegalActionError
from ginrummy.core.refusals import REFUSALS, wire_params

# code -> the English sentence (a msgid of web/locales/<lang>/LC_MESSAGES/web.po).
WEB_ERRORS: Mapping[str, str] = {
    # links and seats
    "bad_link": "no such game, or the link is wrong",
    "watcher_cannot_play": "a watcher cannot play",
    "computer_seat": "that seat is the computer's",
    "watcher_no_hints": "a watcher gets no hints",
    "replay_unfinished": "a match can be replayed once it is over",
    # the game moving on
    "no_version": "an action must carry the game version it answers",
    "out_of_date": "that message is out of date: the game has moved on",
    "hand_not_over": "the hand is still being played",
    "bad_action_text": "an action must be text such as 'discard KD'",
    "not_allowed": "{text} is not allowed now",
    "sitting_out": "you sit out this hand",
    "deal_next": "the hand is over: deal the next hand",
    "other_table": "your hand is over: the other table is still playing",
    "seat_count": "the {rules} rules seat {players} players, not {seated}",
    # the lobby
    "bad_rules": "rules must be a preset name and options a set of values",
    "rules_refused": "those rules cannot be played: {text}",
    "too_many_players": "the {rules} rules are for {players} players: choose {opponents} "
                        "opponents",
    "unknown_opponent": "unknown opponent '{text}'",
    "too_many_games": "too many new games from your address; wait a minute",
    "bad_history": "entries must be a list of at most 100 games",
    # the connection
    "too_many_messages": "too many messages: slow down",
    "message_too_large": "message refused: send JSON text of at most {limit} bytes",
    "malformed_message": "malformed message: expected a JSON object with a type",
    "already_joined": "this connection has already joined a game",
    "join_first": "join a game first",
    "unknown_message": "unknown message type '{text}'",
    "request_too_large": "request too large",
    "no_such_page": "there is no such page",
    "not_json": "the request body must be JSON",
    "not_an_object": "the request body must be a JSON object",
    "server_failed": "the server failed to do that; the game is unchanged",
    "stale_game": "this match is open elsewhere: another server saved it first; reload the "
                  "page to play on from what was saved",
}


class WebError(GinRummyError):
    """A refusal of the server's own, by its code in :data:`WEB_ERRORS` and the params that fill
    its sentence."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(WEB_ERRORS[code].format(**params), code=code, params=params)


class WebMoveError(IllegalActionError):
    """A move the server refuses before the core sees it (a watcher's, a stale one...): an
    :class:`IllegalActionError`, as callers of the game expect, with a code of
    :data:`WEB_ERRORS`."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(WEB_ERRORS[code].format(**params), code=code, params=params)


def template_of(code: str) -> str | None:
    """The English sentence of ``code``, a core refusal or one of the server's."""
    return REFUSALS.get(code) or WEB_ERRORS.get(code)


def error_fields(error: BaseException | None) -> dict[str, Any]:
    """``code``, ``params`` and ``template`` of a refusal the page can translate, else nothing."""
    if not isinstance(error, GinRummyError) or not error.code:
        return {}
    template = template_of(error.code)
    if template is None:
        return {}
    return {"code": error.code, "params": wire_params(error.params), "template": template}


def coded(code: str, **params: Any) -> dict[str, Any]:
    """The fields of the refusal ``code`` without raising it: its English sentence as
    ``message`` beside the code, the params and the template."""
    error = WebError(code, **params)
    return {"message": str(error), **error_fields(error)}

