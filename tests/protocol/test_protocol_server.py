"""``ginrummy bot PLAYER``: one of our players answering the protocol, robust to bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from protocol_helpers import REPO

from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.players.base import RandomPlayer
from ginrummy.players.registry import make_player
from ginrummy.protocol.messages import (
    ActionReply,
    BotHello,
    Decide,
    ErrorReply,
    Hello,
    Observe,
    Options,
    Quit,
    encode,
)
from ginrummy.protocol.server import BotSession, serve


def _decide(match: Match, request_id: int) -> Decide:
    view = match.view(match.state.to_play)
    return Decide(request_id, view.to_dict(), tuple(str(a) for a in view.legal_actions))


def test_protocol_session_answers_like_the_player_it_runs() -> None:
    session = BotSession(lambda seed: make_player("standard", seed=seed))
    twin = make_player("standard", seed=9)
    assert session.handle(encode(Hello(options=Options(seed=9)))) == BotHello(name=twin.name)
    match = Match.new(rules_for("classic"), seed=4)
    for request_id in range(1, 60):
        if match.hand_over:
            break
        reply = session.handle(encode(_decide(match, request_id)))
        expected = twin.choose(match.view(match.state.to_play))
        assert reply == ActionReply(request_id, str(expected))
        match.apply(expected)
    assert session.handle(encode(Quit())) == Quit()


class SeedRecorder:
    """A player maker that remembers the seed of every player it made."""

    def __init__(self) -> None:
        self.seeds: list[int | None] = []

    def __call__(self, seed: int | None) -> RandomPlayer:
        self.seeds.append(seed)
        return RandomPlayer(seed=seed)


def test_protocol_session_seed_from_the_command_line_wins() -> None:
    make = SeedRecorder()
    BotSession(make, seed=5).handle(encode(Hello(options=Options(seed=77))))
    assert make.seeds == [5]


def test_protocol_session_takes_the_seed_of_each_hello() -> None:
    make = SeedRecorder()
    session = BotSession(make)
    for seed in (77, 78):
        session.handle(encode(Hello(options=Options(seed=seed))))
    assert make.seeds == [77, 78]


def test_protocol_session_refuses_a_host_with_no_common_version() -> None:
    reply = session_reply('{"type": "hello", "versions": ["ginrummy-bot/9"]}')
    assert isinstance(reply, ErrorReply)
    assert "no common protocol version" in reply.message and "ginrummy-bot/9" in reply.message


def test_protocol_session_answers_bad_lines_with_errors_that_name_the_request() -> None:
    assert session_reply("garbage") == ErrorReply("not JSON: 'garbage'")
    deep = session_reply("[" * 100_000)  # deeper than the json module can go
    assert isinstance(deep, ErrorReply) and deep.message.startswith("not JSON: '[[[")
    assert session_reply('{"type": "decide", "id": 4}') == ErrorReply(
        "decide: missing 'view'", 4)
    reply = session_reply('{"type": "decide", "id": 5, "view": {"hand": []}, '
                          '"legal_actions": []}')
    assert isinstance(reply, ErrorReply) and reply.id == 5 and "bad view" in reply.message


def test_protocol_session_observes_the_end_of_a_hand() -> None:
    heard = []

    class Listener(RandomPlayer):
        def observe(self, view):  # type: ignore[no-untyped-def]
            heard.append(view)

    session = BotSession(lambda seed: Listener(seed=seed))
    match = Match.new(rules_for("classic"), seed=2)
    view = match.view(0)
    assert session.handle(encode(Observe(view.to_dict()))) is None
    assert heard == [view]


def test_protocol_session_logs_a_malformed_observe_and_answers_nothing() -> None:
    """The host reads no reply to an observe: an error line would answer its next decide."""
    logged: list[str] = []
    session = BotSession(lambda seed: RandomPlayer(seed=seed), log=logged.append)
    match = Match.new(rules_for("classic"), seed=2)
    assert session.handle('{"type": "observe", "view": {"hand": ["ZZ"]}}') is None
    assert session.handle('{"type": "observe"}') is None
    assert logged == ["observe not understood: bad view: not a card: 'ZZ' (expected rank "
                      "A23456789TJQK or 10, suit CDHS)",
                      "observe not understood: observe: missing 'view'"]
    reply = session.handle(encode(_decide(match, 1)))
    assert isinstance(reply, ActionReply) and reply.id == 1


def session_reply(line: str) -> object:
    return BotSession(lambda seed: RandomPlayer(seed=seed)).handle(line)


def test_protocol_serve_stops_at_quit_and_skips_blank_lines() -> None:
    out = io.StringIO()
    lines = [encode(Hello()) + "\n", "\n", encode(Quit()) + "\n", encode(Hello()) + "\n"]
    assert serve(BotSession(lambda seed: RandomPlayer(seed=seed)), lines, out) == 0
    assert [json.loads(line)["type"] for line in out.getvalue().splitlines()] == ["hello"]


def run_bot(*args: str, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "ginrummy", "bot", *args], input=stdin,
                          capture_output=True, timeout=60, cwd=REPO)


def test_protocol_bot_command_survives_bad_input_without_a_stack_trace() -> None:
    match = Match.new(rules_for("classic"), seed=8)
    requests = [
        encode(Hello(options=Options(seed=1))).encode(),
        b"this is not json",
        b"\xff\xfe\x00",
        b'{"type": "decide", "id": 2, "view": {"hand": ["ZZ"]}, "legal_actions": []}',
        encode(_decide(match, 3)).encode(),
        encode(Quit()).encode(),
    ]
    done = run_bot("random", stdin=b"\n".join(requests) + b"\n")
    assert done.returncode == 0
    assert b"Traceback" not in done.stdout + done.stderr
    replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [r["type"] for r in replies] == ["hello", "error", "error", "error", "action"]
    assert replies[3]["id"] == 2 and "not a card" in replies[3]["message"]
    assert replies[4]["id"] == 3
    assert replies[4]["action"] in [str(a) for a in match.view(match.state.to_play).legal_actions]


def test_protocol_bot_command_keeps_in_step_after_a_malformed_observe() -> None:
    match = Match.new(rules_for("classic"), seed=8)
    requests = [
        encode(Hello(options=Options(seed=1))).encode(),
        b'{"type": "observe", "view": {"phase": "over"}}',
        encode(_decide(match, 2)).encode(),
        encode(Quit()).encode(),
    ]
    done = run_bot("random", stdin=b"\n".join(requests) + b"\n")
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [(r["type"], r.get("id")) for r in replies] == [("hello", None), ("action", 2)]
    assert done.stderr.decode() == "ginrummy bot: observe not understood: bad view: missing 'hand'\n"


def test_protocol_bot_command_rejects_an_unknown_player_in_one_line() -> None:
    done = run_bot("grandmaster", stdin=b"")
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode().startswith("ginrummy bot: unknown player 'grandmaster'")
    assert len(done.stderr.decode().splitlines()) == 1
