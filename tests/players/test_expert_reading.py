"""The reader of the opponent's hand: consistent guesses, read from what the opponent did."""

from __future__ import annotations

import random
import statistics

from test_expert_player import stacked

from ginrummy.core.actions import DRAW_PILE, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import BIT, parse_card, to_mask
from ginrummy.core.match import Match
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import rules_for
from ginrummy.core.state import HandState, Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.base import play_match
from ginrummy.players.expert.reading import LOWERS, HandReader
from ginrummy.players.expert.tracking import track
from ginrummy.players.registry import make_player
from ginrummy.players.tactics import joins_meld

# Seat 1 (the opponent here) holds MINE and acts first; seat 0 holds THEIRS and reads seat 1.
OPPONENT = "JC JD 2C 3C 4C 7D 8H 9H QH KH"
READER = "TC TD JS 2H 3H 4H 5H 6S 6D 6C"


def _play(state: HandState, *moves: str) -> PlayerView:
    for move in moves:
        kind, _, card = move.partition(" ")
        action = {"pass": PASS, "stock": DRAW_STOCK, "pile": DRAW_PILE}.get(move)
        state.apply(action if action is not None else Action.discard(parse_card(card)))
    return state.view(0)


def _reader(view: PlayerView, seed: int = 1, count: int = 64) -> HandReader:
    reader = HandReader(view, random.Random(seed), count=count, quick=True)
    reader.update(view)
    return reader


def test_every_guess_fits_what_the_reader_has_seen() -> None:
    state = stacked(rules_for("eaai"), mine=OPPONENT, theirs=READER, upcard="AC",
                    stock="8C AH 2S")
    view = _play(state, "pass", "pass", "stock", "discard JC", "stock", "discard TC",
                 "pile", "discard JD", "stock")
    knowledge = track(view)
    for hand in _reader(view).sample(64):
        assert hand.bit_count() == view.opponent_hand_size
        assert hand & BIT[parse_card("TC")]  # taken from the pile and not thrown since
        assert hand & ~(knowledge.unseen | knowledge.opp_known) == 0  # nothing seen elsewhere


def test_a_taken_card_is_read_as_part_of_a_meld() -> None:
    # The opponent took TC from the pile: a greedy player takes a card that melds, so nearly
    # every guess holds a meld with it (TH TS, or 8C 9C: JC and JD were thrown, TD is ours).
    state = stacked(rules_for("eaai"), mine=OPPONENT, theirs=READER, upcard="AC",
                    stock="8C AH 2S")
    view = _play(state, "pass", "pass", "stock", "discard JC", "stock", "discard TC",
                 "pile", "discard JD", "stock")
    tc = parse_card("TC")
    hands = _reader(view).sample(64)
    melded = sum(joins_meld(hand ^ BIT[tc], tc) for hand in hands)
    assert melded >= 58, melded


def test_a_refused_card_is_read_as_not_melding() -> None:
    # Seat 1 refuses the upcard 7S, then draws and throws. A random hand would hold two of
    # 7C 7D 7H (or 6S 8S / 5S 6S / 8S 9S) a fair share of the time; the guesses, which may
    # have drawn a partner since, far less often.
    state = stacked(rules_for("eaai"), mine=OPPONENT, theirs=READER, upcard="7S",
                    stock="8C AH 2S")
    view = _play(state, "pass", "pass", "stock", "discard JC", "stock")
    seven = parse_card("7S")
    hands = _reader(view).sample(64)
    pool = track(view).unseen
    rng = random.Random(3)
    cards = [c for c in range(52) if pool & BIT[c]]
    random_hands = [to_mask(rng.sample(cards, 10)) for _ in range(400)]
    read = statistics.mean(joins_meld(h, seven) for h in hands)
    blind = statistics.mean(joins_meld(h, seven) for h in random_hands)
    assert blind > 0.15 and read < blind / 2, (read, blind)


