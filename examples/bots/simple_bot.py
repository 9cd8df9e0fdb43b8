#!/usr/bin/env python3
"""A minimal Gin Rummy bot speaking ginrummy-bot/1 (docs/protocol.md), standard library only.

Run it in a tournament:  ginrummy tournament "cmd:python3 examples/bots/simple_bot.py" random

Strategy: go gin or knock as soon as the host offers it, showing the offered arrangement that
gives the opponent the fewest cards to lay off (capability "show"); keep cards that have
partners (same rank, or same suit within two ranks); take a face-up card only if it has two
partners; throw the loneliest card, the highest first. Defending a knock (capability "layoffs"),
meld greedily (sets, then runs) and lay off what extends the knocker's melds.
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


def choose(view, legal, show_options=None):
    hand = view["hand"]
    for kind in ("big gin", "gin", "knock"):
        finishing = [a for a in legal if a.startswith(kind)]
        if finishing:
            return with_show(finishing[0], show_options)
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


def with_show(action, show_options):
    """A knock naming the offered melds with the fewest layoff targets (the host's default,
    the first option, when nothing is offered or it is as good)."""
    options = (show_options or {}).get(action)
    if not options:
        return action
    best = min(options, key=lambda o: (len(o["layoff_targets"]), o["deadwood"]))
    return action + " show " + " | ".join(" ".join(meld) for meld in best["melds"])


def greedy_melds(hand):
    """Sets of three or four first, then runs of three or more of the cards left."""
    melds, left = [], list(hand)
    for r in RANKS:
        same = [c for c in left if c[0] == r]
        if len(same) >= 3:
            melds.append(same)
    left = [c for c in left if not any(c in meld for meld in melds)]
    for suit in "CDHS":
        run = []
        for card in sorted((c for c in left if c[1] == suit), key=rank):
            if run and rank(card) != rank(run[-1]) + 1:
                melds += [run] if len(run) >= 3 else []
                run = []
            run.append(card)
        melds += [run] if len(run) >= 3 else []
    return melds


def extends(meld, card):
    if all(c[0] == meld[0][0] for c in meld):  # a set takes its fourth card
        return len(meld) == 3 and card[0] == meld[0][0]
    ranks = [rank(c) for c in meld]
    return card[1] == meld[0][1] and rank(card) in (min(ranks) - 1, max(ranks) + 1)


def answer_layoffs(message):
    melds = greedy_melds(message["hand"])
    left = [c for c in message["hand"] if not any(c in meld for meld in melds)]
    shown = message["knocker"]["melds"]
    grown = [list(meld) for meld in shown]
    layoffs = []
    laid = message["layoffs_allowed"]
    while laid:  # again after each layoff: a laid card may let another follow it
        laid = False
        for card in left:
            target = next((i for i, meld in enumerate(grown) if extends(meld, card)), None)
            if target is not None:
                grown[target].append(card)
                left.remove(card)
                layoffs.append({"card": card, "onto": shown[target]})
                laid = True
                break
    return {"type": "layoffs", "id": message["id"], "melds": melds, "layoffs": layoffs}


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            reply = {"type": "hello", "name": "simple-python", "protocol": "ginrummy-bot/1",
                     "supports": ["decide", "show", "layoffs"]}
        elif kind == "decide":
            action = choose(message["view"], message["legal_actions"],
                            message.get("show_options"))
            reply = {"type": "action", "id": message["id"], "action": action}
        elif kind == "layoffs":
            reply = answer_layoffs(message)
        elif kind == "quit":
            return
        else:
            continue  # "observe": this bot keeps no memory between hands
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
