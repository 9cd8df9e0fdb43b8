"""What the server sends: built only from the core's player views and public match facts.

A seat gets ``PlayerView.to_dict()``; a watcher gets a view assembled from what *both* players
could see of each other's moves, with no hand at all, so it holds nothing hidden either.
"""

from __future__ import annotations

from typing import Any

from ginrummy.core.cards import format_cards, from_mask
from ginrummy.core.match import Match
from ginrummy.core.melds import Arrangement, meld_cards
from ginrummy.core.state import HandState, Phase
from ginrummy.web.games import Game


def state_message(game: Game, seat: int | None, online: tuple[bool, bool]) -> dict[str, Any]:
    match = game.match
    message: dict[str, Any] = {
        "type": "state",
        "game": game.id,
        "seat": seat,
        "version": game.version,
        "players": [dict(info.to_dict(), online=online[i]) for i, info in enumerate(game.seats)],
        "sheet": score_sheet(match),
    }
    if seat is None:
        message["view"] = watcher_view(match)
    else:
        view = match.view(seat)
        message["view"] = view.to_dict()
        if view.phase is not Phase.OVER:
            message["arrangement"] = arrangement_dict(view.arrangement())
    return message


def arrangement_dict(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [format_cards(meld_cards(m)).split() for m in arrangement.melds],
        "deadwood_cards": format_cards(arrangement.deadwood_cards).split(),
        "deadwood": arrangement.deadwood,
    }


def watcher_view(match: Match) -> dict[str, Any]:
    """The table as a spectator sees it: each move as the *other* player saw it, no hands."""
    views = (match.view(0).to_dict(), match.view(1).to_dict())
    data = dict(views[0])
    data.update(player=None, hand=[], taken=None, legal_actions=[],
                opponent_hand_size=None,
                hand_sizes=[len(views[0]["hand"]), len(views[1]["hand"])])
    data["history"] = [seen_by_1 if move["player"] == 0 else seen_by_0
                       for seen_by_0, seen_by_1, move
                       in zip(views[0]["history"], views[1]["history"], views[0]["history"],
                              strict=True)]
    return data


def score_sheet(match: Match) -> dict[str, Any]:
    """Each finished hand's result with the running hand points, and the match figures."""
    running = [0, 0]
    hands = []
    for number, hand in enumerate(match.hands, start=1):
        result = hand.result
        assert result is not None
        if result.winner is not None:
            running[result.winner] += result.points
        hands.append({"number": number, "dealer": hand.dealer, "outcome": result.outcome,
                      "winner": result.winner, "points": result.points,
                      "running": list(running)})
    columns = [{"scores": list(c.scores), "hands_won": list(c.hands_won), "winner": c.winner,
                "totals": list(t.totals), "game_bonus": list(t.game_bonus),
                "box_bonus": list(t.box_bonus), "shutout": t.shutout}
               for c, t in zip(match.columns, match.column_totals(), strict=True)]
    return {"hands": hands, "columns": columns, "target": match.rules.target,
            "scores": list(match.scores), "totals": list(match.totals()),
            "over": match.is_over, "winner": match.winner}


def replay_frames(match: Match) -> list[dict[str, Any]]:
    """A finished match move by move, both hands open, for the history page (no stock order)."""
    frames = []
    for number, hand in enumerate(match.hands, start=1):
        state = HandState(match.rules, dealer=hand.dealer, deck=hand.deck)
        frames.append(_frame(number, state, None))
        for move in hand.moves:
            state.apply(move.action)
            frames.append(_frame(number, state, str(move)))
    return frames


def _frame(number: int, state: HandState, move: str | None) -> dict[str, Any]:
    frame: dict[str, Any] = {
        "hand": number,
        "move": move,
        "hands": [format_cards(from_mask(h)).split() for h in state.hands],
        "pile_top": None if state.pile_top is None else format_cards([state.pile_top]),
        "stock_size": len(state.stock),
    }
    if state.result is not None:
        result = state.result
        frame["result"] = {
            "outcome": result.outcome, "winner": result.winner, "knocker": result.knocker,
            "points": result.points,
            "settlement": None if result.settlement is None else result.settlement.to_json(),
        }
    return frame
