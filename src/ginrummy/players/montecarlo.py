"""The ``montecarlo:N`` sparring partner: determinized Monte Carlo with greedy rollouts.

For each legal choice it samples ``N`` hidden worlds consistent with its view, plays each out to
the hand's end with greedy play for both sides (take a face-up card that melds or lets a side
knock, throw the card leaving the least deadwood, knock at the first chance), and values each
outcome by the change in the chance of winning the match from the resulting score (the match
equity table of :mod:`ginrummy.players.expert.match_odds`). Every choice is judged on the same
worlds, so the luck of the draw cancels between them. It is the style of other engines' Monte
Carlo bots, kept here so strength is measured against more than rule-based players.

A world's opponent hand keeps the cards it is known to have taken; the rest are drawn from the
unseen cards by the odds of the expert's opponent model (what it took, threw and refused). A
hand that has drawn a while is better than a random one, so each keeps the best ten of some
more cards, more with each of its draws. And the rollouts take the opponent for a greedy player,
who knocks at the first chance, so once it has drawn, a hand that could knock is drawn again
(with fewer extra cards): it would have knocked. Ten uniform cards instead, as before,
misjudged every kind of choice: that player lost to the plain greedy one.

Draws and upcard choices are judged by what the greedy rollout would throw next; the throw
itself and the knock are searched directly. A hand's own deadwood is no part of the value: only
where the rollouts end.

Each choice on each world first becomes a :class:`Start` (a knock to settle, or a throw for the
opponent to answer); the rollouts from there run on NumPy arrays, all choices and worlds at once
(:mod:`ginrummy.players.montecarlo_batch`), when NumPy is installed (the ``rl`` extra), and one
by one with the expert's ``play_on`` otherwise. Both end every hand alike, so the player chooses
the same either way, seed for seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import BIT, Card, Mask
from ginrummy.core.melds import best_discards, min_deadwood, min_deadwood_after_discard
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.expert import (
    Deal,
    OpponentModel,
    Table,
    Tuning,
    deals_for,
    knock_now,
    opponent_draws,
    play_on,
    sample_hands,
    stakes_for,
    track,
)

DEFAULT_SAMPLES = 64
THROWS_SEARCHED = 4  # the throws leaving the least deadwood; the rest are not worth the time
# a world's hand: the best ten of some more cards per draw of the opponent's, as the expert's
WORLD_HANDS = Tuning()

Rollouts = Callable[[Sequence["Start | None"], Table], list[float]]


@dataclass(frozen=True, slots=True)
class Start:
    """Where one choice leaves the hand on one world: our ten cards ``hand`` and the card
    ``top`` we just threw, for the opponent to answer; with ``top`` None, a knock showing
    ``hand``."""

    hand: Mask
    top: Card | None
    deal: Deal


class MonteCarloPlayer(BasePlayer):
    name = "montecarlo"

    def __init__(self, *, samples: int = DEFAULT_SAMPLES, seed: int | None = None,
                 vectorised: bool | None = None) -> None:
        """``vectorised``: roll out on NumPy arrays (True), in pure Python (False), or on
        arrays when NumPy can be imported (None)."""
        super().__init__(seed=seed)
        if samples < 1:
            raise ValueError(f"montecarlo needs at least one sample, not {samples}")
        self.samples = samples
        self.name = f"montecarlo:{samples}"
        self.rollouts = _rollouts(vectorised)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if BIG_GIN in legal:
            return BIG_GIN
        gins = [action for action in legal if action.kind is Kind.GIN]
        if gins:
            return gins[0]
        deals = self.worlds(view)
        table = Table(view.rules, view.knock_limit, view.multiplier, own_knock=view.knock_limit,
                      their_knock=view.knock_limit, stakes=stakes_for(view))
        choices = candidates(view)
        values = self.rollouts([begin for action in choices
                                for begin in starts(view, action, deals, table)], table)
        n = len(deals)
        # summed world by world, in order, so both kinds of rollout tie exactly alike
        scores = {action: sum(values[i * n:(i + 1) * n]) for i, action in enumerate(choices)}
        best = max(scores.values())
        return self.rng.choice([action for action in choices if scores[action] == best])

    def worlds(self, view: PlayerView) -> list[Deal]:
        """``samples`` guesses at the opponent's hand and the stock (next card last)."""
        knowledge = track(view)
        model = OpponentModel(knowledge)
        draws = opponent_draws(view)
        extra = min(WORLD_HANDS.max_extra, WORLD_HANDS.extra_per_draw * draws)
        hands = sample_hands(model, self.rng, count=self.samples, extra=extra,
                             could_not_knock=view.knock_limit if draws else None)
        return deals_for(hands, knowledge.unseen, self.rng)


