"""A bot that plays legal actions for a while, then misbehaves as its first argument says.

    python fake_bot.py MODE [DECISIONS]

MODE: illegal, garbage, flood, timeout, crash, exit, error, version, silent-hello; or fair (never
misbehaves) or slow (fair, but thinks 0.2 s over each decision). It plays DECISIONS (default 0)
legal actions before misbehaving.

Modes of the optional capabilities (fair otherwise): show (knocks showing the last option it is
offered), bad-show (knocks showing a set with the card it throws), unlisted-show (names melds
without listing "show"), lazy-layoffs (answers a layoffs request with no melds and no layoffs),
bad-layoffs (lays off a card of the knocker's deadwood), late-layoffs (answers with a wrong id).
With $FAKE_BOT_SPY set it writes every line it receives to stderr (the host's bots.log).
"""

import json
import os
import sys
import time

mode = sys.argv[1]
fair_decisions = int(sys.argv[2]) if len(sys.argv) > 2 else 0
SUPPORTS = {"show": ["decide", "show"], "bad-show": ["decide", "show"],
            "lazy-layoffs": ["decide", "layoffs"], "bad-layoffs": ["decide", "layoffs"],
            "late-layoffs": ["decide", "layoffs"]}
FAIR = ("fair", "slow", *SUPPORTS)


def send(message):
    print(json.dumps(message), flush=True)


def knock(message):
    """The action of the show modes: a knock naming melds, or None to play fair."""
    knocks = [a for a in message["legal_actions"] if a.startswith("knock ")]
    if not knocks:
        return None
    if mode == "unlisted-show":
        return f"{knocks[0]} show AC 2C 3C"
    if mode == "bad-show":
        card = knocks[0][-2:]
        return f"{knocks[0]} show " + " ".join(card[0] + suit for suit in "CDH")
    if mode == "show":
        melds = message["show_options"][knocks[0]][-1]["melds"]
        return f"{knocks[0]} show " + " | ".join(" ".join(meld) for meld in melds)
    return None


def layoffs(message):
    reply = {"type": "layoffs", "id": message["id"], "melds": [], "layoffs": []}
    if mode == "bad-layoffs":
        knocker = message["knocker"]
        reply["layoffs"] = [{"card": knocker["deadwood_cards"][0], "onto": knocker["melds"][0]}]
    if mode == "late-layoffs":
        reply["id"] += 1
    return reply


for line in sys.stdin:
    if os.environ.get("FAKE_BOT_SPY"):
        sys.stderr.write(f"got {line}")
    message = json.loads(line)
    if message["type"] == "hello":
        if mode == "silent-hello":
            time.sleep(60)
        send({"type": "hello", "name": f"fake-{mode}",
              "protocol": "ginrummy-bot/0" if mode == "version" else "ginrummy-bot/1",
              "supports": SUPPORTS.get(mode, ["decide"])})
    elif message["type"] == "layoffs":
        send(layoffs(message))
    elif message["type"] == "decide":
        if mode == "slow":
            time.sleep(0.2)
        chosen = knock(message)
        if chosen is not None:
            send({"type": "action", "id": message["id"], "action": chosen})
        elif mode in FAIR or mode == "unlisted-show" or fair_decisions > 0:
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
