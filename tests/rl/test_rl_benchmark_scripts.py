"""The speed benchmarks run end to end at a tiny scale and print every row beside its anchor
(their figures are measured on purpose, never asserted: see benchmarks/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_rl_envs_benchmark_prints_each_env_beside_rlcard() -> None:
    out = _run("rl_envs.py", "--rounds", "1", "--scale", "0.01", "--envs", "64",
               "--vector-envs", "64")
    assert "batch kernels: compiled (Numba)" in out
    for row in ("ginrummy_v0.env (PettingZoo, wrapped)", "BatchGinRummy (64 envs)",
                "vector_selfplay (64 envs, 2 seats)", "make_vec vs standard (64 envs)",
                "OpenSpiel gin_rummy"):
        line = next(line for line in out.splitlines() if row in line)
        assert line.rstrip().endswith("x RLCard"), line


def test_core_speed_benchmark_prints_each_workload_beside_openspiel() -> None:
    out = _run("core_speed.py", "--rounds", "1", "--scale", "0.01")
    for heading in ("exact min deadwood, uniform", "exact min deadwood, meld-dense",
                    "exact best discard, uniform", "exact best discard, meld-dense"):
        ours = out.split(heading, 1)[1].splitlines()[1]
        assert ours.split()[0] == "ginrummy" and "x OpenSpiel" in ours, ours
    assert "x OpenSpiel one call" in out and "random_playout" in out
