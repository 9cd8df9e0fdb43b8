"""The full-screen terminal game (Textual): the setup screen, then the table."""

from __future__ import annotations

from rich.text import Text
from textual.app import App

from ginrummy.core.rules import Rules
from ginrummy.store import MatchStore, StoreError
from ginrummy.tui.game import GameScreen
from ginrummy.tui.session import GameSession, Settings
from ginrummy.tui.setup import SetupScreen

# Kept in the module (not a .tcss file) so an installed wheel always has it.
STYLE = """
/* The table is green felt; cards are white with a black or red (four-colour: green, blue) face.
   Suits are always drawn as symbols, so colour never carries meaning alone. */
Screen { background: #0c4a25; color: #f0f0e8; }
#board { height: 1fr; }
/* the key bar wraps to a second line rather than losing keys at the edge */
#keys { dock: bottom; height: auto; max-height: 2; background: #06301a; color: #c8d8c8; padding: 0 1; }
/* at 60 columns the bar needs a third line; the compact table leaves room for it */
GameScreen.compact #keys { max-height: 3; }
/* below the minimum size: one clear line instead of a table cut off */
#too-small { display: none; width: 100%; height: 100%; content-align: center middle; text-style: bold; color: #f6e7a8; }
GameScreen.too-small #too-small { display: block; }
GameScreen.too-small #board, GameScreen.too-small #keys { display: none; }
/* the computer's move, highlighted for a moment (any key ends it) */
#flash { margin: 0 1; height: 1; padding: 0 1; }
#flash.on { background: #f6e7a8; color: #06301a; text-style: bold; }
.card.flash { border: tall #f0b000; }
#status { background: #06301a; color: #f6e7a8; padding: 0 1; height: 1; }
.opponent-row { height: 1; margin: 1 1 0 1; }
.opponent-row .who { width: auto; text-style: bold; margin-right: 2; }
.opponent-cards { width: auto; color: #8fb0ff; margin-right: 2; }
.opponent-took { width: 1fr; color: #f6e7a8; }
/* three players and partnerships: whose hand this is, the other table; the rows close up */
#seating, #other-table { margin: 0 1; height: auto; color: #f0f0e8; }
#seating { text-style: bold; }
#other-table { color: #c8d8c8; }
.opponent-row.close { margin: 0 1; }
#sitting-out { margin: 1 1 0 1; color: #c8d8c8; }
#table { height: 5; margin: 0 1; }
.pilebox { width: 13; height: 5; align-horizontal: center; background: #0c4a25; }
.pilebox .label { width: 13; text-align: center; height: 1; }
#log { width: 1fr; height: 5; border: round #3c7a50; padding: 0 1; color: #e0e8e0; background: #0c4a25; scrollbar-size-vertical: 1; }
#seen { margin: 0 1; color: #c8d8c8; }
#prompt { margin: 1 1 0 1; text-style: bold; color: #ffffff; height: auto; }
.hand { height: auto; margin: 0 1; }
.group { width: auto; height: auto; padding: 0; margin-right: 1; border: round #7fd17f; border-title-color: #c8f0c8; }
.group.loose { border: round #d8b060; border-title-color: #f0d8a0; }
.cards { width: auto; height: 5; background: #0c4a25; }
.card { width: 6; height: 4; margin-top: 1; border: tall #fbfbf6; background: #fbfbf6; color: #111111; text-style: bold; }
.card.selected { margin-top: 0; border: tall #f0b000; }
.card.taken { border: tall #80a0ff; }
.card.keyed { height: 5; }
.hand .cards { height: 6; }
.card.hearts, .card.diamonds { color: #c01818; }
.four-color .card.clubs { color: #0a7a1a; }
.four-color .card.diamonds { color: #1040d0; }
.card.back { background: #2848a0; color: #ffffff; border: tall #2848a0; content-align: center middle; }
.card.empty { background: #0c4a25; color: #88a890; border: dashed #88a890; content-align: center middle; }
#pile, #stock { margin-top: 0; }
#deadwood { margin: 0 1; color: #f6e7a8; }
#actions { height: 1; margin: 0 1; }
#actions Button { margin-right: 2; }
/* compact (under 80x24): cards two lines high (rank and suit, then the key), no frames */
GameScreen.compact .opponent-row { margin: 0 1; height: auto; }
GameScreen.compact .opponent-took { height: auto; }
GameScreen.compact #table { height: 4; margin: 0 1; }
GameScreen.compact #status { height: auto; }
GameScreen.compact .pilebox { height: 4; width: 12; }
GameScreen.compact .pilebox .label { width: 12; }
GameScreen.compact #log { height: 4; }
GameScreen.compact #prompt { margin: 0 1; }
GameScreen.compact .group { border: none; margin-right: 2; }
GameScreen.compact .cards { height: 2; }
GameScreen.compact .hand .card { width: 3; height: 2; margin: 0 1 0 0; border: none; padding: 0; }
GameScreen.compact .hand .card.selected { background: #f0b000; text-style: bold underline; }
GameScreen.compact .hand .card.taken { background: #cfdcff; }
GameScreen.compact #pile, GameScreen.compact #stock { height: 3; }
.dialog { width: 60; height: auto; max-height: 90%; border: thick #e0a000; background: #06301a; padding: 1 2; }
.dialog.wide { width: 100%; max-width: 110; }
.laid-down { width: 100%; height: auto; }
TextScreen, HelpScreen { align: center middle; }
/* a question about the hand and a hand's result sit in a region docked at the top of the
   table, the table showing through undimmed; the code keeps them above the hand */
ConfirmScreen, ShowScreen, SettlementScreen { align: center top; background: #000000 0%; }
ConfirmScreen .dialog { width: 100%; max-width: 100; padding: 0 1; }
.dialog.settlement { max-width: 100%; padding: 0 1; border: none; border-bottom: thick #e0a000; }
.dialog.settlement.over { max-height: 100%; border: thick #e0a000; }
.settlement .buttons { margin-top: 0; }
.settlement .buttons .title { width: 1fr; margin: 0; }
.settlement .result, .settlement .score { margin-top: 0; }
.dialog.show { width: 100%; max-width: 100; padding: 0 1; }
.dialog.show OptionList { height: auto; max-height: 12; margin-top: 1; }
.dialog.show .keys-hint { color: #c8d8c8; width: 1fr; }
.dialog.show .buttons { margin-top: 0; }
.title { text-style: bold; color: #f6e7a8; margin-bottom: 1; }
.page { height: auto; max-height: 30; }
.buttons { height: auto; margin-top: 1; }
.buttons Button { width: auto; min-width: 10; margin-right: 2; }
.result, .score { margin-top: 1; }
#setup { padding: 1 2; }
.field { height: 1; margin-bottom: 1; }
.field Label { width: 22; }
.field Select, .field Input { width: 40; }
.hint { color: #c8d8c8; margin-top: 1; width: 1fr; }
.checks { height: 1; margin-bottom: 1; }
.checks Checkbox { width: 36; }
#setup-error { color: #ff8080; }
"""


class GinRummyApp(App[None]):
    CSS = STYLE
    TITLE = "Gin Rummy"

    def __init__(
        self,
        *,
        store: MatchStore,
        rules: Rules,
        settings: Settings,
        session: GameSession | None = None,
        seed: int | None = None,
        show_setup: bool = True,
    ) -> None:
        super().__init__()
        self.store = store
        self.rules = rules
        self.settings = settings
        self.seed = seed
        self.first_session = session
        self.show_setup = show_setup

    def on_mount(self) -> None:
        self.push_screen(SetupScreen())
        if self.first_session is not None:
            self.start(self.first_session)
        elif not self.show_setup:
            try:
                session = GameSession.new(self.rules, self.settings, store=self.store,
                                          seed=self.seed)
            except StoreError as error:  # a full disk, say: one line, not a traceback
                self.exit(return_code=2, message=Text(str(error)))  # no markup in the reason
                return
            self.start(session)

    def start(self, session: GameSession) -> None:
        """Play ``session`` on a fresh table; its settings (language, colours) take over."""
        self.settings = session.settings
        self.set_class(session.settings.four_color, "four-color")
        self.push_screen(GameScreen(session))
