"""The bot protocol ``ginrummy-bot/1``: JSON lines between a host (the referee) and a bot.

``messages`` holds the message types and their encoding, ``wire_view`` turns the JSON view back
into a :class:`~ginrummy.core.views.PlayerView`, ``client`` runs an external program as a player
(the ``cmd:`` players), ``server`` runs one of our players as a protocol process
(``ginrummy bot PLAYER``). The specification is docs/protocol.md.
"""
