"""Are the expert's rollouts right about an opponent? Its sampled hands and its rules, apart.

    nice -n 10 .venv/bin/python benchmarks/rollout_calibration.py --opponent marjj-style \\
        --matches 6 --seed 9600 --jobs 2 [--set learn_waits=1]

Plays eaai matches with mirrored deals (each seed twice, seats swapped). At every turn on which
the expert may knock without gin, its best discard is played on over its own rollout deals,
apart for the deals that take the opponent for a quick knocker and those that take it for a
waiter (the hedge), and again over as many deals holding the opponent's real hand (the real
stock cards in random orders), under each of the two rules. Its best knock is settled against
its own deals and against the real hand. Nothing changes the match, which goes on with the
expert's own choice.

Printed by how the expert takes the opponent at that turn (style not yet known, known quick
knocker, known waiter): the means of each value (match-weighted points, as the expert values
an outcome) and of the opponent's deadwood, sampled and real. Sampled deals against the real
hand under the same rule measure the error of the sampled hands; the real hand under each rule,
beside what playing on really came to (``knock_hindsight.py``), the error of the rule. The
script reads the expert's search from the inside (its private ``_Decision``): a diagnostic.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass

from knock_hindsight import knock_turns  # the same turns, from the script beside this one

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import BIT, from_mask
from ginrummy.core.errors import GinRummyError
from ginrummy.core.melds import min_deadwood
from ginrummy.core.state import HandState
from ginrummy.core.views import MatchInfo, PlayerView, view_of
from ginrummy.players.base import Player
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.expert.deadline import NO_DEADLINE
from ginrummy.players.expert.knobs import tuning_from_text
from ginrummy.players.expert.player import _Decision
from ginrummy.players.expert.search import Deal, knock_now, play_on

GUESSES = ("not known", "quick knocker", "waiter")


@dataclass(frozen=True)
class Turn:
    """One turn on which the expert could knock without gin (None: no deal of that kind)."""

    guess: str  # how the expert takes the opponent, one of GUESSES
    own_quick: float | None  # playing on over its deals drawn as against a quick knocker
    own_waiter: float | None  # and over those drawn as against a waiter
    real_quick: float  # over deals holding the real hand, with the quick knocker's rules
    real_waiter: float  # and with the waiter's
    own_knock: float  # its best knock over its own deals
    real_knock: float  # and against the real hand
    sampled_quick: float | None  # the mean deadwood of its hands drawn as for a quick knocker
    sampled_waiter: float | None  # and as for a waiter
    real_deadwood: int


def mean(values: list[float] | list[int]) -> float | None:
    return statistics.mean(values) if values else None


def measure(expert: ExpertPlayer, view: PlayerView, state: HandState) -> Turn:
    """The expert's rollouts at ``view`` beside the same rollouts on the real hand, from a copy
    of the expert (the real one decides untouched)."""
    expert = copy.deepcopy(expert)
    quick, share = expert.opponent_guess()
    reader = expert._reader(view, NO_DEADLINE, quick=quick)
    waiter_reader = expert._waiter_reader(view, NO_DEADLINE) if quick and share else None
    decision = _Decision(view, expert.tuning, expert.rng, quick_opponent=quick,
                         waiter_share=share, late_knock_stock=expert.late_knock_stock,
                         reader=reader, waiter_reader=waiter_reader)
    assessed = decision.assess()
    discard = max((a for a in assessed if a.action.kind is Kind.DISCARD), key=lambda a: a.score)
    knock = max((a for a in assessed if a.action.kind is Kind.KNOCK), key=lambda a: a.score)
    card = discard.action.card
    assert card is not None and knock.action.card is not None
    kept = view.hand_mask ^ BIT[card]
    own: dict[bool, list[float]] = {True: [], False: []}
    sampled: dict[bool, list[int]] = {True: [], False: []}
    for deal, table in zip(decision.deals, decision.tables, strict=True):
        as_quick = table.their_knock > 0
        own[as_quick].append(play_on(kept, card, deal, table))
        sampled[as_quick].append(min_deadwood(deal.opponent))
    real_hand = state.hands[view.opponent]
    real_stock = from_mask(decision.knowledge.unseen & ~real_hand)
    tables = {as_quick: decision._table(quick=as_quick) for as_quick in (True, False)}
    rng = random.Random(len(state.history))
    real: dict[bool, list[float]] = {True: [], False: []}
    for _ in decision.deals:
        stock = list(real_stock)
        rng.shuffle(stock)
        deal = Deal(real_hand, tuple(stock))
        for as_quick, table in tables.items():
            real[as_quick].append(play_on(kept, card, deal, table))
    shown = view.hand_mask ^ BIT[knock.action.card]
    real_knock = knock_now(shown, Deal(real_hand, ()), tables[False], show=knock.action.show)
    if not expert.style_known:
        guess = GUESSES[0]
    else:
        guess = GUESSES[2] if expert.opponent_waits else GUESSES[1]
    assert knock.knock_points is not None
    return Turn(guess, mean(own[True]), mean(own[False]), statistics.mean(real[True]),
                statistics.mean(real[False]), knock.knock_points, real_knock,
                mean(sampled[True]), mean(sampled[False]), min_deadwood(real_hand))


def at_knock(state: HandState, players: tuple[Player, Player], info: MatchInfo,
             seat: int) -> tuple[Turn, Action]:
    """The turn measured, and the expert's own choice."""
    expert = players[seat]
    assert isinstance(expert, ExpertPlayer)
    view = view_of(state, seat, match=info)
    return measure(expert, view, state), expert.choose(view)


