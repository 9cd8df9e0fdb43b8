"""Fuzzing the WebSocket protocol: random malformed, replayed, stale and out-of-turn messages.

Whatever a client sends, the server answers with one message and never fails; a refused
message changes nothing, and the only thing that ever moves the game is a legal action for
the current version.
"""

from __future__ import annotations

import json
import random
from typing import Any

from web_fixtures import client, create, join, sqlite_url

__all__ = ["sqlite_url"]

ACTION_TEXTS = ["pass", "take", "draw stock", "draw pile", "discard KD", "knock 7C", "gin AS",
                "big gin", "discard", "discard ZZ", "", " ", "draw  stock", "PASS", "☃", 7, None,
                ["pass"], {"action": "pass"}]
TYPES = ["action", "action", "action", "next", "ping", "join", "hint-me", "", "ACTION", 5, None]


def random_message(rng: random.Random, version: int, legal: list[str]) -> Any:
    """A good move, or a message that is slightly wrong, stale, or plain garbage."""
    roll = rng.random()
    if roll < 0.4:  # a good move often enough, so the fuzz reaches every phase of the game
        if legal:
            return {"type": "action", "action": rng.choice(legal), "version": version}
        return {"type": "next", "version": version}
    if roll < 0.5:
        return rng.choice(["not json", "[]", "{}", "null", "{\"type\":", "\u0000", "x" * 3000])
    message: dict[str, Any] = {"type": rng.choice(TYPES)}
    if rng.random() < 0.8:
        pool = legal + ACTION_TEXTS if legal else ACTION_TEXTS
        message["action"] = rng.choice(pool)
    if rng.random() < 0.8:
        message["version"] = rng.choice([version, version, version - 1, version + 1, -1, "1",
                                         10**12, None])
    if rng.random() < 0.1:
        message["extra"] = "x" * rng.choice([10, 1000])
    return message


def test_random_messages_never_break_the_server_or_change_the_game_wrongly(
        sqlite_url: str) -> None:
    rng = random.Random(20261129)
    with client(sqlite_url) as test_client:
        ids = create(test_client)  # Ann against her friend Bob: both seats are ours to drive
        game = test_client.app.state.hub.games[ids["game"]]  # type: ignore[attr-defined]
        tokens = {0: ids["seat"], 1: ids["invite"]}
        sockets = {0: join(test_client, ids["game"], tokens[0])}
        sockets[0].receive_json()
        sockets[1] = join(test_client, ids["game"], tokens[1])  # both are told of the join
        states = {seat: sockets[seat].receive_json() for seat in (0, 1)}
        refused = {0: 0, 1: 0}
        applied = 0
        for _ in range(400):
            version, record = game.version, game.saved_record
            mover = states[0]["view"]["to_play"]
            seat = mover if rng.random() < 0.7 else 1 - mover
            view = states[seat]["view"]
            message = random_message(rng, version, list(view["legal_actions"]))
            sockets[seat].send_text(message if isinstance(message, str) else json.dumps(message))
            reply = sockets[seat].receive_json()
            assert reply["type"] in ("error", "state", "pong"), reply
            if reply["type"] == "state":
                # only a legal move for the current version changes the game, by one change
                assert isinstance(message, dict) and message["version"] == version
                assert (message["type"] == "action" and message["action"] in view["legal_actions"]
                        or message["type"] == "next")
                # (an action that ends the hand counts two: see web.formats.version)
                step = 2 if message["type"] == "action" and game.match.state.is_over else 1
                assert game.version == version + step and game.saved_record != record
                states[seat] = reply
                states[1 - seat] = sockets[1 - seat].receive_json()  # the other seat is told
                applied += 1
                continue
            assert game.version == version and game.saved_record == record
            refused[seat] += reply["type"] == "error"
            if refused[seat] >= 40:  # the server closes a connection after 50 refusals
                sockets[seat] = join(test_client, ids["game"], tokens[seat])
                states[seat] = sockets[seat].receive_json()
                states[1 - seat] = sockets[1 - seat].receive_json()  # told of the new joiner
                refused[seat] = 0
        assert applied > 5  # the fuzz reached the game, not only the parser
