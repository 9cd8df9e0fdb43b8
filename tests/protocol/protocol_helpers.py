"""Helpers of the protocol tests: where things are and the fake bot's command line."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from ginrummy.core.actions import parse_action
from ginrummy.core.cards import parse_card, parse_cards, to_mask
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, Phase
from ginrummy.core.views import MatchInfo, PlayerView, view_of

FAKE_BOT = Path(__file__).parent / "bots" / "fake_bot.py"
REPO = Path(__file__).resolve().parents[2]


def fake_bot(mode: str, fair_decisions: int = 0) -> str:
    """The command line of the fake bot misbehaving in ``mode`` after ``fair_decisions``."""
    return shlex.join([sys.executable, str(FAKE_BOT), mode, str(fair_decisions)])


def our_bot(player: str) -> str:
    """The command line running our ``player`` as a protocol process."""
    return shlex.join([sys.executable, "-m", "ginrummy", "bot", player])


# The position of the examples in docs/protocol.md: P0 has just taken 2D from the pile and can
# knock throwing KH, showing one of three arrangements; P1 holds cards that lay off onto them.
KNOCKER = "AC 2C 3C 2S 3S 4S 5S AD 4H KH"
DEFENDER = "6S 7S 4C QH QD QC 9D 8D KS JH"
EXAMPLE_MATCH = MatchInfo(scores=(0, 0), hands_won=(0, 0), hand_number=1, target=100,
                          names=("P0", "P1"))


def knock_position() -> HandState:
    """The example position, the knocker to decide (it holds eleven cards)."""
    used = set(parse_cards(f"{KNOCKER} {DEFENDER} TC 2D"))
    state = HandState.restore(
        rules_for("classic"), dealer=1, to_play=0, phase=Phase.DRAW,
        hands=(to_mask(parse_cards(KNOCKER)), to_mask(parse_cards(DEFENDER))),
        stock=[card for card in range(52) if card not in used],
        pile=list(parse_cards("TC 2D")), upcard=parse_card("TC"),
    )
    state.apply(parse_action("draw pile"))
    return state


def knocked(show: str | None = "2C 2D 2S | 3S 4S 5S") -> HandState:
    """The example position after the knock (showing ``show``; None: the default)."""
    state = knock_position()
    state.apply(parse_action("knock KH" + ("" if show is None else f" show {show}")))
    return state


def example_view(state: HandState, seat: int) -> PlayerView:
    return view_of(state, seat, match=EXAMPLE_MATCH)
