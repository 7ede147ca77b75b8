"""Outside bots that misbehave on purpose, for tests/tools/test_bots.py.

``python tests/tools/fake_bot.py MODE [log] [TAG...]``: speaks protocol 1 until MODE says
otherwise. With ``log``, every message received is written to standard error (which the arena
passes through; a sandboxed bot can write no file the test could read), one line each after
``LOG_PREFIX``; any other words are ignored (a test's tag, to find the process by).

Modes: ``first`` answers the first legal action (as ``{"action": ...}``); ``crash`` exits with
code 3 at its first decision; ``hang`` sleeps at its first decision (logging its process
id); ``illegal`` always answers
``draw`` (refused once a card is drawn) and reports each refusal on stderr; ``garbage``
answers text that is no action; ``long`` answers one line longer than the game reads;
``bad-hello`` answers the hello with text; ``chatty`` writes an extra line after each answer;
``deep`` answers JSON nested 5,000 deep (10 KB), ``deep-hello`` does so at the hello;
``shout`` writes 3 MB on standard error at its hello, then plays like ``first``;
``flood`` answers nothing at its first decision but writes lines as fast as it can, reading
no more; ``spy`` logs what it can read of its ancestors (``spy_on_ancestors``) and of its own
environment, then plays like ``first``; ``daemon`` starts a process that double-forks and
leaves the session (``setsid``), logging that process's id, then plays like ``first``.
"""

import json
import os
import sys
import time

LOG_PREFIX = "fake-bot: "
DEEP = '{"action": ' + "[" * 5000 + "]" * 5000 + "}"


def spy_on_ancestors() -> dict:
    """What this bot can read of the processes above it (the launcher, then the arena and its
    workers): the command line, the environment, the memory map and a page of memory (the
    start of the first mapping), or the error; and its own environment."""
    found = []
    pid = os.getppid()
    while pid > 1:
        seen = {"pid": pid}
        for name in ("cmdline", "environ", "maps"):
            try:
                with open(f"/proc/{pid}/{name}", "rb") as f:
                    seen[name] = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
            except OSError as e:
                seen[name] = f"denied: {e.strerror}"
        if found and "tools.arena" not in seen["cmdline"]:
            break  # above the arena
        try:
            seen["fd"] = " ".join(os.readlink(f"/proc/{pid}/fd/{n}")
                                  for n in os.listdir(f"/proc/{pid}/fd"))
        except OSError as e:
            seen["fd"] = f"denied: {e.strerror}"
        try:
            start = int(seen["maps"].split("-")[0], 16)
            with open(f"/proc/{pid}/mem", "rb") as f:
                f.seek(start)
                seen["mem"] = f.read(4096).decode("latin-1")
        except (OSError, ValueError) as e:
            seen["mem"] = f"denied: {getattr(e, 'strerror', e)}"
        found.append(seen)
        with open(f"/proc/{pid}/stat", "rb") as f:
            pid = int(f.read().rsplit(b")", 1)[1].split()[1])
    return {"ancestors": found, "environ": dict(os.environ)}


def start_daemon() -> int:
    """A grandchild in a session of its own, as a daemon makes itself; its process id."""
    read, write = os.pipe()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.write(write, str(os.getpid()).encode())
            time.sleep(600)
        os._exit(0)
    os.close(write)
    return int(os.read(read, 20))


def write_log(text: str) -> None:
    """One line of the log, on standard error."""
    sys.stderr.write(LOG_PREFIX + text.rstrip("\n") + "\n")
    sys.stderr.flush()


def main():
    mode = sys.argv[1]
    log = "log" in sys.argv[2:]
    for line in sys.stdin:
        if log:
            write_log(line)
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello" and mode in ("spy", "daemon") and log:
            found = spy_on_ancestors() if mode == "spy" else {"daemon": start_daemon()}
            write_log(json.dumps(found))
        if kind == "hello" and mode == "shout":
            for _ in range(3000):
                sys.stderr.write("x" * 999 + "\n")
            sys.stderr.flush()
        if kind == "hello":
            answer = {"bad-hello": "hi", "deep-hello": DEEP}.get(mode) or json.dumps(
                {"type": "hello", "protocol": 1, "name": f"fake {mode}"})
            print(answer, flush=True)
        elif kind == "decide":
            if mode == "crash":
                sys.exit(3)
            while mode == "flood":
                sys.stdout.write("flood\n")
            if mode == "hang":
                if log:
                    write_log(json.dumps({"pid": os.getpid()}))
                time.sleep(600)
            answer = {"illegal": "draw", "garbage": "please deal again",
                      "long": "x" * 70000,
                      "deep": DEEP}.get(mode)
            if answer is None:
                answer = json.dumps({"action": message["legal"][0]})
            print(answer, flush=True)
            if mode == "chatty":
                print("thinking out loud", flush=True)
        elif kind == "refused":
            print(f"fake bot refused: {message['reason']}", file=sys.stderr, flush=True)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
