"""Bots that attack their host: floods, helpers left behind, hangs, a bot that cannot start.

The host must stay small (its peak resident memory and ``bots.log`` bounded), leave no process of
a bot's group running on any way out, and honour the time limits the environment sets.
"""

from __future__ import annotations

import gc
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from protocol_helpers import REPO

from ginrummy.cli import main
from ginrummy.core.rules import rules_for
from ginrummy.players.arena import play_game
from ginrummy.protocol.client import LOG_BOT_BYTES, LOG_LINE_BYTES, BotLog, ExternalBot

HOSTILE = Path(__file__).parent / "bots" / "hostile_bot.py"
SHORT = rules_for("classic", target=25)
PEAK_GROWTH_KIB = 40_000  # the floods are 100 MB per bot process; the host may grow far less

# Runs a tournament in a fresh interpreter and reports its peak resident memory (VmHWM) before
# and after, so the figure is this tournament's alone.
PEAK_SCRIPT = """
import json, sys
from ginrummy.cli import main
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
before = peak()
status = main(sys.argv[2:])
with open(sys.argv[1], "w") as out:
    json.dump({"status": status, "before": before, "after": peak()}, out)
"""


def hostile(mode: str, *args: str) -> str:
    return "cmd:" + shlex.join([sys.executable, str(HOSTILE), mode, *args])


