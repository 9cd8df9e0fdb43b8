"""ExternalBot: a player that is another program speaking ``ginrummy-bot/1`` (the ``cmd:`` players).

Whatever the program does wrong — an illegal action, a line that is not a message, no answer in
time, a crash, an early exit — :meth:`ExternalBot.choose` raises :class:`BotForfeit` with the
reason, and the process is stopped; the arena records a forfeit and the next match starts a fresh
process. So does :meth:`ExternalBot.observe` for a bot that supports ``layoffs`` and answers its
layoffs request wrongly. The bot's stderr goes to a log file (``bots.log`` in the data directory),
never into the protocol; its last lines are quoted when the bot crashes.
"""

from __future__ import annotations

import collections
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from pathlib import Path
from typing import IO, NoReturn, TypeVar

from ginrummy.core.actions import Action, parse_action
from ginrummy.core.errors import GinRummyError
from ginrummy.core.views import PlayerView
from ginrummy.paths import data_dir
from ginrummy.protocol.arrange import (
    LayoffsCheck,
    defended,
    judge_layoffs,
    layoffs_request,
    show_fault,
    show_options_json,
)
from ginrummy.protocol.messages import (
    DEFAULT_DECISION_TIME,
    LAYOFFS,
    SHOW,
    VERSIONS,
    ActionReply,
    BotHello,
    BotMessage,
    Decide,
    ErrorReply,
    Hello,
    HostMessage,
    LayoffsReply,
    LayoffsRequest,
    Observe,
    Options,
    ProtocolError,
    Quit,
    decode_bot_message,
    encode,
)
from ginrummy.protocol.wire_view import wire_dict

STARTUP_TIME = 10.0  # seconds for the process to start and answer the hello
DECISION_TIME_ENV = "GINRUMMY_BOT_DECISION_TIME"
MATCH_TIME_ENV = "GINRUMMY_BOT_MATCH_TIME"
_STOP_GRACE = 1.0  # seconds a bot gets to exit after quit, then after SIGTERM
_STDERR_LINES_QUOTED = 1  # the last line of a traceback says what went wrong
Reply = TypeVar("Reply", ActionReply, LayoffsReply)


class BotForfeit(GinRummyError):
    """The bot loses the match: it broke the protocol or the rules. ``reason`` says how."""

    def __init__(self, bot: str, reason: str) -> None:
        super().__init__(f"{bot} forfeits: {reason}")
        self.bot = bot
        self.reason = reason


