"""Statistics, the list of past matches and replays, as text (for the CLI flags and screens)."""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core.errors import GinRummyError
from ginrummy.core.match import MatchFormat
from ginrummy.core.record import read_record
from ginrummy.core.state import HandState
from ginrummy.i18n import translator
from ginrummy.store import MatchStore, StoredMatch
from ginrummy.store.stats import Tally, player_stats
from ginrummy.tui.scoresheet import sheet_lines
from ginrummy.tui.seats import seat_name, table_names
from ginrummy.tui.session import (
    HUMAN,
    HUMAN_NAME,
    STORE_KIND,
    GameSession,
    final_view,
    onlooker_moves,
)
from ginrummy.tui.summary import summary_of
from ginrummy.tui.words import (
    cards_text,
    opponent_label,
    preset_label,
    result_lines,
    turn_sentences,
)


def stats_text(store: MatchStore, lang: str) -> str:
    """The person's figures by opponent; three-player and partnership matches on rows of their
    own ('random, 3 players'), their hands the ones the person played, a partnership won when
    the person's team won."""
    _ = translator(lang)
    matches = store.list(kind=STORE_KIND, limit=100_000)
    labels = {2: "{opponent}", 3: _("{opponent}, 3 players"), 4: _("{opponent}, partnership")}
    total = Tally()
    rows_by_name: dict[str, Tally] = {}
    for players, label in labels.items():
        table = player_stats([m for m in matches if len(m.names) == players],
                             player=HUMAN_NAME)
        total.add(table.total)
        for opponent, tally in table.by_opponent.items():
            rows_by_name[label.format(opponent=opponent_label(opponent, _))] = tally
    if not total.matches:
        return _("No matches played yet.")
    width = max([14, *map(len, rows_by_name)])
    header = _("{who:<14} {matches:>7} {won:>5} {hands:>6} {hwon:>5} {gins:>5} {under:>9} "
               "{avg:>8}").format(who=_("Opponent").ljust(width), matches=_("Matches"),
                                  won=_("Won"),
                                  hands=_("Hands"), hwon=_("Won"), gins=_("Gins"),
                                  under=_("Undercuts"), avg=_("Pts/hand"))
    rows = [header]
    for name, tally in [*sorted(rows_by_name.items()), (_("All"), total)]:
        rows.append(_tally_row(name.ljust(width), tally))
    return "\n".join(rows)


def _tally_row(name: str, tally: Tally) -> str:
    return (f"{name:<14} {tally.matches:>7} {tally.matches_won:>5} {tally.hands:>6} "
            f"{tally.hands_won:>5} {tally.gins:>5} {tally.undercuts:>9} "
            f"{tally.average_points:>8.1f}")


def history_rows(store: MatchStore) -> list[StoredMatch]:
    return store.list(kind=STORE_KIND, limit=200)


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One match as the history shows it, each field in the person's language."""

    id: str
    when: str
    opponent: str  # three players and partnerships: who else plays
    rules: str
    score: str  # the person's (side's) points first
    hands: str
    state: str  # unfinished, who won...


def history_row(stored: StoredMatch, lang: str) -> HistoryRow:
    _ = translator(lang)
    when = stored.updated.astimezone().strftime("%Y-%m-%d %H:%M") if stored.updated else "?"
    names = stored.names
    players = len(names)
    summary = summary_of(stored)
    if summary is None:
        state = _("damaged record")
    elif not stored.finished:
        state = _("unfinished") if summary.your_moves else _("unfinished, not started")
    elif stored.winner == HUMAN:
        state = _("your team won") if players == 4 else _("you won")
    elif players == 2:
        state = _("the computer won")
    elif players == 4:
        state = _("the other team won")
    else:
        state = _("{name} won").format(name=seat_name(stored.winner or 0, players, _))
    opponent = {3: _("{opponent}, 3 players"), 4: _("{opponent}, partnership")}.get(
        players, "{opponent}").format(opponent=opponent_label(names[1], _))
    if summary is None:
        return HistoryRow(stored.id, when, opponent, "?", "?", "?", state)
    hands = _("1 hand") if summary.hands == 1 else _("{n} hands").format(n=summary.hands)
    return HistoryRow(stored.id, when, opponent, preset_label(summary.rules, _),
                      "-".join(str(points) for points in summary.scores), hands, state)


def history_line(stored: StoredMatch, lang: str) -> str:
    """One match on a line, its id first (for --resume, --replay, --delete and export)."""
    _ = translator(lang)
    row = history_row(stored, lang)
    names = stored.names
    if len(names) == 4:
        who = _("with {partner} against {a} and {b}").format(
            partner=opponent_label(names[2], _), a=opponent_label(names[1], _),
            b=opponent_label(names[3], _))
    elif len(names) == 3:
        who = _("against {a} and {b}").format(a=opponent_label(names[1], _),
                                              b=opponent_label(names[2], _))
    else:
        who = f"{_('against')} {opponent_label(names[1], _):<10}"
    return (f"{row.id}  {row.when}  {who} {row.rules:<12} {row.score:>7}  {row.hands:<9} "
            f"{row.state}")


