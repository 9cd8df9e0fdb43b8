"""The coach: ranks the legal moves with the expert's evaluation and says why in one line.

Interfaces call :func:`hint` with the player's view; ``ginrummy hint`` builds a view from a
position typed on the command line. The reasons come from what the player can see: the hand's
melds and deadwood, and what the opponent took from and threw on the discard pile.

>>> from ginrummy.core.rules import rules_for
>>> from ginrummy.core.state import HandState
>>> view = HandState.deal(rules_for("classic"), dealer=0, seed=7).view(1)
>>> hints = hint(view, lang="en")
>>> sorted(str(h.action) for h in hints)
['pass', 'take']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import (
    BIT,
    RANK_OF,
    SUIT_OF,
    VALUE_OF,
    Card,
    from_mask,
    pretty_card,
    pretty_cards,
)
from ginrummy.core.errors import GinRummyError
from ginrummy.core.melds import best_arrangement, best_discards, meld_kind, min_deadwood
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.coach_text import (
    ACTIONS,
    CONJUNCTIONS,
    LANGUAGES,
    MELD_KINDS,
    REASONS,
    SUIT_NAMES,
)
from ginrummy.players.expert import ExpertPlayer
from ginrummy.players.tactics import MELDS_WITH, improves_hand, joins_meld

SAFE_KNOCK = 3  # deadwood at or below which an undercut is unlikely (RULES §11: "2-3 is far safer")
RISKY_KNOCK = 7  # deadwood from which the coach warns of an undercut

Clause = tuple[str, str, dict[str, Any]]  # (conjunction, reason key, template fields)


@dataclass(frozen=True, slots=True)
class Hint:
    """One legal move, the expert's score for it (higher is better) and a one-line reason."""

    action: Action
    score: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"action": str(self.action), "score": round(self.score, 3), "reason": self.reason}


def hint(view: PlayerView, *, lang: str = "en", seed: int = 0) -> list[Hint]:
    """Every legal move of ``view``, best first, each with its reason in ``lang`` (en, nb, sv).

    The ranking is the expert's own (``ExpertPlayer(seed=seed).rank_actions``), so the first
    hint is the move the expert would make. Empty when it is not the player's decision.
    """
    if lang not in LANGUAGES:
        raise GinRummyError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    if not view.legal_actions:
        return []
    ranked = ExpertPlayer(seed=seed).rank_actions(view)
    return [Hint(action, score, explain(view, action, lang=lang, best=index == 0))
            for index, (action, score) in enumerate(ranked)]


def explain(view: PlayerView, action: Action, *, lang: str = "en", best: bool = True) -> str:
    """The one-line reason for ``action``: "discard K♦: highest loose card, and ...".

    ``best`` says whether the action is the recommended one, which changes how a refusal of a
    useful face-up card is worded.
    """
    head_key = action.kind.value
    if action.kind is Kind.PASS and view.phase is Phase.LAST_CHANCE:
        head_key = "let die"
    shown = action.card if action.card is not None else view.pile_top
    head = ACTIONS[lang][head_key].format(card=_pretty(shown))
    clauses = _clauses(view, action, best)
    if not clauses:
        return head
    words = CONJUNCTIONS[lang]
    text = head + ": " + _say(lang, clauses[0])
    for clause in clauses[1:]:
        text += words[clause[0]] + _say(lang, clause)
    return text


def _say(lang: str, clause: Clause) -> str:
    _, key, fields = clause
    fields = dict(fields)
    if "suit" in fields:
        fields["suit"] = SUIT_NAMES[lang][fields["suit"]]
    if "kind" in fields:
        fields["kind"] = MELD_KINDS[lang][fields["kind"]]
    return REASONS[lang][key].format(**fields)


