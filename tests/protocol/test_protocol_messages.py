"""Every message of ginrummy-bot/1 round-trips through its JSON line; bad lines say what is wrong."""

from __future__ import annotations

import doctest
import json

import pytest

from ginrummy.core.actions import Action, Kind
from ginrummy.core.match import Match
from ginrummy.core.rules import Rules, rules_for
from ginrummy.core.state import Move
from ginrummy.players.registry import make_player
from ginrummy.protocol import messages
from ginrummy.protocol.messages import (
    ActionReply,
    BotHello,
    Decide,
    ErrorReply,
    Hello,
    LaidOff,
    LayoffsReply,
    LayoffsRequest,
    Observe,
    Options,
    ProtocolError,
    Quit,
    decode_bot_message,
    decode_host_message,
    encode,
)
from ginrummy.protocol.wire_view import view_from_dict, wire_dict, wire_view

HOST_MESSAGES = [
    Hello(),
    Hello(versions=("ginrummy-bot/2", "ginrummy-bot/1"),
          options=Options(decision_time=0.5, match_time=60.0, seed=42)),
    Hello(options=Options(decision_time=None, match_time=None, seed=None)),
    Decide(id=7, view={"hand": ["AS", "TD"], "phase": "discard"},
           legal_actions=("discard AS", "knock TD"), time_left=12.5),
    Decide(id=1, view={}, legal_actions=("take", "pass")),
    Decide(id=2, view={}, legal_actions=("knock KH",),
           show_options={"knock KH": [{"melds": [["AC", "2C", "3C"]], "deadwood": 7}]}),
    LayoffsRequest(id=5, knocker={"melds": [["3S", "4S", "5S"]], "deadwood_cards": ["AC"]},
                   hand=("6S", "7S"), layoffs_allowed=False, time_left=3.0),
    Observe(view={"phase": "over", "result": {"outcome": "gin"}}),
    Quit(),
]
BOT_MESSAGES = [
    BotHello(name="simple", protocol="ginrummy-bot/1", supports=("decide", "observe")),
    BotHello(name="", supports=()),
    ActionReply(id=7, action="discard KD"),
    ErrorReply(message="cannot read the view", id=3),
    ErrorReply(message="not JSON"),
    LayoffsReply(id=5, melds=(("QC", "QD", "QH"),),
                 layoffs=(LaidOff("6S", ("3S", "4S", "5S")), LaidOff("7S", ("3S", "4S", "5S")))),
    LayoffsReply(id=6, melds=()),
]


@pytest.mark.parametrize("message", HOST_MESSAGES, ids=repr)
def test_protocol_host_message_round_trip(message: messages.HostMessage) -> None:
    line = encode(message)
    assert "\n" not in line
    assert decode_host_message(line) == message


@pytest.mark.parametrize("message", BOT_MESSAGES, ids=repr)
def test_protocol_bot_message_round_trip(message: messages.BotMessage) -> None:
    assert decode_bot_message(encode(message)) == message


def test_protocol_wire_form_is_the_documented_one() -> None:
    assert json.loads(encode(ActionReply(id=3, action="discard KD"))) == {
        "type": "action", "id": 3, "action": "discard KD"}
    assert json.loads(encode(Hello(options=Options(seed=5)))) == {
        "type": "hello", "protocol": "ginrummy-bot/1", "versions": ["ginrummy-bot/1"],
        "options": {"decision_time": 10.0, "match_time": None, "seed": 5}}


def test_protocol_a_decide_without_show_options_is_the_version_1_message() -> None:
    """Old bots see no new field: show_options is written only for bots that support show."""
    assert "show_options" not in json.loads(encode(Decide(id=1, view={}, legal_actions=())))


def test_protocol_minimal_layoffs_reply_has_no_layoffs() -> None:
    assert decode_bot_message('{"type": "layoffs", "id": 2, "melds": []}') == LayoffsReply(2, ())


def test_protocol_minimal_hello_from_a_host_gets_defaults() -> None:
    hello = decode_host_message('{"type": "hello", "protocol": "ginrummy-bot/1"}')
    assert hello == Hello(versions=("ginrummy-bot/1",), options=Options())


