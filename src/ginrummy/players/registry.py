"""Players by name, as the CLI, the tournament and the interfaces ask for them."""

from __future__ import annotations

from collections.abc import Callable

from ginrummy.core.errors import GinRummyError
from ginrummy.players.base import Player, RandomPlayer
from ginrummy.players.beginner import BeginnerPlayer
from ginrummy.players.expert import STRONG, ExpertPlayer, tuning_from_text
from ginrummy.players.marjj import MarjjStylePlayer
from ginrummy.players.montecarlo import DEFAULT_SAMPLES, MonteCarloPlayer
from ginrummy.players.standard import StandardPlayer
from ginrummy.players.styles import GinCamperPlayer

PlayerFactory = Callable[[int | None], Player]

_FACTORIES: dict[str, PlayerFactory] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "beginner": lambda seed: BeginnerPlayer(seed=seed),
    "standard": lambda seed: StandardPlayer(seed=seed),
    "gin-camper": lambda seed: GinCamperPlayer(seed=seed),
    "expert": lambda seed: ExpertPlayer(seed=seed),
    "marjj-style": lambda seed: MarjjStylePlayer(seed=seed),
    "montecarlo": lambda seed: MonteCarloPlayer(seed=seed),
    # The anchors need the optional ``bench`` extra, so they are imported only when asked for.
    "openspiel-simple": lambda seed: _anchor("OpenSpielSimplePlayer", seed),
    "rlcard-novice": lambda seed: _anchor("RLCardNovicePlayer", seed),
    # The learned policy needs NumPy (the ``rl`` extra), so it too is imported when asked for.
    "learned": lambda seed: _learned(seed),
}


def _learned(seed: int | None) -> Player:
    from ginrummy.players.learned import LearnedPlayer

    return LearnedPlayer(seed=seed)


def _anchor(class_name: str, seed: int | None) -> Player:
    from ginrummy.players import anchors

    factory: Callable[..., Player] = getattr(anchors, class_name)
    return factory(seed=seed)


def register(name: str, factory: PlayerFactory) -> None:
    _FACTORIES[name] = factory


def player_names() -> list[str]:
    return list(_FACTORIES)


def make_player(name: str, *, seed: int | None = None) -> Player:
    """The player called ``name`` (see :func:`player_names`), seeded if asked.

    ``cmd:COMMAND LINE`` runs an external program speaking the bot protocol;
    ``montecarlo:N`` is the Monte Carlo player with ``N`` sampled worlds a choice;
    ``expert:strong`` is the expert thinking longer (for the coach and tournaments);
    ``expert:KNOB=VALUE,...`` the expert with those :class:`~ginrummy.players.expert.Tuning`
    values (an earlier version, for self-play checks).
    """
    if name.startswith("cmd:"):
        from ginrummy.protocol.client import ExternalBot

        return ExternalBot(name[4:], seed=seed)
    key = name.strip().lower()
    if key.startswith("montecarlo:"):
        return MonteCarloPlayer(samples=_samples(key.partition(":")[2]), seed=seed)
    if key == "expert:strong":
        return ExpertPlayer(seed=seed, **STRONG)
    if key.startswith("expert:"):
        tuning = tuning_from_text(key.partition(":")[2])
        player = ExpertPlayer(seed=seed, **tuning)
        player.name = "expert:" + ",".join(f"{knob}={value:g}" for knob, value in tuning.items())
        return player
    if key not in _FACTORIES:
        raise GinRummyError(f"unknown player {name!r}; choose one of {', '.join(_FACTORIES)}")
    return _FACTORIES[key](seed)


MAX_SAMPLES = 100_000


def _samples(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= MAX_SAMPLES):
        raise GinRummyError(
            f"montecarlo:N needs a whole number of samples from 1 to {MAX_SAMPLES:,}, "
            f"not {text!r} (montecarlo alone takes {DEFAULT_SAMPLES})"
        )
    return int(text)
