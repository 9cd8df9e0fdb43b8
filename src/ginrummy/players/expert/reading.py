"""Reading the opponent's hidden hand from everything it did this hand: a particle filter.

Each guess (particle) is one story of the opponent's hand: the hidden cards it was dealt, then
one card for each of its stock draws. Every choice the opponent made is scored by how likely a
plain, greedy player holding the guessed cards would make it (the way most bots and many people
play: take a face-up card that melds or lets it knock, throw a card that leaves the least
deadwood, knock at the first chance), softly, since real players stray from it; which face-up
cards a guess's player takes follows the guess's own take rule (:data:`TAKE_RULES`). A guess's
weight is the product of those chances.

Three things keep a few dozen guesses good enough:

- a stock draw is filled in only at the throw that follows it, in proportion to how well it
  explains that throw (the best proposal for a filter);
- guesses are resampled when their weights grow uneven;
- after each opponent turn every guess tries a few Metropolis moves, swapping one of its hidden
  cards for an unseen one throughout its story and keeping the swap by the ratio of the story's
  chances: without this the random cards dealt at the start, which no later evidence can
  replace, soon make every guess a copy of the same few.

The reader follows a hand move by move, so a player that keeps it between decisions pays only
for the moves since its last one; a fresh reader replays the whole history. Its work is bounded
however long a hand runs (hosts without a turn limit let two players pass face-up cards back
and forth for hundreds of turns, and every Metropolis move rescores the guess's whole story):
the moves after a turn share a fixed budget of rescored choices (:data:`RESCORE_BUDGET`), the
chances of choices already scored are remembered, and :meth:`HandReader.update` stops at a
deadline, to go on from there next time.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ginrummy.core.actions import Kind
from ginrummy.core.cards import BIT, FULL_DECK, Card, Mask, from_mask, to_mask
from ginrummy.core.melds import best_discard, min_deadwood
from ginrummy.core.state import Move
from ginrummy.core.views import PlayerView
from ginrummy.players.expert.deadline import NO_DEADLINE, Deadline
from ginrummy.players.expert.tracking import track
from ginrummy.players.tactics import improves_hand, joins_meld

TAKE_USEFUL = 0.99  # chance a player takes a face-up card its take rule calls useful
TAKE_OTHER = 0.01  # and one that it does not
# The take rules a guess may follow, since players differ most in which face-up cards they
# take: one that melds or lets it knock (greedy bots), only one that melds (gin hunters such as
# the EAAI challenge's winner, which refuse a card that would only let them knock), or one that
# lowers the hand's deadwood (careful players). Each guess follows one rule, so the guesses
# with the opponent's own rule come to outweigh the rest as its takes and refusals show it.
GREEDY, MELDS_ONLY, LOWERS = 0, 1, 2
TAKE_RULES = (GREEDY, MELDS_ONLY, LOWERS)
THROW_SHARPNESS = 6.0  # a throw's odds fall by e for each deadwood point it keeps above the least
THROW_NOISE = 0.0001  # share of throws that follow no plan at all
KNOCK_HELD = 0.01  # chance a quick knocker passes up a knock
IMPOSSIBLE = 1e-300  # the weight of a guess that cannot explain what happened
REFUSE, TAKE, THROW = 0, 1, 2  # the kinds of evidence in a story
# Choices rescored by the Metropolis moves after one opponent turn, over all guesses: 64 guesses
# with 4 moves each fit it until a story holds 64 choices (about 32 opponent turns, more than a
# stock allows without face-up cards passed back and forth); in longer hands each guess gets
# fewer moves, so a turn costs the same however long the hand has run.
RESCORE_BUDGET = 16384
CACHE_LIMIT = 200_000  # remembered chances, forgotten all at once beyond this


@dataclass(frozen=True, slots=True)
class Evidence:
    """One choice the opponent made, with the guessed hand it made it from."""

    kind: int
    hand: Mask  # ten cards before a draw, eleven at a throw
    card: Card  # the face-up card taken or refused, or the card thrown
    barred: Mask  # at a throw: the card taken from the pile this turn (it may not go back)
    log_chance: float  # how likely the choice is from ``hand``


@dataclass(slots=True)
class Guess:
    """One story of the opponent's hand."""

    hand: Mask
    story: tuple[Evidence, ...]
    held: Mask  # every card that was ever in the guessed hand
    rule: int = GREEDY  # the take rule it follows
    log_weight: float = 0.0


