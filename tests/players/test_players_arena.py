"""The arena: mirrored deals, the same outcomes for any number of processes, forfeits, figures."""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrummy.core.actions import Action
from ginrummy.core.cards import parse_card
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players.arena import GameResult, PairResult, pair_seed, play_game, run_pairs
from ginrummy.players.base import BasePlayer
from ginrummy.players.registry import _FACTORIES, register
from ginrummy.players.report import percentile, summarize, wilson_interval
from ginrummy.players.standard import StandardPlayer

EAAI = rules_for("eaai")
SHORT = rules_for("classic", target=25)  # short matches: many pools in little time
DEALT: list[tuple[str, int, tuple[int, ...]]] = []  # (player, hand number, opening hand)


class SpyPlayer(StandardPlayer):
    """Plays the standard way and notes every opening hand it is dealt."""

    def __init__(self, label: str, seed: int | None) -> None:
        super().__init__(seed=seed)
        self.label = label

    def choose(self, view: PlayerView) -> Action:
        if not any(m.player == view.player for m in view.history):  # its first decision
            assert view.match is not None
            hand = tuple(c for c in view.hand if c != view.taken)
            DEALT.append((self.label, view.match.hand_number, hand))
        return super().choose(view)


class Raiser(BasePlayer):
    name = "raiser"

    def choose(self, view: PlayerView) -> Action:
        if len(view.history) > 6:
            raise IllegalActionError("the bot process said nonsense")
        return view.legal_actions[0]


class Cheater(BasePlayer):
    name = "cheater"

    def choose(self, view: PlayerView) -> Action:
        return Action.discard(parse_card("AS")) if view.phase.value == "discard" else \
            view.legal_actions[0]


class Sleeper(StandardPlayer):
    name = "sleeper"

    def choose(self, view: PlayerView) -> Action:
        if view.history:
            time.sleep(0.2)
        return super().choose(view)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """External bots log to the data directory: keep it out of the user's."""
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "home"))


@pytest.fixture
def test_players() -> Iterator[None]:
    register("spy-a", lambda seed: SpyPlayer("a", seed))
    register("spy-b", lambda seed: SpyPlayer("b", seed))
    register("raiser", lambda seed: Raiser(seed=seed))
    register("cheater", lambda seed: Cheater(seed=seed))
    register("sleeper", lambda seed: Sleeper(seed=seed))
    DEALT.clear()
    yield
    for name in ("spy-a", "spy-b", "raiser", "cheater", "sleeper"):
        del _FACTORIES[name]


def outcomes(pairs: list[PairResult]) -> list[tuple[object, ...]]:
    return [(g.seed, g.seat_a, g.winner, g.hands, g.points, g.totals, g.gins, g.undercuts)
            for pair in pairs for g in pair.games]


def opening_hands(seat_a: int) -> dict[int, dict[str, frozenset[int]]]:
    """Play one game of pair seed 12345 between spies; their opening hands by hand number."""
    DEALT.clear()
    game = play_game("spy-a", "spy-b", EAAI, 12345, seat_a=seat_a)
    assert game.hands >= 2
    hands: dict[int, dict[str, frozenset[int]]] = {}
    for label, number, hand in DEALT:
        hands.setdefault(number, {})[label] = frozenset(hand)
    return hands


def test_players_arena_mirrors_the_deals_with_seats_swapped(test_players: None) -> None:
    first, second = opening_hands(seat_a=0), opening_hands(seat_a=1)
    # The first dealer is drawn from the seed, so hand 1 is dealt to the same seats: A's cards
    # in one game are B's in the other.
    assert first[1]["a"] == second[1]["b"] and first[1]["b"] == second[1]["a"]
    assert first[1]["a"] != first[1]["b"]
    # Later dealers follow who won, but the decks are the same sequence: the same 20 cards.
    for number in set(first) & set(second):
        assert first[number]["a"] | first[number]["b"] == second[number]["a"] | second[number]["b"]
    assert len(set(first) & set(second)) >= 2


def test_players_arena_outcomes_do_not_depend_on_the_number_of_processes() -> None:
    serial = run_pairs("standard", "gin-camper", EAAI, pairs=6, seed=7, jobs=1)
    parallel = run_pairs("standard", "gin-camper", EAAI, pairs=6, seed=7, jobs=2)
    assert [p.index for p in parallel] == list(range(6))
    assert outcomes(serial) == outcomes(parallel)
    assert outcomes(serial) != outcomes(run_pairs("standard", "gin-camper", EAAI, pairs=6,
                                                  seed=8, jobs=1))


@pytest.fixture
def terminated(monkeypatch: pytest.MonkeyPatch) -> list[multiprocessing.pool.Pool]:
    """The pools terminated while the test runs (they are terminated all the same)."""
    pools: list[multiprocessing.pool.Pool] = []
    terminate = multiprocessing.pool.Pool.terminate

    def noted(pool: multiprocessing.pool.Pool) -> None:
        pools.append(pool)
        terminate(pool)

    monkeypatch.setattr(multiprocessing.pool.Pool, "terminate", noted)
    return pools


