"""An outside bot that attacks everything it can reach, for tests/tools/test_bots_sandbox.py.

``python tests/tools/hostile_bot.py MODE SENTINEL PORT TAG`` plays protocol 1 (the first
legal action each time) and, in mode ``attack``, at its hello and its first decisions, tries:

- to list every other process (``/proc``) and read its command line and environment, where
  a seed given to the arena or to a wrapper (``timeout 100 python -m tools.arena --seed N``)
  would show;
- to read the memory of every other bot of the test it finds (``/proc/<pid>/mem``: its hand), and to
  write a forged answer into that bot's output and a forged message into its input
  (``/proc/<pid>/fd/1`` and ``fd/0``);
- to stop and kill every other bot, its launcher, the arena, any wrapper, its own parent,
  and the process SENTINEL (a process outside the sandbox, given by its host pid);
- to connect to 127.0.0.1:PORT (a socket the test listens on, outside);
- to write a file in the working folder, HOME, ``/tmp``, ``/dev/shm``, ``/dev`` and ``/proc``,
  and to write the machine's settings in ``/proc/sys`` (the crash handler, the module loader:
  it writes back what it read there, so nothing changes should the sandbox fail);
- to leave a daemon behind (double fork, ``setsid``), which sleeps for ten minutes.

It reports each round as one JSON line on standard error after ``PREFIX`` (it has no other
way out: the arena passes standard error through). In mode ``stop`` it stops itself
(SIGSTOP) at its first decision instead.

In modes ``fork``, ``memory``, ``tmp`` and ``cpu`` it runs away at its first decision
instead, each bounded so that it cannot hurt the machine should its limit fail: ``fork``
starts sleeping children until one is refused (at most ``MOST_PROCESSES``), ``memory`` takes
memory 16 MiB at a time until refused (at most ``MOST_MEMORY``), ``tmp`` writes into ``/tmp``
until refused (at most ``MOST_TMP``); each reports how far it got and exits with code 3,
leaving what it started (the fork bomb's children) for the arena to end.
``cpu`` computes for at most ``MOST_CPU`` seconds. In these modes and ``children`` it also
reports ``{"hello": MODE}`` at its hello: the arena starts a bot at its seat's first decision,
which a hand may never reach (the other seat can go out at its first turn), so the test counts
the seatings that started it.

In mode ``children`` it starts ``CHILDREN`` processes at its first decision, each of which
fills ``CHILD_MEMORY`` bytes (every page written) and holds them until all have, so that
together they hold all of it at once; it then reports how many got there and how each ended,
and plays on.

It signals nothing but processes whose command line holds TAG (the test's arena, wrapper,
launchers and bots all do, through the arena's ``--agents``), its parent and SENTINEL: should
the sandbox fail, the test fails, and nothing else on the machine is touched.
"""

import json
import os
import signal
import socket
import sys
import time

PREFIX = "hostile-bot: "
MOST_PROCESSES = 2000
MOST_MEMORY = 1 << 30
MOST_TMP = 256 << 20
MOST_CPU = 20.0
CHILDREN = 4
CHILD_MEMORY = 100 << 20
RUNAWAYS = ("fork", "memory", "tmp", "cpu")
ATTACK_ROUNDS = 3
"""Decisions (after the hello) at which it attacks again, while other bots come and go."""


def read(path: str, size: int = 4096) -> str:
    with open(path, "rb") as f:
        return f.read(size).replace(b"\0", b" ").decode("utf-8", "replace")


DAEMONS: set[int] = set()
"""The daemons this bot started."""


