"""Scenes and the stack that holds them.

A scene owns its input and its drawing. The manager holds a stack: the top scene gets the
input; drawing starts from the highest opaque scene, so a modal (pause) is drawn over the
table it pauses, and the table under it neither updates nor takes input.
"""

from __future__ import annotations

import pygame

from .pointer import Pointer


class Scene:
    """Base scene: override what you need. ``app`` gives the window size, the settings and
    the scene manager (``app.scenes``)."""

    opaque = True
    """False for a modal drawn over the scene beneath."""

    def __init__(self, app):
        self.app = app

    def pointer(self, event: Pointer) -> None:
        """A pointer event (tap, drag, drop...) in window pixels."""

    def key(self, event) -> None:
        """A ``KEYDOWN`` event (desktop keyboard)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: recompute the layout (mid-animation too)."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (animations, computer thinking)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""


class SceneManager:
    """The stack of scenes; the top one is active."""

    def __init__(self):
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)

    def pop(self) -> Scene | None:
        return self.stack.pop() if self.stack else None

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop()
        self.stack.append(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` alone (e.g. quit to title)."""
        self.stack[:] = [scene]

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.stack:
            scene.resize(size)

    def draw(self, surface: pygame.Surface) -> None:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        for scene in self.stack[first:]:
            scene.draw(surface)
