"""The table: the computer's side, the stock and the pile, the log, your hand and your choices."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import events
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ginrummy.cli import command_name
from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import BIT, Card, pretty_card
from ginrummy.core.errors import GinRummyError
from ginrummy.core.melds import Arrangement, min_deadwood
from ginrummy.core.state import Move, Phase
from ginrummy.core.views import PlayerView
from ginrummy.i18n import translator
from ginrummy.store import StaleMatchError, StoreError
from ginrummy.tui.coach import hint_text
from ginrummy.tui.dialogs import (
    ConfirmScreen,
    HelpScreen,
    SettlementScreen,
    ShowScreen,
    TextScreen,
)
from ginrummy.tui.narrator import Ending, Narrator
from ginrummy.tui.rules_screen import RulesScreen
from ginrummy.tui.scoresheet import sheet_lines
from ginrummy.tui.seats import hand_title, other_table_line, seat_name, status_line
from ginrummy.tui.session import GameSession
from ginrummy.tui.widgets import CardBack, CardFace, HandRow, PlaceHolder
from ginrummy.tui.words import (
    SORT_ORDERS,
    CardGroup,
    arrange,
    card_name,
    cards_text,
    layoff_sentence,
    melds_text,
    opponent_label,
    preset_label,
    prompt,
    refusal_text,
    show_choice,
)

LOG_LINES = 40  # turns kept in the log box, which shows the latest and scrolls back
PICK_KEYS = "1234567890"
CARD_KEYS = (*PICK_KEYS, "-")  # the key that picks the n-th card, as printed on it
DRAWS = frozenset({Kind.DRAW_STOCK, Kind.DRAW_PILE, Kind.TAKE})
FLASH_SECONDS = 1.6  # how long the computer's move stays highlighted; any key ends it sooner
# Below this the table is drawn compact (cards one line high, no group frames); below the
# minimum nothing fits, and the screen says so instead of cutting cards off.
COMPACT_SIZE = (80, 24)
MINIMUM_SIZE = (60, 20)


class ActionButton(Button, can_focus=False):
    """A mouse target for a legal choice; never focused, so Enter always means discard."""


class TurnLog(VerticalScroll, can_focus=False):
    """What each side did, newest at the bottom; never focused, so arrows always pick cards."""

    def on_mount(self) -> None:
        self.anchor()


class Board(Vertical):
    """Everything on the table; redrawn as a whole after each action (the footer stays)."""

    def __init__(self, game: GameScreen) -> None:
        super().__init__(id="board")
        self.game = game

    def compose(self) -> ComposeResult:
        yield from self.game.compose_board()


class GameScreen(Screen[None]):
    """One match, hand after hand, until it is over or the person quits (it is always saved).

    If the match turns out to be open elsewhere (another window resumed it and saved first),
    the table stops: what was played here stays on the screen, unsaved, and only the score
    sheet, help and quit still work, so the other copy's moves are never overwritten.
    """

    KEYS = [
        ("left", "move(-1)"), ("right", "move(1)"),
        *[(key, f"pick({i})") for i, key in enumerate(PICK_KEYS)], ("minus", "pick(10)"),
        ("enter", "discard"), ("d", "draw_stock"), ("p,t", "take_pile"), ("x", "pass"),
        ("k", "knock"), ("g", "gin"), ("b", "big_gin"), ("h", "hint"), ("s", "sort"),
        ("m", "memory"), ("c", "scores"), ("question_mark", "help"), ("q", "quit_game"),
        ("a", "toggle_flash"), ("r", "rules"),
    ]
    BINDINGS = [Binding(key, action, show=False) for key, action in KEYS]
    AUTO_FOCUS = None  # keys act on the table; the buttons are for the mouse

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self._ = translator(session.settings.lang)
        self.order = SORT_ORDERS[0]
        self.selected: Card | None = None
        self.log_lines: list[str] = []
        self.narrator = Narrator(session, self._)
        self.ending: Ending | None = None  # a hand the person sat out, over, not yet shown
        self.message = ""
        self.stopped = False  # the match is open elsewhere: nothing more is played or saved
        self.show_moves = True  # highlight the computer's move (key a turns it off and on)
        self.flash: Move | None = None  # the computer's discard being highlighted
        self.flash_took: Card | None = None  # and the card it took from the pile, if any
        self.flash_since = 0.0  # when it began, on the clock Textual stamps key events with
        self.flash_seconds = FLASH_SECONDS
        self.compact = False

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        compact = width < COMPACT_SIZE[0] or height < COMPACT_SIZE[1]
        self.set_class(width < MINIMUM_SIZE[0] or height < MINIMUM_SIZE[1], "too-small")
        self.set_class(compact, "compact")
        if compact != self.compact:
            self.compact = compact
            self.redraw()

    # -- drawing ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self._("Enlarge the window to at least {width}x{height} to play.").format(
            width=MINIMUM_SIZE[0], height=MINIMUM_SIZE[1]), id="too-small")
        yield Board(self)
        yield Static(self.keys_text(), id="keys")

    def keys_text(self) -> str:
        """The key bar; help and quit come first, so a narrow terminal never loses them."""
        if self.stopped:
            return self._("? help  q quit  c scores")
        if self.session.sits_out:
            return self._("? help  q quit  Enter result  c scores")
        return self._("? help  q quit  d draw  p take  x pass  Enter discard  k knock  g gin  "
                      "h hint  s sort  c scores  a moves  r rules")

    def compose_board(self) -> ComposeResult:
        _ = self._
        session = self.session
        match = session.match
        if session.sits_out:
            yield from self.compose_sitting_out()
            return
        view = session.view
        if session.players == 2:
            first, second = match.scores
            yield Static(_("Hand {n}  ·  You {a} - Computer {b}  ·  target {target}  ·  {rules}  "
                           "·  knock limit {limit}").format(
                n=match.deal_number, a=first, b=second, target=match.rules.target,
                rules=preset_label(match.rules.name, _), limit=view.knock_limit), id="status")
        else:
            yield from self.compose_seating(view.knock_limit)
        table = session.watched
        opponent = table.seats[view.opponent]
        close = " close" if session.players > 2 else ""
        with Horizontal(id="opponent-row", classes="opponent-row" + close):
            yield Static(f"{seat_name(opponent, session.players, _)} "
                         f"({opponent_label(session.settings.opponent, _)})", classes="who")
            yield Static("▮" * view.opponent_hand_size, id="opponent-cards",
                         classes="opponent-cards")
            took = view.opponent_took()
            yield Static(_("took from the pile: {cards}").format(cards=cards_text(took))
                         if took else "", id="opponent-took", classes="opponent-took")
        # always one line, so the table does not move when the highlight comes and goes
        yield Static(self.flash_text(), id="flash", classes="on" if self.flash else "",
                     markup=False)
        yield from self.compose_piles(view)
        if session.settings.memory_aid:
            yield Static(_("Discards seen: {cards}.").format(
                cards=cards_text(view.discards_seen()) or "-"), id="seen")
        # plain text: a refusal may quote what the player or the store said, brackets and all
        yield Static(self.message or prompt(view, _), id="prompt", markup=False)
        yield HandRow(self.hand_groups(view), selected=self.selected,
                      fresh=view.taken or self.drawn_card(), keys=CARD_KEYS,
                      compact=self.compact, id="hand")
        deadwood = view.arrangement().deadwood
        order = {"melds": _("melds first"), "rank": _("by rank"), "suit": _("by suit")}
        yield Static(_("Deadwood: {points}  ·  sorted: {order}").format(
            points=deadwood, order=order[self.order]), id="deadwood")
        with Horizontal(id="actions"):
            for label, action_name in [] if self.stopped else self.action_buttons(view):
                yield ActionButton(label, id=f"do-{action_name}", compact=True)

    def compose_seating(self, knock_limit: int) -> ComposeResult:
        """Three players and partnerships: every score, whose hand this is, the other table."""
        _ = self._
        session = self.session
        yield Static(status_line(session, knock_limit, _), id="status")
        yield Static(hand_title(session, _), id="seating")
        if session.other_tables():
            yield Static(other_table_line(session, _), id="other-table")

    def compose_piles(self, view: PlayerView) -> ComposeResult:
        _ = self._
        with Horizontal(id="table"):
            with Vertical(classes="pilebox"):
                yield CardBack(f"{view.stock_size:>2}", id="stock")
                yield Static(_("Stock"), classes="label")
            with Vertical(classes="pilebox"):
                if view.pile_top is None:
                    yield PlaceHolder(_("empty"), id="pile")
                else:
                    thrown = self.flash is not None and self.flash.action.card == view.pile_top
                    yield CardFace(view.pile_top, id="pile", classes="flash" if thrown else "")
                yield Static(_("Discard pile"), classes="label")
            with TurnLog(id="log"):
                yield Static("\n".join(self.log_lines[-LOG_LINES:]))

    def compose_sitting_out(self) -> ComposeResult:
        """Three players, the person dealt: the two computers' hand, face down, as it goes."""
        _ = self._
        session = self.session
        table = session.watched
        views = [session.seat_view(seat) for seat in table.seats]
        yield from self.compose_seating(views[0].knock_limit)
        for player, seat in enumerate(table.seats):
            seen_by_other = views[1 - player]  # what the other player (and you) can see
            with Horizontal(classes="opponent-row close"):
                yield Static(f"{seat_name(seat, session.players, _)} "
                             f"({opponent_label(session.settings.opponent, _)})", classes="who")
                yield Static("▮" * seen_by_other.opponent_hand_size, classes="opponent-cards")
                took = seen_by_other.opponent_took()
                yield Static(_("took from the pile: {cards}").format(cards=cards_text(took))
                             if took else "", classes="opponent-took")
        yield Static("", id="flash")
        yield from self.compose_piles(views[0])
        waiting = self.ending is not None
        yield Static(self.message or (_("The hand is over. Press Enter for the result.")
                                      if waiting else _("The computers are playing...")),
                     id="prompt", markup=False)
        yield Static(_("You sit out this hand: you see what you would see at the table."),
                     id="sitting-out")
        with Horizontal(id="actions"):
            if waiting and not self.stopped:
                yield ActionButton(_("Result (Enter)"), id="do-result", compact=True)

    def hand_groups(self, view: PlayerView) -> list[tuple[str, CardGroup]]:
        _ = self._
        groups = arrange(view.hand_mask, self.order)
        titled = []
        for group in groups:
            if group.is_meld:
                title = _("Meld")
            elif self.order == "melds":
                title = _("Deadwood")
            else:
                title = ""
            titled.append((title, group))
        return titled

    def action_buttons(self, view: PlayerView) -> list[tuple[str, str]]:
        """Buttons for the legal choices only: knock and gin appear when they are allowed."""
        _ = self._
        kinds = {a.kind for a in view.legal_actions}
        buttons = []
        if Kind.TAKE in kinds:
            buttons.append((_("Take {card} (p)").format(card=card_name(view.pile_top)),
                            "take_pile"))
        if Kind.DRAW_STOCK in kinds:
            buttons.append((_("Draw from the stock (d)"), "draw_stock"))
        if Kind.DRAW_PILE in kinds:
            buttons.append((_("Take {card} (p)").format(card=card_name(view.pile_top)),
                            "take_pile"))
        if Kind.PASS in kinds:
            buttons.append((_("Pass (x)"), "pass"))
        if Kind.DISCARD in kinds:
            buttons.append((_("Discard {card} (Enter)").format(card=pretty_card(self.selected))
                            if self.selected is not None else _("Discard (pick a card)"),
                            "discard"))
        if Kind.KNOCK in kinds:
            buttons.append((_("Knock (k)"), "knock"))
        if Kind.GIN in kinds:
            buttons.append((_("Gin (g)"), "gin"))
        if Kind.BIG_GIN in kinds:
            buttons.append((_("Big gin (b)"), "big_gin"))
        return buttons

    def redraw(self) -> None:
        self.query_one(Board).refresh(recompose=True)
        self.query_one("#keys", Static).update(self.keys_text())

    # -- flow ---------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.advance()

    def advance(self) -> None:
        """Let the computers play, tell what happened, and show a hand's end when it comes.

        A hand the person sat out waits for Enter before its end is shown."""
        session = self.session
        try:
            moved = list(session.computer_moves())
        except StoreError as error:  # their moves are made (and shown), not stored
            self.store_failed(error)
            moved = []
        self.start_flash(moved)
        lines, ending = self.narrator.news()
        self.log_lines.extend(lines)
        if not session.sits_out:
            view = session.view
            if self.selected is not None and not view.hand_mask & BIT[self.selected]:
                self.selected = None
        self.ending = ending
        self.redraw()
        if ending is not None and not session.sits_out and not self.stopped:
            self.settle()

    # -- the computer's move, highlighted for a moment ------------------------------------------

    def start_flash(self, moved: list[tuple[int, Move]]) -> None:
        """Highlight the computer's last discard (and what it took from the pile) until a key
        or a short timer ends it; only at a two-player table the person plays at."""
        self.flash = self.flash_took = None
        if not self.show_moves or self.session.players != 2 or self.session.sits_out:
            return
        moves = [move for _seat, move in moved]
        throws = [i for i, move in enumerate(moves) if move.action.kind is Kind.DISCARD]
        if not throws or self.session.view.phase is Phase.OVER:
            return
        last = throws[-1]
        self.flash = moves[last]
        self.flash_since = get_time()
        draw = moves[last - 1] if last > 0 else None
        if draw is not None and draw.action.kind in (Kind.DRAW_PILE, Kind.TAKE):
            self.flash_took = draw.card
        self.set_timer(self.flash_seconds, self.end_flash)

    def flash_text(self) -> str:
        _ = self._
        if self.flash is None:
            return ""
        thrown = card_name(self.flash.action.card)
        if self.flash_took is not None:
            return _("▶ The computer took {took} from the pile and threw {card}.").format(
                took=card_name(self.flash_took), card=thrown)
        return _("▶ The computer drew from the stock and threw {card}.").format(card=thrown)

    def end_flash(self) -> None:
        if self.flash is not None:
            self.flash = self.flash_took = None
            self.redraw()

    def on_key(self, event: events.Key) -> None:
        """Any key ends the highlight at once (and still does what it does); not the key
        whose move brought it."""
        if self.flash is not None and event.time >= self.flash_since:
            self.flash = self.flash_took = None
            self.call_after_refresh(self.redraw)

    def action_toggle_flash(self) -> None:
        self.show_moves = not self.show_moves
        self.message = (self._("The computer's moves are highlighted as they happen.")
                        if self.show_moves else
                        self._("The computer's moves are no longer highlighted (a: turn on)."))
        self.redraw()

    def drawn_card(self) -> Card | None:
        """The card the person has just drawn, marked in the hand until they discard."""
        view = self.session.view
        if not view.is_my_turn or view.phase is not Phase.DISCARD:
            return None
        moves = self.session.live_moves()
        last = moves[-1] if moves else None
        if last is None or last.action.kind not in DRAWS or last.card is None:
            return None
        return last.card if view.hand_mask & BIT[last.card] else None

    def settle(self) -> None:
        ending = self.ending
        if ending is None:
            return
        self.ending = None
        self.app.push_screen(SettlementScreen(self.session, ending), self.after_settlement)

    def after_settlement(self, again: bool | None) -> None:
        session = self.session
        if session.match.is_over:
            if again:
                self.app.pop_screen()  # back to the setup screen for a new match
            else:
                self.app.exit()
            return
        if not again:
            self.action_quit_game()
            return
        if session.match.deal_over:
            try:
                session.next_deal()
            except StoreError as error:
                self.store_failed(error)
        self.selected = None
        self.advance()

    def act(self, action: Action) -> None:
        if self.stopped:  # a click or a confirmation that came after the table stopped
            self.redraw()
            return
        try:
            self.session.play(action)
        except StoreError as error:  # the move is made here, but the store did not take it
            self.store_failed(error)
        except GinRummyError as error:
            self.message = self._("Not allowed: {reason}").format(
                reason=refusal_text(error, self._))
            self.redraw()
            return
        else:
            self.message = ""
        self.advance()

    def store_failed(self, error: StoreError) -> None:
        """Say why the match was not saved; if it is open elsewhere, stop the table."""
        if isinstance(error, StaleMatchError):
            self.stopped = True
            self.message = self._(
                "This match is open elsewhere: another window saved it after this one opened "
                "it. What you see here is not saved, and the other copy is untouched. Press q, "
                "then resume the match to play on from what was saved.")
        else:
            self.message = self._("Not saved: {reason}").format(reason=error)

    SITTING_OUT_ACTIONS = frozenset({"discard", "result", "scores", "help", "quit_game",
                                     "memory", "toggle_flash"})

    STOPPED_ACTIONS = frozenset({"scores", "help", "quit_game"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the person sits out only Enter (the result), the score sheet, help and quit
        do anything; once the match is open elsewhere, only the last three."""
        if self.stopped:
            return action in self.STOPPED_ACTIONS
        return not self.session.sits_out or action in self.SITTING_OUT_ACTIONS

    # -- cards --------------------------------------------------------------------------------

    def display_order(self) -> list[Card]:
        if self.session.sits_out:
            return []
        return [c for _t, g in self.hand_groups(self.session.view) for c in g.cards]

    def action_move(self, step: int) -> None:
        cards = self.display_order()
        if not cards:
            return
        if self.selected not in cards:
            self.selected = cards[0] if step > 0 else cards[-1]
        else:
            self.selected = cards[(cards.index(self.selected) + step) % len(cards)]
        self.redraw()

    def action_pick(self, index: int) -> None:
        cards = self.display_order()
        if index < len(cards):
            self.selected = cards[index]
            self.redraw()

    def on_click(self, event: events.Click) -> None:
        widget = event.widget
        if not isinstance(widget, CardFace | CardBack | PlaceHolder):
            return
        if widget.id == "stock":
            self.action_draw_stock()
        elif widget.id == "pile":
            self.action_take_pile()
        elif isinstance(widget, CardFace):
            if widget.card == self.selected:
                self.action_discard()  # a second click on the picked card throws it
            else:
                self.selected = widget.card
                self.redraw()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = (event.button.id or "").removeprefix("do-")
        getattr(self, f"action_{name}")()

    # -- actions ------------------------------------------------------------------------------

    def action_draw_stock(self) -> None:
        self.act(DRAW_STOCK)

    def action_take_pile(self) -> None:
        view = self.session.view
        self.act(TAKE if view.phase is Phase.UPCARD else DRAW_PILE)

    def action_pass(self) -> None:
        self.act(PASS)

    def action_result(self) -> None:
        self.settle()

    def action_discard(self) -> None:
        if self.session.sits_out:
            self.settle()  # Enter shows the end of the hand you sat out
            return
        if self.selected is None:
            self.message = self._("Pick a card first: arrows or number keys, or click it.")
            self.redraw()
            return
        self.act(Action.discard(self.selected))

    def ending_card(self, kind: Kind) -> Card | None:
        """The picked card if knocking (or gin) with it is legal, else the best legal one."""
        view = self.session.view
        cards = [a.card for a in view.legal_actions if a.kind is kind and a.card is not None]
        if self.selected in cards:
            return self.selected
        if not cards:
            return None
        return min(cards, key=lambda c: min_deadwood(view.hand_mask ^ BIT[c]))

    def action_knock(self) -> None:
        self.end_hand(Kind.KNOCK)

    def action_gin(self) -> None:
        if self.ending_card(Kind.GIN) is None and BIG_GIN in self.session.view.legal_actions:
            self.action_big_gin()
            return
        self.end_hand(Kind.GIN)

    def end_hand(self, kind: Kind) -> None:
        _ = self._
        card = self.ending_card(kind)
        if card is None:
            view = self.session.view
            self.message = (_("You cannot knock now: your deadwood must be {limit} or less after "
                              "your discard.") if kind is Kind.KNOCK else
                            _("You cannot go gin now: all ten cards must be in melds after your "
                              "discard.")).format(limit=view.knock_limit)
            self.redraw()
            return
        action = Action(kind, card)
        if kind is Kind.KNOCK:
            self.confirm_knock(action, card)
            return
        question = _("Go gin, throwing {card} face down?").format(card=pretty_card(card))
        self.app.push_screen(ConfirmScreen(question, self._),
                             lambda yes: self.act(action) if yes else None)

    def confirm_knock(self, action: Action, card: Card) -> None:
        """Ask before knocking; where there is a choice of melds to show, ask which (§6.2)."""
        _ = self._
        view = self.session.view
        options = view.show_options(card)
        if len(options) > 1:
            question = _("Knock, throwing {card} face down: which melds do you show?").format(
                card=pretty_card(card))
            choices = [show_choice(view, option, card, _) for option in options]
            self.app.push_screen(ShowScreen(question, choices, _),
                                 lambda index: self.knock_showing(action, options, index))
            return
        deadwood = min_deadwood(view.hand_mask ^ BIT[card])
        question = _("Knock with {points} deadwood, throwing {card} face down?").format(
            points=deadwood, card=pretty_card(card))
        if options:  # the one arrangement worth showing: say what it lets the computer do
            question += "\n" + _("You show {melds}.").format(melds=melds_text(options[0].melds))
            question += " " + layoff_sentence(view, options[0], card, _)
        self.app.push_screen(ConfirmScreen(question, self._),
                             lambda yes: self.act(action) if yes else None)

    def knock_showing(self, action: Action, options: list[Arrangement],
                      index: int | None) -> None:
        """Knock showing the option picked (None: the person went back)."""
        if index is not None:
            self.act(action.with_show(options[index].melds))

    def action_big_gin(self) -> None:
        if BIG_GIN not in self.session.view.legal_actions:
            self.message = self._("Big gin needs all eleven cards in melds (and the big gin "
                                  "option).")
            self.redraw()
            return
        self.app.push_screen(ConfirmScreen(self._("Declare big gin?"), self._),
                             lambda yes: self.act(BIG_GIN) if yes else None)

    def action_hint(self) -> None:
        view = self.session.view
        self.message = hint_text(view, self.session.settings.lang, self._)
        self.redraw()

    def action_sort(self) -> None:
        self.order = SORT_ORDERS[(SORT_ORDERS.index(self.order) + 1) % len(SORT_ORDERS)]
        self.redraw()

    def action_memory(self) -> None:
        settings = self.session.settings
        self.session.settings = replace(settings, memory_aid=not settings.memory_aid)
        try:
            self.session.save()
        except StoreError as error:
            self.store_failed(error)
        self.redraw()

    def action_scores(self) -> None:
        lines = sheet_lines(self.session, self._)
        self.app.push_screen(TextScreen(self._("Score sheet"), "\n".join(lines), self._))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self._))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session.settings.lang, self._,
                                         self.session.match.rules))

    def action_quit_game(self) -> None:
        words = {"command": command_name(), "id": self.session.match_id}
        try:
            self.session.save()
        except StaleMatchError:
            self.app.exit(return_code=2, message=self._(
                "Not saved here: this match is open elsewhere. Resume it with: {command} play "
                "--resume {id}").format(**words))
            return
        except StoreError as error:
            self.app.exit(return_code=2, message=Text(self._(  # Text: no markup in the reason
                "The match could not be saved ({reason}); resuming it goes back to its last "
                "save: {command} play --resume {id}").format(reason=error, **words)))
            return
        self.app.exit(message=self._("Match saved. Resume it with: {command} play --resume {id}")
                      .format(**words))
