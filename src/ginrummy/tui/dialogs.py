"""Pop-up screens: confirm, what a knock shows, help, text pages, and the settlement.

A question about the hand (confirm, which melds to show) and a hand's result are drawn as a
region docked at the top of the table, never lower than the top of the person's hand, so the
hand stays in view while they decide or read."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, OptionList, Static

from ginrummy.core.cards import BIT, Card, Mask, from_mask
from ginrummy.core.melds import best_arrangement, mask_value, meld_cards
from ginrummy.i18n import Translator, translator
from ginrummy.tui.narrator import Ending, ending_lines
from ginrummy.tui.scoresheet import race_lines, sheet_lines
from ginrummy.tui.session import GameSession
from ginrummy.tui.widgets import chips
from ginrummy.tui.words import in_rank_order, player_name

MIN_PANEL_ROWS = 6  # a region shorter than this could not show a question: it may cover more
FIT_TRIES, FIT_PAUSE = 40, 0.05  # how long to wait for the table below to be laid out
SHOW_FRAME_ROWS = 4  # the rows around the knock's options and question: frame, gap, buttons
TEXT_FRAME_ROWS = 9  # a text page's rows that are not the page: frame, padding, title, Close
MIN_PAGE_ROWS = 3


def fit_above_hand(screen: Screen[Any], *, tries: int = FIT_TRIES) -> int | None:
    """Keep ``screen``'s dialog above the hand of the table below it (if there is one);
    returns the rows it may fill. A hand just redrawn has no place until the table is laid
    out under this screen: it is measured again a moment later (a few times at most)."""
    stack = screen.app.screen_stack
    below = stack[stack.index(screen) - 1] if screen in stack and stack.index(screen) else None
    hands = below.query("#hand") if below is not None else None
    if not hands:
        return None
    region = hands.first().region
    if not region.height and tries:
        screen.set_timer(FIT_PAUSE, lambda: fit_above_hand(screen, tries=tries - 1))
        return None
    room = region.y
    if room < MIN_PANEL_ROWS:
        return None
    screen.query_one(".dialog").styles.max_height = room
    return room


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes, n or Escape says no."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes"),
                Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, _: Translator) -> None:
        super().__init__()
        self.question = question
        self._ = _

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question")
            with Horizontal(classes="buttons"):
                yield Button(self._("Yes (y)"), id="yes", variant="primary")
                yield Button(self._("No (n)"), id="no")

    def on_mount(self) -> None:
        fit_above_hand(self)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class ShowScreen(ModalScreen[int | None]):
    """A knock with a choice of melds to show (RULES §6.2): the options, the default first and
    highlighted. Enter or y knocks showing the highlighted one, arrows or a number key move
    the highlight, n or Escape goes back; dismissed with the option's index or None.

    It sits at the top of the screen, so the hand below stays in view.
    """

    BINDINGS = [Binding("y", "choose", "Knock"), Binding("n,escape", "back", "Back"),
                *[Binding(str(i + 1), f"highlight({i})", show=False) for i in range(9)]]

    def __init__(self, question: str, choices: list[tuple[str, str]], _: Translator) -> None:
        super().__init__()
        self.question = question
        self.choices = choices
        self._ = _

    def compose(self) -> ComposeResult:
        _ = self._
        with Vertical(classes="dialog show"):
            yield Static(self.question, classes="question")
            yield OptionList(*[self.option_text(i) for i in range(len(self.choices))],
                             id="shows", compact=True)
            with Horizontal(classes="buttons"):
                yield Button(_("Knock (y)"), id="yes", variant="primary", compact=True)
                yield Button(_("No (n)"), id="no", compact=True)
                yield Static(_("↑ ↓ 1-{n}: choose · Enter: knock · Esc: back").format(
                    n=len(self.choices)), classes="keys-hint")

    def option_text(self, index: int, *, highlighted: bool = False) -> Text:
        """An option's two lines; the highlighted one is marked by ▶, not by colour alone."""
        head, layoffs = self.choices[index]
        text = Text(f"{'▶' if highlighted else ' '} {index + 1}. {head}", style="bold")
        if index == 0:
            text.append(f" ({self._('default')})", style="italic")
        text.append(f"\n     {layoffs}", style="not bold")
        return text

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        room = fit_above_hand(self)
        if room is not None:  # the options scroll; the question and the buttons stay
            question_rows = len(textwrap.wrap(self.question, max(20, self.size.width - 4)))
            options.styles.max_height = max(2, room - SHOW_FRAME_ROWS - question_rows)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        options = self.query_one(OptionList)
        for index in range(len(self.choices)):
            options.replace_option_prompt_at_index(
                index, self.option_text(index, highlighted=index == event.option_index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)  # Enter on the list, or a click on an option

    def action_choose(self) -> None:
        self.dismiss(self.query_one(OptionList).highlighted or 0)

    def action_highlight(self, index: int) -> None:
        if index < len(self.choices):
            self.query_one(OptionList).highlighted = index

    def action_back(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "yes":
            self.action_choose()
        else:
            self.action_back()


class TextScreen(ModalScreen[None]):
    """A page of text (score sheet, statistics, a replay); any of Escape, Enter, q closes it.

    The page scrolls (arrows, Page Up/Down, Home, End, the mouse wheel) within the window's
    height, so the Close button stays on the screen however long the text or small the window.
    """

    BINDINGS = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, title: str, text: str, _: Translator) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self._ = _

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(self.title_text, classes="title")
            with VerticalScroll(classes="page"):
                yield Static(self.text)
            yield Button(self._("Close (Esc)"), id="close")

    def on_mount(self) -> None:
        # the page, not the Close button, takes the keys, so they scroll it
        self.query_one(VerticalScroll).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_page(event.size.height)

    def fit_page(self, height: int) -> None:
        """The page's rows: the window's, less the title, the button and the frame."""
        self.query_one(".dialog").styles.max_height = height
        self.query_one(VerticalScroll).styles.max_height = max(MIN_PAGE_ROWS,
                                                                height - TEXT_FRAME_ROWS)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)


