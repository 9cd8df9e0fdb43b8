"""The coach: ranks the legal moves with the expert's evaluation and says why in one line.

Interfaces call :func:`hint` with the player's view; ``ginrummy hint`` builds a view from a
position typed on the command line. Each reason is read off the numbers the expert computed for
that very move (:class:`~ginrummy.players.expert.player.Assessment`): the deadwood it leaves,
the deadwood expected after the next draw, how much better it scores than the alternative, the
chance the opponent can use a thrown card, the undercut risk of a knock. So a hint never calls the
move it recommends useless: when a face-up card neither melds nor lowers the deadwood, the hint
says what does make it worth taking (the expert's value counting the draws to come).

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
from ginrummy.core.melds import best_discards, meld_kind, min_deadwood
from ginrummy.core.state import Phase
from ginrummy.core.views import PlayerView
from ginrummy.players.coach_text import (
    ACTIONS,
    CONJUNCTIONS,
    LANGUAGES,
    MELD_KINDS,
    REASONS,
)
from ginrummy.players.expert import RISKY, SAFE, Assessment, ExpertPlayer
from ginrummy.players.tactics import MELDS_WITH

TAKES = (Kind.TAKE, Kind.DRAW_PILE)
STOCKS = (Kind.PASS, Kind.DRAW_STOCK)
UNLIKELY_UNDERCUT = 0.1  # below this share of sampled deals, the coach calls an undercut unlikely
EVEN = 0.05  # score gaps smaller than this are shown as "about the same", never as a reason

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

    The ranking is the expert's own (``ExpertPlayer(seed=seed).assess``), so the first hint is
    the move the expert would make. Empty when it is not the player's decision.
    """
    _check(lang)
    if not view.legal_actions:
        return []
    assessed = ExpertPlayer(seed=seed).assess(view)
    return [Hint(a.action, a.score, _reason(view, a, assessed, lang)) for a in assessed]


def explain(view: PlayerView, action: Action, *, lang: str = "en", seed: int = 0) -> str:
    """The one-line reason for ``action``: "discard K♦: highest loose card, and ...".

    A knock is matched by the card it throws, whatever melds it names.
    """
    _check(lang)
    assessed = ExpertPlayer(seed=seed).assess(view)
    for assessment in assessed:
        if (assessment.action.kind, assessment.action.card) == (action.kind, action.card):
            return _reason(view, assessment, assessed, lang, show=action.show)
    raise GinRummyError(f"{action} is not a legal move here")


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise GinRummyError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")


def _reason(view: PlayerView, assessment: Assessment, assessed: list[Assessment], lang: str,
            *, show: tuple[int, ...] | None = None) -> str:
    action = assessment.action
    head_key = action.kind.value
    if action.kind is Kind.PASS and view.phase is Phase.LAST_CHANCE:
        head_key = "let die"
    shown = action.card if action.card is not None else view.pile_top
    head = ACTIONS[lang][head_key].format(card="" if shown is None else pretty_card(shown))
    clauses = _clauses(view, assessment, assessed, show)
    if not clauses:
        return head
    words = CONJUNCTIONS[lang]
    text = head + ": " + _say(lang, clauses[0])
    previous = clauses[0][0]
    for clause in clauses[1:]:
        # "..., but X, but Y" reads badly: a second warning in a row joins with "and"
        conjunction = "and" if clause[0] == previous == "but" else clause[0]
        text += words[conjunction] + _say(lang, clause)
        previous = clause[0]
    return text


def _say(lang: str, clause: Clause) -> str:
    _, key, fields = clause
    fields = dict(fields)
    if "kind" in fields:
        fields["kind"] = MELD_KINDS[lang][fields["kind"]]
    for name, value in fields.items():
        if isinstance(value, float):  # points and chances read best with one decimal
            fields[name] = f"{value:.1f}" if lang == "en" else f"{value:.1f}".replace(".", ",")
    return REASONS[lang][key].format(**fields)


def _clauses(view: PlayerView, assessment: Assessment, assessed: list[Assessment],
             show: tuple[int, ...] | None) -> list[Clause]:
    action = assessment.action
    kind = action.kind
    best = assessment is assessed[0]
    if len(assessed) == 1:
        return [("and", "only_move", {})]
    if kind is Kind.BIG_GIN:
        return [("and", "big_gin", {"bonus": view.rules.big_gin_bonus})]
    if kind is Kind.GIN:
        return [("and", "gin", {"bonus": view.rules.gin_bonus})]
    if kind is Kind.KNOCK:
        return _knock_clauses(view, assessment, best, show)
    if kind is Kind.DISCARD:
        return _discard_clauses(view, assessment, assessed, best)
    if view.phase is Phase.LAST_CHANCE:
        return [("and", "last_chance" if kind is Kind.DRAW_PILE else "let_die", {})]
    return _draw_clauses(view, assessment, assessed, best)


# -- drawing: the face-up card against an unknown stock card -------------------------------------

def _draw_clauses(view: PlayerView, assessment: Assessment, assessed: list[Assessment],
                  best: bool) -> list[Clause]:
    top = view.pile_top
    take = next((a for a in assessed if a.action.kind in TAKES), None)
    stock = next((a for a in assessed if a.action.kind in STOCKS), None)
    if top is None or take is None or stock is None:
        return []
    gap = abs(take.score - stock.score)
    if assessment.action.kind in TAKES:
        clauses = [_take_effect(view.hand_mask, top)]
        if gap < EVEN:
            clauses.append(("and", "about_even", {}))
        elif best:
            # the effect above may be a cost; the value is then the real reason
            conjunction = "and" if clauses[0][1] in ("joins_meld", "deadwood_down") else "but"
            clauses.append((conjunction, "take_worth", {"gap": gap}))
        else:
            clauses.append(("but", "stock_worth", {"gap": gap}))
        return clauses
    card = pretty_card(top)
    if gap < EVEN:
        return [("and", "about_even", {})]
    if best:
        return [("and", "card_worth_less", {"card": card, "gap": gap})]
    return [("and", "gives_up", {"card": card, "gap": gap})]


