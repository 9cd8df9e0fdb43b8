"""ExternalBot: a player that is another program speaking ``ginrummy-bot/1`` (the ``cmd:`` players).

Whatever the program does wrong — an illegal action, a line that is not a message, no answer in
time, a crash, an early exit — :meth:`ExternalBot.choose` raises :class:`BotForfeit` with the
reason, and the process is stopped; the arena records a forfeit and the next match starts a fresh
process. So does :meth:`ExternalBot.observe` for a bot that supports ``layoffs`` and answers its
layoffs request wrongly. The bot's stderr goes to a log file (``bots.log`` in the data directory),
never into the protocol; its last lines are quoted when the bot crashes.

Nothing a bot sends can exhaust the host: stdout lines are read up to 1 MiB and at most a few
are queued (a bot that writes more waits on its pipe); stderr is read in chunks, each line kept
to 4 KiB and each process to 1 MiB in the log (what is dropped is counted in a note), and
``bots.log`` is rotated to ``bots.log.1`` past 8 MiB. The bot runs in a process group of its own,
and every way out (quit, a forfeit, an exception in the host, Ctrl+C, garbage collection,
interpreter exit) ends that whole group: SIGTERM, then SIGKILL after a grace period.
"""

from __future__ import annotations

import collections
import fcntl
import math
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
_QUOTE_CHARS = 300  # of that line, in a forfeit reason
LOG_LINE_BYTES = 4 << 10  # a longer stderr line is cut here; the rest is counted, not kept
LOG_BOT_BYTES = 1 << 20  # stderr logged per bot process; the rest is counted in one note
LOG_FILE_BYTES = 8 << 20  # bots.log past this size becomes bots.log.1 (replacing it)
_READ_CHUNK = 64 << 10
_QUEUED_LINES = 16  # stdout lines waiting to be read; a bot that writes more waits
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
        BotLog(self.log_path or _default_log()).write(f"[{shlex.join(self.argv)} host] {text}\n")

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
        self.lines: queue.Queue[str | None] = queue.Queue(maxsize=_QUEUED_LINES)
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES_QUOTED)
        self._stopped = threading.Event()  # tells a stdout pump blocked on a full queue to go
        assert self.popen.stdout is not None and self.popen.stderr is not None
        # the threads hold the pipes, not this object, so dropping the bot stops the process
        threading.Thread(
            target=_pump_stdout, args=(self.popen.stdout, self.lines, self._stopped), daemon=True
        ).start()
        label = f"[{shlex.join(argv)} pid {self.popen.pid}] "
        self._stderr_pump = threading.Thread(
            target=_pump_stderr,
            args=(self.popen.stderr, self.stderr_tail, BotLog(log_path or _default_log()), label),
            daemon=True,
        )
        self._stderr_pump.start()
        # stops the process even if the bot object is dropped without close() or at exit
        self._finalizer = weakref.finalize(
            self, _stop, self.popen, self._stopped, self._stderr_pump)

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
        if seconds is not None and seconds >= threading.TIMEOUT_MAX:
            seconds = None  # longer than a lock can wait (centuries): no limit
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
        tail = " | ".join(line[:_QUOTE_CHARS] for line in self.stderr_tail)
        return f"crashed ({how})" + (f", last said: {tail}" if tail else "")

    def stop(self) -> None:
        self._finalizer()


_MAX_LINE = 1 << 20  # a reply is a few hundred bytes; a megabyte without a newline is garbage


def _pump_stdout(pipe: IO[bytes], lines: queue.Queue[str | None], stopped: threading.Event) -> None:
    def put(item: str | None) -> bool:
        """Queue a line, waiting while the queue is full; False once the bot is stopped."""
        while not stopped.is_set():
            try:
                lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    while raw := pipe.readline(_MAX_LINE + 1):
        if len(raw) > _MAX_LINE:
            # bounded memory: hand on a line that is not a message, and stop reading
            put(f"<a line longer than {_MAX_LINE} bytes>")
            break
        if not put(raw.decode("utf-8", errors="replace")):
            return
    put(None)


class BotLog:
    """``bots.log``: appended to under a lock, and rotated to ``bots.log.1`` past ``max_bytes``.

    Each write opens the file, takes an exclusive ``flock`` and checks that the path still names
    the file it opened (another process may have rotated it meanwhile), so the arena's worker
    processes can share it. A log that cannot be written loses the text, never the match.
    """

    def __init__(self, path: Path, *, max_bytes: int = LOG_FILE_BYTES) -> None:
        self.path = path
        self.max_bytes = max_bytes

    def write(self, text: str) -> None:
        data = text.encode("utf-8", errors="replace")
        try:
            for _ in range(3):  # each retry follows a rotation by somebody else
                with open(self.path, "ab") as log:
                    fcntl.flock(log.fileno(), fcntl.LOCK_EX)
                    if not _same_file(log, self.path):
                        continue
                    size = os.fstat(log.fileno()).st_size
                    if size and size + len(data) > self.max_bytes:
                        os.replace(self.path, f"{self.path}.1")
                        continue
                    log.write(data)
                    return
        except OSError:
            pass


def _same_file(log: IO[bytes], path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(log.fileno()), os.stat(path))
    except OSError:
        return False


