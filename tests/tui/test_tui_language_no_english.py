"""No English reaches a Norwegian or Swedish player: whole plain-mode matches (several presets,
seeds and opponents, three players and a partnership, knocks, gins, undercuts, refusals, help,
hints, the score and the memory aid) typed in the language's own words, and every full-screen
text snapshot, checked line by line (see language_leaks for what counts as English)."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from knock_deal import knock_session
from language_leaks import assert_no_english, leaks, snapshot_files

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import NUM_CARDS, format_card
from ginrummy.core.rules import rules_for
from ginrummy.core.state import Phase
from ginrummy.players.registry import make_player
from ginrummy.store import open_store
from ginrummy.tui.plain import PlainGame
from ginrummy.tui.session import GameSession, Settings
from ginrummy.tui.words import action_words

SNAPSHOTS = Path(__file__).parent / "snapshots"
# Commands typed once a hand: the language's words, and the English ones, which still answer in
# the language. Refusals are typed where they are refused.
COMMANDS = {
    "nb": ["hjelp", "tips", "poeng", "kastet", "sorter verdi", "sorter farge", "sorter tull",
           "sorter kombinasjoner", "hvorfor", "help", "score", "blåbær"],
    "sv": ["hjälp", "tips", "poäng", "slängda", "sortera valör", "sortera färg", "sortera tjo",
           "sortera kombinationer", "varför", "help", "score", "blåbär"],
}
WRONG_TIME = {"nb": {Phase.DRAW: "kast {card}", Phase.DISCARD: "trekk fra bunken",
                     Phase.UPCARD: "ta fra kastehaugen"},
              "sv": {Phase.DRAW: "släng {card}", Phase.DISCARD: "dra från talongen",
                     Phase.UPCARD: "ta från slänghögen"}}
WHY = {"nb": "hvorfor", "sv": "varför"}
REFUSED = {"nb": "Ikke tillatt: ", "sv": "Inte tillåtet: "}
FILE_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")  # a card in notation, not as shown


class ScriptedPlayer(io.StringIO):
    """Stdin that plays the person's seat from the session itself, typing each move in the
    language's words: it knocks or goes gin as soon as it may (undercuts happen), otherwise
    plays as the standard computer, and once a hand types the commands and wrong moves."""

    def __init__(self, session: GameSession, lang: str, *, seed: int) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.brain = make_player("standard", seed=seed)
        self.queue: list[str] = []
        self.tried: set[tuple[int, int, Phase]] = set()
        self.last: tuple[object, ...] | None = None
        self.asked_to_show = False

    def where(self) -> tuple[object, ...]:
        view = self.session.view
        return (len(self.session.match.hands), self.session.match.deal_number,
                len(view.history), view.phase, view.hand)

    def readline(self, size: int | None = -1) -> str:  # noqa: ARG002 - TextIO's signature
        return self.next_line() + "\n"

    def next_line(self) -> str:
        if self.queue:
            return self.queue.pop(0)
        session = self.session
        if session.sits_out or session.match.deal_over or not session.view.is_my_turn:
            return ""  # Enter: the result, the next hand
        view = session.view
        where = self.where()
        if self.asked_to_show and where == self.last:
            self.asked_to_show = False
            return ""  # Enter: show the default melds
        key = (len(session.match.hands), session.match.deal_number, view.phase)
        if key not in self.tried and len(self.tried) < 12:
            self.tried.add(key)
            self.queue = self.wrong_moves(view.phase, view.hand)
            if view.phase is Phase.DRAW and len(self.tried) <= 2:
                self.queue = COMMANDS[self.lang] + self.queue
            if self.queue:
                return self.queue.pop(0)
        action = self.choose()
        self.last = where
        self.asked_to_show = action.kind is Kind.KNOCK
        return action_words(action, self.lang)

    def wrong_moves(self, phase: Phase, hand: tuple[int, ...]) -> list[str]:
        moves = []
        template = WRONG_TIME[self.lang].get(phase)
        if template is not None:
            moves += [template.format(card=format_card(hand[0])), WHY[self.lang]]
        if phase is Phase.DISCARD:
            missing = next(c for c in range(NUM_CARDS) if c not in hand)
            moves.append(action_words(Action(Kind.DISCARD, missing), self.lang))
            if self.session.view.taken is not None:  # the card just taken cannot be thrown
                moves.append(action_words(Action(Kind.DISCARD, self.session.view.taken),
                                          self.lang))
            moves.append(f"{action_words(Action(Kind.KNOCK, hand[0]), self.lang)}")
        return moves

    def choose(self) -> Action:
        legal = self.session.view.legal_actions
        for kind in (Kind.BIG_GIN, Kind.GIN, Kind.KNOCK):
            endings = [a for a in legal if a.kind is kind]
            if endings:
                return endings[0]
        return self.brain.choose(self.session.view)


def play_plain(session: GameSession, lang: str, seed: int) -> str:
    out = io.StringIO()
    PlainGame(session, stdin=ScriptedPlayer(session, lang, seed=seed), stdout=out).run()
    return out.getvalue()


MATCHES = [  # preset, target, opponent, seed: together they knock, go gin and undercut
    ("classic", 60, "expert", 1),
    ("classic", 60, "beginner", 7),
    ("modern", 60, "random", 3),
    ("hollywood", 40, "standard", 5),
    ("oklahoma", 50, "gin-camper", 2),
    ("three-player", 40, "beginner", 4),
    ("partnership", 40, "standard", 6),
]


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_tui_language_whole_plain_matches_show_no_english(lang):
    outcomes: Counter[str] = Counter()
    for preset, target, opponent, seed in MATCHES:
        store = open_store("sqlite:///:memory:")
        session = GameSession.new(rules_for(preset, target=target),
                                  Settings(opponent=opponent, lang=lang), store=store, seed=seed)
        text = play_plain(session, lang, seed)
        assert session.match.is_over, text[-2000:]
        assert_no_english(text, lang, f"plain {preset} against {opponent}, seed {seed}")
        outcomes.update(hand.result.outcome for hand in session.match.hands
                        if hand.result is not None)
        refused = [line for line in text.splitlines() if REFUSED[lang] in line]
        assert refused and not any("§" in line or FILE_CARD.search(line) for line in refused)
    assert {"knock", "gin", "undercut"} <= set(outcomes), outcomes


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_tui_language_a_knock_with_a_choice_and_quitting_show_no_english(lang):
    session = knock_session(open_store("sqlite:///:memory:"), lang=lang)
    quit_word = {"nb": "slutt", "sv": "sluta"}[lang]
    typed = {"nb": ["stå over", "trekk fra bunken", "bank KH", "", quit_word],
             "sv": ["passa", "dra från talongen", "knacka KH", "", quit_word]}[lang]
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO("".join(f"{line}\n" for line in typed)),
              stdout=out).run()
    text = out.getvalue()
    assert session.match.hands and session.match.hands[0].result is not None
    assert_no_english(text, lang, "plain knock with a choice of melds")


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_tui_language_full_screen_snapshots_show_no_english(lang):
    files = snapshot_files(SNAPSHOTS, lang)
    assert len(files) >= 8  # the snapshots are there to check
    for path in files:
        assert_no_english(path.read_text(encoding="utf-8"), lang, f"snapshot {path.name}")


@pytest.mark.parametrize(("line", "lang", "words"), [
    ("Ikke tillatt: not an action: 'trekk fra bunken'", "nb", ("not",)),
    ("Inte tillåtet: KS was just taken from the discard pile", "sv",
     ("was", "just", "taken", "from", "the", "discard", "pile")),
    ("Gin Rummy mot datamaskinen (expert), regler: classic.", "nb", ("expert", "classic")),
    ("Du kan skrive: ta (take), stå over (pass), trekk fra bunken (draw stock).", "nb", ()),
    ("Datorn (expert) knackade.", "sv", ()),
])
def test_tui_language_the_check_finds_english_words(line, lang, words):
    found = leaks(line, lang)
    assert (found[0].words if found else ()) == words


def test_tui_language_the_check_names_the_catalogue_entry():
    [leak] = leaks("> Ikke tillatt: you do not hold 9♦", "nb")
    assert leak.msgid == "you do not hold {card}" and leak.po_file == "ginrummy.po"
    assert "ginrummy.po" in leak.explain("nb", "here")