def running(pid: int) -> bool:
    """Whether ``pid`` runs; a zombie (dead, its parent has not reaped it yet) does not."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def pids(pid_file: Path) -> list[int]:
    """The helper and bot pids the hostile bots wrote (a pair per bot process)."""
    if not pid_file.exists():
        return []
    return [int(word) for word in pid_file.read_text().split()]


def tournament_peak(tmp_path: Path, home: Path, *players: str) -> dict[str, int]:
    figures = tmp_path / "peak.json"
    done = subprocess.run(
        [sys.executable, "-c", PEAK_SCRIPT, str(figures), "tournament", *players,
         "--matches", "2", "--rules", "classic", "--jobs", "1", "--json", "--no-progress"],
        capture_output=True, text=True, timeout=240, cwd=REPO,
        env={**os.environ, "GINRUMMY_HOME": str(home)},
    )
    assert figures.exists(), done.stderr
    result: dict[str, int] = json.loads(figures.read_text())
    return result


@pytest.mark.parametrize("mode", ["flood-stderr", "flood-lines"])
def test_protocol_a_stderr_flood_leaves_the_host_and_its_log_small(
    tmp_path: Path, ginrummy_home: Path, mode: str
) -> None:
    figures = tournament_peak(tmp_path, ginrummy_home, hostile(mode), "random")
    assert figures["status"] == 0  # the flood costs the bot nothing but its log lines
    assert figures["after"] - figures["before"] < PEAK_GROWTH_KIB
    log = ginrummy_home / "bots.log"
    processes = 2  # one per match
    assert log.stat().st_size < processes * (LOG_BOT_BYTES + 2 * LOG_LINE_BYTES)
    text = log.read_text()
    if mode == "flood-stderr":
        assert text.count("more bytes not logged]") == processes  # each 100 MB line, cut
    else:
        assert text.count("not logged]") == processes  # the note closing each process's log


def test_protocol_a_bots_last_stderr_is_logged_before_close_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a slow disk: the log is still being written when the bot has exited; a host that exits
    # right after close() (the last match of a tournament) must not lose that line
    write = BotLog.write

    def slow_write(log: BotLog, text: str) -> None:
        time.sleep(0.3)
        write(log, text)

    monkeypatch.setattr(BotLog, "write", slow_write)
    log = tmp_path / "bots.log"
    bot = ExternalBot(shlex.join([sys.executable, str(HOSTILE), "flood-stderr"]), log_path=log)
    bot.close()
    assert log.exists() and "more bytes not logged]" in log.read_text()


def test_protocol_a_bot_that_floods_stdout_unasked_is_held_back(
    tmp_path: Path, ginrummy_home: Path
) -> None:
    figures = tournament_peak(tmp_path, ginrummy_home, hostile("chatter"), "random")
    assert figures["status"] == 2  # its first answer is "{}": every match forfeited at once
    assert figures["after"] - figures["before"] < PEAK_GROWTH_KIB


def test_protocol_bot_log_rotates(tmp_path: Path) -> None:
    log = BotLog(tmp_path / "bots.log", max_bytes=1000)
    for number in range(100):
        log.write(f"line {number:03} " + "x" * 40 + "\n")
    current, older = tmp_path / "bots.log", tmp_path / "bots.log.1"
    assert current.stat().st_size <= 1000 and older.stat().st_size <= 1000
    assert current.read_text().splitlines()[-1].startswith("line 099")
    lines = older.read_text().splitlines() + current.read_text().splitlines()
    assert [line[5:8] for line in lines] == [f"{n:03}" for n in range(100 - len(lines), 100)]


def test_protocol_helpers_go_when_the_bot_quits(tmp_path: Path) -> None:
    pid_file = tmp_path / "pids"
    game = play_game(hostile("fork-helper", str(pid_file)), "random", SHORT, 3, seat_a=0)
    assert game.forfeit is None and game.hands > 0  # it played fair and exited at quit
    helper, bot = pids(pid_file)
    assert not running(bot) and not running(helper)


def test_protocol_a_hanging_bot_and_its_helper_are_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pids"
    game = play_game(hostile("hang", str(pid_file)), "random", SHORT, 3, seat_a=0,
                     move_timeout=0.5)
    assert game.forfeit is not None
    assert "no answer within the decision time of 0.5 s" in game.forfeit
    helper, bot = pids(pid_file)  # both ignore SIGTERM: only the SIGKILL of the group ends them
    assert not running(bot) and not running(helper)


def test_protocol_a_dropped_bot_takes_its_helpers(tmp_path: Path) -> None:
    pid_file = tmp_path / "pids"
    bot = ExternalBot(hostile("fork-helper", str(pid_file))[4:])
    helper, process = pids(pid_file)
    assert running(helper) and running(process)
    del bot
    gc.collect()
    assert not running(process) and not running(helper)


def test_protocol_ctrl_c_in_the_host_takes_the_bot_group(tmp_path: Path) -> None:
    pid_file = tmp_path / "pids"
    with pytest.raises(KeyboardInterrupt), ExternalBot(hostile("hang", str(pid_file))[4:]):
        raise KeyboardInterrupt
    helper, bot = pids(pid_file)
    assert not running(bot) and not running(helper)


def test_protocol_ctrl_c_stops_the_bots_of_every_worker(tmp_path: Path, ginrummy_home: Path) -> None:
    pid_file, stderr = tmp_path / "pids", tmp_path / "stderr"
    # a decision time no loaded machine reaches: only Ctrl+C can end these matches
    tournament = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", "tournament", hostile("hang", str(pid_file)),
         "random", "--matches", "4", "--jobs", "2", "--no-progress", "--move-timeout", "600"],
        cwd=REPO, env={**os.environ, "GINRUMMY_HOME": str(ginrummy_home)},
        stdout=subprocess.DEVNULL, stderr=stderr.open("wb"), start_new_session=True,
        # a shell without job control starts background jobs with SIGINT ignored, and Python
        # keeps an inherited SIG_IGN: give the tournament the terminal's default, as a user's has
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while len(pids(pid_file)) < 4 and time.monotonic() < deadline:  # both workers' bots
            time.sleep(0.1)
        started = pids(pid_file)
        assert len(started) == 4 and all(running(pid) for pid in started)
        os.killpg(tournament.pid, signal.SIGINT)  # Ctrl+C reaches the terminal's whole group
        assert tournament.wait(timeout=30) == 130, stderr.read_text(errors="replace")
    finally:
        if tournament.poll() is None:
            os.killpg(tournament.pid, signal.SIGKILL)
            tournament.wait()
    assert not any(running(pid) for pid in started)


@pytest.mark.parametrize(("variable", "reason"), [
    ("GINRUMMY_BOT_DECISION_TIME", "no answer within the decision time of 0.8 s"),
    ("GINRUMMY_BOT_MATCH_TIME", "used up its match time of 0.8 s"),
])
def test_protocol_tournament_honours_the_bot_time_variables(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, variable: str,
    reason: str
) -> None:
    # the bot thinks 1.5 s once, at the start of the second hand: within the default 10 s
    args = ["tournament", hostile("slow-hand-2", "-", "1.5"), "random", "--matches", "2",
            "--seed", "3", "--jobs", "1", "--json", "--no-progress"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["forfeits"] == []
    monkeypatch.setenv(variable, "0.8")
    assert main(args) == 0
    forfeits = json.loads(capsys.readouterr().out)["forfeits"]
    assert len(forfeits) == 2 and all(reason in f["reason"] for f in forfeits)


def test_protocol_tournament_of_a_bot_that_cannot_start_fails(
    capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["tournament", "cmd:/no/such/bot --fast", "random", "--matches", "2",
                   "--jobs", "1", "--json", "--no-progress"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith("ginrummy tournament: no match could be played: ")
    assert "cannot start '/no/such/bot'" in err and err.count("\n") == 1
