"""The tutorial full screen: :mod:`ginrummy.tui.lesson`'s guided hand, the table above and the
step's text below, moved on by the game's own keys; Esc or q leaves it."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ginrummy.tui.lesson import Lesson


class TutorialScreen(Screen[bool]):
    """The lesson full screen: the table above, the step's text below. Dismisses with True
    when finished, False when skipped."""

    CSS = """
    TutorialScreen { background: #06301a; }
    TutorialScreen #lesson-table { padding: 1 2; height: auto; }
    TutorialScreen #lesson-text { padding: 1 2; border: thick #e0a000; height: auto; }
    TutorialScreen #lesson-keys { padding: 0 2; color: #c8d8c8; }
    """
    BINDINGS = [Binding("escape,q", "skip", show=False)]

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", id="lesson-table")
            yield Static("", id="lesson-text")
            yield Static(self.lesson.texts["keys"], id="lesson-keys")

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        lesson = self.lesson
        self.query_one("#lesson-table", Static).update(lesson.table())
        self.query_one("#lesson-text", Static).update(f"{lesson.counter()}\n\n{lesson.text()}")

    def on_key(self, event: object) -> None:
        key = getattr(event, "key", "")
        if self.lesson.press(key):
            if self.lesson.done:
                self.dismiss(True)
                return
            self.redraw()

    def action_skip(self) -> None:
        self.dismiss(False)


class TutorialApp(App[None]):
    """The lesson alone, as ``ginrummy play --tutorial`` opens it."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def on_mount(self) -> None:
        self.push_screen(TutorialScreen(self.lesson), lambda _finished: self.exit())
