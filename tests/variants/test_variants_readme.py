"""The rules page (docs/rules.md, its "Presets and options" section) documents every preset, alias
and option exactly as the code has them. Run this file
(``python tests/variants/test_variants_readme.py``) to print the table."""

from __future__ import annotations

from pathlib import Path

from ginrummy.core.rules import ALIASES, OPTION_NAMES, PRESETS, Rules

RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
FIGURES = [("gin", "gin_bonus"), ("undercut", "undercut_bonus"), ("knock-win", "knock_bonus"),
           ("box", "box_bonus"), ("game", "game_bonus"), ("shutout", "shutout_bonus"),
           ("target", "target")]
SHOWN = {field for _, field in FIGURES} | {"knock_limit", "big_gin", "big_gin_bonus", "straight",
                                           "oklahoma"}


def _knock_limit(rules: Rules) -> str:
    if rules.straight:
        return "none (gin only)"
    if rules.oklahoma:
        return "the upcard's value"
    return str(rules.knock_limit)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _also(rules: Rules) -> str:
    classic = PRESETS["classic"]
    changed = [f"{name}={_text(getattr(rules, name))}" for name in sorted(OPTION_NAMES - SHOWN)
               if getattr(rules, name) != getattr(classic, name)]
    return ", ".join(changed)


def presets_table() -> str:
    header = ["preset", "aliases", "knock limit", *[label for label, _ in FIGURES], "big gin",
              "also"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name, rules in PRESETS.items():
        aliases = ", ".join(f"`{a}`" for a, target in ALIASES.items() if target == name)
        cells = [f"`{name}`", aliases, _knock_limit(rules),
                 *[str(getattr(rules, field)) for _, field in FIGURES],
                 str(rules.big_gin_bonus) if rules.big_gin else "off", _also(rules)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def rules_section() -> str:
    text = RULES_PAGE.read_text(encoding="utf-8")
    start, end = "<!-- section:rules -->", "<!-- /section:rules -->"
    return text[text.index(start) + len(start):text.index(end)]


def test_rules_page_presets_table_matches_the_code() -> None:
    assert presets_table() in rules_section(), "regenerate with: python " + __file__


def test_rules_page_names_every_option_and_alias() -> None:
    section = rules_section()
    missing = [name for name in sorted(OPTION_NAMES) if f"`{name}`" not in section]
    assert not missing
    assert all(f"`{alias}`" in section for alias in ALIASES)


if __name__ == "__main__":
    print(presets_table(), end="")
