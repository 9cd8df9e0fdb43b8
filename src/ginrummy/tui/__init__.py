"""The terminal game: a full-screen Textual app, and a plain line mode for screen readers and scripts.

Both drive the same :class:`~ginrummy.tui.session.GameSession`, which owns the match, asks the
computer for its moves and saves the record to the store after every action.
"""
