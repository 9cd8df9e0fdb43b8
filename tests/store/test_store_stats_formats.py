"""Statistics read any match record: a seat's own hands and its side's win (RULES §9.7, §9.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginrummy.core.record import read_record
from ginrummy.store import StoredMatch
from ginrummy.store.stats import match_tally

RECORDS = Path(__file__).parent.parent / "data" / "records"


@pytest.mark.parametrize("name", ["three_player_v1.txt", "partnership_v1.txt"])
def test_match_tally_counts_the_hands_each_seat_played_by_seat(name: str) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    match = read_record(text)
    stored = StoredMatch("m", "web", match.names, True, match.winner, text)
    for seat in range(len(match.names)):
        played = [h for h in match.hands if seat in h.seats]
        tally = match_tally(stored, seat)
        assert tally.hands == len(played)
        assert tally.hands_won == sum(1 for h in played if h.winner_seat == seat)
        assert tally.points == sum(h.result.points for h in played if h.winner_seat == seat)
        assert tally.matches_won == int(match.side_of(seat) == match.winner)
