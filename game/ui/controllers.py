"""Who drives a seat: a person through the table's input, or an agent thinking in slices.

The table asks the controller of the seat to move, every frame, whether it has an action; a
person's never does (their taps go through the model), an agent's thinks through the frame's
spare time (``thinking.fill_frame``) and answers once ready and once a minimum pace has
passed, so a person can follow the computer's turns. Nothing here is special to seat 1.
"""

from __future__ import annotations

import time

from ..ai.registry import make_agent
from ..rules.actions import Action
from ..services.hints import seats_evidence
from .thinking import fill_frame


class PersonController:
    """A person plays this seat through the table's input."""

    is_person = True

    def reset(self) -> None:
        """Forget any decision under way (a new hand, an action applied)."""

    def update(self, dt: float, state, seat: int, ready_to_act: bool) -> Action | None:
        return None


class AgentController:
    """A computer level plays this seat, thinking between frames."""

    is_person = False

    def __init__(self, level: str, seed: int, pace: float, think_seconds: float | None = None):
        self.agent = make_agent(level, seed)
        self.pace = pace
        """Least seconds between being asked and answering (0: as fast as it thinks)."""
        if think_seconds is not None:
            self.think_for(think_seconds)
        self.clock = time.perf_counter
        """The clock frames are filled by (tests count slices with one that ticks per call)."""
        self.think_calls = 0
        """Slices thought for the decision under way (or the last one)."""
        self._thinking = False
        self._ready = False
        self._waited = 0.0

    def reset(self) -> None:
        self._thinking = self._ready = False
        self._waited = 0.0

    @property
    def searches(self) -> bool:
        """Whether this level thinks for the thinking-time setting (hard) or answers at once."""
        return hasattr(self.agent, "budget_seconds")

    def think_for(self, seconds: float) -> None:
        """The thinking-time setting is the budget of a level that searches (hard): that many
        seconds per decision, however fast the machine or the browser is. Levels that answer
        at once have no budget to set."""
        if self.searches:
            self.agent.budget_seconds, self.agent.iterations = seconds, None

    def update(self, dt: float, state, seat: int, ready_to_act: bool) -> Action | None:
        """One frame: start a decision from the seat's view, think through the frame's spare
        time, and answer when ready, the pace has passed and the table is ready (no animation
        under way)."""
        if not self._thinking:
            view = state.view(seat)
            self.agent.start(view, view.legal_actions())
            self._thinking, self._ready, self._waited = True, False, 0.0
            self.think_calls = 0
        else:
            self._waited += dt
        if not self._ready:
            self._ready, calls = fill_frame(self.agent.think, clock=self.clock)
            self.think_calls += calls
        if self._ready and ready_to_act and self._waited >= self.pace:
            self.reset()
            return self.agent.answer()
        return None


BEAT = 0.25
"""Seconds to read a computer's move at a table of up to four."""
LEAST_BEAT = 0.15
"""The shortest beat, at a full table (each move is also told in the seat's last-turn line)."""


def pace_for(settings, seats: int = 2, searches: bool = True) -> float:
    """Seconds a computer's move at least takes on screen, slower or faster with the
    animation speed (0: no pause at all): a beat to read it, shorter the more seats there
    are (a round of seven computers would otherwise be a long wait), plus the thinking-time
    setting for a level that ``searches`` (the others answer at once)."""
    if settings.animation_speed <= 0:
        return 0.0
    beat = max(LEAST_BEAT, BEAT * min(1.0, 3 / max(1, seats - 1)))
    return (beat + (settings.think_seconds if searches else 0.0)) / settings.animation_speed


def controllers_for(seats, game, settings) -> list:
    """One controller per seat, from its description (a person, or a computer level). A
    level that reads the hand's evidence (hard) starts with the clues its seat's views gave
    so far in ``game``'s record, so a match reloaded mid-hand plays on as it would have."""
    out: list = []
    seed = game.setup.seed
    for i, s in enumerate(seats):
        if s.is_person:
            out.append(PersonController())
            continue
        ctrl = AgentController(s.level, seed * 31 + i, 0.0, settings.think_seconds)
        ctrl.pace = pace_for(settings, len(seats), ctrl.searches)
        out.append(ctrl)
    reading = [i for i, c in enumerate(out) if hasattr(getattr(c, "agent", None), "evidence")]
    if game.actions and reading:
        for i, evidence in seats_evidence(game.setup, game.actions, reading).items():
            out[i].agent.evidence = evidence
    return out
