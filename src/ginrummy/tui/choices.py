"""The setup screen's last choices (rules, opponent, language, display), kept in
``setup.json`` in the data directory so the next ``ginrummy play`` opens with them.

Remembering is a convenience: a missing, damaged or unwritable file is ignored (the defaults
are used, or nothing is remembered), never an error that stops a match.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import Rules, parse_rules
from ginrummy.i18n import available_languages
from ginrummy.players.registry import player_names
from ginrummy.tui.session import Settings

FILE_NAME = "setup.json"


@dataclass(frozen=True, slots=True)
class Choices:
    rules: Rules
    settings: Settings


def choices_file() -> Path:
    from ginrummy.paths import data_dir

    return data_dir(create=False) / FILE_NAME


def load_choices() -> Choices | None:
    """The choices saved last, or None when there are none (or they cannot be read)."""
    try:
        data = json.loads(choices_file().read_text(encoding="utf-8"))
        rules = parse_rules(str(data["rules"]))
        settings = Settings(opponent=str(data["opponent"]), lang=str(data["lang"]),
                            four_color=data["four_color"] is True,
                            memory_aid=data["memory_aid"] is True)
    except (OSError, ValueError, KeyError, TypeError, GinRummyError):
        return None
    if settings.opponent not in player_names() or settings.lang not in available_languages():
        return None  # a player or language since removed: the setup could not show it
    return Choices(rules, settings)


def save_choices(rules: Rules, settings: Settings) -> None:
    """Keep ``rules`` and ``settings`` for next time, written atomically (a crash leaves the
    old file or the new one, never half of one)."""
    data = {"rules": str(rules), **settings.to_meta()}
    temporary: str | None = None
    try:
        path = choices_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent,
                                         prefix=".setup-", suffix=".tmp",
                                         delete=False) as file:
            temporary = file.name
            json.dump(data, file)
        os.replace(temporary, path)
    except OSError:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
