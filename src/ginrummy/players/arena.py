"""The arena: mirrored matches between two named players, with forfeits and timings.

The unit of work is :func:`play_pair`: one deal sequence (from a seed) played twice with the
seats swapped, as plain picklable data in, plain picklable data out. It knows nothing of
processes, so any backend (the local process pool in :func:`run_pairs`, Ray, a cluster) can
farm pairs out and get identical outcomes.

Decks come only from the match seed (``Match.new`` draws every deck from its own RNG), never
from what the players do, so both games of a pair see the very same cards in the same seats:
A holds in the second game exactly the cards B held in the first.

A player forfeits the match (and the arena goes on) when it raises, returns an illegal action
or takes longer than ``move_timeout`` seconds over one decision; the reason is recorded. An
external bot (``cmd:...``) is stopped at that limit; an in-process player is judged when it
answers.
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.pool
import random
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.rules import Rules
from ginrummy.players.base import Player
from ginrummy.players.registry import make_player

DEFAULT_MOVE_TIMEOUT = 10.0  # seconds for one decision; generous, external bots included
SIDES = ("a", "b")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One match to the target. Pairs of figures are (A, B), whatever the seats."""

    seed: int
    seat_a: int  # A's seat: 0 in the first game of a pair, 1 in the second
    winner: str  # "a" or "b"
    forfeit: str | None  # why the loser forfeited, e.g. "b raised ValueError: boom"
    hands: int
    points: tuple[int, int]  # hand points won
    totals: tuple[int, int]  # final totals with bonuses
    gins: tuple[int, int]  # hands won by gin or big gin
    undercuts: tuple[int, int]  # hands won as the defender
    dead_hands: int
    times: tuple[tuple[float, ...], tuple[float, ...]]  # seconds per decision


@dataclass(frozen=True, slots=True)
class PairResult:
    """A deal sequence played twice: A in seat 0, then A in seat 1."""

    index: int
    seed: int
    games: tuple[GameResult, GameResult]


class Forfeit(Exception):
    """Raised inside a game when a player loses it by misbehaving."""

    def __init__(self, side: str, reason: str) -> None:
        super().__init__(f"{side} {reason}")
        self.side = side


def pair_seed(base_seed: int, index: int) -> int:
    """The deal seed of pair ``index``: spread out so neighbouring base seeds do not overlap."""
    return random.Random(f"ginrummy-arena:{base_seed}:{index}").getrandbits(63)


def play_pair(
    name_a: str,
    name_b: str,
    rules: Rules,
    seed: int,
    *,
    index: int = 0,
    move_timeout: float = DEFAULT_MOVE_TIMEOUT,
) -> PairResult:
    """Play the mirrored pair of matches dealt from ``seed`` between fresh players."""
    games = tuple(
        play_game(name_a, name_b, rules, seed, seat_a=seat_a, move_timeout=move_timeout)
        for seat_a in (0, 1)
    )
    return PairResult(index, seed, (games[0], games[1]))


def play_game(
    name_a: str,
    name_b: str,
    rules: Rules,
    seed: int,
    *,
    seat_a: int,
    move_timeout: float = DEFAULT_MOVE_TIMEOUT,
) -> GameResult:
    """One match to the target with A in ``seat_a``; players are made fresh (seeded) for it."""
    match = Match.new(rules, seed=seed, names=_seat_order((name_a, name_b), seat_a))
    assert isinstance(match, Match), "two-player rules only (table_arena seats more)"
    times: tuple[list[float], list[float]] = ([], [])
    players: list[Player] = []
    forfeit: Forfeit | None = None
    try:
        for side, name, player_seed in (("a", name_a, seed), ("b", name_b, seed + 1)):
            players.append(_guarded(side, "could not start", _make, name, player_seed,
                                    move_timeout))
        _play(match, _seat_order((players[0], players[1]), seat_a), seat_a, times, move_timeout)
    except Forfeit as error:
        forfeit = error
    finally:
        for player in players:
            _close(player)
    return _game_result(match, seed, seat_a, forfeit, times)


def _play(
    match: Match,
    seated: tuple[Player, Player],
    seat_a: int,
    times: tuple[list[float], list[float]],
    move_timeout: float,
) -> None:
    def side_of(seat: int) -> str:
        return "a" if seat == seat_a else "b"

    while True:
        state = match.state
        if state.is_over:
            for seat in (0, 1):
                _guarded(side_of(seat), "raised in observe", seated[seat].observe,
                         match.view(seat))
            if match.is_over:
                return
            match.next_hand()
            continue
        seat = state.to_play
        side = side_of(seat)
        view = match.view(seat)
        start = time.perf_counter()
        action = _guarded(side, "raised", seated[seat].choose, view)
        elapsed = time.perf_counter() - start
        times[SIDES.index(side)].append(elapsed)
        if elapsed > move_timeout:
            raise Forfeit(side, f"timed out: {elapsed:.1f} s for one decision "
                                f"(limit {move_timeout:g} s)")
        if not state.can(action):
            raise Forfeit(side, f"chose an illegal action: {action!r}")
        match.apply(action)


def _make(name: str, seed: int, move_timeout: float) -> Player:
    """A fresh player. An external bot's hard limit per decision is $GINRUMMY_BOT_DECISION_TIME
    when that is set and shorter than the arena's, else the arena's decision time."""
    if name.startswith("cmd:"):
        # The bot client cuts a silent process off at its limit; in-process players cannot be
        # interrupted, so their time is checked once they answer.
        from ginrummy.protocol.client import DECISION_TIME_ENV, ExternalBot, env_seconds

        limit = min(move_timeout, env_seconds(DECISION_TIME_ENV) or math.inf)
        # 0 tells the bot client "no limit" (None would mean "ask the environment")
        return ExternalBot(name[4:], seed=seed, decision_time=0 if math.isinf(limit) else limit)
    return make_player(name, seed=seed)


