"""Property tests: the fast solver and the settlement agree with the brute-force reference of
``core_reference`` (every meld subset; every knocker arrangement within the limit x every
defender arrangement x every layoff assignment)."""

from __future__ import annotations

import random

import core_reference as reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy.core.cards import BIT, NUM_CARDS, from_mask, to_mask
from ginrummy.core.melds import (
    Arrangement,
    best_discards,
    iter_arrangements,
    min_deadwood,
    min_deadwood_after_discard,
    min_deadwood_of,
)
from ginrummy.core.rules import rules_for
from ginrummy.core.settlement import settle

ANY_CARDS = st.lists(st.integers(0, NUM_CARDS - 1), min_size=10, max_size=11, unique=True)


@st.composite
def dense_cards(draw: st.DrawFn, count: int) -> list[int]:
    """Cards from a few suits and a short rank window, so melds, sets and layoffs are common."""
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True))
    low = draw(st.integers(0, 13 - 6))
    width = draw(st.integers(6, 13 - low))
    pool = [s * 13 + r for s in suits for r in range(low, low + width)]
    if len(pool) < count:
        pool += [c for c in range(NUM_CARDS) if c not in pool]
    return draw(st.permutations(pool))[:count]


HANDS = st.one_of(ANY_CARDS, dense_cards(10), dense_cards(11))
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(HANDS)
def test_core_min_deadwood_matches_every_meld_subset(cards):
    assert min_deadwood(to_mask(cards)) == reference.min_deadwood(cards)


@SETTINGS
@given(st.one_of(HANDS, dense_cards(9), st.lists(st.integers(0, NUM_CARDS - 1), max_size=12,
                                                 unique=True)))
def test_core_min_deadwood_of_a_card_list_matches_the_reference(cards):
    """The card-list entry point (ten-card pair lookups, inline set cases) is exact at any size,
    from a list or a tuple."""
    expected = reference.min_deadwood(cards)
    assert min_deadwood_of(cards) == expected
    assert min_deadwood_of(tuple(cards)) == expected


def test_core_min_deadwood_of_agrees_with_the_mask_solver_on_every_set_shape():
    """Seeded ten-card hands with one, two and three possible sets and four of a kind: the inline
    cases of ``min_deadwood_of`` give what ``min_deadwood`` gives."""
    rng = random.Random(19)
    for _ in range(3000):
        ranks = rng.sample(range(13), 3)
        cards = {s * 13 + r for r in ranks for s in rng.sample(range(4), rng.randint(3, 4))}
        cards = list(cards)[: rng.randint(3, 10)]
        while len(cards) < 10:
            card = rng.randrange(NUM_CARDS)
            if card not in cards:
                cards.append(card)
        rng.shuffle(cards)
        assert min_deadwood_of(cards) == min_deadwood(to_mask(cards))


def test_core_min_deadwood_of_agrees_with_the_mask_solver_when_no_run_can_form():
    """Seeded ten-card hands with no three cards in a row in any suit (spread ranks), with and
    without sets and four of a kind: the shortcuts of ``min_deadwood_of`` for a hand with no
    possible meld (its value) and one with sets alone (each melds whole) are exact."""
    rng = random.Random(23)
    shapes = {"no meld": 0, "sets only": 0, "four of a kind": 0}
    for _ in range(3000):
        ranks = rng.sample(range(0, 13, 2), rng.randint(3, 6))  # no two ranks adjacent
        pool = [s * 13 + r for r in ranks for s in range(4)]
        cards = rng.sample(pool, 10)
        assert min_deadwood_of(cards) == min_deadwood(to_mask(cards))
        counts = [sum(c % 13 == r for c in cards) for r in ranks]
        shapes["no meld" if max(counts) < 3 else "sets only"] += 1
        shapes["four of a kind"] += 4 in counts
    assert min(shapes.values()) > 100, shapes


@SETTINGS
@given(st.one_of(dense_cards(11), st.lists(st.integers(0, 51), min_size=11, max_size=11,
                                           unique=True)))
def test_core_min_deadwood_after_discard_and_best_discards_match_reference(cards):
    mask = to_mask(cards)
    assert min_deadwood_after_discard(mask) == reference.min_deadwood_after_discard(cards)
    discards, deadwood = best_discards(mask)
    assert deadwood == reference.min_deadwood_after_discard(cards)
    assert set(discards) == reference.best_discards(cards)


