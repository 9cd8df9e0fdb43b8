"""Helpers of the protocol tests: where things are and the fake bot's command line."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

FAKE_BOT = Path(__file__).parent / "bots" / "fake_bot.py"
REPO = Path(__file__).resolve().parents[2]


def fake_bot(mode: str, fair_decisions: int = 0) -> str:
    """The command line of the fake bot misbehaving in ``mode`` after ``fair_decisions``."""
    return shlex.join([sys.executable, str(FAKE_BOT), mode, str(fair_decisions)])


def our_bot(player: str) -> str:
    """The command line running our ``player`` as a protocol process."""
    return shlex.join([sys.executable, "-m", "ginrummy", "bot", player])
