"""``ginrummy play``: a match against the computer in the terminal (full screen or plain)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import Rules, parse_option, preset_names, rules_for

if TYPE_CHECKING:
    from ginrummy.store import MatchStore

HELP = "play a match against the computer in the terminal (full screen, or --plain lines)"
PREFERRED_OPPONENTS = ("standard", "beginner", "random")


def default_opponent() -> str:
    """The friendliest registered opponent for someone who just typed ``ginrummy``."""
    from ginrummy.players.registry import player_names

    names = player_names()
    return next((name for name in PREFERRED_OPPONENTS if name in names), names[0])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--opponent", help="the computer player, in every seat but yours "
                        "(see --list-opponents)")
    parser.add_argument("--list-opponents", action="store_true", help="list the opponents")
    parser.add_argument("--rules",
                        help=f"rules preset: {', '.join(preset_names())} (default classic); "
                        "three-player and partnership seat computers in the other places")
    parser.add_argument("--target", type=int, help="points that win the match")
    parser.add_argument("--knock-limit", type=int, help="most deadwood you may knock with")
    parser.add_argument("--big-gin", action=argparse.BooleanOptionalAction, default=None,
                        help="allow big gin (eleven cards in melds)")
    parser.add_argument("--last-chance", action=argparse.BooleanOptionalAction, default=None,
                        help="a last chance to knock when the stock runs out")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="any other rules option, e.g. --option gin_bonus=25 (repeatable)")
    parser.add_argument("--lang", help="language: en, nb or sv (default: from the locale)")
    parser.add_argument("--seed", type=int, help="seed the deal (the same seed deals the same)")
    parser.add_argument("--four-color", action="store_true",
                        help="four-colour deck: clubs green, diamonds blue")
    parser.add_argument("--memory-aid", action="store_true", help="show the discards seen")
    parser.add_argument("--plain", action="store_true",
                        help="line mode for screen readers and scripts (also when not a terminal)")
    parser.add_argument("--resume", nargs="?", const="", metavar="ID",
                        help="resume the last unfinished match, or the match ID")
    parser.add_argument("--stats", action="store_true", help="print statistics across matches")
    parser.add_argument("--tutorial", action="store_true",
                        help="learn the game: a guided hand, step by step")
    parser.add_argument("--history", action="store_true", help="list past matches")
    parser.add_argument("--replay", metavar="ID", help="replay a saved match move by move")
    parser.add_argument("--delete", metavar="ID",
                        help="delete an unfinished match (asks first; see --history)")
    parser.add_argument("--store", metavar="URL", help="match store (default: SQLite file in "
                        "the data directory; sqlite:///PATH or postgresql://...)")


# the flags that describe a match: any of them starts it at once, without the setup screen
MATCH_FLAGS = ("opponent", "rules", "target", "knock_limit", "big_gin", "last_chance", "seed")


def describes_match(args: argparse.Namespace) -> bool:
    return bool(args.option) or any(getattr(args, name) is not None for name in MATCH_FLAGS)


def rules_from(args: argparse.Namespace) -> Rules:
    """The preset with the flags' changes (validated by the core)."""
    options: dict[str, Any] = {}
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep:
            raise GinRummyError(f"--option takes NAME=VALUE, not {text!r}")
        options[name.strip().replace("-", "_")] = parse_option(name, value)
    for name in ("target", "knock_limit", "big_gin", "last_chance"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    return rules_for(args.rules or "classic", **options)


def run(args: argparse.Namespace) -> int:
    from ginrummy.i18n import choose_language
    from ginrummy.store import open_store
    from ginrummy.tui import reports
    from ginrummy.tui.choices import load_choices
    from ginrummy.tui.session import GameSession, Settings

    lang = choose_language(args.lang)
    if args.list_opponents:
        from ginrummy.players.registry import player_names

        print("\n".join(player_names()))
        return 0
    # everything typed is checked before the store is opened: bad input changes nothing
    rules = rules_from(args)
    if args.opponent is not None:
        from ginrummy.players.registry import make_player

        make_player(args.opponent)
    settings = Settings(opponent=args.opponent or default_opponent(), lang=lang,
                        four_color=args.four_color, memory_aid=args.memory_aid)
    plain = args.plain or not sys.stdout.isatty()
    if args.tutorial:
        from ginrummy.tui.lesson import run_tutorial

        return run_tutorial(rules, lang, plain=plain)
    from ginrummy.tui.lesson import should_offer

    first_start = should_offer()  # asked before the store is opened: opening it saves a file
    store = open_store(_store_url(args))
    try:
        if args.stats:
            print(reports.stats_text(store, lang))
            return 0
        if args.history:
            print(reports.history_text(store, lang))
            return 0
        if args.replay is not None:
            return _replay(store, args.replay, lang, plain=plain)
        if args.delete is not None:
            return _delete(store, args.delete, lang)
        session = None
        if args.resume:
            stored = reports.saved_match(store, args.resume)
            if stored.finished:  # nothing to resume: say so, with the sheet and what next
                from ginrummy.cli import command_name

                print(reports.over_text(store, stored, lang, command_name()))
                return 0
        if args.resume is not None:
            overrides = {"lang": args.lang and lang, "four_color": args.four_color or None,
                         "memory_aid": args.memory_aid or None}
            session = GameSession.resume(store, args.resume or None, **overrides)
        if plain:
            from ginrummy.tui.plain import PlainGame

            if session is None:
                from ginrummy.tui.lesson import offer_line

                if first_start and sys.stdin.isatty():  # a person, not a script: how to learn
                    offer_line(lang, sys.stdout)
                session = GameSession.new(rules, settings, store=store, seed=args.seed)
            return PlainGame(session, stdin=sys.stdin, stdout=sys.stdout).run()
        try:
            from ginrummy.tui.app import GinRummyApp
        except ModuleNotFoundError as error:
            from ginrummy.commands.common import missing_extra

            raise GinRummyError(f"{missing_extra(error, 'the full-screen game')} "
                                "(or play in lines with --plain)") from None

        show_setup = session is None and not describes_match(args)
        if show_setup:  # the setup screen opens with the choices made last time
            remembered = load_choices()
            if remembered is not None:
                rules = remembered.rules
                settings = replace(remembered.settings, lang=lang if args.lang else
                                   remembered.settings.lang,
                                   four_color=args.four_color or remembered.settings.four_color,
                                   memory_aid=args.memory_aid or remembered.settings.memory_aid)
        app = GinRummyApp(store=store, session=session, rules=rules, settings=settings,
                          seed=args.seed, show_setup=show_setup)
        app.offer_tutorial = show_setup and first_start  # the very first start: the lesson
        app.run()
        return 0
    finally:
        store.close()


def _replay(store: MatchStore, match_id: str, lang: str, *, plain: bool) -> int:
    """Step through a saved match: full screen, or prompted line by line in plain mode."""
    from ginrummy.i18n import translator
    from ginrummy.tui import reports
    from ginrummy.tui.replay_steps import replay_steps

    _ = translator(lang)
    replay = replay_steps(reports.saved_match(store, match_id).record, _)
    title = _("Replay of match {id}").format(id=match_id)
    if plain:
        from ginrummy.tui.replay_prompt import run_replay

        return run_replay(replay, title, _, stdin=sys.stdin, stdout=sys.stdout)
    from ginrummy.tui.replay_screen import ReplayApp

    ReplayApp(replay, title, _).run()
    return 0


def _delete(store: MatchStore, match_id: str, lang: str) -> int:
    """Delete an unfinished match once the person says yes."""
    from ginrummy.i18n import translator
    from ginrummy.tui import reports

    _ = translator(lang)
    stored = reports.saved_match(store, match_id)
    if stored.finished:
        reports.delete_unfinished(store, match_id)  # refuses: it is finished
    row = reports.history_row(stored, lang)
    sys.stdout.write(_("Delete the unfinished match against {opponent} of {when} ({score}, "
                       "{hands})?").format(opponent=row.opponent, when=row.when,
                                           score=row.score, hands=row.hands)
                     + " " + _("[y/N]") + " ")
    sys.stdout.flush()
    answer = sys.stdin.readline().strip().casefold()
    if answer not in ("y", "yes", _("y").casefold(), _("yes").casefold()):
        print(_("Nothing was deleted."))
        return 0
    reports.delete_unfinished(store, match_id)
    print(_("Match {id} was deleted.").format(id=match_id))
    return 0


def _store_url(args: argparse.Namespace) -> str | None:
    """The store to open. Only reading (statistics, history, a replay, a resume) with no
    matches saved yet opens an empty store in memory, so a look creates no file."""
    reading = (args.stats or args.history or args.replay is not None
               or args.resume is not None or args.delete is not None)
    if args.store is None and reading:
        from ginrummy.paths import data_dir
        from ginrummy.store import SQLITE_FILE

        folder = data_dir(create=False)  # a file in its place is still an error to report
        if not folder.exists() or folder.is_dir() and not (folder / SQLITE_FILE).exists():
            return "sqlite:///:memory:"
    return args.store  # type: ignore[no-any-return]
