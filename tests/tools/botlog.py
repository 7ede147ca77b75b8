"""What the tests' bots write and leave behind, read from outside any sandbox: the lines a bot
logged on standard error (``fake_bot.py``'s ``log``, the hostile bot's findings), and the
processes still running with a test's tag on their command line."""

import json
import os

LOG_PREFIX = "fake-bot: "
"""What starts each line a test bot logs (``fake_bot.LOG_PREFIX``)."""


def logged(stderr: str, prefix: str = LOG_PREFIX) -> list:
    """The JSON values a bot logged, in order, from captured standard error."""
    return [json.loads(line[len(prefix):]) for line in stderr.splitlines()
            if line.startswith(prefix)]


def running(tag: str) -> list[int]:
    """Process ids, anywhere on this system, of the live processes (zombies left out) whose
    command line holds ``tag``; the caller's own process never does."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmdline = f.read()
            with open(f"/proc/{name}/stat", "rb") as f:
                state = f.read().rsplit(b")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if tag.encode() in cmdline and state not in (b"Z", b"X"):
            found.append(int(name))
    return found
