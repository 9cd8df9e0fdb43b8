"""Computer players. Each receives only a :class:`~ginrummy.core.views.PlayerView`."""

from ginrummy.players.base import Player, play_match
from ginrummy.players.registry import make_player, player_names

__all__ = ["Player", "make_player", "play_match", "player_names"]
