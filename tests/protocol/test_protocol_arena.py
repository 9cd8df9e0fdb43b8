"""Protocol bots in the arena: twins agree with our players, misbehaviour is a recorded forfeit."""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from protocol_helpers import REPO, fake_bot, our_bot

from ginrummy.core.rules import rules_for
from ginrummy.players.arena import GameResult, play_game, run_pairs
from ginrummy.players.registry import player_names

SHORT = rules_for("classic", target=25)  # short matches keep the suite fast
FAIR_DECISIONS = 5
SEED = 2  # a short match even for the random player


def without_times(game: GameResult) -> GameResult:
    return dataclasses.replace(game, times=((), ()))


OUR_PLAYERS = [name for name in player_names() if not name.startswith("cmd:")]


# One match each, not a mirrored pair: every bot process imports its player's libraries anew
# (RLCard's take seconds). The protocol's side alternates so both seats are covered.
@pytest.mark.parametrize(("name", "seat"), [(n, i % 2) for i, n in enumerate(OUR_PLAYERS)])
def test_protocol_each_player_as_a_process_plays_like_its_twin(name: str, seat: int) -> None:
    """Our player behind the protocol vs in process, and in process twice: the same match."""
    over_the_wire = play_game(f"cmd:{our_bot(name)}", name, SHORT, SEED, seat_a=seat)
    in_process = play_game(name, name, SHORT, SEED, seat_a=seat)
    assert over_the_wire.forfeit is None
    assert over_the_wire.hands > 0
    assert without_times(over_the_wire) == without_times(in_process)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("illegal", "illegal action 'discard "),
        ("garbage", "malformed reply: not JSON: 'I think I will discard the queen'"),
        ("timeout", "no answer within the decision time of 0.5 s"),
        ("crash", "crashed (exit status 1), last said: ZeroDivisionError"),
        ("exit", "exited before the match was over"),
        ("error", "the bot reported an error: cannot decide"),
    ],
)
def test_protocol_misbehaviour_forfeits_each_match_alone(
    mode: str, reason: str
) -> None:
    # the arena's move timeout is the external bot's hard limit per decision
    pairs = run_pairs(f"cmd:{fake_bot(mode, FAIR_DECISIONS)}", "random", SHORT, pairs=1, seed=1,
                      move_timeout=0.5)
    for game in pairs[0].games:
        assert game.winner == "b"
        assert game.forfeit is not None and reason in game.forfeit
        # every match started a fresh bot that played its fair decisions before failing
        assert len(game.times[0]) == FAIR_DECISIONS


def test_protocol_arena_leaves_no_bot_processes() -> None:
    before = set(child_processes())  # other tests' helpers (pools, trackers) may be running
    run_pairs(f"cmd:{fake_bot('crash', 2)}", f"cmd:{fake_bot('fair')}", SHORT, pairs=1, seed=2)
    assert set(child_processes()) - before == set()


def child_processes() -> list[int]:
    """This process's children, zombies included (Linux /proc)."""
    children: list[int] = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        children += [int(pid) for pid in (task / "children").read_text().split()]
    return children


@pytest.mark.parametrize("bot", ["python3 examples/bots/simple_bot.py",
                                 "node examples/bots/simple_bot.js"])
def test_protocol_example_bots_play_a_tournament(bot: str, ginrummy_home: Path) -> None:
    command = bot.replace("python3", shlex.quote(sys.executable), 1)
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy", "tournament", f"cmd:{command}", "random",
         "--matches", "2", "--rules", "classic", "--jobs", "1", "--json", "--no-progress"],
        capture_output=True, text=True, timeout=120, cwd=REPO,
        env={**os.environ, "GINRUMMY_HOME": str(ginrummy_home)},
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["forfeits"] == []
    assert summary["matches"] == 2 and summary["hands"] > 0
    assert summary["wins_a"] + summary["wins_b"] == 2
    assert summary["a"]["decisions"] > 0
