"""Outside bots: programs that play a seat over standard input and output (``cmd:COMMAND``).

A CLI-side module (the arena's): it starts processes and reads them from threads, so nothing
the game itself runs may import it. The messages are in ``tools.bot_protocol`` and
``docs/bots.md``.

Each ``ExternalAgent`` is one seat for one match and runs its bot as its own process, started
at its first decision (when the seat, the table and the rules are known) and stopped when the
match ends. It is an agent like any other (``choose(view, legal)``), and it never stalls the
match: an answer that does not come within ``timeout`` seconds, a bot that exits, or an answer
that names no action counts against the bot and the seat plays its first legal action instead.
A bot that timed out or exited is stopped, and its seat plays first legal actions to the end
of that match (the next match starts a fresh process). Every stopped process is killed and
reaped: no zombie outlives its match, nor the arena. What a bot writes on standard error is
passed on to the arena's, up to ``ERRORS_KEPT`` bytes a process.

On Linux each bot is started through ``tools/bot_launch.py`` (which ends whatever the bot
starts), with a clean environment, by a process made undumpable first
(``protect_from_bots``), and, where bubblewrap can make one (``sandbox``), inside a sandbox
of its own: its own process, IPC, network, UTS, cgroup and user namespaces, a fresh ``/proc``
that shows no process but its own, the filesystem read-only, private empty ``/tmp``,
``/var/tmp``, ``/run`` and ``/dev/shm``, no capability. Each bot has ``Limits`` (memory,
processor time, processes, open files, file size, tmp size, total memory) that the kernel
enforces. What a
bot can and cannot see is in ``docs/bots.md``.
"""

from __future__ import annotations

import functools
import io
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

from game.ai.registry import make_agent
from game.rules.actions import Action
from game.rules.view import View

from . import bot_protocol as protocol
from .bot_launch import CPU_TIME, FILE_SIZE, TOTAL_MEMORY

PREFIX = "cmd:"
DEFAULT_TIMEOUT = 5.0
"""Seconds a bot may take for one decision."""
STARTUP_TIMEOUT = 10.0
"""Seconds a bot may take to start and answer the hello (at least its decision limit)."""
QUIT_GRACE = 1.0
"""Seconds a bot has to exit after the quit message before it is killed."""
PROBLEMS_KEPT = 10
"""How many problem descriptions an agent keeps for the report (all are counted)."""
LINES_KEPT = 256
"""Lines a bot may write ahead of being asked; the reader drops any beyond them, so a bot that
floods its output neither fills the arena's memory nor stretches the next decision."""
ERRORS_KEPT = 1 << 20
"""Bytes of each bot process's standard error passed on to the arena's; the rest are dropped
(and that said once), so a bot that floods it cannot fill the arena's log or its disk."""
MAX_TIMEOUT = 3600.0
"""Longest time limit a bot may be given, in seconds (anything longer is no limit)."""


def check_timeout(seconds: float) -> float:
    """``seconds`` as a bot's time limit; ValueError unless it is more than 0 and at most
    ``MAX_TIMEOUT`` (so not infinite, not NaN)."""
    if not 0 < seconds <= MAX_TIMEOUT:
        raise ValueError(f"a bot's time limit is more than 0 and at most {MAX_TIMEOUT:g} "
                         f"seconds, not {seconds!r}")
    return seconds

_POSIX = os.name == "posix"
LAUNCHER = Path(__file__).with_name("bot_launch.py")
"""Runs each bot on Linux: ends whatever the bot starts, and gives it no capabilities (itself,
or through bubblewrap when the bot is sandboxed)."""
_LAUNCHED = sys.platform == "linux"
END_GRACE = 2.0
"""Seconds the launcher has to end a bot and everything it started before it is killed."""
ENVIRONMENT = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "SYSTEMROOT")
"""The only environment variables a bot is started with (their values the arena's)."""
_TOO_LONG = b""
"""What the reader queues for a line longer than ``protocol.MAX_LINE``."""


def command_of(spec: str) -> list[str]:
    """The argument list of a ``cmd:`` spec, split like a shell would (no shell runs it).
    ValueError if it is empty or its program cannot be found."""
    try:
        argv = shlex.split(spec[len(PREFIX):])
    except ValueError as e:
        raise ValueError(f"cannot read the command of {spec!r}: {e}") from None
    if not argv:
        raise ValueError(f"{spec!r} names no command")
    if shutil.which(argv[0]) is None:
        raise ValueError(f"the program {argv[0]!r} of {spec!r} is not found")
    return argv


