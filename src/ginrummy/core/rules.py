"""Rules as data: one frozen object holding every option, named presets, lookup by name (RULES §8-§9).

>>> rules_for("modern").gin_bonus
25
>>> rules_for("classic", knock_limit=7).knock_limit
7
>>> Rules(knock_limit=11)
Traceback (most recent call last):
...
ginrummy.core.errors.RulesError: knock_limit must be between 0 and 10, not 11
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal

from ginrummy.core.errors import RulesError

DealerRotation = Literal["winner", "alternate", "loser"]
OklahomaAce = Literal["one", "gin"]
DEALER_ROTATIONS = ("winner", "alternate", "loser")


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the game. The defaults are the classic rules of RULES.md."""

    name: str = "classic"
    knock_limit: int = 10
    gin_bonus: int = 20
    undercut_bonus: int = 10
    knock_bonus: int = 0  # Norwegian: extra points to a knocker who wins with lower deadwood
    big_gin: bool = False
    big_gin_bonus: int = 31
    box_bonus: int = 20
    game_bonus: int = 100
    shutout_bonus: int = 200  # the game bonus when the loser won no hand at all
    target: int = 100
    straight: bool = False  # no knocking, only gin ends a hand (§9.2)
    oklahoma: bool = False  # the first upcard sets the knock limit (§9.1)
    oklahoma_ace: OklahomaAce = "one"  # an ace upcard means knock at 1, or gin only
    oklahoma_spade_double: bool = True
    eleven_card_deal: bool = False  # §9.5: no upcard, the non-dealer starts with eleven
    last_chance: bool = False  # §7.2
    stock_wall: int = 2  # §7.1: the hand is dead when the stock is down to this many cards
    dealer: DealerRotation = "winner"
    hollywood: bool = False  # §9.4: three games scored at once
    players: int = 2  # 3: dealer sits out; 4: two partnerships (§9.7, §9.8)

    def __post_init__(self) -> None:
        problems = list(_problems(self))
        if problems:
            raise RulesError("; ".join(problems))

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated again)."""
        unknown = set(changes) - OPTION_NAMES
        if unknown:
            raise RulesError(f"unknown rules option: {sorted(unknown)[0]}")
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, Any]:
        """Every option by name, except the preset name."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in OPTION_NAMES}

    def differences(self) -> dict[str, Any]:
        """The options where these rules differ from their named preset."""
        base = PRESETS.get(self.name, Rules())
        return {k: v for k, v in self.options().items() if getattr(base, k) != v}

    def __str__(self) -> str:
        diff = self.differences()
        return self.name + "".join(f" {k}={_format_value(v)}" for k, v in diff.items())


def _problems(rules: Rules) -> list[str]:
    problems = []
    if not 0 <= rules.knock_limit <= 10:
        problems.append(f"knock_limit must be between 0 and 10, not {rules.knock_limit}")
    for name in ("gin_bonus", "undercut_bonus", "knock_bonus", "big_gin_bonus", "box_bonus",
                 "game_bonus", "shutout_bonus"):
        if getattr(rules, name) < 0:
            problems.append(f"{name} cannot be negative ({getattr(rules, name)})")
    if rules.target <= 0:
        problems.append(f"target must be positive, not {rules.target}")
    if rules.oklahoma and rules.eleven_card_deal:
        problems.append("oklahoma needs an upcard, and the eleven-card deal turns none")
    if rules.oklahoma and rules.straight:
        problems.append("oklahoma sets a knock limit, and straight gin allows no knocking")
    if rules.oklahoma_ace not in ("one", "gin"):
        problems.append(f"oklahoma_ace must be 'one' or 'gin', not {rules.oklahoma_ace!r}")
    if rules.dealer not in DEALER_ROTATIONS:
        problems.append(f"dealer must be one of {', '.join(DEALER_ROTATIONS)}, not {rules.dealer!r}")
    if rules.players not in (2, 3, 4):
        problems.append(f"players must be 2, 3 or 4, not {rules.players}")
    if rules.players != 2 and rules.hollywood:
        problems.append("hollywood scoring is for two players")
    if not 0 <= rules.stock_wall <= 10:
        problems.append(f"stock_wall must be between 0 and 10, not {rules.stock_wall}")
    return problems


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


