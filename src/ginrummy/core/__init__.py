"""The pure core: cards, melds, rules, actions, hand state, views, settlement, match, record.

Every match format (two players, three players, partnerships) answers :class:`MatchFormat`;
:meth:`Match.new` deals the one its rules ask for, and one record format
(:func:`write_record`, :func:`read_record`) holds them all.

Standard library only, no I/O, randomness injected. Everything else imports this; it imports
nothing outside itself.
"""

from ginrummy.core.actions import Action, Kind, parse_action
from ginrummy.core.cards import (
    Card,
    Mask,
    format_card,
    format_cards,
    from_mask,
    parse_card,
    parse_cards,
    pretty_card,
    pretty_cards,
    to_mask,
)
from ginrummy.core.errors import (
    CardError,
    GinRummyError,
    IllegalActionError,
    RecordError,
    RulesError,
)
from ginrummy.core.match import Match, MatchFormat, PlayedHand, ScoreEntry, Seat, Table
from ginrummy.core.melds import (
    Arrangement,
    Layoff,
    arrangements,
    best_arrangement,
    best_discard,
    best_discard_of,
    best_discards,
    layoffs,
    min_deadwood,
    min_deadwood_after_discard,
    min_deadwood_of,
)
from ginrummy.core.multiplayer import AnyMatch, PartnershipMatch, ThreePlayerMatch
from ginrummy.core.position import read_position, write_position
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import PRESETS, Rules, parse_rules, rules_for
from ginrummy.core.settlement import Settlement, settle
from ginrummy.core.state import HandResult, HandState, Move, Phase
from ginrummy.core.views import MatchInfo, PlayerView, view_of

__all__ = [
    "AnyMatch", "MatchFormat", "PartnershipMatch", "PlayedHand", "ScoreEntry", "Seat", "Table",
    "ThreePlayerMatch",
    "Action", "Arrangement", "arrangements", "best_arrangement", "best_discard", "best_discard_of",
    "best_discards",
    "Card",
    "CardError", "format_card", "format_cards", "from_mask", "GinRummyError", "HandResult",
    "HandState", "IllegalActionError", "Kind", "Layoff", "layoffs", "Mask", "Match", "MatchInfo",
    "min_deadwood", "min_deadwood_after_discard", "min_deadwood_of", "Move", "parse_action",
    "parse_card",
    "parse_cards", "parse_rules", "Phase", "PlayerView", "PRESETS", "pretty_card", "pretty_cards",
    "read_position", "read_record", "RecordError", "Rules", "rules_for", "RulesError", "settle",
    "Settlement", "to_mask", "view_of", "write_position", "write_record",
]