def bot_or_agent(spec: str, seed: int, timeout: float = DEFAULT_TIMEOUT,
                 limits: Limits | None = None):
    """An agent from its spec: ``cmd:COMMAND`` for an outside bot (with ``limits``, by
    default ``DEFAULT_LIMITS``), else any name ``game.ai.registry`` knows (levels and trusted
    ``module:Class`` bots)."""
    if spec.startswith(PREFIX):
        return ExternalAgent(command_of(spec), seed, timeout, limits or DEFAULT_LIMITS)
    return make_agent(spec, seed)


def _read_lines(stream, lines: queue.Queue) -> None:
    """Reader thread: every line the bot writes (up to ``LINES_KEPT`` waiting to be read; any
    more are dropped), then None at its end of output."""
    try:
        while raw := stream.readline(protocol.MAX_LINE):
            if len(raw) >= protocol.MAX_LINE and not raw.endswith(b"\n"):
                while raw and not raw.endswith(b"\n"):
                    raw = stream.readline(protocol.MAX_LINE)
                raw = _TOO_LONG
            if lines.qsize() < LINES_KEPT:
                lines.put(raw)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(None)


def _pass_errors(stream, name: str) -> None:
    """Error thread: the bot's standard error, line by line, onto the arena's (file
    descriptor 2, whatever Python's ``sys.stderr`` is now), up to ``ERRORS_KEPT`` bytes."""
    passed = 0
    try:
        while raw := stream.readline(protocol.MAX_LINE):
            if passed + len(raw) > ERRORS_KEPT:
                os.write(2, f"arena: {name} wrote more than {ERRORS_KEPT} bytes on standard "
                            "error; the rest is dropped\n".encode())
                while stream.read(1 << 16):
                    pass
                return
            passed += len(raw)
            os.write(2, raw)
    except (OSError, ValueError):
        pass


def _write_lines(stream, out: queue.Queue) -> None:
    """Writer thread: sends queued messages (a bot that does not read blocks only this
    thread); None closes the bot's input."""
    try:
        while (data := out.get()) is not None:
            stream.write(data)
            stream.flush()
    except (OSError, ValueError):
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def protect_from_bots() -> None:
    """Make this process undumpable (Linux): ``/proc/<pid>/mem``, ``environ`` and the like
    become unreadable to the bots it starts, even ones run by the same user, should they run
    without a sandbox (the command line stays readable to everyone: the arena clears the seeds
    from its own). Forked processes inherit it."""
    if _LAUNCHED:
        import ctypes

        pr_set_dumpable = 4
        ctypes.CDLL(None).prctl(pr_set_dumpable, 0, 0, 0, 0)


PRIVATE_FOLDERS = ("/tmp", "/var/tmp", "/run")
"""Folders a sandboxed bot gets empty and private (``/dev/shm`` too, with its own ``/dev``):
what other programs keep there (sockets, lock files, their temporary files) stays hidden, and
these are the only places a bot can write, its files gone when its process ends."""


NO_USERNS_SINCE = (0, 8)
"""The bubblewrap version that first has ``--disable-userns`` (Debian 12 has 0.8.0)."""
SIZE_SINCE = (0, 7)
"""The bubblewrap version that first has ``--size`` for a tmpfs (Ubuntu 22.04 has 0.6.1)."""


def version_of(text: str) -> tuple[int, ...]:
    """The version numbers in ``bwrap --version``'s answer (``"bubblewrap 0.8.0"``)."""
    numbers = text.split()[-1].split(".") if text.split() else []
    return tuple(int(n) for n in numbers if n.isdigit())