class ExternalBot:
    """A :class:`~ginrummy.players.base.Player` backed by a process (``shlex``-split ``command``).

    Times are in seconds (None: no limit); by default they come from $GINRUMMY_BOT_DECISION_TIME
    (else 10 s) and $GINRUMMY_BOT_MATCH_TIME (else no match limit). The process starts here, so
    its start-up is not charged to its first decision (a bot that cannot start or greet raises
    BotForfeit now); after a forfeit the next decision starts a fresh one. :meth:`close` (or
    garbage collection, or interpreter exit) stops it.
    """

    def __init__(
        self,
        command: str,
        *,
        seed: int | None = None,
        decision_time: float | None = None,
        match_time: float | None = None,
        startup_time: float = STARTUP_TIME,
        log_path: Path | None = None,
    ) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise GinRummyError(f"cannot read bot command {command!r}: {error}") from None
        if not self.argv:
            raise GinRummyError("empty bot command: write cmd:PROGRAM [ARGUMENTS]")
        self.name = f"cmd:{command}"
        self.bot_name: str | None = None  # what the bot calls itself in its hello
        self.supports: frozenset[str] = frozenset()  # the capabilities its hello lists
        self.last_layoffs: LayoffsCheck | None = None  # its last answer to a layoffs request
        self.options = Options(
            decision_time=_seconds(decision_time, DECISION_TIME_ENV, DEFAULT_DECISION_TIME),
            match_time=_seconds(match_time, MATCH_TIME_ENV, None),
            seed=seed,
        )
        self.startup_time = startup_time
        self.log_path = log_path
        self._process: _BotProcess | None = None
        self._next_id = 1
        self._match_time_used = 0.0
        self._last_decision = (0, 0)  # (hand number, history length): grows within a match
        self._running()

    # -- the Player protocol --------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        self._track_match(view)
        self._running()
        request = Decide(
            id=self._take_id(),
            view=wire_dict(view),
            legal_actions=tuple(str(a) for a in view.legal_actions),
            time_left=self._match_time_left(),
            show_options=show_options_json(view) if SHOW in self.supports else None,
        )
        reply = self._ask(request, ActionReply, "an action")
        return self._legal_action(view, request, reply.action)

    def observe(self, view: PlayerView) -> None:
        """Tell the bot the hand is over; first, when it defended a knock and supports
        ``layoffs``, ask for its answer and check it. A dead bot is noticed at its next
        request."""
        if self._process is None:
            return
        if LAYOFFS in self.supports and defended(view) is not None:
            self._ask_layoffs(view)
        self._process.send(Observe(wire_dict(view)))

    def close(self) -> None:
        """Say quit, then stop the process (and anything it started) and reap it."""
        if self._process is not None:
            self._process.stop()
            self._process = None

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests -------------------------------------------------------------------------------

    def _take_id(self) -> int:
        self._next_id += 1
        return self._next_id - 1

    def _ask(self, request: Decide | LayoffsRequest, kind: type[Reply], what: str) -> Reply:
        """Send a request that needs an answer within the time limits, and read the answer."""
        process = self._running()
        started = time.monotonic()
        reply = self._exchange(process, request, self._decision_limit())
        self._match_time_used += time.monotonic() - started
        if not isinstance(reply, kind) or reply.id != request.id:
            self._forfeit(f"expected {what} for request {request.id}, got {encode(reply)}")
        return reply

    def _legal_action(self, view: PlayerView, request: Decide, text: str) -> Action:
        """The action the bot answered, or a forfeit saying why it is not legal."""
        try:
            action = parse_action(text)
        except GinRummyError as error:
            self._forfeit(f"illegal action: {error}")
        if action.plain not in view.legal_actions:
            legal = ", ".join(request.legal_actions)
            self._forfeit(f"illegal action {text!r}: the legal actions were {legal}")
        if action.show is not None and request.show_options is None:
            self._forfeit(f"illegal action {text!r}: a knock names its melds only for a bot "
                          'that lists "show" in its hello')
        if not view.allows(action):
            self._forfeit(f"illegal action {text!r}: {show_fault(view, action)}")
        return action

    def _ask_layoffs(self, view: PlayerView) -> None:
        """The defender's melds and layoffs, checked; the engine's answer keeps the score."""
        request = layoffs_request(view, self._take_id(), self._match_time_left())
        reply = self._ask(request, LayoffsReply, "layoffs")
        try:
            check = judge_layoffs(view, reply)
        except GinRummyError as error:
            self._forfeit(f"illegal layoffs: {error}")
        self.last_layoffs = check
        if check.worse:
            self._note(f"layoffs for request {request.id} leave deadwood {check.answer.deadwood}; "
                       f"the best answer, which scores the hand, leaves {check.optimal}")

    def _note(self, text: str) -> None:
        """A line of the host's own in the bot log, beside the bot's stderr."""
        try:
            with open(self.log_path or _default_log(), "a", encoding="utf-8") as log:
                log.write(f"[{shlex.join(self.argv)} host] {text}\n")
        except OSError:
            pass  # a log that cannot be written loses a note, never the match

    # -- plumbing -------------------------------------------------------------------------------

    def _track_match(self, view: PlayerView) -> None:
        """A decision that is not later in play than the last one opens a new match: the
        match time budget starts afresh."""
        hand_number = 1 if view.match is None else view.match.hand_number
        decision = (hand_number, len(view.history))
        if decision <= self._last_decision:
            self._match_time_used = 0.0
        self._last_decision = decision

    def _match_time_left(self) -> float | None:
        if self.options.match_time is None:
            return None
        return max(0.0, self.options.match_time - self._match_time_used)

    def _decision_limit(self) -> tuple[float | None, str]:
        decision, left = self.options.decision_time, self._match_time_left()
        if left is not None and (decision is None or left < decision):
            return left, f"used up its match time of {self.options.match_time:g} s"
        if decision is None:
            return None, ""
        return decision, f"no answer within the decision time of {decision:g} s"

    def _running(self) -> _BotProcess:
        if self._process is not None:
            return self._process
        try:
            process = _BotProcess(self.argv, self.log_path)
        except OSError as error:
            raise BotForfeit(self.name, f"cannot start {self.argv[0]!r}: {error.strerror}") from None
        self._process = process
        hello = Hello(versions=VERSIONS, options=self.options)
        reply = self._exchange(
            process, hello, (self.startup_time, f"no hello within {self.startup_time:g} s")
        )
        if not isinstance(reply, BotHello):
            self._forfeit(f"expected a hello, got {encode(reply)}")
        if reply.protocol not in VERSIONS:
            self._forfeit(f"speaks {reply.protocol!r}; this host speaks {', '.join(VERSIONS)}")
        self.bot_name = reply.name
        self.supports = frozenset(reply.supports)
        return process

    def _exchange(
        self, process: _BotProcess, message: HostMessage, limit: tuple[float | None, str]
    ) -> BotMessage:
        """Send ``message`` and read the reply, or forfeit saying what went wrong."""
        seconds, too_slow = limit
        if not process.send(message):
            self._forfeit(process.exit_reason())
        try:
            line = process.read_line(seconds)
        except TimeoutError:
            self._forfeit(too_slow)
        if line is None:
            self._forfeit(process.exit_reason())
        try:
            reply = decode_bot_message(line)
        except ProtocolError as error:
            self._forfeit(f"malformed reply: {error}")
        if isinstance(reply, ErrorReply):
            self._forfeit(f"the bot reported an error: {reply.message}")
        return reply

    def _forfeit(self, reason: str) -> NoReturn:
        self.close()
        raise BotForfeit(self.name, reason)


