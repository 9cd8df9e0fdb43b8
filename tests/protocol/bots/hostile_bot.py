"""A bot that plays fair (the last legal action) but attacks its host as its first argument says.

    python hostile_bot.py MODE [PID_FILE] [SECONDS]

MODE:
  flood-stderr   at the hello, writes 100 MB to stderr without a newline, then plays
  flood-lines    at the hello, writes 100 MB of short stderr lines, then plays
  chatter        after its hello, writes 20 million short lines to stdout unasked
  fork-helper    starts a helper that sleeps and ignores SIGTERM (a line "HELPER BOT" of
                 pids is added to PID_FILE), plays, exits at quit
  hang           starts the same helper, answers the hello, then never answers a decide (and
                 ignores SIGTERM itself)
  slow-hand-2    thinks SECONDS (default 1) over its first decision of the second hand
"""

import json
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1]
pid_file = sys.argv[2] if len(sys.argv) > 2 else None
slow_seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
FLOOD = 100 << 20


def send(message):
    print(json.dumps(message), flush=True)


def start_helper():
    """A grandchild of the host that sleeps long and ignores SIGTERM (only SIGKILL ends it)."""
    helper = subprocess.Popen([sys.executable, "-c",
                               "import signal, time\n"
                               "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                               "time.sleep(600)"])
    with open(pid_file, "a") as out:  # one line per bot process
        out.write(f"{helper.pid} {os.getpid()}\n")


def flood(with_newlines):
    block = (b"spam " * 20 + b"\n") * 10_000 if with_newlines else b"x" * (1 << 20)
    written = 0
    while written < FLOOD:
        sys.stderr.buffer.write(block)
        written += len(block)
    sys.stderr.buffer.flush()


if mode in ("fork-helper", "hang"):
    start_helper()
if mode == "hang":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

slowed = False
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if mode.startswith("flood-"):
            flood(mode == "flood-lines")
        send({"type": "hello", "name": f"hostile-{mode}", "protocol": "ginrummy-bot/1",
              "supports": ["decide"]})
        if mode == "chatter":
            try:
                for _ in range(200):
                    sys.stdout.write("{}\n" * 100_000)
                sys.stdout.flush()
            except BrokenPipeError:
                sys.exit(0)
    elif message["type"] == "decide":
        if mode == "hang":
            time.sleep(600)
        view = message["view"]
        if mode == "slow-hand-2" and not slowed and view["match"]["hand_number"] == 2:
            slowed = True
            time.sleep(slow_seconds)
        send({"type": "action", "id": message["id"], "action": message["legal_actions"][-1]})
    elif message["type"] == "quit":
        break
