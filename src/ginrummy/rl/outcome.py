"""What the environments put in ``infos["outcome"]`` when a hand ends, and the match score.

Both seats get the same facts; ``winner`` and ``knocker`` name agents (``"player_0"``), or are
None for a dead hand. ``deadwood`` is what each hand counted at the end: the knocker's as shown,
the defender's after its layoffs; in a dead hand each hand's least deadwood.
"""

from __future__ import annotations

from typing import Any

from ginrummy.core.match import Match
from ginrummy.core.melds import min_deadwood
from ginrummy.core.state import HandResult


def hand_outcome(result: HandResult, agents: tuple[str, str]) -> dict[str, Any]:
    """The finished hand as plain values (JSON-ready)."""
    settlement = result.settlement
    if settlement is None or result.knocker is None:
        deadwood = [min_deadwood(mask) for mask in result.hands]
    else:
        knocker = result.knocker
        deadwood = [0, 0]
        deadwood[knocker] = settlement.knocker_deadwood
        deadwood[1 - knocker] = settlement.defender_deadwood
    return {
        "kind": result.outcome,
        "winner": None if result.winner is None else agents[result.winner],
        "knocker": None if result.knocker is None else agents[result.knocker],
        "points": result.points,
        "deadwood": dict(zip(agents, deadwood, strict=True)),
    }


def match_score(match: Match, agents: tuple[str, str]) -> dict[str, Any]:
    """The match after the hand just scored: how many hands are done, points, totals with
    bonuses, and whether it is over."""
    return {
        "hands": len(match.hands),
        "scores": dict(zip(agents, match.scores, strict=True)),
        "totals": dict(zip(agents, match.totals(), strict=True)),
        "over": match.is_over,
        "winner": None if match.winner is None else agents[match.winner],
    }
