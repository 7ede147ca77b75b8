"""Pages: a title, a scrollable panel of rows, and a footer of buttons.

Every menu-like scene (new game, settings, rules, the hand summary, the match result) is a
page: it lists frozen row values, and this module lays them out as a pure function of the
window size and draws and drives them. Rows measure and draw themselves; a field row carries a
control (toggle, stepper, choice, button) whose targets the page hit-tests. Content taller than
the panel scrolls by dragging (touch or mouse), the wheel or the keyboard, so nothing is ever
off-screen at 360x640 and every target is at least ``widgets.MIN_TARGET`` tall.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from .. import mirror, theme, widgets
from ..mirror import Box, Node
from ..pointer import P, Pointer
from ..scene import Scene

# --------------------------------------------------------------------------- metrics


@dataclass(frozen=True, slots=True)
class Metrics:
    """Sizes for one window: everything scales together with ``s``."""

    s: float
    margin: int
    gap: int
    target: int
    """Height of a control: a finger's target, never below ``widgets.MIN_TARGET``."""
    title_px: int
    label_px: int
    body_px: int
    small_px: int
    radius: int
    pad: int
    """Inner padding of the panel."""


def metrics(size: tuple[int, int]) -> Metrics:
    """Sizes for a window of ``size``: a 390-px phone is scale 1, big screens grow to 1.6."""
    w, h = size
    s = max(1.0, min(w / 390, h / 600, 1.6))
    return Metrics(s=s, margin=round(14 * s), gap=round(10 * s),
                   target=max(widgets.MIN_TARGET, round(46 * s * theme.control_scale())),
                   title_px=round(26 * s),
                   label_px=round(17 * s), body_px=round(16 * s), small_px=round(14 * s),
                   radius=round(14 * s), pad=round(14 * s))


TILE_WIDTH = 330
"""Least width of a tile at scale 1: two fit beside each other on a desktop panel."""


def narrow(m: Metrics, width: int) -> bool:
    """Whether a row of ``width`` is too narrow for a control beside its label."""
    return width < 500 * min(m.s, 1.25) * theme.text_scale()


# --------------------------------------------------------------------------- rows


@dataclass(frozen=True, slots=True)
class Target:
    """A place that acts when tapped: ``key`` names the control, ``part`` which bit of it."""

    key: str
    part: str
    rect: pygame.Rect


class Row:
    """A row of a page's panel. ``measure`` is pure; ``targets`` and ``draw`` place the row at
    a rect in content coordinates (the page scrolls them)."""

    __slots__ = ()
    tile = False
    """Tiles (a player's hand in the summary) sit side by side where the panel is wide."""

    def measure(self, m: Metrics, width: int) -> int:
        raise NotImplementedError

    def targets(self, m: Metrics, rect: pygame.Rect) -> list[Target]:
        return []

    def draw(self, surface: pygame.Surface, m: Metrics, rect: pygame.Rect, pressed) -> None:
        raise NotImplementedError

    def mirror(self) -> tuple[Node, ...]:
        """The row for the accessible mirror (``game.ui.mirror``): what it says and does."""
        return ()


@dataclass(frozen=True, slots=True)
class Heading(Row):
    """A section title inside the panel."""

    text: str

    def measure(self, m, width):
        return m.gap + len(theme.wrap(self.text, m.label_px + 2, width, True)) * \
            theme.line_height(m.label_px + 2) + m.gap // 2

    def draw(self, surface, m, rect, pressed):
        theme.draw_text_block(surface, theme.wrap(self.text, m.label_px + 2, rect.w, True),
                              m.label_px + 2, (rect.x, rect.y + m.gap), theme.INK, True)

    def mirror(self):
        return (mirror.heading(self.text),)


