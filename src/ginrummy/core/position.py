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
    NUM_CARDS,
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
    """A playable state from a position line; errors say which field is wrong, or why no
    real hand reaches the position (:func:`check_possible`)."""
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
        if field in ("only stock", "must end"):
            name, value = field, "yes"
        elif name not in ("upcard", "taken", "passes"):
            raise GinRummyError(f"cannot read the position field {_shorten(field)!r}")
        if name in extras:
            raise GinRummyError(f"the position field {name!r} is given twice")
        extras[name] = value
    passes = extras.get("passes", "0")
    if passes not in ("0", "1", "2"):
        raise GinRummyError(f"passes must be 0, 1 or 2, not {_shorten(passes)!r}")
    upcard = _optional_card(extras.get("upcard"), "upcard")
    if upcard is None and phase_name == Phase.UPCARD.value and len(pile) == 1:
        upcard = pile[0]  # a person may leave it out: it can only be the pile's one card
    state = HandState.restore(
        rules,
        dealer=dealer,
        to_play=_player(seat, "player to act"),
        phase=_PHASES[phase_name],
        hands=(to_mask(hands[0]), to_mask(hands[1])),
        stock=stock,
        pile=pile,
        upcard=upcard,
        taken=_optional_card(extras.get("taken"), "taken"),
        passes=int(passes),
        only_stock="only stock" in extras,
        must_end="must end" in extras,
    )
    check_possible(state)
    return state


def check_possible(state: HandState) -> None:
    """Raise :class:`GinRummyError` with the reason when no real hand reaches ``state``.

    Every card once and hand sizes that fit the phase are checked when the state is restored;
    this checks the rest of what the rules make true of every position, so that play from it
    can go on: the cards each phase leaves in the stock and the pile, the upcard and its
    passes, a card just taken, and at least one legal action.
    """
    problem = _impossibility(state)
    if problem is not None:
        raise GinRummyError(f"impossible position: {problem}")


def _impossibility(state: HandState) -> str | None:
    rules, phase = state.rules, state.phase
    stock, pile, wall = len(state.stock), len(state.pile), rules.stock_wall
    first_stock = NUM_CARDS - 21  # what the deal leaves in the stock (§3.3, §9.5)
    if state.upcard is not None:
        if rules.eleven_card_deal:
            return "the eleven-card deal turns no upcard (RULES §9.5)"
        if state.upcard in state.stock:
            return f"the upcard {format_card(state.upcard)} is in the stock, which lies under it"
    elif rules.oklahoma:
        return "Oklahoma needs the upcard: it sets the knock limit (RULES §9.1)"
    if rules.eleven_card_deal and (state.passes or state.only_stock):
        return "the eleven-card deal has no upcard to pass (RULES §9.5)"
    if state.taken is not None and phase is not Phase.DISCARD:
        return f"a card just taken ({format_card(state.taken)}) outside the discard phase"
    if state.must_end and not (phase is Phase.DISCARD and state.taken is not None
                               and rules.last_chance and stock <= wall):
        return ("'must end' belongs to the discard phase after a last-chance discard is "
                "taken (RULES §7.2)")
    if state.only_stock and not (phase is Phase.DRAW and state.passes == 2
                                 and state.to_play == state.non_dealer and stock == first_stock):
        return ("'only stock' belongs to the non-dealer's first draw after both passed the "
                "upcard (RULES §4.3)")
    if phase is Phase.UPCARD:
        if rules.eleven_card_deal:
            return "the eleven-card deal has no upcard phase (RULES §9.5)"
        if pile != 1 or state.upcard != state.pile[0]:
            return "in the upcard phase the pile holds the upcard alone"
        if state.passes == 2:
            return "both players have passed the upcard: the upcard phase is over (RULES §4.3)"
        deciding = state.non_dealer if state.passes == 0 else state.dealer
        if state.to_play != deciding:
            return (f"with {state.passes} passes it is P{deciding}'s turn to take or pass "
                    "the upcard (RULES §4.1, §4.2)")
    elif phase is Phase.DRAW:
        if stock <= wall:
            return (f"a draw from a stock of {stock}: the hand ends when the stock is down "
                    f"to {wall} (RULES §7.1)")
        if not pile:
            return "a draw phase with an empty discard pile: the last discard lies there"
        if state.passes == 2 and stock == first_stock and not state.only_stock:
            return ("after both players pass the upcard the non-dealer draws from the stock: "
                    "the position needs 'only stock' (RULES §4.3)")
    elif phase is Phase.LAST_CHANCE:
        if not rules.last_chance:
            return "a last chance under rules without it (RULES §7.2)"
        if stock > wall:
            return (f"a last chance with a stock of {stock}, above the wall of {wall} "
                    "(RULES §7.2)")
        if not pile:
            return "a last chance with an empty discard pile: the last discard lies there"
    elif stock < wall:
        return f"a stock of {stock}, below the wall of {wall} (RULES §7.1)"
    if not state.legal_actions():
        return f"P{state.to_play} has no legal action in the {phase.value} phase"
    return None


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


def _optional_card(text: str | None, label: str) -> Card | None:
    try:
        return None if text is None else parse_card(text)
    except CardError as error:
        raise CardError(f"{label}: {error}") from None


def _shorten(text: str) -> str:
    """A field short enough to quote in a one-line message."""
    return text if len(text) <= 40 else text[:37] + "..."
