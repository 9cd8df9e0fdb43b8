"""``ginrummy play``: a match against the computer in the terminal (full screen or plain)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ginrummy.core.errors import GinRummyError
from ginrummy.core.rules import Rules, parse_option, preset_names, rules_for

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
    parser.add_argument("--rules", default="classic",
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
    parser.add_argument("--history", action="store_true", help="list past matches")
    parser.add_argument("--replay", metavar="ID", help="replay a saved match move by move")
    parser.add_argument("--store", metavar="URL", help="match store (default: SQLite file in "
                        "the data directory; sqlite:///PATH or postgresql://...)")


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
    return rules_for(args.rules, **options)


def run(args: argparse.Namespace) -> int:
    from ginrummy.i18n import choose_language
    from ginrummy.store import open_store
    from ginrummy.tui import reports
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
    store = open_store(_store_url(args))
    try:
        if args.stats:
            print(reports.stats_text(store, lang))
            return 0
        if args.history:
            print(reports.history_text(store, lang))
            return 0
        if args.replay is not None:
            print(reports.replay_text(store, args.replay, lang))
            return 0
        session = None
        if args.resume is not None:
            overrides = {"lang": args.lang and lang, "four_color": args.four_color or None,
                         "memory_aid": args.memory_aid or None}
            session = GameSession.resume(store, args.resume or None, **overrides)
        if plain:
            from ginrummy.tui.plain import PlainGame

            if session is None:
                session = GameSession.new(rules, settings, store=store, seed=args.seed)
            return PlainGame(session, stdin=sys.stdin, stdout=sys.stdout).run()
        try:
            from ginrummy.tui.app import GinRummyApp
        except ModuleNotFoundError as error:
            from ginrummy.commands.common import missing_extra

            raise GinRummyError(f"{missing_extra(error, 'the full-screen game')} "
                                "(or play in lines with --plain)") from None

        app = GinRummyApp(store=store, session=session, rules=rules, settings=settings,
                          seed=args.seed, show_setup=session is None)
        app.run()
        return 0
    finally:
        store.close()


def _store_url(args: argparse.Namespace) -> str | None:
    """The store to open. Only reading (statistics, history, a replay, a resume) with no
    matches saved yet opens an empty store in memory, so a look creates no file."""
    reading = args.stats or args.history or args.replay is not None or args.resume is not None
    if args.store is None and reading:
        from ginrummy.paths import data_dir
        from ginrummy.store import SQLITE_FILE

        folder = data_dir(create=False)  # a file in its place is still an error to report
        if not folder.exists() or folder.is_dir() and not (folder / SQLITE_FILE).exists():
            return "sqlite:///:memory:"
    return args.store  # type: ignore[no-any-return]
