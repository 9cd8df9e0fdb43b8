"""The WebSocket protocol and its security: seats, turns, stale and malformed messages, limits."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_fixtures import client, create, join, policy, sqlite_url

from ginrummy.store import open_store
from ginrummy.web.limits import Limits

__all__ = ["sqlite_url"]


def seat_to_play(test_client: TestClient, ids: dict[str, str]):  # type: ignore[no-untyped-def]
    """Both seats joined; returns (ws by seat, latest state by seat)."""
    sockets = {0: join(test_client, ids["game"], ids["seat"])}
    first = sockets[0].receive_json()
    sockets[1] = join(test_client, ids["game"], ids["invite"])
    states = {0: sockets[0].receive_json(), 1: sockets[1].receive_json()}
    assert first["seat"] == 0 and states[1]["seat"] == 1
    return sockets, states


def test_tokens_are_long_distinct_and_secret(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        tokens = [ids["seat"], ids["invite"], ids["watch"]]
        assert len(set(tokens)) == 3 and all(len(t) >= 43 for t in tokens)
        stored = open_store(sqlite_url).load(ids["game"])
        assert stored is not None
        assert not any(token in stored.record or token in json.dumps(stored.meta)
                       for token in tokens)  # only hashes are kept


def test_a_whole_match_against_the_computer_is_stored_finished(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client, opponent="random", target="15")
        assert "invite" not in ids
        ws = join(test_client, ids["game"], ids["seat"])
        state = ws.receive_json()
        for _ in range(2000):
            if state["sheet"]["over"]:
                break
            view = state["view"]
            if view["phase"] == "over":
                ws.send_json({"type": "next", "version": state["version"]})
            else:
                ws.send_json({"type": "action", "action": policy(view),
                              "version": state["version"]})
            state = ws.receive_json()
            assert state["type"] == "state", state
        assert state["sheet"]["over"]
        stored = open_store(sqlite_url).load(ids["game"])
        assert stored is not None and stored.finished and stored.winner == state["sheet"]["winner"]
        assert max(state["sheet"]["scores"]) >= 15


def test_wrong_seat_out_of_turn_stale_and_illegal_actions_change_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        sockets, states = seat_to_play(test_client, ids)
        mover = states[0]["view"]["to_play"]
        waiter = 1 - mover
        version = states[mover]["version"]
        hub = test_client.app.state.hub  # type: ignore[attr-defined]
        game = hub.games[ids["game"]]
        record = game.saved_record
        attempts = [
            (waiter, {"type": "action", "action": "pass", "version": version}, "not your turn"),
            (mover, {"type": "action", "action": "discard KD", "version": version}, ""),
            (mover, {"type": "action", "action": "pass", "version": version - 1}, "out of date"),
            (mover, {"type": "action", "action": "pass"}, "version"),
            (mover, {"type": "action", "action": "fly away", "version": version}, "not an action"),
            (mover, {"type": "action", "action": 7, "version": version}, "text"),
            (mover, {"type": "next", "version": version}, "still being played"),
        ]
        for seat, message, words in attempts:
            sockets[seat].send_json(message)
            reply = sockets[seat].receive_json()
            assert reply["type"] == "error" and words in reply["message"], (message, reply)
            assert game.saved_record == record and game.version == version
        # a move that was played once cannot be replayed
        play = {"type": "action", "action": "pass", "version": version}
        sockets[mover].send_json(play)
        assert sockets[mover].receive_json()["version"] == version + 1
        assert sockets[waiter].receive_json()["version"] == version + 1
        sockets[mover].send_json(play)
        assert "out of date" in sockets[mover].receive_json()["message"]
        replay = test_client.post("/api/replay", json={"game": ids["game"], "token": ids["seat"]})
        assert replay.status_code == 400 and "once it is over" in replay.json()["error"]
        listed = test_client.post("/api/history", json={"entries": [
            {"game": ids["game"], "token": ids["watch"]}, {"game": ids["game"], "token": "bad"}]})
        assert [(g["game"], g["seat"], g["over"]) for g in listed.json()["games"]] == \
            [(ids["game"], None, False)]


def test_a_watcher_cannot_play_and_sees_no_hand(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        watcher = join(test_client, ids["game"], ids["watch"])
        state = watcher.receive_json()
        assert state["seat"] is None and state["view"]["hand"] == []
        assert state["view"]["hand_sizes"] == [10, 10] and "arrangement" not in state
        watcher.send_json({"type": "action", "action": "pass", "version": state["version"]})
        assert "watcher cannot play" in watcher.receive_json()["message"]
        watcher.send_json({"type": "hint"})
        assert watcher.receive_json()["type"] == "error"


def test_bad_links_are_refused(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        for game, token in [(ids["game"], "x" * 43), ("nope", ids["seat"]), (ids["game"], None),
                            (["list"], ids["seat"])]:
            ws = join(test_client, game, token)  # type: ignore[arg-type]
            reply = ws.receive_json()
            assert reply == {"type": "error", "message": "no such game, or the link is wrong",
                             "code": "bad_link", "params": {},
                             "template": "no such game, or the link is wrong"}
        ws.send_json({"type": "action", "action": "pass", "version": 1})
        assert "join a game first" in ws.receive_json()["message"]


@pytest.mark.parametrize("frame", [
    "not json", "[1, 2]", '{"no": "type"}', '{"type": 5}', "x" * 5000, b"\x00\x01binary",
])
def test_malformed_and_oversized_messages_are_refused_harmlessly(sqlite_url: str,
                                                                  frame: str | bytes) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        ws = join(test_client, ids["game"], ids["seat"])
        state = ws.receive_json()
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        reply = ws.receive_json()
        assert reply["type"] == "error" and ("malformed" in reply["message"]
                                             or "refused" in reply["message"])
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # the connection and the game live on
        assert test_client.app.state.hub.games[ids["game"]].version == state["version"]  # type: ignore[attr-defined]


def test_websockets_from_another_origin_are_refused(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        with pytest.raises(WebSocketDisconnect):
            with test_client.websocket_connect("/ws", headers={"origin": "https://evil.example"}):
                pass
        with test_client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


def test_message_rate_and_connections_are_limited(sqlite_url: str) -> None:
    limits = Limits(messages_per_second=0.001, message_burst=5, connections_per_address=2,
                    strikes_before_close=3)
    with client(sqlite_url, limits) as test_client:
        with test_client.websocket_connect("/ws") as ws:
            for _ in range(5):
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "ping"})
            assert "too many messages" in ws.receive_json()["message"]
            with test_client.websocket_connect("/ws"):
                with pytest.raises(WebSocketDisconnect):
                    with test_client.websocket_connect("/ws"):
                        pass
            ws.send_json({"type": "ping"})
            ws.receive_json()
            ws.send_json({"type": "ping"})
            ws.receive_json()
            with pytest.raises(WebSocketDisconnect):  # the third strike closes the connection
                ws.receive_json()


def test_new_game_requests_are_checked(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        for body, words in [({"rules": "nonsense"}, "unknown rules preset"),
                            ({"options": {"knock_limit": "12"}}, "knock_limit"),
                            ({"opponent": "nobody"}, "unknown opponent"),
                            ({"rules": "three-player"}, "3 players")]:
            reply = test_client.post("/api/games", json=body)
            assert reply.status_code == 400 and words in reply.json()["error"], reply.text
        reply = test_client.post("/api/games", content=b"{" * 9000)
        assert reply.status_code == 413  # over the body limit: refused before it is parsed
        reply = test_client.post("/api/games", content=b"{" * 100)
        assert reply.status_code == 400 and "error" in reply.json()
        reply = test_client.post("/api/games", content=b"[" * 8000)  # deeper than json can go
        assert reply.status_code == 400 and "must be JSON" in reply.json()["error"]
    with client(sqlite_url, Limits(games_per_minute=1)) as test_client:
        assert test_client.post("/api/games", json={}).status_code == 200
        assert test_client.post("/api/games", json={}).status_code == 429


def test_hint_and_languages(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        sockets, states = seat_to_play(test_client, ids)
        mover = states[0]["view"]["to_play"]
        sockets[mover].send_json({"type": "hint"})
        hint = sockets[mover].receive_json()
        assert hint["type"] == "hint" and hint["action"] in states[mover]["view"]["legal_actions"]
        assert test_client.get("/api/i18n/nb").json()["Knock"] == "Banke"
        assert test_client.get("/api/i18n/sv").json()["Next hand"] == "Nästa giv"
