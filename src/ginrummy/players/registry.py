"""Players by name, as the CLI, the tournament and the interfaces ask for them."""

from __future__ import annotations

from collections.abc import Callable

from ginrummy.core.errors import GinRummyError
from ginrummy.players.base import Player, RandomPlayer

PlayerFactory = Callable[[int | None], Player]

_FACTORIES: dict[str, PlayerFactory] = {
    "random": lambda seed: RandomPlayer(seed=seed),
}


def register(name: str, factory: PlayerFactory) -> None:
    _FACTORIES[name] = factory


def player_names() -> list[str]:
    return list(_FACTORIES)


def make_player(name: str, *, seed: int | None = None) -> Player:
    """The player called ``name`` (see :func:`player_names`), seeded if asked.

    ``cmd:COMMAND LINE`` runs an external program speaking the bot protocol.
    """
    if name.startswith("cmd:"):
        from ginrummy.protocol.client import ExternalBot

        return ExternalBot(name[4:], seed=seed)
    key = name.strip().lower()
    if key not in _FACTORIES:
        raise GinRummyError(f"unknown player {name!r}; choose one of {', '.join(_FACTORIES)}")
    return _FACTORIES[key](seed)
