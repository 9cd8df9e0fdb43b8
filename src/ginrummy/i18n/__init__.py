"""Message catalogues: the game's words in English, Norwegian (bokmål) and Swedish.

Catalogues are standard gettext ``.po`` files under ``locales/<lang>/LC_MESSAGES/``: the
shared ``ginrummy.po`` plus one file per part of the game (``tutorial.po``...), all read
directly by a small parser so there is no compile step. A message missing from a
catalogue (or with an empty ``msgstr``) falls back to the English ``msgid``.

>>> _ = translator("nb")
>>> _("Knock"), _("Deadwood"), translator("sv")("Stock")
('Banke', 'Dødvekt', 'Talongen')
>>> normalise_language("no_NO.UTF-8"), normalise_language("sv-SE"), normalise_language("xx")
('nb', 'sv', None)
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

from ginrummy.core.errors import GinRummyError

DOMAIN = "ginrummy"
DEFAULT_LANGUAGE = "en"
LOCALES = Path(__file__).resolve().parent / "locales"
# Norwegian locales all map to the bokmål catalogue: nynorsk players read it easily.
_LANGUAGE_ALIASES = {"no": "nb", "nn": "nb", "nob": "nb", "nor": "nb", "swe": "sv", "eng": "en"}
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

Translator = Callable[[str], str]


def available_languages() -> list[str]:
    """Language codes that have a catalogue, English first."""
    found = sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return sorted(found, key=lambda code: code != DEFAULT_LANGUAGE)


def normalise_language(tag: str) -> str | None:
    """The catalogue code for a language tag or locale name (``nb_NO.UTF-8`` -> ``nb``)."""
    code = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    code = _LANGUAGE_ALIASES.get(code, code)
    return code if code in available_languages() else None


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for ($LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG), else English."""
    env = os.environ if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        for tag in env.get(variable, "").split(":"):
            if tag and tag not in ("C", "POSIX"):
                code = normalise_language(tag)
                if code:
                    return code
    return DEFAULT_LANGUAGE


def choose_language(option: str | None = None) -> str:
    """``option`` if given (an error if there is no such catalogue), else from the locale."""
    if not option:
        return detect_language()
    code = normalise_language(option)
    if code is None:
        raise GinRummyError(
            f"no translation for language {option!r}; choose one of "
            f"{', '.join(available_languages())}"
        )
    return code


def parse_po(text: str) -> dict[str, str]:
    """``msgid -> msgstr`` from a .po file's text (comments, contexts and plurals ignored)."""
    messages: dict[str, str] = {}
    entry: dict[str, str] = {}
    field: str | None = None

    def finish() -> None:
        if "msgid" in entry and entry.get("msgstr") and entry["msgid"]:
            messages[entry["msgid"]] = entry["msgstr"]
        entry.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = "", line
        elif keyword in ("msgid", "msgctxt"):
            if "msgstr" in entry:
                finish()
        try:
            value = ast.literal_eval(rest.strip())
        except (SyntaxError, ValueError):
            raise GinRummyError(f"line {number} of a .po catalogue: cannot read {raw!r}") from None
        if keyword:
            field = keyword
            entry[field] = value
        elif field is not None:
            entry[field] += value
    finish()
    return messages


@cache
def catalogue(language: str) -> dict[str, str]:
    """The messages of ``language``: every ``.po`` file of its folder (empty when none)."""
    return read_catalogues(LOCALES / language / "LC_MESSAGES")


def read_catalogues(folder: Path) -> dict[str, str]:
    """The messages of every ``.po`` file in ``folder``, in name order (empty when none)."""
    messages: dict[str, str] = {}
    for path in sorted(folder.glob("*.po")):
        messages.update(parse_po(path.read_text(encoding="utf-8")))
    return messages


def translator(language: str | None = None) -> Translator:
    """A ``_`` function for ``language`` (None: from the locale); unknown text passes through."""
    messages = catalogue(choose_language(language))

    def translate(message: str) -> str:
        return messages.get(message, message)

    return translate