def _pump_stderr(pipe: IO[bytes], tail: collections.deque[str], log: BotLog, label: str) -> None:
    """Drain the bot's stderr into the log in bounded chunks (the log file is opened only when
    there is something to write, so quiet bots leave none).

    Each line keeps its first LOG_LINE_BYTES; once LOG_BOT_BYTES are logged, later lines are only
    counted, and a last note says how much was dropped. The pipe is always drained, so the bot
    never blocks on it.
    """
    line = bytearray()
    cut = 0  # bytes of the current line beyond the line limit
    logged = dropped = dropped_lines = 0

    def finish() -> str | None:
        """The current line for the log, or None once the bot's allowance is spent."""
        nonlocal line, cut, logged, dropped, dropped_lines
        text = line.decode("utf-8", errors="replace")
        if cut:
            text += f" [... {cut} more bytes not logged]"
        tail.append(text)
        size, line, cut = len(line), bytearray(), 0
        entry = label + text + "\n"
        if logged + len(entry) > LOG_BOT_BYTES:
            dropped, dropped_lines = dropped + size, dropped_lines + 1
            return None
        logged += len(entry)
        return entry

    fd = pipe.fileno()
    while True:
        try:
            chunk = os.read(fd, _READ_CHUNK)
        except OSError:
            chunk = b""
        out: list[str] = []
        start = 0
        while start < len(chunk):
            newline = chunk.find(b"\n", start)
            end = len(chunk) if newline < 0 else newline
            room = max(0, LOG_LINE_BYTES - len(line))
            line += chunk[start:min(end, start + room)]
            cut += max(0, end - start - room)
            if newline < 0:
                break
            if (text := finish()) is not None:
                out.append(text)
            start = newline + 1
        if not chunk and (line or cut) and (text := finish()) is not None:
            out.append(text)  # a last line without a newline
        if not chunk and dropped:
            out.append(f"{label}[stderr over {LOG_BOT_BYTES} bytes: {dropped_lines} more lines, "
                       f"{dropped} bytes, not logged]\n")
        if out:
            log.write("".join(out))
        if not chunk:
            break
    pipe.close()


def _stop(popen: subprocess.Popen[bytes], stopped: threading.Event,
          stderr_pump: threading.Thread) -> None:
    """Ask the bot to quit, then end its whole process group; always reap it, and let its
    last stderr reach the log."""
    stopped.set()
    if popen.poll() is None and popen.stdin is not None:
        try:
            popen.stdin.write(encode(Quit()).encode() + b"\n")
            popen.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass
    if popen.stdin is not None:
        try:
            popen.stdin.close()  # a bot reading to end of input stops too
        except OSError:
            pass
    try:
        popen.wait(timeout=_STOP_GRACE)
    except subprocess.TimeoutExpired:
        pass
    # even a bot that quit in time may leave helpers behind in its group
    _end_group(popen)
    # the pump is a daemon thread: a host that exits next would cut off the bot's last words
    stderr_pump.join(timeout=_STOP_GRACE)


def _end_group(popen: subprocess.Popen[bytes]) -> None:
    """SIGTERM the bot's process group, SIGKILL whatever still runs after the grace period."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(popen.pid, sig)
        except (ProcessLookupError, PermissionError):
            break  # nothing left in the group (or nothing we may signal)
        deadline = time.monotonic() + _STOP_GRACE
        while _group_alive(popen) and time.monotonic() < deadline:
            time.sleep(0.01)
        if not _group_alive(popen):
            break
    try:
        popen.wait(timeout=_STOP_GRACE)
    except subprocess.TimeoutExpired:
        pass  # a process stuck in the kernel ignores even SIGKILL; the OS reaps it later


def _group_alive(popen: subprocess.Popen[bytes]) -> bool:
    """Whether a process of the bot's group still runs. Zombies do not count: an orphaned
    helper, once dead, waits for PID 1 to reap it, which in a container may never happen."""
    popen.poll()  # reap the bot itself, if it has ended
    try:
        os.killpg(popen.pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return True  # no /proc to tell zombies apart: any member counts
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_bytes()
        except OSError:
            continue  # it ended while we looked
        fields = stat[stat.rfind(b")") + 2:].split()  # state, ppid, pgrp, ...
        if len(fields) > 2 and fields[0] != b"Z" and int(fields[2]) == popen.pid:
            return True
    return False


def _default_log() -> Path:
    return data_dir() / "bots.log"


def env_seconds(env: str) -> float | None:
    """$``env`` as seconds: None when it is not set, ``math.inf`` for no limit (``none``, 0).

    A value that is not a number of seconds raises, naming the variable.
    """
    text = os.environ.get(env, "").strip().lower()
    if not text:
        return None
    if text in ("none", "0"):
        return math.inf
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds >= 0:  # also refuses nan
        raise GinRummyError(f"${env} must be a number of seconds (or none), not {text!r}")
    return seconds if seconds > 0 else math.inf


def _seconds(value: float | None, env: str, default: float | None) -> float | None:
    """An explicit time, else the environment's, else the default; 0 or 'none' means no limit."""
    if value is not None:
        return value if 0 < value < math.inf else None
    seconds = env_seconds(env)
    if seconds is None:
        return default
    return None if math.isinf(seconds) else seconds
