"""A computer player that joins a match under way (a browser game's fresh player per decision, a
resumed terminal match) is first shown every hand already played, as it ended, so what it learns
about the opponent's style survives restarts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players.base import RandomPlayer, play_match
from ginrummy.store import open_store
from ginrummy.tui import session as tui_session
from ginrummy.web import games as web_games
from ginrummy.web.games import GameHub, Seat


class Recorder(RandomPlayer):
    """A random player that remembers every hand result it was shown."""

    seen: list[tuple[int, Any]]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.seen = []

    def observe(self, view: PlayerView) -> None:
        self.seen.append((view.player, view.result))


def recorders(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[Recorder]:
    """Make ``module`` build a :class:`Recorder` for every computer player; the list of them."""
    made: list[Recorder] = []

    def recorder(name: str, seed: int | None = None) -> Recorder:
        made.append(Recorder(seed))
        return made[-1]

    monkeypatch.setattr(module, "make_player", recorder)
    return made


def played_hands(hands: int, seed: int = 4) -> Match:
    """A classic match stopped just after ``hands`` finished hands."""
    match = Match.new(rules_for("classic", target=10_000), seed=seed)
    players = (RandomPlayer(seed=1), RandomPlayer(seed=2))
    while len(match.hands) < hands:
        state = match.state
        if state.is_over:
            match.next_hand()
            continue
        seat = state.to_play
        match.apply(players[seat].choose(match.view(seat)))
    return match


def test_finished_views_show_each_hand_as_it_ended_to_that_player() -> None:
    match = played_hands(3)
    for seat in (0, 1):
        views = match.finished_views(seat)
        assert [v.result for v in views] == [h.result for h in match.hands]
        for view, hand in zip(views, match.hands, strict=True):
            assert view.player == seat and not view.legal_actions
            assert len(view.history) == len(hand.moves)
    whole = play_match(Match.new(rules_for("classic", target=30), seed=9),
                       (RandomPlayer(seed=3), RandomPlayer(seed=4)))
    assert [v.result for v in whole.finished_views(1)] == [h.result for h in whole.hands]


def test_a_browser_computer_seat_is_shown_the_hands_played_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = recorders(monkeypatch, web_games)
    hub = GameHub(open_store(f"sqlite:///{tmp_path}/web.sqlite3"))
    game, _ = hub.create(rules_for("classic", target=10_000), (Seat("Ann"), Seat("Bot", "random")))
    person = RandomPlayer(seed=5)

    def act() -> None:
        match = game.match
        if match.hand_over:
            hub.commit(game, game.deal(0, game.version))
        else:
            hub.commit(game, game.play(0, str(person.choose(match.view(0))), game.version))

    while len(game.match.hands) < 3:
        act()
    made.clear()
    while not made:  # until the computer acts in hand four
        act()
    finished = game.match.hands[:3]
    assert all(bot.seen == [(1, h.result) for h in finished] for bot in made)
    hub.store.close()


def test_a_resumed_terminal_match_shows_the_computer_the_hands_played(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made = recorders(monkeypatch, tui_session)
    match = played_hands(2)
    store = open_store(f"sqlite:///{tmp_path}/tui.sqlite3")
    session = tui_session.GameSession(match, tui_session.Settings(opponent="random"),
                                      store=store, match_id="m1")
    assert session.opponent is made[-1]
    assert made[-1].seen == [(tui_session.COMPUTER, h.result) for h in match.hands]
    store.close()
