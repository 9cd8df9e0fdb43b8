"""The core stays pure (standard library and itself only; nothing outer is imported), the layers
around it never import a face (docs/architecture.md), and the core's doctests run."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import ginrummy.core

CORE = Path(ginrummy.core.__file__).parent
PACKAGE = CORE.parent
SERVICES = ("core", "players", "store", "sheet", "rl", "protocol", "i18n")
FACES = ("tui", "web", "cli", "commands")


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: relative import"
            found.add(node.module or "")
    return found


def test_core_imports_only_the_standard_library_and_itself():
    files = sorted(CORE.glob("*.py"))
    assert len(files) >= 10
    for path in files:
        for name in imported_modules(path):
            top = name.split(".")[0]
            if top == "ginrummy":
                assert name.startswith("ginrummy.core"), f"{path.name} imports {name}"
            else:
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}")


def test_services_never_import_a_face_except_in_their_command_module():
    # subpackages count too (players/expert/...); a package's command.py is its CLI face
    files = sorted(path for name in SERVICES for path in (PACKAGE / name).rglob("*.py"))
    assert any(path.parent.name == "expert" for path in files)
    for path in files:
        if path.name == "command.py":
            continue
        for name in imported_modules(path):
            parts = name.split(".")
            assert not (parts[0] == "ginrummy" and len(parts) > 1 and parts[1] in FACES), (
                f"{path.relative_to(PACKAGE)} imports the face {name}")


def test_core_import_loads_nothing_outside_the_core():
    code = ("import sys, ginrummy.core; "
            "print(sorted(m for m in sys.modules if m.startswith('ginrummy')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    loaded = eval(out)
    assert loaded and all(m == "ginrummy" or m.startswith("ginrummy.core") for m in loaded)


def test_core_doctests_pass():
    attempted = 0
    for info in pkgutil.iter_modules([str(CORE)]):
        module = importlib.import_module(f"ginrummy.core.{info.name}")
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, f"doctest failures in {info.name}"
        attempted += result.attempted
    assert attempted >= 20