def _take_effect(hand: int, top: Card) -> Clause:
    """What keeping ``top`` does to the hand now: the meld it makes, or the least deadwood left
    after throwing another card."""
    grown = hand | BIT[top]
    melds = [m for m in MELDS_WITH[top] if m & grown == m]
    before = min_deadwood(hand)
    _, after = best_discards(grown, exclude=BIT[top])
    if melds:
        meld = max(melds, key=lambda m: (m.bit_count(), m))
        others = [c for c in from_mask(meld) if c != top]
        return ("and", "joins_meld", {"kind": meld_kind(meld), "cards": pretty_cards(others)})
    if after < before:
        return ("and", "deadwood_down", {"before": before, "after": after})
    if after == before:
        return ("and", "deadwood_same", {"before": before})
    return ("and", "deadwood_up", {"before": before, "after": after})


# -- discarding ----------------------------------------------------------------------------------

def _discard_clauses(view: PlayerView, assessment: Assessment, assessed: list[Assessment],
                     best: bool) -> list[Clause]:
    card = assessment.action.card
    assert card is not None
    loose = view.arrangement().deadwood_cards
    if card not in loose:
        role: Clause = ("and", "breaks_meld", {})
    elif VALUE_OF[card] == max(VALUE_OF[c] for c in loose):
        role = ("and", "highest_loose", {})
    else:
        role = ("and", "loose", {"value": VALUE_OF[card]})
    clauses = [role, ("and", "leaves", {"deadwood": assessment.deadwood,
                                       "outlook": assessment.outlook or 0.0})]
    discards = [a for a in assessed if a.action.kind is Kind.DISCARD]
    if best:
        why = _why_not_least(assessment, discards)
        if why is not None:
            clauses.append(why)
    else:
        top, gap = discards[0], discards[0].score - assessment.score
        if top.action.card is not None:
            other = pretty_card(top.action.card)
            clauses.append(("and", "as_good", {"other": other}) if gap < EVEN
                           else ("but", "behind", {"other": other, "gap": gap}))
    safety = _safety(view, card, assessment.danger)
    if safety is not None:
        clauses.append(safety)
    if best and any(a.action.kind is Kind.KNOCK for a in assessed):
        clauses.append(("and", "play_on", {}))
    return clauses


def _why_not_least(chosen: Assessment, discards: list[Assessment]) -> Clause | None:
    """When another discard would leave less deadwood now, which of the expert's numbers made
    this one better: the outlook after the next draw, what the other would give the opponent,
    or the hand played out on sampled deals."""
    least = min(discards, key=lambda a: (a.deadwood or 0, -a.score))
    if least is chosen or (least.deadwood or 0) >= (chosen.deadwood or 0):
        return None
    other = least.action.card
    assert other is not None
    fields: dict[str, Any] = {"other": pretty_card(other), "other_deadwood": least.deadwood}
    if (chosen.outlook or 0.0) + EVEN < (least.outlook or 0.0):
        return ("and", "better_outlook", {**fields, "other_outlook": least.outlook or 0.0})
    if (chosen.feeds or 0.0) + EVEN < (least.feeds or 0.0):
        return ("and", "feeds_less", fields)
    return ("and", "played_out", fields)


def _safety(view: PlayerView, card: Card, danger: float | None) -> Clause | None:
    """The expert's chance that the opponent melds ``card`` (RULES §11), with the pile move that
    raised it when there is one."""
    if danger is None:
        return None
    percent = round(100 * danger)
    if danger < SAFE:
        return ("and", "safe", {"percent": percent})
    if danger <= RISKY:
        return None
    for other in view.opponent_took():
        if _related(card, other):
            return ("but", "opp_took", {"other": pretty_card(other), "percent": percent})
    return ("but", "risky", {"percent": percent})


def _related(card: Card, other: Card) -> bool:
    """Same rank, or the same suit within two ranks: cards that can share a meld."""
    if RANK_OF[card] == RANK_OF[other]:
        return True
    return SUIT_OF[card] == SUIT_OF[other] and abs(RANK_OF[card] - RANK_OF[other]) <= 2


# -- knocking ------------------------------------------------------------------------------------

def _knock_clauses(view: PlayerView, assessment: Assessment, best: bool,
                   show: tuple[int, ...] | None) -> list[Clause]:
    card = assessment.action.card
    assert card is not None
    deadwood = min_deadwood(view.hand_mask ^ BIT[card])
    clauses: list[Clause] = [("and", "knock", {"deadwood": deadwood, "limit": view.knock_limit})]
    clauses.append(("and", "knock_pays", {}) if best else ("but", "play_on_pays", {}))
    risk = assessment.undercut_risk
    if risk is not None:
        percent = round(100 * risk)
        if risk < UNLIKELY_UNDERCUT:
            clauses.append(("and", "knock_safe", {"percent": percent}))
        elif risk > RISKY:
            clauses.append(("but", "knock_risky", {"percent": percent}))
    melds = show if show is not None else assessment.action.show
    if melds is not None:  # the expert lays down other melds than the default (§6.2)
        default = view.default_show(card).melds
        clauses.append(("and", "show", {"melds": _melds_text(melds),
                                        "default": _melds_text(default)}))
    return clauses


def _melds_text(melds: tuple[int, ...]) -> str:
    return " | ".join(pretty_cards(from_mask(meld)) for meld in melds)
