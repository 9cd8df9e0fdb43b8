"""The arena at three and four seats: every seating per deal sequence, one winner a match,
the same deals in every seating, forfeits, figures that add up."""

from __future__ import annotations

import doctest
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path

import pytest

from ginrummy.core.actions import Action
from ginrummy.core.cards import parse_card
from ginrummy.core.errors import GinRummyError, IllegalActionError
from ginrummy.core.rules import rules_for
from ginrummy.core.views import PlayerView
from ginrummy.players import table_arena
from ginrummy.players.base import BasePlayer
from ginrummy.players.registry import _FACTORIES, register
from ginrummy.players.report import format_table_report, summarize_table
from ginrummy.players.standard import StandardPlayer
from ginrummy.players.table_arena import (
    TableRound,
    play_table_game,
    run_rounds,
    seatings,
    teams_of,
)

THREE = rules_for("three-player")
PARTNERSHIP = rules_for("partnership")
DEALT: list[tuple[str, int, frozenset[int]]] = []  # (player, hand number, opening hand)


class SpyPlayer(StandardPlayer):
    """Plays the standard way and notes its opening hand of each hand it plays."""

    def __init__(self, label: str, seed: int | None) -> None:
        super().__init__(seed=seed)
        self.label = label

    def choose(self, view: PlayerView) -> Action:
        if not any(m.player == view.player for m in view.history):
            assert view.match is not None
            hand = frozenset(c for c in view.hand if c != view.taken)
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


def _spy(label: str) -> Callable[[int | None], SpyPlayer]:
    return lambda seed: SpyPlayer(label, seed)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "home"))


@pytest.fixture
def test_players() -> Iterator[None]:
    names = ("spy-a", "spy-b", "spy-c", "raiser", "cheater")
    for label in "abc":
        register(f"spy-{label}", _spy(label))
    register("raiser", lambda seed: Raiser(seed=seed))
    register("cheater", lambda seed: Cheater(seed=seed))
    DEALT.clear()
    yield
    for name in names:
        del _FACTORIES[name]


def outcomes(rounds: list[TableRound]) -> list[tuple[object, ...]]:
    return [(g.seed, g.seating, g.winners, g.hands, g.points, g.totals, g.hands_won)
            for r in rounds for g in r.games]


@pytest.mark.parametrize(("players", "fixed", "count"), [(3, False, 6), (4, False, 12),
                                                          (4, True, 4)])
