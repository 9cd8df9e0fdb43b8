"""The optional capabilities ``show`` and ``layoffs``, and the examples docs/protocol.md gives.

Everything here plays the example position of the docs (protocol_helpers.knock_position): P0
knocks throwing KH and may show one of three arrangements; P1 lays off onto them.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from protocol_helpers import (
    REPO,
    example_view,
    fake_bot,
    knock_position,
    knocked,
    our_bot,
)

from ginrummy.core.actions import Action, parse_action
from ginrummy.core.cards import parse_cards, to_mask
from ginrummy.core.errors import GinRummyError
from ginrummy.core.melds import Arrangement
from ginrummy.core.showing import parse_show
from ginrummy.core.state import HandState
from ginrummy.core.views import MatchInfo, PlayerView, view_of
from ginrummy.players.base import RandomPlayer
from ginrummy.protocol.arrange import (
    answer_layoffs,
    layoffs_request,
    read_answer,
    show_options_json,
)
from ginrummy.protocol.client import BotForfeit, ExternalBot
from ginrummy.protocol.messages import (
    Decide,
    ErrorReply,
    LaidOff,
    LayoffsReply,
    LayoffsRequest,
    Observe,
    encode,
)
from ginrummy.protocol.server import BotSession
from ginrummy.protocol.wire_view import wire_dict

DOCS = (REPO / "docs" / "protocol.md").read_text()
CHOSEN = "2C 2D 2S | 3S 4S 5S"  # the show of the docs' example knock


def doc_json(start: str) -> object:
    """The JSON example of docs/protocol.md whose block starts with ``start`` (a member like
    ``"show_options":…`` is read as an object of that one member)."""
    for block in re.findall(r"```json\n(.*?)```", DOCS, re.S):
        if block.startswith(start):
            return json.loads(block if block.startswith("{") else "{" + block + "}")
    raise AssertionError(f"no JSON example starting {start!r} in docs/protocol.md")


def over_view(state: HandState, seat: int) -> PlayerView:
    """The view at the end of the example hand, with the match as it stands after it."""
    return view_of(state, seat, match=MatchInfo((32, 0), (1, 0), 2, 100, ("P0", "P1")))


def spied(home: Path) -> list[dict[str, Any]]:
    """The messages a fake bot received, up to its quit (with $FAKE_BOT_SPY it writes them to
    stderr, which the host's reader thread appends to bots.log, perhaps a moment later)."""
    log = home / "bots.log"
    deadline = time.monotonic() + 10
    while True:
        lines = log.read_text().splitlines() if log.exists() else []
        got = [json.loads(line.split("] got ", 1)[1]) for line in lines if "] got {" in line]
        if (got and got[-1]["type"] == "quit") or time.monotonic() > deadline:
            return got
        time.sleep(0.05)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch, ginrummy_home: Path) -> Path:
    monkeypatch.setenv("FAKE_BOT_SPY", "1")
    return ginrummy_home


# -- show ---------------------------------------------------------------------------------------


def test_protocol_docs_show_options_are_what_the_host_offers() -> None:
    view = example_view(knock_position(), 0)
    assert doc_json('"show_options"') == {"show_options": show_options_json(view)}
    assert show_options_json(view_of(knocked(), 0)) is None  # no knock, no offer


def test_protocol_a_bot_knocks_with_its_chosen_show_and_the_result_uses_it(spy: Path) -> None:
    state = knock_position()
    options = show_options_json(view_of(state, 0))
    assert options is not None
    last = " | ".join(" ".join(meld) for meld in options["knock KH"][-1]["melds"])
    with ExternalBot(fake_bot("show")) as bot:
        action = bot.choose(view_of(state, 0))
    assert str(action) == f"knock KH show {last}"
    state.apply(action)
    assert state.result is not None and state.result.settlement is not None
    assert state.result.settlement.knocker.melds == parse_show(last)
    assert spied(spy)[1]["show_options"] == options


def test_protocol_the_docs_example_show_scores_as_documented() -> None:
    assert doc_json('{"type":"action","id":4') == {
        "type": "action", "id": 4, "action": f"knock KH show {CHOSEN}"}
    chosen, default = knocked(CHOSEN).result, knocked(None).result
    assert chosen is not None and chosen.settlement is not None
    assert default is not None and default.settlement is not None
    assert (chosen.points, chosen.settlement.defender_deadwood) == (32, 41)
    assert (default.points, default.settlement.defender_deadwood) == (30, 37)
    assert default.settlement.knocker.melds == parse_show("AC 2C 3C | 2S 3S 4S 5S")


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("bad-show", "illegal action 'knock KH show KC KD KH': you do not hold KC KD KH "
                     "(shown in KC KD KH) (RULES §6.2)"),
        ("unlisted-show", "illegal action 'knock KH show AC 2C 3C': a knock names its melds only "
                          'for a bot that lists "show" in its hello'),
    ],
)
def test_protocol_an_illegal_show_is_a_forfeit_as_documented(mode: str, reason: str) -> None:
    bot = ExternalBot(fake_bot(mode))
    popen = bot._process.popen  # type: ignore[union-attr]
    with pytest.raises(BotForfeit, match=re.escape(reason)):
        bot.choose(view_of(knock_position(), 0))
    assert popen.poll() is not None  # stopped, like any forfeiting bot
    assert f"`{reason}`" in DOCS


