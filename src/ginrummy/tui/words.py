"""The game in words, in the player's language: shared by the full-screen and the plain mode."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.core.actions import Action, Kind
from ginrummy.core.cards import RANK_OF, SUIT_OF, Card, Mask, format_card, from_mask, pretty_card
from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import Match
from ginrummy.core.melds import Arrangement, best_arrangement, meld_cards, meld_kind
from ginrummy.core.refusals import CARD_PARAMS, CARDS_PARAMS, MELDS_PARAMS, REFUSALS
from ginrummy.core.rules import Rules
from ginrummy.core.state import Move, Phase
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Translator

SORT_ORDERS = ("melds", "rank", "suit")


@dataclass(frozen=True, slots=True)
class CardGroup:
    cards: tuple[Card, ...]
    is_meld: bool


def card_name(card: Card | None) -> str:
    """A card for people (``10♦``); '?' where the rules hide it."""
    return "?" if card is None else pretty_card(card)


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(pretty_card(c) for c in cards)


def arrange(mask: Mask, order: str) -> list[CardGroup]:
    """The hand for display: melds first then deadwood, or one group sorted by rank or suit."""
    cards = from_mask(mask)
    if order == "rank":
        return [CardGroup(tuple(sorted(cards, key=lambda c: (RANK_OF[c], SUIT_OF[c]))), False)]
    if order == "suit":
        return [CardGroup(tuple(cards), False)]
    arrangement = best_arrangement(mask)
    groups = [CardGroup(tuple(meld_cards(m)), True) for m in arrangement.melds]
    dead = sorted(arrangement.deadwood_cards, key=lambda c: (RANK_OF[c], SUIT_OF[c]))
    if dead:
        groups.append(CardGroup(tuple(dead), False))
    return groups


def by_rank(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (RANK_OF[c], SUIT_OF[c]))


def in_rank_order(melds: Sequence[Mask]) -> list[Mask]:
    """Melds as a person lays them out, lowest first: ``A♣ A♥ A♠`` before ``2♣ 3♣ 4♣``."""
    return sorted(melds, key=lambda m: min((RANK_OF[c], SUIT_OF[c]) for c in meld_cards(m)))


def melds_text(melds: Sequence[Mask]) -> str:
    """Melds split as the action notation splits them: ``A♣ 2♣ 3♣ | 2♠ 3♠ 4♠ 5♠``."""
    return " | ".join(cards_text(meld_cards(m)) for m in in_rank_order(melds)) or "-"


def lays_off_alone(card: Card, meld: Mask) -> bool:
    """Whether ``card`` lays off onto ``meld`` by itself: a set's fourth card, a run's next."""
    cards = meld_cards(meld)
    if meld_kind(meld) == "set":
        return RANK_OF[card] == RANK_OF[cards[0]]
    return SUIT_OF[card] == SUIT_OF[cards[0]] and RANK_OF[card] in (
        RANK_OF[cards[0]] - 1, RANK_OF[cards[-1]] + 1)


def layoff_sentence(view: PlayerView, arrangement: Arrangement, card: Card,
                    _: Translator) -> str:
    """What showing ``arrangement`` lets the computer lay off: the cards that lay off by
    themselves, named (a few at most), and whether more could follow them along a run."""
    targets = view.layoff_targets(arrangement, card=card)
    if not targets:
        return _("The computer can lay nothing off onto them.")
    alone = [c for c in targets if any(lays_off_alone(c, m) for m in arrangement.melds)]
    names = [pretty_card(c) for c in alone]  # by suit, as the hand is sorted
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" or ") + names[-1]
    if len(targets) > len(alone):
        return _("The computer could lay off {cards} (and more in a row).").format(
            cards=listed)
    return _("The computer could lay off {cards}.").format(cards=listed)


def show_choice(view: PlayerView, arrangement: Arrangement, card: Card,
                _: Translator) -> tuple[str, str]:
    """A knock's possible showing in words: its melds and deadwood, then what it lets the
    computer lay off."""
    head = _("{melds}, deadwood {points}: {cards}").format(
        melds=melds_text(arrangement.melds), points=arrangement.deadwood,
        cards=cards_text(by_rank(arrangement.deadwood_cards)))
    return head, layoff_sentence(view, arrangement, card, _)


def player_name(seat: int, view: PlayerView, _: Translator) -> str:
    return _("You") if seat == view.player else _("Computer")


def move_phrase(move: Move, _: Translator) -> str:
    """What a move did, without its subject: 'drew from the stock', 'threw 9♠'."""
    kind, card = move.action.kind, move.action.card
    if kind is Kind.TAKE:
        return _("took the upcard {card}").format(card=card_name(move.card))
    if kind is Kind.PASS:
        return _("passed")
    if kind is Kind.DRAW_STOCK:
        if move.card is None:
            return _("drew from the stock")
        return _("drew {card} from the stock").format(card=pretty_card(move.card))
    if kind is Kind.DRAW_PILE:
        return _("took {card} from the discard pile").format(card=card_name(move.card))
    if kind is Kind.DISCARD:
        return _("threw {card}").format(card=card_name(card))
    if kind is Kind.KNOCK:
        return _("knocked")
    if kind is Kind.GIN:
        return _("went gin")
    return _("declared big gin")


def turn_sentences(moves: Sequence[Move], view: PlayerView, _: Translator, *,
                   names: Sequence[str] | None = None) -> list[str]:
    """One sentence per turn: 'Computer drew from the stock and threw 9♠.'

    ``names`` name the hand's players 0 and 1 (three players, partnerships: 'Computer 2');
    by default they are 'You' and 'Computer' as seen from ``view``.
    """
    sentences: list[str] = []
    current: int | None = None
    phrases: list[str] = []
    for move in [*moves, None]:
        if move is None or move.player != current:
            if phrases and current is not None:
                joined = _(" and ").join(phrases)
                who = player_name(current, view, _) if names is None else names[current]
                sentences.append(f"{who} {joined}.")
            phrases = []
            current = None if move is None else move.player
        if move is not None:
            phrases.append(move_phrase(move, _))
    return sentences


def prompt(view: PlayerView, _: Translator) -> str:
    """What the person must decide now, in words."""
    if view.phase is Phase.OVER:
        return _("The hand is over.")
    if not view.is_my_turn:
        return _("Waiting for the computer...")
    top = pretty_card(view.pile_top) if view.pile_top is not None else ""
    if view.phase is Phase.UPCARD:
        return _("Take the upcard {card}, or pass?").format(card=top)
    if view.phase is Phase.LAST_CHANCE:
        return _("Last chance: take {card} to knock, or pass.").format(card=top)
    if view.phase is Phase.DRAW:
        if len(view.legal_actions) == 1:
            return _("Draw from the stock.")
        return _("Draw from the stock, or take {card} from the discard pile.").format(card=top)
    kinds = {a.kind for a in view.legal_actions}
    if Kind.GIN in kinds or Kind.BIG_GIN in kinds:
        return _("You can go gin! Choose a card to discard, or go gin.")
    if Kind.KNOCK in kinds:
        return _("Discard a card. You can knock.")
    return _("Discard a card.")


def result_lines(view: PlayerView, _: Translator, *, with_hands: bool = True,
                 names: Sequence[str] | None = None, human: int | None = 0) -> list[str]:
    """The hand's end: who knocked, both hands as shown, the layoffs and the points.

    ``with_hands=False`` leaves out the two hands, for screens that draw them as cards.
    ``names`` name the hand's two players where more than two play (``human``: which of them
    is the person, None when they sat the hand out); by default 'You' and 'the computer'.
    """
    result = view.result
    if result is None:
        return []
    if result.outcome == "dead":
        return [_("Dead hand: the stock ran out. Nobody scores; the same dealer deals again.")]
    assert result.knocker is not None and result.winner is not None
    if names is None:
        names = (player_name(0, view, _), player_name(1, view, _))
        headline = _two_player_headline(result.outcome, result.knocker == view.player, _)
        scores = _("You score {points}.") if result.winner == view.player else _(
            "The computer scores {points}.")
    else:
        headline = _headline(result.outcome, result.knocker, names, human, _)
        scores = _("You score {points}.") if result.winner == human else _(
            "{name} scores {points}.")
    lines = [headline]
    knocker = names[result.knocker]
    settlement = result.settlement
    if settlement is not None:
        defender = names[1 - result.knocker]
        shown = ((knocker, settlement.knocker), (defender, settlement.defender))
        for name, arrangement in shown if with_hands else ():
            melds = "  ".join(cards_text(meld_cards(m))
                              for m in in_rank_order(arrangement.melds)) or "-"
            lines.append(_("{name}: melds {melds}; deadwood {cards} ({points})").format(
                name=name, melds=melds, cards=cards_text(arrangement.deadwood_cards) or "-",
                points=arrangement.deadwood))
        if settlement.layoffs:
            laid = ", ".join(
                _("{card} onto {meld}").format(card=pretty_card(lay.card),
                                               meld=cards_text(meld_cards(lay.meld)))
                for lay in settlement.layoffs)
            lines.append(_("{name} laid off {cards}.").format(name=defender, cards=laid))
        lines.append(_("Deadwood after layoffs: {knocker} {a}, {defender} {b}.").format(
            knocker=knocker, a=settlement.knocker_deadwood, defender=defender,
            b=settlement.defender_deadwood))
    lines.append(scores.format(points=result.points, name=names[result.winner]))
    return lines


def _headline(outcome: str, knocker: int, names: Sequence[str], human: int | None,
              _: Translator) -> str:
    """Who ended the hand and how, where the other players have names ('Computer 2')."""
    if knocker == human:
        return _two_player_headline(outcome, True, _)
    return {
        "knock": _("{name} knocked."),
        "undercut": _("{name} knocked and was undercut!"),
        "gin": _("{name} went gin!"),
        "big_gin": _("{name} declared big gin!"),
    }[outcome].format(name=names[knocker])


def _two_player_headline(outcome: str, you_knocked: bool, _: Translator) -> str:
    return {
        ("knock", True): _("You knocked."),
        ("knock", False): _("The computer knocked."),
        ("undercut", True): _("You knocked and were undercut!"),
        ("undercut", False): _("The computer knocked and you undercut it!"),
        ("gin", True): _("You went gin!"),
        ("gin", False): _("The computer went gin!"),
        ("big_gin", True): _("You declared big gin!"),
        ("big_gin", False): _("The computer declared big gin!"),
    }[outcome, you_knocked]


def score_lines(match: Match, view: PlayerView, _: Translator) -> list[str]:
    """The score sheet: hand points toward the target per game column, then bonuses and totals."""
    you, them = player_name(0, view, _), player_name(1, view, _)
    lines = []
    columns = match.column_totals()
    for number, (column, totals) in enumerate(zip(match.columns, columns, strict=True), start=1):
        title = _("Game {n}").format(n=number) if len(columns) > 1 else _("Score")
        state = _("closed") if column.closed else _("open")
        lines.append(_("{title} ({state}): {you} {a} - {them} {b}; hands won {c}-{d}").format(
            title=title, state=state, you=you, them=them, a=column.scores[0],
            b=column.scores[1], c=column.hands_won[0], d=column.hands_won[1]))
        lines.append("  " + _("box bonus {a}-{b}, game bonus {c}-{d}, total {e}-{f}").format(
            a=totals.box_bonus[0], b=totals.box_bonus[1], c=totals.game_bonus[0],
            d=totals.game_bonus[1], e=totals.totals[0], f=totals.totals[1]))
    first, second = match.totals()
    lines.append(_("Match total: {you} {a} - {them} {b} (target {target})").format(
        you=you, them=them, a=first, b=second, target=match.rules.target))
    if match.is_over:
        winner = _("You won the match!") if match.winner == 0 else _("The computer won the match.")
        lines.append(winner)
    return lines


# -- names of presets, computer players and rules options --------------------------------------


def preset_label(name: str, _: Translator) -> str:
    """A rules preset as the player calls it ('klassisk', 'tre spillere'); a name the game does
    not know is shown as it is."""
    labels = {
        "classic": _("classic"),
        "modern": _("modern"),
        "norwegian": _("norwegian"),
        "oklahoma": _("oklahoma"),
        "straight": _("straight"),
        "hollywood": _("hollywood"),
        "three-player": _("three-player"),
        "partnership": _("partnership"),
        "eaai": _("eaai"),
    }
    return labels.get(name, name)


def opponent_label(name: str, _: Translator) -> str:
    """A computer player as the player calls it ('nybegynner', 'ekspert'); a name the game does
    not know (a player added later) is shown as it is."""
    labels = {
        "random": _("random"),
        "beginner": _("beginner"),
        "standard": _("standard"),
        "gin-camper": _("gin-camper"),
        "expert": _("expert"),
        "marjj-style": _("marjj-style"),
        "montecarlo": _("montecarlo"),
        "learned": _("learned"),
        "openspiel-simple": _("openspiel-simple"),
        "rlcard-novice": _("rlcard-novice"),
    }
    return labels.get(name, name)


def rules_text(rules: Rules, _: Translator) -> str:
    """The rules as the player reads them: the preset, then each option changed from it
    ('klassisk, mål 50, bankegrense 7')."""
    return ", ".join([preset_label(rules.name, _),
                      *(_option_text(name, value, _)
                        for name, value in rules.differences().items())])


def _option_text(name: str, value: object, _: Translator) -> str:
    if isinstance(value, bool):
        on_off = {
            "big_gin": (_("big gin"), _("no big gin")),
            "straight": (_("only gin ends a hand"), _("knocking allowed")),
            "oklahoma": (_("the upcard sets the knock limit"), _("a fixed knock limit")),
            "oklahoma_spade_double": (_("a spade upcard doubles"),
                                      _("a spade upcard does not double")),
            "eleven_card_deal": (_("eleven-card deal"), _("ten-card deal")),
            "last_chance": (_("last chance"), _("no last chance")),
            "hollywood": (_("three score columns"), _("one score column")),
        }.get(name)
        if on_off is not None:
            return on_off[0] if value else on_off[1]
    phrases = {
        "knock_limit": _("knock limit {value}"),
        "gin_bonus": _("gin bonus {value}"),
        "undercut_bonus": _("undercut bonus {value}"),
        "knock_bonus": _("knock bonus {value}"),
        "big_gin_bonus": _("big gin bonus {value}"),
        "box_bonus": _("box bonus {value}"),
        "game_bonus": _("game bonus {value}"),
        "shutout_bonus": _("shutout bonus {value}"),
        "target": _("target {value}"),
        "stock_wall": _("the hand is dead with {value} cards left in the stock"),
        "players": _("{value} players"),
    }
    if name in phrases:
        return phrases[name].format(value=value)
    choices = {
        ("oklahoma_ace", "one"): _("an ace upcard: knock with 1"),
        ("oklahoma_ace", "gin"): _("an ace upcard: gin only"),
        ("dealer", "winner"): _("the winner deals"),
        ("dealer", "alternate"): _("the deal alternates"),
        ("dealer", "loser"): _("the loser deals"),
    }
    return choices.get((name, str(value)), f"{name}={value}")


# -- refusals -----------------------------------------------------------------------------------


def refusal_text(error: GinRummyError, _: Translator) -> str:
    """Why a move was refused, in the player's language with cards as symbols and no rule
    number (``params["rule"]`` has it for whoever asks). An error without a known code (one
    the core does not raise for a move) is told as it is."""
    template = REFUSALS.get(error.code)
    if template is None:
        return str(error)
    values = {name: _param_text(name, value) for name, value in error.params.items()}
    try:
        return _(template).format(**values)
    except (KeyError, IndexError, ValueError):  # a param missing at a raise site: say it all
        return str(error)


def _param_text(name: str, value: object) -> str:
    if name in CARD_PARAMS and isinstance(value, int):
        return pretty_card(value)
    if name in CARDS_PARAMS and isinstance(value, Sequence):
        return cards_text(value)
    if name in MELDS_PARAMS and isinstance(value, Sequence):
        return " | ".join(cards_text(meld) for meld in value)
    return str(value)


# -- plain-mode words ---------------------------------------------------------------------------

# The action words plain mode reads in each language besides the English notation, taken from
# the rule texts and the catalogues (RULES.md vocabulary); the first of each is the one shown.
ACTION_WORDS: dict[str, dict[Kind, tuple[str, ...]]] = {
    "nb": {
        Kind.TAKE: ("ta",),
        Kind.PASS: ("stå over", "pass"),
        Kind.DRAW_STOCK: ("trekk fra bunken", "trekk", "bunken"),
        Kind.DRAW_PILE: ("ta fra kastehaugen", "kastehaugen"),
        Kind.DISCARD: ("kast",),
        Kind.KNOCK: ("bank", "banke"),
        Kind.GIN: ("gin",),
        Kind.BIG_GIN: ("stor gin",),
    },
    "sv": {
        Kind.TAKE: ("ta",),
        Kind.PASS: ("passa", "pass"),
        Kind.DRAW_STOCK: ("dra från talongen", "dra", "talongen"),
        Kind.DRAW_PILE: ("ta från slänghögen", "slänghögen"),
        Kind.DISCARD: ("släng", "kasta"),
        Kind.KNOCK: ("knacka",),
        Kind.GIN: ("gin",),
        Kind.BIG_GIN: ("stor gin",),
    },
}
SHOW_WORDS = {"nb": "vis", "sv": "visa"}
# Plain mode's commands in each language -> the English command.
COMMAND_WORDS: dict[str, dict[str, str]] = {
    "nb": {"hjelp": "help", "tips": "hint", "poeng": "score", "kastet": "seen",
           "sorter": "sort", "hvorfor": "why", "avslutt": "quit", "slutt": "quit",
           "regler": "rules"},
    "sv": {"hjälp": "help", "tips": "hint", "poäng": "score", "slängda": "seen",
           "sortera": "sort", "varför": "why", "avsluta": "quit", "sluta": "quit",
           "regler": "rules"},
}
SORT_WORDS: dict[str, dict[str, str]] = {
    "nb": {"kombinasjoner": "melds", "verdi": "rank", "farge": "suit"},
    "sv": {"kombinationer": "melds", "valör": "rank", "färg": "suit"},
}


def action_words(action: Action, lang: str) -> str:
    """An action as plain mode asks the player to type it: ``bank 7C`` in Norwegian."""
    words = ACTION_WORDS.get(lang, {}).get(action.kind, (action.kind.value,))[0]
    return words if action.card is None else f"{words} {format_card(action.card)}"


def to_notation(line: str, lang: str) -> str:
    """A typed action in ``lang``'s words as the action notation (``kast KD`` -> ``discard
    KD``); English, and anything else, is left as it is.

    >>> to_notation("Trekk fra bunken", "nb"), to_notation("knacka 7c visa AC 2C 3C", "sv")
    ('draw stock', 'knock 7c show AC 2C 3C')
    """
    table = ACTION_WORDS.get(lang)
    if not table:
        return line
    typed = line.split()
    words = [word.lower() for word in typed]
    show = SHOW_WORDS.get(lang)
    if show in words[1:]:
        at = words.index(show, 1)
        return f"{to_notation(' '.join(typed[:at]), lang)} show {' '.join(typed[at + 1:])}"
    phrases = sorted(((phrase.split(), kind) for kind, all_words in table.items()
                      for phrase in all_words), key=lambda item: -len(item[0]))
    for phrase, kind in phrases:
        if words[:len(phrase)] == phrase:
            return " ".join([kind.value, *typed[len(phrase):]])  # the cards as typed
    return line


def command_word(word: str, lang: str) -> str:
    """A plain-mode command in ``lang``'s words as the English one (``hjelp`` -> ``help``)."""
    return COMMAND_WORDS.get(lang, {}).get(word, word)


def sort_word(word: str, lang: str) -> str:
    return SORT_WORDS.get(lang, {}).get(word, word)


def sort_words(lang: str) -> list[str]:
    """The sort orders as plain mode reads them in ``lang`` (``kombinasjoner, verdi, farge``)."""
    typed = {order: word for word, order in SORT_WORDS.get(lang, {}).items()}
    return [typed.get(order, order) for order in SORT_ORDERS]
