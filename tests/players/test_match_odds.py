"""The match equity table and what a hand's points are worth at a score."""

from __future__ import annotations

import random

import pytest

from ginrummy.core.rules import rules_for
from ginrummy.players.expert.match_odds import (
    ENDINGS,
    GIN_POINTS,
    KNOCK_POINTS,
    UNDERCUT_POINTS,
    MatchOdds,
    Stakes,
)

EAAI = rules_for("eaai")
ODDS = MatchOdds.for_rules(EAAI)


def simulated_chance(need: int, their_need: int, games: int, rng: random.Random) -> float:
    """Play the model's hands out at random: each side wins a hand with even chances."""
    payouts = [(points + bonus, ending * share)
               for ending, bonus, atoms in zip(ENDINGS, (0, EAAI.gin_bonus, EAAI.undercut_bonus),
                                               (KNOCK_POINTS, GIN_POINTS, UNDERCUT_POINTS),
                                               strict=True)
               for points, share in atoms]
    points, weights = zip(*payouts, strict=True)
    wins = 0
    for _ in range(games):
        a, b = need, their_need
        while a > 0 and b > 0:
            paid = rng.choices(points, weights)[0]
            if rng.random() < 0.5:
                a -= paid
            else:
                b -= paid
        wins += a <= 0
    return wins / games


@pytest.mark.parametrize(("need", "their_need"), [(100, 100), (50, 100), (10, 90), (30, 45)])
def test_the_table_agrees_with_playing_the_model_out(need: int, their_need: int) -> None:
    simulated = simulated_chance(need, their_need, 20_000, random.Random(need * 1000 + their_need))
    assert ODDS.chance(need, their_need) == pytest.approx(simulated, abs=0.015)


def test_equal_needs_are_even_and_the_table_is_fair_both_ways() -> None:
    assert ODDS.chance(100, 100) == pytest.approx(0.5)
    assert ODDS.chance(37, 12) + ODDS.chance(12, 37) == pytest.approx(1.0)
    assert ODDS.chance(0, 50) == 1.0 and ODDS.chance(50, -3) == 0.0


def test_needing_more_is_never_better() -> None:
    for their_need in (5, 40, 100):
        chances = [ODDS.chance(need, their_need) for need in range(1, 101)]
        assert all(a >= b for a, b in zip(chances, chances[1:], strict=False))


def test_points_are_points_outside_a_match() -> None:
    assert Stakes().worth(-7) == -7.0


def test_points_at_a_score_follow_the_match_chance() -> None:
    opening = Stakes(ODDS, 100, 100)
    assert opening.worth(10) == pytest.approx(10, rel=0.15)  # the rate is set about here
    assert opening.worth(-25) == pytest.approx(-opening.worth(25))
    near_the_end = Stakes(ODDS, 10, 90)
    # ten points win the match; forty win nothing more
    assert near_the_end.worth(40) == near_the_end.worth(10) > near_the_end.worth(9)
    # losing 25 when they need 90 hurts less than winning 10 helps
    assert -near_the_end.worth(-25) < near_the_end.worth(10)
