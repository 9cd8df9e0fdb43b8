"""Shared driving code for the terminal-game tests: a small bot that plays by keys or clicks."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from ginrummy.core.actions import DRAW_STOCK, PASS, Action, Kind
from ginrummy.core.cards import BIT
from ginrummy.core.melds import min_deadwood
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.tui.dialogs import ConfirmScreen, SettlementScreen, ShowScreen
from ginrummy.tui.game import PICK_KEYS, GameScreen
from ginrummy.tui.session import GameSession
from ginrummy.tui.widgets import CardFace

T = TypeVar("T")
WAIT_TRIES, WAIT_PAUSE = 200, 0.05  # how long a click waits for its target to be built


def screen_text(app: App[None]) -> str:
    """The screen as plain text, the way a person sees it (what the snapshots store)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


async def settled_text(app: App[None], pilot: Pilot[None], *, rounds: int = 3) -> str:
    """The screen once it has stopped changing for ``rounds`` short pauses in a row.

    A redraw recomposes the board and scrolls the log on later refreshes; on a loaded machine
    one pause may come back before they have all run."""
    text, unchanged = screen_text(app), 0
    for _ in range(100):
        await pilot.pause(0.02)
        now = screen_text(app)
        unchanged = unchanged + 1 if now == text else 0
        text = now
        if unchanged >= rounds:
            break
    return text


def best_discard(screen: GameScreen) -> int:
    """The card whose discard leaves least deadwood (never the card just taken)."""
    return least_deadwood_discard(screen.session.view)


def least_deadwood_discard(view: PlayerView) -> int:
    cards = [a.card for a in view.legal_actions if a.kind is Kind.DISCARD and a.card is not None]
    return min(cards, key=lambda c: min_deadwood(view.hand_mask ^ BIT[c]))


async def play_by_keys(app: App[None], pilot: Pilot[None], *, limit: int = 2000) -> int:
    """Play until the app exits, pressing keys as a person would; returns the keys pressed."""
    presses = 0
    while app.is_running and presses < limit:
        presses += await press_next_keys(app, pilot, at_match_end="q")
    return presses


async def press_next_keys(app: App[None], pilot: Pilot[None], *, at_match_end: str) -> int:
    """Press what the current screen asks for; ``at_match_end``: q quits, enter starts anew."""
    screen = app.screen
    if isinstance(screen, SettlementScreen) and screen.session.match.is_over:
        keys = [at_match_end]
    elif isinstance(screen, SettlementScreen | ConfirmScreen | ShowScreen):
        keys = ["enter"]
    elif isinstance(screen, GameScreen):
        key = choose_key(screen)
        keys = key if isinstance(key, list) else [key]
    else:
        raise AssertionError(f"unexpected screen {screen!r}")
    await pilot.press(*keys)
    return len(keys)


def choose_key(screen: GameScreen) -> str | list[str]:
    if screen.session.sits_out:
        return "enter"  # the computers' hand is over: see its result
    view = screen.session.view
    kinds = {a.kind for a in view.legal_actions}
    if view.phase in (Phase.UPCARD, Phase.LAST_CHANCE):
        return "x"
    if view.phase is Phase.DRAW:
        return "d"
    if Kind.GIN in kinds:
        return "g"
    if Kind.KNOCK in kinds:
        return "k"
    card = best_discard(screen)
    order = screen.display_order()
    index = order.index(card)
    if index < len(PICK_KEYS):
        return [PICK_KEYS[index], "enter"]
    # the eleventh card: step right from the tenth, as arrow-key players do
    return [PICK_KEYS[-1], "right", "enter"]


async def play_by_mouse(app: App[None], pilot: Pilot[None], *, limit: int = 2000) -> int:
    """Play until the app exits using only clicks (cards, stock, pile, buttons)."""
    clicks = 0
    while app.is_running and clicks < limit:
        screen = app.screen
        if isinstance(screen, SettlementScreen):
            target = "#quit" if screen.session.match.is_over else "#again"
            targets: list[str | int] = [target]
        elif isinstance(screen, ConfirmScreen | ShowScreen):
            targets = ["#yes"]
        elif isinstance(screen, GameScreen):
            targets = choose_clicks(screen)
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
        for target in targets:
            if isinstance(target, int):  # a card: find its face now (the hand is redrawn)
                await pilot.click(await card_face(app, pilot, target), offset=(2, 1))
            else:
                await wait_for(app, pilot, target)
                # (the return value is unreliable here: a click redraws the board it hit)
                await pilot.click(target, offset=(1, 0))
            clicks += 1
    return clicks


async def wait_for(app: App[None], pilot: Pilot[None], target: str) -> None:
    """Pause until ``target`` is on the screen: a screen just pushed (the end of a hand) may
    not have built its buttons yet, under load most of all."""
    await _until(app, pilot, lambda: app.screen.query(target) or None, target)


async def card_face(app: App[None], pilot: Pilot[None], card: int) -> CardFace:
    """The face of ``card`` in the hand, once drawn: a move redraws the hand, and under load
    the new faces may not be there yet."""
    def face() -> CardFace | None:
        faces = app.screen.query("#hand CardFace").results(CardFace)
        return next((face for face in faces if face.card == card), None)

    return await _until(app, pilot, face, f"card {card} in the hand")


async def _until(app: App[None], pilot: Pilot[None], find: Callable[[], T | None],
                 what: str) -> T:
    """What ``find`` returns once it is not None, pausing between tries; fails after
    ``WAIT_TRIES`` pauses."""
    for _ in range(WAIT_TRIES):
        found = find()
        if found is not None:
            return found
        await pilot.pause(WAIT_PAUSE)
    raise AssertionError(f"{what} never appeared on {app.screen!r}")


def choose_clicks(screen: GameScreen) -> list[str | int]:
    if screen.session.sits_out:
        return ["#do-result"]
    view = screen.session.view
    kinds = {a.kind for a in view.legal_actions}
    if view.phase in (Phase.UPCARD, Phase.LAST_CHANCE):
        return ["#do-pass"]
    if view.phase is Phase.DRAW:
        return ["#stock"]
    if Kind.GIN in kinds:
        return ["#do-gin"]
    if Kind.KNOCK in kinds:
        return ["#do-knock"]
    card = best_discard(screen)
    return [card, card]  # the first click picks it, the second throws it


def simple_action(view: PlayerView) -> Action:
    """The same simple policy as the key and click drivers, as an action."""
    if view.phase in (Phase.UPCARD, Phase.LAST_CHANCE):
        return PASS
    if view.phase is Phase.DRAW:
        return DRAW_STOCK
    for kind in (Kind.GIN, Kind.KNOCK):
        endings = [a for a in view.legal_actions if a.kind is kind]
        if endings:
            return endings[0]
    return Action.discard(least_deadwood_discard(view))


def play_session(session: GameSession, *, whole_match: bool) -> None:
    """Play the person's side directly (no screen) to the deal's end or the match's end."""
    while True:
        list(session.computer_moves())
        if session.match.deal_over:
            if not whole_match or session.match.is_over:
                return
            session.next_deal()
            continue
        session.play(simple_action(session.view))