class HandReader:
    """Weighted guesses at the opponent's hand, kept in step with one hand's history."""

    def __init__(self, view: PlayerView, rng: random.Random, *, count: int, quick: bool,
                 moves: int = 2, rules: tuple[float, ...] = (1.0,)) -> None:
        """``rules``: the share of the guesses following each take rule, in the order of
        :data:`TAKE_RULES` (rules past its end get no guesses; the default: all greedy)."""
        self.rng = rng
        self.count = count
        self.quick = quick
        self.moves_per_turn = moves
        self.player = view.player
        self.deal = _deal_key(view)
        self.knock_limit = view.knock_limit
        self.history: tuple[Move, ...] = ()
        self.pile: list[Card] = [] if view.upcard is None else [view.upcard]
        self.known = 0  # cards the opponent took from the pile and still holds
        self.thrown = 0  # cards the opponent threw
        self.taken_now = 0  # the face-up card the opponent took this turn
        self.drew_stock = False  # the opponent drew from the stock this turn
        self.pool: list[Card] = []  # cards that may be, or have been, in its hidden hand
        self.pool_mask: Mask = 0
        self.guesses: list[Guess] = []
        self.steps = 0  # choices scored or rescored so far: the reader's work, for tests
        self._chances: dict[tuple[int, Mask, Card, Mask, int], float] = {}
        self._set_pool(view)
        size = _dealt(view)
        for rule in _spread(rules, count):
            hand = to_mask(rng.sample(self.pool, size))
            self.guesses.append(Guess(hand, (), hand, rule))

    def follows(self, view: PlayerView) -> bool:
        """Whether ``view`` continues the hand this reader has read so far."""
        n = len(self.history)
        return (view.player == self.player and _deal_key(view) == self.deal
                and len(view.history) >= n and view.history[:n] == self.history)

    def update(self, view: PlayerView, deadline: Deadline = NO_DEADLINE) -> bool:
        """Read the moves of ``view`` not read yet; False when the deadline stopped it before
        the last one (the reader then follows a shorter history and goes on next time)."""
        self._set_pool(view)
        read = len(self.history)
        for move in view.history[read:]:
            if deadline.passed():
                self.history = view.history[:read]
                return False
            if move.player == self.player:
                self._own_move(move)
            else:
                self._their_move(move)
            read += 1
        self.history = view.history
        return True

    def sample(self, count: int) -> list[Mask]:
        """``count`` opponent hands drawn by weight."""
        return [self.guesses[i].hand for i in self._resample(count)]

    def rule_shares(self) -> tuple[float, ...]:
        """The weight of the guesses following each take rule (in :data:`TAKE_RULES` order)."""
        shares = [0.0] * len(TAKE_RULES)
        for guess, weight in zip(self.guesses, self._weights(), strict=True):
            shares[guess.rule] += weight
        return tuple(shares)

    def effective_size(self) -> float:
        """How many equally weighted guesses the weights are worth."""
        return 1.0 / sum(w * w for w in self._weights())

    # -- the history -------------------------------------------------------------------------

    def _set_pool(self, view: PlayerView) -> None:
        # The opponent's hidden cards, dealt and drawn, are the ones it threw (but had not taken
        # from the pile) and some of the ones still unseen.
        knowledge = track(view)
        pool = knowledge.unseen | (knowledge.opp_thrown & ~knowledge.opp_taken)
        if pool == self.pool_mask:
            return
        self.pool_mask, self.pool = pool, from_mask(pool)
        # a card seen since (this player drew it) was never the opponent's: swap it out
        allowed = pool | self.known
        for guess in self.guesses:
            for card in from_mask(guess.hand & ~allowed):
                self._swap(guess, card, self._unseen_card(guess), force=True)

    def _own_move(self, move: Move) -> None:
        kind = move.action.kind
        if kind in (Kind.TAKE, Kind.DRAW_PILE):
            self.pile.pop()
        elif kind is Kind.DISCARD and move.action.card is not None:
            self.pile.append(move.action.card)

    def _their_move(self, move: Move) -> None:
        kind = move.action.kind
        if kind in (Kind.TAKE, Kind.DRAW_PILE):
            card = self.pile.pop()
            self._weigh_draw(card, took=True)
            self.known |= BIT[card]
            self.taken_now = BIT[card]
            for guess in self.guesses:
                guess.hand |= BIT[card]
                guess.held |= BIT[card]
        elif kind in (Kind.DRAW_STOCK, Kind.PASS):
            if self.pile:
                self._weigh_draw(self.pile[-1], took=False)
            # which card it drew is filled in at its throw, where the throw tells the most
            self.drew_stock = kind is Kind.DRAW_STOCK
        elif kind is Kind.DISCARD and move.action.card is not None:
            card = move.action.card
            for guess in self.guesses:
                self._throw(guess, card)
            self.pile.append(card)
            self.known &= ~BIT[card]
            self.thrown |= BIT[card]
            self.taken_now, self.drew_stock = 0, False
            if self.effective_size() < self.count / 2:
                self.guesses = [_copy(self.guesses[i]) for i in self._resample(self.count)]
            self._move_guesses()

    def _weigh_draw(self, top: Card, *, took: bool) -> None:
        kind = TAKE if took else REFUSE
        self.steps += len(self.guesses)
        for guess in self.guesses:
            log_chance = self._log_chance(kind, guess.hand, top, 0, guess.rule)
            guess.story += (Evidence(kind, guess.hand, top, 0, log_chance),)
            guess.log_weight += log_chance

    def _throw(self, guess: Guess, card: Card) -> None:
        """Give ``guess`` this turn's stock card and the thrown ``card``, and weigh the throw.

        After a stock draw, the drawn card is picked in proportion to the chance of the throw it
        leads to, and the guess is weighted by that chance summed over the cards it could have
        drawn (each drawn at the same odds). A guess without the thrown card explains it only
        as the card just drawn, or after a pile draw by swapping a hidden card for it, at the
        chance of drawing exactly that card.
        """
        bit = BIT[card]
        hand = guess.hand
        self.steps += 1
        room = (self.pool_mask & ~(hand | self.thrown)).bit_count() or 1
        if self.drew_stock and hand & bit:
            hand, total = self._draw_to_throw(hand, card)
            guess.log_weight += math.log(total / room)  # the throw's chance is in the total
            log_chance = self._log_chance(THROW, hand, card, self.taken_now, GREEDY)
        else:
            if not hand & bit:
                if not self.drew_stock:
                    self._swap(guess, self._hidden_card(guess), card, force=True)
                    hand = guess.hand
                guess.log_weight -= math.log(room)
            hand |= bit
            log_chance = self._log_chance(THROW, hand, card, self.taken_now, GREEDY)
            guess.log_weight += log_chance
        guess.story += (Evidence(THROW, hand, card, self.taken_now, log_chance),)
        guess.held |= hand
        guess.hand = hand ^ bit

    def _draw_to_throw(self, hand: Mask, card: Card) -> tuple[Mask, float]:
        """A stock card for ``hand`` (which holds the thrown ``card``), drawn in proportion to
        the chance of then throwing ``card``, and the sum of those chances."""
        excluded = hand | self.thrown
        options, chances = [], []
        for drawn in self.pool:
            if not excluded & BIT[drawn]:
                options.append(drawn)
                chances.append(math.exp(self._log_chance(THROW, hand | BIT[drawn], card, 0, GREEDY)))
        if not options:  # no card this guess could have drawn: keep it in shape, weightless
            return hand | BIT[from_mask(FULL_DECK & ~excluded)[0]], IMPOSSIBLE
        total = sum(chances)
        pick = self.rng.random() * total
        drawn = options[-1]
        for option, chance in zip(options, chances, strict=True):
            pick -= chance
            if pick <= 0:
                drawn = option
                break
        return hand | BIT[drawn], total

    # -- the chances -------------------------------------------------------------------------

    def _log_chance(self, kind: int, hand: Mask, card: Card, barred: Mask, rule: int) -> float:
        """How likely the choice is from ``hand`` (a take or refusal under the take ``rule``;
        a throw's chance does not depend on it, so throws come with :data:`GREEDY`)."""
        key = (kind, hand, card, barred, rule)
        found = self._chances.get(key)
        if found is None:
            if len(self._chances) >= CACHE_LIMIT:
                self._chances.clear()
            found = self._chances[key] = self._fresh_log_chance(kind, hand, card, barred, rule)
        return found

    def _fresh_log_chance(self, kind: int, hand: Mask, card: Card, barred: Mask,
                          rule: int) -> float:
        if kind == THROW:
            return math.log(self._throw_chance(hand, card, barred))
        if rule == LOWERS:
            useful = improves_hand(hand, card)
        else:
            useful = joins_meld(hand, card) or (
                rule == GREEDY and best_discard(hand | BIT[card])[1] <= self.knock_limit)
        chance = TAKE_USEFUL if useful else TAKE_OTHER
        return math.log(chance if kind == TAKE else 1.0 - chance)

    def _throw_chance(self, hand: Mask, card: Card, barred: Mask) -> float:
        """The chance a greedy player throws ``card`` from the eleven cards ``hand``: it falls
        by e for each deadwood point kept above the least, and a quick knocker rarely keeps a
        hand it could knock with."""
        best, least = best_discard(hand)
        if barred and BIT[best] == barred:
            least = min(min_deadwood(hand ^ BIT[c]) for c in from_mask(hand & ~barred))
        left = min_deadwood(hand ^ BIT[card])
        chance = (1.0 - THROW_NOISE) * math.exp(THROW_SHARPNESS * (least - left)) + THROW_NOISE / 11
        if self.quick and left <= self.knock_limit:
            chance *= KNOCK_HELD
        return chance

    # -- moving guesses ----------------------------------------------------------------------

    def _move_guesses(self) -> None:
        """The Metropolis moves after an opponent turn, within :data:`RESCORE_BUDGET`."""
        story = max(1, len(self.guesses[0].story))
        count = len(self.guesses)
        moves = RESCORE_BUDGET // story
        if moves >= self.moves_per_turn * count:
            for guess in self.guesses:
                for _ in range(self.moves_per_turn):
                    self._try_swap(guess)
            return
        # fewer moves than usual: spread them from a random guess on, so none is always left out
        first = int(self.rng.random() * count)
        for i in range(moves):
            self._try_swap(self.guesses[(first + i) % count])

    def _try_swap(self, guess: Guess) -> None:
        hidden = guess.hand & ~self.known
        if hidden:
            self._swap(guess, self._hidden_card(guess), self._unseen_card(guess))

    def _swap(self, guess: Guess, old: Card, new: Card, *, force: bool = False) -> None:
        """Replace ``old`` by ``new`` throughout the story of ``guess``; unless forced, only
        with the Metropolis chance (the ratio of the story's chances after and before)."""
        if new < 0:
            return
        old_bit, new_bit = BIT[old], BIT[new]
        self.steps += len(guess.story)
        story = []
        change = 0.0
        for ev in guess.story:
            if ev.hand & old_bit:
                hand = ev.hand ^ old_bit | new_bit
                log_chance = self._log_chance(ev.kind, hand, ev.card, ev.barred, guess.rule)
                change += log_chance - ev.log_chance
                ev = Evidence(ev.kind, hand, ev.card, ev.barred, log_chance)
            story.append(ev)
        if not force and change < 0 and self.rng.random() >= math.exp(change):
            return
        guess.story = tuple(story)
        guess.hand = guess.hand ^ old_bit | new_bit
        guess.held = guess.held & ~old_bit | new_bit
        if force:
            guess.log_weight += change

    def _hidden_card(self, guess: Guess) -> Card:
        cards = from_mask(guess.hand & ~self.known)
        return cards[int(self.rng.random() * len(cards))]

    def _unseen_card(self, guess: Guess) -> Card:
        """A pool card the guess never held and the opponent never threw (-1 if none)."""
        cards = from_mask(self.pool_mask & ~(guess.held | self.thrown))
        return cards[int(self.rng.random() * len(cards))] if cards else -1

    # -- weights -----------------------------------------------------------------------------

    def _weights(self) -> list[float]:
        top = max(g.log_weight for g in self.guesses)
        weights = [math.exp(g.log_weight - top) for g in self.guesses]
        total = sum(weights)
        return [w / total for w in weights]

    def _resample(self, count: int) -> list[int]:
        """Indices of ``count`` guesses drawn by weight (systematic resampling)."""
        weights = self._weights()
        step = 1.0 / count
        u = self.rng.random() * step
        picked, cumulative, i = [], weights[0], 0
        for _ in range(count):
            while u > cumulative and i < len(weights) - 1:
                i += 1
                cumulative += weights[i]
            picked.append(i)
            u += step
        return picked


