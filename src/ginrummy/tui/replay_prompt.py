"""The replay in plain mode (``ginrummy play --plain --replay ID``): one step per move, asked
for line by line: ``n`` (or Enter) next, ``b`` back, ``h N`` to hand N, ``q`` quits."""

from __future__ import annotations

from typing import TextIO

from ginrummy.i18n import Translator
from ginrummy.tui.replay_steps import Replay
from ginrummy.tui.words import COMMAND_WORDS

COMMANDS = ("next", "back", "hand", "quit")
# plain play's other words for a command ("slutt", "sluta" for quit): whole words only, so
# their first letters never shadow n, b, h and q
OTHER_WORDS = {command: {word for words in COMMAND_WORDS.values()
                         for word, meaning in words.items() if meaning == command}
               for command in COMMANDS}


def command_of(word: str, _: Translator) -> str | None:
    """Which command ``word`` names: its English or translated word, or that word's first
    letter; None for anything else."""
    word = word.casefold()
    for command in COMMANDS:
        names = {command, _(command).casefold()}
        if word in names or word in {name[0] for name in names} or word in OTHER_WORDS[command]:
            return command
    return None


def run_replay(replay: Replay, title: str, _: Translator, *, stdin: TextIO,
               stdout: TextIO) -> int:
    def say(*lines: str) -> None:
        stdout.write("\n".join(lines) + "\n")

    say(title, "")
    if not replay.steps:
        say(*[line for line in (_("No hand has been finished yet."), replay.unfinished_note)
              if line])
        return 0
    last = len(replay.steps) - 1
    position = 0
    say(*replay.steps[0].lines)
    while True:
        stdout.write(_("n: next move, b: back, h N: hand N, q: quit") + "> ")
        stdout.flush()
        line = stdin.readline()
        if not line:  # end of input: the replay simply stops
            say("")
            return 0
        word, *rest = line.split() or ["next"]
        command = command_of(word, _)
        if command == "quit":
            return 0
        if command == "hand" and len(rest) == 1 and rest[0].isascii() and rest[0].isdigit():
            try:
                position = replay.first_of(int(rest[0]))
            except ValueError:
                say(_("There is no hand {n}.").format(n=rest[0]))
                continue
        elif command == "next" and not rest:
            if position == last:
                say(*[line for line in (_("The end of the replay."), replay.unfinished_note)
                      if line])
                continue
            position += 1
        elif command == "back" and not rest:
            if position == 0:
                say(_("This is the first move."))
                continue
            position -= 1
        else:
            say(_("Type n, b, h and a hand number, or q."))
            continue
        say("", *replay.steps[position].lines)
