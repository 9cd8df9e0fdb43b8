"""Cards, the hand, the stock and the pile as Textual widgets (clickable)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ginrummy.core.cards import RANK_OF, SUIT_OF, SUIT_SYMBOLS, Card
from ginrummy.tui.words import CardGroup

SUIT_CLASSES = ("clubs", "diamonds", "hearts", "spades")


def rank_text(card: Card) -> str:
    rank = "A23456789TJQK"[RANK_OF[card]]
    return "10" if rank == "T" else rank


class CardFace(Static):
    """One face-up card: rank and suit symbol, so the suit never rests on colour alone."""

    def __init__(
        self, card: Card, *, index: int | None = None, classes: str = "", id: str | None = None
    ) -> None:
        suit = SUIT_SYMBOLS[SUIT_OF[card]]
        rank = rank_text(card)
        super().__init__(f"{rank:<3}\n {suit} ", classes=f"card {SUIT_CLASSES[SUIT_OF[card]]} "
                         + classes, id=id)
        self.card = card
        if index is not None:
            # the number key that picks this card (1-9, then 0 for the tenth, - for the eleventh)
            self.border_subtitle = "1234567890-"[index] if index < 11 else ""


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
                 taken: Card | None) -> None:
        super().__init__(id="hand")
        self.groups = list(groups)
        self.selected = selected
        self.taken = taken

    def compose(self) -> ComposeResult:
        index = 0
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
                        yield CardFace(card, index=index, classes=" ".join(classes))
                        index += 1
