"""The expert is a subpackage of its own parts: the rest of the code reaches it only through
``ginrummy.players.expert``, and the expert builds only on the core and the shared players."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import ginrummy
import ginrummy.players.expert as expert

PACKAGE = Path(ginrummy.__file__).parent
EXPERT = Path(expert.__file__).parent
PARTS = {"player", "tracking", "reading", "evaluation", "search", "match_odds", "deadline", "knobs"}


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add(node.module or "")
    return found


def test_players_expert_is_a_package_of_its_parts():
    assert {path.stem for path in EXPERT.glob("*.py")} == PARTS | {"__init__"}
    assert not list(EXPERT.parent.glob("expert*.py"))  # no module left beside the package
    assert not (EXPERT.parent / "match_odds.py").exists()
    assert {"ExpertPlayer", "Tuning", "Assessment"} <= set(expert.__all__)


def test_players_expert_parts_are_reached_only_through_the_package():
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent == EXPERT:
            continue
        inner = {name for name in imports(path) if name.startswith("ginrummy.players.expert.")}
        assert not inner, f"{path.relative_to(PACKAGE)} imports {sorted(inner)}"


def test_players_expert_builds_on_the_core_and_the_shared_players_only():
    allowed = ("ginrummy.core", "ginrummy.players.expert", "ginrummy.players.base",
               "ginrummy.players.tactics")
    for path in sorted(EXPERT.glob("*.py")):
        for name in imports(path):
            top = name.split(".")[0]
            if top == "ginrummy":
                assert name.startswith(allowed), f"expert/{path.name} imports {name}"
            else:
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"expert/{path.name} imports {name}")
