"""The record of three-player and partnership matches: the one match record of every format.

Three-player (RULES §9.7) and partnership (§9.8) records are the match record of
:mod:`ginrummy.core.record`, whose grammar covers every format: each hand line names the two
seats at its table and the dealing seat, and a partnership groups its hands under ``Deal N``
lines. The names here are kept for callers written before the formats shared one record:
:func:`write_match_record` and :func:`read_match_record` are :func:`write_record` and
:func:`read_record`; :func:`read_multi_record` also insists that the record seats more than two.

>>> from ginrummy.core.actions import parse_action
>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.multiplayer import ThreePlayerMatch
>>> match = ThreePlayerMatch.new(rules_for("three-player"), seed=3)
>>> match.apply(parse_action("pass"), seat=1).player
0
>>> text = write_multi_record(match)
>>> text.splitlines()[9]
'Hand 1, P1 v P2, dealer P2'
>>> write_multi_record(read_multi_record(text)) == text
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ginrummy.core.errors import RecordError
from ginrummy.core.match import Match
from ginrummy.core.multiplayer import AnyMatch, MultiMatch
from ginrummy.core.record import FORMAT_VERSION, read_record, write_record

__all__ = ["AnyMatch", "FORMAT_VERSION", "MultiMatch", "read_match_record", "read_multi_record",
           "write_match_record", "write_multi_record"]

write_match_record = write_record
read_match_record = read_record


def write_multi_record(match: MultiMatch, *, extra_tags: dict[str, str] | None = None) -> str:
    """The record of a three-player or partnership match (:func:`write_record`)."""
    return write_record(match, extra_tags=extra_tags)


def read_multi_record(text: str | Iterable[str]) -> MultiMatch:
    """Rebuild a three-player or partnership match by replaying its record
    (:func:`read_record`); a two-player record is refused."""
    match = read_record(text)
    if isinstance(match, Match):
        raise RecordError(f"the {match.rules.name} rules are for 2 players: a two-player "
                          "record is read with read_record")
    return match
