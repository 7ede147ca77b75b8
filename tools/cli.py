"""The border every command-line tool shares: bounded numbers for its options, and Ctrl-C.

A count (``--matches``, ``--worlds``, ``--rounds``...) is a whole number from a least to a
most the tool names, so zero, a negative number or one that would run for days is a usage
error (exit status 2, one usage line and the reason) before any work starts, never a
traceback from deep inside the work; the same for seconds and seeds. ``interruptible`` makes
Ctrl-C one line on standard error and exit status 130 (128 + SIGINT, as shells report it),
and a reader that leaves early (``| head``) a quiet stop with status 1 rather than a
``BrokenPipeError`` traceback; ``ctrl_c_held`` with ``quiet_worker`` keep a tool's worker
processes from each printing a traceback of their own when the terminal sends them the same
Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import os
import signal
import sys
import threading
from collections.abc import Callable

from game.rules.seeds import SEEDS

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # also past Python's 4,300 digits, which no count has
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None


def count(most: int, least: int = 1) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``."""
    def parse(text: str) -> int:
        value = _whole(text)
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"must be {least} to {most}, not {value}")
        return value
    parse.__name__ = "count"  # argparse names the type in some messages
    return parse


def seed(most: int = SEEDS[-1]) -> Callable[[str], int]:
    """An argparse type: a seed of the game's range (``game.rules.seeds``), or of its first
    ``most + 1`` where the tool makes further seeds from it by adding to it."""
    def parse(text: str) -> int:
        value = _whole(text)
        if not 0 <= value <= most:
            raise argparse.ArgumentTypeError(f"a seed here is 0 to {most}, not {value}")
        return value
    parse.__name__ = "seed"
    return parse


def seconds(most: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds, more than 0 and at most ``most``."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds"
                                             ) from None
        if not (math.isfinite(value) and 0 < value <= most):
            raise argparse.ArgumentTypeError(f"must be more than 0 and at most {most:g} "
                                             f"seconds, not {text[:40]}")
        return value
    parse.__name__ = "seconds"
    return parse


def interruptible(line: str):
    """Decorate a tool's ``main(argv)``: Ctrl-C prints ``line`` and returns ``INTERRUPTED``,
    with no traceback; a closed standard output (the reader of a pipe left) returns 1."""
    def wrap(main: Callable[..., int]) -> Callable[..., int]:
        @functools.wraps(main)
        def run(argv=None) -> int:
            try:
                return main(argv)
            except KeyboardInterrupt:
                print(line, file=sys.stderr)
                return INTERRUPTED
            except BrokenPipeError:
                # Nobody reads what is left: point standard output at nothing, so the flush
                # at the interpreter's exit does not raise again (Python's own advice).
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                return 1
        return run
    return wrap


@contextlib.contextmanager
def ctrl_c_held():
    """Hold Ctrl-C back while worker processes are started: they begin with it held too, so
    none is interrupted before ``quiet_worker`` has it ignored; the main process gets a Ctrl-C
    that came meanwhile when the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: workers are spawned afresh
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextlib.contextmanager
def ctrl_c_deferred():
    """Let the block finish before a Ctrl-C that comes meanwhile, which then arrives as usual:
    for a file written whole. Python runs signal handlers in the main thread, whichever thread
    the signal reaches, so the main thread's handler is swapped for the block (a signal mask
    holds back only signals sent to the thread that sets it). Elsewhere nothing is deferred:
    only the main thread may set a handler, and only it is interrupted."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if came:
            signal.raise_signal(signal.SIGINT)


def quiet_worker() -> None:
    """A worker process's initializer (its pool made under ``ctrl_c_held``): Ctrl-C is the
    main process's to handle (it ends the workers), so the worker ignores it rather than
    print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