def sandbox_arguments(bwrap: str, cwd: str, no_userns: bool = True,
                      tmp_bytes: int | None = None) -> list[str]:
    """bubblewrap's command line, up to the bot's own, for a bot started in folder ``cwd``.

    Every namespace of its own (``--unshare-all``: user, PID, IPC, network, UTS, cgroup), so
    it sees no other process, no network and no IPC object; a fresh ``/proc`` for its PID
    namespace, read-only (else a bot of root's, which is root to the kernel's file checks
    even with no capability, could write the machine's own settings in ``/proc/sys``, such as
    the program the kernel runs as root when a process crashes); the whole filesystem
    read-only, with ``PRIVATE_FOLDERS`` and ``/dev/shm`` empty, private, writable and each of
    at most ``tmp_bytes`` (they are held in memory), and a minimal ``/dev``, read-only but
    for its devices; no capability, even for root, no user namespace of its own to gain one
    in (``no_userns``: bubblewrap 0.8 and later), and no way back to the arena's terminal (a
    session of its own). The sandbox dies with the process
    that started bubblewrap (the launcher), and everything in it dies with its first process,
    which the bot cannot signal. The working folder stays readable even inside a private
    folder, so relative paths work."""
    args = [bwrap, "--unshare-all", "--unshare-user"] + (["--disable-userns"] if no_userns else [])
    args += ["--cap-drop", "ALL", "--die-with-parent", "--new-session", "--ro-bind", "/", "/",
             "--proc", "/proc", "--remount-ro", "/proc", "--dev", "/dev", "--remount-ro", "/dev"]
    size = ["--size", str(tmp_bytes)] if tmp_bytes is not None else []
    for folder in PRIVATE_FOLDERS:
        if os.path.isdir(folder) and not os.path.islink(folder):
            args += size + ["--tmpfs", folder]
    args += size + ["--tmpfs", "/dev/shm"]
    if any(cwd.startswith(folder + "/") for folder in PRIVATE_FOLDERS):
        args += ["--ro-bind", cwd, cwd]
    return args + ["--chdir", cwd, "--"]


MIB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """What one outside bot may use, enforced by the kernel (resource limits set by its
    launcher; the tmp size by bubblewrap). Far above what a Python, Java or Node bot needs
    (a Java 17 hello world needs an address space of 4 GiB: it reserves half of it for its
    heap), so only a bot that runs away meets one; it is then killed or refused, and its seat
    plays on as after any crash or timeout."""

    memory_mib: int = 4096
    """Address space of each of its processes (``RLIMIT_AS``)."""
    cpu_seconds: int = 3600
    """Processor time of each of its processes over its match (``RLIMIT_CPU``)."""
    processes: int = 256
    """Processes and threads of the whole bot at once: ``RLIMIT_NPROC`` in the sandbox's own
    user namespace, which counts only the bot's own (Linux 5.14 and later), or, for root,
    whose processes that limit never counts, a cgroup of the pids controller."""
    open_files: int = 256
    """Open files of each process (``RLIMIT_NOFILE``)."""
    file_size_mib: int = 64
    """Largest file it may write (``RLIMIT_FSIZE``)."""
    tmp_mib: int = 64
    """Size of each of its private folders (``/tmp``, ``/var/tmp``, ``/run``, ``/dev/shm``)."""
    total_memory_mib: int = 4096
    """Memory of the whole bot: all its processes and its private folders, swap included (a
    cgroup of the memory controller, for root). As much as one process's address space, so a
    bot of one process meets its own limit first, while one of many processes cannot hold
    ``memory_mib`` in each of them."""

    def launcher_arguments(self) -> list[str]:
        """The launcher's ``--limits`` (see ``bot_launch.apply_limits``)."""
        return ["--limits", f"{self.memory_mib * MIB}:{self.cpu_seconds}:{self.open_files}:"
                            f"{self.file_size_mib * MIB}"]

    def to_json(self) -> dict:
        return {"memory_mib": self.memory_mib, "cpu_seconds": self.cpu_seconds,
                "processes": self.processes, "open_files": self.open_files,
                "file_size_mib": self.file_size_mib, "tmp_mib": self.tmp_mib,
                "total_memory_mib": self.total_memory_mib}

    def broken(self, limit: str) -> str | None:
        """The limit a bot broke, in words, from the name its launcher wrote on the arena's
        pipe (``bot_launch.broken_limit``), never from an exit status, which the bot chooses;
        None if ``limit`` names none."""
        return {CPU_TIME: f"its processor time limit ({self.cpu_seconds} s)",
                FILE_SIZE: f"its file size limit ({self.file_size_mib} MiB)",
                TOTAL_MEMORY: f"its total memory limit ({self.total_memory_mib} MiB)"
                }.get(limit)


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True)
class Sandbox:
    """What the bots run in: ``name`` for the report (``"bubblewrap 0.8.0"``, or ``"none:"``
    and why not), ``bwrap`` the program when there is a sandbox."""

    name: str
    bwrap: str | None = None
    no_userns: bool = True
    """Whether this bubblewrap can keep the bot from making user namespaces."""
    processes: str = ""
    """How the number of a bot's processes is limited: ``"prlimit"`` (util-linux's, which sets
    ``RLIMIT_NPROC`` inside the sandbox, its path in ``prlimit``), ``"cgroup"`` (the arena is
    root), or ``""`` (not limited)."""
    prlimit: str = "prlimit"
    sized: bool = True
    """Whether this bubblewrap can limit the size of the bot's private folders."""
    total_memory: bool = False
    """Whether the launcher puts each bot in a cgroup of the memory controller (the arena is
    root, and the controller is there)."""
    why_unlimited: str = ""
    """Why ``unlimited`` is not empty, in words, for the arena's standard error."""

    def command(self, argv: list[str], limits: Limits = DEFAULT_LIMITS,
                report: int | None = None) -> list[str]:
        """The command that starts the bot ``argv`` on this system: through the launcher on
        Linux, with ``limits``, inside the sandbox when there is one, the launcher naming the
        limit the bot broke on file descriptor ``report`` if given; the bot alone
        elsewhere."""
        if not _LAUNCHED:
            return argv
        launch = [sys.executable, "-I", "-S", str(LAUNCHER)] + limits.launcher_arguments()
        if report is not None:
            launch += ["--report", str(report)]
        if self.bwrap is None:
            return launch + argv
        if self.processes == "cgroup":
            launch += ["--pids", str(limits.processes)]
        if self.total_memory:
            launch += ["--memory", str(limits.total_memory_mib * MIB)]
        inside = ([self.prlimit, f"--nproc={limits.processes}", "--"]
                  if self.processes == "prlimit" else [])
        return (launch + ["--sandboxed"]
                + sandbox_arguments(self.bwrap, os.getcwd(), self.no_userns,
                                    limits.tmp_mib * MIB if self.sized else None)
                + inside + argv)

    def unlimited(self) -> list[str]:
        """The limits this sandbox cannot set (for the report)."""
        if not _LAUNCHED:
            return list(DEFAULT_LIMITS.to_json())
        if self.bwrap is None:
            return ["processes", "tmp_mib", "total_memory_mib"]
        return [name for name, unset in (("processes", not self.processes),
                                         ("tmp_mib", not self.sized),
                                         ("total_memory_mib", not self.total_memory)) if unset]


