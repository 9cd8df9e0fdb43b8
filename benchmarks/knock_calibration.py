"""How well the expert foresees undercuts of its own knocks, against one opponent.

    nice -n 10 .venv/bin/python benchmarks/knock_calibration.py --opponent marjj-style \\
        --matches 20 --seed 5000

Plays eaai matches with mirrored deals (each seed twice, seats swapped). Whenever the expert
knocks it notes the undercut chance its search gave that knock (``Assessment.undercut_risk``),
its expected points and whether it had yet taken the opponent for one that waits; the hand's
end says whether the knock was undercut. Printed: predicted against actual undercut rates by
band of predicted risk, and before and after the expert learned that the opponent waits. A
well-calibrated expert's two columns agree; an expert that takes a waiter for a quick knocker
predicts too few undercuts.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from ginrummy.core.actions import Kind
from ginrummy.core.match import Match
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players.base import play_match
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.expert.player import Assessment
from ginrummy.players.registry import make_player

BANDS = ((0.0, 0.1), (0.1, 0.2), (0.2, 0.35), (0.35, 0.5), (0.5, 1.01))


@dataclass(frozen=True)
class Knock:
    predicted: float  # the undercut chance the expert gave its knock
    points: float  # and the knock's expected points
    knew_it_waits: bool  # whether it had taken the opponent for one that waits
    undercut: bool


class RecordingExpert(ExpertPlayer):
    """The expert, noting each knock it makes and how the hand then ended."""

    def __init__(self, seed: int, knocks: list[Knock]) -> None:
        super().__init__(seed=seed)
        self.knocks = knocks
        self.pending: Assessment | None = None
        self.knew_it_waits = False

    def assess(self, view: PlayerView) -> list[Assessment]:
        ranked = super().assess(view)
        if ranked and ranked[0].action.kind is Kind.KNOCK:
            self.pending, self.knew_it_waits = ranked[0], self.opponent_waits
        return ranked

    def observe(self, view: PlayerView) -> None:
        result, knock = view.result, self.pending
        if result is not None and knock is not None and result.knocker == view.player:
            self.knocks.append(Knock(knock.undercut_risk or 0.0, knock.knock_points or 0.0,
                                     self.knew_it_waits, result.winner != view.player))
            self.pending = None
        super().observe(view)


def rates(knocks: list[Knock]) -> str:
    if not knocks:
        return "none"
    predicted = sum(k.predicted for k in knocks) / len(knocks)
    actual = sum(k.undercut for k in knocks) / len(knocks)
    return f"{len(knocks):4d} knocks, predicted {predicted:5.1%}, undercut {actual:5.1%}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="marjj-style")
    parser.add_argument("--matches", type=int, default=20, help="seeds, each played twice")
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    knocks: list[Knock] = []
    started = time.process_time()
    for seed in range(args.seed, args.seed + args.matches):
        for expert_seat in (0, 1):
            expert = RecordingExpert(seed, knocks)
            other = make_player(args.opponent, seed=seed + 7)
            players = (expert, other) if expert_seat == 0 else (other, expert)
            play_match(Match.new(rules_for("eaai"), seed=seed), players)
    print(f"expert against {args.opponent}, {2 * args.matches} eaai matches from seed "
          f"{args.seed}, {time.process_time() - started:.0f} CPU s")
    rows = [("all", knocks),
            ("before it knew it waits", [k for k in knocks if not k.knew_it_waits]),
            ("after", [k for k in knocks if k.knew_it_waits]),
            ("expected points below 0", [k for k in knocks if k.points < 0])]
    rows += [(f"predicted {low:.0%}-{min(high, 1):.0%}",
              [k for k in knocks if low <= k.predicted < high]) for low, high in BANDS]
    for label, chosen in rows:
        print(f"{label:<24} {rates(chosen)}")

if __name__ == "__main__":
    main()
