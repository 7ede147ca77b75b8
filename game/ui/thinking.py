"""Thinking in a frame's spare time: a hint, or a computer seat, thinks in several slices a
frame instead of one, until the frame's thinking budget is spent or the answer is ready.

A search slice often returns well before its few milliseconds are up (it stops when its next
step might not fit), so one slice a frame left most of each frame idle and a hint took
seconds. ``fill_frame`` calls ``think`` again while the budget lasts; the frame is then drawn
in the rest of its time. The clock is a parameter, so a test counts slices with a clock that
ticks per call rather than timing anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..ai.agent import SLICE_SECONDS

FRAME_BUDGET = 0.012
"""Seconds of thinking a frame may hold: a 60 fps frame (16.7 ms) less what drawing the
busiest table takes natively (about 4 ms of processor time for eight seats mid-animation at
1280x720, bench ``frame_ms``)."""
LEAST_SLICE = 0.001
"""The shortest slice asked for at the end of a frame's budget."""


def fill_frame(think: Callable[[float], bool], budget: float = FRAME_BUDGET,
               clock: Callable[[], float] = time.perf_counter) -> tuple[bool, int]:
    """Call ``think(slice_seconds)`` until it returns True (ready) or ``budget`` seconds of
    ``clock`` have passed; at least once. Returns (ready, how many calls were made)."""
    start = clock()
    calls = 0
    while True:
        left = budget - (clock() - start) if calls else budget
        calls += 1
        if think(max(LEAST_SLICE, min(SLICE_SECONDS, left))):
            return True, calls
        if clock() - start >= budget:
            return False, calls
