"""The strength benchmarks' own logic: the round-robin's verdict on the issue's targets ("at
least" and "above" kept apart) and the knock-earlier rule scored on recorded hands."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _round_robin() -> ModuleType:
    return _script("round_robin")


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


def test_knocking_earlier_changes_only_hands_where_the_rule_knocks_before_the_expert() -> None:
    script = _script("knock_earlier")
    chance, hand = script.Chance, script.Hand
    hands = [
        # the rule (deadwood <= 5) knocks at the second chance: +12 instead of the hand's -30
        hand((chance(8, 25, -20, False), chance(4, 21, 12, False)), -30, False),
        # the expert knocked first (with 9): the rule's later chance was never reached
        hand((chance(9, 24, 15, True),), 15, True),
        # a chance with little stock left is not taken by a rule asking for 20 cards
        hand((chance(2, 12, 20, False),), -26, True),
        hand((), 0, False),  # no chance to knock: unchanged
    ]
    mean, half = script.change(hands, 5, 0)
    assert mean == (42 + 0 + 46 + 0) / 4 and half > 0
    assert script.change(hands, 5, 20)[0] == 42 / 4
    assert script.change(hands, 1, 0) == (0.0, 0.0)
