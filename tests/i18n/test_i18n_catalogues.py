"""Message catalogues: complete in every language, the game's own words, locale detection."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import ginrummy
from ginrummy.core.errors import GinRummyError
from ginrummy.i18n import (
    available_languages,
    catalogue,
    choose_language,
    detect_language,
    parse_po,
    translator,
)

SOURCE = Path(ginrummy.__file__).parent


def msgids_in_code() -> dict[str, str]:
    """Every text passed to a ``_``/``self._`` call in the package -> where it is used."""
    found: dict[str, str] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {target.id: node.value.value for node in tree.body
                     if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                     and isinstance(node.value.value, str)
                     for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            if not (isinstance(func, ast.Name) and func.id == "_"
                    or isinstance(func, ast.Attribute) and func.attr == "_"):
                continue
            argument = node.args[0]
            where = f"{path.relative_to(SOURCE)}:{node.lineno}"
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found[argument.value] = where
            elif isinstance(argument, ast.Name) and argument.id in constants:
                found[constants[argument.id]] = where
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_i18n_has_english_norwegian_and_swedish():
    assert available_languages() == ["en", "nb", "sv"]


@pytest.mark.parametrize("lang", ["en", "nb", "sv"])
def test_i18n_every_message_used_in_code_is_in_the_catalogue(lang):
    used = msgids_in_code()
    assert len(used) > 100  # the scan itself works
    missing = {text: where for text, where in used.items() if text not in catalogue(lang)}
    assert not missing, f"missing from {lang}: {missing}"


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_i18n_translations_keep_the_placeholders(lang):
    for msgid, msgstr in catalogue(lang).items():
        assert fields(msgstr) == fields(msgid), (msgid, msgstr)


@pytest.mark.parametrize(("lang", "english", "expected"), [
    ("nb", "Knock", "Banke"),
    ("nb", "Deadwood", "Dødvekt"),
    ("nb", "Stock", "Bunken"),
    ("nb", "Discard pile", "Kastehaugen"),
    ("nb", "Dealer", "Giver"),
    ("sv", "Knock", "Knacka"),
    ("sv", "Deadwood", "Skrot"),
    ("sv", "Stock", "Talongen"),
    ("sv", "Discard pile", "Slänghögen"),
    ("sv", "Upcard", "Uppkortet"),
])
def test_i18n_uses_the_vocabulary_of_the_rules(lang, english, expected):
    assert translator(lang)(english) == expected


def test_i18n_unknown_text_falls_back_to_english():
    assert translator("sv")("A sentence nobody translated") == "A sentence nobody translated"


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "nb_NO.UTF-8"}, "nb"),
    ({"LANG": "no_NO.UTF-8"}, "nb"),
    ({"LANG": "nn_NO.UTF-8"}, "nb"),
    ({"LC_ALL": "sv_SE.UTF-8", "LANG": "nb_NO.UTF-8"}, "sv"),
    ({"LANGUAGE": "de:sv", "LANG": "nb_NO.UTF-8"}, "sv"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_i18n_language_from_the_locale(environ, expected):
    assert detect_language(environ) == expected


def test_i18n_option_beats_locale_and_bad_option_is_refused(monkeypatch):
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert choose_language(None) == "sv"
    assert choose_language("NO") == "nb"
    with pytest.raises(GinRummyError, match="no translation for language 'klingon'"):
        choose_language("klingon")


def test_i18n_po_parser_reads_continuations_escapes_and_skips_the_header():
    text = '''# comment
msgid ""
msgstr "Language: nb\\n"

msgid "Two "
"lines"
msgstr "To "
"linjer \\"sitert\\""

#, fuzzy
msgid "Untranslated"
msgstr ""
'''
    assert parse_po(text) == {"Two lines": 'To linjer "sitert"'}


def test_i18n_po_parser_names_the_broken_line():
    with pytest.raises(GinRummyError, match="line 2"):
        parse_po('msgid "ok"\nmsgstr "broken\n')


def test_i18n_catalogue_files_are_standard_po():
    for lang in ["en", "nb", "sv"]:
        path = SOURCE / "i18n" / "locales" / lang / "LC_MESSAGES" / "ginrummy.po"
        text = path.read_text(encoding="utf-8")
        assert f'"Language: {lang}\\n"' in text
        assert re.search(r'^msgid "Knock"\nmsgstr ".+"$', text, re.M)
