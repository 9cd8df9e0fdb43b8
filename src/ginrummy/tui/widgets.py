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
# Colours of the compact card chips (Rich styles cannot use the CSS classes of CardFace).
TWO_COLOURS = ("#111111", "#c01818", "#c01818", "#111111")
FOUR_COLOURS = ("#0a7a1a", "#1040d0", "#c01818", "#111111")


def rank_text(card: Card) -> str:
    rank = "A23456789TJQK"[RANK_OF[card]]
    return "10" if rank == "T" else rank


class CardFace(Static):
    """One face-up card: rank and suit symbol, so the suit never rests on colour alone."""

    def __init__(self, card: Card, *, classes: str = "", id: str | None = None) -> None:
        suit = SUIT_SYMBOLS[SUIT_OF[card]]
        rank = rank_text(card)
        super().__init__(f"{rank:<3}\n {suit} ", classes=f"card {SUIT_CLASSES[SUIT_OF[card]]} "
                         + classes, id=id)
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
    """The person's hand in groups (melds first, then deadwood), with the picked card raised."""

    def __init__(self, groups: Sequence[tuple[str, CardGroup]], *, selected: Card | None,
                 taken: Card | None, id: str | None = None) -> None:
        super().__init__(id=id, classes="hand")
        self.groups = list(groups)
        self.selected = selected
        self.taken = taken

    def compose(self) -> ComposeResult:
        for title, group in self.groups:
            box = Vertical(classes="group meld" if group.is_meld else "group loose")
            box.border_title = title
            with box:
                with Horizontal(classes="cards"):
                    for card in group.cards:
                        classes = []
                        if card == self.selected:
                            classes.append("selected")
                        if card == self.taken:
                            classes.append("taken")
                        yield CardFace(card, classes=" ".join(classes))


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