def _clauses(view: PlayerView, action: Action, best: bool) -> list[Clause]:
    kind = action.kind
    if kind is Kind.BIG_GIN:
        return [("and", "big_gin", {"bonus": view.rules.big_gin_bonus})]
    if kind is Kind.GIN:
        return [("and", "gin", {"bonus": view.rules.gin_bonus})]
    if kind is Kind.KNOCK and action.card is not None:
        return _knock_clauses(view, action)
    if kind is Kind.DISCARD and action.card is not None:
        return _discard_clauses(view, action.card)
    if view.phase is Phase.LAST_CHANCE:
        return [("and", "last_chance" if kind is Kind.DRAW_PILE else "let_die", {})]
    top = view.pile_top
    if top is None:
        return []
    if kind in (Kind.TAKE, Kind.DRAW_PILE):
        return [_take_clause(view, top)]
    if not (joins_meld(view.hand_mask, top) or improves_hand(view.hand_mask, top)):
        return [("and", "no_fit", {"card": pretty_card(top)})]
    return [("and", "not_enough" if best else "gives_up", {"card": pretty_card(top)})]


def _take_clause(view: PlayerView, top: Card) -> Clause:
    hand = view.hand_mask
    grown = hand | BIT[top]
    melds = [m for m in MELDS_WITH[top] if m & grown == m]
    if melds:
        meld = max(melds, key=lambda m: (m.bit_count(), m))
        others = [c for c in range(52) if meld & BIT[c] and c != top]
        return ("and", "joins_meld", {"kind": meld_kind(meld), "cards": pretty_cards(others)})
    if improves_hand(hand, top):
        _, after = best_discards(grown, exclude=BIT[top])
        return ("and", "lowers", {"before": min_deadwood(hand), "after": after})
    return ("and", "no_help", {})


def _knock_clauses(view: PlayerView, action: Action) -> list[Clause]:
    card = action.card
    assert card is not None
    deadwood = min_deadwood(view.hand_mask ^ BIT[card])
    clauses: list[Clause] = [("and", "knock", {"deadwood": deadwood, "limit": view.knock_limit})]
    if deadwood <= SAFE_KNOCK:
        clauses.append(("and", "knock_safe", {}))
    elif deadwood >= RISKY_KNOCK:
        clauses.append(("but", "knock_risky", {}))
    if action.show is not None:  # the expert lays down other melds than the default (§6.2)
        default = view.default_show(card).melds
        clauses.append(("and", "show", {"melds": _melds_text(action.show),
                                        "default": _melds_text(default)}))
    return clauses


def _melds_text(melds: tuple[int, ...]) -> str:
    return " | ".join(pretty_cards(from_mask(meld)) for meld in melds)


def _discard_clauses(view: PlayerView, card: Card) -> list[Clause]:
    hand = view.hand_mask
    taken = view.taken
    loose = [c for c in best_arrangement(hand).deadwood_cards if c != taken]
    deadwood = min_deadwood(hand ^ BIT[card])
    if card in loose:
        if VALUE_OF[card] == max(VALUE_OF[c] for c in loose):
            first: Clause = ("and", "highest_loose", {})
        else:
            first = ("and", "loose", {"value": VALUE_OF[card]})
    else:
        exclude = 0 if taken is None else BIT[taken]
        _, least = best_discards(hand, exclude=exclude)
        first = ("and", "breaks_meld" if deadwood == least else "breaks_meld_costly",
                 {"deadwood": deadwood})
    safety = _safety_clause(view, card)
    return [first] if safety is None else [first, safety]


def _safety_clause(view: PlayerView, card: Card) -> Clause | None:
    """What the opponent's pile moves say about feeding it ``card`` (RULES §11)."""
    took = view.opponent_took()
    for other in took:
        if _related(card, other, reach=2):
            return ("but", "opp_took", {"other": pretty_card(other)})
    threw = [m.action.card for m in view.history if m.player == view.opponent
             and m.action.kind is Kind.DISCARD and m.action.card is not None]
    for other in reversed(threw):
        if _related(card, other, reach=1):
            return ("and", "opp_threw", {"other": pretty_card(other)})
    if threw and not any(SUIT_OF[other] == SUIT_OF[card] for other in took):
        return ("and", "no_interest", {"suit": SUIT_OF[card]})
    return None


def _related(card: Card, other: Card, *, reach: int) -> bool:
    """Same rank, or the same suit within ``reach`` ranks: cards that can share a meld."""
    if RANK_OF[card] == RANK_OF[other]:
        return True
    return SUIT_OF[card] == SUIT_OF[other] and abs(RANK_OF[card] - RANK_OF[other]) <= reach


def _pretty(card: Card | None) -> str:
    return "" if card is None else pretty_card(card)
