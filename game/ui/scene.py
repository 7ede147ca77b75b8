"""Scenes and the stack that holds them.

A scene owns its input and its drawing. The manager holds a stack: the top scene gets the
input; drawing starts from the highest opaque scene, so a modal (pause) is drawn over the
table it pauses, and the table under it neither updates nor takes input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from .pointer import Pointer

if TYPE_CHECKING:
    from ..services.seats import Seat
    from ..services.settings import Settings
    from .keeper import Keeper, MatchTable
    from .mirror import Box, Mirror, Node


@runtime_checkable
class Host(Protocol):
    """What a scene may ask of the app it runs in (``game.ui.app.App`` is the one host): the
    window size, the settings, the keeper of saves and records, the scene stack, and the few
    things only the app does. A scene reaches another scene by name through ``open``."""

    size: tuple[int, int]
    settings: Settings
    keeper: Keeper
    scenes: SceneManager
    mirror: Mirror
    """The accessible mirror's side in the app: ``mirror.announce`` says a line aloud."""

    def open(self, name: str, *args: Any, reset: bool = False, **kwargs: Any) -> Scene:
        """Open the scene called ``name`` with ``args``: on top, or alone (``reset``)."""
        ...

    def start_match(self, setup: Any, seats: tuple[Seat, ...]) -> Scene:
        """Open the table for a new match."""
        ...

    def continue_match(self) -> Scene | None:
        """Open the table for the autosaved match, if there is one."""
        ...

    def match_changed(self, table: MatchTable) -> None:
        """The table applied an action: autosave, statistics, sound."""
        ...

    def apply_settings(self, new: Settings) -> None:
        """Replace the settings; every scene hears of it."""
        ...

    def tidy_soon(self) -> None:
        """Collect garbage before the next frame."""
        ...

    def quit(self) -> None:
        """Close the app."""
        ...


class Scene:
    """Base scene: override what you need. ``app`` is the host (see ``Host``): the window
    size, the settings, the scene manager (``app.scenes``) and ``app.open`` for another
    scene by name."""

    opaque = True
    """False for a modal drawn over the scene beneath."""

    def __init__(self, app: Host):
        self.app = app

    def pointer(self, event: Pointer) -> None:
        """A pointer event (tap, drag, drop...) in window pixels."""

    def key(self, event) -> None:
        """A ``KEYDOWN`` event (desktop keyboard)."""

    def wheel(self, dy: int) -> None:
        """The mouse wheel turned ``dy`` notches (positive: away from the user)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: recompute the layout (mid-animation too)."""

    def settings_changed(self) -> None:
        """``app.settings`` was replaced: drop anything cached from the old value."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (animations, computer thinking)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""

    def mirror(self) -> Node | None:
        """The scene for assistive technology, as a tree (``game.ui.mirror``)."""
        return None

    def mirror_activate(self, action: str) -> None:
        """A control of the mirror was activated: act as its tap or key does (an action
        no longer in the tree is ignored)."""

    def mirror_focus(self, action: str) -> None:
        """The mirror's focus moved to the control ``action``: the canvas shows it."""

    def mirror_places(self) -> dict[str, Box]:
        """Where the canvas draws the mirror's controls now, by action: the part of the window
        a tap on each acts as that control does (the page lays the control there, so a
        finger exploring the screen finds it). A control drawn nowhere as one place, or
        under something, has none."""
        return {}


class SceneManager:
    """The stack of scenes; the top one is active.

    ``on_change(scene)`` is called after each change with the scene that arrived or left, so
    the app can do housekeeping at scene changes (never per frame)."""

    def __init__(self, on_change: Callable[[Scene], None] | None = None):
        self.stack: list[Scene] = []
        self.on_change = on_change

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        self._changed(scene)

    def pop(self) -> Scene | None:
        scene = self.stack.pop() if self.stack else None
        if scene is not None:
            self._changed(scene)
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is (a modal closing itself)."""
        if scene in self.stack:
            self.stack.remove(scene)
            self._changed(scene)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop()
        self.stack.append(scene)
        self._changed(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` alone (e.g. quit to title)."""
        self.stack[:] = [scene]
        self._changed(scene)

    def find(self, kind: type) -> Scene | None:
        """The highest scene on the stack of class ``kind``, or None."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

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

    def _changed(self, scene: Scene) -> None:
        if self.on_change is not None:
            self.on_change(scene)
