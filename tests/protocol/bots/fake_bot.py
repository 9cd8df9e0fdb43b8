"""A bot that plays legal actions for a while, then misbehaves as its first argument says.

    python fake_bot.py MODE [DECISIONS]

MODE: illegal, garbage, flood, timeout, crash, exit, error, version, silent-hello; or fair (never
misbehaves) or slow (fair, but thinks 0.2 s over each decision). It plays DECISIONS (default 0) legal actions before misbehaving.
"""

import json
import sys
import time

mode = sys.argv[1]
fair_decisions = int(sys.argv[2]) if len(sys.argv) > 2 else 0


def send(message):
    print(json.dumps(message), flush=True)


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if mode == "silent-hello":
            time.sleep(60)
        send({"type": "hello", "name": f"fake-{mode}",
              "protocol": "ginrummy-bot/0" if mode == "version" else "ginrummy-bot/1",
              "supports": ["decide"]})
    elif message["type"] == "decide":
        if mode == "slow":
            time.sleep(0.2)
        if mode in ("fair", "slow") or fair_decisions > 0:
            fair_decisions -= 1
            send({"type": "action", "id": message["id"], "action": message["legal_actions"][-1]})
        elif mode == "illegal":
            hand = set(message["view"]["hand"])
            card = next(c for c in ("2C", "3C", "4C", "5C") if c not in hand)
            send({"type": "action", "id": message["id"], "action": f"discard {card}"})
        elif mode == "garbage":
            print("I think I will discard the queen", flush=True)
        elif mode == "flood":
            sys.stdout.write("x" * (3 << 20))  # megabytes and never a newline
            sys.stdout.flush()
            time.sleep(60)
        elif mode == "timeout":
            time.sleep(60)
        elif mode == "crash":
            sys.stderr.write("about to fail on purpose\n")
            raise ZeroDivisionError("the fake bot divides by zero")
        elif mode == "exit":
            sys.exit(0)
        elif mode == "error":
            send({"type": "error", "id": message["id"], "message": "cannot decide"})
    elif message["type"] == "quit":
        break
