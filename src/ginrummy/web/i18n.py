"""The browser's catalogue: the game's shared catalogue plus the few web-only messages.

Shared words (knock, deadwood, stock...) come from :mod:`ginrummy.i18n` so each is translated
once; ``web/locales/<lang>/LC_MESSAGES/*.po`` (``web.po`` and one file per part of the page)
hold only what the page alone says.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ginrummy.i18n import available_languages, catalogue, normalise_language, read_catalogues

WEB_LOCALES = Path(__file__).resolve().parent / "locales"


def language_of(tag: str) -> str:
    """A catalogue code for ``tag``, English when there is none."""
    return normalise_language(tag) or "en"


@cache
def web_catalogue(language: str) -> dict[str, str]:
    """``English text -> translation`` for ``language`` (empty for English)."""
    messages = dict(catalogue(language))
    messages.update(read_catalogues(WEB_LOCALES / language / "LC_MESSAGES"))
    return messages


def languages() -> list[str]:
    return available_languages()
