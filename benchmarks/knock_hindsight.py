"""Do the expert's knock decisions pay? Each one played out both ways on the real deal.

    nice -n 10 .venv/bin/python benchmarks/knock_hindsight.py --opponent marjj-style \\
        --matches 30 --seed 9500 --jobs 2

Plays eaai matches with mirrored deals (each seed twice, seats swapped). At every turn on which
the expert may knock without gin, copies of both players play the hand to its end twice from
there, on the real stock and the opponent's real hand: once knocking as the expert would
knock, once throwing its best discard and playing on. The real match then goes on with the
expert's own choice, untouched by the copies. Both ends are valued as the expert values an
outcome (hand points at the exchange rate of the match score, ``Stakes.worth``), so they stand
beside the expert's own estimates of the same two options.

Printed, for the knocks it made and for those it declined, by band of the deadwood the knock
shows: how often, the expert's expected gain of knocking over playing on, the gain the played
out hands gave (with a 95% interval), and the expert's two estimates beside what they came to.
A knock decision that pays has a real gain above 0 where it knocked and below 0 where it did
not. ``knock_earlier.py`` scores knocking earlier without replaying; this script also scores
knocking less, at the cost of playing each decision out twice (a player that cannot be copied,
such as the OpenSpiel anchor, which decides from the view alone, is shared by the copies).
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ginrummy.core.actions import Action, Kind
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, Phase
from ginrummy.core.views import MatchInfo, view_of
from ginrummy.players.base import Player
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.expert.match_odds import Stakes, stakes_for
from ginrummy.players.registry import make_player

BANDS = ((1, 3), (4, 6), (7, 10))


@dataclass(frozen=True)
class Decision:
    """One turn on which the expert could knock without gin."""

    deadwood: int  # the deadwood its best knock shows
    knocked: bool
    expected_knock: float  # the expert's estimate of knocking, match-weighted points
    expected_play_on: float  # and of throwing its best discard and playing on
    knock: float  # what knocking came to, played out on the real deal
    play_on: float  # and playing on


def copies(players: tuple[Player, Player]) -> tuple[Player, Player]:
    def copied(player: Player) -> Player:
        try:
            return copy.deepcopy(player)
        except TypeError:  # holds a module: a bot that decides from the view alone
            return player
    return copied(players[0]), copied(players[1])


def played_out(state: HandState, first: Action, players: tuple[Player, Player],
               info: MatchInfo, seat: int, stakes: Stakes) -> float:
    """What ``first`` and the rest of the hand, played by copies of ``players``, are worth to
    ``seat``."""
    state = state.clone()
    players = copies(players)
    state.apply(first)
    while not state.is_over:
        mover = state.to_play
        state.apply(players[mover].choose(view_of(state, mover, match=info)))
    result = state.result
    assert result is not None
    net = result.points_for(seat) - result.points_for(1 - seat)
    return stakes.worth(net)


def audit(state: HandState, players: tuple[Player, Player], info: MatchInfo,
          seat: int) -> tuple[Decision, Action]:
    """The knock decision at ``state`` played out both ways, with the expert's real choice."""
    view = view_of(state, seat, match=info)
    ranked = copy.deepcopy(players[seat]).assess(view)  # type: ignore[attr-defined]
    knock = next(a for a in ranked if a.action.kind is Kind.KNOCK)
    discard = next(a for a in ranked if a.action.kind is Kind.DISCARD)
    # a knock scores the best discard's score plus its gain over playing on (less the threshold)
    threshold = players[seat].tuning.knock_threshold  # type: ignore[attr-defined]
    expected_play_on = knock.knock_points - (knock.score - discard.score + threshold)
    stakes = stakes_for(view)
    chosen = players[seat].choose(view)
    decision = Decision(
        knock.deadwood, chosen.kind is Kind.KNOCK, knock.knock_points, expected_play_on,
        played_out(state, knock.action, players, info, seat, stakes),
        played_out(state, discard.action, players, info, seat, stakes))
    return decision, chosen


