#!/usr/bin/env python3
"""Set up and run the project on a fresh machine that has only Python 3.11+.

    python3 dev.py play [OPTIONS]   # create/update .venv, then start a match in the terminal
    python3 dev.py test [PYTEST]    # create/update .venv (and, as root, the Debian packages the
                                    # browser and PostgreSQL tests need), then lint, type-check,
                                    # build the docs strictly, test (a worker per CPU; -n 0: one)
    python3 dev.py bench            # the benchmarks in benchmarks/ (installs the anchors)
    python3 dev.py docs [--build]   # serve the documentation site at http://127.0.0.1:8000/,
                                    # or build it into build/site (strict: a broken link fails)

The environment is `.venv` beside this file; it is rebuilt only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
# Debian packages the tests need: a browser for the end-to-end tests, a database server for
# the PostgreSQL storage tests, Node.js for the JavaScript example bot. Installed only when
# running as root (as CI does).
DEBIAN_TEST_PACKAGES = {
    "chromium": "/usr/bin/chromium",
    "postgresql": "/usr/lib/postgresql",
    "nodejs": "/usr/bin/node",
}
EXTRAS = {"play": "tui", "test": "dev", "bench": "dev", "docs": "docs"}
# Material for MkDocs prints a banner about its successor on every build; the docs need no news.
DOCS_ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")


def say(message: str) -> None:
    print(f"[dev.py] {message}", flush=True)


def ensure_venv(extra: str) -> None:
    if sys.version_info < (3, 11):
        sys.exit("ginrummy needs Python 3.11 or newer")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{extra}-{digest}"
    if stamp.exists():
        return
    if not PYTHON.exists():
        say("creating .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    say(f"installing ginrummy[{extra}] into .venv (first run only)")
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run(pip + ["--upgrade", "pip"], check=True)
    subprocess.run(pip + ["-e", f"{ROOT}[{extra}]"], check=True)
    for old in VENV.glob(f".installed-{extra}-*"):
        old.unlink()
    stamp.touch()


def ensure_debian_packages() -> None:
    missing = [name for name, path in DEBIAN_TEST_PACKAGES.items() if not Path(path).exists()]
    if not missing:
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        say(f"not root: install {' '.join(missing)} yourself for the browser/PostgreSQL tests")
        return
    say(f"installing Debian packages: {' '.join(missing)}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def run(args: list[str], env: dict[str, str] | None = None) -> int:
    return subprocess.run(args, cwd=ROOT, env=env).returncode


def docs(rest: list[str]) -> int:
    """``docs``: serve the site, rebuilding on edits; ``docs --build``: build it strictly."""
    mkdocs = [str(PYTHON), "-m", "mkdocs"]
    if "--build" in rest:
        rest = [arg for arg in rest if arg != "--build"]
        return run([*mkdocs, "build", "--strict", *rest], env=DOCS_ENV)
    return run([*mkdocs, "serve", *rest], env=DOCS_ENV)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "play"
    rest = argv[1:]
    if command not in EXTRAS:
        print(__doc__)
        return 2
    ensure_venv(EXTRAS[command])
    if command == "play":
        return run([str(BIN / "ginrummy"), "play", *rest])
    if command == "bench":
        return run([str(PYTHON), "benchmarks/run_all.py", *rest])
    if command == "docs":
        return docs(rest)
    ensure_debian_packages()
    for step in (
        [str(PYTHON), "-m", "ruff", "check", "src", "tests", "benchmarks", "examples"],
        [str(PYTHON), "-m", "mypy", "--strict", "src/ginrummy/core"],
    ):
        say(" ".join(step[2:]))
        if run(step):
            return 1
    with tempfile.TemporaryDirectory(prefix="ginrummy-site-") as site:
        say("mkdocs build --strict")
        if run([str(PYTHON), "-m", "mkdocs", "build", "--strict", "-d", site],
               env=DOCS_ENV):
            return 1
    return run([str(PYTHON), "-m", "pytest", *parallel(), *rest])


def parallel() -> list[str]:
    """pytest-xdist's options for a worker per CPU (``dev.py test -n 0`` runs in one process:
    the last ``-n`` wins). Tests that must not overlap share an ``xdist_group``."""
    workers = os.cpu_count() or 1
    return ["-n", str(workers), "--dist", "loadgroup"] if workers > 1 else []


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
