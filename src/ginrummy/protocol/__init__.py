"""The bot protocol ``ginrummy-bot/1``: JSON lines between a host (the referee) and a bot.

``messages`` holds the message types and their encoding, ``wire_view`` the view as the wire
carries it and its reading back into a :class:`~ginrummy.core.views.PlayerView`, ``arrange`` the
optional capabilities ``show`` (a knocker names its melds) and ``layoffs`` (a defender answers
with its own), ``client`` runs an external program as a player (the ``cmd:`` players),
``server`` runs one of our players as a protocol process (``ginrummy bot PLAYER``). The
specification is docs/protocol.md.
"""
