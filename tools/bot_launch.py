"""Starts one outside bot for the arena, on Linux, and ends everything the bot started.

``python -I -S tools/bot_launch.py [--limits L] [--pids N] [--memory BYTES] [--report FD]
[--sandboxed] COMMAND...`` is what ``tools.bots`` runs for each bot: a small process of the
standard library alone, between the arena and the bot, that

- lowers the resource limits the bot starts with (``--limits``, ``apply_limits``) and, for
  root, whose processes the kernel's process limit never counts, puts the bot in a cgroup
  that holds at most N processes (``--pids``) and one that holds all its processes' memory to
  at most BYTES (``--memory``; ``bot_cgroups``), removed after it. When the kernel's OOM
  killer ends any process of the bot, the launcher ends the rest and exits with
  ``OUT_OF_MEMORY``;
- names the limit the bot broke, if any (``broken_limit``), as one line on file descriptor FD
  (``--report``: the write end of a pipe the arena passes to this process alone, never to the
  bot). Its exit status cannot say so: the bot chooses its own, and every status this process
  exits with is one the bot could exit with itself;

- makes itself the **child subreaper** of the bot, so whatever the bot starts and abandons
  (a daemon that double-forks and calls ``setsid`` included) becomes this process's child
  instead of escaping to init; when the bot exits, or the arena asks (SIGTERM) or dies, it
  kills every descendant left and reaps them, then exits with the bot's own status;
- starts the bot with no capabilities it could use and ``no_new_privs`` set before ``exec``, so
  even a bot run by root cannot read another process's memory (``/proc/<pid>/mem``,
  ``environ``) or regain privileges through a set-uid program. With ``--sandboxed``, COMMAND
  is bubblewrap's (``tools.bots.sandbox_arguments``) and bubblewrap drops the capabilities
  itself, in the bot's own namespaces (as root it needs them to build those);
- is undumpable itself, and holds nothing secret: its command line is the bot's.

A sandboxed bot cannot see this process at all (it lives outside the bot's PID namespace),
so the bot cannot signal it; bubblewrap's ``--die-with-parent`` ends the whole sandbox when
this process ends, however it ends.

Run by path with ``-I -S`` (no site, no environment, no current folder on the path), it
imports nothing of the game or the tools, and starts in a few milliseconds.
"""

import ctypes
import os
import resource
import signal
import sys
import time

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_CAPBSET_DROP = 24
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
CAPABILITY_VERSION_3 = 0x20080522

_libc = ctypes.CDLL(None, use_errno=True)


def prctl(option: int, arg: int = 0) -> bool:
    """``prctl(option, arg, 0, 0, 0)``; whether it succeeded."""
    return _libc.prctl(ctypes.c_int(option), ctypes.c_ulong(arg), ctypes.c_ulong(0),
                       ctypes.c_ulong(0), ctypes.c_ulong(0)) == 0


def drop_capabilities() -> None:
    """Leave this process (about to ``exec`` the bot) no way to hold a capability: every one
    dropped from the bounding set and the inheritable and ambient sets cleared, so ``exec``
    gives none, even to root; and no set-uid program can add any (``no_new_privs``). Each step
    that the caller may not take (an ordinary user has nothing to drop) is skipped."""
    try:
        with open("/proc/sys/kernel/cap_last_cap") as f:
            last = int(f.read())
    except (OSError, ValueError):
        last = 63
    for cap in range(last + 1):
        prctl(PR_CAPBSET_DROP, cap)
    header = (ctypes.c_uint32 * 2)(CAPABILITY_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable; twice (64 bits)
    if _libc.capget(header, data) == 0:
        data[2] = data[5] = 0
        _libc.capset(header, data)
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL)
    prctl(PR_SET_NO_NEW_PRIVS, 1)


def limit_values(spec: str) -> tuple[int, int, int, int]:
    """``--limits``' ``spec``, ``ADDRESS_SPACE:CPU_SECONDS:OPEN_FILES:FILE_SIZE`` (bytes,
    seconds, count, bytes), as numbers; ValueError if it is no such spec."""
    space, cpu, files, size = (int(n) for n in spec.split(":"))
    return space, cpu, files, size


