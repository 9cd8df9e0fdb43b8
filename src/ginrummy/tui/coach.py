"""The coach's hint for the person's decision, when the coach module is installed."""

from __future__ import annotations

from ginrummy.core.views import PlayerView
from ginrummy.i18n import Translator


def hint_text(view: PlayerView, lang: str, _: Translator) -> str:
    """'Hint: discard 10♦: highest loose card', or a polite 'no hint' when the coach cannot help."""
    if not view.is_my_turn:
        return _("No hint available: it is not your turn.")
    try:
        from ginrummy.players.coach import hint  # an optional part of the players package
    except ImportError:
        return _("No hint available.")
    hints = hint(view, lang=lang)
    if not hints:
        return _("No hint available.")
    # the coach's reason starts with the move itself ("discard 10♦: highest loose card")
    return _("Hint: {reason}").format(reason=hints[0].reason)
