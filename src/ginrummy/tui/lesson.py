"""The lesson: one guided hand, dealt from a stacked deck, that teaches the whole game.

:class:`Lesson` is the hand and its steps, free of any screen (standard library only, so plain
mode needs no full-screen extra): the real engine plays it (you take
the upcard, throw, the computer draws and throws, you draw and knock, the computer lays off), and
each step has a short text in English, Norwegian or Swedish (``tutorial/<lang>.txt`` beside this
module, shipped as package data) whose figures come from the state.
:class:`~ginrummy.tui.tutorial.TutorialScreen` shows it full screen; :func:`walk_through` prints it line by line for plain mode and screen
readers. The key a step waits for is the game's own key for that move (p take, Enter discard,
d draw, k knock), so the lesson teaches the keys too; Esc (or q, or ``skip``) leaves it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import TextIO

from ginrummy.core.actions import DRAW_STOCK, Action, Kind
from ginrummy.core.cards import BIT, VALUE_OF, Card, from_mask, parse_card, parse_cards, pretty_card
from ginrummy.core.melds import best_arrangement, min_deadwood
from ginrummy.core.rules import Rules
from ginrummy.core.state import HandState
from ginrummy.paths import data_dir
from ginrummy.tui.words import cards_text, melds_text

LANGUAGES = ("en", "nb", "sv")
YOU, COMPUTER = 1, 0  # you are the non-dealer, who speaks first on the upcard
# The stacked deal: your sets and runs wait for the upcard and a stock card; the computer holds
# cards to lay off (8♥ on your hearts, 7♣ on your sevens) and a set and a run of its own.
YOUR_HAND = "7S 7H 7D 3C 4C 9H TH KD QS 2S"
COMPUTER_HAND = "KS KH KC 2D 3D 4D 8H 7C 9C QD"
UPCARD = "JH"
STOCK = "AS 5C"  # the computer draws A♠, you draw 5♣
MARKER = "tutorial-offered"  # in the data directory: the first-run offer is made once

# (text, the key that goes on, the move it makes: a string names a card, "computer" its turn)
STEPS: tuple[tuple[str, str, str | None], ...] = (
    ("hand", "enter", None),
    ("melds", "enter", None),
    ("deadwood", "enter", None),
    ("upcard", "p", "take"),
    ("discard", "enter", "discard KD"),
    ("opponent", "enter", None),
    ("draw", "d", "draw stock"),
    ("knock", "k", "knock QS"),
    ("result", "enter", None),
    ("undercut", "enter", None),
    ("gin", "enter", None),
    ("done", "enter", None),
)
KEY_WORDS = {"enter": "", "p": "p", "d": "d", "k": "k"}  # what plain mode types for each key


def stacked_deck() -> list[Card]:
    """The deck of the lesson: dealt one card each in turn, the non-dealer (you) first."""
    yours, theirs = parse_cards(YOUR_HAND), parse_cards(COMPUTER_HAND)
    deck = [card for pair in zip(yours, theirs, strict=True) for card in pair]
    deck += [parse_card(UPCARD), *parse_cards(STOCK)]
    return deck + [c for c in range(52) if c not in deck]


def texts(lang: str) -> dict[str, str]:
    """The step texts of ``lang`` (English for another language), by step name."""
    lang = lang if lang in LANGUAGES else "en"
    raw = files("ginrummy.tui").joinpath("tutorial", f"{lang}.txt").read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for block in raw.split("== ")[1:]:
        name, _, body = block.partition(" ==\n")
        found[name] = body.strip()
    return found


@dataclass
class Lesson:
    """The guided hand: its state and how far the player has come."""

    rules: Rules
    lang: str = "en"
    step: int = 0

    def __post_init__(self) -> None:
        self.state = HandState(self.rules, dealer=COMPUTER, deck=stacked_deck())
        self.texts = texts(self.lang)
        self.thrown: Card | None = None  # the computer's discard
        self.drawn: Card | None = None  # your draw from the stock

    @property
    def done(self) -> bool:
        return self.step >= len(STEPS)

    @property
    def key(self) -> str:
        return STEPS[self.step][1]

    def press(self, key: str) -> bool:
        """Go on if ``key`` is the one this step waits for (True), else change nothing."""
        if self.done or key != self.key:
            return False
        move = STEPS[self.step][2]
        if move is not None:
            self.play(Action.parse(move))
        self.step += 1
        return True

    def play(self, action: Action) -> None:
        state = self.state
        before = state.view(YOU).hand_mask
        state.apply(action)
        if action == DRAW_STOCK:
            self.drawn = next(c for c in state.view(YOU).hand if not before & BIT[c])
        elif action.kind is Kind.DISCARD:  # then the computer's turn, as the deal was stacked
            state.apply(DRAW_STOCK)
            self.thrown = parse_card("QD")
            state.apply(Action.discard(self.thrown))

    def text(self) -> str:
        name = STEPS[min(self.step, len(STEPS) - 1)][0]
        return self.texts[name].format(**self.figures())

    def figures(self) -> dict[str, object]:
        view = self.state.view(YOU)
        rules = self.rules
        figures: dict[str, object] = {
            "deadwood": min_deadwood(view.hand_mask), "upcard": pretty_card(parse_card(UPCARD)),
            "discard": pretty_card(parse_card("KD")), "pile": _card(view.pile_top),
            "thrown": _card(self.thrown), "drawn": _card(self.drawn),
            "knock_card": pretty_card(parse_card("QS")), "limit": view.knock_limit,
            "after": 2, "undercut": rules.undercut_bonus, "gin": rules.gin_bonus,
            "target": rules.target,
        }
        result = view.result
        if result is not None and result.settlement is not None:
            settled = result.settlement
            figures.update(
                their_melds=melds_text(settled.defender.melds),
                layoffs=cards_text([layoff.card for layoff in settled.layoffs]),
                their_deadwood=sum(VALUE_OF[c] for c in from_mask(settled.defender_deadwood_mask)),
                your_deadwood=settled.knocker_deadwood, points=result.points,
            )
        return figures

    def table(self) -> str:
        """The table as text: the computer's side, the stock and pile, your hand in melds."""
        view = self.state.view(YOU)
        words = self.texts
        result = view.result
        if result is None:
            theirs = "▒ " * view.opponent_hand_size
        else:  # the hand is over: its melds and what is left after the layoffs
            shown = best_arrangement(result.hands[COMPUTER])
            theirs = _hand_line(shown.melds, shown.deadwood_cards)
        mine = best_arrangement(view.hand_mask)
        return "\n".join([
            f"{words['computer']}: {theirs}".rstrip(),
            f"{words['stock']}: {view.stock_size}   {words['pile']}: {_card(view.pile_top)}",
            f"{words['you']}: {_hand_line(mine.melds, mine.deadwood_cards)}",
        ])

    def counter(self) -> str:
        return self.texts["step"].format(n=min(self.step + 1, len(STEPS)), total=len(STEPS))

    def prompt(self) -> str:
        word = KEY_WORDS[self.key]
        return self.texts["prompt_key"].format(key=word) if word else self.texts["prompt_enter"]


