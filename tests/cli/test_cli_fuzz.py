"""Random arguments for every command (tournament has its own): never a traceback, an exit
status of 0, 1 (a batch with bad lines) or 2 (a refused argument), and one stderr line on 2.

The slow or endless parts are stubbed (serving, generating self-play data), so only the reading
and checking of the arguments is fuzzed there."""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ginrummy.cli import main

FLAGS = {
    "play": ["--plain", "--opponent", "--rules", "--target", "--knock-limit", "--big-gin",
             "--option", "--lang", "--seed", "--resume", "--replay", "--store", "--history",
             "--stats", "--list-opponents", "--memory-aid", "--delete"],
    "export": ["--output", "-o", "--store"],
    "melds": ["--json"],
    "settle": ["--knocker", "--defender", "--show", "--json", "--rules", "--knock-limit",
               "--gin-bonus", "--big-gin", "--target"],
    "replay": ["-"],
    "sheet": ["new", "add", "show", "list", "resume", "undo", "export", "import", "--players",
              "--rules", "--first-dealer", "--format", "--output", "--knock-limit"],
    "hint": ["--hand", "--upcard", "--pile-top", "--phase", "--seen", "--stock", "--rules",
             "--lang", "--seed", "--json"],
    "serve": ["--host", "--port", "--db", "--message-rate", "--max-connections",
              "--games-per-minute", "--origin"],
    "bot": ["random", "standard", "beginner", "cmd:x", "--seed"],
    "selfplay": ["--players", "--rules", "--matches", "--seed", "--out", "--jobs", "--shard"],
    "data": ["--yes"],  # never --delete: it would ask, or delete the test's home
}
CARDS = [r + s for r in "A23456789TJQK" for s in "CDHS"]
WORDS = ["classic", "oklahoma", "straight", "three-player", "standard", "random", "nobody",
         "1", "Ann,Bob", "Ann", "dead", "knocks", "gin", "discard", "upcard", "draw",
         "x.npz", "sqlite:///", "record", "csv", "en", "sv", "-", "|", "=", "target=5"]
TOKEN = st.one_of(
    st.sampled_from(CARDS), st.sampled_from(WORDS),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["nan", "inf", "-0", "1e400", "", " ", "\t", "9" * 5000]),
    st.text(max_size=12),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=11).map(" ".join),
)
STDIN = st.one_of(st.just(""), st.text(max_size=60),
                  st.lists(st.sampled_from(CARDS), min_size=10, max_size=11).map(" ".join))


# a good start for commands that need cards, so the fuzzing reaches past the first check
PREFIX = {
    "hint": [["--hand", *CARDS[:10]], ["--hand", *CARDS[:10], "--pile-top", "KS"]],
    "settle": [["--knocker", *CARDS[:10], "--defender", *CARDS[10:20]]],
    "sheet": [["new", "--players", "Ann,Bob"], ["add", "1"], ["undo"], ["export", "1"]],
    "selfplay": [["--matches", "1", "--jobs", "1"]],
}

FOUND = {
    "hint": [["hint", "--hand", *CARDS[:10], "--upcard", " "]],
    "sheet": [["sheet", "undo", "9" * 20], ["sheet", "import", "/"],
              ["sheet", "add", "1", "Ann knocks " + "9" * 5000 + ", Bob 2"]],
    "serve": [["serve", "--message-rate", "nan"]],
    "selfplay": [["selfplay", "--matches", "9" * 20]],
}


def argv_for(command: str) -> st.SearchStrategy[list[str]]:
    """The command, maybe a good start, a few loose tokens, then flags each with a value."""
    flag = st.sampled_from(FLAGS[command])
    start = st.sampled_from([[], *PREFIX.get(command, [])])
    loose = st.one_of(st.just([]), st.just([]), st.lists(st.one_of(flag, TOKEN), max_size=3))
    value = st.one_of(st.sampled_from(WORDS), st.integers(0, 60).map(str), TOKEN)
    pairs = st.lists(st.tuples(flag, value), max_size=4)
    return st.tuples(start, loose, pairs).map(
        lambda parts: [command, *parts[0], *parts[1], *(t for pair in parts[2] for t in pair)])


@pytest.fixture(scope="module")
def home() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        yield folder


@pytest.fixture()
def quiet_world(home: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINRUMMY_HOME", os.path.join(home, "data"))
    monkeypatch.delenv("GINRUMMY_DEBUG", raising=False)
    monkeypatch.chdir(home)  # selfplay's default --out lands here
    import uvicorn

    import ginrummy.rl.selfplay as selfplay
    import ginrummy.web.command as serve

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)  # serving: checked only
    monkeypatch.setattr(serve, "_check_can_listen", lambda host, port: None)  # no DNS lookups
    monkeypatch.setattr(selfplay, "generate", _no_data)
    monkeypatch.setattr(selfplay, "save", lambda *args: None)


def _no_data(*args: object, **kwargs: object) -> dict[str, object]:
    import numpy as np

    return {"hand": np.zeros(0, dtype=int), "action": np.zeros(0, dtype=int)}


def run(argv: list[str], stdin: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)  # argparse's usage errors (2) and --help (0) too
    finally:
        sys.stdin = saved_stdin
    return status, err.getvalue()


def check(argv: list[str], stdin: str) -> None:
    status, err = run(argv, stdin)
    assert "Traceback" not in err, (argv, err)
    assert status in (0, 1, 2), (argv, status, err)  # 70 would be an internal error: a bug
    if status == 2:
        assert err.count("\n") == 1 and err.startswith("ginrummy"), (argv, err)


FAST = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@pytest.mark.parametrize("command", ["melds", "settle", "replay", "export", "sheet", "hint",
                                     "bot", "data", "serve", "selfplay"])
def test_cli_fuzz_command_arguments(quiet_world: None, command: str) -> None:
    def fuzz(argv: list[str], stdin: str) -> None:
        check(argv, stdin)

    for argv in FOUND.get(command, []):  # tracebacks found before: always tried first
        fuzz = example(argv=argv, stdin="")(fuzz)
    FAST(given(argv=argv_for(command), stdin=STDIN)(fuzz))()


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=argv_for("play"), stdin=st.text(max_size=40))
def test_cli_fuzz_play_arguments(quiet_world: None, argv: list[str], stdin: str) -> None:
    check([argv[0], "--plain", *argv[1:]], stdin)  # never the full screen in a test