def _clean_environment() -> dict[str, str]:
    return {k: os.environ[k] for k in ENVIRONMENT if k in os.environ}


@functools.cache
def sandbox() -> Sandbox:
    """The sandbox this system gives outside bots, found once per process (and inherited by
    forked workers): bubblewrap where it is installed and can make the sandbox here (tried
    once, through the launcher, exactly as a bot will be started), else none and why."""
    if not _LAUNCHED:
        return Sandbox(f"none: bubblewrap needs Linux, this is {sys.platform}")
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return Sandbox("none: bubblewrap (bwrap) is not installed")
    prlimit = shutil.which("prlimit")
    try:
        version = subprocess.run([bwrap, "--version"], capture_output=True, text=True,
                                 timeout=STARTUP_TIMEOUT).stdout.strip() or "bubblewrap"
        no_userns = version_of(version) >= NO_USERNS_SINCE
        sized = version_of(version) >= SIZE_SINCE
        # root's processes are never counted against RLIMIT_NPROC: a cgroup limits them,
        # where root may make one here; and only root's bots get a memory cgroup
        root = os.geteuid() == 0
        processes = ["cgroup"] if root else ["prlimit"] if prlimit else []
        ways = [(way, memory) for way in processes + [""] for memory in (True, False)
                if root or not memory]
        failed = [] if root else ["only root's bots are put in cgroups"]
        for way, memory in ways:
            trial = Sandbox(version, bwrap, no_userns, way, prlimit or "prlimit", sized, memory,
                            "; ".join(failed))
            probe = subprocess.run(trial.command(["/bin/sh", "-c", ":"]),
                                   capture_output=True, text=True, env=_clean_environment(),
                                   stdin=subprocess.DEVNULL, timeout=STARTUP_TIMEOUT)
            if probe.returncode == 0:
                return trial
            why = (probe.stderr.strip().splitlines() or [f"exit code {probe.returncode}"])[-1]
            if why not in failed:
                failed.append(why)
    except (OSError, subprocess.TimeoutExpired) as e:
        return Sandbox(f"none: {bwrap} could not be run ({e})")
    return Sandbox(f"none: {version} cannot make a sandbox here ({why}); "
                   "user namespaces may be off for this user")