def own_family() -> set[int]:
    """This process, its daemons and their descendants, which it leaves alone."""
    family = {os.getpid()} | DAEMONS
    grew = True
    while grew:
        grew = False
        for name in os.listdir("/proc"):
            if name.isdigit() and int(name) not in family:
                try:
                    ppid = int(read(f"/proc/{name}/stat").rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                if ppid in family:
                    family.add(int(name))
                    grew = True
    return family


def others() -> list[tuple[int, str]]:
    """Every process it can see but its own: pid and command line ("?" if unreadable)."""
    family = own_family()
    seen = []
    for name in sorted(os.listdir("/proc")):
        if name.isdigit() and int(name) not in family:
            try:
                seen.append((int(name), read(f"/proc/{name}/cmdline")))
            except OSError:
                seen.append((int(name), "?"))
    return seen


def is_sandbox(cmdline: str) -> bool:
    """The sandbox's own first process (bubblewrap), whose command line holds this bot's."""
    return os.path.basename(cmdline.split(" ", 1)[0]) == "bwrap"


def attack(sentinel: int, port: int, tag: str) -> dict:
    found: dict = {"pid": os.getpid(), "ppid": os.getppid(), "read": [], "wrote": [],
                   "signalled": []}
    visible = others()
    found["visible"] = visible
    for pid, _ in visible:
        try:
            found["read"].append([pid, "environ", read(f"/proc/{pid}/environ")])
        except OSError:
            pass
    bots = [(pid, c) for pid, c in visible if "_bot.py" in c and tag in c and not is_sandbox(c)]
    for pid, _ in bots:
        try:
            start = int(read(f"/proc/{pid}/maps").split("-")[0], 16)
            with open(f"/proc/{pid}/mem", "rb") as f:
                f.seek(start)
                found["read"].append([pid, "mem", len(f.read(4096))])
        except (OSError, ValueError):
            pass
        for fd, line in ((1, b'{"action": "forged"}\n'), (0, b'{"type": "quit"}\n')):
            try:
                with open(f"/proc/{pid}/fd/{fd}", "wb", buffering=0) as f:
                    f.write(line)
                found["wrote"].append([pid, fd])
            except OSError:
                pass
    targets = [pid for pid, c in visible if tag in c and not is_sandbox(c)]
    for pid in targets + [os.getppid(), sentinel]:
        for signum in (signal.SIGSTOP, signal.SIGKILL):
            try:
                os.kill(pid, signum)
                found["signalled"].append([pid, signum])
            except OSError:
                pass
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        found["connected"] = True
    except OSError as e:
        found["connected"] = e.strerror or str(e)
    found["settings"] = []
    for setting in ("/proc/sys/kernel/core_pattern", "/proc/sys/kernel/modprobe"):
        try:  # writes back what is there: harmless should the sandbox fail
            with open(setting, "r+b", buffering=0) as f:
                f.write(f.read())
            found["settings"].append(setting)
        except OSError:
            pass
    found["writable"] = []
    for folder in (os.getcwd(), os.environ.get("HOME", "/"), "/tmp", "/dev/shm", "/dev", "/proc"):
        try:
            with open(os.path.join(folder, f"hostile-{os.getpid()}"), "w") as f:
                f.write("x")
            found["writable"].append(folder)
        except OSError:
            pass
    status = read("/proc/self/status", 1 << 16)
    found["status"] = [line for line in status.splitlines()
                       if line.startswith(("Cap", "NoNewPrivs", "Uid"))]
    found["environ"] = sorted(os.environ)
    return found


def start_daemon() -> int:
    """A grandchild in a session of its own, as a daemon makes itself; its process id (it is
    this bot's own, left alone by the attacks)."""
    read_end, write_end = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.write(write_end, str(os.getpid()).encode())
            time.sleep(600)
        os._exit(0)
    os.close(write_end)
    os.wait()
    return int(os.read(read_end, 20))


def run_away(mode: str) -> dict:
    """Take more of one resource until it is refused (or the bound is reached); how much."""
    got, error = 0, None
    try:
        if mode == "fork":
            while got < MOST_PROCESSES:
                if os.fork() == 0:
                    time.sleep(600)
                    os._exit(0)
                got += 1
        elif mode == "memory":
            held = []
            while got < MOST_MEMORY:
                held.append(b"x" * (16 << 20))
                got += 16 << 20
        elif mode == "tmp":
            with open("/tmp/filler", "wb") as f:
                while got < MOST_TMP:
                    f.write(b"x" * (1 << 20))
                    f.flush()
                    got += 1 << 20
        else:
            end = time.process_time() + MOST_CPU
            while time.process_time() < end:
                got += 1
    except (OSError, MemoryError) as e:
        error = type(e).__name__
    return {"mode": mode, "got": got, "error": error}


def many_children() -> dict:
    """``CHILDREN`` processes holding ``CHILD_MEMORY`` bytes each at once, then ended: how many
    held theirs, and each one's wait status."""
    ready_read, ready_write = os.pipe()
    go_read, go_write = os.pipe()
    children = []
    for _ in range(CHILDREN):
        pid = os.fork()
        if pid == 0:
            os.close(ready_read)
            os.close(go_write)
            held = b"x" * CHILD_MEMORY
            os.write(ready_write, b"1")
            os.read(go_read, 1)  # until the parent closes its end: all hold theirs
            os._exit(0 if len(held) == CHILD_MEMORY else 1)
        children.append(pid)
    os.close(ready_write)
    os.close(go_read)
    ready = 0
    while ready < CHILDREN and os.read(ready_read, 1):
        ready += 1
    os.close(go_write)
    return {"mode": "children", "ready": ready,
            "statuses": [os.waitpid(pid, 0)[1] for pid in children]}


def report(found: dict) -> None:
    sys.stderr.write(PREFIX + json.dumps(found) + "\n")
    sys.stderr.flush()


def main():
    mode, sentinel, port, tag = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if mode in RUNAWAYS or mode == "children":
                report({"hello": mode})
            if mode == "attack":
                DAEMONS.add(start_daemon())
                report(attack(sentinel, port, tag) | {"round": "hello"})
            print(json.dumps({"type": "hello", "protocol": 1, "name": f"hostile {mode}"}),
                  flush=True)
        elif kind == "decide":
            decisions += 1
            if mode == "stop":
                os.kill(os.getpid(), signal.SIGSTOP)
            if mode in RUNAWAYS:
                report(run_away(mode))
                sys.exit(3)
            if mode == "children" and decisions == 1:
                report(many_children())
            if mode == "attack" and decisions <= ATTACK_ROUNDS:
                report(attack(sentinel, port, tag) | {"round": decisions})
            print(json.dumps({"action": message["legal"][0]}), flush=True)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
