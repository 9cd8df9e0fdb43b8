"""Finding English in text shown in Norwegian or Swedish, and saying where it came from.

A line is English when it holds an English catalogue message whole (its fixed words around the
placeholders) that the language's catalogues translate differently, or any word from a list of
English words that never appear in Norwegian or Swedish. The action and command notation typed in
English (``draw stock``, ``help``) is allowed inside brackets, where the help names it on purpose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ginrummy.i18n import LOCALES, catalogue, parse_po

# Words of English sentences the game could print that are not also Norwegian or Swedish words
# (so 'hand', 'over', 'for', 'match', 'bonus', 'sort', 'set', 'run', 'to' are not here).
ENGLISH_WORDS = frozenset("""
    the and you your yours with from not was were are has have had will can could must
    would should this that these those which what when where who why how its nothing nobody
    again same only just first last before after into onto off more less than then
    draw drew drawn stock pile discard discarded discards knock knocks knocked knocking
    deadwood meld melds melded upcard dealer deals dealt dealing card cards take took taken
    pass passed throw threw thrown throwing face down show shows shown choose chose lay laid
    layoff layoffs computer computers opponent player players playing play played turn
    score scores scored points point target limit won wins win lost lose loses hint hints
    help quit saved save resume press next result waiting sits out sitting left
    open closed new yes game games hands gins undercuts won't can't isn't
    rank suit suits seen why random beginner expert classic modern norwegian partnership
    camper simple novice style three two four team teams table tables deal deals round
    history statistics replay options unfinished highlighted moves move window enlarge least
    back none still being going went declared big chance dead ran empty
""".split())
# Words the language itself uses although they are also English.
OWN_WORDS = {
    "nb": frozenset({"standard", "gin", "undercut", "straight", "oklahoma", "hollywood",
                     "eaai", "enter", "esc", "tab", "ctrl", "shift", "openspiel", "rlcard",
                     "marjj", "rules", "md"}),
    "sv": frozenset({"standard", "gin", "undercut", "straight", "oklahoma", "hollywood",
                     "eaai", "enter", "esc", "tab", "ctrl", "shift", "openspiel", "rlcard",
                     "marjj", "rules", "md", "expert", "modern", "layoff", "deadwood"}),
}
# English typed on purpose: the notation and commands the help names in brackets.
NOTATION = frozenset("""take pass draw stock pile discard knock gin big show hint score seen
    sort melds rank suit help quit why memory aid kd 10h 7c ks""".split())
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ']+")
BRACKETS = re.compile(r"\(([^()]*)\)")
# A command line to type ('ginrummy play --resume 0ed6...') is the program's own words.
COMMAND_LINE = re.compile(r"\S*ginrummy play\b[^;()]*|--[\w-]+")


@dataclass(frozen=True)
class Leak:
    line: str
    words: tuple[str, ...]
    msgid: str | None  # the English catalogue message the line shows, if one does
    po_file: str | None  # where that message lives

    def explain(self, lang: str, where: str) -> str:
        told = f"{where}: {lang} line {self.line!r} is English"
        if self.words:
            told += f" (words: {', '.join(self.words)})"
        if self.msgid is None:
            return told + ": no catalogue message matches it, so the code prints it without _()"
        return (told + f": it is msgid {self.msgid!r} of {self.po_file}, which "
                f"locales/{lang}/LC_MESSAGES/{self.po_file} does not translate")


@cache
def english_messages() -> dict[str, str]:
    """Every English msgid -> the name of the .po file that holds it."""
    found: dict[str, str] = {}
    for path in sorted((LOCALES / "en" / "LC_MESSAGES").glob("*.po")):
        for msgid in parse_po(path.read_text(encoding="utf-8")):
            found.setdefault(msgid, path.name)
    return found


@cache
def _patterns(lang: str) -> list[tuple[re.Pattern[str], str]]:
    """A pattern per English message that ``lang`` translates differently and that has at
    least two words of its own (shorter ones are left to the word list)."""
    translated = catalogue(lang)
    patterns = []
    for msgid in english_messages():
        if translated.get(msgid, msgid) != msgid and "\n" not in msgid:
            pieces = re.split(r"\{[^{}]*\}", msgid)
            if len(WORD.findall(" ".join(pieces))) >= 2:
                patterns.append((re.compile(".+?".join(map(re.escape, pieces))), msgid))
    return patterns


def without_notation(line: str) -> str:
    """``line`` less the command lines and the English notation the help names in brackets."""
    line = COMMAND_LINE.sub(" ", line)
    return BRACKETS.sub(lambda m: " ".join(
        word for word in WORD.findall(m.group(1)) if word.lower() not in NOTATION), line)


def english_words(line: str, lang: str) -> tuple[str, ...]:
    allowed = OWN_WORDS[lang]
    return tuple(word for word in WORD.findall(without_notation(line))
                 if word.lower() in ENGLISH_WORDS and word.lower() not in allowed)


def leaks(text: str, lang: str) -> list[Leak]:
    """The lines of ``text`` that are English, each with the message it shows."""
    found = []
    for line in text.splitlines():
        words = english_words(line, lang)
        plain = without_notation(line)
        msgid = next((m for pattern, m in _patterns(lang) if pattern.search(plain)), None)
        if words or msgid is not None:
            found.append(Leak(line.strip(), words, msgid,
                              None if msgid is None else english_messages()[msgid]))
    return found


def assert_no_english(text: str, lang: str, where: str) -> None:
    found = leaks(text, lang)
    unique = list(dict.fromkeys(found))
    assert not unique, "\n".join(leak.explain(lang, where) for leak in unique[:20])


def snapshot_files(folder: Path, lang: str) -> list[Path]:
    return sorted(folder.glob(f"*.{lang}.txt"))
