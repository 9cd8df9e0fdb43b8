"""A stacked hand where a knock has a real choice of melds to show (RULES §6.2).

You (seat 0, the non-dealer) hold 3S AD 4H 2D 5S 2C 3C AC 2S 4S; both pass the upcard, you draw
KH from the stock and may knock throwing it. The arrangements worth showing, the default first:
AC 2C 3C | 2S 3S 4S 5S (deadwood 7), 2C 2D 2S | 3S 4S 5S (9), AC 2C 3C | 3S 4S 5S (9).
"""

from __future__ import annotations

from ginrummy.core.actions import DRAW_STOCK, PASS, Action
from ginrummy.core.cards import NUM_CARDS, Card, parse_card, parse_cards
from ginrummy.core.match import Match
from ginrummy.core.rules import Rules, rules_for
from ginrummy.core.views import PlayerView
from ginrummy.store import MatchStore
from ginrummy.tui.session import GameSession, Settings

YOU = "3S AD 4H 2D 5S 2C 3C AC 2S 4S"
COMPUTER = "2H 6S 7S KC KD KS 9H 8H 7H TD"  # lays off 2H onto 2s, 6S 7S onto spades
UPCARD = "9D"  # of no use to either hand, and blocking nothing the knocker could show
DRAWN = "KH"
DEFAULT = "AC 2C 3C | 2S 3S 4S 5S"
SECOND = "2C 2D 2S | 3S 4S 5S"
THIRD = "AC 2C 3C | 3S 4S 5S"


class Passer:
    """A computer that passes the upcard and otherwise draws from the stock (never needed
    further: you knock on your first draw)."""

    name = "passer"

    def choose(self, view: PlayerView) -> Action:
        for action in (PASS, DRAW_STOCK):
            if action in view.legal_actions:
                return action
        return view.legal_actions[0]

    def observe(self, view: PlayerView) -> None:
        """Nothing to learn."""


def stacked_deck() -> list[Card]:
    """The deck dealing these hands (one card at a time, non-dealer first), then the upcard,
    then KH on top of the stock."""
    you, computer = parse_cards(YOU), parse_cards(COMPUTER)
    deck = [card for pair in zip(you, computer, strict=True) for card in pair]
    deck += [parse_card(UPCARD), parse_card(DRAWN)]
    return deck + [c for c in range(NUM_CARDS) if c not in deck]


def computer_deals(rules: Rules) -> int:
    """A seed whose draw for the deal makes the computer the first dealer."""
    return next(seed for seed in range(100) if Match.new(rules, seed=seed).first_dealer == 1)


def knock_session(store: MatchStore, *, lang: str = "en") -> GameSession:
    """A saved match whose first hand is the stacked one, against the passing computer."""
    rules = rules_for("classic", target=10)
    settings = Settings(opponent="random", lang=lang)
    session = GameSession.new(rules, settings, store=store, seed=computer_deals(rules))
    session.match.replace_deck(stacked_deck())
    session.computers[1] = Passer()
    session.save()
    return session