def test_protocol_a_version_1_bot_is_offered_no_show_and_asked_no_layoffs(spy: Path) -> None:
    state = knock_position()
    with ExternalBot(fake_bot("fair")) as bot:
        action = bot.choose(view_of(state, 0))  # its last legal action: the plain knock
        state.apply(action)
        bot.observe(over_view(state, 1))
    assert str(action) == "knock KH"
    got = spied(spy)
    assert [message["type"] for message in got] == ["hello", "decide", "observe", "quit"]
    assert "show_options" not in got[1]
    assert state.result is not None and state.result.settlement is not None
    assert state.result.settlement.knocker.melds == parse_show("AC 2C 3C | 2S 3S 4S 5S")


class Knocker(RandomPlayer):
    """Knocks throwing KH when it can, showing ``show`` (None: names no melds)."""

    def __init__(self, show: str | None) -> None:
        super().__init__(seed=0)
        self.show = show

    def choose(self, view):  # type: ignore[no-untyped-def]
        knock = parse_action("knock KH")
        return knock if self.show is None else knock.with_show(parse_show(self.show))


@pytest.mark.parametrize(
    ("show", "offered", "sent"),
    [
        (CHOSEN, True, f"knock KH show {CHOSEN}"),
        (None, True, "knock KH show AC 2C 3C | 2S 3S 4S 5S"),  # the default, named by the bot
        (CHOSEN, False, "knock KH"),  # a host that offers no shows gets none
    ],
)
def test_protocol_our_player_as_a_bot_sends_the_show_it_chose(
    show: str | None, offered: bool, sent: str
) -> None:
    view = view_of(knock_position(), 0)
    request = Decide(7, wire_dict(view), tuple(str(a) for a in view.legal_actions),
                     show_options=show_options_json(view) if offered else None)
    reply = BotSession(lambda seed: Knocker(show)).handle(encode(request))
    assert json.loads(encode(reply)) == {"type": "action", "id": 7, "action": sent}  # type: ignore[arg-type]


# -- layoffs ------------------------------------------------------------------------------------


def test_protocol_docs_layoffs_request_and_reply_are_the_real_ones() -> None:
    request = layoffs_request(over_view(knocked(), 1), 5, None)
    assert json.loads(encode(request)) == doc_json('{"type":"layoffs","id":5,"knocker"')
    reply = answer_layoffs(request)
    assert json.loads(encode(reply)) == doc_json('{"type":"layoffs","id":5,"melds"')


def test_protocol_a_defending_bot_is_asked_and_a_poor_answer_is_noted(spy: Path) -> None:
    state = knocked()
    view = over_view(state, 1)
    with ExternalBot(fake_bot("lazy-layoffs")) as bot:
        bot.observe(view)
        check = bot.last_layoffs
    got = spied(spy)
    assert [message["type"] for message in got] == ["hello", "layoffs", "observe", "quit"]
    assert got[1] == json.loads(encode(layoffs_request(view, 1, None)))
    assert check is not None and check.worse
    assert (check.answer.deadwood, check.optimal) == (84, 41)
    note = "layoffs for request 1 leave deadwood 84; the best answer, which scores the hand, leaves 41"
    assert note in (spy / "bots.log").read_text()
    assert note.replace("request 1", "request 5") in DOCS
    assert state.result is not None and state.result.points == 32  # the engine's answer scores


def test_protocol_our_bot_answers_layoffs_with_the_best_answer() -> None:
    with ExternalBot(our_bot("random")) as bot:
        assert {"show", "layoffs"} <= bot.supports
        bot.observe(over_view(knocked(), 1))
        check = bot.last_layoffs
    assert check is not None and not check.worse and check.answer.deadwood == 41


def test_protocol_the_knocker_is_asked_nothing(spy: Path) -> None:
    with ExternalBot(fake_bot("lazy-layoffs")) as bot:
        bot.observe(over_view(knocked(), 0))
        assert bot.last_layoffs is None
    assert [message["type"] for message in spied(spy)] == ["hello", "observe", "quit"]


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("bad-layoffs", "illegal layoffs: you do not hold AC (laid off) (RULES §6.5)"),
        ("late-layoffs", 'expected layoffs for request 1, got {"type":"layoffs","id":2,'),
    ],
)
def test_protocol_an_illegal_layoffs_answer_is_a_forfeit(mode: str, reason: str) -> None:
    bot = ExternalBot(fake_bot(mode))
    with pytest.raises(BotForfeit, match=re.escape(reason)):
        bot.observe(over_view(knocked(), 1))
    assert bot._process is None  # stopped


SHOWN = Arrangement(parse_show("2C 2D 2S | 3S 4S 5S"), to_mask(parse_cards("AC 3C AD 4H")))
HAND = to_mask(parse_cards("4C QC 8D 9D QD JH QH 6S 7S KS"))
RUN = ("3S", "4S", "5S")


