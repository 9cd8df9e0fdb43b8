"""The expert: card tracking, an opponent model, a one-draw lookahead and determinized rollouts.

Every decision starts from the view alone (:mod:`ginrummy.players.expert.tracking` rebuilds what
is known of each card and how likely the opponent is to hold it, and
:mod:`ginrummy.players.expert.reading` reads the opponent's hand from its every move; half the
sampled opponent hands below come from each), then:

- **discard**: every card is valued by the hand it leaves (deadwood now and expected after the
  coming stock draws, :class:`~ginrummy.players.expert.evaluation.HandValuer`, the future
  counting less once a quick knocker's sampled hands are near a knock) plus the deadwood it
  would save the opponent, judged over sampled opponent hands; the three best are then played
  out to the end of the hand on 48 sampled deals (:mod:`ginrummy.players.expert.search`) and
  marked down by how much worse their rollouts end than the best one's;
- **draw**: the pile top when the best hand it makes beats the expected best hand after a stock
  draw, but never a card it has taken twice this hand unless for gin (two players passing
  the same cards round and round would keep a hand going as long as a host lets them);
- **knock**: knock when knocking now, settled exactly against each sampled deal's opponent hand,
  beats throwing the best discard and playing the hand out on the same deals: often it does
  not, since a low hand waiting to undercut a quick knocker wins more. The sampled hands are
  pessimistic on purpose (each keeps the best ten of up to eight more cards than the opponent
  holds, more as it draws), and while the opponent is a quick knocker (the expert learns from
  the hands it shows whether it ever held a knock back) they hold more deadwood than the knock
  limit. Until the opponent has knocked early, half the deals are drawn and played out as
  against one that waits for gin (:attr:`Tuning.waiter_share`; their hands read by a second
  reader that lets the opponent hold a knock, :attr:`Tuning.waiter_reading`), and an opponent
  that has shown it waits keeps that hedge (:attr:`Tuning.learn_waits`). Gin is always taken.

Every outcome is valued by the chance of winning the match it leaves
(:mod:`ginrummy.players.expert.match_odds`), not by its raw points: near the end a sure small win
counts as much as a big one, and a loss the match cannot survive counts more than its points.

Every decision has a hard time bound (:attr:`Tuning.think_ms` of CPU time,
:mod:`ginrummy.players.expert.deadline`): the reader, the rollouts and the knock's show options
stop at it and the decision answers with what it has found; :attr:`ExpertPlayer.deadline_hits`
counts the decisions it cut. ``expert:strong`` (:data:`STRONG`) thinks longer.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import BIT, VALUE_OF, Card, Mask, from_mask
from ginrummy.core.melds import min_deadwood
from ginrummy.core.state import Move, Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import BasePlayer
from ginrummy.players.expert.deadline import NO_DEADLINE, Clock, Deadline
from ginrummy.players.expert.evaluation import (
    HandValuer,
    OpponentSamples,
    improve,
    knock_chance,
    knock_value,
)
from ginrummy.players.expert.match_odds import Stakes, stakes_for
from ginrummy.players.expert.reading import TAKE_RULES, HandReader
from ginrummy.players.expert.search import Deal, Table, deals_for, knock_now, play_on, sample_hands
from ginrummy.players.expert.tracking import CardKnowledge, OpponentModel, track
from ginrummy.players.tactics import joins_meld

# Candidate discards considered after each hypothetical stock card: the few that keep the least
# deadwood (the others almost never win and cost time).
DISCARDS_PER_DRAW = 3
WIN_SCORE = 1000.0  # gin, big gin: better than anything else
MIN_KNOCK_CHANCE = 0.02  # keeps the quick knocker's expected turns left finite
SAFE, RISKY = 0.15, 0.4  # chance that a discard melds with the opponent's hand (or undercut risk)


@dataclass(frozen=True, slots=True)
class Tuning:
    """The expert's knobs. The defaults measured best in ``benchmarks/expert_strength.py``
    (100-game runs against ``standard``: potential weight 0.6, 1.0 and 2.5, feed weight 0.3 and
    1.2, take margin -1.5, 1.5 and 3, 48 samples, knock thresholds -6 and +6, and samples
    calibrated to real deadwood or more pessimistic ones all did no better; 2.5 and -1.5 and the
    calibrated samples did clearly worse). Sampled hands now grow more pessimistic faster (1.5
    extra cards per opponent draw, up to 8): 400 mirrored games, seed 10, won 78.5% against
    73.2% with 1.0 and 6; fewer extra cards (at most 3) or samples cut to hands that could not
    have knocked won clearly less (64% and 68.5% of 200 games against 75.5%).

    Rollouts (200 mirrored games, seed 3, against ``standard``): without them 70.5%, +3.87 points
    a hand; rollouts for the knock decision 73.5%, +4.63; and for the three best discards too
    79.0%, +5.41. Our side knocking at 2 in rollouts, or 64 deals over the four best discards,
    did no better (72.5%, 77.5%); unimproved (random) sampled hands did worse (67%). On the
    400 seed-10 games the rollout expert won 76.5% (78.5% without): over those 600 games together
    75.8% without rollouts, 77.3% with them.

    Against ``openspiel-simple`` (200 mirrored games, seed 3), with outcomes valued by the match
    chance: 71.0%, +3.79 points a hand; rollout sides also taking a face-up card that allows a
    knock (as that bot does; ``take_to_knock``) 76.0%, +5.42. Rollouts for the draw as well
    (take against stock, each played out) did much worse: 61.0%, +2.44.

    Tried since against ``openspiel-simple`` (200 games each, seed 3 unless said; the defaults
    then: 76.0%, +5.42, and seed 4: 78.0%, +5.50), not adopted: potential weight 1.0 and 2.0
    (70.5%, 72.5%), rollout weight 0.6 and 1.5 (74.0%, 73.5%), five discards on 64 deals
    (72.0%), 128 deals when a knock is legal (73.0%), samples taken from the rollout deals
    (seed 4: 73.5%, +4.15), the lowest-deadwood discard always rolled out too (seed 4: 73.5%,
    +4.97). Adopted: rollout deals for a quick knocker redrawn with ever fewer extra cards
    until the hand could not have knocked (five paired runs, ``openspiel-simple`` seeds 3-5 and
    ``standard`` seeds 3-4: 77.3%, +5.72 points a hand against 75.8%, +5.27; coarser or finer
    steps did worse). Then, on top of that, the potential weight cut as a quick knocker nears a
    knock (``hazard_scale``), scale 0.5 and 0.3 against none: ``openspiel-simple`` seed 4
    80.0% and 82.0% against 74.0%, seed 5 79.5% and 79.0% against 77.0%, ``standard`` seed 4
    77.0% and 78.0% against 76.5% (points a hand +5.93, +6.27 against +5.07; +5.66, +5.52
    against +5.68; +5.79, +5.56 against +6.13). Cutting it for the draw as well did much worse
    (seed 4: 70.5%, +4.12): a face-up card that only lowers the deadwood is rarely worth it.
    Both together on the README's seed-0 tournaments (400 games): 75.75% against
    ``openspiel-simple`` (75.5% before) and 77.25% against ``standard`` (73.25% before).
    Rollout opponents that never take a card just to knock (as ``standard`` plays) did about the
    same against ``standard`` (seed 4: 79.0%, +5.64 against 78.0%, +5.56).

    Reading the opponent's hand (:mod:`~ginrummy.players.expert.reading`; 200 games each,
    ``openspiel-simple`` seeds 4 and 5, ``standard`` seed 4; without reading: 82.0%, 79.0%,
    78.0%, +6.27, +5.52, +5.56 points a hand). Every sampled hand read: 80.5%, 70.5%, 79.0%
    (+6.17, +4.41, +5.91); half read and half from the card odds (adopted): 79.0%, 82.0%,
    81.5% (+5.98, +6.51, +6.33). The read guesses improved by 1.5 or 2.5 cards rather than
    2 (all read, seed 4): 77.0% and 73.5%, against 80.5%. The reader's card shares also used
    as the model's odds (stock odds, danger): 76.5%, +5.46 (seed 4, all read). Shown the
    opponent's real hand instead (``--oracle``) the expert wins 99-100% of games: the hand is
    far from fully readable from a greedy player's moves (the guesses share 42% of its hidden
    cards, blind guesses 31%), but the reader's deadwood follows the real one much better
    (correlation 0.65-0.77 against 0.45-0.53 for the model's samples). On the README's seed-0
    tournaments (400 games): 83.25% against ``openspiel-simple`` and 82.75% against
    ``standard`` (every hand read: 79.0% and 81.5%; no reading: 75.75% and 77.25%).

    Until the opponent's style shows, half the rollout deals as against one that waits for gin
    (``waiter_share``; 100 games each, seed 61): ``marjj-style`` 67.0% against 55.0% without,
    ``openspiel-simple`` 86.0% against 84.0%, ``gin-camper`` 68.0% against 67.0%, ``standard``
    78.0%. Taking every opponent for a waiter instead (``waiter_prior``) won 66.0%, 76.0%, 65.0%
    and 83.0% (docs/players.md, Strength).

    Once the opponent has shown that it waits, going on with that hedge rather than taking it
    for nothing but a waiter (``learn_waits=0``; same deals, seed 61, 100 games):
    ``gin-camper`` 73.0%, +6.21 points a hand against 68.0%, +4.56; ``marjj-style`` 64.0%,
    +3.92 against 67.0%, +4.35, and on 50 games of seed 700 27 wins, +1.99 against 24, +0.01
    (there the hands after it had taken ``marjj-style`` for a waiter had lost 2.33 points a
    hand, those before won 4.75). On the published seed 2026 (400 games): ``gin-camper``
    76.5% against 70.0% before, ``marjj-style`` 62.0% against 59.2%.

    Before the style shows, each hand ended by the expert's knock or gin with the opponent
    above the knock limit, as a quick knocker always is (a waiter was at 61-71% of the expert's
    knocks against ``gin-camper`` and ``marjj-style``), halves the odds that it waits
    (``above_limit_odds``; same deals, seed 61, 100 games): ``standard`` 82.0%, +6.55 points a
    hand against 78.0%, +6.20; ``marjj-style`` 67.0%, +4.62 against 64.0%, +3.92;
    ``gin-camper`` 70.0%, +5.57 against 73.0%, +6.21. On the README's seed-0 tournaments (400
    games): ``standard`` 81.25% against 79.5%, ``openspiel-simple`` 80.0% against 79.75%.

    The hedge's waiter deals read by a reader of their own (``waiter_reading``; 400 games,
    seed 97, against the default then): one that lets the opponent hold a knock, its guesses
    following three take rules learned over the match, improved by two cards as the quick
    reading is: ``marjj-style`` 58.5%, +2.02 points a hand against 54.2%, +1.08 (undercuts
    of our knocks 83 against 133), ``gin-camper`` 70.5%, +5.22 against 72.2%, +5.97;
    improved by one card (``waiter_reading_extra``; adopted): ``gin-camper`` 76.0%, +6.85,
    ``marjj-style`` 58.5%, +1.99 (63 undercuts); ``openspiel-simple`` (200 games, improved
    by two) 79.5%, +5.79 against 80.5%, +5.71.

    Until the opponent has shown that it waits, 0.6 of that hedge (``hedge_before_shown``; 400
    games each, same deals as the default): ``openspiel-simple`` (seed 99, as
    ``waiter_share=0.3``) 77.2%, +5.72 points a hand against 74.2%, +4.84; ``marjj-style``
    (seed 97) 60.2%, +2.31 against 58.5%, +1.99; ``gin-camper`` (seed 97) 76.2%, +6.37 against
    76.0%, +6.85."""

    potential_weight: float = 1.6  # how much the expected improvement from future draws counts
    feed_weight: float = 0.6  # cost per point of deadwood a discard is expected to save the opponent
    take_margin: float = 0.0  # how much better the pile top must be than a stock draw
    samples: int = 24  # sampled opponent hands per decision
    extra_per_draw: float = 1.5  # sampled opponent hands keep the best ten of this many more
    max_extra: float = 8.0  # cards per opponent draw so far, up to this many
    knock_threshold: float = 0.0  # knock when its expected points exceed this
    rollouts: int = 48  # sampled deals played out to judge a knock against playing on (0: off)
    own_knock: int = 0  # in those rollouts, we knock at or below this deadwood,
    own_knock_vs_waiter: int = 0  # or this one against an opponent that waits for gin
    waiter_prior: int = 0  # 1: take the opponent for one that waits until it knocks early
    waiter_share: float = 0.5  # until it knocks early, this share of deals as against a waiter
    hedge_before_shown: float = 0.6  # and this fraction of it until it has shown it waits
    learn_waits: int = 0  # 1: once it shows it waits, every deal as against a waiter (else hedge)
    # each hand ended by our knock with the opponent above the knock limit (as a quick knocker
    # always is) multiplies the odds that it waits by this, until its style shows (1: never)
    above_limit_odds: float = 0.5
    quick_knocker: int = 1  # 1: deals assume the opponent knocks as soon as it can
    discard_rollouts: int = 3  # the best discards also judged by rollouts (0: none)
    rollout_weight: float = 1.0  # deadwood points per point of rollout value
    take_to_knock: int = 1  # 1: in rollouts a side takes a face-up card that lets it knock
    hazard_scale: float = 0.3  # a quick knocker's turns left: this over its chance to knock next
    reading: int = 64  # guesses at the opponent's hand read from its play (0: the model's samples)
    reading_moves: int = 4  # Metropolis moves per guess after each opponent turn
    reading_extra: float = 2.0  # each guess improved to the best ten of this many more cards
    reading_share: float = 0.5  # share of the sampled hands read (the rest: the model's)
    # 1: the deals drawn as against a waiter read by a second reader, one that lets the
    # opponent hold a knock and learns its take rule over the match (0: the quick reading)
    waiter_reading: int = 1
    waiter_reading_extra: float = 1.0  # its guesses improved to the best ten of this many more
    # CPU milliseconds a decision may take (0: unbounded); the default fires about never in
    # normal hands (slowest seen: ~250 ms) and stops a runaway in a host without turn limits
    think_ms: int = 1000


# ``expert:strong``, for the coach and tournaments that may think longer: twice the rollout
# deals and reader guesses, within the EAAI challenge's 30 s per player per game.
STRONG = {"rollouts": 96, "reading": 128, "samples": 32, "think_ms": 2000}


@dataclass(frozen=True, slots=True)
class Assessment:
    """One legal action as the expert sees it; ``score`` is higher for better actions.

    ``score`` is in deadwood points: minus the hand's value after the action (its deadwood,
    less the improvement expected from the coming stock draws, plus the deadwood the discard is
    expected to save the opponent). Ending the hand is scored as the best discard's score plus
    the knock's expected points over the threshold, so a knock ranks first exactly when the
    expert would knock; gin and big gin score :data:`WIN_SCORE`.
    """

    action: Action
    score: float
    deadwood: int | None = None  # own deadwood after the action (after the best discard, for a draw)
    outlook: float | None = None  # expected deadwood after the next stock draw
    feeds: float | None = None  # expected deadwood the discard saves the opponent
    danger: float | None = None  # chance the discard melds with the opponent's hand
    knock_points: float | None = None  # expected hand points of knocking now
    undercut_risk: float | None = None
    notes: tuple[str, ...] = field(default=())  # reason keys for the coach, see NOTES


# What each reason key in :attr:`Assessment.notes` means (the coach words them per language).
NOTES = {
    "highest_loose": "the discard is the dearest card outside the melds",
    "loose": "the discard is outside the melds",
    "breaks_meld": "the discard breaks up a meld (for a better outlook)",
    "safe": "the opponent is unlikely to meld the discard",
    "risky": "the opponent may well meld the discard",
    "joins_meld": "the face-up card forms a meld with the hand",
    "lowers_deadwood": "the face-up card lowers the deadwood without forming a meld",
    "stock": "a stock draw is expected to do better than the face-up card",
    "knock": "knocking now is expected to pay",
    "undercut_risk": "the knock risks an undercut",
    "gin": "every card melds",
    "big_gin": "all eleven cards meld",
    "last_chance": "taking the last discard allows a knock",
    "let_die": "let the hand end dead",
}


class ExpertPlayer(BasePlayer):
    """The strongest built-in player. ``choose`` takes the top of :meth:`rank_actions`."""

    name = "expert"

    def __init__(self, seed: int | None = None, **tuning: Any) -> None:
        super().__init__(seed=seed)
        self.tuning = Tuning(**tuning)
        # seen holding a knock it did not make (so not quick), or assumed until it knocks early
        self.opponent_waits = bool(self.tuning.waiter_prior)
        self.style_known = False  # whether opponent_waits was learned rather than assumed
        self.late_knock_stock = 0  # most stock cards left when a waiting opponent knocked anyway
        self.waiter_likelihood = 1.0  # of the hands shown so far: a waiter's over a quick one's
        self.reader: HandReader | None = None  # kept between decisions of a hand
        self.waiter_reader: HandReader | None = None  # the one for deals drawn as for a waiter
        # the weight of each take rule (reading.TAKE_RULES) at the end of each hand read so far,
        # summed, from one hand's worth each: the share of a new hand's guesses following each
        self.take_rules: tuple[float, ...] = (1.0,) * len(TAKE_RULES)
        self.decisions = 0
        self.deadline_hits = 0  # decisions cut short by the time bound
        self.clock: Clock = time.thread_time  # what the time bound is measured on
        self.memory = HandMemory()

    def choose(self, view: PlayerView) -> Action:
        if view.result is not None:  # a host that shows the hand's end in a view
            self.observe(view)
        self._learn_from_score(view)
        action = self.rank_actions(view)[0][0]
        self.memory = self.memory.after(view, action)
        return action

    def observe(self, view: PlayerView) -> None:
        """Learn the opponent's style from hands it showed: a hand it held at or below the
        knock limit after a discard of its own, without knocking, rules out a quick knocker."""
        result = view.result
        if result is None or opponent_draws(view) == 0:
            return
        memory = self.memory
        if memory.same_hand(view):  # the hand of our last decision: not to be read again
            if memory.observed == memory.deal:
                return  # the same end, shown twice
            memory.observed = memory.deal
        if result.knocker == view.opponent and min_deadwood(result.hands[view.opponent]) > 0:
            # a waiting opponent settles for a knock late in the hand: learn how late
            self.late_knock_stock = max(self.late_knock_stock, view.stock_size)
            if _knocked_early(opponent_draws(view), view.stock_size):
                self._learn_style(waits=False)
        if result.knocker == view.player:
            held = min_deadwood(result.hands[view.opponent]) <= view.knock_limit
            if not held:
                self.waiter_likelihood *= self.tuning.above_limit_odds
        else:
            held = _held_a_knock_before(view)
        if held:
            self._learn_style(waits=True)

    def _learn_style(self, *, waits: bool) -> None:
        self.opponent_waits, self.style_known = waits, True

    def rank_actions(self, view: PlayerView) -> list[tuple[Action, float]]:
        """The legal actions, best first, each with its score (deadwood points, see
        :class:`Assessment`)."""
        return [(a.action, a.score) for a in self.assess(view)]

    def assess(self, view: PlayerView) -> list[Assessment]:
        """Every legal action with the features behind its score, best first."""
        if not view.legal_actions:
            return []
        think = self.tuning.think_ms
        deadline = Deadline(think / 1000, self.clock) if think > 0 else NO_DEADLINE
        # the reader may use half the time; one cut short is left out of this decision
        reader_deadline = deadline.share(0.5)
        quick, share = self.opponent_guess()
        reader = self._reader(view, reader_deadline, quick=quick)
        waiter_reader = self._waiter_reader(view, reader_deadline) if quick and share else None
        tuning = self.tuning
        if deadline.passed():  # nothing evaluated yet: the lookahead alone, no search
            tuning, reader, waiter_reader = replace(tuning, rollouts=0), None, None
        decision = _Decision(view, tuning, self.rng, quick_opponent=quick, waiter_share=share,
                             late_knock_stock=self.late_knock_stock, reader=reader,
                             waiter_reader=waiter_reader, deadline=deadline)
        ranked = decision.assess()
        ranked.sort(key=lambda a: -a.score)
        self.decisions += 1
        if deadline.fired or reader_deadline.fired:
            self.deadline_hits += 1
        return ranked

    def _reader(self, view: PlayerView, deadline: Deadline, *, quick: bool) -> HandReader | None:
        """The reader of the opponent's hand, brought up to date (none when reading is off,
        before the opponent has drawn, or when the deadline stopped it short of the view)."""
        tuning = self.tuning
        if not tuning.reading or view.rules.players != 2 or opponent_draws(view) == 0:
            return None
        reader = self.reader
        if reader is None or not reader.follows(view):
            reader = self.reader = HandReader(view, self.rng, count=tuning.reading,
                                              quick=quick,
                                              moves=tuning.reading_moves)
        return reader if reader.update(view, deadline) else None

    def _waiter_reader(self, view: PlayerView, deadline: Deadline) -> HandReader | None:
        """The reader for the deals drawn as against a waiter (:attr:`Tuning.waiter_reading`):
        it lets the opponent hold a knock, and its guesses follow the take rules in the shares
        the hands read so far left (averaged: one hand's read is too noisy to follow alone)."""
        tuning = self.tuning
        if (not tuning.waiter_reading or not tuning.reading or view.rules.players != 2
                or opponent_draws(view) == 0):
            return None
        reader = self.waiter_reader
        if reader is None or not reader.follows(view):
            if reader is not None:
                shares = reader.rule_shares()
                self.take_rules = tuple(map(sum, zip(self.take_rules, shares, strict=True)))
            reader = self.waiter_reader = HandReader(view, self.rng, count=tuning.reading,
                                                     quick=False, moves=tuning.reading_moves,
                                                     rules=self.take_rules)
        return reader if reader.update(view, deadline) else None

    def opponent_guess(self) -> tuple[bool, float]:
        """How decisions take the opponent: whether as a quick knocker, and the share of the
        deals hedged as against one that waits for gin. The hedge stops once the opponent has
        knocked early; against one that has shown it waits it goes on unless ``learn_waits``
        (:attr:`Tuning.learn_waits`), and ``waiter_prior`` takes every opponent for a waiter
        until it knocks early. Before its style shows, the share is a part of it
        (:attr:`Tuning.hedge_before_shown`) lowered by the hands it showed
        (:attr:`Tuning.above_limit_odds`)."""
        if self.style_known and not self.opponent_waits:
            return True, 0.0
        if self.opponent_waits and (self.tuning.learn_waits or not self.style_known):
            return False, 0.0
        share = self.tuning.waiter_share
        if self.style_known:  # it has shown that it waits
            return True, share
        share *= self.tuning.hedge_before_shown
        if self.waiter_likelihood == 1:
            return True, share
        waits = share * self.waiter_likelihood
        return True, waits / (waits + 1 - share) if waits else 0.0

    def _learn_from_score(self, view: PlayerView) -> None:
        """What the last hand's points tell of how the opponent ended it
        (:meth:`HandMemory.ending`): undercuts of our knocks always, the rest only in a host
        that did not show the hand's end (``observe`` has read it from the hand itself)."""
        memory = self.memory
        ending = memory.ending(view)
        if ending == "undercut":
            memory.undercuts += 1
            if memory.undercuts >= UNDERCUTS_TO_WAIT:
                self._learn_style(waits=True)
        elif memory.observed == memory.deal:
            return
        elif ending == "their_knock":
            # it knocked without gin right after our last discard: that late it settles
            stock = memory.stock_size - 1
            self.late_knock_stock = max(self.late_knock_stock, stock)
            if _knocked_early(memory.opponent_draws + 1, stock):
                self._learn_style(waits=False)


class _Decision:
    """The evaluation of one decision point."""

    def __init__(self, view: PlayerView, tuning: Tuning, rng: random.Random, *,
                 quick_opponent: bool = True, waiter_share: float = 0.0,
                 late_knock_stock: int = 0, reader: HandReader | None = None,
                 waiter_reader: HandReader | None = None,
                 deadline: Deadline = NO_DEADLINE) -> None:
        self.view = view
        self.deadline = deadline
        self.late_knock_stock = late_knock_stock
        self.quick_opponent = quick_opponent and bool(tuning.quick_knocker)
        # a hedge while a quick knocker is only assumed: the last deals drawn and played out
        # as against one that waits for gin
        self.waiter_deals = round(tuning.rollouts * waiter_share) if self.quick_opponent else 0
        self.tuning = tuning
        self.knowledge: CardKnowledge = track(view)
        self.reader = reader
        self.waiter_reader = waiter_reader
        self.model = OpponentModel(self.knowledge)
        self.rng = rng
        self._samples: OpponentSamples | None = None
        self._feeds: dict[Card, float] = {}
        self._rollouts: dict[Card, float | None] = {}
        self.valuer = HandValuer(self.model.stock_odds(), potential_weight=self._potential_weight())

    def _potential_weight(self) -> float:
        """How much the improvement expected from future draws counts: fully while four more
        turns are likely, less as the stock runs down or (a discard against a quick knocker)
        as its sampled hands come near a knock, since it will not wait for ours to improve."""
        view, tuning = self.view, self.tuning
        turns_left = max(0, view.stock_size - view.rules.stock_wall) / 2
        if tuning.hazard_scale and self.quick_opponent and view.phase is Phase.DISCARD and self.deals:
            hands = [deal.opponent for deal in self.deals[: tuning.samples]]
            chance = knock_chance(hands, self.knowledge.unseen, view.knock_limit)
            turns_left = min(turns_left, tuning.hazard_scale / max(MIN_KNOCK_CHANCE, chance))
        return tuning.potential_weight * min(1.0, turns_left / 4)

    @cached_property
    def deals(self) -> list[Deal]:
        """Sampled hidden cards for rollouts (none when rollouts are off); the last
        :attr:`waiter_deals` of them drawn as for an opponent that may hold a knock."""
        view = self.view
        if self.tuning.rollouts <= 0:
            return []
        quick = self.quick_opponent and opponent_draws(view) > 0
        waiting = self.waiter_deals
        hands = self._opponent_hands(self.tuning.rollouts - waiting,
                                     could_not_knock=view.knock_limit if quick else None)
        if waiting:
            hands += self._opponent_hands(waiting, could_not_knock=None, waiter=True)
        return deals_for(hands, self.knowledge.unseen, self.rng)

    @cached_property
    def tables(self) -> list[Table]:
        """The rollout table of each of :attr:`deals`."""
        waiting = self.waiter_deals
        quick = [self._table(quick=self.quick_opponent)] * (len(self.deals) - waiting)
        return quick + [self._table(quick=False)] * waiting

    def _opponent_hands(self, count: int, *, could_not_knock: int | None,
                        waiter: bool = False) -> list[Mask]:
        """``count`` plausible opponent hands: a share read from its play (as a waiter's by
        the waiter reader, when there is one), the rest drawn from the card odds of the
        opponent model, in random order."""
        reader = self.waiter_reader if waiter and self.waiter_reader else self.reader
        read = 0 if reader is None else round(count * self.tuning.reading_share)
        hands = self._read_hands(read, reader) if reader is not None and read else []
        hands += sample_hands(self.model, self.rng, count=count - read,
                              extra=self._extra_cards(), could_not_knock=could_not_knock)
        self.rng.shuffle(hands)
        return hands

    def _read_hands(self, count: int, reader: HandReader) -> list[Mask]:
        """``count`` of the reader's guesses, each a little improved (a pessimistic opponent
        measured best); for a quick knocker, one improved into a knock stays as it was read."""
        knowledge, view = self.knowledge, self.view
        extra = self.tuning.reading_extra if reader.quick else self.tuning.waiter_reading_extra
        hands = []
        for hand in reader.sample(count):
            better = improve(hand, knowledge.unseen, self.rng, extra, keep=knowledge.opp_known)
            if self.quick_opponent and reader.quick and min_deadwood(better) <= view.knock_limit:
                better = hand
            hands.append(better)
        return hands

    def _extra_cards(self) -> float:
        # Sampled hands keep the best ten of some extra cards, more as the opponent draws:
        # a pessimistic opponent (better than the standard player's real hands) measured best.
        opp_draws = opponent_draws(self.view)
        return min(self.tuning.max_extra, self.tuning.extra_per_draw * opp_draws)

    def _table(self, *, quick: bool) -> Table:
        view = self.view
        return Table(view.rules, view.knock_limit, view.multiplier,
                     own_knock=self.tuning.own_knock if quick else self.tuning.own_knock_vs_waiter,
                     their_knock=view.knock_limit if quick else 0,
                     their_late_knock=0 if quick else self.late_knock_stock,
                     stakes=self.stakes, take_to_knock=bool(self.tuning.take_to_knock))

    @cached_property
    def stakes(self) -> Stakes:
        return stakes_for(self.view)

    @property
    def samples(self) -> OpponentSamples:
        if self._samples is None:
            self._samples = OpponentSamples.of(
                self._opponent_hands(self.tuning.samples, could_not_knock=None))
        return self._samples

    def assess(self) -> list[Assessment]:
        view = self.view
        phase = view.phase
        if phase is Phase.DISCARD:
            return self._assess_discards()
        if phase is Phase.LAST_CHANCE:
            return self._assess_last_chance()
        return self._assess_draws()

    # -- drawing -----------------------------------------------------------------------------

    def _assess_draws(self) -> list[Assessment]:
        view = self.view
        top = self.knowledge.pile_top
        hand = view.hand_mask
        assessed = []
        for action in view.legal_actions:
            if action.kind in (Kind.TAKE, Kind.DRAW_PILE) and top is not None:
                value, deadwood, notes = self._pile_value(hand, top)
                score = -value - self.tuning.take_margin
                if deadwood and self.knowledge.own_retaken & BIT[top]:
                    # taken twice already: face-up cards passed round and round, which no
                    # host without a turn limit would ever end; the stock ends it
                    score -= WIN_SCORE
                assessed.append(Assessment(action, score, deadwood=deadwood, notes=notes))
            else:
                value = self._stock_value(hand)
                assessed.append(Assessment(action, -value, notes=("stock",)))
        return assessed

    def _pile_value(self, hand: Mask, top: Card) -> tuple[float, int, tuple[str, ...]]:
        grown = hand | BIT[top]
        best, best_deadwood = float("inf"), 0
        for card in from_mask(hand):
            value = self._discard_value(grown ^ BIT[card], card)
            if value < best:
                best, best_deadwood = value, min_deadwood(grown ^ BIT[card])
        if joins_meld(hand, top):
            return best, best_deadwood, ("joins_meld",)
        lowers = best_deadwood < min_deadwood(hand)
        return best, best_deadwood, ("lowers_deadwood",) if lowers else ()

    def _stock_value(self, hand: Mask) -> float:
        """Expected best value after drawing from the stock and discarding."""
        total = 0.0
        for card, chance in self.valuer.odds:
            grown = hand | BIT[card]
            options = sorted((min_deadwood(grown ^ BIT[c]), c) for c in from_mask(grown))
            best = min(
                self._discard_value(grown ^ BIT[c], c)
                for _, c in options[:DISCARDS_PER_DRAW]
            )
            total += chance * best
        return total

    def feeds(self, card: Card) -> float:
        """Expected deadwood that throwing ``card`` saves the opponent."""
        found = self._feeds.get(card)
        if found is None:
            found = self._feeds[card] = self.samples.gain_from(card)
        return found

    def _discard_value(self, kept: Mask, thrown: Card) -> float:
        return self.valuer.value(kept) + self.tuning.feed_weight * self.feeds(thrown)

    # -- discarding and ending the hand --------------------------------------------------------

    def _assess_discards(self) -> list[Assessment]:
        view = self.view
        hand = view.hand_mask
        assessed: list[Assessment] = []
        ends: list[Action] = []
        loose = view.arrangement().deadwood_cards
        for action in view.legal_actions:
            if action.kind is not Kind.DISCARD:
                ends.append(action)
                continue
            card = action.card
            assert card is not None
            kept = hand ^ BIT[card]
            deadwood, outlook = self.valuer.measure(kept)
            feeds = self.feeds(card)
            danger = self.model.danger(card)
            score = -self._discard_value(kept, card)
            assessed.append(Assessment(
                action, score, deadwood=deadwood, outlook=outlook, feeds=feeds,
                danger=danger, notes=_discard_notes(card, loose, danger),
            ))
        if self.deals and self.tuning.discard_rollouts and len(assessed) > 1:
            assessed = self._rollout_discards(assessed)
        # a knock ranks first exactly when it beats the best discard as finally scored
        best_discard = max((a.score for a in assessed), default=0.0)
        play_on = self._play_on_value(assessed) if ends else None
        assessed.extend(self._assess_end(action, best_discard, play_on) for action in ends)
        return assessed

    def _rollout_discards(self, discards: list[Assessment]) -> list[Assessment]:
        """The few best discards, each marked down by how much worse its rollouts end than the
        best one's (points, weighted): the lookahead catches what the hand value misses."""
        discards.sort(key=lambda a: -a.score)
        top = discards[: self.tuning.discard_rollouts]
        values = [self._rollout_value(a) for a in top]
        # past the deadline only the discards played out in time are compared
        done = [(a, v) for a, v in zip(top, values, strict=True) if v is not None]
        if len(done) < 2:
            return discards
        best = max(v for _, v in done)
        weight = self.tuning.rollout_weight
        rescored = [replace(a, score=a.score - weight * (best - v)) for a, v in done]
        return rescored + [a for a, v in zip(top, values, strict=True) if v is None] \
            + discards[len(top):]

    def _rollout_value(self, discard: Assessment) -> float | None:
        """Expected points of throwing this discard and playing on, over the rollout deals
        (None when the deadline came first)."""
        card = discard.action.card
        assert card is not None
        if card in self._rollouts:
            return self._rollouts[card]
        kept = self.view.hand_mask ^ BIT[card]
        deadline = self.deadline
        total = 0.0
        found: float | None = None
        for deal, table in zip(self.deals, self.tables, strict=True):
            if deadline.passed():
                break
            total += play_on(kept, card, deal, table)
        else:
            found = total / len(self.deals)
        self._rollouts[card] = found
        return found

    def _play_on_value(self, discards: list[Assessment]) -> float | None:
        """Expected points of throwing the best discard and playing on (None when rollouts are
        off or there is no discard to play on with)."""
        if not self.deals or not discards:
            return None
        return self._rollout_value(max(discards, key=lambda a: a.score))

    def _assess_end(self, action: Action, best_discard: float,
                    play_on: float | None) -> Assessment:
        view = self.view
        hand = view.hand_mask
        if action.kind is Kind.BIG_GIN:
            return Assessment(action, WIN_SCORE + 1, deadwood=0, notes=("big_gin",))
        card = action.card
        assert card is not None
        shown = hand ^ BIT[card]
        deadwood = min_deadwood(shown)
        if action.kind is Kind.GIN:
            return Assessment(action, WIN_SCORE, deadwood=0, notes=("gin",))
        # what to show: each arrangement worth showing, judged on the same deals (RULES §6.2)
        best: tuple[float, float, tuple[Mask, ...]] | None = None
        for arrangement in view.show_options(card):
            if best is not None and self.deadline.passed():
                break  # past the deadline: the best arrangement judged so far
            points, undercut = self._knock_outcome(shown, arrangement.melds,
                                                   rollouts=play_on is not None)
            if best is None or points > best[0]:
                best = (points, undercut, arrangement.melds)
        assert best is not None
        points, undercut, melds = best
        gain = points if play_on is None else points - play_on
        chosen = action if melds == view.default_show(card).melds else action.with_show(melds)
        return Assessment(
            chosen, best_discard + gain - self.tuning.knock_threshold,
            deadwood=deadwood, knock_points=points, undercut_risk=undercut,
            notes=("knock", "undercut_risk") if undercut > RISKY else ("knock",),
        )

    def _knock_outcome(self, shown: Mask, melds: tuple[Mask, ...], *,
                       rollouts: bool) -> tuple[float, float]:
        """Expected points of knocking with ``shown`` laying down ``melds``, and the chance of an
        undercut: over the rollout deals, or else over the sampled hands."""
        if not rollouts:
            return self._knock_value(shown, show=melds)
        outcomes = [knock_now(shown, deal, table, show=melds)
                    for deal, table in zip(self.deals, self.tables, strict=True)]
        return (sum(outcomes) / len(outcomes),
                sum(1 for o in outcomes if o < 0) / len(outcomes))

    def _knock_value(self, shown: Mask, *,
                     show: tuple[Mask, ...] | None = None) -> tuple[float, float]:
        view = self.view
        return knock_value(shown, self.samples, view.rules, knock_limit=view.knock_limit,
                           multiplier=view.multiplier, stakes=self.stakes, show=show)

    def _assess_last_chance(self) -> list[Assessment]:
        """§7.2: take the last discard only if the knock it allows is expected to pay."""
        view = self.view
        top = self.knowledge.pile_top
        assessed = [Assessment(action, 0.0, notes=("let_die",))
                    for action in view.legal_actions if action.kind is Kind.PASS]
        if top is None:
            return assessed
        grown = view.hand_mask | BIT[top]
        best = float("-inf")
        for card in from_mask(view.hand_mask):
            shown = grown ^ BIT[card]
            if min_deadwood(shown) <= view.knock_limit:
                points, _ = self._knock_value(shown)
                best = max(best, points)
        if view.rules.big_gin and min_deadwood(grown) == 0:
            best = WIN_SCORE
        assessed.extend(Assessment(action, best, knock_points=best, notes=("last_chance",))
                        for action in view.legal_actions if action.kind is Kind.DRAW_PILE)
        return assessed


# Undercuts of our knocks, read from the match score, before the expert takes the opponent for
# one that waits (a layoff can also undercut a quick knocker, so one is not enough).
UNDERCUTS_TO_WAIT = 2
# A knock without gin after the opponent's first three draws (which even a gin hunter like
# marjj-style knocks in) and before the stock is this low shows a quick knocker.
EARLY_DRAWS, QUICK_STOCK = 3, 15


@dataclass(slots=True)
class HandMemory:
    """What the expert saw at its last decision, to read the hand's end from the next hand's
    score: all of it in hosts that never send ``observe``, the undercuts in every host."""

    hand_number: int | None = None
    deal: tuple[int, int, Card | None] | None = None  # the hand, as :func:`_deal` tells it
    scores: tuple[int, ...] = ()
    stock_size: int = 0
    deadwood: int = 0  # our deadwood after our last action
    knocked: bool = False  # our last action ended the hand
    multiplier: int = 1
    observed: tuple[int, int, Card | None] | None = None  # the last hand ``observe`` showed
    undercuts: int = 0
    opponent_draws: int = 0  # in the hand, by our last decision
    moves: tuple[Move, ...] = ()  # the hand's history as our last decision saw it

    def after(self, view: PlayerView, action: Action) -> HandMemory:
        """The memory once ``action`` is played from ``view``."""
        if view.match is None:
            return self
        hand = view.hand_mask
        if action.kind in (Kind.DISCARD, Kind.KNOCK) and action.card is not None:
            hand ^= BIT[action.card]
        return HandMemory(view.match.hand_number, _deal(view), view.match.scores, view.stock_size,
                          min_deadwood(hand) if hand.bit_count() <= 10 else 0,
                          action.kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN),
                          view.multiplier, self.observed, self.undercuts,
                          opponent_draws(view), view.history)

    def same_hand(self, view: PlayerView) -> bool:
        """Whether ``view`` (a hand's end) goes on from the hand of our last decision (its
        match information already counts the next hand)."""
        return (self.deal is not None and self.deal[1:] == (view.dealer, view.upcard)
                and view.history[:len(self.moves)] == self.moves)

    def ending(self, view: PlayerView) -> str | None:
        """How the hand after our last decision ended, when the score says so:
        ``their_knock`` (the opponent knocked without gin) or ``undercut`` (it undercut our
        knock); None otherwise."""
        info, rules = view.match, view.rules
        if (info is None or self.hand_number is None or info.hand_number != self.hand_number + 1
                or rules.players != 2 or rules.hollywood
                or len(info.scores) != 2 or len(self.scores) != 2):
            return None
        theirs = info.scores[view.opponent] - self.scores[view.opponent]
        self.hand_number = None  # read once
        if theirs <= 0:
            return None
        if self.knocked:
            return "undercut"
        gin = (rules.gin_bonus + self.deadwood) * self.multiplier
        return "their_knock" if theirs < gin else None