def candidates(view: PlayerView) -> list[Action]:
    """The choices worth searching: every draw-side choice (but a face-up card passed round,
    :func:`_passed_round`); of the throws, the ``THROWS_SEARCHED`` leaving the least deadwood,
    each also as a knock where that is legal."""
    legal = view.legal_actions
    if _passed_round(view):
        legal = tuple(a for a in legal if a.kind not in (Kind.TAKE, Kind.DRAW_PILE))
    throws = sorted({a.card for a in legal if a.card is not None and a.kind is not Kind.GIN},
                    key=lambda card: min_deadwood(view.hand_mask & ~BIT[card]))
    kept = set(throws[:THROWS_SEARCHED])
    return [a for a in legal if a.card is None or a.card in kept]


def _passed_round(view: PlayerView) -> bool:
    """Whether the face-up card was taken by us twice already this hand and would not make gin:
    taking it again keeps a card passing round and round, a hand no host without a turn limit
    would ever end (the expert's rule too); the stock ends it."""
    top = view.pile_top
    if top is None or DRAW_PILE not in view.legal_actions and TAKE not in view.legal_actions:
        return False  # no face-up card to take
    if not track(view).own_retaken & BIT[top]:
        return False
    return min_deadwood_after_discard(view.hand_mask | BIT[top]) > 0


def starts(view: PlayerView, action: Action, deals: list[Deal],
           table: Table) -> list[Start | None]:
    """Where ``action`` leaves the hand on each world; None where the hand dies at once."""
    hand, top = view.hand_mask, view.pile_top
    if action.kind is Kind.KNOCK:
        shown = hand & ~BIT[_card(action)]
        return [Start(shown, None, deal) for deal in deals]
    if action.kind is Kind.DISCARD:
        card = _card(action)
        kept = hand & ~BIT[card]
        return [Start(kept, card, deal) for deal in deals]
    if action in (TAKE, DRAW_PILE) and top is not None:
        return [_after_drawing(hand, top, deal, table, taken=True) for deal in deals]
    if action == DRAW_STOCK:
        return [_after_drawing(hand, deal.stock[-1], Deal(deal.opponent, deal.stock[:-1]), table,
                               taken=False) if deal.stock else None for deal in deals]
    if action == PASS and top is not None and view.phase is Phase.UPCARD:
        # the opponent gets the same face-up card next: as if we had just thrown it
        return [Start(hand, top, deal) for deal in deals]
    return [None] * len(deals)  # a pass at the last chance (RULES §7.2): the hand dies


def python_rollouts(starts: Sequence[Start | None], table: Table) -> list[float]:
    """What each start is worth to us (0 for a dead hand), rolled out one by one."""
    values = []
    for begin in starts:
        if begin is None:
            values.append(0.0)
        elif begin.top is None:
            values.append(knock_now(begin.hand, begin.deal, table))
        else:
            values.append(play_on(begin.hand, begin.top, begin.deal, table))
    return values


def _after_drawing(hand: Mask, card: Card, deal: Deal, table: Table, *, taken: bool) -> Start:
    """Greedy play once ``card`` is in the hand: the throw leaving the least deadwood (never the
    card just taken from the pile, §5.3), and a knock when that allows one."""
    held = hand | BIT[card]
    throw, deadwood = _greedy_throw(held, BIT[card] if taken else 0)
    return Start(held & ~BIT[throw], None if deadwood <= table.knock_limit else throw, deal)


@lru_cache(maxsize=4096)
def _greedy_throw(held: Mask, exclude: Mask) -> tuple[Card, int]:
    # asked once per world for a stock draw, which holds one of some thirty cards
    throws, deadwood = best_discards(held, exclude=exclude)
    return throws[0], deadwood


def _card(action: Action) -> Card:
    assert action.card is not None  # discards and knocks always name their card
    return action.card


def _rollouts(vectorised: bool | None) -> Rollouts:
    if vectorised is False:
        return python_rollouts
    batch = _batch_rollouts()
    if batch is not None:
        return batch
    if vectorised:
        raise ImportError("montecarlo's vectorised rollouts need NumPy (the rl extra)")
    return python_rollouts


@cache
def _batch_rollouts() -> Rollouts | None:
    """The array rollouts, or None without NumPy (imported on first use: the ``ginrummy``
    command starts without it)."""
    try:
        from ginrummy.players.montecarlo_batch import batch_rollouts
    except ImportError:
        return None
    return batch_rollouts
