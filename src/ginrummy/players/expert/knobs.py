"""The expert's knobs from text: ``expert:waiter_share=0,reading=0`` in a player name.

Earlier versions of the expert differ from today's mostly in :class:`Tuning` values (the
docstring of :class:`Tuning` records each step), so a name with knobs plays an older version
beside the current one, for self-play checks and A/B tournaments.
"""

from __future__ import annotations

import math
from dataclasses import fields

from ginrummy.core.errors import GinRummyError
from ginrummy.players.expert.player import Tuning

_TYPES: dict[str, type] = {f.name: type(f.default) for f in fields(Tuning)}
# fractions from 0 to 1
_SHARES = ("waiter_share", "hedge_before_shown", "reading_share", "above_limit_odds")


def tuning_from_text(text: str) -> dict[str, int | float]:
    """``KNOB=VALUE`` pairs separated by commas, checked against :class:`Tuning`: whole numbers
    of at least 0 for its counts and switches, finite numbers for the rest (shares from 0 to 1).

    >>> tuning_from_text("waiter_share=0, rollouts=96")
    {'waiter_share': 0.0, 'rollouts': 96}
    """
    if not text.strip():
        raise GinRummyError("expert: needs KNOB=VALUE pairs after the colon, such as "
                            "expert:waiter_share=0")
    tuning: dict[str, int | float] = {}
    for item in text.split(","):
        name, equals, value = (part.strip() for part in item.partition("="))
        if name not in _TYPES:
            raise GinRummyError(f"{name!r} is not a knob of the expert; "
                                f"knobs: {', '.join(_TYPES)}")
        if not equals or not value:
            raise GinRummyError(f"knob {name} needs a value: {name}=VALUE")
        tuning[name] = _value(name, value)
    return tuning


def _value(name: str, text: str) -> int | float:
    if _TYPES[name] is int:
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            raise GinRummyError(f"knob {name} takes a whole number from 0, not {text!r}")
        return int(text)
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or (name in _SHARES and not 0 <= number <= 1):
        kind = "a number from 0 to 1" if name in _SHARES else "a finite number"
        raise GinRummyError(f"knob {name} takes {kind}, not {text!r}")
    return number
