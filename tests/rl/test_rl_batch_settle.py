"""The batch simulator settles knocks exactly as the core does, on thousands of seeded knocks.

Each env is set to the moment a player may end the hand: a knocker rich in melds, a defender
holding cards next to them (so layoffs, chains of layoffs and undercuts are common), a discard
pile and cards the knocker knows the defender took. Every knock, gin and big gin the mask allows
is played in the batch and settled by the core's ``settle`` from the same information.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from ginrummy.core.cards import BIT, RANK_OF, SUIT_OF
from ginrummy.core.melds import meld_kind
from ginrummy.core.settlement import Settlement, settle
from ginrummy.rl.batch import DISCARD, KINDS, NO_CARD, OVER, BatchGinRummy
from ginrummy.rl.config import resolve_rules
from ginrummy.rl.encoding import BIG_GIN_ACTION, KNOCK_BASE

ENVS = 1500


def _mask(cards: list[int] | set[int]) -> int:
    return sum(BIT[card] for card in cards)


def _meld_rich_hand(rng: random.Random) -> list[int]:
    """Eleven cards, most of them in runs and sets."""
    cards: set[int] = set()
    while len(cards) < 8:
        if rng.random() < 0.6:
            suit, low, size = rng.randrange(4), rng.randrange(11), rng.randint(3, 5)
            cards.update(suit * 13 + rank for rank in range(low, min(low + size, 13)))
        else:
            rank = rng.randrange(13)
            cards.update(rng.sample([suit * 13 + rank for suit in range(4)], 3))
    picked = rng.sample(sorted(cards), min(len(cards), 11))
    rest = [card for card in range(52) if card not in picked]
    return picked + rng.sample(rest, 11 - len(picked))


def _defender_hand(rng: random.Random, knocker: list[int]) -> list[int]:
    """Ten cards: often melds of its own (so undercuts happen), and cards next to the knocker's
    or of its ranks (layoff material), the rest at random."""
    free = [card for card in range(52) if card not in knocker]
    chosen: set[int] = set()
    for _ in range(rng.choice((0, 1, 2, 3, 3, 3))):
        suit, low = rng.randrange(4), rng.randrange(11)
        run = {suit * 13 + rank for rank in range(low, low + 3)}
        if not run & set(knocker) and len(chosen | run) <= 9:
            chosen |= run
    near = [card for card in free if card not in chosen
            and any(SUIT_OF[card] == SUIT_OF[k] and abs(RANK_OF[card] - RANK_OF[k]) <= 2
                    or RANK_OF[card] == RANK_OF[k] for k in knocker)]
    chosen.update(rng.sample(near, min(len(near), rng.randint(1, 10 - len(chosen)))))
    chosen.update(rng.sample([card for card in free if card not in chosen], 10 - len(chosen)))
    return sorted(chosen)


def _deal_knocks(sim: BatchGinRummy, rng: random.Random) -> list[dict[str, object]]:
    deals = []
    for row in range(sim.n):
        knocker_seat = rng.randrange(2)
        knocker = _meld_rich_hand(rng)
        defender = _defender_hand(rng, knocker)
        rest = [card for card in range(52) if card not in knocker and card not in defender]
        pile = rng.sample(rest, rng.randint(1, 12))
        known = rng.sample(defender, rng.randint(0, 3))
        sim.hand[row] = False
        sim.hand[row, knocker_seat, knocker] = True
        sim.hand[row, 1 - knocker_seat, defender] = True
        sim.in_pile[row] = False
        sim.in_pile[row, pile] = True
        sim.pile[row, :len(pile)] = pile
        sim.pile_size[row] = len(pile)
        sim.known[row] = False
        sim.known[row, knocker_seat, known] = True
        sim.to_play[row] = knocker_seat
        sim.multiplier[row] = rng.choice((1, 1, 2))
        deals.append({"seat": knocker_seat, "knocker": knocker, "defender": defender,
                      "pile": pile, "known": known})
    sim.phase[:] = DISCARD
    sim.taken[:] = NO_CARD
    sim.must_end[:] = False
    sim.knock_limit[:] = sim.rules.knock_limit
    sim.resync()  # the hands were edited directly
    sim.update_mask()
    return deals


def _core_settlement(sim: BatchGinRummy, row: int, action: int,
                     deal: dict[str, object]) -> Settlement:
    knocker = set(deal["knocker"])  # type: ignore[call-overload]
    seen = set(deal["pile"])  # type: ignore[call-overload]
    if action != BIG_GIN_ACTION:
        card = (action - KNOCK_BASE) % 52
        knocker.discard(card)
        seen.add(card)
    return settle(_mask(knocker), _mask(deal["defender"]),  # type: ignore[arg-type]
                  sim.rules, knock_limit=int(sim.knock_limit[row]),
                  multiplier=int(sim.multiplier[row]), dead=_mask(seen),
                  known=_mask(deal["known"]))  # type: ignore[arg-type]


def _has_chain(settlement: Settlement) -> bool:
    """Whether two or more cards were laid off onto one run (a chain)."""
    per_run = Counter(lay.meld for lay in settlement.layoffs if meld_kind(lay.meld) == "run")
    return any(count >= 2 for count in per_run.values())


@pytest.mark.parametrize(("preset", "options"), [
    ("classic", {}),
    ("norwegian", {}),
    ("modern", {}),
    ("oklahoma", {}),
    ("classic", {"knock_limit": 4, "big_gin": True}),
])
def test_rl_batch_settles_knocks_as_the_core(preset: str, options: dict[str, object]) -> None:
    rules = resolve_rules(preset, **options)
    sim = BatchGinRummy(ENVS, rules=rules, auto_reset=False)
    rng = random.Random(f"{preset}-{sorted(options.items())}")
    deals = _deal_knocks(sim, rng)
    if rules.oklahoma:  # a knock limit per hand, as an upcard would set it
        sim.knock_limit[:] = [rng.choice((1, 5, 10)) for _ in range(ENVS)]
        sim.update_mask()
    mask = sim.mask
    actions = np.zeros(ENVS, dtype=np.int64)
    ending = np.zeros(ENVS, dtype=bool)
    for row in range(ENVS):
        ends = np.flatnonzero(mask[row, KNOCK_BASE:]) + KNOCK_BASE
        if ends.size:
            actions[row] = rng.choice(ends.tolist())
            ending[row] = True
    rewards, done = sim.apply(actions, active=ending)
    assert np.array_equal(done, ending)
    kinds: Counter[str] = Counter()
    layoff_rows = chain_rows = plain_rows = 0
    for row in np.flatnonzero(ending).tolist():
        deal = deals[row]
        settled = _core_settlement(sim, row, int(actions[row]), deal)
        knocker = int(deal["seat"])  # type: ignore[call-overload]
        winner = knocker if settled.winner == "knocker" else 1 - knocker
        expected_points = [0, 0]
        expected_points[winner] = settled.points
        assert sim.points[row].tolist() == expected_points, row
        assert KINDS[sim.outcome_kind[row]] == settled.outcome, row
        assert (int(sim.winner[row]), int(sim.knocker[row])) == (winner, knocker), row
        assert int(sim.end_deadwood[row, knocker]) == settled.knocker_deadwood, row
        assert int(sim.end_deadwood[row, 1 - knocker]) == settled.defender_deadwood, row
        assert rewards[row, winner] == settled.points
        assert rewards[row, 1 - winner] == -settled.points
        kinds[settled.outcome] += 1
        layoff_rows += bool(settled.layoffs)
        chain_rows += _has_chain(settled)
        plain_rows += not settled.layoffs
    assert (sim.phase[ending] == OVER).all() and (sim.phase[~ending] == DISCARD).all()
    # The deals reach every way a knock is settled, layoff chains included.
    assert kinds["knock"] > 50 and kinds["undercut"] > 3 and kinds["gin"] > 10
    assert layoff_rows > 50 and chain_rows > 5 and plain_rows > 50
    if rules.big_gin:
        assert kinds["big_gin"] > 0
