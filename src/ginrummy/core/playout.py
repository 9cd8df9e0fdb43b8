"""Fast uniformly random play to the end of a hand (rollouts, simulation, benchmarks).

``random_playout(state, rng)`` plays exactly as ``state.apply(rng.choice(state.legal_actions()))``
repeated until the hand ends, with the same random draws, so it gives the same result; it only
skips building the list of discards when no knock, gin or big gin is possible (most turns).

>>> import random
>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.state import HandState
>>> slow, fast = (HandState.deal(rules_for("classic"), seed=5) for _ in range(2))
>>> rng = random.Random(1)
>>> while not slow.is_over:
...     _ = slow.apply(rng.choice(slow.legal_actions()))
>>> random_playout(fast, random.Random(1)) == slow.result
True
"""

from __future__ import annotations

import random

from ginrummy.core.actions import DISCARDS
from ginrummy.core.cards import BIT, from_mask
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.state import HandResult, HandState, Phase


def random_playout(state: HandState, rng: random.Random) -> HandResult:
    """Play uniformly random legal actions until the hand is over; return its result."""
    choice = rng.choice
    over, discard = Phase.OVER, Phase.DISCARD
    big_gin = state.rules.big_gin
    while state.phase is not over:
        if state.phase is discard and not state.must_end:
            full = state.hands[state.to_play]
            if min_deadwood_after_discard(full) > state.knock_limit and not (
                big_gin and min_deadwood(full) == 0
            ):
                throwable = full if state.taken is None else full ^ BIT[state.taken]
                cards = from_mask(throwable)
                state._transition(DISCARDS[cards[choice(range(len(cards)))]])
                continue
        state._transition(choice(state._compute_legal()))
    assert state.result is not None
    return state.result
