"""``ginrummy sheet``: keep score of a game played with real cards.

Every change is saved at once (SQLite in the data directory); a refused entry changes nothing.
The entry loop (``resume``) reads one hand per line, so it can be scripted by piping lines.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ginrummy.commands.common import bounded_int, replace_atomically
from ginrummy.commands.rules_options import add_rules_options, rules_changes
from ginrummy.core.cards import parse_card
from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import Rules, rules_for
from ginrummy.core.state import hand_limits
from ginrummy.sheet.model import MAX_DEADWOOD, Sheet, SheetError
from ginrummy.sheet.notation import (
    format_entry,
    parse_amount,
    parse_entry,
    read_sheet,
    write_sheet,
)
from ginrummy.sheet.report import next_hand_text, render_sheet, sheet_csv
from ginrummy.sheet.storage import SheetStore

HELP = "a score sheet for games played with real cards (new, add, show, list, resume, ...)"
SHEET_ID = bounded_int(1)  # SQLite's 64-bit row ids: a bigger number is refused, not an overflow
_SKIPPED_OPTIONS = {"players"}  # how many play comes from the preset
_LOOP_HELP = """Enter each hand on one line, for example:
  Ann knocks 8, Bob 25        (the other player's deadwood after layoffs)
  Bob gin, Ann 23
  Ann big gin, Bob 12
  Ann knocks with 7S 7H 7D 9C TC JC 3H 4H 5H 8D, Bob 2S 3S 4S QD QH QC 8C KH 5D TS
  dead
  add ', upcard 7S' under Oklahoma rules.
Other commands: an empty line (asks step by step), show, undo, help, quit."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="sheet_command", metavar="COMMAND")
    new = sub.add_parser("new", help="start a sheet")
    new.add_argument("--players", required=True, help='the names, like "Ann,Bob" (three with --rules three-player)')
    add_rules_options(new, skip=_SKIPPED_OPTIONS)
    new.add_argument("--first-dealer", help="who deals the first hand (default: the first player)")
    add = sub.add_parser("add", help="enter a hand (asks step by step when no entry is given)")
    add.add_argument("id", type=SHEET_ID)
    add.add_argument("entry", nargs="*", help="e.g. Ann knocks 8, Bob 25")
    for name, help_text in (("show", "the running score and, at the end, the result"),
                            ("resume", "enter hands one per line until the game ends"),
                            ("undo", "remove the last hand entered")):
        command = sub.add_parser(name, help=help_text)
        command.add_argument("id", type=SHEET_ID)
    sub.add_parser("list", help="the saved sheets")
    export = sub.add_parser("export", help="the sheet as CSV or as a record that re-imports")
    export.add_argument("id", type=SHEET_ID)
    export.add_argument("--format", choices=("csv", "record"), default="record")
    export.add_argument("--output", type=Path, help="write to this file instead of stdout")
    imported = sub.add_parser("import", help="save a sheet record (from export) as a new sheet")
    imported.add_argument("file", type=Path)


def _rules(args: argparse.Namespace) -> Rules:
    return rules_for(args.rules, **rules_changes(args))


def run(args: argparse.Namespace) -> int:
    store = SheetStore()
    command = args.sheet_command or "list"
    if command == "list":
        return _list(store)
    if command == "new":
        return _new(store, args)
    if command == "import":
        return _import(store, args.file)
    sheet = store.load(args.id)
    return _ON_SHEET[command](store, args, sheet)


def _new(store: SheetStore, args: argparse.Namespace) -> int:
    names = args.players.split(",")
    sheet = Sheet(_rules(args), names)
    if args.first_dealer:
        sheet = Sheet(sheet.rules, names, first_dealer=sheet.seat_of(args.first_dealer))
    sheet_id = store.create(sheet)
    print(f"sheet {sheet_id} started: {' vs '.join(sheet.column_names)}, rules "
          f"{sheet.rules}; {sheet.names[sheet.dealer]} deals first")
    first, second = (sheet.names[seat] for seat in sheet.players_of_next_hand())
    print(f"enter hands with: ginrummy sheet add {sheet_id} '{first} knocks 8, {second} 25' "
          f"(or ginrummy sheet resume {sheet_id})")
    return 0


def _import(store: SheetStore, path: Path) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise GinRummyError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise GinRummyError(f"cannot read {path}: not UTF-8 text (a sheet record from "
                            "'ginrummy sheet export' is)") from None
    print(f"imported as sheet {store.create(read_sheet(text))}")
    return 0


def _show(store: SheetStore, args: argparse.Namespace, sheet: Sheet) -> int:
    sys.stdout.write(render_sheet(sheet, title=f"Sheet {args.id}: "))
    return 0


def _add_hand(store: SheetStore, args: argparse.Namespace, sheet: Sheet) -> int:
    text = " ".join(args.entry) if args.entry else _guided_entry(sheet)
    if text is None:
        return 1
    sheet.add(parse_entry(text, sheet.names))
    store.save(args.id, sheet)
    sys.stdout.write(_after_entry(sheet))
    return 0


def _undo(store: SheetStore, args: argparse.Namespace, sheet: Sheet) -> int:
    removed = sheet.undo()
    store.save(args.id, sheet)
    print(f"removed hand {len(sheet.entries) + 1}: {format_entry(removed, sheet.names)}")
    return 0


def _export(store: SheetStore, args: argparse.Namespace, sheet: Sheet) -> int:
    text = sheet_csv(sheet) if args.format == "csv" else write_sheet(sheet)
    if not args.output:
        sys.stdout.write(text)
        return 0
    try:  # all or nothing: a failed export leaves an older file as it was
        replace_atomically(args.output, lambda temporary: Path(temporary).write_text(
            text, encoding="utf-8"))
    except OSError as error:
        raise GinRummyError(f"cannot write {args.output}: {error.strerror or error}") from None
    return 0


def _list(store: SheetStore) -> int:
    lines: list[tuple[int, str]] = [  # a damaged record is listed, never hides the others
        (sheet_id, f"{sheet_id:>4}  (cannot be read: {why})") for sheet_id, why in store.damaged()]
    for item in store.all():
        sheet = item.sheet
        scores = " - ".join(str(s) for s in sheet.scores)
        state = (f"over, {sheet.column_names[sheet.winner]} won" if sheet.winner is not None
                 else f"hand {len(sheet.entries) + 1}")
        lines.append((item.id, f"{item.id:>4}  {item.updated}  {' vs '.join(sheet.column_names)}  "
                      f"{sheet.rules}  {scores}  ({state})"))
    if not lines:
        print("no sheets yet; start one with: ginrummy sheet new --players 'Ann,Bob'")
    for _, line in sorted(lines):
        print(line)
    return 0


def _after_entry(sheet: Sheet) -> str:
    score = sheet.results[-1]
    if sheet.is_over:
        return render_sheet(sheet)
    said = ("dead hand: nobody scores" if score.winner is None
            else f"{score.outcome.replace('_', ' ')}: {sheet.names[score.winner]} scores "
            f"{score.points}")
    scores = ", ".join(f"{n} {s}" for n, s in zip(sheet.column_names, sheet.scores,
                                                   strict=True))
    return f"{said}. Score: {scores}. {next_hand_text(sheet)}\n"


def _ask(prompt: str) -> str | None:
    """One line from stdin after ``prompt``; None at the end of input."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    return None if not line else line.strip()


def _ask_until(prompt: str, check: Callable[[str], str]) -> str | None:
    """Ask ``prompt`` until ``check`` accepts the answer (it returns the answer as the notation
    writes it, or raises saying why not: the reason is shown and the question asked again).
    None at the end of input."""
    while True:
        answer = _ask(prompt)
        if answer is None:
            return None
        try:
            return check(answer)
        except GinRummyError as error:
            print(f"not accepted: {error}")


def _guided_entry(sheet: Sheet) -> str | None:
    """Ask for a hand step by step, checking each answer as it is given, and return it in the
    one-line notation (None at the end of input)."""
    names, rules = sheet.names, sheet.rules
    playing = [names[seat] for table in sheet.tables_of_next_hand() for seat in sorted(table)]

    def check_who(answer: str) -> str:
        if answer.lower() in ("dead", "dead hand"):
            return "dead"
        sheet.opponent_of(sheet.seat_of(answer))  # a name, and one that plays this hand
        return answer

    who = _ask_until(f"Who knocked or went gin ({', '.join(playing)}, or dead)? ", check_who)
    if who is None:
        return None
    if who == "dead":
        text = "dead"
    else:
        ender = sheet.seat_of(who)
        opponent = sheet.opponent_of(ender)
        how = _ask_until("knock, gin or big gin? ", lambda answer: _check_how(answer, rules))
        if how is None:
            return None
        own: str | None = ""
        if how == "knocks":
            own = _ask_until(f"{names[ender]}'s deadwood (or ten cards)? ",
                             lambda answer: _check_knocker(answer, names[ender], rules))
        if own is None:
            return None
        by_cards = bool(own) and not own.isdigit()
        other = _ask_until(f"{names[opponent]}'s deadwood after layoffs (or ten cards)? ",
                           lambda answer: _check_other(answer, names[opponent],
                                                       by_cards=by_cards))
        if other is None:
            return None
        own_text = f" with {own}" if by_cards else f" {own}"
        text = f"{names[ender]} {how}{own_text.rstrip()}, {names[opponent]} {other}"
    if rules.oklahoma:
        upcard = _ask_until("the first upcard? ", _check_upcard)
        if upcard is None:
            return None
        text += f", upcard {upcard}"
    return text


def _check_how(answer: str, rules: Rules) -> str:
    word = " ".join(answer.lower().replace("-", " ").split())
    if word.startswith("k"):
        if rules.straight:
            raise SheetError("straight gin has no knocking: only gin ends a hand")
        return "knocks"
    if word == "gin":
        return "gin"
    if word in ("big gin", "biggin", "big"):
        if not rules.big_gin:
            raise SheetError(f"big gin is not played under the {rules.name} rules")
        return "big gin"
    raise SheetError(f"answer knock, gin or big gin, not {answer!r}")


def _check_knocker(answer: str, who: str, rules: Rules) -> str:
    count, cards = parse_amount(answer, who)
    if cards:
        if len(cards) != 10:
            raise SheetError(f"{who}: give ten cards, not {len(cards)}")
        return answer
    if count is None:
        raise SheetError(f"give {who}'s deadwood, or the ten cards")
    limit, _ = hand_limits(rules, None)  # Oklahoma's upcard may lower it: checked at the end
    if count == 0:
        raise SheetError("a knock with no deadwood is gin; answer gin to the question before")
    if not 0 < count <= limit:
        raise SheetError(f"the knocker's deadwood must be between 1 and {limit}, not {count}")
    return str(count)


def _check_upcard(answer: str) -> str:
    parse_card(answer)  # raises naming the bad card
    return answer


def _check_other(answer: str, who: str, *, by_cards: bool) -> str:
    count, cards = parse_amount(answer, who)
    if by_cards:
        if len(cards) != 10:
            raise SheetError(f"{who}: the knocker's hand was given as cards, so give {who}'s "
                             f"ten cards")
        return answer
    if count is None:
        raise SheetError(f"give {who}'s deadwood after layoffs (a number)")
    if not 0 <= count <= MAX_DEADWOOD:
        raise SheetError(f"deadwood must be between 0 and {MAX_DEADWOOD}, not {count}")
    return str(count)


def _resume(store: SheetStore, args: argparse.Namespace, sheet: Sheet) -> int:
    """Read hands (and undo, show, help, quit) one per line until the game ends."""
    sheet_id, title = args.id, f"Sheet {args.id}: "
    sys.stdout.write(render_sheet(sheet, title=title))
    print(_LOOP_HELP)
    while not sheet.is_over:
        line = _ask(f"deal {sheet.deal_number}> " if sheet.partnership else
                    f"hand {len(sheet.entries) + 1}, {sheet.names[sheet.dealer]} deals> ")
        if line is None:
            print()  # end the prompt's line
            return 0
        if line.lower() in ("quit", "exit", "q"):
            return 0
        try:
            if line.lower() == "help":
                print(_LOOP_HELP)
                continue
            if line.lower() == "show":
                sys.stdout.write(render_sheet(sheet, title=title))
                continue
            if line.lower() == "undo":
                sheet.undo()
                store.save(sheet_id, sheet)
                print(f"undone. {len(sheet.entries)} hands remain.")
                continue
            text = line or _guided_entry(sheet)
            if text is None:
                return 0
            sheet.add(parse_entry(text, sheet.names))
        except GinRummyError as error:
            print(f"not entered: {error}")
            continue
        store.save(sheet_id, sheet)
        sys.stdout.write(_after_entry(sheet))
    return 0


_ON_SHEET = {"show": _show, "add": _add_hand, "undo": _undo, "export": _export,
             "resume": _resume}