class HelpScreen(TextScreen):
    def __init__(self, _: Translator) -> None:
        super().__init__(_("How to play"), _(HELP_TEXT), _)


HELP_TEXT = """Make melds: sets of 3-4 cards of a rank, runs of 3+ cards in a suit. Aces are low.
Each turn: draw one card (stock or discard pile), then discard one.
Knock when your deadwood (cards outside melds) is at most the knock limit; gin is no deadwood.

← →, 1-9, 0, -  pick a card
Enter           discard the picked card
d               draw from the stock
p               take the discard (or the upcard)
x               pass (first turn, last chance)
k / g / b       knock / gin / big gin (each asks first)
h               hint from the coach
s               sort: melds, rank, suit
m               memory aid (discards seen)
c               score sheet
r               the rules of the game
a               highlight the computer's move (off / on)
?               this help
q               quit (the match is saved)
Mouse: click a card to pick it, click it again to discard; click the stock or the pile to draw.
New to the game? ginrummy play --tutorial plays a guided hand."""


class SettlementScreen(ModalScreen[bool]):
    """A hand's end: both hands as laid down, the layoffs, the points and the scores (with
    more than two players, the deal's: the other table and the partnership's net).

    Dismissed with True to go on (the next hand, or a new match once it is over), False to quit.
    """

    BINDINGS = [Binding("enter,space", "answer(True)", "Continue"),
                Binding("q,escape", "answer(False)", "Quit"),
                Binding("c", "scores", "Score sheet", show=False)]

    def __init__(self, session: GameSession, ending: Ending) -> None:
        super().__init__()
        self.session = session
        self.ending = ending
        self._ = translator(session.settings.lang)

    def compose(self) -> ComposeResult:
        _ = self._
        ending = self.ending
        lines = ending_lines(self.session, ending, _, with_hands=False)
        human = ending.human
        # the person's own hand last, next to the table's edge; an onlooker sees them in order
        order = (1 - human, human) if human is not None else (0, 1)
        over = self.session.match.is_over
        tables = " tables" if self.session.players > 2 else ""
        with VerticalScroll(classes="dialog wide settlement" + tables + (" over" if over else "")):
            # the title and the buttons first, so a short region never scrolls them away
            with Horizontal(classes="buttons"):
                again = _("New match (Enter)") if over else _("Next hand (Enter)")
                yield Button(again, id="again", variant="primary", compact=True)
                yield Button(_("Quit (q)"), id="quit", compact=True)
                yield Button(_("Score sheet (c)"), id="sheet", compact=True)
                yield Static(lines[0], classes="title")  # last: a long one wraps beside them
            for player in order:
                name = (ending.names[player] if self.session.players > 2
                        else player_name(player, ending.view, _))
                line = Text(f"{name}: ", style="bold")
                line.append_text(chips(self.laid_down(player),
                                       four_color=self.session.settings.four_color))
                yield Static(line, classes="laid-down")
            yield Static("\n".join(lines[1:]), classes="result")
            if over:  # the end of the match: the whole score sheet
                yield Static("\n".join(sheet_lines(self.session, _)), classes="score")
            else:
                yield Static("\n".join(race_lines(self.session, _)), classes="score")

    def on_mount(self) -> None:
        if not self.session.match.is_over:
            fit_above_hand(self)

    def laid_down(self, seat: int) -> list[tuple[str, tuple[Card, ...]]]:
        """A hand as shown at the end: melds, the cards laid off, the deadwood left."""
        _ = self._
        result = self.ending.view.result
        assert result is not None
        settlement = result.settlement
        if settlement is None:  # a dead hand: each hand in its best arrangement
            arrangement = best_arrangement(result.hands[seat])
        else:
            knocker = seat == result.knocker
            arrangement = settlement.knocker if knocker else settlement.defender
        groups = [("", tuple(meld_cards(m))) for m in in_rank_order(arrangement.melds)]
        laid: Mask = 0
        if settlement is not None and seat != result.knocker:
            for lay in settlement.layoffs:
                laid |= BIT[lay.card]
        if laid:
            groups.append((_("laid off:"), tuple(from_mask(laid))))
        dead = arrangement.deadwood_mask & ~laid
        groups.append((_("deadwood {points}:").format(points=mask_value(dead)),
                       tuple(from_mask(dead))))
        return groups

    def action_answer(self, again: bool) -> None:
        self.dismiss(again)

    def action_scores(self) -> None:
        _ = self._
        self.app.push_screen(TextScreen(_("Score sheet"), "\n".join(sheet_lines(self.session, _)),
                                        _))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "sheet":
            self.action_scores()
        else:
            self.dismiss(event.button.id == "again")