def _hand_line(melds: tuple[int, ...], loose: list[Card] | tuple[Card, ...]) -> str:
    shown = melds_text(melds) if melds else ""
    return f"{shown}   {cards_text(loose)}".strip()


def _card(card: Card | None) -> str:
    return "-" if card is None else pretty_card(card)


# -- the first-run offer -------------------------------------------------------------------------

def should_offer(home: Path | None = None) -> bool:
    """Whether the tutorial is still to be offered: nothing saved yet and never offered."""
    home = home or data_dir(create=False)
    return not (home / MARKER).exists() and not any(home.glob("*.sqlite3"))


def mark_offered(home: Path | None = None) -> None:
    home = home or data_dir()
    try:
        (home / MARKER).write_text("offered\n", encoding="utf-8")
    except OSError:  # a read-only home: the offer comes again, which harms nothing
        pass


def offer_line(lang: str, out: TextIO) -> None:
    """At the very first start in plain mode: one line saying how to take the lesson."""
    mark_offered()
    print(texts(lang)["offer"], file=out)


# -- plain mode ------------------------------------------------------------------------------

def walk_through(lesson: Lesson, *, stdin: TextIO, stdout: TextIO) -> bool:
    """The lesson as lines: each step's table and text, then a prompt for its key (Enter, or the
    letter named). True when finished; False when skipped or at the end of input."""
    while not lesson.done:
        print(lesson.counter(), lesson.table(), lesson.text(), lesson.prompt(), sep="\n",
              file=stdout)
        line = stdin.readline()
        typed = line.strip().lower()
        if not line or typed in ("q", "skip", "quit", "esc"):
            return False
        if not lesson.press(typed or "enter"):
            print(lesson.texts["again"], file=stdout)
        print(file=stdout)
    return True


# -- `ginrummy play --tutorial` --------------------------------------------------------------

def run_tutorial(rules: Rules, lang: str, *, plain: bool) -> int:
    """Play the lesson full screen or, in plain mode, as lines on stdin and stdout."""
    lesson = Lesson(rules, lang=lang)
    mark_offered()  # taken once, it need not be offered at the first start any more
    if plain:
        walk_through(lesson, stdin=sys.stdin, stdout=sys.stdout)
    else:
        from ginrummy.tui.tutorial import TutorialApp  # the full-screen extra, only here

        TutorialApp(lesson).run()
    return 0
