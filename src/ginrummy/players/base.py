"""The player interface: a view in, a legal action out. Players never see the state."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ginrummy.core.actions import Action
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.match import Match
from ginrummy.core.views import PlayerView


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action from a view. ``observe`` hears about hands it saw end."""

    name: str

    def choose(self, view: PlayerView) -> Action: ...

    def observe(self, view: PlayerView) -> None: ...


class BasePlayer:
    """Shared plumbing: a name and a seedable random source."""

    name = "player"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def observe(self, view: PlayerView) -> None:
        """Called with the final view of each hand (both hands shown). Default: ignore."""


class RandomPlayer(BasePlayer):
    """Uniformly random legal actions: a baseline and a fuzzing driver."""

    name = "random"

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal_actions)


def play_match(match: Match, players: tuple[Player, Player]) -> Match:
    """Play ``match`` to the end, asking each player for its decisions through its view."""
    while True:
        state = match.state
        if state.is_over:
            for seat in (0, 1):
                players[seat].observe(match.view(seat))
            if match.is_over:
                return match
            match.next_hand()
            continue
        seat = state.to_play
        action = players[seat].choose(match.view(seat))
        if not state.can(action):
            raise IllegalActionError(f"{players[seat].name} chose an illegal action: {action}")
        match.apply(action)
