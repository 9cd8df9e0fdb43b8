"""Full decisions: the knocker chooses what it shows, the defender what it lays off.

With ``full_decisions=True`` the PettingZoo and Gymnasium envs ask for the two choices the engine
otherwise makes at a knock, as OpenSpiel's ``gin_rummy`` does, one meld or one card at a time:

* **What to show** (RULES §6.2): after ``knock C`` the knocker lays down melds, each an action
  ``MELD_BASE + i`` for ``ALL_MELDS[i]`` (runs, then sets, as :mod:`ginrummy.core.melds` lists
  them), then ``DONE``. The choices are the arrangements worth showing,
  ``view.show_options(C)``; melds go down in index order, so each arrangement is exactly one
  sequence and a mask never offers a meld that leads nowhere.
* **What to lay off** (§6.5): the defender lays off cards onto the shown melds, each an action
  ``LAYOFF_BASE + card``, in card order, then ``DONE``. Chains count (8C then 7C below 9C TC JC).
  The rules make the defender's answer the one that leaves it the least deadwood (§6.2), so the
  choices are the sets of layoffs that reach that least deadwood; any other set is refused.

A step with a single legal action is played without asking. The engine then settles the knock
as it would a ``knock C show ...`` action, so the points are the core's ``settle_shown`` of the
chosen arrangement, and the chosen layoffs leave the defender the same deadwood as the engine's.

>>> from ginrummy.core.cards import parse_cards, to_mask
>>> shown = (to_mask(parse_cards("9C TC JC")),)
>>> [format_choice(s) for s in layoff_sets(to_mask(parse_cards("8C 7C 2D")), shown)]
['-', '8C', '7C 8C']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

import numpy as np

from ginrummy.core.cards import BIT, RANK_OF, SUIT_OF, Card, Mask, format_cards, from_mask
from ginrummy.core.errors import IllegalActionError
from ginrummy.core.melds import ALL_MELDS, Arrangement, Meld, meld_kind, min_deadwood
from ginrummy.core.showing import check_show, format_show
from ginrummy.rl.encoding import NUM_ACTIONS, OBS_SIZE

MELD_BASE = NUM_ACTIONS  # 161: lay down ALL_MELDS[i]
LAYOFF_BASE = MELD_BASE + len(ALL_MELDS)  # 490: lay off a card
DONE = LAYOFF_BASE + 52  # 542: the melds shown, or the layoffs made
FULL_NUM_ACTIONS = DONE + 1
# The observation: the usual 219 values, then what the pending knock has laid down so far.
SHOWN = OBS_SIZE  # 52: the cards of the melds the knocker has shown (or is showing)
LAID = SHOWN + 52  # 52: the cards the defender has laid off so far
KNOCK_CARD = LAID + 52  # 52: the card the knocker throws face down (the knocker's own only)
SHOWING, LAYING_OFF = KNOCK_CARD + 52, KNOCK_CARD + 53  # which choice is being made
FULL_OBS_SIZE = KNOCK_CARD + 54
MELD_INDEX = {meld: i for i, meld in enumerate(ALL_MELDS)}
_ALL_SUITS_OF_RANK = 0x0008004002001


def format_choice(cards: tuple[Card, ...]) -> str:
    return format_cards(cards) or "-"


def describe_choice(action: int) -> str:
    """A full-decision action in words: ``'show 9C TC JC'``, ``'lay off 8C'`` or ``'done'``."""
    if MELD_BASE <= action < LAYOFF_BASE:
        return f"show {format_cards(from_mask(ALL_MELDS[action - MELD_BASE]))}"
    if LAYOFF_BASE <= action < DONE:
        return f"lay off {format_cards([action - LAYOFF_BASE])}"
    if action == DONE:
        return "done"
    raise IllegalActionError(f"action index {action} is not a full-decision action "
                             f"({MELD_BASE}..{DONE})")


def layoff_sets(defender: Mask, shown: tuple[Meld, ...]) -> list[tuple[Card, ...]]:
    """Every set of ``defender``'s cards that can be laid off onto ``shown`` (chains included),
    each sorted, the empty set first."""
    choices: list[list[Mask]] = []
    for meld in shown:
        if meld_kind(meld) == "set":
            if meld.bit_count() == 3:
                missing = (_ALL_SUITS_OF_RANK << RANK_OF[meld.bit_length() - 1]) ^ meld
                choices.append([0, missing] if defender & missing else [0])
            continue
        low, high = (meld & -meld).bit_length() - 1, meld.bit_length() - 1
        first, last = SUIT_OF[low] * 13, SUIT_OF[low] * 13 + 12
        for start, step in ((high + 1, 1), (low - 1, -1)):
            chain, card, laid = [0], start, 0
            while first <= card <= last and defender & BIT[card]:
                laid |= BIT[card]
                chain.append(laid)
                card += step
            choices.append(chain)
    found = {0}
    for picks in product(*choices):
        union = 0
        for pick in picks:
            union |= pick
        found.add(union)
    return [tuple(from_mask(mask)) for mask in sorted(found, key=lambda m: (m.bit_count(), m))]


def best_layoff_sets(defender: Mask, shown: tuple[Meld, ...]) -> tuple[int, list[tuple[Card, ...]]]:
    """The defender's least deadwood against ``shown`` after laying off and melding the rest,
    and every layoff set that reaches it (RULES §6.2: the defender answers with the least)."""
    scored = []
    for cards in layoff_sets(defender, shown):
        rest = defender
        for card in cards:
            rest ^= BIT[card]
        scored.append((min_deadwood(rest), cards))
    least = min(value for value, _ in scored)
    return least, [cards for value, cards in scored if value == least]


def _next_choices(paths: list[tuple[int, ...]], chosen: tuple[int, ...]) -> tuple[set[int], bool]:
    """The items that may follow ``chosen`` on some path (paths are ascending tuples), and
    whether ``chosen`` is itself a whole path."""
    size = len(chosen)
    following = {path[size] for path in paths if len(path) > size and path[:size] == chosen}
    return following, chosen in paths


@dataclass
class PendingKnock:
    """A knock waiting for its show and layoffs. ``knocker`` threw ``card``; ``options`` are the
    arrangements worth showing as ascending meld indices; ``chosen`` the melds laid so far; once
    shown, ``layoff_paths`` are the defender's best layoff sets and ``laid`` its cards so far."""

    knocker: int
    card: Card
    hand: Mask  # the knocker's ten cards laid down
    defender_hand: Mask
    knock_limit: int
    options: list[tuple[int, ...]]
    chosen: tuple[int, ...] = ()
    shown: tuple[Meld, ...] | None = None
    layoff_paths: list[tuple[Card, ...]] = field(default_factory=list)
    laid: tuple[Card, ...] = ()
    done: bool = False

    @classmethod
    def start(cls, knocker: int, card: Card, hand: Mask, defender_hand: Mask, knock_limit: int,
              options: list[Arrangement]) -> PendingKnock:
        paths = [tuple(sorted(MELD_INDEX[m] for m in a.melds)) for a in options]
        return cls(knocker, card, hand, defender_hand, knock_limit, paths)

    @property
    def to_play(self) -> int:
        return self.knocker if self.shown is None else 1 - self.knocker

    def legal(self) -> list[int]:
        """The legal action indices now, ascending."""
        if self.done:
            return []
        if self.shown is None:
            following, complete = _next_choices(self.options, self.chosen)
            actions = [MELD_BASE + i for i in sorted(following)]
        else:
            following, complete = _next_choices(self.layoff_paths, self.laid)
            actions = [LAYOFF_BASE + card for card in sorted(following)]
        return actions + [DONE] if complete else actions

    def apply(self, action: int) -> None:
        """Play one choice, or raise :class:`IllegalActionError` with the reason (nothing
        changes)."""
        if action not in self.legal():
            raise self._refusal(action)
        if action == DONE:
            if self.shown is None:
                self.show(tuple(ALL_MELDS[i] for i in self.chosen))
            else:
                self.done = True
        elif self.shown is None:
            self.chosen += (action - MELD_BASE,)
        else:
            self.laid += (action - LAYOFF_BASE,)

    def show(self, melds: tuple[Meld, ...]) -> None:
        """The knocker shows ``melds`` (chosen here, or by a player that named them): the
        defender's choice of layoffs comes next."""
        self.shown = melds
        _, self.layoff_paths = best_layoff_sets(self.defender_hand, melds)

    def _refusal(self, action: int) -> IllegalActionError:
        if self.shown is None:
            if MELD_BASE <= action < LAYOFF_BASE:
                melds = [ALL_MELDS[i] for i in self.chosen] + [ALL_MELDS[action - MELD_BASE]]
                check_show(self.hand, melds, 100)  # the core's reason: not held, shown twice
                return IllegalActionError(
                    f"{format_show(melds)} does not lead to an arrangement worth showing (melds "
                    "go down in index order)", rule="§6.2", code="show_not_offered")
            if action == DONE:
                return IllegalActionError(
                    f"showing {format_show([ALL_MELDS[i] for i in self.chosen])} is not an "
                    "arrangement worth showing", rule="§6.2", code="show_not_offered")
            return IllegalActionError("the knocker is laying down its melds: a meld or done",
                                      rule="§6.2", code="show_expected")
        if LAYOFF_BASE <= action < DONE:
            card = action - LAYOFF_BASE
            if not self.defender_hand & BIT[card]:
                return IllegalActionError(f"you do not hold {format_cards([card])}",
                                          code="not_held", params={"card": card})
            laid = self.laid + (card,)
            if not any(set(laid) <= set(path) for path in
                       layoff_sets(self.defender_hand, self.shown)):
                return IllegalActionError(
                    f"{format_cards([card])} cannot be laid off onto "
                    f"{format_show(self.shown)}", rule="§6.5", code="not_a_layoff")
        elif action != DONE:
            return IllegalActionError("the defender is laying off: a card or done",
                                      rule="§6.5", code="layoff_expected")
        return IllegalActionError(
            f"laying off {format_choice(self.laid)} and then that does not leave the least "
            "deadwood (cards go in card order)", rule="§6.2", code="layoff_not_least")


def full_observation(base: np.ndarray, pending: PendingKnock | None, player: int) -> np.ndarray:
    """``base`` (a player's 219 values) followed by what the pending knock shows that player:
    the melds laid down so far, the cards laid off so far, the knock card to the knocker only,
    and whether a show or layoffs are being chosen (all zero when no knock is pending)."""
    obs = np.zeros(FULL_OBS_SIZE, dtype=np.float32)
    obs[:OBS_SIZE] = base
    if pending is None:
        return obs
    for index in pending.chosen:
        obs[SHOWN + np.asarray(from_mask(ALL_MELDS[index]), dtype=np.intp)] = 1.0
    for card in pending.laid:
        obs[LAID + card] = 1.0
    if player == pending.knocker:
        obs[KNOCK_CARD + pending.card] = 1.0
    obs[SHOWING if pending.shown is None else LAYING_OFF] = 1.0
    return obs
