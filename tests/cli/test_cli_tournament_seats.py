"""``ginrummy tournament A B C [D]``: three-player and partnership tournaments from the command
line, their JSON and text reports, and one-line refusals of names and rules that do not fit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginrummy.cli import main


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "home"))


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["tournament", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_tournament_three_players_json_counts_each_seats_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "random", "beginner", "standard", "--rules",
                               "three-player", "--matches", "6", "--jobs", "1", "--json")
    assert status == 0
    assert "1/1 deal sequences" in err  # the progress bar ends full
    data = json.loads(out)
    assert data["format"] == "three-player" and data["rules"] == "three-player"
    assert data["matches"] == 6 and data["deal_sequences"] == 1
    players = data["players"]
    assert [p["name"] for p in players] == ["random", "beginner", "standard"]
    assert sum(p["wins"] for p in players) == 6  # one winner a match
    assert sum(data["seat_wins"]) == 6 and len(data["seat_wins"]) == 3
    for p in players:
        assert p["matches_by_seat"] == [2, 2, 2]
        assert len(p["wins_by_seat"]) == 3 and sum(p["wins_by_seat"]) == p["wins"]
        assert p["win_rate"] == pytest.approx(p["wins"] / 6)
        for key in ("ci95", "points_per_hand", "hands_won", "gins", "undercuts",
                    "decision_ms_p99"):
            assert key in p
    assert data["forfeits"] == []


def test_cli_tournament_three_names_default_to_the_three_player_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "beginner", "standard", "gin-camper", "--matches", "6",
                               "--jobs", "1", "--no-progress")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("three-player: beginner, standard, gin-camper: 6 matches "
                               "(1 deal sequence x 6 seatings)")
    assert "rules three-player" in lines[0]
    assert any(line.startswith("wins by seat, whoever sat there: seat 0 ") for line in lines)


def test_cli_tournament_partnership_with_fixed_teams(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_cli(capsys, "standard", "beginner", "standard", "beginner",
                             "--rules", "partnership", "--fixed-teams", "--matches", "4",
                             "--jobs", "1", "--json", "--no-progress")
    assert status == 0
    data = json.loads(out)
    assert data["format"] == "partnership" and data["fixed_teams"] is True
    players = data["players"]
    assert sum(p["wins"] for p in players) == 8  # both partners of the winning team
    assert players[0]["wins"] == players[2]["wins"] and players[1]["wins"] == players[3]["wins"]
    assert players[0]["wins"] + players[1]["wins"] == 4
    assert all(p["matches_by_seat"] == [1, 1, 1, 1] for p in players)
    assert data["partnerships"] == [{"teams": [["a", "c"], ["b", "d"]], "matches": 4,
                                     "wins": [players[0]["wins"], players[1]["wins"]]}]


def test_cli_tournament_partnership_text_names_each_split_and_draws_a_chart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    chart = tmp_path / "seats.png"
    status, out, _ = run_cli(capsys, "standard", "beginner", "gin-camper", "standard",
                             "--matches", "12", "--jobs", "1", "--no-progress",
                             "--plot", str(chart))
    assert status == 0
    assert "every partnership" in out.splitlines()[0]
    assert "A standard" in out and "D standard" in out  # a name that comes twice gets its letter
    assert out.count("\npartners ") == 3
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("args", "message"), [
    (["standard", "beginner", "random", "--rules", "eaai"],
     "3 players need the three-player rules; the eaai rules are for 2 players"),
    (["standard", "beginner", "random", "--rules", "partnership"],
     "3 players need the three-player rules"),
    (["standard", "beginner", "random", "random", "--rules", "three-player"],
     "4 players need the partnership rules"),
    (["standard", "beginner", "--rules", "three-player"],
     "the three-player rules are for 3 players; name 3: ginrummy tournament A B C"),
    (["standard", "beginner", "--rules", "partnership"],
     "name 4: ginrummy tournament A B C D --rules partnership"),
    (["standard", "beginner", "random", "--matches", "10"],
     "--matches must be a multiple of 6 for 3 players"),
    (["a", "b", "c", "d", "--matches", "8"], "--matches must be a multiple of 12 for 4 players"),
    (["random", "random", "random", "random", "--fixed-teams", "--matches", "6"],
     "--matches must be a multiple of 4"),
    (["random", "random", "random", "--fixed-teams"], "--fixed-teams is for partnership"),
    (["random", "random", "--fixed-teams"], "--fixed-teams is for partnership"),
    (["random", "random", "random", "random", "random"], "at most four players"),
    (["random", "nobody", "random"], "unknown player 'nobody'"),
    (["random", "random", "random", "--jobs", "0"], "--jobs must be at least 1"),
    (["random", "random", "random", "--plot", "x.svg"], "--plot writes a PNG file"),
])
def test_cli_tournament_seats_bad_input_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run_cli(capsys, *args, "--no-progress")
    assert status == 2 and out == ""
    assert err.startswith("ginrummy tournament: ") and message in err
    assert err.count("\n") == 1
