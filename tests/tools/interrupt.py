"""Ctrl-C as a terminal sends it: a tool run as its own process group, SIGINT to the whole
group, and nothing of the group left alive afterwards, whatever the test found."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _heed_ctrl_c() -> None:
    """In the child before it runs the tool: SIGINT back to its default. A suite started in
    the background by a shell without job control inherits SIGINT ignored, and Python then
    never turns Ctrl-C into KeyboardInterrupt: the tool would be tested deaf, which a terminal
    never makes it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def own_group(argv: list[str]) -> Iterator[subprocess.Popen[str]]:
    """Start ``argv`` in the repository as a new process group (a terminal's job), its output
    piped as text. On leaving, the group is killed outright if its leader still runs: a tool
    that ignored Ctrl-C, or a test that failed before sending it, leaves no process behind."""
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=_heed_ctrl_c)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def ctrl_c(proc: subprocess.Popen[str]) -> tuple[str, str]:
    """Send SIGINT to ``proc``'s whole group and return the rest of its (stdout, stderr). A
    tool that does not stop fails the test: ``subprocess.TimeoutExpired`` after two minutes."""
    os.killpg(proc.pid, signal.SIGINT)
    return proc.communicate(timeout=120)
