"""The terminal game: a full-screen Textual app, and a plain line mode for screen readers and scripts.

Both drive the same :class:`~ginrummy.tui.session.GameSession`, which owns the match (two
players, three players or a partnership), asks the computers in the other seats for their moves
and saves the record to the store after every action; :mod:`~ginrummy.tui.narrator` tells both
what happened at the table.
"""
