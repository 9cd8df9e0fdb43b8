"""The arena at a bigger table: three-player and partnership matches, every seating per deal.

The two-player arena (:mod:`ginrummy.players.arena`) plays each deal sequence twice with the
seats swapped; here each deal sequence is played once in every *seating* of the format, so
every player holds every seat's cards equally often and the luck of the deal cancels out:

* **three players** (RULES §9.7): all 3! = 6 orders of the three around the table. Each player
  sits in each seat twice per deal sequence, and each sits before and after each other player
  equally often (the seat after the dealer opens the hand, so the order matters, not only the
  seat).
* **partnership** (§9.8): every way to split the four into two teams (A+C v B+D, A+B v C+D,
  A+D v B+C), each rotated through the four seats: 12 seatings per deal sequence. Every player
  partners and opposes every other equally often and sits in every seat three times, so a
  player's wins measure the player, not its partner. With ``fixed_teams`` only A+C v B+D is
  played (4 seatings): the tournament of two fixed partnerships.

The unit of work is :func:`play_round`: one deal sequence played in every seating, plain
picklable data in and out, so any process pool or cluster can run rounds and get the same
outcomes. Decks and first dealers come only from the match seed, never from the play.

A player forfeits the match, as in the two-player arena, when it raises, returns an illegal
action or takes longer than ``move_timeout`` over one decision. In a partnership the other
team then wins; with three players the win goes to the better of the other two by the totals
so far (on a tie, the one in the lower seat: every player sits in every seat equally often).

Players are known by their place in the list of names, ``a`` to ``d``, so a name may come twice.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ginrummy.core.actions import Action
from ginrummy.core.errors import GinRummyError
from ginrummy.core.multiplayer import TEAMS, PartnershipMatch, Table, ThreePlayerMatch
from ginrummy.core.rules import Rules
from ginrummy.players.arena import (
    DEFAULT_MOVE_TIMEOUT,
    Forfeit,
    _close,
    _guarded,
    _make,
    check_player,
    pair_seed,
    worker_pool,
)
from ginrummy.players.base import Player

TableMatch = ThreePlayerMatch | PartnershipMatch
Seating = tuple[int, ...]  # seating[seat]: the player (its place in the names) in that seat
LABELS = ("a", "b", "c", "d")
FORMATS = {3: "three-player", 4: "partnership"}


@dataclass(frozen=True, slots=True)
class TableGame:
    """One match to the target. Figures are by player (place in the names), not by seat."""

    seed: int
    seating: Seating
    winners: tuple[int, ...]  # the winning player, or the two partners of the winning team
    forfeit: str | None  # why a player forfeited, e.g. "c raised ValueError: boom"
    hands: int  # hands played in the match, dead ones included
    dead_hands: int
    played: tuple[int, ...]  # hands each player sat at the table for
    hands_won: tuple[int, ...]
    points: tuple[int, ...]  # hand points won
    totals: tuple[int, ...]  # final totals with bonuses (a partner has its team's)
    gins: tuple[int, ...]  # hands won by gin or big gin
    undercuts: tuple[int, ...]  # hands won as the defender
    times: tuple[tuple[float, ...], ...]  # seconds per decision

    def seat_of(self, player: int) -> int:
        return self.seating.index(player)


@dataclass(frozen=True, slots=True)
class TableRound:
    """A deal sequence played once in every seating of the format."""

    index: int
    seed: int
    games: tuple[TableGame, ...]


def seatings(players: int, *, fixed_teams: bool = False) -> list[Seating]:
    """Every seating a deal sequence is played in (see the module docstring).

    >>> seatings(3)
    [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    >>> seatings(4, fixed_teams=True)
    [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]
    >>> len(seatings(4)), sorted({frozenset((s[0], s[2])) for s in seatings(4)}, key=sorted)[:3]
    (12, [frozenset({0, 1}), frozenset({0, 2}), frozenset({0, 3})])
    """
    if players == 3:
        return list(itertools.permutations(range(3)))
    if players != 4:
        raise GinRummyError(f"the arena seats 2, 3 or 4 players, not {players}")
    partners = (2,) if fixed_teams else (2, 1, 3)  # A's partner: C first, as the seats read
    result: list[Seating] = []
    for partner in partners:
        a_team = (0, partner)
        others = tuple(p for p in range(4) if p not in a_team)
        base = (a_team[0], others[0], a_team[1], others[1])  # seats 0 and 2 are partners
        result.extend(tuple(base[(seat + turn) % 4] for seat in range(4)) for turn in range(4))
    return result


def teams_of(seating: Seating) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two partnerships of a four-player seating, each as sorted players (team 0 first)."""
    first = (seating[0], seating[2])
    second = (seating[1], seating[3])
    return (min(first), max(first)), (min(second), max(second))


def new_table_match(rules: Rules, *, seed: int, names: Sequence[str]) -> TableMatch:
    """The match format the rules call for (until ``Match.new`` picks it by itself)."""
    if rules.players == 3:
        return ThreePlayerMatch.new(rules, seed=seed, names=names)
    if rules.players == 4:
        return PartnershipMatch.new(rules, seed=seed, names=names)
    raise GinRummyError(f"the {rules.name} rules are for {rules.players} players; the table "
                        "arena plays three-player and partnership matches")


def play_round(
    names: Sequence[str],
    rules: Rules,
    seed: int,
    *,
    index: int = 0,
    fixed_teams: bool = False,
    move_timeout: float = DEFAULT_MOVE_TIMEOUT,
) -> TableRound:
    """Play the deal sequence from ``seed`` once in every seating, with fresh players each time."""
    games = tuple(
        play_table_game(names, rules, seed, seating=seating, move_timeout=move_timeout)
        for seating in seatings(len(names), fixed_teams=fixed_teams)
    )
    return TableRound(index, seed, games)


def play_table_game(
    names: Sequence[str],
    rules: Rules,
    seed: int,
    *,
    seating: Seating,
    move_timeout: float = DEFAULT_MOVE_TIMEOUT,
) -> TableGame:
    """One match to the target with player ``seating[seat]`` in each seat; players are made
    fresh for it, player ``i`` seeded with ``seed + i`` (as A and B are in the two-player arena)."""
    if sorted(seating) != list(range(len(names))):
        raise GinRummyError(f"a seating of {len(names)} players, not {seating}")
    match = new_table_match(rules, seed=seed, names=[names[p] for p in seating])
    times: list[list[float]] = [[] for _ in names]
    players: list[Player] = []
    forfeit: Forfeit | None = None
    try:
        for player, name in enumerate(names):
            players.append(_guarded(LABELS[player], "could not start", _make, name,
                                    seed + player, move_timeout))
        _play(match, seating, players, times, move_timeout)
    except Forfeit as error:
        forfeit = error
    finally:
        for each in players:
            _close(each)
    return _game_result(match, seed, seating, forfeit, times)


def _play(
    match: TableMatch,
    seating: Seating,
    players: list[Player],
    times: list[list[float]],
    move_timeout: float,
) -> None:
    while not match.is_over:
        if match.deal_over:
            match.next_deal()
        for seat in match.pending():
            player = seating[seat]
            side = LABELS[player]
            table = _table_at(match, seat)
            view = match.view(seat)
            start = time.perf_counter()
            action = _guarded(side, "raised", players[player].choose, view)
            elapsed = time.perf_counter() - start
            times[player].append(elapsed)
            if elapsed > move_timeout:
                raise Forfeit(side, f"timed out: {elapsed:.1f} s for one decision "
                                    f"(limit {move_timeout:g} s)")
            if not isinstance(action, Action) or not table.state.can(action):
                raise Forfeit(side, f"chose an illegal action: {action!r}")
            try:
                match.apply(action, seat=seat)
            except GinRummyError as error:  # can() said yes; the match may still know better
                raise Forfeit(side, f"chose an illegal action: {action!r} ({error})") from None
            # A finished hand is shown to both at its table; a dead partnership hand has
            # already been redealt there (the table is a new one) and is not shown.
            if table.state.is_over and any(t is table for t in match.tables()):
                for other in table.seats:
                    _guarded(LABELS[seating[other]], "raised in observe",
                             players[seating[other]].observe, match.view(other))
            if match.is_over:
                return


def _table_at(match: TableMatch, seat: int) -> Table:
    for table in match.tables():
        if seat in table.seats:
            return table
    raise AssertionError(f"seat {seat} is pending but at no table")  # pragma: no cover


def _board_seat(match: TableMatch, seat: int) -> int:
    """Where a seat's score is kept: its own (three players) or its team's (partnership)."""
    return seat % TEAMS if isinstance(match, PartnershipMatch) else seat


def _winning_seats(match: TableMatch, forfeit: Forfeit | None,
                   seating: Seating) -> tuple[int, ...]:
    seats = range(len(seating))
    if forfeit is None:
        assert match.winner is not None
        return tuple(s for s in seats if _board_seat(match, s) == match.winner)
    loser = seating.index(LABELS.index(forfeit.side))
    if isinstance(match, PartnershipMatch):
        return tuple(s for s in seats if s % TEAMS != loser % TEAMS)
    totals = match.totals()
    best = max((s for s in seats if s != loser), key=lambda s: (totals[s], -s))
    return (best,)


def _game_result(
    match: TableMatch,
    seed: int,
    seating: Seating,
    forfeit: Forfeit | None,
    times: list[list[float]],
) -> TableGame:
    hands = match.hands
    seat_of = {player: seat for seat, player in enumerate(seating)}
    order = sorted(seat_of)
    totals = match.totals()

    def per_player(figure: Callable[[int], int]) -> tuple[int, ...]:
        return tuple(figure(seat_of[p]) for p in order)

    def won(seat: int, outcomes: tuple[str, ...] | None = None) -> int:
        return sum(1 for h in hands if h.winner_seat == seat
                   and (outcomes is None or h.result.outcome in outcomes))

    return TableGame(
        seed=seed,
        seating=seating,
        winners=tuple(sorted(seating[s] for s in _winning_seats(match, forfeit, seating))),
        forfeit=None if forfeit is None else str(forfeit),
        hands=len(hands),
        dead_hands=sum(1 for h in hands if h.result.outcome == "dead"),
        played=per_player(lambda s: sum(1 for h in hands if s in h.seats)),
        hands_won=per_player(won),
        points=per_player(lambda s: sum(h.result.points for h in hands if h.winner_seat == s)),
        totals=per_player(lambda s: totals[_board_seat(match, s)]),
        gins=per_player(lambda s: won(s, ("gin", "big_gin"))),
        undercuts=per_player(lambda s: won(s, ("undercut",))),
        times=tuple(tuple(t) for t in times),
    )


TableJob = tuple[tuple[str, ...], Rules, int, int, bool, float]


def round_jobs(names: Sequence[str], rules: Rules, *, rounds: int, seed: int,
               fixed_teams: bool = False,
               move_timeout: float = DEFAULT_MOVE_TIMEOUT) -> list[TableJob]:
    """The work of a tournament, one picklable job per deal sequence, for :func:`play_job`."""
    return [(tuple(names), rules, pair_seed(seed, index), index, fixed_teams, move_timeout)
            for index in range(rounds)]


def play_job(names: tuple[str, ...], rules: Rules, seed: int, index: int, fixed_teams: bool,
             move_timeout: float) -> TableRound:
    """One job of :func:`round_jobs` (a plain function, so Ray and process pools can run it)."""
    return play_round(names, rules, seed, index=index, fixed_teams=fixed_teams,
                      move_timeout=move_timeout)


def run_rounds(
    names: Sequence[str],
    rules: Rules,
    *,
    rounds: int,
    seed: int,
    jobs: int = 1,
    fixed_teams: bool = False,
    move_timeout: float = DEFAULT_MOVE_TIMEOUT,
    on_result: Callable[[int], None] | None = None,
) -> list[TableRound]:
    """Play ``rounds`` deal sequences, each in every seating, on ``jobs`` processes.

    Round ``i`` is dealt from the same seed as pair ``i`` of the two-player arena; outcomes
    depend on (``seed``, index) alone, never on ``jobs``. ``on_result`` hears how many rounds
    are done after each one.
    """
    if len(names) != rules.players:
        raise GinRummyError(f"the {rules.name} rules are for {rules.players} players, "
                            f"not {len(names)}")
    for name in dict.fromkeys(names):
        check_player(name)
    work = round_jobs(names, rules, rounds=rounds, seed=seed, fixed_teams=fixed_teams,
                      move_timeout=move_timeout)
    results: list[TableRound] = []
    for result in _results(work, jobs):
        results.append(result)
        if on_result is not None:
            on_result(len(results))
    return sorted(results, key=lambda r: r.index)


def _play_star(job: TableJob) -> TableRound:
    return play_job(*job)


def _results(work: list[TableJob], jobs: int) -> Iterator[TableRound]:
    if jobs <= 1 or len(work) <= 1:
        yield from map(_play_star, work)
        return
    with worker_pool(min(jobs, len(work))) as pool:
        yield from pool.imap_unordered(_play_star, work, chunksize=1)
