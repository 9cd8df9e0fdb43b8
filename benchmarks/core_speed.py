"""The rules engine's speed beside OpenSpiel's gin_rummy and RLCard's, as ratios, in one run.

    python benchmarks/core_speed.py [--rounds 5] [--scale 1.0]

Each workload runs in rounds, the contenders interleaved, and is timed in CPU time of this process
(the machine is shared); the table shows the median rate and the median per-round ratio. Every
contender gets the same list of card ints. OpenSpiel (`open_spiel`) and RLCard (`rlcard`) come
with the `bench` extra; a contender that is not installed is reported as missing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from ginrummy.core.cards import to_mask
from ginrummy.core.melds import best_discard, min_deadwood
from ginrummy.core.playout import random_playout
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, Phase

Workload = Callable[[], int]  # runs once, returns the number of items it processed


def ours_deadwood(hands: list[list[int]]) -> Workload:
    def run() -> int:
        for hand in hands:
            min_deadwood(to_mask(hand))
        return len(hands)

    return run


def ours_best_discard(hands: list[list[int]]) -> Workload:
    def run() -> int:
        for hand in hands:
            best_discard(to_mask(hand))
        return len(hands)

    return run


def ours_random_hands(count: int, seed: int, *, fast: bool) -> Workload:
    rules = rules_for("classic")
    over = Phase.OVER

    def run() -> int:
        rng = random.Random(seed)
        for i in range(count):
            state = HandState.deal(rules, dealer=i % 2, rng=rng)
            if fast:
                random_playout(state, rng)
                continue
            while state.phase is not over:
                state.apply(rng.choice(state.legal_actions()))
        return count

    return run


def openspiel_workloads(
    hands10: list[list[int]], hands11: list[list[int]], count: int, seed: int
) -> dict[str, Workload]:
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    game = pyspiel.load_game("gin_rummy")

    def deadwood() -> int:
        for hand in hands10:
            utils.min_deadwood(hand)
        return len(hands10)

    def discard() -> int:
        # OpenSpiel's exact method: the least deadwood of each ten-card subset (11 calls).
        for hand in hands11:
            min(utils.min_deadwood(hand[:i] + hand[i + 1:]) for i in range(11))
        return len(hands11)

    def random_hands() -> int:
        rng = random.Random(seed)
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
        return count

    return {"deadwood10": deadwood, "discard11": discard, "hands": random_hands}


def rlcard_hands(count: int, seed: int) -> Workload:
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()

    def run() -> int:
        rng = random.Random(seed)
        for _ in range(count):
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.judge.get_legal_actions()))
        return count

    return run


def measure(workload: Workload) -> float:
    start = time.process_time()
    items = workload()
    return items / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the workload sizes")
    args = parser.parse_args(argv)
    rng = random.Random(2024)
    n_hands = int(100_000 * args.scale)
    hands10 = [rng.sample(range(52), 10) for _ in range(n_hands)]
    hands11 = [rng.sample(range(52), 11) for _ in range(n_hands // 4)]
    n_random = int(1000 * args.scale)
    n_anchor = max(50, n_random // 8)

    rows: list[tuple[str, str, Workload]] = [
        ("deadwood10", "ginrummy", ours_deadwood(hands10)),
        ("discard11", "ginrummy", ours_best_discard(hands11)),
        ("hands", "ginrummy apply loop", ours_random_hands(n_random, 7, fast=False)),
        ("hands", "ginrummy random_playout", ours_random_hands(n_random, 7, fast=True)),
    ]
    missing: list[str] = []
    try:
        for name, workload in openspiel_workloads(hands10, hands11, n_anchor, 7).items():
            rows.append((name, "OpenSpiel", workload))
    except ImportError:
        missing.append("OpenSpiel (pip install open_spiel)")
    try:
        rows.append(("hands", "RLCard", rlcard_hands(n_anchor, 7)))
    except ImportError:
        missing.append("RLCard (pip install rlcard)")

    rates: dict[tuple[str, str], list[float]] = {(w, who): [] for w, who, _ in rows}
    for _ in range(args.rounds):
        for workload_name, who, workload in rows:
            rates[(workload_name, who)].append(measure(workload))
    print_table(rates, args.rounds)
    for name in missing:
        print(f"missing anchor: {name}")


TITLES = {
    "deadwood10": "exact min deadwood, random 10-card hands (hands/s)",
    "discard11": "exact best discard, random 11-card hands (hands/s)",
    "hands": "uniform-random full hands (hands/s)",
}


def print_table(rates: dict[tuple[str, str], list[float]], rounds: int) -> None:
    print(f"CPU-time rates, median of {rounds} interleaved rounds; ratio = ours / anchor, "
          "median of per-round ratios")
    for workload_name, title in TITLES.items():
        print(f"\n{title}")
        entries = {who: r for (w, who), r in rates.items() if w == workload_name}
        anchors = {who: r for who, r in entries.items() if not who.startswith("ginrummy")}
        for who, series in entries.items():
            line = f"  {who:<26} {statistics.median(series):>12,.0f}"
            if who.startswith("ginrummy"):
                for anchor, anchor_series in anchors.items():
                    ratio = statistics.median(a / b for a, b in zip(series, anchor_series, strict=True))
                    line += f"   {ratio:6.1f}x {anchor}"
            print(line)


if __name__ == "__main__":
    main()
