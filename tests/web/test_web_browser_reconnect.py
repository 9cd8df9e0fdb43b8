"""End to end in headless Chromium: a move made as the connection drops is not lost. The page's
socket to the server runs through Playwright's WebSocket routing, which loses the player's first
move and closes the connection; the page reconnects, rejoins and sends the move again."""

from __future__ import annotations

from playwright.sync_api import Browser, WebSocketRoute
from test_web_browser import browser, open_lobby, server, version

__all__ = ["browser", "server"]


def test_a_move_sent_as_the_connection_drops_is_made_once_after_the_page_rejoins(
        browser: Browser, server: str) -> None:
    page, errors = open_lobby(browser, server)
    sent: list[str] = []  # every message the page sent, as the server would have seen it
    lost: list[str] = []

    def route(socket: WebSocketRoute) -> None:
        to_server = socket.connect_to_server()

        def from_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            if '"type": "action"' in text.replace('":"', '": "') and not lost:
                lost.append(text)  # the connection drops before the server reads the move
                socket.close(code=1011, reason="lost")
                return
            sent.append(text)
            to_server.send(text)

        socket.on_message(from_page)

    page.route_web_socket("**/ws", route)
    page.select_option("#opponent", "random")
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-version]")
    page.wait_for_selector("#stock.playable, [data-action=pass]")
    before = version(page)
    page.click("[data-action=pass]" if page.locator("[data-action=pass]").count() else "#stock")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    assert len(lost) == 1
    resent = [text for text in sent if text == lost[0]]
    assert len(resent) == 1, sent  # made once, after the page joined again
    joins = [text for text in sent if '"join"' in text.replace('":"', '": "')]
    assert len(joins) == 2 and sent.index(joins[1]) < sent.index(resent[0])
    assert "offline" not in (page.get_attribute("body", "class") or "")
    assert not errors
