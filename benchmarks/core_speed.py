"""The rules engine's speed beside OpenSpiel's gin_rummy and RLCard's, as ratios, in one run.

    python benchmarks/core_speed.py [--rounds 5] [--scale 1.0]

Each workload runs in rounds, the contenders interleaved, and is timed in CPU time of this process
(the machine is shared); the table shows the median rate and the median per-round ratio, and the
load average is printed before and after. Every contender gets the same lists of card ints.

The solver workloads come in two hand mixes: **uniform** (ten or eleven cards drawn at random)
and **meld-dense** (cards from two to four suits in a window of six or more ranks, as the
solver's property tests draw them: sets, runs and their overlaps are common). The best discard's headline anchor
is OpenSpiel's one-call eleven-card function (``min_deadwood`` on eleven cards returns the least
deadwood after the best discard); the exact eleven-call emulation (the least deadwood of each
ten-card subset) is printed beside it. OpenSpiel (`open_spiel`) and RLCard (`rlcard`) come with
the `bench` extra; a contender that is not installed is reported as missing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from ginrummy.core.melds import best_discard_of, min_deadwood_of
from ginrummy.core.playout import random_playout
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, Phase

Workload = Callable[[], int]  # runs once, returns the number of items it processed
MIXES = ("uniform", "meld-dense")


def uniform_hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    return [rng.sample(range(52), size) for _ in range(count)]


def meld_dense_hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    """Hands of ``size`` cards from two to four suits and a window of six or more ranks (the
    ``dense_cards`` of the solver's property tests): sets, runs and their overlaps are common,
    which is where an exact solver has choices to weigh."""
    hands = []
    for _ in range(count):
        suits = rng.sample(range(4), rng.randint(2, 4))
        low = rng.randint(0, 13 - 6)
        width = rng.randint(6, 13 - low)
        pool = [suit * 13 + rank for suit in suits for rank in range(low, low + width)]
        if len(pool) < size:
            pool += [card for card in range(52) if card not in pool]
        hands.append(rng.sample(pool, size))
    return hands


def ours_deadwood(hands: list[list[int]]) -> Workload:
    """``min_deadwood_of``: the solver's entry point for a card list, the list OpenSpiel gets."""

    def run() -> int:
        for hand in hands:
            min_deadwood_of(hand)
        return len(hands)

    return run


def ours_best_discard(hands: list[list[int]]) -> Workload:
    """``best_discard_of``: the best card to throw and the least deadwood after it, from the card
    list (OpenSpiel's one call returns the deadwood alone)."""

    def run() -> int:
        for hand in hands:
            best_discard_of(hand)
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


def openspiel_solver(hands: list[list[int]], *, one_call: bool) -> Workload:
    """OpenSpiel's ``min_deadwood``: on ten-card hands, or on eleven with ``one_call`` (its own
    eleven-card function), else the exact eleven-call emulation of the best discard."""
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    min_dw = utils.min_deadwood

    def run() -> int:
        if one_call:
            for hand in hands:
                min_dw(hand)
        else:
            for hand in hands:
                min(min_dw(hand[:i] + hand[i + 1:]) for i in range(11))
        return len(hands)

    return run


def openspiel_hands(count: int, seed: int) -> Workload:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")

    def run() -> int:
        rng = random.Random(seed)
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
        return count

    return run


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
    deals = {
        "uniform": (uniform_hands(rng, n_hands, 10), uniform_hands(rng, n_hands // 4, 11)),
        "meld-dense": (meld_dense_hands(rng, n_hands, 10), meld_dense_hands(rng, n_hands // 4, 11)),
    }
    n_random = int(1000 * args.scale)
    n_anchor = max(50, n_random // 8)

    rows: list[tuple[str, str, Workload]] = []
    for mix, (hands10, hands11) in deals.items():
        rows.append((f"deadwood10 {mix}", "ginrummy", ours_deadwood(hands10)))
        rows.append((f"discard11 {mix}", "ginrummy", ours_best_discard(hands11)))
    rows.append(("hands", "ginrummy apply loop", ours_random_hands(n_random, 7, fast=False)))
    rows.append(("hands", "ginrummy random_playout", ours_random_hands(n_random, 7, fast=True)))
    missing: list[str] = []
    try:
        for mix, (hands10, hands11) in deals.items():
            rows.append((f"deadwood10 {mix}", "OpenSpiel", openspiel_solver(hands10, one_call=True)))
            rows.append((f"discard11 {mix}", "OpenSpiel one call",
                         openspiel_solver(hands11, one_call=True)))
            rows.append((f"discard11 {mix}", "OpenSpiel 11 calls",
                         openspiel_solver(hands11, one_call=False)))
        rows.append(("hands", "OpenSpiel", openspiel_hands(n_anchor, 7)))
    except ImportError:
        missing.append("OpenSpiel (pip install open_spiel)")
    try:
        rows.append(("hands", "RLCard", rlcard_hands(n_anchor, 7)))
    except ImportError:
        missing.append("RLCard (pip install rlcard)")

    print(f"load average before: {load()}")
    rates: dict[tuple[str, str], list[float]] = {(w, who): [] for w, who, _ in rows}
    for _ in range(args.rounds):
        for workload_name, who, workload in rows:
            rates[(workload_name, who)].append(measure(workload))
    print_table(rates, args.rounds)
    print(f"\nload average after: {load()}")
    for name in missing:
        print(f"missing anchor: {name}")


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} CPUs)"


TITLES = {
    "deadwood10 uniform": "exact min deadwood, uniform 10-card hands (hands/s)",
    "deadwood10 meld-dense": "exact min deadwood, meld-dense 10-card hands (hands/s)",
    "discard11 uniform": "exact best discard, uniform 11-card hands (hands/s)",
    "discard11 meld-dense": "exact best discard, meld-dense 11-card hands (hands/s)",
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
                    ratio = statistics.median(a / b for a, b in zip(series, anchor_series,
                                                                    strict=True))
                    line += f"   {ratio:6.2f}x {anchor}"
            print(line)


if __name__ == "__main__":
    main()