def apply_limits(spec: str) -> None:
    """Lower this process's resource limits (about to ``exec`` the bot, or bubblewrap, which
    passes them on to the bot and to everything it starts) to ``spec`` (``limit_values``),
    never above what this process may already use. A bot that uses more CPU time is killed by
    SIGXCPU (by SIGKILL a second later, should it catch that); one that writes a file past the
    size gets SIGXFSZ; more memory or more open files are refused to it (the allocation or the
    ``open`` fails). No core files."""
    space, cpu, files, size = limit_values(spec)
    for which, soft, hard in ((resource.RLIMIT_AS, space, space),
                              (resource.RLIMIT_CPU, cpu, cpu + 1),
                              (resource.RLIMIT_NOFILE, files, files),
                              (resource.RLIMIT_FSIZE, size, size),
                              (resource.RLIMIT_CORE, 0, 0)):
        _, most = resource.getrlimit(which)
        if most != resource.RLIM_INFINITY:
            soft, hard = min(soft, most), min(hard, most)
        resource.setrlimit(which, (soft, hard))


CGROUPS = "/sys/fs/cgroup"
CGROUP_PREFIX = "arlington-bot-"
REMOVE_WAIT = 2.0


OUT_OF_MEMORY = 125
"""The launcher's exit status when the kernel's OOM killer ended a process of the bot's memory
cgroup (then the launcher ended the rest): below the shells' 126 and 127 and the statuses of
128 + a signal. For people; a bot may exit with it too, so the arena reads ``--report``."""
OOM_POLL = 0.05
"""Seconds between two looks at the bot's memory cgroup for a process the OOM killer ended."""

CPU_SHARE = 0.9
"""How much of its processor time limit a bot's processes must have used for a death by SIGXCPU
to be that limit's: the kernel checks the limit against processor time sampled at each clock
tick, which can run a little ahead of the exact time this process reads (``processor_seconds``),
the more so on a busy machine."""

TOTAL_MEMORY = "total-memory"
CPU_TIME = "cpu-time"
FILE_SIZE = "file-size"
"""The limits ``--report`` names (``broken_limit``), as it writes them."""


def hierarchy(controller: str) -> str:
    """The folder the bot's cgroup of ``controller`` goes in: this process's own cgroup of it
    in cgroup v1, the top of the hierarchy in cgroup v2 (where a cgroup that holds processes
    cannot share its controllers with cgroups below it, and one cgroup holds them all)."""
    with open("/proc/self/cgroup") as f:
        for line in f.read().splitlines():
            _, controllers, path = line.split(":", 2)
            if controller in controllers.split(","):
                return f"{CGROUPS}/{controller}{path}"
    return CGROUPS


def bot_cgroup(controller: str, made: list[str]) -> str:
    """The bot's cgroup of ``controller``, made (and added to ``made``) unless it is among
    ``made`` already (cgroup v2: one for every controller); the leftovers of killed launchers
    next to it swept first. OSError if it cannot be made."""
    base = hierarchy(controller)
    # Named for the arena's process that started this launcher, then the launcher: which
    # arena a cgroup belongs to is plain to see (and to check), and whether its launcher runs.
    folder = os.path.join(base, f"{CGROUP_PREFIX}{os.getppid()}-{os.getpid()}")
    if folder not in made:
        sweep(base)
        os.mkdir(folder)
        made.append(folder)
    return folder


def pids_files(cgroup: str, most: int) -> list[tuple[str, str]]:
    """What holds cgroup ``cgroup`` to at most ``most`` processes (threads included). Root's
    processes are never counted against ``RLIMIT_NPROC``: this is how a bot of root's is
    limited."""
    return [("pids.max", str(most))]


def memory_files(cgroup: str, most: int) -> list[tuple[str, str]]:
    """What holds the memory of cgroup ``cgroup`` (every process of the bot, and the files of
    its private folders, held in memory) to ``most`` bytes, swap included where the kernel
    counts it: in cgroup v2 ``memory.max`` and no swap at all (``memory.swap.max``); in v1
    ``memory.limit_in_bytes``, then memory and swap together (``memory.memsw.limit_in_bytes``,
    which may not be below the first)."""
    if os.path.exists(os.path.join(cgroup, "memory.max")):
        memory, swap, swapped = "memory.max", "memory.swap.max", "0"
    else:
        memory, swap, swapped = "memory.limit_in_bytes", "memory.memsw.limit_in_bytes", str(most)
    counted = os.path.exists(os.path.join(cgroup, swap))
    return [(memory, str(most))] + ([(swap, swapped)] if counted else [])


