"""The position notation: one line per hand in progress, round-tripping and playable."""

from __future__ import annotations

import random

import pytest

from ginrummy.core.errors import CardError, GinRummyError
from ginrummy.core.position import read_position, write_position
from ginrummy.core.rules import PRESETS
from ginrummy.core.state import HandState

TWO_PLAYER = [rules for rules in PRESETS.values() if rules.players == 2]


@pytest.mark.parametrize("rules", TWO_PLAYER, ids=lambda r: r.name)
def test_core_position_round_trips_and_plays_on_like_the_original(rules) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        state = HandState.deal(rules, dealer=seed % 2, rng=rng)
        while not state.is_over:
            text = write_position(state)
            restored = read_position(text)
            assert write_position(restored) == text
            assert restored.legal_actions() == state.legal_actions()
            assert restored.view(0).hand == state.view(0).hand
            assert restored.knock_limit == state.knock_limit
            # the rest of the hand, played identically, ends identically
            copy, twin_rng = state.clone(), random.Random(seed * 1000 + len(state.history))
            other_rng = random.Random(seed * 1000 + len(state.history))
            while not copy.is_over:
                action = twin_rng.choice(copy.legal_actions())
                assert other_rng.choice(restored.legal_actions()) == action
                copy.apply(action)
                restored.apply(action)
            assert restored.result == copy.result
            state.apply(rng.choice(state.legal_actions()))


def test_core_position_reads_a_hand_written_by_a_person() -> None:
    text = ("classic | P0 deals | P1 draw | P0 AC 2C 3C 4D 5D 6D 7H 8H 9H KS"
            " | P1 AS 2S 3S 4S 5S 6S 7S 8S 9S TS"
            " | stock " + " ".join(f"{r}{s}" for s in "CDH" for r in "TJQ") + " KC KD KH"
            " | pile AD AH 2D 2H 3D 3H 4C 4H 5C 5H 6C 6H 7C 7D 8C 8D 9C 9D QS JS"
            " | upcard AD | passes 2")
    state = read_position(text)
    assert state.to_play == 1 and len(state.stock) == 12 and state.pile_top == 49  # JS
    assert [str(a) for a in state.legal_actions()] == ["draw stock", "draw pile"]
    state.apply(state.legal_actions()[1])  # takes JS: spades A to J, a run of eleven
    gins = [str(a) for a in state.legal_actions() if str(a).startswith("gin")]
    # JS was just taken (§5.3); a throw from the middle works when both sides stay runs of 3+
    assert gins == ["gin AS", "gin 4S", "gin 5S", "gin 6S", "gin 7S", "gin 8S"]


@pytest.mark.parametrize(("text", "message"), [
    ("classic | P0 deals", "at least 7 fields"),
    ("nonsense | P0 deals | P1 draw | P0 | P1 | stock | pile", "unknown rules preset"),
    ("classic | P2 deals | P1 draw | P0 | P1 | stock | pile", "dealer must be P0 or P1"),
    ("classic | P0 deals | P1 sleep | P0 | P1 | stock | pile", "unknown phase 'sleep'"),
    ("classic | P0 deals | P1 draw | P0 AS XX | P1 | stock | pile", "P0: not a card: 'XX'"),
    ("classic | P0 deals | P1 draw | P0 AS | P1 AS | stock | pile", "52 cards exactly once"),
])
def test_core_position_errors_name_the_field(text: str, message: str) -> None:
    with pytest.raises(GinRummyError, match=message):
        read_position(text)


def test_core_position_hand_sizes_must_fit_the_phase() -> None:
    state = HandState.deal(PRESETS["classic"], dealer=0, seed=1)
    text = write_position(state).replace(" | P1 upcard", " | P1 discard")
    with pytest.raises(CardError, match="holds 11 cards"):
        read_position(text)