OPTION_NAMES = frozenset(f.name for f in fields(Rules) if f.name != "name")

PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "modern": Rules(name="modern", gin_bonus=25, undercut_bonus=25, box_bonus=25, big_gin=True),
    "norwegian": Rules(
        name="norwegian", gin_bonus=40, undercut_bonus=30, knock_bonus=20, box_bonus=0
    ),
    "oklahoma": Rules(name="oklahoma", oklahoma=True, target=150),
    "straight": Rules(name="straight", straight=True),
    "hollywood": Rules(name="hollywood", hollywood=True),
    "three-player": Rules(name="three-player", players=3, dealer="loser"),
    "partnership": Rules(name="partnership", players=4, target=125),
    # The EAAI Gin Rummy challenge: games to 100, no box, game or shutout bonus.
    "eaai": Rules(
        name="eaai", gin_bonus=25, undercut_bonus=25, box_bonus=0, game_bonus=0, shutout_bonus=0
    ),
}

ALIASES: dict[str, str] = {
    "default": "classic",
    "standard": "classic",
    "norsk": "norwegian",
    "no": "norwegian",
    "nb": "norwegian",
    "okla": "oklahoma",
    "oklahoma-gin": "oklahoma",
    "straight-gin": "straight",
    "hollywood-gin": "hollywood",
    "three": "three-player",
    "3p": "three-player",
    "three-players": "three-player",
    "four-player": "partnership",
    "four-players": "partnership",
    "4p": "partnership",
    "partners": "partnership",
    "eaai-challenge": "eaai",
}


def preset_names() -> list[str]:
    return list(PRESETS)


def rules_for(name: str = "classic", **options: Any) -> Rules:
    """The preset called ``name`` (or an alias), with ``options`` changed."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        raise RulesError(f"unknown rules preset {name!r}; choose one of {', '.join(PRESETS)}")
    return PRESETS[key].replace(**options) if options else PRESETS[key]


def parse_option(name: str, text: str) -> Any:
    """Turn an option's text (from a CLI or a record) into its typed value."""
    key = name.strip().replace("-", "_")
    if key not in OPTION_NAMES:
        raise RulesError(f"unknown rules option: {name}")
    default = getattr(PRESETS["classic"], key)
    if isinstance(default, bool):
        lowered = text.strip().lower()
        if lowered in ("yes", "true", "on", "1"):
            return True
        if lowered in ("no", "false", "off", "0"):
            return False
        raise RulesError(f"option {name} takes yes or no, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise RulesError(f"option {name} takes a whole number, not {text!r}") from None
    return text.strip()


def parse_rules(text: str) -> Rules:
    """Read ``str(rules)`` back: a preset name then ``option=value`` pairs.

    >>> parse_rules(str(rules_for("modern", knock_limit=7, last_chance=True)))
    Rules(name='modern', knock_limit=7, gin_bonus=25, undercut_bonus=25, knock_bonus=0, big_gin=True, big_gin_bonus=31, box_bonus=25, game_bonus=100, shutout_bonus=200, target=100, straight=False, oklahoma=False, oklahoma_ace='one', oklahoma_spade_double=True, eleven_card_deal=False, last_chance=True, stock_wall=2, dealer='winner', hollywood=False, players=2)
    """
    parts = text.split()
    if not parts:
        raise RulesError("empty rules text")
    options = {}
    for part in parts[1:]:
        name, sep, value = part.partition("=")
        if not sep:
            raise RulesError(f"expected option=value, got {part!r}")
        options[name.replace("-", "_")] = parse_option(name, value)
    return rules_for(parts[0], **options)
