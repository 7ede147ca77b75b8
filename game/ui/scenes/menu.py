"""A column of big buttons under a heading: the title screen, pause, the cover screen.

``menu_layout`` is a pure function of the window size: it puts the buttons in one centred
column (each ``Metrics.target`` tall, never below 44 px) below a block of ``head`` pixels kept
for the scene's own art and heading. ``MenuScene`` drives and draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import mirror, theme, widgets
from ..mirror import Box, Node
from ..pointer import P, Pointer
from ..scene import Scene
from .page import FooterButton, Metrics, metrics


@dataclass(frozen=True)
class MenuLayout:
    m: Metrics
    head: pygame.Rect
    """The room above the buttons (art, heading)."""
    buttons: tuple[widgets.Button, ...]
    panel: pygame.Rect | None
    """The box behind everything, for modal menus."""


def menu_layout(size, items, head_h: float, boxed: bool = False) -> MenuLayout:
    """Buttons for ``items`` (FooterButton values) in a centred column; ``head_h`` is the
    share of the height wanted above them (it shrinks first when the window is short). A
    window too short for one column (a phone on its side) gets two, side by side."""
    w, h = size
    m = metrics(size)
    pad = m.pad + m.gap if boxed else 0
    col_w = max(160, min(w - 2 * m.margin - 2 * pad, round(340 * m.s)))
    n = len(items)
    bh = m.target + round(4 * m.s)
    gap = m.gap
    room = h - 2 * m.margin - 2 * pad
    least_head = round(60 * m.s)
    cols = 1
    if n * bh + (n - 1) * gap + m.gap + least_head > room and \
            2 * col_w + gap <= w - 2 * m.margin - 2 * pad:
        cols = 2
    per_col = -(-n // cols)
    stack_h = per_col * bh + max(0, per_col - 1) * gap
    width = cols * col_w + (cols - 1) * gap
    head = max(least_head, min(round(h * head_h), room - stack_h - m.gap))
    if boxed:
        panel = pygame.Rect(0, 0, width + 2 * pad, head + m.gap + stack_h + 2 * pad)
        panel.center = (w // 2, h // 2)
        top = panel.y + pad
    else:
        panel = None
        top = max(m.margin, (h - head - m.gap - stack_h) // 2)
    head_rect = pygame.Rect((w - width) // 2, top, width, head)
    buttons = []
    for i, item in enumerate(items):
        col, row = divmod(i, per_col)
        r = pygame.Rect(head_rect.x + col * (col_w + gap),
                        head_rect.bottom + m.gap + row * (bh + gap), col_w, bh)
        buttons.append(widgets.Button(r, item.label, item.key, item.enabled, item.primary))
    return MenuLayout(m, head_rect, tuple(buttons), panel)


class MenuScene(Scene):
    """A heading and a column of buttons. Subclasses give ``items()``, ``draw_head`` and
    ``activate(key)``; Escape calls ``back()``."""

    head_share = 0.4
    boxed = False

    def __init__(self, app):
        super().__init__(app)
        self._press: str | None = None
        self.focus: str | None = None
        """The button the keyboard is on (arrows and Tab move it; Enter presses it)."""

    def items(self) -> list[FooterButton]:
        return []

    def activate(self, key: str) -> None:
        """Button ``key`` was tapped."""

    def back(self) -> None:
        """Escape."""

    def heading(self) -> tuple[str, str]:
        """The heading drawn above the buttons and its line under it (the mirror's too)."""
        return ("", "")

    def mirror(self) -> Node:
        title, sub = self.heading()
        return mirror.scene_tree(title, *([mirror.text(sub)] if sub else []),
                                 *(mirror.button(i.label, i.key, i.enabled)
                                   for i in self.items()))

    def mirror_activate(self, action: str) -> None:
        if action in mirror.actions(self.mirror()):
            self.activate(action)

    def mirror_focus(self, action: str) -> None:
        """The canvas rings the button the mirror's focus is on."""
        if any(i.key == action and i.enabled for i in self.items()):
            self.focus = action

    def mirror_places(self) -> dict[str, Box]:
        """Each button where the menu draws it (and a tap finds it)."""
        return {b.key: mirror.box(b.rect) for b in self.layout().buttons}

    def layout(self) -> MenuLayout:
        return menu_layout(self.app.size, tuple(self.items()), self.head_share, self.boxed)

    def _hit(self, pos) -> str | None:
        for b in self.layout().buttons:
            if b.hit(pos):
                return b.key
        return None

    def pointer(self, e: Pointer) -> None:
        if e.kind is P.DOWN:
            self.focus = None
            self._press = self._hit(e.pos)
        elif e.kind is P.TAP:
            key = self._hit(e.pos)
            self._press = None
            if key is not None and key == self._hit(e.start):
                self.activate(key)
        elif e.kind is not P.DRAG or self._hit(e.pos) != self._press:
            self._press = None

    def key(self, event) -> None:
        k = event.key
        live = [item.key for item in self.items() if item.enabled]
        if k in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.back()
        elif k in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB) and live:
            back = k == pygame.K_UP or (k == pygame.K_TAB
                                        and getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if self.focus in live:
                self.focus = live[(live.index(self.focus) + (-1 if back else 1)) % len(live)]
            else:
                self.focus = live[-1 if back else 0]
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus in live:
            self.activate(self.focus)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for item in self.items():
                if item.primary and item.enabled:
                    self.activate(item.key)
                    return

    def resize(self, size) -> None:
        self._press = None

    def draw_head(self, surface: pygame.Surface, lay: MenuLayout) -> None:
        """The art and heading above the buttons."""

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.draw_felt(surface)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout()
        self.draw_background(surface)
        if lay.panel is not None:
            widgets.draw_panel(surface, lay.panel, fill=(10, 44, 30, 235),
                               radius=lay.m.radius, border=(255, 255, 255, 30))
        self.draw_head(surface, lay)
        for b in lay.buttons:
            widgets.draw_button(surface, b, self._press == b.key)
            if b.key == self.focus:
                widgets.draw_focus_ring(surface, b.rect, lay.m.radius)


def draw_heading(surface, lay: MenuLayout, title: str, subtitle: str = "",
                 px_share: float = 1.0, most: int = 2) -> None:
    """A title (and up to ``most`` lines under it) at the bottom of the menu's head block."""
    m, head = lay.m, lay.head
    px = theme.fit_px(title, round(m.title_px * 1.2 * px_share), head.w, True)
    lines = theme.wrap(subtitle, m.body_px, head.w)[:most] if subtitle else []
    sub_h = len(lines) * theme.line_height(m.body_px)
    y = head.bottom - sub_h - m.gap // 2 - theme.line_height(px) // 2
    theme.text(surface, title, px, (head.centerx, y), theme.INK, "center", True)
    if lines:
        theme.draw_text_block(surface, lines, m.body_px, (head.centerx, head.bottom - sub_h),
                              theme.INK_DIM, align="center")
