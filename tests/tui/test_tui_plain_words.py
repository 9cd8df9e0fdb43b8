"""Plain mode in Norwegian and Swedish: the actions typed in the player's words beside the
English notation, the prompt in those words, refusals in the language with card symbols and the
rule only on asking (``why``). The hand is knock_deal's stacked one (RULES §6.2)."""

from __future__ import annotations

import io
import re

import pytest
from knock_deal import THIRD, knock_session

from ginrummy.store import open_store
from ginrummy.tui.plain import PlainGame
from ginrummy.tui.session import GameSession
from ginrummy.tui.words import action_words, command_word, to_notation

FILE_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def plain_game(lines: list[str], *, lang: str) -> tuple[GameSession, str]:
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO("".join(f"{line}\n" for line in lines)),
              stdout=out).run()
    return session, out.getvalue()


def refusals(out: str, prefix: str) -> list[str]:
    return [line.removeprefix("> ") for line in out.split("\n")
            if line.removeprefix("> ").startswith(prefix)]


@pytest.mark.parametrize(("lang", "words", "notation"), [
    ("nb", "trekk fra bunken", "draw stock"),
    ("nb", "Trekk", "draw stock"),
    ("nb", "ta fra kastehaugen", "draw pile"),
    ("nb", "ta", "take"),
    ("nb", "stå over", "pass"),
    ("nb", "kast KD", "discard KD"),
    ("nb", "bank 7C vis AC 2C 3C | 2S 3S 4S", "knock 7C show AC 2C 3C | 2S 3S 4S"),
    ("nb", "stor gin", "big gin"),
    ("sv", "dra från talongen", "draw stock"),
    ("sv", "ta från slänghögen", "draw pile"),
    ("sv", "passa", "pass"),
    ("sv", "släng KD", "discard KD"),
    ("sv", "kasta KD", "discard KD"),
    ("sv", "knacka 7C visa AC 2C 3C", "knock 7C show AC 2C 3C"),
    ("nb", "discard KD", "discard KD"),  # English always works
    ("sv", "knock 7C show AC 2C 3C", "knock 7C show AC 2C 3C"),
])
def test_tui_plain_words_read_as_the_notation(lang, words, notation):
    assert to_notation(words, lang) == notation


def test_tui_plain_words_commands_and_display():
    assert command_word("hjelp", "nb") == "help" and command_word("avsluta", "sv") == "quit"
    assert command_word("hvorfor", "nb") == "why" and command_word("help", "sv") == "help"
    from ginrummy.core.actions import DRAW_PILE, Action
    assert action_words(DRAW_PILE, "sv") == "ta från slänghögen"
    assert action_words(Action.parse("knock 7C"), "nb") == "bank 7C"
    assert action_words(DRAW_PILE, "en") == "draw pile"


def test_tui_plain_words_norwegian_game_refuses_in_norwegian():
    session, out = plain_game([
        "trekk fra bunken",                    # §4.1: the upcard first
        "stå over",
        "ta fra kastehaugen",                  # §4.3: after two passes, the stock
        "hvorfor",
        "trekk fra bunken",
        "kast 9D",                             # not in the hand
        "bank KH vis 2C 2D 2S | 2S 3S 4S",     # 2S in two melds
        f"bank KH vis {THIRD}",
    ], lang="nb")
    assert "Ta det åpne kortet 9♦, eller stå over? ta, stå over" in out
    assert "Trekk fra bunken. trekk fra bunken" in out
    assert refusals(out, "Ikke tillatt: ") == [
        "Ikke tillatt: i første tur må den som ikke ga, først ta det åpne kortet eller stå over",
        "Ikke tillatt: når begge har stått over det åpne kortet, trekker den som ikke ga, fra "
        "bunken",
        "Ikke tillatt: du har ikke 9♦",
        "Ikke tillatt: 2♠ er vist i to kombinasjoner",
    ]
    assert "Det er regel §4.3 i spillereglene (RULES.md)." in out
    assert str(session.match.hands[-1].moves[-1].action) == f"knock KH show {THIRD}"
    assert "Not allowed" not in out and "RULES §" not in out


def test_tui_plain_words_swedish_game_refuses_in_swedish():
    session, out = plain_game([
        "fly away",
        "passa",
        "varför",                              # nothing refused names a rule yet
        "dra från talongen",
        "släng ZZ",
        "knacka KH visa AC 2C",
        f"knacka KH visa {THIRD}",
    ], lang="sv")
    assert "Ta uppkortet 9♦, eller passa? ta, passa" in out
    shown = refusals(out, "Inte tillåtet: ")
    assert shown == [
        "Inte tillåtet: inte ett drag: ”fly away”",
        "Inte tillåtet: inte ett kort: ”ZZ” (en valör A 2-9 T J Q K och sedan en färg C D H S)",
        "Inte tillåtet: A♣ 2♣ är ingen kombination (ett set om 3-4 eller en sekvens om 3+)",
    ]
    assert "Ingen regel att visa: inget nekat drag har nämnt någon regel." in out
    assert str(session.match.hands[-1].moves[-1].action) == f"knock KH show {THIRD}"
    assert not any(FILE_CARD.search(line.removeprefix("Inte tillåtet: ")) for line in shown[2:])


def test_tui_plain_words_english_refusals_use_symbols_without_the_rule():
    _session, out = plain_game(["draw stock", "pass", "why"], lang="en")
    assert ("Not allowed: on the first turn the non-dealer must first take or pass the upcard"
            in out)
    assert "RULES §" not in out
    assert "That is rule §4.1 of the game's rules (RULES.md)." in out
