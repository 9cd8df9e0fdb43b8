"""The errors the core raises. Each says what is wrong; rule errors name the clause they enforce.

Besides its English text, an error refused to a player carries a stable ``code`` and its
``params`` (cards as :data:`~ginrummy.core.cards.Card` ints, numbers, the rule clause), so each
face can say it in the player's language; :mod:`ginrummy.core.refusals` lists the codes.

>>> error = IllegalActionError("the hand is over", code="hand_over")
>>> str(error), error.code, error.params
('the hand is over', 'hand_over', {})
"""

from __future__ import annotations

from collections.abc import Mapping


class GinRummyError(ValueError):
    """Base of every error the core raises on bad input. ``code`` is "" where no face needs
    to translate it (a damaged record, a bad deck given by a program)."""

    def __init__(self, message: str = "", *, code: str = "",
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = dict(params or {})


class CardError(GinRummyError):
    """A card or a list of cards that cannot be read, or cards that do not fit together."""


class RulesError(GinRummyError):
    """An unknown preset or option, or a contradictory combination of options."""


class IllegalActionError(GinRummyError):
    """An action the rules do not allow now. ``rule`` names the RULES.md clause, e.g. ``§5.3``
    (also in ``params["rule"]``)."""

    def __init__(self, message: str, *, rule: str | None = None, code: str = "",
                 params: Mapping[str, object] | None = None) -> None:
        merged = dict(params or {})
        if rule:
            merged["rule"] = rule
        super().__init__(f"{message} (RULES {rule})" if rule else message, code=code,
                         params=merged)
        self.rule = rule


class RecordError(GinRummyError):
    """A match record that cannot be read or does not replay."""
