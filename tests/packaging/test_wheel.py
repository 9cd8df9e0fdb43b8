"""The built wheel is the whole game: it holds the static files and catalogues, installs with no
dependencies into a clean venv, and its ``ginrummy`` command settles knocks and plays a match.

The wheel is built from a copy of the working tree (nothing is written in the checkout), with
the build backend of this environment when it is new enough, else pip's isolated build (which
fetches setuptools from the package index).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from ginrummy.cli import main

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "tui"))
from plain_driver import PlainProcess, play  # noqa: E402

# the wheel and its venv are built once: under pytest-xdist these tests share a worker
pytestmark = pytest.mark.xdist_group("wheel")
BIN = "Scripts" if os.name == "nt" else "bin"
EXE = ".exe" if os.name == "nt" else ""
REQUIRED = [  # besides every module: what the faces read at run time
    "ginrummy/py.typed",
    "ginrummy/web/static/index.html",
    "ginrummy/web/static/app.js",
    "ginrummy/web/static/style.css",
    *(f"ginrummy/i18n/locales/{lang}/LC_MESSAGES/ginrummy.po" for lang in ("en", "nb", "sv")),
    *(f"ginrummy/web/locales/{lang}/LC_MESSAGES/web.po" for lang in ("nb", "sv")),
]
KNOCKER = "7S 7H 7D 9C TC JC 3H 4H 5H 8D"
DEFENDER = "2S 3S 4S QD QH QC 8C KH 5D TS"


def source_copy(target: Path) -> Path:
    """pyproject, README, licence and src/ginrummy as they are now, without build leftovers."""
    target.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, target / name)
    for licence in ROOT.glob("LICEN[CS]E*"):
        shutil.copy2(licence, target / licence.name)
    shutil.copytree(ROOT / "src" / "ginrummy", target / "src" / "ginrummy",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    return target


def local_backend() -> bool:
    """Whether this environment's setuptools can build the project without a download."""
    try:
        major = int(version("setuptools").split(".")[0])
    except (PackageNotFoundError, ValueError):
        return False
    return major >= 77  # license = "MIT" (a licence expression) needs setuptools 77


def run(argv: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    kwargs.setdefault("timeout", 300)
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{argv}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    project = source_copy(work / "project")
    isolation = ["--no-build-isolation"] if local_backend() else []
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *isolation,
         "-w", work / "dist", project])
    [built] = (work / "dist").glob("ginrummy-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean venv (no pip, no site packages) with only the wheel installed."""
    path = tmp_path_factory.mktemp("venv") / "clean"
    run([sys.executable, "-m", "venv", "--without-pip", path])
    python = path / BIN / f"python{EXE}"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
         "--quiet", wheel])
    return path


@pytest.fixture
def clean_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Nothing from the checkout leaks in: no PYTHONPATH, a fresh data directory."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.setenv("GINRUMMY_HOME", str(tmp_path / "home"))
    return dict(os.environ)


def test_wheel_contains_every_module_the_static_files_and_the_catalogues(wheel, tmp_path):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in REQUIRED if name not in names]
    assert not missing, f"not in the wheel: {missing}"
    project = source_copy(tmp_path / "now")
    for path in sorted((project / "src").rglob("*")):
        name = path.relative_to(project / "src").as_posix()
        if path.is_file() and (path.suffix == ".py" or "locales" in name or "static" in name):
            assert name in names, f"{name} is not in the wheel"
    [entry_points] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[console_scripts]" in text and "ginrummy = ginrummy.cli:main" in text


def test_wheel_runs_from_a_clean_venv(venv, clean_env, tmp_path, capsys, monkeypatch):
    command = venv / BIN / f"ginrummy{EXE}"
    python = venv / BIN / f"python{EXE}"
    where = run([python, "-c", "import ginrummy, sys; print(ginrummy.__file__); "
                 "print(sorted(m for m in sys.modules if m.split('.')[0] != 'ginrummy' "
                 "and m != '__main__' and m.split('.')[0] not in sys.stdlib_module_names))"],
                env=clean_env, cwd=tmp_path).stdout.splitlines()
    assert Path(where[0]).is_relative_to(venv), where  # not the checkout
    assert where[1] == "[]"  # the core needs nothing outside the standard library

    usage = run([command, "--help"], env=clean_env, cwd=tmp_path).stdout
    for name in ("play", "settle", "melds", "data"):
        assert name in usage

    settled = run([command, "settle", "--json", "--knocker", *KNOCKER.split(),
                   "--defender", *DEFENDER.split()], env=clean_env, cwd=tmp_path).stdout
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["settle", "--json", "--knocker", *KNOCKER.split(),
                 "--defender", *DEFENDER.split()]) == 0
    assert settled == capsys.readouterr().out  # the same answer as the checkout's

    words = run([python, "-c", "from ginrummy.i18n import translator; "
                 "from ginrummy.web.i18n import web_catalogue; from pathlib import Path; "
                 "import ginrummy.web as web; "
                 "print(translator('nb')('Knock'), translator('sv')('Stock'), "
                 "len(web_catalogue('sv')) > len(web_catalogue('en')), "
                 "(Path(web.__file__).parent / 'static' / 'index.html').is_file())"],
                env=clean_env, cwd=tmp_path).stdout
    assert words.split() == ["Banke", "Talongen", "True", "True"]

    data = run([command, "data"], env=clean_env, cwd=tmp_path).stdout
    assert data.startswith(f"ginrummy keeps its files in {tmp_path / 'home'} ")


def test_wheel_plays_a_whole_match_in_plain_mode(venv, clean_env, tmp_path):
    command = venv / BIN / f"ginrummy{EXE}"
    process = PlainProcess(tmp_path / "home", "--opponent", "random", "--target", "10",
                           "--seed", "3", command=[str(command)], cwd=tmp_path)
    play(process, decisions=600)
    assert process.process.wait(timeout=60) == 0
    assert "won the match" in process.transcript
    assert "Traceback" not in process.transcript
    assert (tmp_path / "home" / "ginrummy.sqlite3").is_file()