@SETTINGS
@given(dense_cards(10))
def test_core_iter_arrangements_is_every_disjoint_meld_choice(cards):
    ours = {(frozenset(frozenset(from_mask(m)) for m in a.melds), frozenset(a.deadwood_cards))
            for a in iter_arrangements(to_mask(cards))}
    theirs = {(frozenset(melds), dead) for melds, dead in reference.arrangements(cards)}
    assert ours == theirs


def knock_deal(seed: int, *, eleven: bool = False) -> tuple[list[int], list[int]]:
    """A knocker within the classic limit and a defender, from a dense pool (layoffs likely)."""
    rng = random.Random(seed)
    while True:
        suits = rng.sample(range(4), rng.choice((2, 3, 4)))
        low = rng.randrange(0, 6)
        pool = [s * 13 + r for s in suits for r in range(low, min(13, low + rng.randrange(6, 10)))]
        if len(pool) < 21:
            continue
        rng.shuffle(pool)
        size = 11 if eleven else 10
        knocker, defender = pool[:size], pool[size:size + 10]
        fits = (min_deadwood_after_discard if eleven else min_deadwood)(to_mask(knocker)) <= 10
        if fits:
            return knocker, defender


def check_settlement(knocker: list[int], defender: list[int], preset: str) -> None:
    rules = rules_for(preset)
    ours = settle(to_mask(knocker), to_mask(defender), rules)
    shown = ours.knocker
    laid_down = [c for c in knocker if c != ours_knock_card(knocker, shown)]
    # the knocker's choice is the default policy's, judged from its own cards alone
    if len(knocker) == 10 or not (rules.big_gin and ours.outcome == "big_gin"):
        best = reference.default_show(laid_down, rules.knock_limit,
                                      dead=frozenset(knocker) - frozenset(laid_down))
        direct, chained = reference.targets(melds_of(shown), frozenset(knocker))
        assert (shown.deadwood, 0, len(direct), len(chained)) == best
    if len(laid_down) == 10 and len(knocker) == 11:  # the discard leaving the best default
        thrown = ours_knock_card(knocker, shown)
        assert thrown is not None
        choices = []
        for card in knocker:
            rest = [c for c in knocker if c != card]
            if reference.min_deadwood(rest) <= rules.knock_limit:
                rank = reference.default_show(rest, rules.knock_limit, dead=frozenset([card]))
                choices.append((rank, -reference.value(card)))
        assert (best, -reference.value(thrown)) == min(choices)
    # the defender's answer to what was shown is its best, by full enumeration
    if ours.outcome != "big_gin":
        expected = reference.answer(melds_of(shown), frozenset(shown.deadwood_cards), defender,
                                    rules)
        assert (ours.outcome, ours.winner, ours.points) == expected
    # what is shown is a real arrangement of each hand, and the layoffs really extend the melds
    assert reference.total(shown.deadwood_cards) == shown.deadwood
    assert all(reference.is_meld(from_mask(m)) for m in shown.melds + ours.defender.melds)
    extended = {m: set(from_mask(m)) for m in shown.melds}
    for lay in ours.layoffs:
        assert BIT[lay.card] & ours.defender.deadwood_mask
        extended[lay.meld].add(lay.card)
    assert all(reference.is_meld(cards) for cards in extended.values())


def melds_of(arrangement: Arrangement) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(from_mask(m)) for m in arrangement.melds)


def ours_knock_card(knocker: list[int], shown: Arrangement) -> int | None:
    """The card an eleven-card knocker threw face down (None for ten cards or big gin)."""
    laid = {c for m in shown.melds for c in from_mask(m)} | set(shown.deadwood_cards)
    thrown = set(knocker) - laid
    return thrown.pop() if thrown else None


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["classic", "modern", "norwegian"]))
def test_core_settle_matches_full_enumeration(seed, preset):
    check_settlement(*knock_deal(seed), preset)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["classic", "modern"]))
def test_core_settle_eleven_cards_matches_full_enumeration(seed, preset):
    check_settlement(*knock_deal(seed, eleven=True), preset)