def history_table(rows: list[HistoryRow], lang: str) -> list[str]:
    """The history screen's lines: a header, then a row per match in aligned columns (no
    ids: the screen acts on the highlighted row)."""
    _ = translator(lang)
    table = [(_("Date"), _("Opponent"), _("Rules"), _("Score"), _("Hands"), "")]
    table += [(r.when, r.opponent, r.rules, r.score, r.hands, r.state) for r in rows]
    widths = [max(len(line[column]) for line in table) for column in range(5)]
    return ["  ".join([*(f"{text:>{width}}" if column == 3 else f"{text:<{width}}"
                         for column, (text, width) in enumerate(zip(line, widths,
                                                                    strict=False))),
                       line[5]]).rstrip()
            for line in table]


def history_text(store: MatchStore, lang: str) -> str:
    rows = history_rows(store)
    if not rows:
        return translator(lang)("No matches played yet.")
    return "\n".join(history_line(stored, lang) for stored in rows)


def saved_match(store: MatchStore, match_id: str) -> StoredMatch:
    """The saved match ``match_id``; a missing one raises with a pointer to the history."""
    stored = store.load(match_id)
    if stored is None:
        raise GinRummyError(f"no saved match with id {match_id!r} (see --history)")
    return stored


def delete_unfinished(store: MatchStore, match_id: str) -> None:
    """Delete an unfinished match; a finished one is kept (its result counts in the
    statistics), and a missing one raises."""
    if saved_match(store, match_id).finished:
        raise GinRummyError(f"match {match_id!r} is finished; only unfinished matches can be "
                            "deleted")
    store.delete(match_id)


def over_text(store: MatchStore, stored: StoredMatch, lang: str, command: str) -> str:
    """What resuming a finished match says: it is over, its score sheet, what to do next."""
    _ = translator(lang)
    lines = [_("This match is over; it cannot be resumed.")]
    session = GameSession.resume(store, stored.id, lang=lang)
    lines += ["", _("Score sheet"), *sheet_lines(session, _), ""]
    lines.append(_("Replay it: {command} play --replay {id}").format(command=command,
                                                                     id=stored.id))
    lines.append(_("Start a new match: {command} play").format(command=command))
    return "\n".join(lines)


def replay_lines(record: str, lang: str) -> list[str]:
    """Every finished hand move by move, as the person saw it (a hand they sat out as an
    onlooker), with each result.

    The hand still in play (an unfinished match) is left out: replaying it would show the
    computers' hidden cards.
    """
    _ = translator(lang)
    match: MatchFormat = read_record(record)
    rules = match.rules
    players = rules.players
    lines: list[str] = []
    for number, hand in enumerate(match.hands, start=1):
        seats = hand.seats
        names = table_names(players, seats, _)
        view = final_view(rules, hand, HUMAN)
        dealer = names[hand.dealer]
        if players == 2:
            lines.append(_("Hand {n}. Dealer: {dealer}.").format(n=number, dealer=dealer))
        elif players == 3:
            [out] = [seat for seat in range(players) if seat not in seats]
            text = (_("Hand {n}: {a} v {b}; you sit out this hand (you dealt).") if out == HUMAN
                    else _("Hand {n}: {a} v {b}; {name} dealt and sits out."))
            lines.append(text.format(n=number, a=names[0], b=names[1],
                                     name=seat_name(out, players, _)))
        else:
            text = (_("Hand {n}, deal {deal}: {a} v {b}; you deal.")
                    if seats[hand.dealer] == HUMAN else
                    _("Hand {n}, deal {deal}: {a} v {b}; {dealer} deals."))
            lines.append(text.format(n=number, deal=hand.deal, a=names[0], b=names[1],
                                     dealer=dealer))
        if HUMAN in seats:
            dealt = HandState(rules, dealer=hand.dealer, deck=hand.deck).hand(seats.index(HUMAN))
            lines.append(_("Your hand: {cards}.").format(cards=cards_text(dealt)))
        moves = onlooker_moves([final_view(rules, hand, seat) for seat in seats], seats)
        two = players == 2
        lines.extend(turn_sentences(moves, view, _, names=None if two else names))
        lines.extend(result_lines(view, _) if two else result_lines(
            view, _, names=names, human=seats.index(HUMAN) if HUMAN in seats else None))
        lines.append("")
    if not match.deal_over:
        lines.append((_("Deal {n} is still being played.") if players == 4 else
                      _("Hand {n} is still being played.")).format(n=match.deal_number))
    return lines