def _kill(proc: subprocess.Popen) -> None:
    """Kill the bot and whatever it started, and reap it: on Linux the launcher is asked to
    (it kills the bot and every descendant, reparented ones too, then exits); elsewhere, or
    if it does not, the process group is killed (on POSIX)."""
    if _LAUNCHED and proc.poll() is None:
        try:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=END_GRACE)
            return
        except subprocess.TimeoutExpired:
            pass
    if _POSIX:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    elif proc.poll() is None:
        proc.kill()
    proc.wait()


def _report_pipe() -> tuple[io.FileIO | None, int | None]:
    """On Linux, a pipe for a bot's launcher to name the limit the bot broke on: the read end,
    a file that never blocks (once the launcher has exited, what it wrote is there), and the
    write end, to pass to the launcher alone (the pipe is not inherited otherwise, and the
    launcher passes it on to nothing it starts). Elsewhere there is no launcher: None, None."""
    if not _LAUNCHED:
        return None, None
    reader, writer = os.pipe()
    os.set_blocking(reader, False)
    return open(reader, "rb", buffering=0), writer


class BotProcess:
    """One running bot: send messages, wait for a line with a deadline, stop for good."""

    def __init__(self, argv: list[str], limits: Limits = DEFAULT_LIMITS):
        # Its own process group, so a bot started through a shell or a wrapper dies whole; on
        # Linux started by the launcher, which also ends what the bot leaves running, in the
        # sandbox where there is one. The environment is a few plain variables: nothing of the
        # arena's own.
        protect_from_bots()
        self.limits = limits
        self._report, writer = _report_pipe()
        try:
            self.proc = subprocess.Popen(
                sandbox().command(argv, limits, writer), stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_clean_environment(),
                start_new_session=_POSIX, pass_fds=() if writer is None else (writer,))
        finally:
            if writer is not None:
                os.close(writer)
        self._lines: queue.Queue = queue.Queue()
        self._out: queue.Queue = queue.Queue()
        self._threads = [
            threading.Thread(target=_read_lines, args=(self.proc.stdout, self._lines),
                             daemon=True),
            threading.Thread(target=_pass_errors, args=(self.proc.stderr, argv[0]),
                             daemon=True),
            threading.Thread(target=_write_lines, args=(self.proc.stdin, self._out),
                             daemon=True)]
        for t in self._threads:
            t.start()
        self._finalizer = weakref.finalize(self, _kill, self.proc)

    def send(self, message: dict) -> None:
        self._out.put(protocol.encode(message))

    def unasked(self) -> int:
        """Drop the lines that came while no answer was awaited (those there now, however
        fast the bot writes more); how many there were."""
        dropped = 0
        for _ in range(self._lines.qsize()):
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return dropped
            if line is None:  # the end of output stays for the next read to see
                self._lines.put(None)
                return dropped
            dropped += 1
        return dropped

    def read(self, deadline: float) -> str | None:
        """The next line (without its end), ``""`` for one too long to read; None when the
        bot has ended its output. Raises TimeoutError when nothing comes by ``deadline``
        (``time.monotonic``), however many blank lines come before it."""
        while True:
            try:
                raw = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError from None
            if raw is None:
                self._lines.put(None)
                return None
            if raw == _TOO_LONG:
                return ""
            line = raw.decode("utf-8", "replace").strip()
            if line:
                return line

    def exit_status(self) -> str:
        """How the process ended, for the report (waits a moment for it): the limit its
        launcher said it broke, else its exit status (the launcher's: the bot's own, or 128 +
        the signal that ended it; minus the signal that killed the launcher itself, should it
        be killed before it could say)."""
        try:
            code = self.proc.wait(timeout=QUIT_GRACE)
        except subprocess.TimeoutExpired:
            return "closed its output but kept running"
        if limit := self.limits.broken(self._reported()):
            return f"broke {limit} and was killed"
        return f"exited with code {code}"

    def _reported(self) -> str:
        """What the launcher, now ended, wrote on its pipe: a limit's name, or ""."""
        if self._report is None:
            return ""
        return (self._report.read(64) or b"").decode("ascii", "replace").strip()

    def stop(self, grace: float = 0.0) -> None:
        """Let the bot go: quit message and end of input, ``grace`` seconds to exit, then
        kill. Always reaps the process."""
        if self.proc.poll() is None and grace > 0:
            self.send(protocol.QUIT)
            self._out.put(None)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        self._finalizer()
        if self._report is not None:
            self._report.close()
        self._out.put(None)
        for t in self._threads:
            t.join(timeout=1.0)
        for thread, stream in zip(self._threads, (self.proc.stdout, self.proc.stderr)):
            if not thread.is_alive():
                # else something the bot started still holds the stream: closing it under the
                # blocked reader would wait for it; the daemon reader ends with that process
                stream.close()