def test_players_arena_a_pool_whose_work_is_done_lets_its_workers_exit_on_their_own(
    terminated: list[multiprocessing.pool.Pool],
) -> None:
    # Terminating a finished pool once hung a whole test run: a worker idle on the task
    # queue's lock did not die of its SIGTERM. Workers must end through the queue instead.
    before = set(multiprocessing.active_children())
    for seed in range(6):
        pairs = run_pairs("random", "beginner", SHORT, pairs=3, seed=seed, jobs=2)
        assert [p.index for p in pairs] == [0, 1, 2]
    assert terminated == []
    assert set(multiprocessing.active_children()) <= before


def test_players_arena_a_consumer_that_stops_early_terminates_the_pool(
    terminated: list[multiprocessing.pool.Pool],
) -> None:
    def stop(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_pairs("random", "beginner", SHORT, pairs=4, seed=1, jobs=2, on_result=stop)
    assert len(terminated) == 1
    # this pool's own workers, not every child of the test process: another test's leftovers
    # may come and go meanwhile
    workers = terminated[0]._pool  # type: ignore[attr-defined]
    for worker in workers:  # a terminated worker may take a moment to die on a busy machine
        worker.join(timeout=10)
    assert workers and not any(worker.is_alive() for worker in workers)


def test_players_arena_pair_seeds_differ_between_pairs_and_base_seeds() -> None:
    seeds = {pair_seed(base, index) for base in range(5) for index in range(50)}
    assert len(seeds) == 250


@pytest.mark.parametrize(("bad", "reason"), [
    ("raiser", "raised IllegalActionError: the bot process said nonsense"),
    ("cheater", "chose an illegal action: Action.parse('discard AS')"),
    ("sleeper", "timed out"),
])
def test_players_arena_a_misbehaving_player_forfeits_and_the_arena_goes_on(
    test_players: None, bad: str, reason: str
) -> None:
    pairs = run_pairs("standard", bad, EAAI, pairs=2, seed=1, move_timeout=0.1)
    games = [g for pair in pairs for g in pair.games]
    assert len(games) == 4
    for game in games:
        assert game.winner == "a"
        assert game.forfeit is not None and game.forfeit.startswith("b ")
        assert reason in game.forfeit
    summary = summarize(pairs, name_a="standard", name_b=bad, rules="eaai", seed=1)
    assert summary["wins_a"] == 4 and len(summary["forfeits"]) == 4


def test_players_arena_a_player_that_cannot_start_forfeits() -> None:
    game_pairs = run_pairs("cmd:/nonexistent/bot --fast", "standard", EAAI, pairs=1, seed=1)
    for game in game_pairs[0].games:
        assert game.winner == "b" and game.forfeit is not None
        assert game.forfeit.startswith("a could not start")


def test_players_arena_counts_add_up() -> None:
    pairs = run_pairs("standard", "beginner", EAAI, pairs=3, seed=2)
    for game in (g for pair in pairs for g in pair.games):
        assert isinstance(game, GameResult) and game.forfeit is None
        winner = 0 if game.winner == "a" else 1
        assert game.points[winner] >= EAAI.target > game.points[1 - winner]
        assert game.gins[0] + game.gins[1] + game.undercuts[0] + game.undercuts[1] <= game.hands
        assert len(game.times[0]) > game.hands and len(game.times[1]) > game.hands
    summary = summarize(pairs, name_a="standard", name_b="beginner", rules="eaai", seed=2)
    assert summary["matches"] == 6 and summary["wins_a"] + summary["wins_b"] == 6
    hands = sum(g.hands for p in pairs for g in p.games)
    points_a = sum(g.points[0] for p in pairs for g in p.games)
    assert summary["hands"] == hands
    assert summary["points_per_hand_a"] == pytest.approx(points_a / hands)
    low, high = summary["ci95"]
    assert low <= summary["win_rate_a"] <= high


def test_players_wilson_interval_matches_published_values() -> None:
    # Newcombe (1998), Table I: 81/263 -> 0.2553-0.3662; 15/148 -> 0.0624-0.1605
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson_interval(15, 148) == pytest.approx((0.0624, 0.1605), abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_players_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.99) == 99.0
    assert percentile(values, 0.5) == 50.0
    assert percentile([], 0.99) == 0.0


@pytest.mark.parametrize("preset", ["classic", "modern", "norwegian", "oklahoma", "straight",
                                    "hollywood"])
def test_players_arena_plays_every_two_player_preset(preset: str) -> None:
    pairs = run_pairs("gin-camper", "beginner", rules_for(preset), pairs=1, seed=3)
    for game in pairs[0].games:
        assert game.forfeit is None and game.winner in ("a", "b") and game.hands >= 1


HANGING_BOT = """
import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "hangs", "protocol": "ginrummy-bot/1",
                          "supports": ["decide"]}), flush=True)
    elif message["type"] == "decide":
        time.sleep(60)
"""


def test_players_arena_stops_an_external_bot_at_the_move_timeout(tmp_path: Path) -> None:
    bot = tmp_path / "hangs.py"
    bot.write_text(HANGING_BOT)
    pairs = run_pairs(f"cmd:{sys.executable} {bot}", "standard", EAAI, pairs=1, seed=1,
                      move_timeout=0.5)
    for game in pairs[0].games:
        assert game.winner == "b" and game.forfeit is not None
        assert game.forfeit.startswith("a raised BotForfeit")
        assert "no answer within the decision time of 0.5 s" in game.forfeit