@dataclass(frozen=True, slots=True)
class Text(Row):
    """A paragraph (``bullet``: a list item with a dot)."""

    text: str
    bullet: bool = False
    dim: bool = False
    centre: bool = False
    said: str = ""
    """The paragraph for the ear where it differs from ``text`` (numbers below zero said
    ``minus 80``); empty: the mirror reads ``text``."""

    def mirror(self):
        said = self.said or self.text
        return (Node(mirror.Role.ITEM, said) if self.bullet else mirror.text(said),)

    def _lines(self, m, width):
        indent = round(16 * m.s) if self.bullet else 0
        return indent, theme.wrap(self.text, m.body_px, max(20, width - indent))

    def measure(self, m, width):
        _, lines = self._lines(m, width)
        return len(lines) * theme.line_height(m.body_px) + m.gap // 2

    def draw(self, surface, m, rect, pressed):
        indent, lines = self._lines(m, rect.w)
        colour = theme.INK_DIM if self.dim else theme.INK
        if self.bullet:
            r = max(2, round(3 * m.s))
            pygame.draw.circle(surface, theme.ACCENT,
                               (rect.x + r + 1, rect.y + theme.line_height(m.body_px) // 2), r)
        if self.centre:
            theme.draw_text_block(surface, lines, m.body_px, (rect.centerx, rect.y), colour,
                                  align="center")
        else:
            theme.draw_text_block(surface, lines, m.body_px, (rect.x + indent, rect.y), colour)


TOGGLE, STEPPER, CHOICE, BUTTON = "toggle", "stepper", "choice", "button"


@dataclass(frozen=True, slots=True)
class Field(Row):
    """A labelled control with an optional one-sentence explanation under it.

    ``kind`` is TOGGLE (``value`` a bool; the whole row is its target), STEPPER (``value`` a
    number within ``low``..``high``; targets "-" and "+"), CHOICE (``value`` the index of the
    current one of ``names``; "-" goes back, "+" forward) or BUTTON (``value`` its label).
    The controls are the LOOK widgets; the row adds the wrapped label and explanation."""

    key: str
    label: str
    kind: str
    value: bool | int | str
    explain: str = ""
    enabled: bool = True
    low: int = 0
    high: int = 0
    names: tuple[str, ...] = ()

    def mirror(self):
        """A toggle button (pressed = on), a button, or a group of the value and its two
        buttons (stepper, choice); the explanation is each control's description."""
        act = f"{self.key}|"
        if self.kind == TOGGLE:
            return (mirror.toggle(self.label, act, bool(self.value), self.enabled,
                                  self.explain),)
        if self.kind == BUTTON:  # "Seed: Random"; a label that says the button's verb
            value = str(self.value)  # ("Replay this hand": Replay) is its description
            if self.label.lower().startswith(value.lower()):
                return (mirror.button(value, act, self.enabled,
                                      " ".join(filter(None, (self.label + ".", self.explain)))),)
            return (mirror.button(f"{self.label}: {value}", act, self.enabled, self.explain),)
        if self.kind == STEPPER:
            shown, back, on = str(self.value), self.value > self.low, self.value < self.high
        else:
            shown = self.names[int(self.value)] if self.names else ""
            back = on = len(self.names) > 1
        now = f"Now {shown}."
        return (mirror.group(
            self.label, mirror.text(f"{self.label}: {shown}"),
            mirror.button(f"{self.label}, previous", act + "-", self.enabled and back, now),
            mirror.button(f"{self.label}, next", act + "+", self.enabled and on, now),
            detail=self.explain),)

    # --- geometry (pure)

    def _control_width(self, m, width):
        if self.kind == TOGGLE:
            return round(64 * m.s * theme.control_scale())
        if self.kind == STEPPER:
            return 3 * m.target
        return width if narrow(m, width) else min(round(320 * m.s), width * 46 // 100)

    def _below(self, m, width):
        """Whether the control sits under the text (choices and buttons on a narrow panel)."""
        below = (CHOICE, BUTTON, STEPPER) if theme.text_scale() > 1 else (CHOICE, BUTTON)
        return self.kind in below and narrow(m, width)

    def _text(self, m, width):
        cw = self._control_width(m, width)
        text_w = width if self._below(m, width) else width - cw - m.gap
        label = theme.wrap(self.label, m.label_px, max(40, text_w), True)
        explain_w = width if narrow(m, width) else text_w
        explain = theme.wrap(self.explain, m.small_px, max(40, explain_w)) if self.explain \
            else []
        return cw, label, explain

    def _heights(self, m, width):
        _, label, explain = self._text(m, width)
        return (len(label) * theme.line_height(m.label_px),
                len(explain) * theme.line_height(m.small_px))

    def measure(self, m, width):
        lh, eh = self._heights(m, width)
        if self._below(m, width):
            return m.gap + lh + eh + m.gap + m.target + m.gap
        if narrow(m, width):
            return m.gap + max(lh, m.target) + (eh + m.gap // 2 if eh else 0) + m.gap
        return m.gap + max(lh + eh, m.target) + m.gap

    def control_rect(self, m, rect: pygame.Rect) -> pygame.Rect:
        cw, _, _ = self._text(m, rect.w)
        lh, eh = self._heights(m, rect.w)
        if self._below(m, rect.w):
            return pygame.Rect(rect.x, rect.bottom - m.gap - m.target, rect.w, m.target)
        beside = lh if narrow(m, rect.w) else lh + eh
        top = rect.y + m.gap + max(0, (beside - m.target) // 2)
        return pygame.Rect(rect.right - cw, top, cw, m.target)

    def widget(self, m, rect: pygame.Rect):
        """The LOOK widget that draws this row's control (and says where its parts are)."""
        c = self.control_rect(m, rect)
        if self.kind == TOGGLE:
            return widgets.Toggle(c, "", self.key, bool(self.value), self.enabled)
        if self.kind == STEPPER:
            return widgets.Stepper(c, "", self.key, int(self.value), self.low, self.high,
                                   enabled=self.enabled)
        if self.kind == CHOICE:
            # the widget sizes its box to the values, up to 3/5 of its rect: a rect 5/3 of
            # the control lets the box use all of it (the label part is empty)
            wide = pygame.Rect(c.right - c.w * 5 // 3, c.y, c.w * 5 // 3, c.h)
            return widgets.Choice(wide, "", self.key, tuple(range(len(self.names))),
                                  int(self.value), self.names, self.enabled)
        return widgets.Button(c, str(self.value), self.key, self.enabled)

    def targets(self, m, rect):
        if not self.enabled:
            return []
        w = self.widget(m, rect)
        if self.kind == TOGGLE:
            return [Target(self.key, "", rect.copy())]
        if self.kind == STEPPER:
            out = []
            if self.value > self.low:
                out.append(Target(self.key, "-", w.minus_rect))
            if self.value < self.high:
                out.append(Target(self.key, "+", w.plus_rect))
            return out
        if self.kind == CHOICE:
            if len(self.names) < 2:
                return []
            box = w.box
            half = box.w // 2  # the widget's own rule: left half back, right half on
            return [Target(self.key, "-", pygame.Rect(box.x, box.y, half, box.h)),
                    Target(self.key, "+", pygame.Rect(box.x + half, box.y, box.w - half,
                                                      box.h))]
        return [Target(self.key, "", w.rect)]

    # --- drawing

    def draw(self, surface, m, rect, pressed):
        _, label, explain = self._text(m, rect.w)
        ink = theme.INK if self.enabled else theme.INK_DIM
        lh, _ = self._heights(m, rect.w)
        y = rect.y + m.gap
        if narrow(m, rect.w) and not self._below(m, rect.w) and lh < m.target:
            y += (m.target - lh) // 2  # a short label centred on the control beside it
        theme.draw_text_block(surface, label, m.label_px, (rect.x, y), ink, True)
        y += lh
        if narrow(m, rect.w) and not self._below(m, rect.w):
            y = max(y, rect.y + m.gap + m.target) + m.gap // 2
        theme.draw_text_block(surface, explain, m.small_px, (rect.x, y), theme.INK_DIM)
        w = self.widget(m, rect)
        if self.kind == TOGGLE:
            widgets.draw_toggle(surface, w)
        elif self.kind == STEPPER:
            widgets.draw_stepper(surface, w)
        elif self.kind == CHOICE:
            widgets.draw_choice(surface, w)
        else:
            widgets.draw_button(surface, w, pressed is not None and pressed[0] == self.key)


PANEL_FILL = (6, 36, 24, 150)
"""The page's panel: a darker, translucent pane of the felt (the widgets are drawn for it)."""
MODAL_FILL = (7, 34, 23, 255)
"""The panel of a page over the table."""
CARD_FILL = (14, 58, 39, 255)
"""The card a page over the table stands on (opaque, so the cards beneath do not show)."""
LINE = (255, 255, 255, 26)
"""The panel's edge."""
HAIRLINE = (38, 84, 62)
"""Lines between fields (opaque: drawn straight onto the frame)."""


# --------------------------------------------------------------------------- page layout


@dataclass(frozen=True, slots=True)
class FooterButton:
    """A button under the panel (Start, Back, Next hand...)."""

    key: str
    label: str
    primary: bool = False
    enabled: bool = True


@dataclass(frozen=True)
class PageLayout:
    """Where everything of a page goes, for one window size (pure)."""

    m: Metrics
    title_pos: tuple[int, int]
    subtitle_pos: tuple[int, int]
    panel: pygame.Rect
    """The panel box on screen; its content scrolls inside ``view``."""
    view: pygame.Rect
    rows: tuple[pygame.Rect, ...]
    """Each row's rect in content coordinates (0 = top of the content)."""
    content_h: int
    footer: tuple[widgets.Button, ...]
    back: widgets.Button | None
    targets: tuple[tuple[Target, ...], ...] = field(default=())
    """Each row's targets in content coordinates."""

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)


def page_layout(size, title: str, rows, footer, has_back: bool,
                subtitle: str = "") -> PageLayout:
    """Lay out a page for a window of ``size``: title on the felt, the panel of ``rows``
    (scrolling when taller than the room), the ``footer`` buttons below."""
    w, h = size
    m = metrics(size)
    col_w = max(200, min(w - 2 * m.margin, round(700 * m.s)))
    x0 = (w - col_w) // 2
    # header: optional back button at the left, title centred
    header_h = m.target + 2 * m.margin // 2
    back = None
    if has_back:
        bw = max(round(92 * m.s), min(round(92 * m.s * theme.text_scale()), col_w // 4))
        back = widgets.Button(pygame.Rect(x0, m.margin // 2 + 2, bw, m.target), "\u2190 Back",
                              "back")
    title_pos = (w // 2, m.margin // 2 + 2 + m.target // 2)
    y = m.margin // 2 + 2 + header_h
    subtitle_pos = (w // 2, y)
    if subtitle:
        y += theme.line_height(m.small_px) + m.gap // 2
    # footer: side by side when each gets room, else stacked
    n = len(footer)
    buttons = []
    if n:
        each = (col_w - m.gap * (n - 1)) // n
        side = each >= round(130 * m.s)
        rows_n = 1 if side else n
        fh = rows_n * m.target + (rows_n - 1) * m.gap
        fy = h - m.margin - fh
        if side:
            bw = min(each, round(260 * m.s))
            total = bw * n + m.gap * (n - 1)
            bx = (w - total) // 2
            for i, b in enumerate(footer):
                r = pygame.Rect(bx + i * (bw + m.gap), fy, bw, m.target)
                buttons.append(widgets.Button(r, b.label, b.key, b.enabled, b.primary))
        else:
            order = sorted(footer, key=lambda b: not b.primary)  # the main action on top
            for i, b in enumerate(order):
                r = pygame.Rect(x0, fy + i * (m.target + m.gap), col_w, m.target)
                buttons.append(widgets.Button(r, b.label, b.key, b.enabled, b.primary))
        bottom = fy - m.gap
    else:
        bottom = h - m.margin
    panel = pygame.Rect(x0, y, col_w, max(m.target, bottom - y))
    view = panel.inflate(-2 * m.pad, -2 * (m.pad // 2))
    inner_w = view.w - round(6 * m.s)  # room for the scroll bar
    rects, targets, cy = [], [], 0
    cols = max(1, min(2, (inner_w + m.gap * 2) // round(TILE_WIDTH * m.s)))
    tile_w = (inner_w - (cols - 1) * m.gap * 2) // cols
    i = 0
    while i < len(rows):
        n = 1
        if rows[i].tile:  # tiles side by side: as many in a line as fit
            while n < cols and i + n < len(rows) and rows[i + n].tile:
                n += 1
        width = inner_w if n == 1 and not rows[i].tile else tile_w
        line_h = max(row.measure(m, width) for row in rows[i:i + n])
        for k, row in enumerate(rows[i:i + n]):
            r = pygame.Rect(k * (tile_w + m.gap * 2), cy, width, line_h)
            rects.append(r)
            targets.append(tuple(row.targets(m, r)))
        cy += line_h
        i += n
    return PageLayout(m, title_pos, subtitle_pos, panel, view, tuple(rects), cy,
                      tuple(buttons), back, tuple(targets))


# --------------------------------------------------------------------------- the scene


@lru_cache(maxsize=4)
def veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A dark sheet over the scene beneath a modal (cached: a full-window alpha surface)."""
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((0, 0, 0, alpha))
    return sheet



class PageScene(Scene):
    """A scene that is one page. Subclasses give ``title``, ``rows()``, ``footer()`` and act
    in ``activate(key, part)``; Escape and the back button call ``back()``."""

    title = ""
    has_back = True
    dim_below = False
    """Modal pages (summary, result) draw a dark veil over the table beneath."""

    def __init__(self, app):
        super().__init__(app)
        self.scroll = 0
        self._press: tuple[str, str] | None = None
        self._drag_from: int | None = None
        self._cache_key = None
        self._layout: PageLayout | None = None
        self.focus: str | None = None
        """The control the keyboard is on (Tab moves it), shown only after a key press."""
        self._keyboard = False

    # --- what subclasses give

    def subtitle(self) -> str:
        return ""

    def title_forms(self) -> tuple[str, ...]:
        """The title, then shorter ways of saying it, each shorter than the one before: a
        narrow page at a large text size draws the first that fits at three quarters of the
        title's size or more (the mirror reads ``title`` whole)."""
        return (self.title,)

    def rows(self) -> list[Row]:
        return []

    def footer(self) -> list[FooterButton]:
        return []

    def activate(self, key: str, part: str) -> None:
        """The control ``key`` (its ``part``) was tapped."""

    def back(self) -> None:
        """Leave this page (Escape, the back button)."""
        self.app.scenes.remove(self)

    def primary(self) -> None:
        """Enter: the footer's main action, if there is one."""
        for b in self.footer():
            if b.primary and b.enabled:
                self.activate(b.key, "")
                return

    # --- the accessible mirror

    def mirror(self) -> Node:
        """The page as the mirror shows it: Back, the subtitle, the rows (bullets as one
        list), the footer's buttons; a control's action is ``key|part``."""
        nodes: list[Node] = []
        if self.has_back:
            nodes.append(mirror.button("Back", "back"))
        if sub := self.subtitle():
            nodes.append(mirror.text(sub))
        items: list[Node] = []
        for row in self.rows():
            for node in row.mirror():
                if node.role is mirror.Role.ITEM:
                    items.append(node)
                    continue
                if items:
                    nodes.append(mirror.listing("", items))
                    items = []
                nodes.append(node)
        if items:
            nodes.append(mirror.listing("", items))
        nodes += [mirror.button(b.label, f"{b.key}|", b.enabled) for b in self.footer()]
        return mirror.scene_tree(self.title, *nodes)

    def mirror_activate(self, action: str) -> None:
        if action not in mirror.actions(self.mirror()):
            return
        if action == "back":
            self.back()
        else:
            key, _, part = action.partition("|")
            self.activate(key, part)

    def mirror_focus(self, action: str) -> None:
        """The canvas rings the control the mirror's focus is on, scrolled into view."""
        key = action.partition("|")[0]
        for item in self.focusables():
            if item[0] == key:
                self._focus_on(item)
                return

    def mirror_places(self) -> dict[str, Box]:
        """The back and footer buttons, and the part of each row's control the panel shows
        now (none for one scrolled out of it): the targets a tap hits (``_hit``)."""
        lay = self.layout()
        out = {f"{b.key}|": mirror.box(b.rect) for b in lay.footer}
        if lay.back is not None:
            out["back"] = mirror.box(lay.back.rect)
        for targets in lay.targets:
            for t in targets:
                shown = t.rect.move(lay.view.x, lay.view.y - self.scroll).clip(lay.view)
                if shown.w and shown.h:
                    out[f"{t.key}|{t.part}"] = mirror.box(shown)
        return out

    # --- layout

    def layout(self) -> PageLayout:
        rows = tuple(self.rows())
        key = (self.app.size, rows, tuple(self.footer()), self.title, self.subtitle())
        layout = self._layout
        if key != self._cache_key or layout is None:
            layout = self._layout = page_layout(self.app.size, self.title, rows, key[2],
                                                self.has_back, key[4])
            self._cache_key = key
            self.scroll = max(0, min(self.scroll, layout.max_scroll))
        return layout

    def _hit(self, pos) -> tuple[str, str] | None:
        lay = self.layout()
        if lay.back is not None and lay.back.hit(pos):
            return ("back", "")
        for b in lay.footer:
            if b.hit(pos):
                return (b.key, "") if b.enabled else None
        if not lay.view.collidepoint(pos):
            return None
        cx, cy = pos[0] - lay.view.x, pos[1] - lay.view.y + self.scroll
        for targets in lay.targets:
            for t in targets:
                if t.rect.collidepoint(cx, cy):
                    return (t.key, t.part)
        return None

    # --- input

    def pointer(self, e: Pointer) -> None:
        lay = self.layout()
        if e.kind is P.DOWN:
            self._keyboard = False
            self._press = self._hit(e.pos)
            self._drag_from = self.scroll if lay.view.collidepoint(e.pos) else None
        elif e.kind is P.DRAG:
            self._press = None
            if self._drag_from is not None:
                self.scroll_to(self._drag_from - (e.pos[1] - e.start[1]))
        elif e.kind is P.TAP:
            hit = self._hit(e.pos)
            self._press = self._drag_from = None
            if hit is not None and hit == self._hit(e.start):
                if hit[0] == "back":
                    self.back()
                else:
                    self.activate(*hit)
        else:
            self._press = self._drag_from = None

    def key(self, event) -> None:
        lay = self.layout()
        line = theme.line_height(lay.m.body_px) * 2
        k = event.key
        if k == pygame.K_ESCAPE or k == pygame.K_AC_BACK:
            self.back()
        elif k == pygame.K_TAB:
            self.move_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._focused() is not None:
            key, parts, _ = self._focused()
            self.activate(key, "+" if "+" in parts else parts[0])
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self._focused() is not None:
            key, parts, _ = self._focused()
            part = "-" if k == pygame.K_LEFT else "+"
            if part in parts:
                self.activate(key, part)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.primary()
        elif k == pygame.K_DOWN:
            self.scroll_to(self.scroll + line)
        elif k == pygame.K_UP:
            self.scroll_to(self.scroll - line)
        elif k == pygame.K_PAGEDOWN or k == pygame.K_SPACE:
            self.scroll_to(self.scroll + lay.view.h * 9 // 10)
        elif k == pygame.K_PAGEUP:
            self.scroll_to(self.scroll - lay.view.h * 9 // 10)
        elif k == pygame.K_HOME:
            self.scroll_to(0)
        elif k == pygame.K_END:
            self.scroll_to(lay.max_scroll)

    # --- keyboard focus

    def focusables(self) -> list[tuple[str, tuple[str, ...], pygame.Rect, bool]]:
        """Every control a key can reach, in reading order: (key, its parts, its rect, whether
        the rect is in content coordinates)."""
        lay = self.layout()
        out = []
        for targets in lay.targets:
            by_key: dict[str, list[Target]] = {}
            for t in targets:
                by_key.setdefault(t.key, []).append(t)
            for key, ts in by_key.items():
                rect = ts[0].rect.unionall([t.rect for t in ts[1:]])
                out.append((key, tuple(t.part for t in ts), rect, True))
        out += [(b.key, ("",), b.rect, False) for b in lay.footer if b.enabled]
        return out

    def _focused(self):
        if not self._keyboard:
            return None
        for key, parts, rect, _ in self.focusables():
            if key == self.focus:
                return key, parts, rect
        return None

    def move_focus(self, step: int) -> None:
        """Tab to the next control (Shift-Tab: the previous), scrolled into view."""
        items = self.focusables()
        if not items:
            return
        keys = [i[0] for i in items]
        if self._keyboard and self.focus in keys:
            at = (keys.index(self.focus) + step) % len(keys)
        else:
            at = 0 if step > 0 else len(keys) - 1
        self._focus_on(items[at])

    def _focus_on(self, item: tuple[str, tuple[str, ...], pygame.Rect, bool]) -> None:
        """Put the keyboard's focus on ``item`` (of ``focusables``), scrolled into view."""
        self._keyboard = True
        self.focus, _, rect, in_content = item
        if in_content:
            view = self.layout().view
            if rect.y < self.scroll:
                self.scroll_to(rect.y - view.h // 4)
            elif rect.bottom > self.scroll + view.h:
                self.scroll_to(rect.bottom - view.h * 3 // 4)

    def _draw_focus(self, surface, lay: PageLayout) -> None:
        for key, _, rect, in_content in self.focusables():
            if key == self.focus:
                r = rect.move(lay.view.x, lay.view.y - self.scroll) if in_content else rect
                widgets.draw_focus_ring(surface, r, lay.m.radius // 2)
                return

    def wheel(self, dy: int) -> None:
        self.scroll_to(self.scroll - dy * theme.line_height(self.layout().m.body_px) * 3)

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(int(y), self.layout().max_scroll))

    def resize(self, size) -> None:
        self._press = self._drag_from = None
        self.layout()

    # --- drawing

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.dim_below:
            surface.blit(veil(surface.get_size(), 175), (0, 0))
        else:
            theme.draw_felt(surface)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout()
        m = lay.m
        self.draw_background(surface)
        if self.dim_below:  # one opaque card under title, panel and buttons: no table shows
            card = pygame.Rect(lay.panel.x - m.pad, m.margin // 3, lay.panel.w + 2 * m.pad,
                               surface.get_height() - 2 * (m.margin // 3))
            widgets.draw_panel(surface, card.clip(surface.get_rect()), fill=CARD_FILL,
                               radius=m.radius, border=LINE)
        room = lay.panel.w - (2 * (lay.back.rect.w + m.gap) if lay.back else 0)
        forms = self.title_forms()
        least = round(m.title_px * 0.75)
        title = next((t for t in forms if theme.text_width(t, least, True) <= room), forms[-1])
        px = theme.fit_px(title, m.title_px, room, True)
        theme.text(surface, theme.cut(title, px, room, True), px, lay.title_pos, theme.INK,
                   "center", True)
        if sub := self.subtitle():
            px = theme.fit_px(sub, m.small_px, lay.panel.w)
            theme.text(surface, theme.cut(sub, px, lay.panel.w), px, lay.subtitle_pos,
                       theme.INK_DIM, "midtop")
        if lay.back is not None:
            widgets.draw_button(surface, lay.back, self._press == ("back", ""))
        fill = MODAL_FILL if self.dim_below else PANEL_FILL
        surface.blit(theme.rounded(lay.panel.size, m.radius, fill, 1, LINE), lay.panel)
        self._draw_rows(surface, lay)
        for b in lay.footer:
            widgets.draw_button(surface, b, self._press == (b.key, ""))
        if self._keyboard:
            self._draw_focus(surface, lay)

    def _draw_rows(self, surface, lay: PageLayout) -> None:
        m, view = lay.m, lay.view
        rows = self.rows()
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        for i, (row, r) in enumerate(zip(rows, lay.rows)):
            top = view.y + r.y - self.scroll
            if top > view.bottom or top + r.h < view.y:
                continue
            placed = r.move(view.x, view.y - self.scroll)
            if i and isinstance(row, Field) and isinstance(rows[i - 1], Field):
                surface.fill(HAIRLINE, (placed.x, placed.y, placed.w, 1))
            row.draw(surface, m, placed, self._press)
        surface.set_clip(clip)
        if lay.max_scroll:
            track = pygame.Rect(lay.panel.right - round(7 * m.s), view.y, round(4 * m.s),
                                view.h)
            thumb_h = max(m.target // 2, view.h * view.h // lay.content_h)
            ty = view.y + (view.h - thumb_h) * self.scroll // lay.max_scroll
            surface.blit(theme.rounded((track.w, thumb_h), track.w // 2, (255, 255, 255, 70)),
                         (track.x, ty))