CGROUP_LIMITS = (("--pids", "processes", "pids", pids_files),
                 ("--memory", "total memory", "memory", memory_files))
"""The launcher's options that put the bot in a cgroup: the option, what it limits, the
controller, and the files of the bot's cgroup that say how much (the option's value)."""


def bot_cgroups(options: dict[str, str]) -> tuple[list[str], str | None]:
    """The bot's cgroups for the ``CGROUP_LIMITS`` among ``options``, each limited, and the
    one of the memory controller (None without ``--memory``). OSError (naming the limit) if
    one cannot be made: those made are removed."""
    made: list[str] = []
    memory = None
    for option, what, controller, files in CGROUP_LIMITS:
        if option not in options:
            continue
        try:
            cgroup = bot_cgroup(controller, made)
            for name, value in files(cgroup, int(options[option])):
                write(os.path.join(cgroup, name), value)
        except (OSError, ValueError) as e:
            for folder in made:
                os.rmdir(folder)
            raise OSError(f"cannot limit the bot's {what}: {e}") from None
        if controller == "memory":
            memory = cgroup
    return made, memory


def oom_kills(cgroup: str) -> int:
    """How many processes of memory cgroup ``cgroup`` the kernel's OOM killer ended: its
    ``oom_kill`` count (cgroup v2 ``memory.events``, v1 ``memory.oom_control``); 0 where the
    kernel keeps none."""
    for name in ("memory.events", "memory.oom_control"):
        try:
            with open(os.path.join(cgroup, name)) as f:
                for line in f.read().splitlines():
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        except (OSError, ValueError):
            continue
    return 0


def sweep(base: str) -> None:
    """Remove the bots' cgroups in ``base`` that a launcher killed before it could remove its
    own left behind: those of launchers no longer running, once empty (the kernel refuses to
    remove a cgroup that still holds a process)."""
    try:
        names = [n for n in os.listdir(base) if n.startswith(CGROUP_PREFIX)]
    except OSError:
        return
    for name in names:
        try:
            os.kill(int(name.rpartition("-")[2]), 0)
        except ProcessLookupError:
            try:
                os.rmdir(os.path.join(base, name))
            except OSError:
                pass
        except (OSError, ValueError):
            pass


