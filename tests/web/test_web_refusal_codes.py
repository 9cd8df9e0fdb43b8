"""A refused move reaches the page with its code, params (cards as ``KS``) and the catalogue
template beside the English message, and the web catalogue says every refusal in nb and sv.

Seat 0 (Ann) is dealt ``KNOCKER`` (see web_fixtures), both pass the upcard 3H, Ann draws KH
and knocks naming melds that do not fit."""

from __future__ import annotations

import string

import pytest
from web_fixtures import (
    DEFENDER,
    KNOCKER,
    client,
    create,
    join,
    sqlite_url,
    stack_first_hand,
    stacked_deck,
)

from ginrummy.core.refusals import REFUSALS
from ginrummy.web.i18n import web_catalogue

__all__ = ["sqlite_url"]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["nb", "sv"])
def test_web_catalogue_says_every_refusal(lang: str) -> None:
    catalogue = web_catalogue(lang)
    for code, template in REFUSALS.items():
        assert template in catalogue, code
        assert catalogue[template] != template and fields(catalogue[template]) == fields(template)


def test_web_refusals_carry_code_params_and_template(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ids = create(test_client)
        game = test_client.app.state.hub.games[ids["game"]]  # type: ignore[attr-defined]
        stack_first_hand(game, stacked_deck(KNOCKER, DEFENDER, "3H", "KH"))
        sockets = {0: join(test_client, ids["game"], ids["seat"])}
        sockets[0].receive_json()
        sockets[1] = join(test_client, ids["game"], ids["invite"])
        sockets[0].receive_json()
        version = sockets[1].receive_json()["version"]

        def send(seat: int, action: str) -> dict:  # type: ignore[type-arg]
            sockets[seat].send_json({"type": "action", "action": action, "version": version})
            return sockets[seat].receive_json()  # type: ignore[no-any-return]

        refused = send(0, "draw stock")
        assert refused == {
            "type": "error",
            "message": "on the first turn the non-dealer must first take or pass the upcard "
                       "(RULES §4.1)",
            "code": "upcard_non_dealer", "params": {"rule": "§4.1"},
            "template": REFUSALS["upcard_non_dealer"]}
        refused = send(0, "fly away")
        assert refused["code"] == "not_an_action" and refused["params"] == {"text": "fly away"}
        assert refused["message"].startswith("not an action: 'fly away' (expected take")
        for seat, action in ((0, "pass"), (1, "pass"), (0, "draw stock")):
            version = send(seat, action)["version"]  # a state to each seat: the same version
            sockets[1 - seat].receive_json()
        refused = send(0, "knock KH show 2C 2D 2S | 2S 3S 4S")
        assert refused["code"] == "shown_twice"
        assert refused["params"] == {"cards": ["2S"], "rule": "§2.2"}
        assert refused["message"] == "2S is shown in two melds (RULES §2.2)"
        refused = send(0, "discard 9D")
        assert refused["code"] == "not_held" and refused["params"] == {"card": "9D"}


def test_the_servers_own_errors_carry_a_code_too(sqlite_url: str) -> None:
    with client(sqlite_url) as test_client:
        ws = join(test_client, "no-such-game", "x")
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == "bad_link"
        assert set(reply) == {"type", "message", "code", "params", "template"}


def test_web_page_renders_refusals_from_their_template() -> None:
    from pathlib import Path
    script = (Path(__file__).resolve().parents[2] / "src" / "ginrummy" / "web" / "static"
              / "app.js").read_text(encoding="utf-8")
    assert "toast(refusalText(message))" in script
    assert "t(message.template, values)" in script
