"""What the server sends: built only from the core's player views and public match facts.

A seat gets ``PlayerView.to_dict()`` of its own table (and, when it may knock, what each knock
may show, from that view alone: :func:`knock_choices`); a watcher (or a three-player seat sitting
out) gets a view assembled from what *both* players at a table could see of each other's moves,
with no hand at all, so it holds nothing hidden either. Other tables (partnerships) appear only
as public facts: who plays, hand sizes, and how the hand ended, never a card.
"""

from __future__ import annotations

from typing import Any

from ginrummy.core.actions import Kind
from ginrummy.core.cards import Card, Mask, format_card, format_cards, from_mask, to_mask
from ginrummy.core.match import MatchFormat
from ginrummy.core.melds import Arrangement, meld_cards
from ginrummy.core.showing import format_show, layoff_targets
from ginrummy.core.state import HandResult, HandState, Phase
from ginrummy.core.views import PlayerView
from ginrummy.web import formats
from ginrummy.web.games import Game

# The rules' figures the page's settlement names (RULES §8, the bonus presets).
BONUSES = ("gin_bonus", "undercut_bonus", "knock_bonus", "big_gin_bonus", "box_bonus",
           "game_bonus", "shutout_bonus")


def state_message(game: Game, seat: int | None, online: tuple[bool, ...]) -> dict[str, Any]:
    match = game.match
    own = None if seat is None else formats.table_of(match, seat)
    seats, _ = own or formats.tables(match)[0]
    message: dict[str, Any] = {
        "type": "state",
        "game": game.id,
        "seat": seat,
        "version": game.version,
        "players": [dict(info.to_dict(), online=online[i]) for i, info in enumerate(game.seats)],
        "sheet": score_sheet(match),
        "table": list(seats),  # the seats playing the hand shown, as hand players 0 and 1
        "tables": [table_summary(s, state) for s, state in formats.tables(match)],
        "deal_over": formats.deal_over(match),
        # The table's settlement works the points out line by line ("box 20"): the figures.
        "bonuses": {name: getattr(match.rules, name) for name in BONUSES},
    }
    if seat is None or own is None:
        message["view"] = watcher_view(match, seats)
    else:
        view = match.view(seat)
        message["view"] = view.to_dict()
        if view.phase is not Phase.OVER:
            message["arrangement"] = arrangement_dict(view.arrangement())
        knocks = knock_choices(view)
        if knocks:
            message["knocks"] = knocks
    return message


def arrangement_dict(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [format_cards(meld_cards(m)).split() for m in arrangement.melds],
        "deadwood_cards": format_cards(arrangement.deadwood_cards).split(),
        "deadwood": arrangement.deadwood,
    }


def knock_choices(view: PlayerView) -> dict[str, list[dict[str, Any]]]:
    """For each knock the player may make now (by the card thrown face down), the arrangements
    worth showing, the default first (RULES §6.2). Built from the player's own view only: its
    hand, the discard pile it saw and the cards it saw the opponent take."""
    cards = [a.card for a in view.legal_actions if a.kind is Kind.KNOCK and a.card is not None]
    if not cards:
        return {}
    dead, known = view.knock_knowledge()
    blocked = view.hand_mask | dead  # the hand still holds the card to be thrown face down
    return {format_card(card): [show_option(view, option, card, blocked=blocked, known=known)
                                for option in view.show_options(card)]
            for card in cards}


def show_option(view: PlayerView, arrangement: Arrangement, card: Card, *, blocked: Mask,
                known: Mask) -> dict[str, Any]:
    """One arrangement a knock may show: its notation (for ``knock XX show ...``), its melds
    and deadwood, the cards the opponent could lay off onto it (chains included), those that
    lay off onto each meld by themselves, and the targets the opponent is known to hold."""
    melds = sorted(arrangement.melds)  # the notation's order, so the page draws what it sends
    targets = view.layoff_targets(arrangement, card=card)
    return {
        "show": format_show(melds),
        **arrangement_dict(Arrangement(tuple(melds), arrangement.deadwood_mask)),
        "layoffs": format_cards(targets).split(),
        "meld_layoffs": [format_cards(from_mask(layoff_targets([m], blocked=blocked).direct))
                         .split() for m in melds],
        "known": format_cards(from_mask(to_mask(targets) & known)).split(),
    }


