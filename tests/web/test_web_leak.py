"""No hidden card in any message: many games played through the WebSocket API, every message that
each seat and a watcher received checked against the true state at that moment (RULES §10)."""

from __future__ import annotations

import json
import re
from typing import Any

from web_fixtures import client, create, join, policy, sqlite_url

from ginrummy.core.actions import Kind
from ginrummy.core.cards import format_card, from_mask
from ginrummy.core.match import Match

__all__ = ["sqlite_url"]
CARD = re.compile(r"\b[A2-9TJQK][CDHS]\b")
GAMES = 12


def cards_in(message: dict[str, Any]) -> set[str]:
    """Every card named in what the message shows (ids and tokens left out)."""
    shown = {key: message.get(key) for key in ("view", "arrangement", "sheet")}
    return set(CARD.findall(json.dumps(shown)))


def forbidden(match: Match, seat: int | None) -> set[str]:
    """Cards ``seat`` (None: a watcher) must not see now: the stock always, and until the hand
    ends every card in a hand that is not the viewer's own and was not taken face up."""
    state = match.state
    hidden = {format_card(c) for c in state.stock}
    if state.is_over:
        return hidden
    taken_face_up = {format_card(m.card) for m in state.history
                     if m.card is not None and m.action.kind in (Kind.TAKE, Kind.DRAW_PILE)}
    for player in (0, 1):
        if player != seat:
            hidden |= {format_card(c) for c in from_mask(state.hands[player])} - taken_face_up
    return hidden


def test_no_message_to_any_client_holds_a_hidden_card(sqlite_url: str) -> None:
    checked = 0
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
                    leaked = cards_in(reply) & forbidden(game.match, seat)
                    assert not leaked, (seat, leaked, reply)
                    checked += 1
            assert latest[None]["sheet"]["over"]
    assert checked > GAMES * 3 * 20
