"""The server's own refusals carry codes (web/errors.py) like the core's, so the page says each
in its language: every code has a Norwegian and a Swedish sentence with the same fields, and the
HTTP API and the socket send code, params and template beside the English message."""

from __future__ import annotations

import string

import pytest
from web_fixtures import client, create, join, sqlite_url

from ginrummy.core.refusals import REFUSALS
from ginrummy.web.errors import WEB_ERRORS, WebError
from ginrummy.web.i18n import web_catalogue

__all__ = ["sqlite_url"]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_web_codes_do_not_reuse_the_cores() -> None:
    assert not set(WEB_ERRORS) & set(REFUSALS)


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_every_server_error_is_said_in_norwegian_and_swedish(lang: str) -> None:
    catalogue = web_catalogue(lang)
    for code, template in WEB_ERRORS.items():
        assert template in catalogue, code
        assert catalogue[template] != template, code
        assert fields(catalogue[template]) == fields(template), code


def test_a_web_error_fills_its_sentence() -> None:
    error = WebError("message_too_large", limit=2048)
    assert str(error) == "message refused: send JSON text of at most 2048 bytes"
    assert error.code == "message_too_large" and error.params == {"limit": 2048}


def test_the_http_api_sends_codes(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        for body, code, params in [
                ({"rules": "three-player", "opponents": ["random"]}, "too_many_players",
                 {"rules": "three-player", "players": 3, "opponents": 2}),
                ({"opponent": "nobody"}, "unknown_opponent", {"text": "nobody"}),
                ({"rules": "three-player", "opponents": "random"}, "bad_rules", {})]:
            reply = test_client.post("/api/games", json=body)
            assert reply.status_code == 400
            data = reply.json()
            assert (data["code"], data["params"]) == (code, params), data
            assert data["template"] == WEB_ERRORS[code]
            assert data["error"] == WEB_ERRORS[code].format(**params)
        rules = test_client.post("/api/games", json={"rules": "nonsense"}).json()
        assert rules["code"] == "rules_refused" and "nonsense" in rules["params"]["text"]
        body = test_client.post("/api/games", content=b"[1]").json()
        assert body["code"] == "not_an_object"
        ids = create(test_client)
        early = test_client.post("/api/replay", json={"game": ids["game"], "token": ids["seat"]})
        assert early.json()["code"] == "replay_unfinished"
        wrong = test_client.post("/api/replay", json={"game": ids["game"], "token": "x"})
        assert wrong.json()["code"] == "bad_link"
        missing = test_client.get("/api/nothing")
        assert missing.status_code == 404 and missing.json()["code"] == "no_such_page"
        page = test_client.get("/no/such/page")  # a person gets the page, which says so
        assert page.status_code == 404 and 'id="problem"' in page.text


def test_the_socket_sends_codes_and_changes_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        ws = join(test_client, ids["game"], ids["seat"])
        state = ws.receive_json()
        for message, code in [
                ({"type": "action", "action": "pass", "version": state["version"] - 1},
                 "out_of_date"),
                ({"type": "action", "action": "pass"}, "no_version"),
                ({"type": "action", "action": 5, "version": state["version"]}, "bad_action_text"),
                ({"type": "fly"}, "unknown_message"),
                ({"type": "join", "game": ids["game"], "token": ids["seat"]}, "already_joined"),
                ({"type": "next", "version": state["version"]}, "hand_not_over")]:
            ws.send_json(message)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code, (message, reply)
            assert reply["template"] == WEB_ERRORS[code]
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "malformed_message"
        watcher = join(test_client, ids["game"], ids["watch"])
        watched = watcher.receive_json()
        watcher.send_json({"type": "action", "action": "pass", "version": watched["version"]})
        assert watcher.receive_json()["code"] == "watcher_cannot_play"
        watcher.send_json({"type": "hint"})
        assert watcher.receive_json()["code"] == "watcher_no_hints"
        game = test_client.app.state.hub.games[ids["game"]]  # type: ignore[attr-defined]
        assert game.version == state["version"]


def test_a_state_the_server_cannot_show_is_logged_and_closes_the_socket(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A page that misses a state must not stay connected waiting for it: its socket is closed,
    so it reconnects and rejoins, and the server's log says what went wrong."""
    from starlette.websockets import WebSocketDisconnect

    import ginrummy.web.server as server

    with client(sqlite_url) as test_client:
        ids = create(test_client, opponent="random")
        ws = join(test_client, ids["game"], ids["seat"])
        state = ws.receive_json()
        move = "pass" if "pass" in state["view"]["legal_actions"] else "draw stock"
        shown = server.state_message

        def broken(*args: object, **kwargs: object) -> object:
            raise RuntimeError("cannot show this table")

        monkeypatch.setattr(server, "state_message", broken)
        ws.send_json({"type": "action", "action": move, "version": state["version"]})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1011
        assert "cannot show this table" in caplog.text
        monkeypatch.setattr(server, "state_message", shown)
        again = join(test_client, ids["game"], ids["seat"])
        assert again.receive_json()["version"] > state["version"]  # the move was made