def play(job: tuple[int, int, str, dict[str, int | float]]) -> list[Turn]:
    """One eaai match; the expert's turns on which it could knock without gin."""
    seed, seat, opponent, tuning = job
    return knock_turns(seed, seat, opponent, at_knock, tuning)


def report(turns: list[Turn]) -> list[str]:
    lines = ["| the expert takes the opponent for | turns | playing on, own deals: as quick, "
             "as waiter | real hand: as quick, as waiter | knock: own deals, real hand "
             "| opponent's deadwood: sampled as quick, as waiter, real |",
             "|---|---|---|---|---|---|"]

    def shown(values: list[float | None], sign: str) -> str:
        found = [v for v in values if v is not None]
        return f"{statistics.mean(found):{sign}.2f}" if found else "-"

    for guess in GUESSES:
        rows = [t for t in turns if t.guess == guess]
        if not rows:
            continue

        def column(field: str, rows: list[Turn] = rows) -> str:
            counts = field in ("sampled_quick", "sampled_waiter", "real_deadwood")
            return shown([getattr(t, field) for t in rows], "" if counts else "+")

        lines.append(
            f"| {guess} | {len(rows)} | {column('own_quick')}, {column('own_waiter')} "
            f"| {column('real_quick')}, {column('real_waiter')} "
            f"| {column('own_knock')}, {column('real_knock')} "
            f"| {column('sampled_quick')}, {column('sampled_waiter')}, "
            f"{column('real_deadwood')} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="marjj-style")
    parser.add_argument("--matches", type=int, default=6, help="seeds, each played twice")
    parser.add_argument("--seed", type=int, default=9600)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE",
                        help="an ExpertPlayer tuning knob")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.jobs < 1:
        parser.error("--matches and --jobs must be at least 1")
    try:
        tuning = tuning_from_text(",".join(args.set)) if args.set else {}
    except GinRummyError as error:
        parser.error(str(error))
    started = time.perf_counter()
    jobs = [(seed, seat, args.opponent, tuning)
            for seed in range(args.seed, args.seed + args.matches) for seat in (0, 1)]
    with multiprocessing.Pool(args.jobs) as pool:
        turns = [t for match in pool.map(play, jobs, chunksize=1) for t in match]
    print(f"expert ({tuning or 'default'}) against {args.opponent}, {len(jobs)} eaai matches "
          f"from seed {args.seed}: {len(turns)} turns on which it could knock without gin "
          f"({time.perf_counter() - started:.0f} s on {args.jobs} processes)")
    print("values: match-weighted points of playing its best discard on, or of its best knock")
    print("\n".join(report(turns)))


if __name__ == "__main__":
    main()
