"""The errors the core raises. Each says what is wrong; rule errors name the clause they enforce."""

from __future__ import annotations


class GinRummyError(ValueError):
    """Base of every error the core raises on bad input."""


class CardError(GinRummyError):
    """A card or a list of cards that cannot be read, or cards that do not fit together."""


class RulesError(GinRummyError):
    """An unknown preset or option, or a contradictory combination of options."""


class IllegalActionError(GinRummyError):
    """An action the rules do not allow now. ``rule`` names the RULES.md clause, e.g. ``§5.3``."""

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(f"{message} (RULES {rule})" if rule else message)
        self.rule = rule


class RecordError(GinRummyError):
    """A match record that cannot be read or does not replay."""
