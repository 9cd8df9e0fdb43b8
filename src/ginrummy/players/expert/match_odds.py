"""The chance of winning a match from a score, and what a hand's points are worth there.

A hand's points matter only through the match: 20 points when the opponent needs 15 to win are
worth far more than 20 points at the start. :class:`MatchOdds` holds a match equity table: the
chance that the side needing ``a`` more points wins against one needing ``b``, when every hand
is won by either side with even chances and pays from a typical spread of knock, gin and
undercut points (shaped on games between built-in players, with the rules' own bonuses). :class:`Stakes` turns a hand's points into the change of that chance, expressed in
points at today's exchange rate so the expert can weigh it against deadwood.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView


def _spread(points: range, weight: float) -> tuple[tuple[int, float], ...]:
    """Chances over ``points`` falling off by ``weight`` per point, summing to one."""
    raw = [weight ** (p - points.start) for p in points]
    return tuple((p, w / sum(raw)) for p, w in zip(points, raw, strict=True))


# How hands end and what the winner is paid before bonuses (the deadwood difference, or the
# defender's deadwood for gin): smooth shapes near what 1,500 hands of openspiel-simple against
# standard paid under the eaai rules (knock wins: median 11, mean 15; gin: 25 + median 20;
# undercut: 25 + median 1). Those hands end 93% in knocks, the expert's against standard 61%
# (29% undercuts, 9% gin): the chances below sit between the two.
KNOCK_POINTS = _spread(range(1, 60), 0.93)
GIN_POINTS = tuple((p + 8, c) for p, c in _spread(range(0, 50), 0.93))
UNDERCUT_POINTS = _spread(range(0, 12), 0.6)
ENDINGS = (0.8, 0.1, 0.1)  # won by the knocker, gin, undercut
MAX_CELLS = 60  # scores are counted in steps so the table stays this small


@dataclass(frozen=True, slots=True)
class MatchOdds:
    """Match equity for one set of rules: :meth:`chance` of winning from a pair of needs."""

    step: int  # points per table cell
    table: tuple[tuple[float, ...], ...]  # table[a][b]: needing a cells against b cells

    @classmethod
    def for_rules(cls, rules: Rules, multiplier: int = 1) -> MatchOdds:
        return _odds(rules.target, rules.gin_bonus, rules.undercut_bonus, rules.knock_bonus,
                     multiplier)

    def chance(self, need: int, their_need: int) -> float:
        """The chance of winning the match when we need ``need`` more points and they need
        ``their_need`` (either at or below zero: that side has already won)."""
        if need <= 0:
            return 1.0
        if their_need <= 0:
            return 0.0
        # between cells, interpolate: a point or two should never be worth nothing
        last = len(self.table) - 1
        a, b = min(last, need / self.step), min(last, their_need / self.step)
        a0, b0 = max(1, min(last - 1, int(a))), max(1, min(last - 1, int(b)))
        fa, fb = min(1.0, max(0.0, a - a0)), min(1.0, max(0.0, b - b0))
        t = self.table
        low = t[a0][b0] * (1 - fb) + t[a0][b0 + 1] * fb
        high = t[a0 + 1][b0] * (1 - fb) + t[a0 + 1][b0 + 1] * fb
        return low * (1 - fa) + high * fa


class Stakes:
    """What hand points are worth at one score: :meth:`worth` of ``+p`` (we score ``p``) or
    ``-p`` (they do), in points at the exchange rate of this score, so a swing that decides the
    match is worth more than its face value and points past the target nothing."""

    SWING = 15  # a typical hand's points, over which the exchange rate is averaged

    def __init__(self, odds: MatchOdds | None = None, need: int = 0, their_need: int = 0) -> None:
        self.odds, self.need, self.their_need = odds, need, their_need
        self._worth: dict[int, float] = {}
        if odds is None:
            return
        self._now = odds.chance(need, their_need)
        # match chance per point here, never below a tenth of the opening rate (a nearly
        # decided match still plays on, and its hands should not all look alike)
        swing, target = self.SWING, (len(odds.table) - 1) * odds.step
        here = odds.chance(need - swing, their_need) - odds.chance(need, their_need - swing)
        opening = odds.chance(target - swing, target) - odds.chance(target, target - swing)
        self._rate = max(here, opening / 10, 1e-9) / (2 * swing)

    def worth(self, points: int) -> float:
        if self.odds is None:
            return float(points)
        found = self._worth.get(points)
        if found is None:
            if points >= 0:
                after = self.odds.chance(self.need - points, self.their_need)
            else:
                after = self.odds.chance(self.need, self.their_need + points)
            found = self._worth[points] = (after - self._now) / self._rate
        return found


@lru_cache(maxsize=16)
def _odds(target: int, gin_bonus: int, undercut_bonus: int, knock_bonus: int,
          multiplier: int) -> MatchOdds:
    step = max(1, -(-target // MAX_CELLS))
    payouts: dict[int, float] = {}
    knock, gin, undercut = ENDINGS
    for chance, bonus, atoms in ((knock, knock_bonus, KNOCK_POINTS), (gin, gin_bonus, GIN_POINTS),
                                 (undercut, undercut_bonus, UNDERCUT_POINTS)):
        for points, share in atoms:
            cells = max(1, round((points + bonus) * multiplier / step))
            payouts[cells] = payouts.get(cells, 0.0) + chance * share
    size = -(-target // step) + 1
    # table[a][b] with a, b >= 1 cells still needed; row and column 0 are never read
    table = [[0.0] * size for _ in range(size)]
    for a in range(1, size):
        row = table[a]
        for b in range(1, size):
            total = 0.0
            for cells, chance in payouts.items():
                total += chance * (1.0 if cells >= a else table[a - cells][b])
                total += chance * (0.0 if cells >= b else row[b - cells])
            row[b] = total / 2
    return MatchOdds(step, tuple(tuple(r) for r in table))


def stakes_for(view: PlayerView) -> Stakes:
    """What points are worth to the player of ``view`` at its match's score (face value when
    there is no match score to weigh them by: a lone hand, or Hollywood's three games)."""
    info = view.match
    if info is None or view.rules.hollywood or len(info.scores) != 2:
        return Stakes()
    need = max(1, info.target - info.scores[view.player])
    their_need = max(1, info.target - info.scores[view.opponent])
    return Stakes(MatchOdds.for_rules(view.rules, view.multiplier), need, their_need)
