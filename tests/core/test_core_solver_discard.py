"""Property test: the card ``best_discard`` names is one of the best discards of the brute-force
reference, and its deadwood is the least after any discard (uniform and meld-dense hands)."""

from __future__ import annotations

import core_reference as reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_solver_reference import dense_cards

from ginrummy.core.cards import BIT, to_mask
from ginrummy.core.melds import best_discard, min_deadwood

ELEVEN = st.one_of(dense_cards(11), st.lists(st.integers(0, 51), min_size=11, max_size=11,
                                             unique=True))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ELEVEN)
def test_core_best_discard_names_a_best_card(cards):
    mask = to_mask(cards)
    card, deadwood = best_discard(mask)
    assert mask & BIT[card]
    assert deadwood == reference.min_deadwood_after_discard(cards)
    assert card in reference.best_discards(cards)
    assert min_deadwood(mask ^ BIT[card]) == deadwood
