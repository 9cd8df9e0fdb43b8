"""``ginrummy hint --hand CARDS ...``: the coach's ranked moves for a position, with reasons.

The position is what a player sees: the hand, the face-up card, the phase, and optionally the
cards already thrown (``--seen``) and the stock's size. The unseen cards are dealt at random
(``--seed``) to the opponent and the stock (and, for a discard with no ``--pile-top``, one to the
pile); the coach only ever looks at the player's view.
"""

from __future__ import annotations

import argparse
import json
import random

from ginrummy.commands.common import bounded_int, card_list
from ginrummy.core.cards import Card, parse_cards, to_mask
from ginrummy.core.errors import CardError, GinRummyError
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import Rules, rules_for
from ginrummy.core.state import HandState, Phase
from ginrummy.players.coach import hint
from ginrummy.players.coach_text import LANGUAGES

HELP = "rank the legal moves of a position with the expert and say why (en, nb, sv)"
PHASES = {"upcard": Phase.UPCARD, "draw": Phase.DRAW, "discard": Phase.DISCARD}
ME, DEALER = 1, 0  # the player asking is the non-dealer, so the first upcard decision is theirs
HAND = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hand", required=True, nargs="+", metavar="CARDS",
                        help="your 10 cards (11 when it is time to discard)")
    face_up = parser.add_mutually_exclusive_group()
    face_up.add_argument("--upcard", metavar="CARD", help="the first upcard (first turn)")
    face_up.add_argument("--pile-top", metavar="CARD", help="the top of the discard pile")
    parser.add_argument("--phase", choices=list(PHASES),
                        help="what you are deciding (default: discard with 11 cards, upcard "
                             "with --upcard, else draw)")
    parser.add_argument("--seen", nargs="+", default=[], metavar="CARDS",
                        help="cards thrown earlier, now under the pile top")
    parser.add_argument("--stock", type=bounded_int(0, 52), metavar="N",
                        help="cards left in the stock (default: every card not seen or dealt)")
    parser.add_argument("--rules", default="classic", help="rules preset (default: classic)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the reasons")
    parser.add_argument("--seed", type=bounded_int(0), default=0, help="seed for the unseen cards")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace) -> int:
    rules = rules_for(args.rules)
    hand = list(parse_cards(" ".join(args.hand)))
    face_up_text = args.upcard if args.upcard is not None else args.pile_top
    face_up = None
    if face_up_text is not None:  # given, even blank: it must be exactly one card
        face_up_cards = parse_cards(face_up_text)
        if len(face_up_cards) != 1:
            raise CardError(f"give one face-up card, not {face_up_text!r}")
        face_up = face_up_cards[0]
    seen = list(parse_cards(" ".join(args.seen)))
    phase = _phase(args.phase, hand, upcard_given=args.upcard is not None)
    state = build_position(rules, hand, phase=phase, face_up=face_up, seen=seen,
                           stock_size=args.stock, rng=random.Random(args.seed))
    view = state.view(ME)
    hints = hint(view, lang=args.lang, seed=args.seed)
    if args.json:
        print(json.dumps({
            "phase": view.phase.value,
            "hand": card_list(view.hand),
            "deadwood": min_deadwood(view.hand_mask),
            "pile_top": None if view.pile_top is None else card_list([view.pile_top])[0],
            "stock_size": view.stock_size,
            "knock_limit": view.knock_limit,
            "hints": [h.to_dict() for h in hints],
        }, ensure_ascii=False, indent=2))
        return 0
    for rank, item in enumerate(hints, start=1):
        print(f"{rank:2}. {item.reason}  [{item.score:+.1f}]")
    return 0


def _phase(name: str | None, hand: list[Card], *, upcard_given: bool) -> Phase:
    if name is not None:
        return PHASES[name]
    if len(hand) == HAND + 1:
        return Phase.DISCARD
    return Phase.UPCARD if upcard_given else Phase.DRAW


def build_position(
    rules: Rules,
    hand: list[Card],
    *,
    phase: Phase,
    face_up: Card | None,
    seen: list[Card],
    stock_size: int | None,
    rng: random.Random,
) -> HandState:
    """A hand state where the non-dealer holds ``hand`` and decides in ``phase``.

    The face-up card tops the pile with the ``seen`` cards under it (and any cards the stock
    size leaves over, thrown but forgotten); the opponent's hand and the stock are a random
    deal of the unseen cards.
    """
    wanted = HAND + 1 if phase is Phase.DISCARD else HAND
    if len(hand) != wanted:
        raise CardError(f"in the {phase.value} phase the hand needs {wanted} cards, not "
                        f"{len(hand)}")
    if phase is not Phase.DISCARD and face_up is None:
        raise GinRummyError(f"the {phase.value} phase needs the face-up card "
                            "(--upcard or --pile-top)")
    if phase is Phase.UPCARD and seen:
        raise GinRummyError("--seen makes no sense on the first turn: nothing was thrown yet")
    known = hand + ([] if face_up is None else [face_up]) + seen
    repeated = sorted({c for c in known if known.count(c) > 1})
    if repeated:
        raise CardError(f"{' '.join(card_list(repeated))} given more than once")
    unseen = [c for c in range(52) if c not in known]
    rng.shuffle(unseen)
    opponent, stock = unseen[:HAND], unseen[HAND:]
    # The hand's first upcard: the face-up card on the first turn, else the oldest card seen.
    thrown = seen + ([] if face_up is None else [face_up])
    first_upcard = thrown[0] if thrown else stock.pop()
    if phase is Phase.UPCARD:
        deck: list[Card] = []
        for mine, theirs in zip(hand, opponent, strict=True):
            deck += [mine, theirs]  # the non-dealer is dealt first (§3.3)
        deck.append(first_upcard)
        deck += stock
        return HandState(rules, dealer=DEALER, deck=deck)
    size = len(stock) if stock_size is None else stock_size
    if not rules.stock_wall < size <= len(stock):
        raise GinRummyError(f"--stock must be between {rules.stock_wall + 1} and {len(stock)} "
                            f"here, not {size}")
    hands = [0, 0]
    hands[ME], hands[1 - ME] = to_mask(hand), to_mask(opponent)
    return HandState.restore(
        rules,
        dealer=DEALER,
        to_play=ME,
        phase=phase,
        hands=(hands[0], hands[1]),
        stock=stock[:size],
        pile=[first_upcard, *stock[size:], *thrown[1:]],  # cards beyond the stock were thrown
        upcard=first_upcard,
        passes=2,
    )
