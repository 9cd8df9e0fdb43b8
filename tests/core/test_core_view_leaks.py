"""RULES §10 and §2.3: a player's view never holds the opponent's hidden cards, the stock order
or the face-down knock card. Checked on every step of many random hands, two ways: no unknown
card appears anywhere in the view, and swapping hidden cards leaves the view identical."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from ginrummy.core.actions import Kind
from ginrummy.core.cards import BIT, Card, from_mask, parse_card
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState
from ginrummy.core.views import PlayerView

CANONICAL_CARD = re.compile(r"^[A2-9TJQK][CDHS]$")
RULES = [rules_for(name) for name in ("classic", "modern", "oklahoma", "straight")] + [
    rules_for("classic", last_chance=True, eleven_card_deal=True)]
HANDS = 60


def known_to(state: HandState, viewer: int) -> set[Card]:
    """What ``viewer`` has seen at the table: its own cards and everything turned face up."""
    known = set(from_mask(state.hands[viewer]))
    if state.upcard is not None:
        known.add(state.upcard)
    for move in state.history:
        kind = move.action.kind
        if kind is Kind.DISCARD and move.action.card is not None:
            known.add(move.action.card)
        if move.card is not None and (kind is not Kind.DRAW_STOCK or move.player == viewer):
            known.add(move.card)  # pile draws are public; stock draws only to the drawer
    return known


def cards_in(data: Any) -> set[Card]:
    """Every card named anywhere in a JSON-like structure."""
    if isinstance(data, dict):
        return set().union(*(cards_in(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(cards_in(v) for v in data)) if data else set()
    if isinstance(data, str):
        return {parse_card(t) for t in data.split() if CANONICAL_CARD.match(t)}
    return set()


def cards_in_fields(view: PlayerView) -> set[Card]:
    found = set(view.hand)
    for card in (view.pile_top, view.upcard, view.taken, view.knock_card):
        if card is not None:
            found.add(card)
    for move in view.history:
        found |= {c for c in (move.card, move.action.card) if c is not None}
    found |= {a.card for a in view.legal_actions if a.card is not None}
    return found


def swap_hidden(state: HandState, viewer: int, rng: random.Random) -> HandState | None:
    """The same table with one of the opponent's unseen cards swapped with a stock card."""
    opponent = 1 - viewer
    hidden = sorted(set(from_mask(state.hands[opponent])) - known_to(state, viewer))
    if not hidden or not state.stock:
        return None
    other = state.clone()
    card, index = rng.choice(hidden), rng.randrange(len(other.stock))
    other.hands[opponent] ^= BIT[card] | BIT[other.stock[index]]
    other.stock[index] = card
    other.stock = other.stock[::-1] if len(other.stock) > 1 and rng.random() < 0.5 else other.stock
    return other


def check_views(state: HandState, rng: random.Random) -> None:
    over = state.is_over
    for viewer in (0, 1):
        view = state.view(viewer)
        data = view.to_dict()
        json.dumps(data)  # the adapters' form is plain JSON
        assert view.hand == tuple(from_mask(state.hands[viewer]))
        allowed = known_to(state, viewer)
        if over:  # both hands and the knock card are laid on the table; never the stock
            allowed |= set(from_mask(state.hands[0] | state.hands[1]))
            allowed |= {state.knock_card} if state.knock_card is not None else set()
        assert cards_in(data) <= allowed
        assert cards_in_fields(view) <= allowed
        assert not (cards_in(data) | cards_in_fields(view)) & set(state.stock)
        if not over:
            twin = swap_hidden(state, viewer, rng)
            if twin is not None:
                assert twin.view(viewer) == view and twin.view(viewer).to_dict() == data


def test_rule_10_no_view_ever_shows_hidden_cards_or_the_stock():
    rng = random.Random("leaks")
    for number in range(HANDS):
        rules = RULES[number % len(RULES)]
        state = HandState.deal(rules, dealer=rng.randrange(2), rng=rng)
        while not state.is_over:
            check_views(state, rng)
            actions = state.legal_actions()
            ending = [a for a in actions if a.kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN)]
            state.apply(rng.choice(ending if ending and rng.random() < 0.5 else actions))
        check_views(state, rng)


def test_rule_2_3_and_10_views_of_the_same_deal_hide_each_others_hands():
    state = HandState.deal(rules_for("classic"), dealer=0, seed=12)
    first, second = state.view(0), state.view(1)
    assert not set(first.hand) & set(second.hand)
    assert first.legal_actions == () and second.legal_actions  # the non-dealer decides first
    assert first.opponent_hand_size == second.opponent_hand_size == 10