Record = TypeVar("Record")
# What to record at a turn on which the expert may knock short of gin, and the action played.
AtKnock = Callable[[HandState, tuple[Player, Player], MatchInfo, int], tuple[Record, Action]]


def may_knock_short_of_gin(state: HandState) -> bool:
    kinds = {action.kind for action in state.legal_actions()}
    return Kind.KNOCK in kinds and not kinds & {Kind.GIN, Kind.BIG_GIN}


def knock_turns(seed: int, seat: int, opponent: str, at_knock: AtKnock[Record],
                tuning: dict[str, int | float] | None = None) -> list[Record]:
    """One eaai match of the expert in ``seat`` against ``opponent``: at every turn on which
    the expert may knock short of gin, ``at_knock`` records it and says the action played."""
    expert = ExpertPlayer(seed=seed, **(tuning or {}))
    other = make_player(opponent, seed=seed + 7)
    players: tuple[Player, Player] = (expert, other) if seat == 0 else (other, expert)
    match = Match.new(rules_for("eaai"), seed=seed)
    assert isinstance(match, Match)  # two players
    records: list[Record] = []
    while True:
        state = match.state
        if state.is_over:
            for mover in (0, 1):
                players[mover].observe(match.view(mover))
            if match.is_over:
                return records
            match.next_hand()
            continue
        mover = state.to_play
        if mover == seat and state.phase is Phase.DISCARD and may_knock_short_of_gin(state):
            record, action = at_knock(state, players, match.info(), seat)
            records.append(record)
        else:
            action = players[mover].choose(match.view(mover))
        match.apply(action)


def play(job: tuple[int, int, str]) -> list[Decision]:
    """One eaai match; the expert's knock decisions."""
    seed, seat, opponent = job
    return knock_turns(seed, seat, opponent, audit)


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    if len(values) < 2:
        return f"{mean:+.2f}"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.2f} ({mean - half:+.2f}..{mean + half:+.2f})"


def report(decisions: list[Decision]) -> list[str]:
    lines = ["| decision | deadwood | turns | expected gain | real gain (95% CI) "
             "| knock: expected, real | play on: expected, real |", "|---|---|---|---|---|---|---|"]
    for knocked in (True, False):
        for low, high in BANDS:
            rows = [d for d in decisions if d.knocked == knocked and low <= d.deadwood <= high]
            if not rows:
                continue

            def mean(field: str, rows: list[Decision] = rows) -> float:
                return statistics.mean(float(getattr(d, field)) for d in rows)

            lines.append(
                f"| {'knocked' if knocked else 'played on'} | {low}-{high} | {len(rows)} "
                f"| {mean('expected_knock') - mean('expected_play_on'):+.2f} "
                f"| {interval([d.knock - d.play_on for d in rows])} "
                f"| {mean('expected_knock'):+.2f}, {mean('knock'):+.2f} "
                f"| {mean('expected_play_on'):+.2f}, {mean('play_on'):+.2f} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="marjj-style")
    parser.add_argument("--matches", type=int, default=30, help="seeds, each played twice")
    parser.add_argument("--seed", type=int, default=9500)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.matches < 1 or args.jobs < 1:
        parser.error("--matches and --jobs must be at least 1")
    started = time.perf_counter()
    jobs = [(seed, seat, args.opponent)
            for seed in range(args.seed, args.seed + args.matches) for seat in (0, 1)]
    with multiprocessing.Pool(args.jobs) as pool:
        decisions = [d for match in pool.map(play, jobs, chunksize=1) for d in match]
    print(f"expert against {args.opponent}, {len(jobs)} eaai matches from seed {args.seed}: "
          f"{len(decisions)} turns on which it could knock without gin, "
          f"{sum(d.knocked for d in decisions)} knocks "
          f"({time.perf_counter() - started:.0f} s on {args.jobs} processes)")
    print("gains: knocking over playing on, match-weighted points")
    print("\n".join(report(decisions)))


if __name__ == "__main__":
    main()
