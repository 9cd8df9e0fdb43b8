"""A match between the person at the terminal (seat 0) and a computer player, saved as it goes."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ginrummy.core.actions import Action
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.record import read_record, write_record
from ginrummy.core.rules import Rules
from ginrummy.core.state import Move
from ginrummy.core.views import PlayerView
from ginrummy.players.base import Player
from ginrummy.players.registry import make_player
from ginrummy.store import MatchStore

HUMAN = 0
COMPUTER = 1
HUMAN_NAME = "you"  # the seat name in records and statistics
STORE_KIND = "tui"


@dataclass(frozen=True, slots=True)
class Settings:
    """How the person wants to play; saved with the match so a resume looks the same."""

    opponent: str = "random"
    lang: str = "en"
    four_color: bool = False
    memory_aid: bool = False

    def to_meta(self) -> dict[str, Any]:
        return {"opponent": self.opponent, "lang": self.lang, "four_color": self.four_color,
                "memory_aid": self.memory_aid}

    @classmethod
    def from_meta(cls, meta: dict[str, Any], **overrides: Any) -> Settings:
        known = {k: meta[k] for k in ("opponent", "lang", "four_color", "memory_aid") if k in meta}
        known.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**known)


class GameSession:
    """The match, the computer opponent and the store; every action is saved at once."""

    def __init__(
        self, match: Match, settings: Settings, *, store: MatchStore, match_id: str
    ) -> None:
        self.match = match
        self.settings = settings
        self.store = store
        self.match_id = match_id
        self.opponent: Player = make_player(settings.opponent, seed=match.seed)
        for seen in match.finished_views(COMPUTER):  # a resumed match: learn what was played
            self.opponent.observe(seen)
        self._observed_hands = len(match.hands)

    @classmethod
    def new(
        cls, rules: Rules, settings: Settings, *, store: MatchStore, seed: int | None = None
    ) -> GameSession:
        make_player(settings.opponent)  # an unknown opponent fails before anything is saved
        match = Match.new(rules, seed=seed, names=(HUMAN_NAME, settings.opponent))
        session = cls(match, settings, store=store, match_id=secrets.token_hex(6))
        session.save()
        return session

    @classmethod
    def resume(
        cls, store: MatchStore, match_id: str | None = None, **overrides: Any
    ) -> GameSession:
        """The saved match ``match_id``, or the latest unfinished one; settings may be overridden."""
        if match_id is None:
            unfinished = store.list(kind=STORE_KIND, finished=False, limit=1)
            if not unfinished:
                raise GinRummyError("there is no unfinished match to resume")
            stored = unfinished[0]
        else:
            found = store.load(match_id)
            if found is None:
                raise GinRummyError(f"no saved match with id {match_id!r}")
            stored = found
        if stored.kind != STORE_KIND:
            raise GinRummyError(f"match {stored.id!r} was not played in the terminal "
                                f"(it is a {stored.kind} match)")
        match = read_record(stored.record)
        return cls(match, Settings.from_meta(stored.meta, **overrides), store=store,
                   match_id=stored.id)

    # -- what the person sees -----------------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        return self.match.view(HUMAN)

    @property
    def hand_number(self) -> int:
        """The number of the hand on the table (a finished hand stays on it until the next deal)."""
        return len(self.match.hands) if self.match.hand_over else self.match.hand_number

    @property
    def human_to_play(self) -> bool:
        return not self.match.hand_over and self.match.state.to_play == HUMAN

    # -- actions ------------------------------------------------------------------------------

    def play(self, action: Action) -> Move:
        """The person's action; an illegal one raises IllegalActionError and changes nothing."""
        if not self.human_to_play:
            raise GinRummyError("it is not your turn")
        self.match.state.verify(action)
        move = self.match.apply(action)
        self.save()
        return move

    def computer_moves(self) -> Iterator[Move]:
        """Let the computer act until it is the person's turn or the hand is over."""
        while not self.match.hand_over and self.match.state.to_play == COMPUTER:
            action = self.opponent.choose(self.match.view(COMPUTER))
            self.match.state.verify(action)  # a faulty player must not corrupt the match
            move = self.match.apply(action)
            self.save()
            yield move

    def next_hand(self) -> None:
        self._tell_opponent()
        self.match.next_hand()
        self.save()

    def _tell_opponent(self) -> None:
        if len(self.match.hands) > self._observed_hands:
            self.opponent.observe(self.match.view(COMPUTER))
            self._observed_hands = len(self.match.hands)

    def save(self) -> None:
        match = self.match
        self.store.save(
            self.match_id,
            write_record(match),
            kind=STORE_KIND,
            names=match.names,
            finished=match.is_over,
            winner=match.winner,
            meta=self.settings.to_meta(),
        )