def _guarded(side: str, what: str, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a player's code; any exception it raises is a forfeit, not a crash of the arena."""
    try:
        return call(*args, **kwargs)
    except Exception as error:  # a bot may fail in any way at all
        raise Forfeit(side, f"{what} {type(error).__name__}: {error}") from error


def _close(player: Player) -> None:
    """External bots hold a process; let them end it (errors there no longer matter)."""
    close = getattr(player, "close", None)
    if callable(close):
        try:
            close()
        except Exception:  # the match is decided; a failing shutdown changes nothing
            pass


def _seat_order(pair: tuple[T, T], seat_a: int) -> tuple[T, T]:
    return pair if seat_a == 0 else (pair[1], pair[0])


def _game_result(
    match: Match,
    seed: int,
    seat_a: int,
    forfeit: Forfeit | None,
    times: tuple[list[float], list[float]],
) -> GameResult:
    seat_of = {"a": seat_a, "b": 1 - seat_a}
    if forfeit is not None:
        winner = "b" if forfeit.side == "a" else "a"
    else:
        assert match.winner is not None
        winner = "a" if match.winner == seat_a else "b"
    results = [record.result for record in match.hands if record.result is not None]

    def count(side: str, outcomes: tuple[str, ...]) -> int:
        return sum(1 for r in results if r.winner == seat_of[side] and r.outcome in outcomes)

    def per_side(figure: Callable[[str], int]) -> tuple[int, int]:
        return figure("a"), figure("b")

    totals = match.totals()
    return GameResult(
        seed=seed,
        seat_a=seat_a,
        winner=winner,
        forfeit=None if forfeit is None else str(forfeit),
        hands=len(results),
        points=per_side(lambda s: sum(r.points_for(seat_of[s]) for r in results)),
        totals=per_side(lambda s: totals[seat_of[s]]),
        gins=per_side(lambda s: count(s, ("gin", "big_gin"))),
        undercuts=per_side(lambda s: count(s, ("undercut",))),
        dead_hands=sum(1 for r in results if r.outcome == "dead"),
        times=(tuple(times[0]), tuple(times[1])),
    )


def check_player(name: str) -> None:
    """Fail before any match: an unknown name or a missing extra is the caller's error.

    Making each named player once here also loads its libraries in this process, before any
    worker starts (RLCard unpacks data files on first import, and racing workers trip on that).
    """
    if name.startswith("cmd:"):
        if not name[4:].strip():
            raise GinRummyError("cmd: needs a command line, e.g. cmd:'python3 mybot.py'")
        return  # external bots start per match; one that fails to start forfeits that match
    _close(make_player(name, seed=0))


def _play_indexed(job: tuple[str, str, Rules, int, int, float]) -> PairResult:
    name_a, name_b, rules, base_seed, index, move_timeout = job
    return play_pair(name_a, name_b, rules, pair_seed(base_seed, index), index=index,
                     move_timeout=move_timeout)


def run_pairs(
    name_a: str,
    name_b: str,
    rules: Rules,
    *,
    pairs: int,
    seed: int,
    jobs: int = 1,
    move_timeout: float = DEFAULT_MOVE_TIMEOUT,
    on_result: Callable[[int], None] | None = None,
) -> list[PairResult]:
    """Play ``pairs`` mirrored pairs on ``jobs`` processes; results in pair order.

    Every pair's seed derives from (``seed``, its index) alone, so the outcomes are the same for
    any ``jobs``. ``on_result`` hears how many pairs are done after each one.
    """
    for name in (name_a, name_b):
        check_player(name)
    work = [(name_a, name_b, rules, seed, index, move_timeout) for index in range(pairs)]
    results: list[PairResult] = []
    for result in _results(work, jobs):
        results.append(result)
        if on_result is not None:
            on_result(len(results))
    return sorted(results, key=lambda r: r.index)


def _results(
    work: list[tuple[str, str, Rules, int, int, float]], jobs: int
) -> Iterator[PairResult]:
    if jobs <= 1 or len(work) <= 1:
        yield from map(_play_indexed, work)
        return
    with worker_pool(min(jobs, len(work))) as pool:
        yield from pool.imap_unordered(_play_indexed, work, chunksize=1)


@contextmanager
def worker_pool(processes: int) -> Iterator[multiprocessing.pool.Pool]:
    """A process pool that, once its work is done, lets its workers finish and exit on their
    own; only Ctrl+C, an error in the parent or a consumer that stops early terminates them,
    and then they unwind instead of dying at once, so each running match stops its bots.

    (Terminating a pool whose work is done is not only abrupt: a worker idle on the task
    queue's lock once failed to die of its SIGTERM and hung the whole run.)"""
    pool = multiprocessing.get_context().Pool(processes, initializer=_worker_signals)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        raise
    pool.close()
    pool.join()


def _worker_signals() -> None:
    # Ctrl+C reaches the whole terminal group; the parent alone reacts, and terminating the
    # pool sends each worker one SIGTERM, which unwinds it through its matches' cleanup.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _raise_exit)


def _raise_exit(signum: int, frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the cleanup short
    raise SystemExit(128 + signum)
