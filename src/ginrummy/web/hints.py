"""The coach's hint for a seat, in the seat's language (from :mod:`ginrummy.players.coach`)."""

from __future__ import annotations

from typing import Any

from ginrummy.core.views import PlayerView
from ginrummy.players.coach import hint as coach_hints


def hint(view: PlayerView, lang: str) -> dict[str, Any]:
    """``{"action": "discard KD", "text": reason}`` for the expert's choice; None off turn."""
    hints = coach_hints(view, lang=lang)
    if not hints:
        return {"action": None, "text": None}
    best = hints[0]
    return {"action": str(best.action), "text": best.reason}