@pytest.mark.parametrize(
    ("line", "complaint"),
    [
        ("discard KD", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"type": "move"}', "unknown message type 'move'"),
        ('{"id": 1}', "unknown message type None"),
        ('{"type": "decide", "view": {}, "legal_actions": []}', "missing 'id'"),
        ('{"type": "decide", "id": "1", "view": {}, "legal_actions": []}', "'id' must be int"),
        ('{"type": "decide", "id": true, "view": {}, "legal_actions": []}', "'id' must be int"),
        ('{"type": "decide", "id": 1, "view": {}, "legal_actions": [1]}', "list of strings"),
        ('{"type": "hello", "versions": []}', "non-empty list"),
        ('{"type": "hello", "versions": ["x"], "options": {"decision_time": -1}}',
         "positive number"),
        ('{"type": "decide", "id": 1, "view": {}, "legal_actions": [], "show_options": []}',
         "'show_options' must be dict"),
        ('{"type": "layoffs", "id": 1, "hand": []}', "missing 'knocker'"),
        ('{"type": "layoffs", "id": 1, "knocker": {}, "hand": [], "layoffs_allowed": 1}',
         "'layoffs_allowed' must be bool"),
    ],
)
def test_protocol_host_side_rejects_bad_lines(line: str, complaint: str) -> None:
    with pytest.raises(ProtocolError, match=complaint.replace("(", r"\(")):
        decode_host_message(line)


@pytest.mark.parametrize(
    ("line", "complaint"),
    [
        ("", "not JSON"),
        ('"take"', "not a JSON object"),
        ('{"type": "action", "id": 1}', "missing 'action'"),
        ('{"type": "action", "id": 1, "action": ["take"]}', "'action' must be str"),
        ('{"type": "hello", "protocol": "ginrummy-bot/1"}', "missing 'name'"),
        ('{"type": "decide", "id": 1}', "unknown message type 'decide'"),
        ('{"type": "layoffs", "id": 1}', "missing 'melds'"),
        ('{"type": "layoffs", "id": 1, "melds": ["QC QD QH"]}', "each of 'melds' must be a list of cards"),
        ('{"type": "layoffs", "id": 1, "melds": [], "layoffs": ["6S"]}', "must be an object"),
        ('{"type": "layoffs", "id": 1, "melds": [], "layoffs": [{"onto": []}]}',
         "'card' must be str"),
        ('{"type": "layoffs", "id": 1, "melds": [], "layoffs": [{"card": "6S"}]}',
         "a layoff's 'onto' must be a list"),
    ],
)
def test_protocol_bot_side_rejects_bad_lines(line: str, complaint: str) -> None:
    with pytest.raises(ProtocolError, match=complaint):
        decode_bot_message(line)


def test_protocol_message_doctests() -> None:
    assert doctest.testmod(messages).failed == 0


@pytest.mark.parametrize(
    "rules",
    [rules_for(name) for name in ("classic", "modern", "oklahoma", "hollywood", "straight")]
    + [rules_for("classic", last_chance=True, knock_limit=5)],
    ids=str,
)
def test_protocol_views_read_back_exactly(rules: Rules) -> None:
    """Every view of whole matches, through JSON and back, equals the view the core built (as
    the wire shows it: an over view has no card just taken)."""
    match = Match.new(rules, seed=11)
    players = (make_player("standard", seed=1), make_player("gin-camper", seed=2))
    outcomes = set()
    checked = 0
    while not match.is_over and match.hand_number <= 8:
        for seat in (0, 1):
            view = match.view(seat)
            back = view_from_dict(json.loads(json.dumps(wire_dict(view))))
            assert back == wire_view(view)
            assert back.taken is None or not match.hand_over
            assert back.hand_mask == view.hand_mask
            checked += 1
        if match.hand_over:
            assert match.state.result is not None
            outcomes.add(match.state.result.outcome)
            match.next_hand()
        else:
            seat = match.state.to_play
            match.apply(players[seat].choose(match.view(seat)))
    assert checked > 100
    assert outcomes - {"dead"}, "the games must include settled hands (result and settlement)"


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"hand": ["AS", "XX"]}, "not a card: 'XX'"),
        ({"phase": "dancing"}, "'dancing' is not a valid Phase"),
        ({"player": "0"}, "whole number"),
        ({"rules": "nosuch"}, "bad view"),
        ({"history": [{"player": 0}]}, "missing 'action'"),
        ({"legal_actions": ["throw KD"]}, "not an action"),
    ],
)
def test_protocol_bad_views_are_protocol_errors(change: dict[str, object], complaint: str) -> None:
    view = Match.new(rules_for("classic"), seed=3).view(0).to_dict()
    with pytest.raises(ProtocolError, match=complaint):
        view_from_dict(view | change)


def test_protocol_an_opponents_face_down_knock_reads_back_without_its_card() -> None:
    view = Match.new(rules_for("classic"), seed=3).view(0).to_dict()
    view["history"] = [{"player": 1, "action": "knock"}, {"player": 1, "action": "gin"}]
    assert view_from_dict(view).history == (Move(1, Action(Kind.KNOCK)), Move(1, Action(Kind.GIN)))