def write(path: str, text: str) -> None:
    """Write a cgroup's file, which must be there: a folder that is no cgroup (a plain
    ``/sys/fs/cgroup`` with no such controller) has none, and nothing is created."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def join(cgroup: str) -> None:
    """Move this process (about to ``exec`` the bot) into ``cgroup``, with all it starts."""
    write(os.path.join(cgroup, "cgroup.procs"), "0")


def remove(cgroup: str) -> None:
    """Remove the bot's cgroup once the last of its processes is gone (the kernel may still be
    ending some a moment after the last was reaped), waiting up to ``REMOVE_WAIT`` seconds."""
    for _ in range(int(REMOVE_WAIT / 0.01)):
        try:
            os.rmdir(cgroup)
            return
        except OSError:
            time.sleep(0.01)


def children() -> list[int]:
    """This process's children now (the bot, and whatever was reparented here)."""
    me = os.getpid()
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    ppid = int(f.read().rsplit(b")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == me:
                found.append(int(name))
    return found


def end_descendants() -> None:
    """Kill and reap every descendant: each killed child's own children come here in turn
    (this process is their subreaper), until none is left."""
    while True:
        for pid in children():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def wait_for(bot: int, memory: str | None, stop) -> int:
    """The bot's wait status once it has ended. With its memory cgroup (``memory``), the bot is
    ended whole (``stop``) as soon as the kernel's OOM killer has ended any process of it, which
    may be one it started while the bot itself plays on."""
    while True:
        try:
            pid, status = os.waitpid(bot, 0 if memory is None else os.WNOHANG)
        except ChildProcessError:
            return 0
        if pid == bot:
            return status
        if memory is not None and oom_kills(memory):
            stop()
            memory = None
        elif memory is not None:
            time.sleep(OOM_POLL)


def processor_seconds() -> float:
    """Processor time of every process this one has reaped, with all they reaped in turn. Once
    ``end_descendants`` is done that is all of the bot's processes, sandboxed or not (the
    sandbox's first process, which reaps the bot, is reaped here: bubblewrap leaves it to this
    process, its subreaper, when it exits with the bot's status)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def broken_limit(status: int, out_of_memory: bool, sandboxed: bool,
                 limits: str | None) -> str | None:
    """The limit the bot broke, from what this process saw itself (the bot may exit with any
    status), or None. ``status`` is the wait status of this process's child (bubblewrap when
    ``sandboxed``, which passes a death by signal N on as the exit status 128 + N).

    - ``TOTAL_MEMORY``: the OOM killer ended one of its processes.
    - ``CPU_TIME``: it ended by SIGXCPU (its own death, or bubblewrap's 128 + SIGXCPU) and its
      processes used (nearly: ``CPU_SHARE``) the processor time of ``limits``
      (``limit_values``: valid if the bot ran), as the kernel's SIGXCPU needs: a bot
      that sends itself SIGXCPU, or exits with 128 + SIGXCPU, passes only by spending as much
      (in several processes, each below the limit).
    - ``FILE_SIZE``: this process saw it die by SIGXFSZ. Never when sandboxed: nothing tells
      bubblewrap's 128 + SIGXFSZ from the bot's own exit with that status.
    """
    if out_of_memory:
        return TOTAL_MEMORY
    signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    passed_on = os.WEXITSTATUS(status) - 128 if sandboxed and os.WIFEXITED(status) else None
    if (signal.SIGXCPU in (signum, passed_on) and limits is not None
            and processor_seconds() >= CPU_SHARE * limit_values(limits)[1]):
        return CPU_TIME
    if signum == signal.SIGXFSZ:
        return FILE_SIZE
    return None


def report(fd: int | None, limit: str | None) -> None:
    """Write the name of the broken ``limit`` on the arena's pipe ``fd`` (nothing when the bot
    broke none, or when there is no pipe: a launcher killed before it gets here says nothing
    either, and the arena falls back to its exit status). An arena that has closed its end
    (it is gone) needs no answer, and this process still removes the bot's cgroups."""
    if fd is not None and limit is not None:
        try:
            os.write(fd, f"{limit}\n".encode())
        except OSError:
            pass


def main(argv: list[str]) -> int:
    options = {}
    while argv and argv[0] in ("--sandboxed", "--limits", "--pids", "--memory", "--report"):
        if argv[0] == "--sandboxed":
            options[argv.pop(0)] = ""
        else:
            options[argv[0]] = argv[1]
            argv = argv[2:]
    sandboxed = "--sandboxed" in options
    prctl(PR_SET_DUMPABLE, 0)
    pipe = int(options["--report"]) if "--report" in options else None
    if pipe is not None:
        os.set_inheritable(pipe, False)  # closed when the bot (or bubblewrap) is exec'd
    try:
        cgroups, memory = bot_cgroups(options)
    except OSError as e:
        print(e, file=sys.stderr, flush=True)
        return 127
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    prctl(PR_SET_PDEATHSIG, signal.SIGTERM)  # the arena gone: end the bot too
    parent = os.getppid()
    bot = os.fork()
    if bot == 0:
        os.setpgid(0, 0)  # a group of its own, for ``stop`` to kill whole
        try:
            for cgroup in cgroups:
                join(cgroup)
            if "--limits" in options:
                apply_limits(options["--limits"])
            if sandboxed:
                prctl(PR_SET_NO_NEW_PRIVS, 1)
            else:
                drop_capabilities()
            os.execvp(argv[0], argv)
        except (OSError, ValueError) as e:
            print(f"cannot start {argv[0]!r}: {getattr(e, 'strerror', None) or e}",
                  file=sys.stderr, flush=True)
        os._exit(127)

    def stop(signum, frame):
        for kill in (lambda: os.killpg(bot, signal.SIGKILL), lambda: os.kill(bot, signal.SIGKILL)):
            try:
                kill()
            except (ProcessLookupError, PermissionError):
                pass

    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, stop)
    if os.getppid() != parent:  # the arena ended before the death signal was armed
        stop(signal.SIGTERM, None)
    os.close(0)  # the bot holds the arena's pipes; this process keeps no end of them open
    os.close(1)
    status = wait_for(bot, memory, lambda: stop(signal.SIGKILL, None))
    end_descendants()
    out_of_memory = memory is not None and oom_kills(memory) > 0
    report(pipe, broken_limit(status, out_of_memory, sandboxed, options.get("--limits")))
    for cgroup in cgroups:
        remove(cgroup)
    if out_of_memory:
        return OUT_OF_MEMORY
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
