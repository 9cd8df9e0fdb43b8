"""The ``ginrummy`` command: a thin dispatcher over one module per subcommand.

Each subcommand module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``, and imports heavy optional libraries only inside ``run``.

Every failure is one line on stderr: a usage error or a refused input exits 2, a missing
optional library names its extra, and anything unexpected exits 70 as an internal error
(``GINRUMMY_DEBUG=1`` or ``--debug`` before the subcommand shows the traceback instead).
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import shlex
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from ginrummy.core.errors import GinRummyError

INTERNAL_ERROR = 70  # EX_SOFTWARE (sysexits.h): a bug of ours, not the user's input
DEBUG_ENV = "GINRUMMY_DEBUG"

# name -> module; play is the default when no subcommand is given
COMMANDS: dict[str, str] = {
    "play": "ginrummy.tui.command",
    "melds": "ginrummy.commands.melds",
    "settle": "ginrummy.commands.settle",
    "replay": "ginrummy.commands.replay",
    "export": "ginrummy.commands.export",
    "sheet": "ginrummy.sheet.command",
    "tournament": "ginrummy.commands.tournament",
    "hint": "ginrummy.commands.hint",
    "serve": "ginrummy.web.command",
    "bot": "ginrummy.protocol.command",
    "selfplay": "ginrummy.rl.command",
    "data": "ginrummy.commands.data",
}


def command_name() -> str:
    """How to run this ``ginrummy`` again from a shell, for messages that name a command:
    ``ginrummy`` when the PATH finds the running script, else that script's full path
    (``.../.venv/bin/ginrummy``), or ``PYTHON -m ginrummy`` when no installed script runs it."""
    script = _running_script()
    if script is None:
        return f"{_quoted(sys.executable)} -m ginrummy"
    found = shutil.which("ginrummy")
    if found is not None and _same_file(found, script):
        return "ginrummy"
    return _quoted(str(script))


def _running_script() -> Path | None:
    """The ``ginrummy`` console script running this process, or under ``python -m ginrummy``
    the one installed beside this Python (a venv's ``bin/``); None if there is neither."""
    candidates = []
    if sys.argv and Path(sys.argv[0]).stem == "ginrummy":
        candidates += [Path(sys.argv[0]), Path(sys.argv[0] + ".exe")]
    beside = Path(sys.executable).parent
    candidates += [beside / "ginrummy", beside / "ginrummy.exe"]
    for candidate in candidates:
        if candidate.is_file():
            return Path(os.path.abspath(candidate))
    return None


def _same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _quoted(path: str) -> str:
    if os.name == "nt":
        return f'"{path}"' if " " in path else path
    return shlex.quote(path)


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginrummy", description="Gin Rummy: play, analyse, research.")
    parser.add_argument("--debug", action="store_true", default=False,
                        help=f"show the traceback of an internal error (also {DEBUG_ENV}=1)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name and module_name.startswith(error.name):
                continue  # that subcommand is not part of this build
            raise
        command = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(command)
        command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    debug = os.environ.get(DEBUG_ENV, "") not in ("", "0") or args_list[:1] == ["--debug"]
    try:
        return _main(args_list)
    except KeyboardInterrupt:  # Ctrl+C while starting up
        return 130
    except Exception as error:  # the last resort: a bug must not print a traceback at users
        if debug:
            raise
        where = f" {args_list[0]}" if args_list and args_list[0] in COMMANDS else ""
        sys.stderr.write(f"ginrummy{where}: internal error: {type(error).__name__}: "
                         f"{_one_line(str(error))}; please report it (run again with "
                         f"{DEBUG_ENV}=1 for the traceback)\n")
        return INTERNAL_ERROR


def _main(args_list: list[str]) -> int:
    parser = build_parser()
    if args_list[:1] == ["--debug"]:
        args_list = args_list[1:]
    if not args_list or args_list[0].startswith("-") and args_list[0] not in ("-h", "--help"):
        args_list.insert(0, "play")
    try:
        args = parser.parse_args(args_list)
    except SystemExit as done:  # --help (0) or a usage error (2), already printed
        return int(done.code or 0)
    if not hasattr(args, "_run"):
        parser.print_help()
        return 2
    _tolerate_undecodable_stdin()
    try:
        return int(args._run(args) or 0)
    except GinRummyError as error:
        sys.stderr.write(f"ginrummy {args.command}: {_one_line(str(error))}\n")
        return 2
    except ModuleNotFoundError as error:
        from ginrummy.commands.common import EXTRAS, missing_extra

        if (error.name or "").split(".")[0] not in EXTRAS:
            raise  # not an optional library: a bug, for the last-resort guard
        sys.stderr.write(f"ginrummy {args.command}: {missing_extra(error, 'this command')}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _tolerate_undecodable_stdin() -> None:
    """Bytes on stdin that are not UTF-8 become U+FFFD, so the reader of that line refuses it
    by name (``not a card: ...``) instead of the decoder raising mid-batch."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")


def _one_line(text: str) -> str:
    return " ".join(text.split()) or "no details"


if __name__ == "__main__":
    raise SystemExit(main())
