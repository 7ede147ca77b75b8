"""The agent protocol: given a seat's view and its legal actions, choose one.

Agents are plain objects. They never receive the true state, only ``View`` (see
``game.rules.view``), so no level can read a hidden card.

Thinking is anytime and cooperative (no threads: the browser build has none)::

    agent.start(view, legal)          # a new decision
    while not agent.think(0.006):     # one slice of about 6 ms, then return
        ...draw a frame...
    action = agent.answer()

``choose(view, legal)`` is ``start`` plus ``think`` until ready: what the arena uses. An agent
whose budget is counted in iterations gives the same answer however its thinking is sliced.
"""

from __future__ import annotations

import time
from typing import Protocol

from ..rules.actions import Action
from ..rules.view import View

SLICE_SECONDS = 0.006
"""Default length of one think slice. The search checks the clock between steps and
estimates the next one, so a slice overshoots by at most a step or two: 6 ms keeps the longest
slice under 10 ms natively, inside a 60 fps frame."""
LONG_SLICE = 0.010
"""A think slice longer than this is counted as long (the bar for the hard level)."""
DEFAULT_BUDGET = 0.3
"""Seconds per decision at most for the hard level, by default: the table's "Normal" thinking
time (``Settings.think_seconds``). It meets every strength bar of docs/ai.md and keeps a
computer's turn quick; more time still buys some strength (the "Careful" 1 s setting), measured
there. Here, not in ``hard``, so that the settings can name it without loading the search."""


class Agent(Protocol):
    """Anything with a name that chooses among legal actions."""

    name: str

    def choose(self, view: View, legal: list[Action]) -> Action:
        """One of ``legal``, for the seat ``view.seat`` to play."""


class ThinkingAgent(Protocol):
    """An agent that thinks in slices (see the module docstring)."""

    name: str

    def start(self, view: View, legal: list[Action]) -> None:
        """Begin a new decision (forgets any unfinished one)."""

    def think(self, slice_seconds: float = SLICE_SECONDS) -> bool:
        """Think for at most about ``slice_seconds``; True once ``answer`` is ready."""

    def answer(self) -> Action:
        """The chosen action (only after ``think`` returned True)."""

    def choose(self, view: View, legal: list[Action]) -> Action:
        """``start`` and ``think`` until ready, then ``answer``."""


class BaseAgent:
    """Shared plumbing: subclasses implement ``start`` and ``think`` (or only ``decide`` for
    an agent that answers at once)."""

    name = "base"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._answer: Action | None = None
        self.longest_slice = 0.0
        """Longest single ``think`` call so far, in seconds (for the bench)."""
        self.longest_slice_cpu = 0.0
        """The same in process time, which other programs on a busy machine do not inflate."""
        self.slices = 0
        """``think`` calls so far; ``long_slices`` (wall clock) and ``long_slices_cpu`` (process
        time) count those over ``LONG_SLICE`` seconds: how rare the longest one is."""
        self.long_slices = 0
        self.long_slices_cpu = 0

    def decide(self, view: View, legal: list[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError

    def start(self, view: View, legal: list[Action]) -> None:
        self._view, self._legal = view, legal
        self._answer = legal[0] if len(legal) == 1 else None

    def think(self, slice_seconds: float = SLICE_SECONDS) -> bool:
        if self._answer is None:
            self._answer = self.decide(self._view, self._legal)
        return True

    def answer(self) -> Action:
        if self._answer is None:
            raise RuntimeError("answer() before think() returned True")
        return self._answer

    def choose(self, view: View, legal: list[Action]) -> Action:
        self.start(view, legal)
        clock, cpu = time.perf_counter, time.process_time
        while True:
            t0, c0 = clock(), cpu()
            ready = self.think(SLICE_SECONDS)
            spent, spent_cpu = clock() - t0, cpu() - c0
            self.longest_slice = max(self.longest_slice, spent)
            self.longest_slice_cpu = max(self.longest_slice_cpu, spent_cpu)
            self.slices += 1
            self.long_slices += spent > LONG_SLICE
            self.long_slices_cpu += spent_cpu > LONG_SLICE
            if ready:
                return self.answer()
