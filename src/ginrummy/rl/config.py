"""Rules for the RL adapters: a preset name or a Rules object, with option overrides."""

from __future__ import annotations

from typing import Any

from ginrummy.core.errors import RulesError
from ginrummy.core.rules import Rules, rules_for

EPISODES = ("hand", "match")
NO_FULL_DECISIONS = ("full_decisions is an option of the PettingZoo AEC env (ginrummy_v0.env, "
                     "raw_env) and the Gymnasium env only; this env lets the engine show and lay "
                     "off")


def resolve_rules(rules: str | Rules = "classic", **options: Any) -> Rules:
    """``rules`` (a preset name or a :class:`Rules`) with ``options`` changed.

    The adapters seat two players, so the three-player and partnership presets are played as
    their two-player hands (same scoring options, ``players=2``).

    >>> resolve_rules("oklahoma", knock_limit=8).knock_limit
    8
    >>> resolve_rules("partnership").players
    2
    """
    if options.get("full_decisions"):
        raise RulesError(NO_FULL_DECISIONS)
    options.pop("full_decisions", None)  # False: what every env does anyway
    base = rules if isinstance(rules, Rules) else rules_for(rules)
    resolved = base.replace(**options) if options else base
    return resolved if resolved.players == 2 else resolved.replace(players=2)


def check_episode(episode: str) -> str:
    if episode not in EPISODES:
        raise RulesError(f"episode must be 'hand' or 'match', not {episode!r}")
    return episode
