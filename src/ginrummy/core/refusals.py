"""The refusal codes: what each error refused to a player means, in words any face can translate.

Every :class:`~ginrummy.core.errors.GinRummyError` raised for a player's move or a typed action
carries ``code`` (a key of :data:`REFUSALS`) and ``params``; ``str(error)`` stays the English
sentence with file notation and the rule (``KS was just taken ... (RULES §5.3)``) that bots,
logs and the CLI read. A face looks the code up here for an English template without the rule
number, translates it (the templates are msgids of the ``ginrummy`` catalogues) and fills it with
the params written its own way.

Params by name: ``card`` a Card; ``cards`` and ``meld`` tuples of Cards; ``melds`` a tuple of
such tuples; ``deadwood`` and ``limit`` ints; ``text`` what the player typed; ``rule`` the
RULES.md clause (``§5.3``), present whenever the error names one.

=======================  ===========  ===========================================
code                     rule         params
=======================  ===========  ===========================================
hand_over                             (the hand is over)
upcard_non_dealer        §4.1         (first turn: take or pass the upcard)
upcard_dealer            §4.2
take_not_first_turn      §4
pass_not_now             §4
stock_after_passes       §4.3
pile_empty               §5.1
draw_first               §5.1
already_drawn            §5.1
not_held                              card
just_taken               §5.3         card
last_chance_choice       §7.2
last_chance_no_knock     §7.2
must_end                 §7.2
knock_too_high           §6.1         card, deadwood, limit
knock_is_gin             §6.3         card
gin_deadwood             §6.3         card, deadwood
no_big_gin               §6.4
big_gin_deadwood         §6.4         deadwood
straight_no_knock        §9.2
ace_only_gin             §9.1
show_not_knock           §6.2
deadwood_above_limit     §6.1         deadwood, limit
no_arrangement           §6.1         limit
not_a_meld               §2.1 / none  cards (none: read from a typed show)
not_held_shown           §6.2         cards, meld
shown_twice              §2.2         cards
show_too_high            §6.2         melds, deadwood, limit
twice_in_meld                         card
empty_meld                            text
bad_show                              text
not_a_card                            text
not_an_action                         text
not_your_turn                         (a seat that is not to act)
match_over                            (the match is over)
=======================  ===========  ===========================================

>>> from ginrummy.core.actions import parse_action
>>> from ginrummy.core.errors import IllegalActionError
>>> try:
...     parse_action("fly away")
... except IllegalActionError as error:
...     print(error.code, error.params, REFUSALS[error.code].format(**error.params))
not_an_action {'text': 'fly away'} not an action: 'fly away'
>>> wire_params({"card": 51, "meld": (49, 50, 51), "rule": "§5.3"})
{'card': 'KS', 'meld': ['JS', 'QS', 'KS'], 'rule': '§5.3'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ginrummy.core.cards import format_card

# code -> the English sentence a player reads (a catalogue msgid: keep each one word for word
# in the en, nb and sv ginrummy.po).
REFUSALS: Mapping[str, str] = {
    "hand_over": "the hand is over",
    "upcard_non_dealer": "on the first turn the non-dealer must first take or pass the upcard",
    "upcard_dealer": "on the first turn the dealer must first take or pass the upcard",
    "take_not_first_turn": "the upcard can only be taken on the first turn",
    "pass_not_now": "passing is only for the upcard or a last chance",
    "stock_after_passes": "after both players pass the upcard, the non-dealer draws from the "
                          "stock",
    "pile_empty": "the discard pile is empty",
    "draw_first": "draw first: from the stock or the discard pile",
    "already_drawn": "you have already drawn this turn; now discard",
    "not_held": "you do not hold {card}",
    "just_taken": "{card} was just taken from the discard pile and cannot be thrown this turn",
    "last_chance_choice": "last chance: take the last discard or pass",
    "last_chance_no_knock": "last chance: taking the discard would not let you knock or go gin",
    "must_end": "last chance: the discard was taken to knock or go gin",
    "knock_too_high": "after throwing {card} the deadwood is {deadwood}, above the knock limit "
                      "{limit}",
    "knock_is_gin": "no deadwood after throwing {card}: that is gin",
    "gin_deadwood": "gin needs all ten cards in melds; after throwing {card} the deadwood is "
                    "{deadwood}",
    "no_big_gin": "big gin is not played under these rules",
    "big_gin_deadwood": "big gin needs all eleven cards in melds; deadwood is {deadwood}",
    "straight_no_knock": "straight gin has no knocking: only gin",
    "ace_only_gin": "only gin ends this hand (ace upcard)",
    "show_not_knock": "only a knock says what it shows",
    "deadwood_above_limit": "the knocker's deadwood {deadwood} is above the knock limit {limit}",
    "no_arrangement": "no arrangement within the knock limit {limit}",
    "not_a_meld": "{cards} is not a meld (a set of 3-4 or a run of 3+)",
    "not_held_shown": "you do not hold {cards} (shown in {meld})",
    "shown_twice": "{cards} is shown in two melds",
    "show_too_high": "showing {melds} leaves deadwood {deadwood}, above the knock limit {limit}",
    "twice_in_meld": "{card} twice in one meld",
    "empty_meld": "an empty meld in '{text}'",
    "bad_show": "cannot read the melds shown: '{text}'",
    "not_a_card": "not a card: '{text}' (a rank A 2-9 T J Q K, then a suit C D H S)",
    "not_an_action": "not an action: '{text}'",
    "not_your_turn": "it is not your turn",
    "match_over": "the match is over",
}

CARD_PARAMS = frozenset({"card"})
CARDS_PARAMS = frozenset({"cards", "meld"})
MELDS_PARAMS = frozenset({"melds"})


def wire_params(params: Mapping[str, object]) -> dict[str, object]:
    """``params`` for JSON: cards in file notation (``KS``), melds as lists of them."""
    wired: dict[str, object] = {}
    for name, value in params.items():
        if name in CARD_PARAMS and isinstance(value, int):
            wired[name] = format_card(value)
        elif name in CARDS_PARAMS and isinstance(value, Sequence):
            wired[name] = [format_card(c) for c in value]
        elif name in MELDS_PARAMS and isinstance(value, Sequence):
            wired[name] = [[format_card(c) for c in meld] for meld in value]
        else:
            wired[name] = value
    return wired
