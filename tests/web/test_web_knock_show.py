"""RULES §6.2 in the browser game's protocol: the knocker chooses the melds it shows.

The seat that may knock is sent, for each knock, the arrangements worth showing (default
first) with their layoff targets, all from its own view; a knock naming its melds is settled
with them; a bad one is refused with a reason and changes nothing.

Seat 0 (Ann) is dealt ``KNOCKER``, seat 1 (Bob) deals ``DEFENDER``; both pass the upcard 3H and
Ann draws KH::

    Ann: AC 2C 3C  2S 3S 4S 5S  AD 2D 4H  + KH    knock KH, showing one of KNOCK_SHOWS
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from web_fixtures import (
    DEFENDER,
    KNOCK_SHOWS,
    KNOCKER,
    client,
    create,
    join,
    sqlite_url,
    stack_first_hand,
    stacked_deck,
)

from ginrummy.core.multirecord import read_match_record

__all__ = ["sqlite_url"]


PASS_AND_DRAW = ((0, "pass"), (1, "pass"), (0, "draw stock"))


def to_knock(test_client: TestClient, defender: str = DEFENDER, stock: str = "KH", *,
             upcard: str = "3H", moves: tuple[tuple[int, str], ...] = PASS_AND_DRAW,
             ) -> tuple[dict[Any, Any], dict[Any, dict[str, Any]], Any]:
    """A friends' game stacked as above, played to Ann's knock; returns the sockets (seats 0, 1
    and None, the watcher), each one's latest state, and the game."""
    ids = create(test_client)
    hub = test_client.app.state.hub  # type: ignore[attr-defined]
    game = hub.games[ids["game"]]
    stack_first_hand(game, stacked_deck(KNOCKER, defender, upcard, stock))
    sockets = {0: join(test_client, ids["game"], ids["seat"])}
    sockets[0].receive_json()
    sockets[1] = join(test_client, ids["game"], ids["invite"])
    sockets[0].receive_json()
    sockets[1].receive_json()
    sockets[None] = join(test_client, ids["game"], ids["watch"])
    states = {seat: sockets[seat].receive_json() for seat in (0, 1, None)}
    for seat, action in moves:
        sockets[seat].send_json({"type": "action", "action": action,
                                 "version": states[seat]["version"]})
        states = {s: ws.receive_json() for s, ws in sockets.items()}
    return sockets, states, game


def test_rule_6_2_the_knocker_is_sent_each_option_with_what_it_lets_the_defender_lay_off(
        sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        _, states, _ = to_knock(test_client)
        assert "knock KH" in states[0]["view"]["legal_actions"]
        options = states[0]["knocks"]["KH"]
        assert list(states[0]["knocks"]) == ["KH"]
        assert [o["show"] for o in options] == KNOCK_SHOWS  # the default first
        assert [o["deadwood"] for o in options] == [7, 9, 9]
        default, sets, short = options
        assert default["melds"] == [["AC", "2C", "3C"], ["2S", "3S", "4S", "5S"]]
        assert default["deadwood_cards"] == ["AD", "2D", "4H"]
        assert default["meld_layoffs"] == [["4C"], ["AS", "6S"]]
        assert sets["melds"] == [["2C", "2D", "2S"], ["3S", "4S", "5S"]]
        assert sets["meld_layoffs"] == [["2H"], ["6S"]]  # 2S is Ann's: no A♠ below 3♠
        assert short["meld_layoffs"] == [["4C"], ["6S"]]
        # chains: 4C then 5C... up the clubs; 6S then 7S... (3H, the pile, blocks no chain here)
        assert sets["layoffs"] == ["2H", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
        assert all(o["known"] == [] for o in options)  # Bob took nothing from the pile
        assert "knocks" not in states[1] and "knocks" not in states[None]


def test_rule_6_2_the_options_do_not_depend_on_the_defenders_hidden_cards(
        sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        _, first, _ = to_knock(test_client)
        _, second, _ = to_knock(test_client, defender="QC JD TS 8C 6D 5H 9D 7S 6C TH",
                                stock="KH 8D 7H")
        assert first[0]["knocks"] == second[0]["knocks"]


def test_rule_6_2_a_target_the_defender_took_from_the_pile_is_named(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        # Bob takes the upcard 6S and throws KC: he holds 6S, which lays off on 3S 4S 5S
        _, states, _ = to_knock(test_client, upcard="6S", moves=(
            (0, "pass"), (1, "take"), (1, "discard KC"), (0, "draw stock")))
        options = states[0]["knocks"]["KH"]
        assert [o["show"] for o in options] == KNOCK_SHOWS
        assert all(o["known"] == ["6S"] for o in options)


@pytest.mark.parametrize(("action", "words"), [
    ("knock KH show 2C 2D 2S | 3S 4S 5S 6S", "do not hold 6S"),
    ("knock KH show AC 2C 3C", "above the knock limit"),
    ("knock KH show AC 2C 3C | 2C 2D 2S", "two melds"),
    ("knock KH show 2C 3C 4H", "not a meld"),
    ("discard KH show AC 2C 3C | 2S 3S 4S 5S", "only a knock"),
    ("knock 2S show AC 2C 3C | 3S 4S 5S", "above the knock limit"),
    ("knock KH show AC 2C 3C | 2S 3S 4S 5S | 2D " + "AD " * 20, "text such as"),
])
def test_rule_6_2_a_bad_show_is_refused_with_a_reason_and_changes_nothing(
        sqlite_url: str, action: str, words: str) -> None:
    with client(sqlite_url) as test_client:
        sockets, states, game = to_knock(test_client)
        record, version = game.saved_record, game.version
        sockets[0].send_json({"type": "action", "action": action, "version": version})
        reply = sockets[0].receive_json()
        assert reply["type"] == "error" and words in reply["message"], reply
        assert "Traceback" not in reply["message"]
        assert game.saved_record == record and game.version == version
        sockets[0].send_json({"type": "ping"})
        assert sockets[0].receive_json() == {"type": "pong"}  # no state was broadcast


def test_rule_6_2_a_knock_with_a_chosen_show_is_settled_with_it(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        sockets, states, game = to_knock(test_client)
        chosen = KNOCK_SHOWS[1]
        sockets[0].send_json({"type": "action", "action": f"knock KH show {chosen}",
                              "version": states[0]["version"]})
        states = {s: ws.receive_json() for s, ws in sockets.items()}
        for seat in (0, 1, None):
            result = states[seat]["view"]["result"]
            assert result["knocker"] == 0
            shown = result["settlement"]["knocker"]
            assert shown["melds"] == [["2C", "2D", "2S"], ["3S", "4S", "5S"]]
            assert (shown["deadwood"], shown["deadwood_cards"]) == (9, ["AC", "3C", "AD", "4H"])
        assert states[1]["view"]["history"][-1]["action"] == f"knock KH show {chosen}"
        assert "knocks" not in states[0]
        replayed = read_match_record(game.saved_record)  # the record keeps what was shown
        assert str(replayed.hands[0].moves[-1].action) == f"knock KH show {chosen}"


def test_a_plain_knock_shows_the_default(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        sockets, states, _ = to_knock(test_client)
        sockets[0].send_json({"type": "action", "action": "knock KH",
                              "version": states[0]["version"]})
        result = sockets[0].receive_json()["view"]["result"]
        assert result["settlement"]["knocker"]["melds"] == [["AC", "2C", "3C"],
                                                            ["2S", "3S", "4S", "5S"]]
