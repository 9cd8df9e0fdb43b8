"""The coach's hint for a seat: the coach of the players package when present, else the solver."""

from __future__ import annotations

from typing import Any

from ginrummy.core.actions import Kind
from ginrummy.core.cards import BIT, format_card
from ginrummy.core.melds import best_discards, min_deadwood, min_deadwood_after_discard
from ginrummy.core.views import PlayerView


def hint(view: PlayerView, lang: str) -> dict[str, Any]:
    """``{"action": "discard KD", "text": ...}``; the action may be None (not your turn)."""
    if not view.legal_actions:
        return {"action": None, "text": None}
    try:
        from ginrummy.players.coach import hint as coach_hint
    except ImportError:
        return {"action": solver_hint(view), "text": None}
    advice = coach_hint(view, lang)
    action = getattr(advice, "action", None)
    return {"action": None if action is None else str(action), "text": str(advice)}


def solver_hint(view: PlayerView) -> str:
    """The least-deadwood choice: gin or knock when allowed, else the cheapest draw or discard."""
    legal = {str(a): a for a in view.legal_actions}
    for kind in (Kind.BIG_GIN, Kind.GIN, Kind.KNOCK):
        ending = [a for a in view.legal_actions if a.kind is kind]
        if ending:
            return str(ending[0])
    mask = view.hand_mask
    if "discard" in " ".join(legal):
        exclude = 0 if view.taken is None else BIT[view.taken]
        cards, _ = best_discards(mask, exclude=exclude)
        return f"discard {format_card(max(cards, key=lambda c: c % 13))}"
    top = view.pile_top
    takes_pile = top is not None and min_deadwood_after_discard(mask | BIT[top]) < min_deadwood(mask)
    for name in (("take", "draw pile") if takes_pile else ("pass", "draw stock")):
        if name in legal:
            return name
    return str(view.legal_actions[0])