def _deal(view: PlayerView) -> tuple[int, int, Card | None] | None:
    """What tells one hand from another, across matches too: number, dealer and upcard."""
    return None if view.match is None else (view.match.hand_number, view.dealer, view.upcard)


def _held_a_knock_before(view: PlayerView) -> bool:
    """Whether the hand the opponent just ended by knocking shows that it held a knock after its
    previous discard and played on. Certain only when every card its last draw may have been
    (the pile's known card, or any of its shown cards not known to be in its hand before) leaves
    such a hand: a looser test also caught quick knockers (15 of 176 knocks by ``standard``)."""
    result, opponent = view.result, view.opponent
    moves = [m for m in view.history if m.player == opponent]
    if (result is None or result.knocker != opponent or view.knock_card is None
            or len(moves) < 3 or moves[-3].action.kind is not Kind.DISCARD):
        return False
    eleven = result.hands[opponent] | BIT[view.knock_card]
    draw = moves[-2]
    if draw.card is not None:
        drawn = [draw.card]
    else:
        known = 0  # cards it took from the pile and kept
        for move in moves[:-2]:
            if move.card is not None and move.action.kind in (Kind.TAKE, Kind.DRAW_PILE):
                known |= BIT[move.card]
            elif move.action.card is not None and move.action.kind is Kind.DISCARD:
                known &= ~BIT[move.action.card]
        drawn = from_mask(eleven & ~known)
    return all(min_deadwood(eleven ^ BIT[card]) <= view.knock_limit for card in drawn)


def _knocked_early(opponent_draws: int, stock_size: int) -> bool:
    """Whether a knock without gin came when only a quick knocker makes one."""
    return opponent_draws > EARLY_DRAWS and stock_size > QUICK_STOCK


def opponent_draws(view: PlayerView) -> int:
    return sum(1 for m in view.history if m.player == view.opponent
               and m.action.kind in (Kind.DRAW_STOCK, Kind.DRAW_PILE, Kind.TAKE))


def _discard_notes(card: Card, loose: list[Card], danger: float) -> tuple[str, ...]:
    if card not in loose:
        notes = ["breaks_meld"]
    elif VALUE_OF[card] == max(VALUE_OF[c] for c in loose):
        notes = ["highest_loose"]
    else:
        notes = ["loose"]
    if danger < SAFE:
        notes.append("safe")
    elif danger > RISKY:
        notes.append("risky")
    return tuple(notes)
