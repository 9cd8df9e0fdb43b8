"""Three-player and partnership games over the WebSocket protocol: seats, invites, the score
sheet, stored records and replays, and no hidden card in any message (RULES §9.7, §9.8, §10)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_fixtures import client, hidden_at, join, policy, sqlite_url

from ginrummy.core.errors import GinRummyError, IllegalActionError
from ginrummy.core.multiplayer import PartnershipMatch, ThreePlayerMatch
from ginrummy.core.multirecord import read_match_record, write_match_record
from ginrummy.core.rules import rules_for
from ginrummy.store import open_store
from ginrummy.web import formats
from ginrummy.web.games import GameHub, Seat

__all__ = ["sqlite_url"]
CARD = re.compile(r"\b[A2-9TJQK][CDHS]\b")


def create(test_client: TestClient, rules: str, opponents: list[str],
           friends: list[str | None] | None = None, **options: str) -> dict[str, Any]:
    reply = test_client.post("/api/games", json={
        "name": "Ann", "rules": rules, "opponents": opponents, "friends": friends or [],
        "options": options})
    assert reply.status_code == 200, reply.text
    ids: dict[str, Any] = reply.json()
    return ids


class Room:
    """Every person's seat (and a watcher, seat None) on its own socket, with the last state
    each received. Each change is broadcast to all of them."""

    def __init__(self, test_client: TestClient, game: str,
                 tokens: dict[int | None, str]) -> None:
        self.hub = test_client.app.state.hub  # type: ignore[attr-defined]
        self.game = game
        self.sockets: dict[int | None, Any] = {}
        self.latest: dict[int | None, dict[str, Any]] = {}
        self.received: list[tuple[int | None, dict[str, Any]]] = []
        for seat, token in tokens.items():
            self.sockets[seat] = join(test_client, game, token)
            self._receive()

    def _receive(self) -> None:
        for seat, ws in self.sockets.items():
            self.latest[seat] = state = ws.receive_json()
            assert state["type"] == "state", state
            self.received.append((seat, state))

    @property
    def state(self) -> dict[str, Any]:
        return next(iter(self.latest.values()))

    def step(self) -> None:
        """One person acts (or deals the next hand when the deal is over)."""
        for seat, state in self.latest.items():
            if seat is not None and state["view"]["legal_actions"]:
                message = {"type": "action", "action": policy(state["view"])}
                break
        else:  # the computers never keep a person waiting: nobody to act means the deal ended
            assert self.state["deal_over"], self.state
            seat, message = min(s for s in self.sockets if s is not None), {"type": "next"}
        self.sockets[seat].send_json({**message, "version": self.state["version"]})
        self._receive()

    def play_out(self, limit: int = 3000) -> None:
        for _ in range(limit):
            if self.state["sheet"]["over"]:
                return
            self.step()
        raise AssertionError("the match did not end")


def test_a_three_player_game_with_two_computers_and_one_person(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        sat_out = played = 0
        for _ in range(6):  # until Ann has played and sat out a hand (she deals)
            ids = create(test_client, "three-player", ["random", "standard"], target="100")
            assert ids["invites"] == {} and "invite" not in ids
            room = Room(test_client, ids["game"], {0: ids["seat"]})
            moves_before = played + sat_out
            while not room.state["sheet"]["over"]:
                state = room.state
                assert [p["name"] for p in state["players"]] == ["Ann", "Random", "Standard"]
                assert state["sheet"]["labels"] == ["Ann", "Random", "Standard"]
                if 0 not in state["table"]:  # Ann deals and sits out: she sees no hand
                    sat_out += 1
                    assert state["view"]["hand"] == [] and "arrangement" not in state
                    assert state["deal_over"]  # the two computers played the whole hand
                    room.sockets[0].send_json({"type": "action", "action": "pass",
                                               "version": state["version"]})
                    assert room.sockets[0].receive_json()["message"] == "you sit out this hand"
                elif not state["deal_over"]:
                    played += 1
                    assert state["view"]["legal_actions"] and state["view"]["hand"]
                room.step()
            # every game has Ann play or sit out (a single hand she sat out can end a game:
            # a gin against the random player's deadwood may reach the 100 points at once)
            assert played + sat_out > moves_before
            if sat_out and played:
                break
        assert sat_out and played
        sheet = room.state["sheet"]
        assert len(sheet["scores"]) == len(sheet["totals"]) == 3 and sheet["winner"] in (0, 1, 2)
        assert sheet["scores"][sheet["winner"]] >= 100
        stored = open_store(sqlite_url).load(ids["game"])
        assert stored is not None and stored.finished and stored.winner == sheet["winner"]
        match = read_match_record(stored.record)
        assert isinstance(match, ThreePlayerMatch) and list(match.totals()) == sheet["totals"]
        # the finished game replays move by move, each frame saying whose hands it shows
        replay = test_client.post("/api/replay", json={"game": ids["game"], "token": ids["seat"]})
        frames = replay.json()["frames"]
        assert len(frames) == sum(len(hand.moves) + 1 for hand in match.hands)
        assert [f["seats"] for f in frames if f["move"] is None] == \
            [list(hand.seats) for hand in match.hands]
        assert frames[-1]["result"]["points"] == match.hands[-1].result.points
        listed = test_client.post("/api/history", json={"entries": [
            {"game": ids["game"], "token": ids["watch"]}]}).json()["games"]
        assert listed[0]["labels"] == ["Ann", "Random", "Standard"] and listed[0]["over"]


def test_a_partnership_game_with_a_friend_through_an_invite_link(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        waited = 0
        for _ in range(6):  # until Ann's hand has ended once before her partner's
            ids = create(test_client, "partnership", ["random", "friend", "random"],
                         [None, "Bob"], target="60")
            assert set(ids["invites"]) == {"2"} and "invite" not in ids
            assert len({ids["seat"], ids["invites"]["2"], ids["watch"]}) == 3
            room = Room(test_client, ids["game"], {0: ids["seat"], 2: ids["invites"]["2"]})
            assert [p["name"] for p in room.state["players"]] == \
                ["Ann", "Random", "Bob", "Random 4"]
            assert room.state["sheet"]["labels"] == ["Ann & Bob", "Random & Random 4"]
            while not room.state["sheet"]["over"]:
                ann, bob = room.latest[0], room.latest[2]
                assert ann["version"] == bob["version"]
                assert 0 in ann["table"] and 2 in bob["table"] and ann["table"] != bob["table"]
                assert len(ann["tables"]) == 2
                if ann["view"]["phase"] == "over" and not ann["deal_over"]:
                    # Ann's hand is over while Bob's table plays on: she may not deal yet
                    waited += 1
                    room.sockets[0].send_json({"type": "next", "version": ann["version"]})
                    assert "still being played" in room.sockets[0].receive_json()["message"]
                    result = next(t for t in ann["tables"] if 0 in t["seats"])["result"]
                    assert result["winner"] in (*ann["table"], None)
                room.step()
            sheet = room.state["sheet"]
            assert sheet["winner"] in (0, 1) and len(sheet["totals"]) == 2
            stored = open_store(sqlite_url).load(ids["game"])
            assert stored is not None and stored.finished
            match = read_match_record(stored.record)
            assert isinstance(match, PartnershipMatch) and list(match.scores) == sheet["scores"]
            # one sheet row per deal: the net of the team that scored
            assert [(h["winner"], h["points"]) for h in sheet["hands"]] == \
                [(None if team < 0 else team, net) for team, net in match.deal_nets]
            if waited:
                break
        assert waited


def test_seat_counts_and_opponents_are_checked(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        for body, words in [
            ({"rules": "three-player", "opponents": ["random"]}, "choose 2 opponents"),
            ({"rules": "partnership", "opponents": ["random"] * 4}, "choose 3 opponents"),
            ({"rules": "three-player", "opponents": ["random", "nobody"]}, "unknown opponent"),
            ({"rules": "three-player", "opponents": "random"}, "rules must be a preset"),
        ]:
            reply = test_client.post("/api/games", json=body)
            assert reply.status_code == 400 and words in reply.json()["error"], reply.text
        presets = test_client.get("/api/meta").json()["presets"]
        assert presets["three-player"]["players"] == 3 and presets["partnership"]["players"] == 4


class BrokenStore:
    """A store whose writes fail (a full disk, a lost database connection)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    def save(self, *args: Any, **kwargs: Any) -> None:
        raise GinRummyError("database is gone")

    save_many = save

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def test_partnership_stale_actions_are_refused_and_a_failed_save_is_undone(
        sqlite_url: str) -> None:
    hub = GameHub(open_store(sqlite_url))
    game, _ = hub.create(rules_for("partnership"),
                         (Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Dan")))

    def move(version: int) -> None:
        seat = formats.pending(game.match)[0]
        hub.commit(game, game.play(seat, policy(game.match.view(seat).to_dict()), version))

    for _ in range(7):
        move(game.version)
    version, record = game.version, game.saved_record
    assert record == write_match_record(game.match)
    with pytest.raises(IllegalActionError, match="out of date"):
        move(version - 1)
    hub.store = BrokenStore(hub.store)  # type: ignore[assignment]
    with pytest.raises(GinRummyError, match="database is gone"):
        move(version)
    assert (game.version, game.saved_record) == (version, record)
    assert write_match_record(game.match) == record  # the match went back to what is stored
    hub.store.close()


@pytest.mark.parametrize(("rules", "people"), [("three-player", 3), ("partnership", 4)])
def test_no_message_holds_another_seats_hidden_cards(sqlite_url: str, rules: str,
                                                     people: int) -> None:
    checked = matches = 0
    with client(sqlite_url) as test_client:
        # the deals are random, so a match may end after a hand or two: play on until at
        # least two matches and enough messages were checked
        while matches < 2 or checked <= 2 * people * 50:
            assert matches < 20, "twenty matches never gave enough messages to check"
            matches += 1
            ids = create(test_client, rules, ["friend"] * (people - 1), target="40")
            tokens: dict[int | None, str] = {0: ids["seat"], None: ids["watch"]}
            tokens.update({int(seat): token for seat, token in ids["invites"].items()})
            room = Room(test_client, ids["game"], tokens)
            game = room.hub.games[ids["game"]]
            while not room.state["sheet"]["over"]:
                room.step()
                tables = game.match.tables()
                for seat, message in room.latest.items():
                    assert message["version"] == game.version
                    # other tables are public facts only: no card at all
                    assert not CARD.findall(json.dumps([message["tables"], message["sheet"]]))
                    table = next(t for t in tables if t.seats == tuple(message["table"]))
                    viewer = None if seat is None or seat not in table.seats \
                        else table.player_of(seat)
                    shown = set(CARD.findall(json.dumps([message["view"],
                                                         message.get("arrangement")])))
                    leaked = shown & hidden_at(table.state, viewer)
                    assert not leaked, (seat, leaked, message)
                    if viewer is None:
                        assert message["view"]["hand"] == [] and "arrangement" not in message
                    checked += 1
