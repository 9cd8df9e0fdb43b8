"""Every word the page shows is translated: each ``t("...")`` text in the page's scripts and each
``data-i18n`` text in index.html is in the Norwegian and Swedish web catalogues."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from ginrummy.web.i18n import web_catalogue

STATIC = Path(__file__).resolve().parents[2] / "src" / "ginrummy" / "web" / "static"


def page_words() -> set[str]:
    script = "\n".join(path.read_text(encoding="utf-8") for path in sorted(STATIC.glob("*.js")))
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    words = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script))
    for first, second in re.findall(r'\bt\([^()"]*\?\s*"([^"]+)"\s*:\s*"([^"]+)"\)', script):
        words |= {first, second}  # t(partnership ? "Deal" : "Hand")
    words |= set(re.findall(r'\[\s*"([^"]+:)"', script))  # [label, link] pairs of the invite
    return words | set(re.findall(r'data-i18n="([^"]*)"', page))


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_every_page_word_is_translated_with_its_placeholders(lang: str) -> None:
    words = page_words()
    assert {"Player {n}", "Table {n}", "You sit out this hand.", "Deal"} <= words
    catalogue = web_catalogue(lang)
    assert not sorted(word for word in words if word not in catalogue)

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    assert all(fields(catalogue[word]) == fields(word) for word in words)


def test_the_three_and_four_player_words_follow_the_rules_texts() -> None:
    # /work/shared/seeds: "med tre gir den ene og står over runden"; "givaren står över handen"
    assert web_catalogue("nb")["sits out"] == "står over"
    assert web_catalogue("sv")["sits out"] == "står över"


def test_the_knock_choice_speaks_the_rules_texts_words() -> None:
    # /work/shared/seeds: nb "banke", "legge av", "dødvekt"; sv "knacka", "lägga av", "skrot"
    sentence = "Showing {meld} lets {name} lay off {cards}."
    for lang, knock, lay_off, deadwood in (("nb", "Banke", "legge av", "Dødvekt"),
                                           ("sv", "Knacka", "lägga av", "Skrot")):
        catalogue = web_catalogue(lang)
        assert catalogue["Knock, discarding {card} face down?"].startswith(knock)
        assert lay_off in catalogue[sentence] and catalogue["Deadwood"] == deadwood
