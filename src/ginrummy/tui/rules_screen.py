"""The rules screen: :mod:`ginrummy.tui.rules_summary`'s text in a scrolling page."""

from __future__ import annotations

from textual.containers import VerticalScroll

from ginrummy.core.rules import Rules
from ginrummy.i18n import Translator
from ginrummy.tui.dialogs import TextScreen
from ginrummy.tui.rules_summary import rules_text


class RulesScreen(TextScreen):
    """The summary in a scrolling page; Escape, Enter or q closes it."""

    # the page fills the window whatever its height, so the Close button and the last lines
    # stay reachable at 80x24 (a screen's CSS, unlike DEFAULT_CSS, wins over the app's)
    CSS = """
    RulesScreen .dialog { height: 100%; max-height: 100%; }
    RulesScreen .page { height: 1fr; max-height: 100%; }
    """

    def __init__(self, lang: str, _: Translator, rules: Rules | None = None) -> None:
        super().__init__(_("Rules"), rules_text(lang, rules), _)

    def on_mount(self) -> None:
        # the page, not the Close button, takes the keys: arrows, Page Up/Down, Home and End scroll
        self.query_one(VerticalScroll).focus()
