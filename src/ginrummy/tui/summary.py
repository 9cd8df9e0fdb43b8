"""What the history shows of a saved match without replaying it: the rules, the score, the
hands finished and whether the person has made a move yet.

A session stores the summary in the match's metadata at every save; a match saved before
summaries existed is summarised from its record when listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import MatchFormat
from ginrummy.core.record import read_record
from ginrummy.store import StoredMatch

PERSON = 0  # the person's seat in every terminal match


@dataclass(frozen=True, slots=True)
class MatchSummary:
    rules: str
    scores: tuple[int, ...]  # by side, the person's side first
    hands: int  # finished hands
    your_moves: int  # the person's moves in the whole match, 0 for a match never started

    def to_meta(self) -> dict[str, Any]:
        return {"rules": self.rules, "scores": list(self.scores), "hands": self.hands,
                "your_moves": self.your_moves}

    @classmethod
    def from_meta(cls, meta: Any) -> MatchSummary | None:
        """The summary saved in ``meta``, or None when it is missing or not one of ours."""
        try:
            scores = tuple(int(s) for s in meta["scores"])
            return cls(str(meta["rules"]), scores, int(meta["hands"]), int(meta["your_moves"]))
        except (KeyError, TypeError, ValueError):
            return None


def summarise(match: MatchFormat) -> MatchSummary:
    moves = 0
    for hand in match.hands:
        if PERSON in hand.seats:
            player = hand.seats.index(PERSON)
            moves += sum(1 for move in hand.moves if move.player == player)
    for table in match.tables():
        if PERSON in table.seats and not table.state.is_over:
            player = table.seats.index(PERSON)
            moves += sum(1 for move in table.state.history if move.player == player)
    return MatchSummary(match.rules.name, tuple(match.scores), len(match.hands), moves)


def summary_of(stored: StoredMatch) -> MatchSummary | None:
    """The saved summary, else one read from the record; None when the record is damaged."""
    saved = MatchSummary.from_meta(stored.meta.get("summary"))
    if saved is not None:
        return saved
    try:
        return summarise(read_record(stored.record))
    except GinRummyError:
        return None
