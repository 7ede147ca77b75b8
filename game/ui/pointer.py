"""Mouse and touch as one pointer stream.

A touch reaches the game twice: as a ``FINGER*`` event (coordinates 0..1) and as a mouse event
flagged ``touch=True`` that SDL synthesises from it. The browser does the same, and SDL does
not promise which of the two comes first. ``PointerStream`` turns the raw events into one
stream of ``Pointer`` values in which each touch acts once, and tells a tap from a drag with a
slop of about 10 px so a shaky tap is not a drag. No hover is ever needed.

How a touch is handled once: the finger events and the touch-flagged mouse events are two
*sources* of the same gesture. Whichever arrives first starts it; while it runs, both sources
move it and the first release ends it; the other source's late release then finds no gesture
and is dropped. If the other source's whole press arrives only after the gesture ended (a late
echo at the same spot), it is swallowed until its release.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

SLOP = 10
"""Pixels a press may wander and still be a tap (a finger's tremor, not a gesture)."""

MOUSE_TOUCH_ID = -1
"""SDL's ``touch_id`` for finger events it makes from a mouse (never a real touch)."""

_FINGER = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
_MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)
_DOWN = (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN)
_UP = (pygame.FINGERUP, pygame.MOUSEBUTTONUP)


class P(enum.Enum):
    """Kinds of pointer event, in the order a gesture produces them."""

    DOWN = "down"
    """Pressed at ``pos``."""
    DRAG = "drag"
    """Moved past the slop while pressed; ``start`` is where the press began."""
    TAP = "tap"
    """Released within the slop: a click or a tap at ``pos``."""
    DROP = "drop"
    """Released after dragging, at ``pos``."""
    CANCEL = "cancel"
    """The gesture was abandoned (window left, focus lost, resize)."""


@dataclass(frozen=True, slots=True)
class Pointer:
    """One pointer event in window pixels."""

    kind: P
    pos: tuple[int, int]
    start: tuple[int, int]


class _Src(enum.Enum):
    """Where a raw pointer event came from."""

    MOUSE = "mouse"
    FINGER = "finger"
    TOUCH_MOUSE = "touch-mouse"
    """A mouse event SDL made from a touch (``touch=True``)."""


_ECHO_OF = {_Src.FINGER: _Src.TOUCH_MOUSE, _Src.TOUCH_MOUSE: _Src.FINGER}


class PointerStream:
    """Feeds on raw pygame events, yields ``Pointer`` events.

    One gesture at a time: a second finger, or the mouse while a finger is down (and the
    reverse), is ignored until the gesture ends.
    """

    def __init__(self, size: tuple[int, int]):
        self.size = size
        self._start: tuple[int, int] | None = None
        self._pos: tuple[int, int] | None = None
        self._dragging = False
        self._src: _Src | None = None
        """Source of the gesture under way (TOUCH_MOUSE and FINGER are one touch)."""
        self._finger: int | None = None
        """The finger being followed, once a finger event has named it."""
        self._echo: tuple[_Src, tuple[int, int]] | None = None
        """After a touch ended: the other source, whose press at that spot is a duplicate."""
        self._swallow: _Src | None = None
        """A duplicate press being ignored until its release."""

    @property
    def active(self) -> bool:
        """Whether a press is under way."""
        return self._start is not None

    def resize(self, size: tuple[int, int]) -> list[Pointer]:
        """The window changed size: any gesture under way is cancelled."""
        self.size = (size[0], size[1])
        return self._cancel()

    def feed(self, event) -> list[Pointer]:
        """The pointer events that ``event`` produces (often none)."""
        t = event.type
        if t in _FINGER:
            if getattr(event, "touch_id", 0) == MOUSE_TOUCH_ID:
                return []  # SDL's copy of a mouse event: the mouse event itself acts
            if self._finger is not None and event.finger_id != self._finger:
                return []  # a second finger
            src = _Src.FINGER
            w, h = self.size
            pos = (min(w - 1, max(0, int(event.x * w))), min(h - 1, max(0, int(event.y * h))))
        elif t in _MOUSE:
            if t != pygame.MOUSEMOTION and getattr(event, "button", 1) != 1:
                return []  # right button, wheel as buttons: not a pointer gesture
            src = _Src.TOUCH_MOUSE if getattr(event, "touch", False) else _Src.MOUSE
            pos = tuple(event.pos)
        elif t in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            return self._cancel()
        else:
            return []
        return self._feed(t, src, pos, event)

    def _feed(self, t: int, src: _Src, pos: tuple[int, int], event) -> list[Pointer]:
        if self._swallow is not None:
            if src is self._swallow and t in _UP:
                self._swallow = None
            return []
        echo = self._echo
        if echo is not None and (src is not echo[0] or t in _DOWN):
            self._echo = None  # anything but the echo's own moves and release ends the wait
        if t in _DOWN:
            if self._start is not None:
                if src is _Src.FINGER and self._src is _Src.TOUCH_MOUSE:
                    self._finger = event.finger_id  # the same touch, now named
                return []
            if echo is not None and src is echo[0] and _near(pos, echo[1]):
                self._swallow = src  # the other report of the touch that just ended
                return []
            self._src = _Src.MOUSE if src is _Src.MOUSE else _Src.TOUCH_MOUSE
            self._finger = event.finger_id if src is _Src.FINGER else None
            return self._down(pos)
        start = self._start
        if start is None or not self._owns(src):
            if echo is not None and src is echo[0] and t in _UP:
                self._echo = None  # the other report of the touch, released: all seen
            return []
        if t == pygame.MOUSEMOTION or t == pygame.FINGERMOTION:
            return self._move(pos, start)
        out = self._up(pos, start)
        if src is not _Src.MOUSE:
            self._echo = (_ECHO_OF[src], pos)
        return out

    def _owns(self, src: _Src) -> bool:
        """Whether an event from ``src`` belongs to the gesture under way."""
        if self._start is None:
            return False
        return (src is _Src.MOUSE) == (self._src is _Src.MOUSE)

    def _down(self, pos) -> list[Pointer]:
        self._start = self._pos = tuple(pos)
        self._dragging = False
        return [Pointer(P.DOWN, self._start, self._start)]

    def _move(self, pos: tuple[int, int], start: tuple[int, int]) -> list[Pointer]:
        self._pos = pos
        if not self._dragging:
            if not _near(pos, start):
                self._dragging = True
            else:
                return []
        return [Pointer(P.DRAG, pos, start)]

    def _up(self, pos: tuple[int, int], start: tuple[int, int]) -> list[Pointer]:
        dragging = self._dragging
        self._clear()
        return [Pointer(P.DROP if dragging else P.TAP, pos, start)]

    def _cancel(self) -> list[Pointer]:
        self._echo = self._swallow = None
        if self._start is None:
            return []
        start, pos = self._start, self._pos or self._start
        self._clear()
        return [Pointer(P.CANCEL, pos, start)]

    def _clear(self) -> None:
        self._start = self._pos = None
        self._dragging = False
        self._src = self._finger = None


def _near(a, b) -> bool:
    """Within the slop of each other."""
    dx, dy = a[0] - b[0], a[1] - b[1]
    return dx * dx + dy * dy <= SLOP * SLOP
