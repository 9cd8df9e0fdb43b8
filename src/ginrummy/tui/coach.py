"""The coach's hint for the person's decision, when the coach module is installed."""

from __future__ import annotations

from ginrummy.core.views import PlayerView
from ginrummy.i18n import Translator


def hint_text(view: PlayerView, lang: str, _: Translator) -> str:
    """'Hint: knock 7♣ - reason', or a polite 'no hint' when the coach cannot help."""
    if not view.is_my_turn:
        return _("No hint available: it is not your turn.")
    try:
        from ginrummy.players.coach import hint  # written by the computer-players work
    except ImportError:
        return _("No hint available.")
    hints = hint(view, lang)
    if not hints:
        return _("No hint available.")
    best = hints[0]
    return _("Hint: {action} - {reason}").format(action=best.action.pretty(), reason=best.reason)