def answer(melds: tuple[tuple[str, ...], ...], *laid: tuple[str, tuple[str, ...]],
           allowed: bool = True) -> int:
    reply = LayoffsReply(1, melds, tuple(LaidOff(card, onto) for card, onto in laid))
    return read_answer(reply, SHOWN, HAND, layoffs_allowed=allowed).deadwood


def test_protocol_legal_layoffs_answers_chain_and_may_be_poor() -> None:
    queens = (("QC", "QD", "QH"),)
    assert answer(queens, ("6S", RUN), ("7S", RUN)) == 41
    assert answer(queens, ("6S", RUN)) == 48
    assert answer((), ("6S", RUN), ("7S", RUN)) == 71


@pytest.mark.parametrize(
    ("melds", "laid", "allowed", "complaint"),
    [
        ((("QC", "QD", "QS"),), (), True, "you do not hold QS (in the meld QC QD QS)"),
        ((("QC", "QD"),), (), True, "QC QD is not a meld"),
        ((("7S", "8S", "9S"),), (), True, "you do not hold 8S 9S"),
        ((), (("7S", RUN), ("6S", RUN)), True, "7S does not extend 3S 4S 5S (RULES §6.5)"),
        ((), (("6S", RUN), ("6S", RUN)), True, "6S is already in a meld or laid off"),
        ((("QC", "QD", "QH"),), (("QH", RUN),), True, "QH is already in a meld"),
        ((), (("4C", ("AC", "3C", "AD")),), True, "is not one of the knocker's melds"),
        ((), (("5S", RUN),), True, "you do not hold 5S"),
        ((), (("6S", RUN),), False, "no layoffs against gin"),
    ],
)
def test_protocol_illegal_layoffs_answers_say_why(
    melds: tuple[tuple[str, ...], ...], laid: tuple[tuple[str, tuple[str, ...]], ...],
    allowed: bool, complaint: str,
) -> None:
    with pytest.raises(GinRummyError, match=re.escape(complaint)):
        answer(melds, *laid, allowed=allowed)


def test_protocol_docs_illegal_layoffs_example_is_real() -> None:
    with pytest.raises(GinRummyError) as error:
        answer((), ("7S", RUN), ("6S", RUN))
    assert f"`illegal layoffs: {error.value}`" in DOCS


def test_protocol_our_bot_answers_gin_without_layoffs() -> None:
    request = LayoffsRequest(3, {"melds": [["2S", "3S", "4S", "5S"]], "deadwood_cards": []},
                             hand=("6S", "7S", "8S", "QC", "QD", "QH"), layoffs_allowed=False)
    reply = answer_layoffs(request)
    assert set(reply.melds) == {("6S", "7S", "8S"), ("QC", "QD", "QH")} and reply.layoffs == ()


@pytest.mark.parametrize(
    "knocker",
    [{"melds": [["2S", "3S"]], "deadwood_cards": []},  # not a meld
     {"melds": [["6S", "7S", "8S"]], "deadwood_cards": []},  # the bot's own cards
     {"melds": "2S 3S 4S"}],
)
def test_protocol_a_bad_layoffs_request_gets_an_error_naming_it(knocker: dict[str, object]) -> None:
    request = LayoffsRequest(8, knocker, hand=("6S", "7S", "8S"))
    reply = BotSession(lambda seed: RandomPlayer(seed=seed)).handle(encode(request))
    assert isinstance(reply, ErrorReply) and reply.id == 8


# -- the over view and observe ------------------------------------------------------------------


def test_protocol_the_over_view_has_no_card_taken_by_the_knocker(spy: Path) -> None:
    state = knocked()
    knocker_view = over_view(state, 0)
    assert knocker_view.taken is not None  # the core keeps the knocker's pile draw ...
    assert wire_dict(knocker_view)["taken"] is None  # ... the wire does not
    with ExternalBot(fake_bot("fair")) as bot:
        bot.observe(knocker_view)
    assert spied(spy)[-2]["view"]["taken"] is None


def test_protocol_docs_observe_example_is_real_and_hands_have_ten_cards() -> None:
    view = over_view(knocked(), 1)
    assert json.loads(encode(Observe(wire_dict(view)))) == doc_json('{"type":"observe"')
    result = wire_dict(over_view(knocked(), 0))["result"]
    assert [len(hand) for hand in result["hands"]] == [10, 10]
    assert wire_dict(over_view(knocked(), 0))["knock_card"] not in result["hands"][0]


def test_protocol_docs_dead_hand_result_has_a_null_settlement() -> None:
    state = knock_position()
    state.apply(parse_action("discard KH"))
    while not state.is_over:  # both draw from the stock and throw what they drew
        drawn = state.apply(parse_action("draw stock")).card
        assert drawn is not None
        state.apply(Action.discard(drawn))
    result = wire_dict(view_of(state, 0))["result"]
    assert result["outcome"] == "dead" and result["settlement"] is None
    assert (result["winner"], result["knocker"], result["points"]) == (None, None, 0)
    assert ('{"outcome":"dead","winner":null,"knocker":null,"points":0,"hands":[…],\n'
            '"settlement":null}') in DOCS
