"""Expert versus another player under the ``eaai`` preset, mirrored deals, on every core.

Each seed is played twice with the seats swapped, so both players get the same deals.

    nice -n 10 .venv/bin/python benchmarks/expert_strength.py --matches 400 --jobs 2
    nice -n 10 .venv/bin/python benchmarks/expert_strength.py --matches 100 --set samples=16
    nice -n 10 .venv/bin/python benchmarks/expert_strength.py --matches 100 --oracle
    nice -n 10 .venv/bin/python benchmarks/expert_strength.py --matches 200 --no-observe

Prints the expert's game win rate with a 95% Wilson interval, points per hand, gin and undercut
counts (the tournament command reports the same from the CLI). ``--oracle`` is a diagnostic,
not a fair game: the expert's sampled opponent hands are all replaced by the real one (the stock
order stays unknown), which shows what perfect inference of the hidden hand would be worth.
``--no-observe`` plays the expert as a host that never sends ``observe`` would (no hand's end
shown, only the next hand's score), as hosts other than ours may.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time
from collections import Counter
from dataclasses import dataclass, field

from ginrummy.core.actions import Action
from ginrummy.core.cards import Mask
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players.base import Player, play_match
from ginrummy.players.expert import ExpertPlayer, tuning_from_text
from ginrummy.players.expert import player as expert
from ginrummy.players.registry import make_player


@dataclass(frozen=True)
class Outcome:
    won: bool
    hands: int
    points: int  # the expert's hand points minus the opponent's, over the match
    endings: Counter[str] = field(default_factory=Counter)  # "expert gin", "other undercut", ...


class Oracle:
    """The real opponent hand, set before each decision, fed to the expert in place of its
    sampled hands (``--oracle``; this process only)."""

    hand: Mask = 0

    @staticmethod
    def hands(decision: object, count: int, *, could_not_knock: int | None,
              waiter: bool = False) -> list[Mask]:
        return [Oracle.hand] * count

    @classmethod
    def install(cls) -> None:
        expert._Decision._opponent_hands = cls.hands  # type: ignore[method-assign]


class SightedExpert:
    """The expert, told the opponent's real hand (through :class:`Oracle`) before each choice."""

    name = "expert"

    def __init__(self, player: Player, match: Match, seat: int) -> None:
        self.player, self.match, self.seat = player, match, seat

    def choose(self, view: PlayerView) -> Action:
        Oracle.hand = self.match.view(1 - self.seat).hand_mask
        return self.player.choose(view)

    def observe(self, view: PlayerView) -> None:
        self.player.observe(view)


class UnshownExpert:
    """The expert in a host that never sends ``observe``: it learns the hand's end only from
    the next hand's score (``--no-observe``)."""

    name = "expert"

    def __init__(self, player: Player) -> None:
        self.player = player

    def choose(self, view: PlayerView) -> Action:
        return self.player.choose(view)

    def observe(self, view: PlayerView) -> None:
        pass


def play_one(job: tuple[int, int, str, str, dict[str, int | float], bool, bool]) -> Outcome:
    seed, expert_seat, opponent, preset, tuning, oracle, observed = job
    match = Match.new(rules_for(preset), seed=seed)
    player: Player = ExpertPlayer(seed=seed, **tuning)
    if oracle:
        Oracle.install()
        player = SightedExpert(player, match, expert_seat)
    if not observed:
        player = UnshownExpert(player)
    other = make_player(opponent, seed=seed + 1)
    seats = (player, other) if expert_seat == 0 else (other, player)
    match = play_match(match, seats)
    net = 0
    endings: Counter[str] = Counter()
    for record in match.hands:
        result = record.result
        if result is None or result.winner is None:
            endings["dead"] += 1
            continue
        expert_won = result.winner == expert_seat
        net += result.points if expert_won else -result.points
        endings[f"{'expert' if expert_won else 'other'} {result.outcome}"] += 1
    return Outcome(match.winner == expert_seat, len(match.hands), net, endings)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - spread, centre + spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="games (an even number)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--opponent", default="standard")
    parser.add_argument("--preset", default="eaai")
    parser.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE",
                        help="an ExpertPlayer tuning knob")
    parser.add_argument("--oracle", action="store_true",
                        help="diagnostic: the expert samples the opponent's real hand")
    parser.add_argument("--no-observe", action="store_true",
                        help="the expert is never shown a hand's end, as in some other hosts")
    args = parser.parse_args()
    if args.matches < 2 or args.matches % 2:
        parser.error(f"--matches takes an even number of games from 2, not {args.matches}")
    try:
        tuning = tuning_from_text(",".join(args.set)) if args.set else {}
    except GinRummyError as error:
        parser.error(str(error))
    jobs = [(args.seed * 100_003 + i, seat, args.opponent, args.preset, tuning, args.oracle,
             not args.no_observe)
            for i in range(args.matches // 2) for seat in (0, 1)]
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        outcomes = pool.map(play_one, jobs, chunksize=1)
    wins = sum(o.won for o in outcomes)
    n = len(outcomes)
    hands = sum(o.hands for o in outcomes)
    lo, hi = wilson(wins, n)
    oracle = ", ORACLE: sees the opponent's hand" if args.oracle else ""
    unshown = ", never shown a hand's end" if args.no_observe else ""
    print(f"expert vs {args.opponent} ({args.preset}, mirrored, tuning {tuning or 'default'}"
          f"{oracle}{unshown})")
    print(f"games {n}: expert won {wins} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%})")
    endings = sum((o.endings for o in outcomes), Counter())
    print(f"hands {hands}: expert's net points per hand {sum(o.points for o in outcomes) / hands:+.2f}")
    print("hand endings (winner, outcome): "
          + ", ".join(f"{name} {count}" for name, count in sorted(endings.items())))
    print(f"wall time {time.perf_counter() - start:.0f} s on {args.jobs} processes")


if __name__ == "__main__":
    main()
