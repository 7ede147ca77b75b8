"""What the tests' bots write and leave behind, read from outside any sandbox: the lines a bot
logged on standard error (``fake_bot.py``'s ``log``, the hostile bot's findings), and the
processes still running with a test's tag on their command line; and how a test runs the
arena as another user."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools import bots

ROOT = Path(__file__).resolve().parents[2]

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


CAPLESS = [shutil.which("setpriv") or "setpriv", "--reuid=65534", "--regid=65534",
           "--clear-groups", "--inh-caps=-all", "--bounding-set=-all"]
"""Runs a command as ``nobody`` with every capability gone, the bounding set too."""


def as_user(user: str, sandbox: bool = True) -> tuple[list[str], str]:
    """How to run the arena as ``user``: the command prefix and a Python that user may run.
    ``root`` as is; ``capless`` as nobody with no capability (or as this user, already one
    with none, when the tests do not run as root). Skips when there is no such Python, or,
    with ``sandbox``, when that user may not make the sandbox (user namespaces refused)."""
    root = os.geteuid() == 0
    if user == "root":
        if not root:
            pytest.skip("the tests run as a user that is not root")
        return [], sys.executable
    if not root:
        return [], sys.executable
    if not os.path.isabs(CAPLESS[0]):
        pytest.skip("setpriv (util-linux) is not installed")
    for python in (sys.executable, shutil.which("python3", path=os.defpath)):
        trial = CAPLESS + [shutil.which("timeout") or "timeout", "60", python or "", "-c",
                           "import tools.arena"]
        if python and subprocess.run(trial, cwd=ROOT, capture_output=True).returncode == 0:
            break
    else:
        pytest.skip("no Python here that nobody (uid 65534) may run the arena with")
    if not sandbox:
        return CAPLESS, python
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        pytest.skip("bubblewrap is not installed")
    probe = subprocess.run(CAPLESS + bots.sandbox_arguments(bwrap, str(ROOT))
                           + ["/bin/sh", "-c", ":"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"user namespaces are refused to a capless user here: {probe.stderr}")
    return CAPLESS, python
