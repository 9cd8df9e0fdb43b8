"""Cards, the hand, the stock and the pile as Textual widgets (clickable)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Static

from ginrummy.core.cards import RANK_OF, SUIT_OF, SUIT_SYMBOLS, Card
from ginrummy.tui.words import CardGroup

SUIT_CLASSES = ("clubs", "diamonds", "hearts", "spades")
FRESH_MARK = "★"  # on the card just drawn or taken, so the mark does not rest on colour alone
# Colours of the compact card chips (Rich styles cannot use the CSS classes of CardFace).
TWO_COLOURS = ("#111111", "#c01818", "#c01818", "#111111")
FOUR_COLOURS = ("#0a7a1a", "#1040d0", "#c01818", "#111111")


def rank_text(card: Card) -> str:
    rank = "A23456789TJQK"[RANK_OF[card]]
    return "10" if rank == "T" else rank


class CardFace(Static):
    """One face-up card: rank and suit symbol, so the suit never rests on colour alone.

    In the hand a card carries the key that picks it (on its lower edge; compact: under the
    rank), and ``compact`` draws it two lines high without a frame."""

    def __init__(self, card: Card, *, classes: str = "", id: str | None = None,
                 key: str = "", compact: bool = False, fresh: bool = False) -> None:
        suit = SUIT_SYMBOLS[SUIT_OF[card]]
        rank = rank_text(card)
        mark = FRESH_MARK if fresh else ""
        face = Text(f"{rank}{suit}\n" if compact else f"{rank:<3}{mark}\n {suit}  ")
        if key:  # the key under the face, quieter than the card
            face.append(f"{mark + key:^3}" if compact else f"\n  {key} ", style="not bold dim")
        super().__init__(face, classes=f"card {SUIT_CLASSES[SUIT_OF[card]]} " + classes, id=id)
        self.set_class(bool(key), "keyed")
        self.card = card


class CardBack(Static):
    """A face-down card (the stock, the opponent's hand)."""

    def __init__(self, label: str = "", *, classes: str = "", id: str | None = None) -> None:
        super().__init__(label, classes="card back " + classes, id=id)


class PlaceHolder(Static):
    """Where a card could lie (an empty discard pile)."""

    def __init__(self, label: str, *, id: str | None = None) -> None:
        super().__init__(label, classes="card empty", id=id)


class HandRow(Horizontal):
    """The person's hand in groups (melds first, then deadwood), with the picked card raised,
    the card just drawn or taken (``fresh``) marked, and each card's pick key on it."""

    def __init__(self, groups: Sequence[tuple[str, CardGroup]], *, selected: Card | None,
                 fresh: Card | None, keys: Sequence[str] = (), compact: bool = False,
                 id: str | None = None) -> None:
        super().__init__(id=id, classes="hand")
        self.groups = list(groups)
        self.selected = selected
        self.fresh = fresh
        self.keys = list(keys)
        self.compact = compact

    def compose(self) -> ComposeResult:
        position = 0
        for title, group in self.groups:
            box = Vertical(classes="group meld" if group.is_meld else "group loose")
            box.border_title = None if self.compact else title
            with box:
                with Horizontal(classes="cards"):
                    for card in group.cards:
                        classes = []
                        if card == self.selected:
                            classes.append("selected")
                        if card == self.fresh:
                            classes.append("taken")
                        key = self.keys[position] if position < len(self.keys) else ""
                        position += 1
                        yield CardFace(card, classes=" ".join(classes), key=key,
                                       compact=self.compact, fresh=card == self.fresh)


def chips(groups: Sequence[tuple[str, Sequence[Card]]], *, four_color: bool) -> Text:
    """Cards as small white chips in labelled groups, for one line per hand."""
    colours = FOUR_COLOURS if four_color else TWO_COLOURS
    text = Text()
    for label, cards in groups:
        if label:
            text.append(f"{label} ", style="italic")
        for card in cards:
            text.append(f" {rank_text(card)}{SUIT_SYMBOLS[SUIT_OF[card]]} ",
                        style=f"bold {colours[SUIT_OF[card]]} on #fbfbf6")
            text.append(" ")
        text.append("  ")
    return text


class TickBox(Checkbox):
    """A checkbox marked only when on, so its state never rests on colour alone."""

    @property  # type: ignore[override]
    def BUTTON_INNER(self) -> str:  # Textual reads this class constant when drawing
        return "✔" if self.value else " "
