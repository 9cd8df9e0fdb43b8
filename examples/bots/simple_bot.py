#!/usr/bin/env python3
"""A minimal Gin Rummy bot speaking ginrummy-bot/1 (docs/protocol.md), standard library only.

Run it in a tournament:  ginrummy tournament "cmd:python3 examples/bots/simple_bot.py" random

Strategy: go gin or knock as soon as the host offers it; keep cards that have partners (same
rank, or same suit within two ranks); take a face-up card only if it has two partners; throw the
loneliest card, the highest first.
"""

import json
import sys

RANKS = "A23456789TJQK"


def rank(card):
    return RANKS.index(card[0])


def value(card):
    return min(rank(card) + 1, 10)


def partners(card, hand):
    """How many other cards could meld with this one (same rank, or same suit and near)."""
    return sum(
        1
        for other in hand
        if other != card
        and (other[0] == card[0] or (other[1] == card[1] and abs(rank(other) - rank(card)) <= 2))
    )


def choose(view, legal):
    hand = view["hand"]
    for kind in ("big gin", "gin", "knock"):
        finishing = [a for a in legal if a.startswith(kind)]
        if finishing:
            return finishing[0]
    top = view["pile_top"]
    wanted = top is not None and partners(top, hand + [top]) >= 2
    if "take" in legal:
        return "take" if wanted else "pass"
    if "draw pile" in legal and wanted:
        return "draw pile"
    if "draw stock" in legal:
        return "draw stock"
    discards = [a for a in legal if a.startswith("discard ")]
    if not discards:
        return legal[0]  # e.g. "pass" at the last chance
    return min(discards, key=lambda a: (partners(a[-2:], hand), -value(a[-2:])))


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            reply = {"type": "hello", "name": "simple-python", "protocol": "ginrummy-bot/1",
                     "supports": ["decide"]}
        elif kind == "decide":
            action = choose(message["view"], message["legal_actions"])
            reply = {"type": "action", "id": message["id"], "action": action}
        elif kind == "quit":
            return
        else:
            continue  # "observe": this bot keeps no memory between hands
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
