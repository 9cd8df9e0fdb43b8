"""Statistics, the list of past matches and replays, as text (for the CLI flags and screens)."""

from __future__ import annotations

from ginrummy.core.errors import GinRummyError
from ginrummy.core.record import read_record
from ginrummy.core.state import HandState
from ginrummy.i18n import translator
from ginrummy.store import MatchStore, StoredMatch
from ginrummy.store.stats import Tally, player_stats
from ginrummy.tui.session import HUMAN, HUMAN_NAME, STORE_KIND
from ginrummy.tui.words import cards_text, result_lines, turn_sentences


def stats_text(store: MatchStore, lang: str) -> str:
    _ = translator(lang)
    table = player_stats(store.list(kind=STORE_KIND, limit=100_000), player=HUMAN_NAME)
    if not table.total.matches:
        return _("No matches played yet.")
    header = _("{who:<14} {matches:>7} {won:>5} {hands:>6} {hwon:>5} {gins:>5} {under:>9} "
               "{avg:>8}").format(who=_("Opponent"), matches=_("Matches"), won=_("Won"),
                                  hands=_("Hands"), hwon=_("Won"), gins=_("Gins"),
                                  under=_("Undercuts"), avg=_("Pts/hand"))
    rows = [header]
    for name, tally in [*sorted(table.by_opponent.items()), (_("All"), table.total)]:
        rows.append(_tally_row(name, tally))
    return "\n".join(rows)


def _tally_row(name: str, tally: Tally) -> str:
    return (f"{name:<14} {tally.matches:>7} {tally.matches_won:>5} {tally.hands:>6} "
            f"{tally.hands_won:>5} {tally.gins:>5} {tally.undercuts:>9} "
            f"{tally.average_points:>8.1f}")


def history_rows(store: MatchStore) -> list[StoredMatch]:
    return store.list(kind=STORE_KIND, limit=200)


def history_line(stored: StoredMatch, lang: str) -> str:
    _ = translator(lang)
    when = stored.updated.strftime("%Y-%m-%d %H:%M") if stored.updated else "?"
    if not stored.finished:
        state = _("unfinished")
    elif stored.winner == HUMAN:
        state = _("you won")
    else:
        state = _("the computer won")
    return f"{stored.id}  {when}  {_('against')} {stored.names[1]:<12} {state}"


def history_text(store: MatchStore, lang: str) -> str:
    rows = history_rows(store)
    if not rows:
        return translator(lang)("No matches played yet.")
    return "\n".join(history_line(stored, lang) for stored in rows)


def replay_lines(record: str, lang: str) -> list[str]:
    """Every finished hand move by move, as the person saw it, with each result.

    The hand still in play (an unfinished match) is left out: replaying it would show the
    computer's hidden cards.
    """
    _ = translator(lang)
    match = read_record(record)
    lines: list[str] = []
    finished = zip(match.hands, match.finished_views(HUMAN), strict=True)
    for number, (hand, view) in enumerate(finished, start=1):
        dealt = HandState(match.rules, dealer=hand.dealer, deck=hand.deck).hand(HUMAN)
        lines.append(_("Hand {n}. Dealer: {dealer}.").format(
            n=number, dealer=_("You") if hand.dealer == HUMAN else _("Computer")))
        lines.append(_("Your hand: {cards}.").format(cards=cards_text(dealt)))
        lines.extend(turn_sentences(view.history, view, _))
        lines.extend(result_lines(view, _))
        lines.append("")
    if not match.hand_over:
        lines.append(_("Hand {n} is still being played.").format(n=match.hand_number))
    return lines


def replay_text(store: MatchStore, match_id: str, lang: str) -> str:
    stored = store.load(match_id)
    if stored is None:
        raise GinRummyError(f"no saved match with id {match_id!r} (see --history)")
    return "\n".join(replay_lines(stored.record, lang))
