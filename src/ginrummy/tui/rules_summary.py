"""A player's summary of the rules in English, Norwegian or Swedish (the rules screen's text).

The texts live beside this module (``rules/en.txt``, ``nb.txt``, ``sv.txt``; shipped in the
wheel as package data) and are written from docs/rules.md and the Norwegian and Swedish rule
texts. Their figures (knock limit, bonuses, target) are filled in from the rules being played,
so the page never quotes a bonus the table does not use. Standard library only: plain mode
prints it without the full-screen extra installed.
"""

from __future__ import annotations

from importlib.resources import files

from ginrummy.core.rules import Rules

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
