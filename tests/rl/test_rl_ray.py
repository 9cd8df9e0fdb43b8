"""Tournaments and self-play on Ray give the same results as local processes, seed for seed."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from ginrummy.cli import main
from ginrummy.core.rules import rules_for
from ginrummy.players.arena import run_pairs
from ginrummy.rl.ray_runner import run_pairs_ray
from ginrummy.rl.selfplay import SelfPlayConfig, generate

# one Ray cluster at a time: under pytest-xdist these tests share a worker
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1")
    yield
    ray.shutdown()


def _without_times(pairs: list) -> list:
    return [dataclasses.replace(
        pair, games=tuple(dataclasses.replace(game, times=((), ())) for game in pair.games))
        for pair in pairs]


SELFPLAY = SelfPlayConfig(players=("standard", "beginner"), rules=rules_for("classic"),
                          matches=3, seed=7, matches_per_shard=1)


# Local process pools are forked before any test starts Ray (the tests run in file order):
# a worker forked from a process that holds Ray's gRPC threads can deadlock.
def test_rl_selfplay_data_is_the_same_on_one_process_or_two() -> None:
    one, pool = generate(SELFPLAY, processes=1), generate(SELFPLAY, processes=2)
    for name, array in one.items():
        assert np.array_equal(array, pool[name]), name


def test_rl_ray_tournament_pairs_equal_local_ones(local_ray: None) -> None:
    rules = rules_for("classic", target=50)
    local = run_pairs("standard", "beginner", rules, pairs=3, seed=11, jobs=1)
    on_ray = run_pairs_ray("standard", "beginner", rules, pairs=3, seed=11)
    assert _without_times(on_ray) == _without_times(local)
    assert [pair.index for pair in on_ray] == [0, 1, 2]


def test_rl_ray_selfplay_data_equals_local_processes(local_ray: None) -> None:
    one = generate(SELFPLAY, processes=1)
    on_ray = generate(SELFPLAY, use_ray=True)
    for name, array in one.items():
        assert np.array_equal(array, on_ray[name]), name
    assert set(np.unique(one["match"])) == {0, 1, 2}
    hands = one["hand"]
    assert (np.diff(hands) >= 0).all() and hands[0] == 0  # numbered across shards
    # The returns of a hand are zero-sum between the seats, and actions were legal.
    assert one["mask"][np.arange(len(hands)), one["action"]].all()
    for hand in np.unique(hands)[:10]:
        rows = hands == hand
        by_seat = {int(s): float(r) for s, r in zip(one["seat"][rows], one["ret"][rows],
                                                    strict=True)}
        if len(by_seat) == 2:
            assert by_seat[0] == -by_seat[1]


def test_rl_selfplay_command_writes_the_arrays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    out = tmp_path / "data.npz"
    code = main(["selfplay", "--players", "beginner,standard", "--matches", "2", "--jobs", "1",
                 "--seed", "3", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    data = np.load(out)
    assert f"wrote {len(data['action'])} decisions" in printed
    assert data["obs"].shape == (len(data["action"]), 219)
    assert str(data["rules"]) == "classic" and list(data["players"]) == ["beginner", "standard"]


@pytest.mark.parametrize("argv, message", [
    (["--players", "beginner"], "two names"),
    (["--players", "beginner,nobody"], "unknown player"),
    (["--matches", "0"], "from 1 to"),
    (["--out", "data.csv"], ".npz"),
])
def test_rl_selfplay_command_rejects_bad_input(argv: list[str], message: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(["selfplay", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrummy selfplay:") and message in err and err.count("\n") == 1
    assert not list(tmp_path.glob("*.npz"))


def test_rl_tournament_command_on_ray_reports_what_local_processes_report(
    local_ray: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "standard", "beginner", "--matches", "4", "--seed", "5",
            "--no-progress", "--json"]
    # The local run is a process of its own, as a user starts it: forking a pool of workers
    # from this one, which holds Ray's gRPC threads, can leave a worker deadlocked.
    local = subprocess.run([sys.executable, "-m", "ginrummy", *argv, "--jobs", "2"],
                           capture_output=True, text=True, timeout=300, check=True)
    assert main([*argv, "--ray"]) == 0
    figures = [{k: report[k] for k in ("matches", "wins_a", "wins_b", "win_rate_a", "ci95",
                                       "points_per_hand_a")}
               for report in (json.loads(local.stdout), json.loads(capsys.readouterr().out))]
    assert figures[0] == figures[1]
    assert figures[0]["matches"] == 4
