"""``ginrummy tournament``: JSON figures, a chart, a progress bar and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginrummy.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["tournament", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_players_tournament_json_has_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "standard", "beginner", "--matches", "6", "--seed", "4",
                               "--jobs", "1", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["matches"] == 6 and data["wins_a"] + data["wins_b"] == 6
    assert data["win_rate_a"] == pytest.approx(data["wins_a"] / 6)
    low, high = data["ci95"]
    assert 0 <= low <= data["win_rate_a"] <= high <= 1
    assert data["points_per_hand_a"] > 0 and data["hands"] >= 6
    assert data["rules"] == "eaai" and data["forfeits"] == []
    assert data["a"]["decision_ms_p99"] >= data["a"]["decision_ms_median"] > 0
    assert "3/3 mirrored pairs" in err  # the progress bar ends full


def test_players_tournament_same_figures_for_any_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    keys = ("matches", "wins_a", "wins_b", "hands", "points_per_hand_a", "points_per_hand_b")
    figures = []
    for jobs in ("1", "2"):
        _, out, _ = run_cli(capsys, "gin-camper", "standard", "--matches", "4", "--rules",
                            "classic", "--jobs", jobs, "--json", "--no-progress")
        data = json.loads(out)
        figures.append([data[k] for k in keys])
    assert figures[0] == figures[1]


def test_players_tournament_text_report_and_plot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    chart = tmp_path / "result.png"
    status, out, err = run_cli(capsys, "beginner", "random", "--matches", "2", "--jobs", "1",
                               "--plot", str(chart), "--no-progress")
    assert status == 0 and err == ""
    assert "beginner wins 2/2 = 100.0%" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("args", "message"), [
    (["nobody", "standard"], "unknown player 'nobody'"),
    (["standard", "standard", "--rules", "bogus"], "unknown rules preset 'bogus'"),
    (["standard", "standard", "--rules", "partnership"], "the partnership rules are for 4"),
    (["standard", "standard", "--matches", "5"], "--matches must be an even number"),
    (["standard", "standard", "--matches", "99999999999999999999"],
     "--matches must be at most 1000000, not 99999999999999999999"),
    (["standard", "standard", "--matches", "0"], "--matches must be at least 2, not 0"),
    (["standard", "standard", "--matches", "-4"], "--matches must be at least 2, not -4"),
    (["standard", "standard", "beginner", "--matches", "-6"],
     "--matches must be at least 6, not -6"),
    (["standard", "standard", "beginner", "--matches", "10000002"], "must be at most 1000000"),
    (["standard", "standard", "--jobs", "99999999"], "--jobs must be at most 1024"),
    (["standard", "standard", "--move-timeout", "nan"], "--move-timeout must be a positive"),
    (["standard", "standard", "--move-timeout", "0"], "--move-timeout must be a positive"),
    (["standard", "standard", "--jobs", "0"], "--jobs must be at least 1"),
    (["standard", "standard", "--plot", "chart.svg"], "--plot writes a PNG file"),
    (["standard", "standard", "--plot", "/no/such/dir/x.png"], "no such folder"),
    (["expert:bogus=1", "standard"], "'bogus' is not a knob of the expert; knobs: "),
    (["expert:", "standard"], "expert: needs KNOB=VALUE pairs"),
    (["expert:rollouts", "standard"], "knob rollouts needs a value"),
    (["expert:rollouts=-1", "standard"], "knob rollouts takes a whole number from 0, not '-1'"),
    (["expert:rollouts=2.5", "standard"], "knob rollouts takes a whole number from 0"),
    (["expert:waiter_share=1.5", "standard"], "waiter_share takes a number from 0 to 1"),
    (["standard", "expert:feed_weight=inf"], "feed_weight takes a finite number, not 'inf'"),
])
def test_players_tournament_bad_input_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run_cli(capsys, *args, "--no-progress")
    assert status == 2 and out == ""
    assert err.startswith("ginrummy tournament: ") and message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("variable", ["GINRUMMY_BOT_DECISION_TIME", "GINRUMMY_BOT_MATCH_TIME"])
def test_players_tournament_bad_bot_time_variable_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    monkeypatch.setenv(variable, "soon")
    status, out, err = run_cli(capsys, "standard", "random", "--no-progress")
    assert status == 2 and out == ""
    assert err == f"ginrummy tournament: ${variable} must be a number of seconds (or none), " \
                  "not 'soon'\n"


@pytest.mark.parametrize("players", [["cmd:/no/such/bot", "random"],
                                     ["standard", "cmd:/no/such/bot", "beginner"]])
def test_players_tournament_that_plays_no_match_fails(
    capsys: pytest.CaptureFixture[str], players: list[str]
) -> None:
    status, out, err = run_cli(capsys, *players, "--matches", "6", "--jobs", "1", "--json",
                               "--no-progress")
    assert status == 2 and out == ""
    assert err.startswith("ginrummy tournament: no match could be played: ")
    assert "cannot start '/no/such/bot'" in err and err.count("\n") == 1
