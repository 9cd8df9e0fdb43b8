"""The full-screen replay: a saved match move by move, forward and back, or to a hand."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from ginrummy.i18n import Translator
from ginrummy.tui.replay_steps import Replay

REPLAY_CSS = """
ReplayScreen #replay-step { padding: 1 2; height: auto; }
ReplayScreen #replay-keys { dock: bottom; width: 100%; height: auto; background: #06301a;
                            color: #c8d8c8; padding: 0 1; }
ReplayScreen #replay-jump { dock: bottom; display: none; }
ReplayScreen #replay-jump.asking { display: block; }
"""


class ReplayScreen(Screen[None]):
    """One step per move; ``→``/``n``/space forward, ``←``/``b`` back, ``PgDn``/``PgUp`` the
    next or previous hand, ``1``-``9`` or ``h`` and a number to a hand, ``Esc``/``q`` leaves."""

    DEFAULT_CSS = REPLAY_CSS
    BINDINGS = [Binding("right,n,space", "step(1)", show=False),
                Binding("left,b", "step(-1)", show=False),
                Binding("pagedown,right_square_bracket", "hand(1)", show=False),
                Binding("pageup,left_square_bracket", "hand(-1)", show=False),
                Binding("home", "to(0)", show=False),
                Binding("end", "to(-1)", show=False),
                Binding("h", "ask_hand", show=False),
                *[Binding(str(n), f"jump({n})", show=False) for n in range(1, 10)],
                Binding("escape,q", "leave", show=False)]

    def __init__(self, replay: Replay, title: str, _: Translator, *,
                 quits_app: bool = False) -> None:
        super().__init__()
        self.quits_app = quits_app  # the replay is all there is (play --replay ID)
        self.replay = replay
        self.title_text = title
        self._ = _
        self.position = 0

    def compose(self) -> ComposeResult:
        _ = self._
        yield Label(self.title_text, classes="title")
        with VerticalScroll():
            yield Static("", id="replay-step", markup=False)
        yield Input(placeholder=_("Hand number, then Enter"), id="replay-jump", type="integer",
                    compact=True)
        yield Label(_("→ n: next move · ← b: back · PgDn PgUp: next or previous hand · "
                      "1-9 or h: go to a hand · Esc: leave"), id="replay-keys")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        replay, _ = self.replay, self._
        if not replay.steps:
            text = "\n".join(line for line in (_("No hand has been finished yet."),
                                               replay.unfinished_note) if line)
        else:
            step = replay.steps[self.position]
            lines = list(step.lines)
            if self.position == len(replay.steps) - 1:
                lines += ["", _("The end of the replay.")]
                if replay.unfinished_note:
                    lines.append(replay.unfinished_note)
            text = "\n".join(lines)
        self.query_one("#replay-step", Static).update(text)

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_to(self, position: int) -> None:
        self.go(position % max(1, len(self.replay.steps)))

    def action_hand(self, delta: int) -> None:
        steps = self.replay.steps
        if steps:
            self.action_jump(steps[self.position].hand + delta)

    def action_jump(self, hand: int) -> None:
        try:
            self.go(self.replay.first_of(hand))
        except ValueError:
            self.notify(self._("There is no hand {n}.").format(n=hand), severity="warning")

    def action_ask_hand(self) -> None:
        asking = self.query_one("#replay-jump", Input)
        asking.add_class("asking")
        asking.value = ""
        asking.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.remove_class("asking")
        self.set_focus(None)
        if event.value.strip().isdigit():
            self.action_jump(int(event.value))

    def go(self, position: int) -> None:
        self.position = max(0, min(position, len(self.replay.steps) - 1))
        self.show()

    def action_leave(self) -> None:
        asking = self.query_one("#replay-jump", Input)
        if asking.has_class("asking"):  # Esc first closes the question
            asking.remove_class("asking")
            self.set_focus(None)
            return
        if self.quits_app:
            self.app.exit()
        else:
            self.dismiss(None)


class ReplayApp(App[None]):
    """``ginrummy play --replay ID`` in full screen: the replay alone, leaving quits."""

    def __init__(self, replay: Replay, title: str, _: Translator) -> None:
        from ginrummy.tui.app import STYLE

        self.CSS = STYLE  # the game's colours (imported here: the app imports this module)
        super().__init__()
        self.replay_screen = ReplayScreen(replay, title, _, quits_app=True)

    def on_mount(self) -> None:
        self.push_screen(self.replay_screen)