def watcher_view(match: MatchFormat, seats: tuple[int, int]) -> dict[str, Any]:
    """The table of ``seats`` as a spectator sees it: each move as the *other* player saw it,
    no hands."""
    views = (match.view(seats[0]).to_dict(), match.view(seats[1]).to_dict())
    data = dict(views[0])
    data.update(player=None, hand=[], taken=None, legal_actions=[],
                opponent_hand_size=None,
                hand_sizes=[len(views[0]["hand"]), len(views[1]["hand"])])
    data["history"] = [seen_by_1 if move["player"] == 0 else seen_by_0
                       for seen_by_0, seen_by_1, move
                       in zip(views[0]["history"], views[1]["history"], views[0]["history"],
                              strict=True)]
    return data


def table_summary(seats: tuple[int, int], state: HandState) -> dict[str, Any]:
    """A table as anyone in the room may know it: no card, only sizes and the outcome."""
    return {
        "seats": list(seats),
        "dealer": seats[state.dealer],
        "to_play": None if state.is_over else seats[state.to_play],
        "hand_sizes": [len(state.hand(0)), len(state.hand(1))],
        "stock_size": len(state.stock),
        "result": None if state.result is None else _outcome(state.result, seats),
    }


def _outcome(result: HandResult, seats: tuple[int, int]) -> dict[str, Any]:
    def seat(player: int | None) -> int | None:
        return None if player is None else seats[player]

    return {"outcome": result.outcome, "winner": seat(result.winner),
            "knocker": seat(result.knocker), "points": result.points}


def score_sheet(match: MatchFormat) -> dict[str, Any]:
    """Each scored hand (a partnership: each deal's net) with the running hand points, and the
    match figures, one column per side: a player (a partnership: a team)."""
    board = match.board
    labels = list(match.side_names())
    column_of = [match.side_of(seat) for seat in range(len(match.names))]
    rows = [(entry.dealer, entry.side, entry.points, entry.outcome)
            for entry in match.score_entries()]  # dealer, winner's column, points, how
    running = [0] * len(labels)
    hands = []
    for number, (dealer, winner, points, outcome) in enumerate(rows, start=1):
        if winner is not None:
            running[winner] += points
        hands.append({"number": number, "dealer": dealer, "outcome": outcome, "winner": winner,
                      "points": points, "running": list(running)})
    columns = [{"scores": list(c.scores), "hands_won": list(c.hands_won), "winner": c.winner,
                "totals": list(t.totals), "game_bonus": list(t.game_bonus),
                "box_bonus": list(t.box_bonus), "shutout": t.shutout}
               for c, t in zip(board.columns, board.column_totals(), strict=True)]
    return {"hands": hands, "columns": columns, "target": match.rules.target,
            "labels": labels, "column_of": column_of,
            "scores": list(match.scores), "totals": list(match.totals()),
            "over": match.is_over, "winner": match.winner}


def replay_frames(match: MatchFormat) -> list[dict[str, Any]]:
    """A finished match move by move, both hands open, for the history page (no stock order).

    ``seats`` says who holds each of a frame's two hands, ``dealer`` which seat dealt it. A
    hand's first frame is the deal (``move`` None); each later one follows a move, given as
    facts the page words in its own language: the seat, the kind (``draw stock``, ``discard``...)
    and the card drawn or thrown (both hands are open in a replay, so a stock draw names it).
    """
    hands = [(hand.seats, hand.dealer, hand.deck, hand.moves) for hand in match.hands]
    frames = []
    for number, (seats, dealer, deck, moves) in enumerate(hands, start=1):
        state = HandState(match.rules, dealer=dealer, deck=deck)
        frames.append(_frame(number, seats, state, None))
        for move in moves:
            held = state.hands[move.player]
            state.apply(move.action)
            card = move.action.card
            if card is None:  # a draw: the card that came into the hand
                drawn = from_mask(state.hands[move.player] & ~held)
                card = drawn[0] if drawn else None
            frames.append(_frame(number, seats, state, {
                "seat": seats[move.player], "kind": move.action.kind.value,
                "card": None if card is None else format_card(card)}))
    return frames


def _frame(number: int, seats: tuple[int, int], state: HandState,
           move: dict[str, Any] | None) -> dict[str, Any]:
    frame: dict[str, Any] = {
        "hand": number,
        "seats": list(seats),
        "dealer": seats[state.dealer],
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
