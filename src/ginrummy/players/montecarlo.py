"""The ``montecarlo:N`` sparring partner: determinized Monte Carlo with greedy rollouts.

For each legal choice it samples ``N`` hidden worlds consistent with its view (the cards the
opponent is known to have taken stay in its hand; the rest of its hand and the stock order are
drawn uniformly from the unseen cards), plays each out to the hand's end with greedy play for
both sides (take a face-up card that melds or lets a side knock, throw the card leaving the
least deadwood, knock at the first chance), and values each outcome by the change in the chance
of winning the match from the resulting score (the match equity table of
:mod:`ginrummy.players.expert.match_odds`). Every choice is judged on the same worlds, so the
luck of the draw cancels between them. It is the style of other engines' Monte Carlo bots, kept
here so strength is measured against more than rule-based players.

Draws and upcard choices are judged by what the greedy rollout would throw next; the throw
itself and the knock are searched directly. A hand's own deadwood is no part of the value: only
where the rollouts end.
"""

from __future__ import annotations

from ginrummy.core.actions import BIG_GIN, DRAW_PILE, DRAW_STOCK, PASS, TAKE, Action, Kind
from ginrummy.core.cards import BIT, FULL_DECK, Card, Mask, from_mask
from ginrummy.core.melds import best_discards, min_deadwood
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.expert import Deal, Table, knock_now, play_on, stakes_for

DEFAULT_SAMPLES = 64
THROWS_SEARCHED = 4  # the throws leaving the least deadwood; the rest are not worth the time


class MonteCarloPlayer(BasePlayer):
    name = "montecarlo"

    def __init__(self, *, samples: int = DEFAULT_SAMPLES, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        if samples < 1:
            raise ValueError(f"montecarlo needs at least one sample, not {samples}")
        self.samples = samples
        self.name = f"montecarlo:{samples}"

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
        scores = {action: sum(value(view, action, deal, table) for deal in deals)
                  for action in choices}
        best = max(scores.values())
        return self.rng.choice([action for action in choices if scores[action] == best])

    def worlds(self, view: PlayerView) -> list[Deal]:
        """``samples`` guesses at the opponent's hand and the stock (next card last)."""
        dead, known = view.knock_knowledge()
        unseen = from_mask(FULL_DECK & ~view.hand_mask & ~dead & ~known)
        missing = max(0, view.opponent_hand_size - known.bit_count())
        deals = []
        for _ in range(self.samples):
            self.rng.shuffle(unseen)
            hand = known
            for card in unseen[:missing]:
                hand |= BIT[card]
            deals.append(Deal(hand, tuple(unseen[missing:missing + view.stock_size])))
        return deals


def candidates(view: PlayerView) -> list[Action]:
    """The choices worth searching: every draw-side choice; of the throws, the
    ``THROWS_SEARCHED`` leaving the least deadwood, each also as a knock where that is legal."""
    legal = view.legal_actions
    throws = sorted({a.card for a in legal if a.card is not None and a.kind is not Kind.GIN},
                    key=lambda card: min_deadwood(view.hand_mask & ~BIT[card]))
    kept = set(throws[:THROWS_SEARCHED])
    return [a for a in legal if a.card is None or a.card in kept]


def value(view: PlayerView, action: Action, deal: Deal, table: Table) -> float:
    """What ``action`` is worth to the player on one world, in match-equity points."""
    hand = view.hand_mask
    if action.kind is Kind.KNOCK:
        card = _card(action)
        return knock_now(hand & ~BIT[card], deal, table)
    if action.kind is Kind.DISCARD:
        card = _card(action)
        return play_on(hand & ~BIT[card], card, deal, table)
    top = view.pile_top
    if action in (TAKE, DRAW_PILE) and top is not None:
        return _after_drawing(hand, top, deal, table, taken=True)
    if action == DRAW_STOCK and deal.stock:
        rest = Deal(deal.opponent, deal.stock[:-1])
        return _after_drawing(hand, deal.stock[-1], rest, table, taken=False)
    if action == PASS and top is not None and view.phase is Phase.UPCARD:
        # the opponent gets the same face-up card next: as if we had just thrown it
        return play_on(hand, top, deal, table)
    return 0.0  # a pass at the last chance (RULES §7.2): the hand dies


def _after_drawing(hand: Mask, card: Card, deal: Deal, table: Table, *, taken: bool) -> float:
    """Greedy play once ``card`` is in the hand: the throw leaving the least deadwood (never the
    card just taken from the pile, §5.3), and a knock when that allows one."""
    held = hand | BIT[card]
    throws, deadwood = best_discards(held, exclude=BIT[card] if taken else 0)
    throw = throws[0]
    if deadwood <= table.knock_limit:
        return knock_now(held & ~BIT[throw], deal, table)
    return play_on(held & ~BIT[throw], throw, deal, table)


def _card(action: Action) -> Card:
    assert action.card is not None  # discards and knocks always name their card
    return action.card