class ExternalAgent:
    """One seat played by an outside bot for one match (see the module docstring)."""

    name = "cmd"

    def __init__(self, argv: list[str], seed: int, timeout: float = DEFAULT_TIMEOUT,
                 limits: Limits = DEFAULT_LIMITS):
        self.argv = argv
        self.limits = limits
        self.seed = seed
        self.timeout = check_timeout(timeout)
        self.bot_name = ""
        self.crashes = 0
        self.timeouts = 0
        self.unreadable = 0
        self.problems: list[str] = []
        self._bot: BotProcess | None = None
        self.process: subprocess.Popen | None = None
        """The bot's process once started (kept after it is stopped, to check its end)."""
        self._started = False
        self._pending: list[dict] = []
        self._decisions = 0
        self._last: tuple[int, str] | None = None

    # ------------------------------------------------------------ agent protocol

    def choose(self, view: View, legal: list[Action]) -> Action:
        """The bot's answer, or the first legal action when it gives none in time."""
        if not self._started:
            self._start(view)
        if self._bot is None:
            return legal[0]
        deadline = time.monotonic() + self.timeout  # one limit for the whole decision
        self._decisions += 1
        if dropped := self._bot.unasked():
            self._problem("unreadable", f"before decision {self._decisions}: {dropped} "
                                        "line(s) nobody asked for")
        self._bot.send(protocol.decide(self._decisions, view, legal))
        line = self._answer(deadline, self.timeout, f"decision {self._decisions}")
        if line is None:
            return legal[0]
        try:
            if not line:
                raise ValueError(f"an answer longer than {protocol.MAX_LINE} bytes")
            text, action = protocol.read_answer(line)
        except ValueError as e:
            self._problem("unreadable", f"decision {self._decisions}: {e}")
            self._bot.send(protocol.refused(self._decisions, line, str(e), legal[0]))
            return legal[0]
        self._last = (self._decisions, text)
        return action

    def observe(self, events) -> None:
        """Events this seat saw; sent on to the bot (kept until its hello is sent)."""
        messages = [protocol.event(e) for e in events]
        if self._bot is not None:
            for m in messages:
                self._bot.send(m)
        elif not self._started:
            self._pending.extend(messages)

    def refused(self, action: Action, reason: str, played: Action) -> None:
        """The rules refused the bot's answer; tell it what was played instead."""
        if self._bot is not None and self._last is not None:
            number, text = self._last
            self._bot.send(protocol.refused(number, text, reason, played))

    def close(self) -> None:
        """End of the match: let the bot quit, kill it if it does not."""
        if self._bot is not None:
            self._bot.stop(QUIT_GRACE)
            self._bot = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ------------------------------------------------------------ the process

    def _start(self, view: View) -> None:
        self._started = True
        try:
            self._bot = BotProcess(self.argv, self.limits)
        except OSError as e:
            self._problem("crashes", f"could not start {self.argv[0]!r}: {e}")
            return
        self.process = self._bot.proc
        self._bot.send(protocol.hello(view.seat, view.players, view.options, self.seed))
        limit = max(STARTUP_TIMEOUT, self.timeout)
        line = self._answer(time.monotonic() + limit, limit, "hello")
        if line is None:
            return
        try:
            self.bot_name = protocol.read_hello(line)
        except ValueError as e:
            self._problem("unreadable", f"hello: {e}; bot stopped")
            self._drop()
            return
        for m in self._pending:
            self._bot.send(m)
        self._pending = []

    def _answer(self, deadline: float, timeout: float, what: str) -> str | None:
        """A line from the bot, or None (counted, the bot stopped) if it ended or was late."""
        try:
            line = self._bot.read(deadline)
        except TimeoutError:
            self._problem("timeouts", f"{what}: no answer within {timeout:g} s; bot stopped")
            self._drop()
            return None
        if line is None:
            self._problem("crashes", f"{what}: the bot {self._bot.exit_status()}")
            self._drop()
        return line

    def _drop(self) -> None:
        self._bot.stop()
        self._bot = None

    def _problem(self, counter: str, text: str) -> None:
        setattr(self, counter, getattr(self, counter) + 1)
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(text)
