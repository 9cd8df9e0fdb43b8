"""The house-rule flags every command shares: ``--rules PRESET`` plus one flag per option.

Flags are generated from the :class:`~ginrummy.core.rules.Rules` fields (``--knock-limit 7``,
``--gin-bonus 25``, ``--big-gin``/``--no-big-gin``), so a new option reaches every command.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection
from typing import Any

from ginrummy.core.rules import OPTION_NAMES, PRESETS, parse_option

_DEST = "option_{}"


def add_rules_options(
    parser: argparse.ArgumentParser, *, skip: Collection[str] = (), default: str = "classic"
) -> None:
    """Add ``--rules`` and a flag for each option not in ``skip``."""
    parser.add_argument("--rules", default=default,
                        help=f"a preset: {', '.join(PRESETS)} (default {default})")
    group = parser.add_argument_group("house rules (change one option of the preset)")
    for name in sorted(OPTION_NAMES - set(skip)):
        flag = "--" + name.replace("_", "-")
        classic = getattr(PRESETS["classic"], name)
        help_text = f"classic: {classic}"
        if isinstance(classic, bool):
            group.add_argument(flag, dest=_DEST.format(name), default=None,
                               action=argparse.BooleanOptionalAction, help=help_text)
        else:
            group.add_argument(flag, dest=_DEST.format(name), default=None, metavar="VALUE",
                               help=help_text)


def rules_changes(args: argparse.Namespace) -> dict[str, Any]:
    """The options given on the command line, typed (a RulesError names a bad value)."""
    changes: dict[str, Any] = {}
    for name in OPTION_NAMES:
        value = getattr(args, _DEST.format(name), None)
        if value is not None:
            changes[name] = value if isinstance(value, bool) else parse_option(name, value)
    return changes
