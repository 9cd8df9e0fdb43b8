"""Property test: the card ``best_discard`` names is one of the best discards of the brute-force
reference, and its deadwood is the least after any discard (uniform and meld-dense hands)."""

from __future__ import annotations

import random

import core_reference as reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_solver_reference import dense_cards

from ginrummy.core.cards import BIT, to_mask
from ginrummy.core.melds import best_discard, best_discard_of, min_deadwood

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
    assert best_discard_of(cards) == best_discard_of(tuple(cards)) == (card, deadwood)


def test_core_best_discard_of_agrees_with_the_mask_solver_on_every_set_shape():
    """Seeded eleven-card hands (and ten and twelve, the general path) with one, two and three
    ranks of three or four: the card-list entry point names the card ``best_discard`` names."""
    rng = random.Random(23)
    for _ in range(3000):
        size = rng.choice((10, 11, 11, 11, 12))
        ranks = rng.sample(range(13), 3)
        cards = list({s * 13 + r for r in ranks for s in rng.sample(range(4), rng.randint(3, 4))})
        cards = cards[: rng.randint(3, size)]
        while len(cards) < size:
            card = rng.randrange(52)
            if card not in cards:
                cards.append(card)
        rng.shuffle(cards)
        assert best_discard_of(cards) == best_discard(to_mask(cards))
