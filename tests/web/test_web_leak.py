"""No hidden card in any message: many games played through the WebSocket API, every message that
each seat and a watcher received checked against the true state at that moment (RULES §10)."""

from __future__ import annotations

import json
import re
from typing import Any

from web_fixtures import client, create, hidden_at, join, policy, sqlite_url

__all__ = ["sqlite_url"]
CARD = re.compile(r"\b[A2-9TJQK][CDHS]\b")
GAMES = 12


def cards_in(message: dict[str, Any]) -> set[str]:
    """Every card named in what the message shows (ids and tokens left out)."""
    shown = {key: message.get(key) for key in ("view", "arrangement", "sheet")}
    return set(CARD.findall(json.dumps(shown)))


def check_knocks(message: dict[str, Any]) -> None:
    """A knock's choices (RULES §6.2) show the seat's own cards; the layoff targets named are
    never its own (where they lie it cannot know: test_web_knock_show varies them)."""
    own = set(message["view"]["hand"])
    for options in message.get("knocks", {}).values():
        for option in options:
            assert {c for meld in option["melds"] for c in meld} | set(option["deadwood_cards"]) \
                <= own
            assert not own & set(option["layoffs"])


def test_no_message_to_any_client_holds_a_hidden_card(sqlite_url: str) -> None:
    checked = knocks = 0
    with client(sqlite_url) as test_client:
        hub = test_client.app.state.hub  # type: ignore[attr-defined]
        for number in range(GAMES):
            ids = create(test_client, target="20", **({"oklahoma": "yes"} if number % 3 == 1
                                                     else {"last_chance": "yes"} if number % 3 == 2
                                                     else {}))
            sockets = {0: join(test_client, ids["game"], ids["seat"])}
            sockets[0].receive_json()
            sockets[1] = join(test_client, ids["game"], ids["invite"])
            sockets[None] = join(test_client, ids["game"], ids["watch"])
            game = hub.games[ids["game"]]
            for extra in ([0, 1], [0, 1, None]):  # the join broadcasts
                for seat in extra:
                    sockets[seat].receive_json()
            latest: dict[int | None, dict[str, Any]] = {}
            while not game.match.is_over:
                match = game.match
                mover = 0 if match.hand_over else match.state.to_play
                view = match.view(mover).to_dict()
                message = ({"type": "next"} if match.hand_over
                           else {"type": "action", "action": policy(view)})
                sockets[mover].send_json({**message, "version": game.version})
                for seat, ws in sockets.items():
                    latest[seat] = reply = ws.receive_json()
                    assert reply["type"] == "state", reply
                    leaked = cards_in(reply) & hidden_at(game.match.state, seat)
                    assert not leaked, (seat, leaked, reply)
                    check_knocks(reply)
                    knocks += "knocks" in reply
                    checked += 1
            assert latest[None]["sheet"]["over"]
    assert checked > GAMES * 3 * 20 and knocks > 0
