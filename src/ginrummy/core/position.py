"""A position notation: one line that holds a hand in progress, like chess's FEN.

Fields are separated by `` | ``: the rules, the dealer, who acts in which phase, both hands,
the stock and the pile (bottom first, so the top is last), then the first upcard and the
first-turn details when they matter. History is not part of a position: a restored state has
none, so its views show no past moves.

>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.state import HandState
>>> text = write_position(HandState.deal(rules_for("classic"), dealer=0, seed=7))
>>> text.split(" | ")[:3]
['classic', 'P0 deals', 'P1 upcard']
>>> write_position(read_position(text)) == text
True
"""

from __future__ import annotations

from ginrummy.core.cards import (
    Card,
    format_card,
    format_cards,
    from_mask,
    parse_card,
    parse_cards,
    to_mask,
)
from ginrummy.core.errors import CardError, GinRummyError
from ginrummy.core.rules import parse_rules
from ginrummy.core.state import HandState, Phase

_PHASES = {phase.value: phase for phase in Phase if phase is not Phase.OVER}


def write_position(state: HandState) -> str:
    """The position of ``state`` as one line of text."""
    if state.is_over:
        raise GinRummyError("the hand is over: there is no position to write")
    fields = [
        str(state.rules),
        f"P{state.dealer} deals",
        f"P{state.to_play} {state.phase.value}",
        f"P0 {format_cards(from_mask(state.hands[0]))}",
        f"P1 {format_cards(from_mask(state.hands[1]))}",
        f"stock {format_cards(state.stock)}".rstrip(),
        f"pile {format_cards(state.pile)}".rstrip(),
    ]
    if state.upcard is not None:
        fields.append(f"upcard {format_card(state.upcard)}")
    if state.taken is not None:
        fields.append(f"taken {format_card(state.taken)}")
    if state.passes:
        fields.append(f"passes {state.passes}")
    if state.only_stock:
        fields.append("only stock")
    if state.must_end:
        fields.append("must end")
    return " | ".join(fields)


def read_position(text: str) -> HandState:
    """A playable state from a position line; errors say which field is wrong."""
    fields = [field.strip() for field in text.strip().split("|")]
    if len(fields) < 7:
        raise GinRummyError("a position has at least 7 fields separated by ' | ': rules, "
                            "dealer, turn, P0's hand, P1's hand, stock, pile")
    rules = parse_rules(fields[0])
    dealer = _player(fields[1].removesuffix(" deals"), "dealer")
    seat, _, phase_name = fields[2].partition(" ")
    if phase_name not in _PHASES:
        raise GinRummyError(f"unknown phase {phase_name!r}; one of {', '.join(_PHASES)}")
    hands = (_cards_after(fields[3], "P0"), _cards_after(fields[4], "P1"))
    stock, pile = _cards_after(fields[5], "stock"), _cards_after(fields[6], "pile")
    extras: dict[str, str] = {}
    for field in fields[7:]:
        name, _, value = field.partition(" ")
        if name in ("upcard", "taken", "passes"):
            extras[name] = value
        elif field in ("only stock", "must end"):
            extras[field] = "yes"
        else:
            raise GinRummyError(f"cannot read the position field {field!r}")
    passes = extras.get("passes", "0")
    if passes not in ("0", "1", "2"):
        raise GinRummyError(f"passes must be 0, 1 or 2, not {passes!r}")
    return HandState.restore(
        rules,
        dealer=dealer,
        to_play=_player(seat, "player to act"),
        phase=_PHASES[phase_name],
        hands=(to_mask(hands[0]), to_mask(hands[1])),
        stock=stock,
        pile=pile,
        upcard=_optional_card(extras.get("upcard")),
        taken=_optional_card(extras.get("taken")),
        passes=int(passes),
        only_stock="only stock" in extras,
        must_end="must end" in extras,
    )


def _player(text: str, what: str) -> int:
    if text not in ("P0", "P1"):
        raise GinRummyError(f"the {what} must be P0 or P1, not {text!r}")
    return int(text[1])


def _cards_after(field: str, label: str) -> tuple[Card, ...]:
    head, _, cards = field.partition(" ")
    if head != label:
        raise GinRummyError(f"expected the {label} field, found {field!r}")
    try:
        return parse_cards(cards)
    except CardError as error:
        raise CardError(f"{label}: {error}") from None


def _optional_card(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)
