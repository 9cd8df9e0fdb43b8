"""The screen before a match: opponent, rules, target, language, display; resume, statistics."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import PRESETS, Rules, rules_for
from ginrummy.i18n import Translator, available_languages, translator
from ginrummy.players.registry import player_names
from ginrummy.tui import reports
from ginrummy.tui.choices import save_choices
from ginrummy.tui.dialogs import TextScreen
from ginrummy.tui.history_screen import HistoryScreen
from ginrummy.tui.lesson import Lesson, mark_offered
from ginrummy.tui.rules_screen import RulesScreen
from ginrummy.tui.session import STORE_KIND, GameSession
from ginrummy.tui.tutorial import TutorialScreen
from ginrummy.tui.widgets import TickBox
from ginrummy.tui.words import opponent_label, preset_label

if TYPE_CHECKING:
    from ginrummy.tui.app import GinRummyApp

LANGUAGE_NAMES = {"en": "English", "nb": "Norsk (bokmål)", "sv": "Svenska"}


def seats_hint(players: int, _: Translator) -> str:
    """What a preset for more than two players means for the person at the terminal."""
    if players == 3:
        return _("Three players: you and two computers (the opponent chosen above). The dealer "
                 "sits out each hand.")
    if players == 4:
        return _("Partnership: you and a computer partner against two computers (the opponent "
                 "chosen above), at two tables every deal.")
    return ""


# Focus must be plain at a glance, not one shade of grey: the focused control is drawn in
# gold, whatever its kind. Narrow terminals (under 80 columns) get narrower fields and the
# buttons in a grid, so every one stays on the screen.
SETUP_CSS = """
SetupScreen Button:focus { background: #f0b000; color: #000000; text-style: bold; }
SetupScreen Button.-primary { background: #2a7a40; color: #ffffff; }
SetupScreen Button.-primary:focus { background: #f0b000; color: #000000; }
SetupScreen Select:focus > SelectCurrent, SetupScreen Input:focus,
SetupScreen Checkbox:focus { background: #f0b000; color: #000000; text-style: bold; }
SetupScreen Checkbox:focus > .toggle--label { background: #f0b000; color: #000000; }
SetupScreen.-narrow #setup { padding: 0 1; }
SetupScreen.-narrow .field Label { width: 16; }
SetupScreen.-narrow .field Select, SetupScreen.-narrow .field Input { width: 1fr; }
SetupScreen.-narrow .checks { height: auto; }
SetupScreen.-narrow .checks Checkbox { width: 1fr; }
SetupScreen.-narrow .buttons { layout: grid; grid-size: 3; grid-gutter: 0 1; height: auto; }
SetupScreen.-narrow .buttons Button { width: 1fr; margin-right: 0; }
"""


class SetupScreen(Screen[None]):
    CSS = SETUP_CSS  # a screen's CSS, unlike its DEFAULT_CSS, wins over the app's
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (80, "-wide")]
    BINDINGS = [Binding("ctrl+n", "new_match", show=False),
                Binding("ctrl+r", "resume", show=False),
                Binding("escape", "app.quit", show=False)]

    @property
    def game(self) -> GinRummyApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        game = self.game
        _ = translator(game.settings.lang)
        rules = game.rules
        presets = list(PRESETS)
        with VerticalScroll(id="setup"):
            yield Label(_("Gin Rummy"), classes="title")
            fields = [
                (_("Opponent"), Select([(opponent_label(name, _), name)
                                        for name in player_names()],
                                       id="opponent", value=game.settings.opponent,
                                       allow_blank=False, compact=True)),
                (_("Rules"), Select([(preset_label(name, _), name) for name in presets],
                                    id="rules",
                                    value=rules.name if rules.name in presets else "classic",
                                    allow_blank=False, compact=True)),
                (_("Target"), Input(str(rules.target), id="target", type="integer",
                                    compact=True)),
                (_("Knock limit"), Input(str(rules.knock_limit), id="knock-limit",
                                         type="integer", compact=True)),
                (_("Language"), Select([(LANGUAGE_NAMES.get(code, code), code)
                                        for code in available_languages()], id="lang",
                                       value=game.settings.lang, allow_blank=False,
                                       compact=True)),
            ]
            for label, widget in fields:
                with Horizontal(classes="field"):
                    yield Label(label)
                    yield widget
            with Horizontal(classes="checks"):
                yield TickBox(_("Big gin"), rules.big_gin, id="big-gin", compact=True)
                yield TickBox(_("Last chance"), rules.last_chance, id="last-chance",
                               compact=True)
            with Horizontal(classes="checks"):
                yield TickBox(_("Four-colour deck"), game.settings.four_color,
                               id="four-color", compact=True)
                yield TickBox(_("Memory aid (discards seen)"), game.settings.memory_aid,
                               id="memory-aid", compact=True)
            hint = Label(seats_hint(rules.players, _), id="seats-hint", classes="hint")
            hint.display = rules.players > 2
            yield hint
            yield Label("", id="setup-error")
            with Horizontal(classes="buttons"):
                yield Button(_("Play"), id="new", variant="primary", compact=True)
                yield Button(_("Resume"), id="resume", disabled=not self.unfinished(),
                             compact=True)
                yield Button(_("Statistics"), id="stats", compact=True)
                yield Button(_("History"), id="history", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
            with Horizontal(classes="buttons"):  # learning the game: a row of its own, to fit
                yield Button(_("Learn to play"), id="tutorial", compact=True)
                yield Button(_("Rules"), id="rules-page", compact=True)
            yield Label(_("Tab moves between fields; Enter chooses. Ctrl+N starts a new match, "
                          "Ctrl+R resumes, Esc quits."), classes="hint")

    def unfinished(self) -> bool:
        try:
            return bool(self.game.store.list(kind=STORE_KIND, finished=False, limit=1))
        except GinRummyError:  # a damaged store: Resume says why when pressed
            return True

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()
        if getattr(self.game, "offer_tutorial", False):  # the first start: the lesson (Esc leaves)
            self.game.offer_tutorial = False
            self.show_tutorial()

    async def on_screen_resume(self) -> None:
        await self.recompose()  # back from a match: Resume may have changed
        self.query_one("#new", Button).focus()  # Enter starts a new match

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "lang" and event.value != self.game.settings.lang:
            try:
                self.read_form()
            except GinRummyError:  # a half-typed number: keep the language change only
                self.game.settings = replace(self.game.settings, lang=str(event.value))
            self.refresh(recompose=True)
        elif event.select.id == "rules" and event.value != self.game.rules.name:
            preset = rules_for(str(event.value))
            hint = self.query_one("#seats-hint", Label)
            hint.update(seats_hint(preset.players, translator(self.game.settings.lang)))
            hint.display = preset.players > 2
            self.query_one("#target", Input).value = str(preset.target)
            self.query_one("#knock-limit", Input).value = str(preset.knock_limit)
            self.query_one("#big-gin", Checkbox).value = preset.big_gin
            self.query_one("#last-chance", Checkbox).value = preset.last_chance

    def read_form(self) -> Rules:
        """The settings and rules on the form (stored on the app); bad values raise."""
        game = self.game
        game.settings = replace(
            game.settings,
            opponent=str(self.query_one("#opponent", Select).value),
            lang=str(self.query_one("#lang", Select).value),
            four_color=self.query_one("#four-color", Checkbox).value,
            memory_aid=self.query_one("#memory-aid", Checkbox).value,
        )
        options: dict[str, Any] = {
            "big_gin": self.query_one("#big-gin", Checkbox).value,
            "last_chance": self.query_one("#last-chance", Checkbox).value,
        }
        _ = translator(game.settings.lang)
        for key, widget_id, label in (("target", "#target", _("Target")),
                                      ("knock_limit", "#knock-limit", _("Knock limit"))):
            text = self.query_one(widget_id, Input).value.strip()
            if not text.lstrip("-").isdigit():
                raise GinRummyError(_("{field} must be a whole number").format(field=label))
            options[key] = int(text)
        game.rules = rules_for(str(self.query_one("#rules", Select).value), **options)
        return game.rules

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"new": self.action_new_match, "resume": self.action_resume,
                   "stats": self.show_stats, "history": self.show_history,
                   "rules-page": self.show_rules, "tutorial": self.show_tutorial,
                   "quit": self.app.exit}
        actions[event.button.id or "quit"]()

    def action_new_match(self) -> None:
        game = self.game
        try:
            rules = self.read_form()
            session = GameSession.new(rules, game.settings, store=game.store, seed=game.seed)
        except GinRummyError as error:  # a bad number, or an opponent that cannot start
            self.show_error(error)
            return
        save_choices(rules, game.settings)  # the next setup opens with these
        game.start(session)

    def action_resume(self) -> None:
        game = self.game
        try:
            session = GameSession.resume(game.store, lang=game.settings.lang)
        except GinRummyError as error:
            self.show_error(error)
            return
        game.start(session)

    def show_error(self, error: GinRummyError) -> None:
        # plain text: markup would eat the [bench] of "pip install 'ginrummy[bench]'"
        self.query_one("#setup-error", Label).update(Content(str(error)))

    def show_tutorial(self) -> None:
        """The guided hand; back here when it ends or is left."""
        mark_offered()
        self.app.push_screen(TutorialScreen(Lesson(Rules(), lang=self.game.settings.lang)))

    def show_rules(self) -> None:
        """The rules summary with the figures of the preset now chosen."""
        lang = self.game.settings.lang
        try:
            rules = rules_for(str(self.query_one("#rules", Select).value))
        except GinRummyError:  # no preset chosen yet: the classic figures
            rules = Rules()
        self.app.push_screen(RulesScreen(lang, translator(lang), rules))

    def show_stats(self) -> None:
        lang = self.game.settings.lang
        _ = translator(lang)
        try:
            text = reports.stats_text(self.game.store, lang)
        except GinRummyError as error:  # a damaged or unreadable store
            self.show_error(error)
            return
        self.app.push_screen(TextScreen(_("Statistics"), text, _))

    def show_history(self) -> None:
        try:
            rows = reports.history_rows(self.game.store)
        except GinRummyError as error:
            self.show_error(error)
            return
        self.app.push_screen(HistoryScreen(rows))
