"""Past matches, newest first: replay one move by move, resume or delete an unfinished one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Label, ListItem, ListView

from ginrummy.core.errors import GinRummyError
from ginrummy.i18n import translator
from ginrummy.store import StoredMatch
from ginrummy.tui import reports
from ginrummy.tui.dialogs import ConfirmScreen
from ginrummy.tui.replay_screen import ReplayScreen
from ginrummy.tui.replay_steps import replay_steps
from ginrummy.tui.session import GameSession

if TYPE_CHECKING:
    from ginrummy.tui.app import GinRummyApp


class HistoryScreen(Screen[None]):
    """Enter replays a finished match and resumes an unfinished one; r replays either, d
    deletes an unfinished one (after asking); Esc goes back."""

    DEFAULT_CSS = """
    HistoryScreen { padding: 0 1; }
    HistoryScreen #history-header { text-style: bold; color: #f6e7a8; }
    HistoryScreen ListView { height: auto; max-height: 1fr; background: #0c4a25; }
    HistoryScreen ListItem { background: #0c4a25; }
    HistoryScreen ListItem Label { width: 1fr; }  /* a narrow terminal wraps a row */
    HistoryScreen ListItem.-highlight { background: #f0b000; color: #000000; }
    """
    BINDINGS = [Binding("escape,q", "app.pop_screen", show=False),
                Binding("r", "replay", show=False),
                Binding("d,delete", "delete", show=False)]

    def __init__(self, rows: list[StoredMatch]) -> None:
        super().__init__()
        self.rows = rows

    @property
    def game(self) -> GinRummyApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        lang = self.game.settings.lang
        _ = translator(lang)
        yield Label(_("History"), classes="title")
        if not self.rows:
            yield Label(_("No matches played yet."), id="history-empty")
        header, *lines = reports.history_table(
            [reports.history_row(stored, lang) for stored in self.rows], lang)
        if self.rows:
            yield Label(header, id="history-header", markup=False)
        yield ListView(*[ListItem(Label(line, markup=False), name=stored.id)
                         for stored, line in zip(self.rows, lines, strict=True)], id="history")
        yield Label(_("Enter: replay a finished match or resume an unfinished one · r: replay "
                      "· d: delete an unfinished match · Esc: back"), classes="hint")

    def on_mount(self) -> None:
        self.query_one(ListView).focus()

    def chosen(self) -> StoredMatch | None:
        item = self.query_one(ListView).highlighted_child
        return next((s for s in self.rows if item is not None and s.id == item.name), None)

    def on_list_view_selected(self, event: ListView.Selected) -> None:
        stored = self.chosen()
        if stored is None:
            return
        if stored.finished:
            self.action_replay()
            return
        game = self.game
        try:
            session = GameSession.resume(game.store, stored.id, lang=game.settings.lang)
        except GinRummyError as error:  # a damaged record: say so, keep the list
            self.notify(str(error), severity="error", markup=False)
            return
        self.app.pop_screen()
        game.start(session)

    def action_replay(self) -> None:
        stored = self.chosen()
        if stored is None:
            return
        lang = self.game.settings.lang
        _ = translator(lang)
        try:
            replay = replay_steps(stored.record, _)
        except GinRummyError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        title = _("Replay of match {id}").format(id=stored.id)
        self.app.push_screen(ReplayScreen(replay, title, _))

    def action_delete(self) -> None:
        stored = self.chosen()
        _ = translator(self.game.settings.lang)
        if stored is None:
            return
        if stored.finished:
            self.notify(_("Only unfinished matches can be deleted."), severity="warning")
            return
        row = reports.history_row(stored, self.game.settings.lang)
        question = _("Delete the unfinished match against {opponent} of {when} ({score}, "
                     "{hands})?").format(opponent=row.opponent, when=row.when,
                                         score=row.score, hands=row.hands)

        def answered(yes: bool | None) -> None:
            if yes:
                self.delete(stored)

        self.app.push_screen(ConfirmScreen(question, _), answered)

    def delete(self, stored: StoredMatch) -> None:
        try:
            reports.delete_unfinished(self.game.store, stored.id)
        except GinRummyError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.rows = [row for row in self.rows if row.id != stored.id]
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: self.query_one(ListView).focus())
