"""The rules screen: a player's summary of the rules in English, Norwegian or Swedish.

The texts live beside this module (``rules/en.txt``, ``nb.txt``, ``sv.txt``; shipped in the
wheel as package data) and are written from docs/rules.md and the Norwegian and Swedish rule
texts. Their figures (knock limit, bonuses, target) are filled in from the rules being played,
so the screen never quotes a bonus the table does not use. Plain mode prints the same text.
"""

from __future__ import annotations

from importlib.resources import files

from textual.containers import VerticalScroll

from ginrummy.core.rules import Rules
from ginrummy.i18n import Translator
from ginrummy.tui.dialogs import TextScreen

LANGUAGES = ("en", "nb", "sv")

# Lines that exist only under some options, per language.
BIG_GIN = {
    "en": "Big gin: all eleven cards in melds right after drawing. Declare it at once, without "
          "discarding: bonus {bonus}.\n",
    "nb": "Big gin: alle elleve kortene i kombinasjoner rett etter trekket. Meld det med en gang, "
          "uten å kaste: bonus {bonus}.\n",
    "sv": "Big gin: alla elva korten i kombinationer direkt efter draget. Deklarera det genast, "
          "utan att slänga: bonus {bonus}.\n",
}
KNOCK_BONUS = {
    "en": ", plus the knock bonus, {bonus}",
    "nb": ", pluss bankebonus, {bonus}",
    "sv": ", plus knackbonus, {bonus}",
}


def rules_text(lang: str, rules: Rules | None = None) -> str:
    """The summary in ``lang`` (English for an unknown language) with ``rules``' figures (the
    classic preset's when none is given)."""
    lang = lang if lang in LANGUAGES else "en"
    rules = rules or Rules()
    template = files("ginrummy.tui").joinpath("rules", f"{lang}.txt").read_text(encoding="utf-8")
    big_gin = BIG_GIN[lang].format(bonus=rules.big_gin_bonus) if rules.big_gin else ""
    knock_bonus = KNOCK_BONUS[lang].format(bonus=rules.knock_bonus) if rules.knock_bonus else ""
    return template.format(
        target=rules.target, knock_limit=rules.knock_limit, gin_bonus=rules.gin_bonus,
        undercut_bonus=rules.undercut_bonus, stock_wall=rules.stock_wall,
        game_bonus=rules.game_bonus, shutout_bonus=rules.shutout_bonus,
        box_bonus=rules.box_bonus, big_gin_line=big_gin, knock_bonus_line=knock_bonus,
    ).rstrip("\n")


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