def _copy(guess: Guess) -> Guess:
    return Guess(guess.hand, guess.story, guess.held, guess.rule)


def _spread(shares: tuple[float, ...], count: int) -> list[int]:
    """The take rule of each of ``count`` guesses, in proportion to ``shares`` as near as whole
    guesses allow (systematic: guess i takes the rule at point (i + 1/2) / count)."""
    total = sum(shares)
    rules = []
    rule, bound = 0, shares[0] / total
    for i in range(count):
        point = (i + 0.5) / count
        while point > bound and rule < len(shares) - 1:
            rule += 1
            bound += shares[rule] / total
        rules.append(rule)
    return rules


def _deal_key(view: PlayerView) -> tuple[int | None, int, Card | None]:
    """What tells one hand of a match from another: its number, the dealer and the upcard."""
    return (None if view.match is None else view.match.hand_number, view.dealer, view.upcard)


def _dealt(view: PlayerView) -> int:
    """How many cards the opponent was dealt."""
    size = view.opponent_hand_size
    for move in view.history:
        if move.player != view.player:
            kind = move.action.kind
            if kind in (Kind.TAKE, Kind.DRAW_PILE, Kind.DRAW_STOCK):
                size -= 1
            elif kind is Kind.DISCARD:
                size += 1
    return size

