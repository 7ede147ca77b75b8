"""The accessible mirror: what a screen reader is given of a scene the canvas draws.

The canvas is opaque to assistive technology, so in the browser the page carries a DOM copy of
the scene beside it (``web/page.js`` renders it): real buttons, toggle buttons, headings, lists
and one polite live log. Each scene describes its mirror as data, a small tree of frozen
``Node`` values read from the same source the canvas draws from (the table model, the page's
rows, the menu's items), never from pixels; ``page_data`` turns that tree into the plain
structure the page renders. Activating a node hands its ``action`` back to the scene
(``Scene.mirror_activate``), which acts through the code a tap or a key uses, so the canvas
and the mirror cannot disagree.

A control the canvas draws at one place (a card of your hand, the stock, a menu's button)
also has that place, a ``Box`` in window pixels (``Scene.mirror_places``, read from the
rectangles the scene draws and hit-tests with): the page lays the control over its drawing, so
a screen reader's finger exploring the screen finds it where it is drawn.

``Mirror`` is the app's side of it: it keeps the live log's lines (``announce``), takes the
page's activations at the start of a frame and sends the tree after it, only when it changed.
Only ``game.platform`` talks to the page; on the desktop nothing is sent.
"""

from __future__ import annotations

import enum
import json
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .. import platform
from .words import spoken

if TYPE_CHECKING:
    from .scene import Scene


class Role(enum.Enum):
    """What a node is to assistive technology (the page's element for it)."""

    REGION = "region"
    """A labelled section (a scene, a seat, the offer)."""
    HEADING = "heading"
    TEXT = "text"
    LIST = "list"
    ITEM = "item"
    """A list item: its name, or its children."""
    GROUP = "group"
    """Controls that belong together, under one label (a setting with its two buttons)."""
    BUTTON = "button"
    TOGGLE = "toggle"
    """A button that stays pressed or not (``state``): a card of your hand, a switch."""


@dataclass(frozen=True, slots=True)
class Node:
    """One element of a scene's mirror."""

    role: Role
    name: str = ""
    action: str = ""
    """What activating it does, as the scene names it (``mirror_activate``); "" for none."""
    state: bool | None = None
    """A toggle's pressed state."""
    children: tuple[Node, ...] = ()
    detail: str = ""
    """A longer explanation read after the name (an option's sentence)."""
    enabled: bool = True
    level: int = 2
    """A heading's level (the scene's own title is 1)."""


Box = tuple[int, int, int, int]
"""A rectangle in window pixels (the canvas's): x, y, width, height."""


class Area(Protocol):
    """A rectangle with integer ``x``, ``y``, ``w`` and ``h`` (the table's ``Rect``, a
    ``pygame.Rect``)."""

    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def w(self) -> int: ...
    @property
    def h(self) -> int: ...


def box(area: Area) -> Box:
    """``area`` as a ``Box``."""
    return (area.x, area.y, area.w, area.h)


# --------------------------------------------------------------------------- building trees


def region(name: str, *children: Node | None) -> Node:
    """A labelled section; a None child (a part the scene lacks now) is left out."""
    return Node(Role.REGION, name, children=tuple(c for c in children if c is not None))


def heading(name: str, level: int = 2) -> Node:
    return Node(Role.HEADING, name, level=level)


def text(name: str) -> Node:
    return Node(Role.TEXT, name)


def button(name: str, action: str, enabled: bool = True, detail: str = "") -> Node:
    return Node(Role.BUTTON, name, action, enabled=enabled, detail=detail)


def toggle(name: str, action: str, pressed: bool, enabled: bool = True,
           detail: str = "") -> Node:
    return Node(Role.TOGGLE, name, action, bool(pressed), enabled=enabled, detail=detail)


def listing(name: str, items: Iterable[Node | str]) -> Node:
    """A list named ``name``; a string item is a plain line."""
    return Node(Role.LIST, name, children=tuple(
        Node(Role.ITEM, i) if isinstance(i, str) else
        (i if i.role is Role.ITEM else Node(Role.ITEM, children=(i,))) for i in items))


def group(name: str, *children: Node, detail: str = "") -> Node:
    return Node(Role.GROUP, name, children=tuple(children), detail=detail)


def scene_tree(title: str, *children: Node | None) -> Node:
    """A scene's root: a region named by its title, the title as its first heading."""
    return region(title, heading(title, 1), *children)


# --------------------------------------------------------------------------- reading trees


def walk(node: Node) -> Iterator[Node]:
    """Every node of the tree, in reading order (the page's order and its Tab order)."""
    yield node
    for c in node.children:
        yield from walk(c)


