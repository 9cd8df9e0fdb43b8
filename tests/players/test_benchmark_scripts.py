"""The strength benchmarks' own logic: the round-robin's verdict on the issue's targets ("at
least" and "above" kept apart), the knock-earlier rule scored on recorded hands, and the knock
hindsight table, and the rollout calibration's sums."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from ginrummy.players.expert import ExpertPlayer

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _script(name: str) -> ModuleType:
    if str(BENCHMARKS) not in sys.path:  # scripts import the scripts beside them
        sys.path.insert(0, str(BENCHMARKS))
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


def test_knock_hindsight_sets_each_bands_expected_gain_beside_the_played_out_one() -> None:
    script = _script("knock_hindsight")
    decision = script.Decision
    decisions = [
        # knocked with 2 and 3: expected +4 and +2 over playing on; played out -6 and +10
        decision(2, True, 10.0, 6.0, 4.0, 10.0),
        decision(3, True, 12.0, 10.0, 20.0, 10.0),
        decision(9, False, 1.0, 8.0, -5.0, 15.0),  # played on with 9: expected -7, real -20
        decision(5, False, 0.0, 1.0, 0.0, 0.0),  # played on with 5
    ]
    table = script.report(decisions)
    assert table[2].startswith("| knocked | 1-3 | 2 | +3.00 | +2.00 (")
    assert table[2].endswith("| +11.00, +12.00 | +8.00, +10.00 |")
    assert table[3] == "| played on | 4-6 | 1 | -1.00 | +0.00 | +0.00, +0.00 | +1.00, +0.00 |"
    assert table[4] == "| played on | 7-10 | 1 | -7.00 | -20.00 | +1.00, -5.00 | +8.00, +15.00 |"
    assert len(table) == 5  # no knock with 4-10, none declined with 1-3


def test_knock_hindsight_copies_players_and_shares_one_that_cannot_be_copied() -> None:
    import types

    script = _script("knock_hindsight")

    class Bot:
        def __init__(self) -> None:
            self.module = types  # as the OpenSpiel anchor holds pyspiel

    expert, bot = ExpertPlayer(seed=1), Bot()
    copied = script.copies((expert, bot))
    assert copied[0] is not expert and copied[0].tuning == expert.tuning and copied[1] is bot


def test_rollout_calibration_groups_turns_by_how_the_expert_takes_the_opponent() -> None:
    script = _script("rollout_calibration")
    turn = script.Turn
    turns = [
        turn("waiter", 20.0, 2.0, 18.0, 4.0, -3.0, -11.0, 18.0, 10.0, 11),
        turn("waiter", 24.0, None, 22.0, 6.0, -5.0, -9.0, 19.0, None, 13),
        turn("quick knocker", None, None, 30.0, 8.0, 12.0, 14.0, None, None, 16),
    ]
    assert script.report(turns)[2:] == [
        "| quick knocker | 1 | -, - | +30.00, +8.00 | +12.00, +14.00 | -, -, 16.00 |",
        "| waiter | 2 | +22.00, +2.00 | +20.00, +5.00 | -4.00, -10.00 | 18.50, 10.00, 12.00 |",
    ]


def test_rollout_calibration_settles_the_knock_against_the_real_hand() -> None:
    from ginrummy.core.actions import Kind
    from ginrummy.core.cards import BIT
    from ginrummy.core.match import Match
    from ginrummy.core.melds import min_deadwood
    from ginrummy.core.rules import rules_for
    from ginrummy.core.settlement import settle
    from ginrummy.core.state import Phase
    from ginrummy.players import make_player
    from ginrummy.players.expert.match_odds import stakes_for

    script = _script("rollout_calibration")
    rules = rules_for("eaai")
    match = Match.new(rules, seed=3)
    players = (ExpertPlayer(seed=3), make_player("standard", seed=4))
    may_knock = _script("knock_hindsight").may_knock_short_of_gin
    while True:  # to the expert's first turn with a knock short of gin
        state, view = match.state, match.view(match.state.to_play)
        if state.to_play == 0 and state.phase is Phase.DISCARD and may_knock(state):
            break
        match.apply(players[state.to_play].choose(view))
    expert = players[0]
    rng, reader = expert.rng.getstate(), expert.reader
    turn = script.measure(expert, view, state)
    theirs = state.hands[1]
    assert turn.real_deadwood == min_deadwood(theirs) and turn.guess == "not known"
    # whatever the expert would knock with, settled against their real hand (valued at the
    # match score, as the expert values points)
    stakes, outcomes = stakes_for(view), set()
    for action in view.legal_actions:
        if action.kind is Kind.KNOCK:
            result = settle(view.hand_mask ^ BIT[action.card], theirs, rules, knock_limit=10,
                            multiplier=view.multiplier)
            outcomes.add(stakes.worth(result.points if result.winner == "knocker"
                                      else -result.points))
    assert turn.real_knock in outcomes
    # measured on a copy: the real expert's random draws and hand reader are as they were
    assert expert.rng.getstate() == rng and expert.reader is reader


def _package(root: Path) -> Path:
    """A small ``ginrummy`` tree: player ``a`` imports ``shared``, player ``b`` imports ``lazy``
    inside a function, the registry imports both."""
    files = {
        "__init__.py": "",
        "core/rules.py": "LIMIT = 10\n",
        "players/__init__.py": "from ginrummy.players.registry import make\n",
        "players/registry.py": "from ginrummy.players import a, b\n",
        "players/arena.py": "from ginrummy.players.registry import make\n",
        "players/a.py": "from ginrummy.players.shared import helper\nimport json\n",
        "players/shared.py": "from ginrummy.core.rules import LIMIT\n",
        "players/b.py": "def play():\n    from ginrummy.players import lazy\n",
        "players/lazy.py": "",
        "players/weights/w.npz": "0",
    }
    package = root / "ginrummy"
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    return package


def test_a_pairs_code_changes_with_what_its_players_import_and_nothing_else(tmp_path: Path) -> None:
    package = _package(tmp_path)
    source_code = _round_robin().source_code

    def changed(name: str, module: str) -> bool:
        before = source_code({module}, package)
        (package / name).write_text((package / name).read_text() + "# changed\n")
        return source_code({module}, package) != before

    assert changed("players/shared.py", "ginrummy.players.a")  # imported by the player
    assert changed("players/lazy.py", "ginrummy.players.b")  # imported inside a function
    assert not changed("players/b.py", "ginrummy.players.a")  # another player
    assert not changed("players/lazy.py", "ginrummy.players.a")  # only the registry imports it
    for shared in ("core/rules.py", "players/registry.py", "players/arena.py",
                   "players/weights/w.npz"):
        assert changed(shared, "ginrummy.players.a"), shared


def test_a_saved_pair_is_reused_only_while_the_code_that_played_it_is_unchanged(
        tmp_path: Path) -> None:
    rows = [
        {"player_a": "x", "player_b": "y", "matches": 4, "seed": 1, "pair_code": "new"},
        {"player_a": "x", "player_b": "z", "matches": 4, "seed": 1, "pair_code": "old"},
        # saved before pairs had codes: by all the players' code
        {"player_a": "y", "player_b": "z", "matches": 4, "seed": 1, "players_code": "all"},
        {"player_a": "z", "player_b": "w", "matches": 4, "seed": 1, "players_code": "older"},
        {"player_a": "x", "player_b": "w", "matches": 6, "seed": 1, "pair_code": "new"},
    ]
    path = tmp_path / "rr.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    codes = {("x", "y"): "new", ("x", "z"): "new", ("y", "z"): "any", ("z", "w"): "any",
             ("x", "w"): "new"}
    saved = _round_robin().saved_pairs(path, matches=4, seed=1, codes=codes, code="all")
    assert sorted(saved) == [("x", "y"), ("y", "z")]