def test_players_multiseat_every_player_sits_in_every_seat_equally_often(
    players: int, fixed: bool, count: int
) -> None:
    seating_list = seatings(players, fixed_teams=fixed)
    assert len(seating_list) == len(set(seating_list)) == count
    per_seat = Counter((seat, player) for s in seating_list for seat, player in enumerate(s))
    assert set(per_seat.values()) == {count // players}
    assert len(per_seat) == players * players
    if players == 3:  # who sits after whom (the order round the table) is balanced too
        after = Counter((s[i], s[(i + 1) % 3]) for s in seating_list for i in range(3))
        assert set(after.values()) == {3} and len(after) == 6


def test_players_multiseat_partnerships_pair_everyone_with_everyone() -> None:
    partners = Counter(team for s in seatings(4) for team in teams_of(s))
    assert partners == {pair: 4 for pair in combinations(range(4), 2)}
    assert {teams_of(s) for s in seatings(4, fixed_teams=True)} == {((0, 2), (1, 3)),
                                                                    ((1, 3), (0, 2))}


def test_players_multiseat_three_players_see_the_same_deals_in_every_seating(
    test_players: None,
) -> None:
    names = ("spy-a", "spy-b", "spy-c")
    by_seat: dict[int, set[frozenset[int]]] = {}
    for seating in seatings(3):
        DEALT.clear()
        play_table_game(names, THREE, 4242, seating=seating)
        for label, number, hand in DEALT:
            if number == 1:  # the first dealer comes from the seed: the same seats play hand 1
                seat = seating.index("abc".index(label))
                by_seat.setdefault(seat, set()).add(hand)
    assert len(by_seat) == 2  # the dealer sits out
    assert all(len(hands) == 1 for hands in by_seat.values())  # one seat, one opening hand


def test_players_multiseat_three_player_round_robin_adds_up() -> None:
    names = ["random", "beginner", "standard"]
    rounds = run_rounds(names, THREE, rounds=1, seed=5)
    games = rounds[0].games
    assert [g.seating for g in games] == seatings(3)
    for game in games:
        assert game.forfeit is None and len(game.winners) == 1
        winner = game.winners[0]
        assert game.points[winner] >= THREE.target > max(
            p for i, p in enumerate(game.points) if i != winner)
        assert sum(game.played) == 2 * game.hands  # two of the three play each hand
        assert sum(game.hands_won) + game.dead_hands == game.hands
        assert all(len(game.times[p]) >= game.played[p] for p in range(3))
    summary = summarize_table(rounds, names=names, rules="three-player", seed=5)
    assert summary["matches"] == 6 and summary["seatings_per_sequence"] == 6
    players = summary["players"]
    assert sum(p["wins"] for p in players) == 6
    assert sum(summary["seat_wins"]) == 6
    for p in players:
        assert p["matches_by_seat"] == [2, 2, 2]
        assert sum(p["wins_by_seat"]) == p["wins"]
        low, high = p["ci95"]
        assert low - 1e-12 <= p["win_rate"] <= high  # no wins: low is 0 give or take 1e-17
    assert players[0]["wins"] == 0  # random does not win against these two


def test_players_multiseat_partnership_adds_up() -> None:
    names = ["standard", "beginner", "standard", "beginner"]
    rounds = run_rounds(names, PARTNERSHIP, rounds=1, seed=3)
    games = rounds[0].games
    assert len(games) == 12
    for game in games:
        assert game.forfeit is None and game.winners in teams_of(game.seating)
        team = game.winners
        assert game.totals[team[0]] == game.totals[team[1]]  # partners share the score
        assert sum(game.played) == 2 * game.hands
    summary = summarize_table(rounds, names=names, rules="partnership", seed=3)
    players = summary["players"]
    assert sum(p["wins"] for p in players) == 24  # both partners win
    assert sum(summary["seat_wins"]) == 24
    assert all(p["matches_by_seat"] == [3, 3, 3, 3] for p in players)
    splits = summary["partnerships"]
    assert [s["teams"] for s in splits] == [[["a", "c"], ["b", "d"]], [["a", "b"], ["c", "d"]],
                                            [["a", "d"], ["b", "c"]]]
    assert all(s["matches"] == 4 and sum(s["wins"]) == 4 for s in splits)
    text = format_table_report(summary)
    assert "A standard" in text and "partners A standard + C standard v B beginner" in text


def test_players_multiseat_outcomes_do_not_depend_on_the_number_of_processes() -> None:
    names = ["beginner", "standard", "gin-camper"]
    serial = run_rounds(names, THREE, rounds=2, seed=7, jobs=1)
    parallel = run_rounds(names, THREE, rounds=2, seed=7, jobs=2)
    assert [r.index for r in parallel] == [0, 1]
    assert outcomes(serial) == outcomes(parallel)


@pytest.mark.parametrize(("bad", "reason"), [
    ("raiser", "raised IllegalActionError: the bot process said nonsense"),
    ("cheater", "chose an illegal action: Action.parse('discard AS')"),
])
def test_players_multiseat_a_misbehaving_player_forfeits(
    test_players: None, bad: str, reason: str
) -> None:
    rounds = run_rounds(["standard", "beginner", bad], THREE, rounds=1, seed=1)
    for game in rounds[0].games:
        assert game.forfeit is not None and game.forfeit.startswith("c ") and reason in game.forfeit
        assert len(game.winners) == 1 and game.winners[0] != 2
    rounds = run_rounds(["standard", bad, "beginner", "standard"], PARTNERSHIP, rounds=1, seed=1,
                        fixed_teams=True)
    for game in rounds[0].games:
        assert game.forfeit is not None and game.forfeit.startswith("b ")
        assert game.winners == (0, 2)  # B's partner D loses with it
    summary = summarize_table(rounds, names=["standard", bad, "beginner", "standard"],
                              rules="partnership", seed=1, fixed_teams=True)
    assert len(summary["forfeits"]) == 4 and summary["players"][1]["wins"] == 0


def test_players_multiseat_a_bot_that_cannot_start_forfeits() -> None:
    rounds = run_rounds(["standard", "cmd:/nonexistent/bot", "beginner"], THREE, rounds=1,
                        seed=2)
    for game in rounds[0].games:
        assert game.forfeit is not None and game.forfeit.startswith("b could not start")
        assert game.winners != (1,)


def test_players_multiseat_wants_as_many_names_as_the_rules_seat() -> None:
    with pytest.raises(GinRummyError, match="for 3 players, not 4"):
        run_rounds(["random"] * 4, THREE, rounds=1, seed=0)


def test_players_multiseat_docstring_examples() -> None:
    failures, tried = doctest.testmod(table_arena)
    assert tried > 0 and failures == 0
