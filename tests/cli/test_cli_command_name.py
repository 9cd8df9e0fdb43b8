"""The command the game names ("Resume it with: ... play --resume ID"): ``ginrummy`` when the
PATH finds the running script, else its full path, so the advice always works as printed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.cli import command_name


def script(folder: Path, name: str = "ginrummy") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def venv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake venv bin folder holding python and the ginrummy script, run from there."""
    bin_dir = tmp_path / "venv" / "bin"
    script(bin_dir, "python")
    monkeypatch.setattr(sys, "executable", str(bin_dir / "python"))
    monkeypatch.setattr(sys, "argv", [str(script(bin_dir))])
    return bin_dir


def test_command_name_is_ginrummy_when_the_path_finds_the_running_script(venv, monkeypatch):
    monkeypatch.setenv("PATH", f"/nonexistent{os.pathsep}{venv}")
    assert command_name() == "ginrummy"


@pytest.mark.skipif(os.name == "nt", reason="POSIX paths")
def test_command_name_is_the_full_path_when_the_path_does_not_find_it(venv, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name() == str(venv / "ginrummy")
    monkeypatch.chdir(venv.parent)  # started as bin/ginrummy: still the full path
    monkeypatch.setattr(sys, "argv", ["bin/ginrummy"])
    assert command_name() == str(venv / "ginrummy")


@pytest.mark.skipif(os.name == "nt", reason="POSIX paths")
def test_command_name_is_the_full_path_when_the_path_finds_another_ginrummy(venv, tmp_path,
                                                                             monkeypatch):
    other = script(tmp_path / "elsewhere").parent
    monkeypatch.setenv("PATH", str(other))
    assert command_name() == str(venv / "ginrummy")


@pytest.mark.skipif(os.name == "nt", reason="POSIX quoting")
def test_command_name_quotes_a_path_with_spaces(tmp_path, monkeypatch):
    bin_dir = tmp_path / "my games" / "bin"
    monkeypatch.setattr(sys, "argv", [str(script(bin_dir))])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name() == f"'{bin_dir / 'ginrummy'}'"


def test_command_name_under_python_m_uses_the_script_beside_python(venv, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/somewhere/ginrummy/__main__.py"])
    monkeypatch.setenv("PATH", str(venv))
    assert command_name() == "ginrummy"
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name() == str(venv / "ginrummy")


@pytest.mark.skipif(os.name == "nt", reason="POSIX paths")
def test_command_name_without_an_installed_script_is_python_m(tmp_path, monkeypatch):
    python = script(tmp_path / "bare", "python")
    monkeypatch.setattr(sys, "executable", str(python))
    monkeypatch.setattr(sys, "argv", ["/somewhere/ginrummy/__main__.py"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name() == f"{python} -m ginrummy"


INSTALLED = Path(sys.executable).parent / "ginrummy"


@pytest.mark.skipif(not INSTALLED.is_file(), reason="no ginrummy script beside this Python")
def test_the_saved_game_names_the_script_that_runs_it_when_it_is_not_on_the_path(tmp_path):
    # as after ``python3 dev.py play``: .venv/bin/ginrummy run by its path, .venv/bin not on PATH
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if p and not (Path(p) / "ginrummy").exists())
    env = dict(os.environ, GINRUMMY_HOME=str(tmp_path), PATH=path, LANG="C.UTF-8")
    env.pop("LANGUAGE", None)
    env.pop("LC_ALL", None)
    argv = [str(INSTALLED), "play", "--plain", "--opponent", "random", "--seed", "3"]
    done = subprocess.run(argv, input="", capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    last = done.stdout.rstrip("\n").rsplit("\n", 1)[-1]
    assert last.removeprefix("> ").startswith(
        f"Match saved. Resume it with: {INSTALLED} play --resume ")
