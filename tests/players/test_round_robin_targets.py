"""The round-robin's verdict on the issue's targets: "at least" and "above" are kept apart."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "round_robin.py"


def _round_robin() -> ModuleType:
    spec = importlib.util.spec_from_file_location("round_robin", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _summary(a: str, b: str, rate: float, ci95: tuple[float, float]) -> dict[str, Any]:
    return {"player_a": a, "player_b": b, "win_rate_a": rate, "ci95": list(ci95)}


def test_seventy_percent_against_the_camper_is_not_above_seventy() -> None:
    verdict = _round_robin().expert_target(_summary("expert", "gin-camper", 0.70, (0.653, 0.743)))
    assert verdict is not None and verdict.endswith("target > 70%: NOT met")


def test_eighty_percent_against_standard_is_at_least_eighty() -> None:
    verdict = _round_robin().expert_target(_summary("expert", "standard", 0.80, (0.758, 0.836)))
    assert verdict is not None and verdict.endswith("target >= 80%: met")


def test_the_expert_in_second_place_is_judged_from_its_side() -> None:
    # marjj-style won 38% as A, so the expert won 62% with an interval low of 1 - 0.43
    verdict = _round_robin().expert_target(_summary("marjj-style", "expert", 0.38, (0.33, 0.43)))
    assert verdict is not None and "62.0% (CI low 57.0%)" in verdict and verdict.endswith(": met")
    assert _round_robin().expert_target(_summary("standard", "beginner", 0.9, (0.8, 0.95))) is None
