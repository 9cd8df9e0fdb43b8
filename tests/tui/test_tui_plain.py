"""The --plain line mode driven from a script through pipes, as a screen reader user or a bot would."""

from __future__ import annotations

import os
import signal

from plain_driver import PROMPT, PlainProcess, last_hand, play

from ginrummy.cli import command_name
from ginrummy.core.record import read_record
from ginrummy.store import open_store
from ginrummy.tui.session import STORE_KIND


def saved(home):
    store = open_store(f"sqlite:///{home}/ginrummy.sqlite3")
    try:
        return store.list(kind=STORE_KIND)
    finally:
        store.close()


def test_tui_plain_script_plays_a_whole_match(tmp_path):
    # stdout is a pipe, not a terminal: plain mode starts without --plain
    process = PlainProcess(tmp_path, "--opponent", "random", "--target", "10", "--seed", "7",
                           plain_flag=False)
    last = play(process, decisions=600)
    assert not last.endswith(PROMPT)
    assert process.process.wait(timeout=30) == 0
    assert "won the match" in process.transcript
    assert "Traceback" not in process.transcript
    [match] = saved(tmp_path)
    assert match.finished and read_record(match.record).is_over


def test_tui_plain_answers_bad_input_with_one_line_and_asks_again(tmp_path):
    process = PlainProcess(tmp_path, "--opponent", "random", "--seed", "3")
    first = process.read_until_prompt()
    question = first.rsplit("\n", 2)[-2]
    assert question == "Draw from the stock, or take K♠ from the discard pile. draw stock, draw pile"
    for bad, reason in [
        ("take", "the upcard can only be taken on the first turn"),
        ("discard ZZ", "ZZ"),
        ("fly away", "not an action"),
        ("discard KS", "draw first"),
    ]:
        process.send(bad)
        reply = process.read_until_prompt()
        lines = reply.split("\n")
        assert lines[0].startswith("Not allowed: ") and reason in lines[0]
        assert lines[1:] == [question, "> "]
    process.send("hint")
    hint = process.read_until_prompt().split("\n")
    assert hint[0].startswith("Hint: draw") and hint[1:] == [question, "> "]
    rest = process.close_input()  # end of input: saved, clean exit
    # the same PATH and Python as this process: the command it names is the one we would
    assert f"Match saved. Resume it with: {command_name()} play --resume" in rest
    assert process.process.returncode == 0
    [match] = saved(tmp_path)
    assert not match.finished


def test_tui_plain_resumes_the_same_state_after_sigkill(tmp_path):
    process = PlainProcess(tmp_path, "--opponent", "random", "--seed", "21")
    before = play(process, decisions=9)
    hand_before = last_hand(process.transcript)
    question_before = before.rsplit("\n", 2)[-2]
    record_before = saved(tmp_path)[0].record
    os.kill(process.process.pid, signal.SIGKILL)
    process.process.wait(timeout=30)

    resumed = PlainProcess(tmp_path, "--resume")
    after = resumed.read_until_prompt()
    assert last_hand(after) == hand_before
    assert after.rsplit("\n", 2)[-2] == question_before
    [match] = saved(tmp_path)
    assert match.record == record_before
    state = read_record(match.record).state
    assert len(state.history) >= 9
    resumed.close_input()
    assert resumed.process.returncode == 0
