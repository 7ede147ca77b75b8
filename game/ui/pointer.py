"""Mouse and touch as one pointer stream.

SDL reports a touch twice (a ``FINGER*`` event with coordinates 0..1, and a mouse event with
``touch=True``); the browser does the same. ``PointerStream`` turns the raw events into one
stream of ``Pointer`` values, each touch acting once, and tells a tap from a drag with a slop
of about 10 px so a shaky tap is not a drag. No hover is ever needed.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

SLOP = 10
"""Pixels a press may wander and still be a tap (a finger's tremor, not a gesture)."""


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
    """The gesture was abandoned (window left, touch cancelled, resize)."""


@dataclass(frozen=True, slots=True)
class Pointer:
    """One pointer event in window pixels."""

    kind: P
    pos: tuple[int, int]
    start: tuple[int, int]


class PointerStream:
    """Feeds on raw pygame events, yields ``Pointer`` events.

    Touch wins: while a finger is down, mouse events that SDL synthesises from it are dropped,
    and mouse events flagged ``touch=True`` are always dropped (the finger event already
    acted). Only one pointer is tracked at a time; a second finger is ignored.
    """

    def __init__(self, size: tuple[int, int]):
        self.size = size
        self._start: tuple[int, int] | None = None
        self._dragging = False
        self._finger: int | None = None

    def resize(self, size: tuple[int, int]) -> list[Pointer]:
        """The window changed size: any gesture under way is cancelled."""
        self.size = size
        return self._cancel()

    def feed(self, event) -> list[Pointer]:
        """The pointer events that ``event`` produces (often none)."""
        t = event.type
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            if self._finger is not None and event.finger_id != self._finger:
                return []
            pos = (int(event.x * self.size[0]), int(event.y * self.size[1]))
            if t == pygame.FINGERDOWN:
                if self._start is not None:
                    return []
                self._finger = event.finger_id
                return self._down(pos)
            if self._finger is None:
                return []
            if t == pygame.FINGERMOTION:
                return self._move(pos)
            self._finger = None
            return self._up(pos)
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            if getattr(event, "touch", False) or self._finger is not None:
                return []
            if t == pygame.MOUSEMOTION:
                return self._move(event.pos) if self._start is not None else []
            if getattr(event, "button", 1) != 1:
                return []
            return self._down(event.pos) if t == pygame.MOUSEBUTTONDOWN else self._up(event.pos)
        if t == pygame.WINDOWLEAVE or t == pygame.WINDOWFOCUSLOST:
            return self._cancel()
        return []

    def _down(self, pos) -> list[Pointer]:
        self._start, self._dragging = tuple(pos), False
        return [Pointer(P.DOWN, self._start, self._start)]

    def _move(self, pos) -> list[Pointer]:
        if self._start is None:
            return []
        pos = tuple(pos)
        if not self._dragging:
            dx, dy = pos[0] - self._start[0], pos[1] - self._start[1]
            if dx * dx + dy * dy <= SLOP * SLOP:
                return []
            self._dragging = True
        return [Pointer(P.DRAG, pos, self._start)]

    def _up(self, pos) -> list[Pointer]:
        if self._start is None:
            return []
        start, dragging = self._start, self._dragging
        self._start, self._dragging = None, False
        return [Pointer(P.DROP if dragging else P.TAP, tuple(pos), start)]

    def _cancel(self) -> list[Pointer]:
        if self._start is None:
            return []
        start = self._start
        self._start, self._dragging, self._finger = None, False, None
        return [Pointer(P.CANCEL, start, start)]