class _BotProcess:
    """The running program: its stdin, a reader thread per output pipe, and its stopping."""

    def __init__(self, argv: list[str], log_path: Path | None) -> None:
        self.popen = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group: stopping it stops its children too
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES_QUOTED)
        assert self.popen.stdout is not None and self.popen.stderr is not None
        # the threads hold the pipes, not this object, so dropping the bot stops the process
        threading.Thread(
            target=_pump_stdout, args=(self.popen.stdout, self.lines), daemon=True
        ).start()
        label = f"[{shlex.join(argv)} pid {self.popen.pid}] "
        self._stderr_pump = threading.Thread(
            target=_pump_stderr,
            args=(self.popen.stderr, self.stderr_tail, log_path or _default_log(), label),
            daemon=True,
        )
        self._stderr_pump.start()
        # stops the process even if the bot object is dropped without close() or at exit
        self._finalizer = weakref.finalize(self, _stop, self.popen)

    def send(self, message: HostMessage) -> bool:
        """Write one line; False when the bot no longer reads."""
        assert self.popen.stdin is not None
        try:
            self.popen.stdin.write(encode(message).encode() + b"\n")
            self.popen.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            return False
        return True

    def read_line(self, seconds: float | None) -> str | None:
        """The next line of stdout; None at end of output; TimeoutError after ``seconds``."""
        try:
            return self.lines.get(timeout=seconds)
        except queue.Empty:
            raise TimeoutError from None

    def exit_reason(self) -> str:
        try:
            status = self.popen.wait(timeout=_STOP_GRACE)
        except subprocess.TimeoutExpired:
            return "closed its output but kept running"
        if status == 0:
            return "exited before the match was over"
        how = f"killed by signal {-status}" if status < 0 else f"exit status {status}"
        # the process is gone, but its last stderr lines may still be on their way to the tail
        self._stderr_pump.join(timeout=_STOP_GRACE)
        tail = " | ".join(self.stderr_tail)
        return f"crashed ({how})" + (f", last said: {tail}" if tail else "")

    def stop(self) -> None:
        self._finalizer()


_MAX_LINE = 1 << 20  # a reply is a few hundred bytes; a megabyte without a newline is garbage


def _pump_stdout(pipe: IO[bytes], lines: queue.Queue[str | None]) -> None:
    while raw := pipe.readline(_MAX_LINE + 1):
        if len(raw) > _MAX_LINE:
            # bounded memory: hand on a line that is not a message, and stop reading
            lines.put(f"<a line longer than {_MAX_LINE} bytes>")
            break
        lines.put(raw.decode("utf-8", errors="replace"))
    lines.put(None)


def _pump_stderr(pipe: IO[bytes], tail: collections.deque[str], log_path: Path, label: str) -> None:
    """Drain the bot's stderr into the log (opened at the first line, so quiet bots leave none)."""
    log: IO[str] | None = None
    for raw in pipe:
        line = raw.decode("utf-8", errors="replace").rstrip("\n")
        tail.append(line)
        if log is None:
            try:
                log = open(log_path, "a", encoding="utf-8")
            except OSError:
                continue  # no log file: still drain the pipe, so the bot never blocks on it
        log.write(label + line + "\n")
        log.flush()
    if log is not None:
        log.close()


def _stop(popen: subprocess.Popen[bytes]) -> None:
    """Ask the bot to quit, then terminate and kill its process group; always reap it."""
    if popen.poll() is None and popen.stdin is not None:
        try:
            popen.stdin.write(encode(Quit()).encode() + b"\n")
            popen.stdin.close()
        except (BrokenPipeError, ValueError, OSError):
            pass
    for sig in (None, signal.SIGTERM, signal.SIGKILL):
        if sig is not None:
            try:
                os.killpg(popen.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            popen.wait(timeout=_STOP_GRACE)
            break
        except subprocess.TimeoutExpired:
            continue
    if popen.stdin is not None and not popen.stdin.closed:
        try:
            popen.stdin.close()
        except OSError:
            pass


def _default_log() -> Path:
    return data_dir() / "bots.log"


def _seconds(value: float | None, env: str, default: float | None) -> float | None:
    """An explicit time, else the environment's, else the default; 0 or 'none' means no limit."""
    if value is not None:
        return value if value > 0 else None
    text = os.environ.get(env, "").strip().lower()
    if not text:
        return default
    if text in ("none", "0"):
        return None
    try:
        seconds = float(text)
    except ValueError:
        raise GinRummyError(f"${env} must be a number of seconds, not {text!r}") from None
    return seconds if seconds > 0 else None
