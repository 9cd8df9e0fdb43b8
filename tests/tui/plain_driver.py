"""Drive ``ginrummy play --plain`` in a subprocess the way a script or screen reader would."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ginrummy.core.cards import BIT, format_card, parse_card, parse_cards, to_mask
from ginrummy.core.melds import min_deadwood

PROMPT = "\n> "
ENDING = re.compile(r"\b(gin|knock) ([2-9TJQKA][CDHS])\b")
HAND_LINE = re.compile(r"^Your hand: (.*)\. Deadwood: \d+\.$", re.M)


class PlainProcess:
    def __init__(self, home: Path, *args: str, plain_flag: bool = True,
                 command: Sequence[str] = (sys.executable, "-m", "ginrummy"),
                 cwd: Path | None = None) -> None:
        env = dict(os.environ, GINRUMMY_HOME=str(home), LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
        env.pop("LANGUAGE", None)
        env.pop("LC_ALL", None)
        self.process = subprocess.Popen(
            [*command, "play", *(["--plain"] if plain_flag else []), *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd)
        self.transcript = ""

    def read_until_prompt(self, timeout: float = 60) -> str:
        """Everything printed up to the next question (or to the end of output)."""
        assert self.process.stdout is not None
        chunk = b""
        deadline = time.monotonic() + timeout
        while not chunk.decode("utf-8", "replace").endswith(PROMPT):
            ready, _, _ = select.select([self.process.stdout], [], [], 1)
            if ready:
                data = os.read(self.process.stdout.fileno(), 65536)
                if not data:
                    break
                chunk += data
            elif time.monotonic() > deadline:
                raise AssertionError(f"no prompt within {timeout}s; got:\n{chunk.decode()}")
        text = chunk.decode("utf-8")
        self.transcript += text
        return text

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.transcript += line + "\n"
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def close_input(self) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        rest = self.process.stdout.read().decode("utf-8")
        self.process.wait(timeout=60)
        self.transcript += rest
        return rest


def last_hand(text: str) -> str | None:
    found = HAND_LINE.findall(text)
    return found[-1] if found else None


def answer(text: str, hand_text: str | None, refused: set[int]) -> str:
    """A sensible answer to the question at the end of ``text`` (``refused``: cards not allowed)."""
    question = text.rsplit("\n", 2)[-2]
    if "Press Enter" in question:
        return ""
    if question.endswith("take, pass") or "Last chance" in question:
        return "pass"
    if "draw stock" in question:
        return "draw stock"
    endings = ENDING.findall(question)
    for kind, card_text in endings:
        if kind == "gin":
            return f"gin {card_text}"
    assert hand_text is not None, text
    cards = parse_cards(hand_text.replace("[", " ").replace("]", " "))
    hand = to_mask(cards)
    if endings:
        knock = min(endings, key=lambda e: min_deadwood(hand ^ BIT[parse_card(e[1])]))
        return f"knock {knock[1]}"
    best = min((c for c in cards if c not in refused), key=lambda c: min_deadwood(hand ^ BIT[c]))
    return f"discard {format_card(best)}"


def play(process: PlainProcess, *, decisions: int) -> str:
    """Answer up to ``decisions`` questions; returns the output of the last read."""
    text = process.read_until_prompt()
    hand = last_hand(text)
    refused: set[int] = set()
    for _ in range(decisions):
        if not text.endswith(PROMPT):
            break
        reply = answer(text, hand, refused)
        process.send(reply)
        text = process.read_until_prompt()
        if text.startswith("Not allowed") and reply.startswith("discard"):
            refused.add(parse_card(reply.split()[1]))
        else:
            refused = set()
        hand = last_hand(text) or hand
    return text