def actions(node: Node | None) -> dict[str, Node]:
    """The live controls of a tree by action (a disabled one cannot be activated)."""
    if node is None:
        return {}
    return {n.action: n for n in walk(node) if n.action and n.enabled}


def find(node: Node, name: str, role: Role | None = None) -> Node | None:
    """The first node called ``name`` (of ``role``), or None."""
    return next((n for n in walk(node) if n.name == name and (role is None or n.role is role)),
                None)


def page_data(node: Node | None, places: Mapping[str, Box] | None = None
              ) -> dict[str, Any] | None:
    """The tree as the page renders it: short keys, defaults left out (a frame's payload is
    compared whole, so it stays small); names and descriptions ``spoken`` (suit symbols in
    words); a button or toggle whose action has a place in ``places`` carries it (``b``)."""
    if node is None:
        return None
    out: dict[str, Any] = {"r": node.role.value}
    if node.name:
        out["n"] = spoken(node.name)
    if node.action:
        out["a"] = node.action
    if node.state is not None:
        out["p"] = node.state
    if node.detail:
        out["d"] = spoken(node.detail)
    if not node.enabled:
        out["x"] = 1
    if node.role is Role.HEADING:
        out["l"] = node.level
    if places and node.role in (Role.BUTTON, Role.TOGGLE) and node.action in places:
        out["b"] = list(places[node.action])
    if node.children:
        out["c"] = [page_data(c, places) for c in node.children]
    return out


# --------------------------------------------------------------------------- the app's side

Where = tuple[tuple[int, int], dict[str, Box]]
"""A scene's window size and where it draws its mirror's controls (``Scene.mirror_places``)."""


def where(scene: Scene | None) -> Where | None:
    """Where ``scene`` draws its mirror's controls now, and in which window."""
    return None if scene is None else (scene.app.size, scene.mirror_places())


LOG_KEPT = 30
"""Lines of the live log the page keeps (it speaks each once, as it arrives)."""
REFRESH_FRAMES = 6
"""Frames between two looks at an unchanged scene (a tenth of a second at 60 frames a
second): building a table's tree costs about half a millisecond natively, too much to spend
every frame. An activation, a new scene or a new log line is sent at once."""


class Mirror:
    """The live log's lines, and the page's side of the mirror for the app (one per app)."""

    def __init__(self, live: bool | None = None):
        self.live = platform.IS_BROWSER if live is None else live
        """Whether a page is there to show it (the browser); else nothing is sent."""
        self.lines: deque[tuple[int, str]] = deque(maxlen=LOG_KEPT)
        self.said = 0
        """Lines announced so far (each line's number, so the page adds only new ones)."""
        self._sent: str | None = None
        self._tree: Node | None = None
        self._where: Where | None = None
        self._scene: Scene | None = None
        self._heard = 0
        self._wait = 0

    def announce(self, line: str) -> None:
        """Say ``line`` in the live log (once; an empty line says nothing)."""
        if line:
            self.said += 1
            self.lines.append((self.said, spoken(line)))

    def take(self, scene: Scene | None) -> None:
        """Hand the page's activations and focus moves to ``scene`` (the top scene), at the
        start of a frame, as input is."""
        if not self.live or scene is None:
            return
        inbox = platform.mirror_inbox()
        if inbox:
            self._wait = 0
        for kind, action in inbox:
            if kind == "activate":
                scene.mirror_activate(action)
            elif kind == "focus":
                scene.mirror_focus(action)

    def payload(self, scene: Scene | None) -> str:
        """What the page is sent for ``scene`` now: its tree, where its controls are drawn
        and the log's lines."""
        return self._payload(scene.mirror() if scene is not None else None, where(scene))

    def _payload(self, tree: Node | None, at: Where | None) -> str:
        size, places = at or ((0, 0), {})
        data: dict[str, Any] = {"tree": page_data(tree, places), "log": list(self.lines)}
        if places:
            data["at"] = list(size)  # the window the places are measured in
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def publish(self, scene: Scene | None) -> None:
        """Send the mirror to the page when it changed (never the same payload twice),
        looking every ``REFRESH_FRAMES`` frames, and at once after an activation, a scene
        change or a new line."""
        if not self.live:
            return
        if scene is self._scene and self.said == self._heard and self._wait > 0:
            self._wait -= 1
            return
        new_lines = self.said != self._heard
        self._scene, self._heard, self._wait = scene, self.said, REFRESH_FRAMES - 1
        tree = scene.mirror() if scene is not None else None
        at = where(scene)
        if tree is self._tree and at == self._where and tree is not None and not new_lines:
            return  # the very tree sent last (a scene that keeps its tree): nothing to do
        self._tree, self._where = tree, at
        data = self._payload(tree, at)
        if data != self._sent:
            self._sent = data
            platform.mirror_show(data)
