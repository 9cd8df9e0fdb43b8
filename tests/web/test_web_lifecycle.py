"""A game's life on the server beyond one connection: abandoned games leave memory and come back
from the store; computer seats are seeded from the stored game; a save that fails through the
group commit changes nothing."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

from web_fixtures import UNLIMITED, client, create, join, policy, sqlite_url

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import rules_for
from ginrummy.store import MatchStore, Save, open_store
from ginrummy.web.games import GameHub, Seat

__all__ = ["sqlite_url"]


def move(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
    """This seat's move by the test policy (the next deal once a hand is over: the deals are
    random, and one may end in a knock within a few moves); the new state it gets back."""
    view = state["view"]
    message = ({"type": "action", "action": policy(view)} if view["legal_actions"]
               else {"type": "next"})
    ws.send_json({**message, "version": state["version"]})
    reply: dict[str, Any] = ws.receive_json()
    assert reply["type"] == "state", reply
    return reply


def test_an_abandoned_game_leaves_memory_and_comes_back_on_the_next_join(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        hub: GameHub = test_client.app.state.hub  # type: ignore[attr-defined]
        ids = create(test_client, "random")
        with test_client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "game": ids["game"], "token": ids["seat"]})
            state = ws.receive_json()
            for _ in range(4):
                state = move(ws, state)
        watched = create(test_client, "random")
        watcher = join(test_client, watched["game"], watched["watch"])  # still open
        watcher.receive_json()
        later = time.monotonic() + 3600
        assert hub.evict_idle(1800, now=later) == [ids["game"]]
        assert set(hub.games) == {watched["game"]}  # a game someone has open stays
        with test_client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "game": ids["game"], "token": ids["seat"]})
            revived = ws.receive_json()
            assert (revived["version"], revived["view"]) == (state["version"], state["view"])
            assert ids["game"] in hub.games
            move(ws, revived)  # and it plays on


def test_the_server_evicts_idle_games_by_itself(sqlite_url: str) -> None:
    with client(sqlite_url, replace(UNLIMITED, idle_game_seconds=0.2)) as test_client:
        hub: GameHub = test_client.app.state.hub  # type: ignore[attr-defined]
        ids = create(test_client)
        assert ids["game"] in hub.games
        deadline = time.monotonic() + 5
        while ids["game"] in hub.games and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ids["game"] not in hub.games
        join(test_client, ids["game"], ids["seat"]).receive_json()  # revived from the store
        assert ids["game"] in hub.games


def play_person(hub: GameHub, game_id: str, turns: int) -> None:
    """The person (seat 0) makes ``turns`` moves by the test policy; the computer answers."""
    game = hub.games[game_id]
    for _ in range(turns):
        if game.match.is_over:
            return
        if game.match.hand_over:
            hub.commit(game, game.deal(0, game.version))
        else:
            view = game.match.view(0).to_dict()
            hub.commit(game, game.play(0, policy(view), game.version))


def copy_of(store: MatchStore, game_id: str, **meta: Any) -> MatchStore:
    """A new store holding the game as ``store`` has it now (a server restarted from it)."""
    stored = store.load(game_id)
    assert stored is not None
    copy = open_store("sqlite:///:memory:")
    copy.save_many([Save(stored.id, stored.record, stored.kind, stored.names, stored.finished,
                         stored.winner, {**stored.meta, **meta})])
    return copy


def test_a_restarted_game_plays_on_with_the_same_computer_moves(sqlite_url: str) -> None:
    hub = GameHub(open_store(sqlite_url))
    game, _ = hub.create(rules_for("classic", target=200), (Seat("Ann"), Seat("Random", "random")))
    play_person(hub, game.id, 6)
    seed = hub.store.load(game.id).meta["seed"]  # type: ignore[union-attr]
    assert isinstance(seed, int)
    restarted = GameHub(copy_of(hub.store, game.id))
    other_seed = GameHub(copy_of(hub.store, game.id, seed=seed + 1))
    for each in (hub, restarted, other_seed):
        play_person(each, game.id, 40)  # the uninterrupted game and the revived ones play on
    records = [each.games[game.id].saved_record for each in (hub, restarted, other_seed)]
    assert records[0].count("\nP1: ") > 10  # the computer (random) made many choices
    assert records[1] == records[0]
    assert records[2] != records[0]  # the stored seed is what decides the computer's choices


class BrokenSaves:
    """Passes everything to a real store but fails its saves, as a lost database would."""

    def __init__(self, inner: MatchStore) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save_many(self, saves: Any) -> None:
        raise GinRummyError("the database is gone")


def test_an_action_whose_group_commit_fails_changes_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        hub: GameHub = test_client.app.state.hub  # type: ignore[attr-defined]
        group = test_client.app.state.group  # type: ignore[attr-defined]
        ids = create(test_client, "random")
        ws = join(test_client, ids["game"], ids["seat"])
        state = move(ws, ws.receive_json())
        game = hub.games[ids["game"]]
        before = (game.version, game.saved_record, game.match.view(0).to_dict())
        group.store = BrokenSaves(group.store)
        ws.send_json({"type": "action", "action": policy(state["view"]),
                      "version": state["version"]})
        assert ws.receive_json() == {"type": "error", "message": "the database is gone"}
        assert (game.version, game.saved_record, game.match.view(0).to_dict()) == before
        group.store = group.store.inner
        assert move(ws, state)["version"] > state["version"]  # the same action, stored now


def test_a_game_being_changed_is_never_evicted(sqlite_url: str) -> None:
    hub = GameHub(open_store(sqlite_url))
    game, _ = hub.create(rules_for("classic"), (Seat("Ann"), Seat("Bob")))
    hub.release(game)
    later = time.monotonic() + 3600

    async def evict_during_a_change() -> list[str]:
        async with game.lock:  # as while an action of it is applied and saved
            return hub.evict_idle(0, now=later)

    assert asyncio.run(evict_during_a_change()) == []
    assert hub.evict_idle(0, now=later) == [game.id]
