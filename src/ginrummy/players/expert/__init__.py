"""The expert, the strongest computer player, in parts:

- :mod:`~ginrummy.players.expert.player`: :class:`ExpertPlayer` and its decisions (discard, draw,
  knock), with :class:`Tuning` (its knobs) and :class:`Assessment` (each action as it sees it);
- :mod:`~ginrummy.players.expert.tracking`: what is known of each card and how likely the
  opponent is to hold it (the opponent model);
- :mod:`~ginrummy.players.expert.reading`: the opponent's hand read from its every move;
- :mod:`~ginrummy.players.expert.evaluation`: hands valued by deadwood and outlook, sampled
  opponent hands, the knock's value;
- :mod:`~ginrummy.players.expert.search`: determinized rollouts to the end of the hand;
- :mod:`~ginrummy.players.expert.match_odds`: outcomes valued by the chance of winning the match;
- :mod:`~ginrummy.players.expert.deadline`: the hard time bound on each decision;
- :mod:`~ginrummy.players.expert.knobs`: :class:`Tuning` values from text (``expert:KNOB=V``).

The other players (``random``, ``beginner``, ``standard``, ``gin-camper``...) are one module each
in :mod:`ginrummy.players`; the expert uses their shared :mod:`ginrummy.players.tactics`. The
rollouts, the match equity, the opponent model and its sampled hands are offered here too, for
the ``montecarlo`` player.
"""

from ginrummy.players.expert.knobs import tuning_from_text
from ginrummy.players.expert.match_odds import Stakes, stakes_for
from ginrummy.players.expert.player import (
    DISCARDS_PER_DRAW,
    MIN_KNOCK_CHANCE,
    NOTES,
    RISKY,
    SAFE,
    STRONG,
    WIN_SCORE,
    Assessment,
    ExpertPlayer,
    Tuning,
    opponent_draws,
)
from ginrummy.players.expert.search import (
    Deal,
    Table,
    deals_for,
    knock_now,
    play_on,
    sample_hands,
)
from ginrummy.players.expert.tracking import OpponentModel, track

__all__ = [
    "DISCARDS_PER_DRAW",
    "MIN_KNOCK_CHANCE",
    "NOTES",
    "RISKY",
    "SAFE",
    "STRONG",
    "WIN_SCORE",
    "Assessment",
    "ExpertPlayer",
    "Tuning",
    "Deal",
    "OpponentModel",
    "Stakes",
    "Table",
    "deals_for",
    "knock_now",
    "opponent_draws",
    "play_on",
    "sample_hands",
    "stakes_for",
    "track",
    "tuning_from_text",
]