def test_a_quick_knocker_is_read_as_unable_to_knock() -> None:
    state = stacked(rules_for("eaai"), mine=OPPONENT, theirs=READER, upcard="AC",
                    stock="8C AH 2S 5C 9D")
    view = _play(state, "pass", "pass", "stock", "discard JC", "stock", "discard TC",
                 "stock", "discard JD", "stock")
    hands = _reader(view).sample(64)
    assert sum(min_deadwood(h) <= view.knock_limit for h in hands) <= 2


def test_the_reader_follows_one_hand_and_only_that_hand() -> None:
    state = stacked(rules_for("eaai"), mine=OPPONENT, theirs=READER, upcard="AC",
                    stock="8C AH 2S")
    early = _play(state, "pass", "pass", "stock", "discard JC", "stock")
    reader = _reader(early)
    later = _play(state, "discard TC", "pile", "discard JD", "stock")
    assert reader.follows(later)
    reader.update(later)
    assert all(hand & BIT[parse_card("TC")] for hand in reader.sample(16))
    other = stacked(rules_for("eaai"), mine=READER, theirs=OPPONENT, upcard="AC")
    assert not reader.follows(_play(other, "pass"))


def test_read_hands_are_closer_to_the_truth_than_blind_guesses() -> None:
    """Over real games of the standard player, the guesses share more cards with its hidden
    hand than hands drawn at random from the unseen cards do."""
    read, blind = [], []

    class Spy:
        name = "spy"

        def __init__(self, match: Match) -> None:
            self.match = match
            self.inner = make_player("standard", seed=5)

        def choose(self, view: PlayerView) -> Action:
            knowledge = track(view)
            hidden = self.match.view(1).hand_mask & ~knowledge.opp_known
            if view.phase is Phase.DISCARD and len(view.history) >= 12 and hidden:
                guesses = _reader(view, count=32).sample(32)
                read.append(statistics.mean((g & hidden).bit_count() for g in guesses))
                blind.append(hidden.bit_count() ** 2 / knowledge.unseen.bit_count())
            return self.inner.choose(view)

        def observe(self, view: PlayerView) -> None:
            pass

    for seed in range(2):
        match = Match.new(rules_for("eaai"), seed=seed)
        play_match(match, (Spy(match), make_player("standard", seed=seed)))
    assert len(read) > 40
    assert statistics.mean(read) > statistics.mean(blind) + 0.5, (
        statistics.mean(read), statistics.mean(blind))



def _rule_shares_at_hand_ends(opponent: str, seeds: range) -> list[tuple[float, ...]]:
    """The take rules' weights of a reader mixing all three in equal shares, at the last
    decision of each hand the standard player (seat 0) plays against ``opponent``."""
    shares: list[tuple[float, ...]] = []

    class Spy:
        name = "spy"

        def __init__(self, seed: int) -> None:
            self.inner = make_player("standard", seed=seed)
            self.reader: HandReader | None = None

        def choose(self, view: PlayerView) -> Action:
            if any(move.player != view.player for move in view.history):
                if self.reader is None or not self.reader.follows(view):
                    self.observe(view)
                    self.reader = HandReader(view, random.Random(1), count=32, quick=False,
                                             rules=(1.0, 1.0, 1.0))
                self.reader.update(view)
            return self.inner.choose(view)

        def observe(self, view: PlayerView) -> None:
            if self.reader is not None:
                shares.append(self.reader.rule_shares())
                self.reader = None

    for seed in seeds:
        match = Match.new(rules_for("eaai"), seed=seed)
        play_match(match, (Spy(seed), make_player(opponent, seed=seed)))
    return shares


def test_the_guesses_come_to_follow_the_opponents_own_take_rule() -> None:
    """The camper takes a face-up card that lowers its deadwood, the standard player only one
    that melds: guesses that take as the opponent does gain the weight as its draws show it."""
    lowers = {opponent: statistics.mean(s[LOWERS] for s in
                                        _rule_shares_at_hand_ends(opponent, range(2)))
              for opponent in ("gin-camper", "standard")}
    # from a third each at the start of every hand
    assert lowers["gin-camper"] > 0.5 and lowers["standard"] < 0.25, lowers
