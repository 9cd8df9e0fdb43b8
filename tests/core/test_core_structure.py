"""The core stays pure (standard library and itself only; nothing outer is imported), and its
doctests run."""

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
