"""Controls drawn from plain data: buttons, toggles, steppers, choices, a scrolling text list,
panels and the message strip that shows a refusal in place.

Each control is a frozen dataclass that knows its rect and answers hit tests; a scene keeps
the values, draws them with the ``draw_*`` functions and replaces them when they change
(``dataclasses.replace``). Nothing here needs a display: everything draws on any Surface.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from . import theme

MIN_TARGET = 44
"""Smallest height (and width) of anything a finger must hit, at scale 1."""


def _rect(value) -> pygame.Rect:
    return pygame.Rect(value)


def button_radius(height: int) -> int:
    """The corner radius of a control ``height`` tall."""
    return max(4, min(height // 2, round(height * 0.3)))


def button_label_px(height: int) -> int:
    """The size a control ``height`` tall asks its label at (when the label fits): controls
    grow with the text size less than text does (``theme.control_scale``), so the label
    takes a larger share of a taller control, half its height at 200 %."""
    return max(12, min(28, round(height * 0.4 / theme.control_scale())))


def _radius(rect: pygame.Rect) -> int:
    return button_radius(rect.h)


def _label_px(rect: pygame.Rect) -> int:
    return button_label_px(rect.h)


def _dim(ink):
    """The faded form of ``ink`` for disabled controls (on felt or on a panel)."""
    if tuple(ink[:3]) == theme.INK:
        return theme.INK_DIM
    if tuple(ink[:3]) == theme.PANEL_INK:
        return theme.PANEL_DIM
    return tuple(round((c + 128) / 2) for c in ink[:3])


def _wash(ink, alpha: int):
    """A translucent fill of the surroundings' ``ink``: visible on felt and on panels alike."""
    return (*ink[:3], alpha)


@dataclass(frozen=True, eq=False)
class Button:
    """A labelled button; ``key`` is what the scene acts on when it is pressed."""

    rect: pygame.Rect
    label: str
    key: str
    enabled: bool = True
    primary: bool = False

    def __post_init__(self):
        object.__setattr__(self, "rect", _rect(self.rect))

    def hit(self, pos) -> bool:
        """Whether a press at ``pos`` presses this button (a disabled one never is)."""
        return self.enabled and self.rect.collidepoint(pos)


_DROP = 2
"""How far a button's shadow falls below it."""


def _blur(height: int) -> int:
    return max(2, height // 10)


def shadow_reach(height: int) -> int:
    """How far below a button ``height`` px tall its drawing may reach (its soft shadow)."""
    return _blur(height) + _DROP


def draw_button(surface: pygame.Surface, button: Button, pressed: bool = False,
                ink=None, focused: bool = False) -> None:
    """Draw ``button``: accent fill when primary, faded when disabled, pushed in when pressed.

    ``ink`` is the text colour of what lies around it (theme.INK on felt, PANEL_INK on a
    panel; by default the felt's): a disabled button is a wash of it, so it reads as "not now"
    on either. ``focused``: the keyboard's focus ring round it (``draw_focus_ring``).
    """
    r = button.rect
    ink = theme.INK if ink is None else ink
    if not button.enabled:
        fill, ink = _wash(ink, 34), _dim(ink)
    elif button.primary:
        fill, ink = theme.ACCENT, theme.ACCENT_INK
    else:
        fill, ink = theme.PANEL, theme.PANEL_INK
    if pressed and button.enabled:
        fill = tuple(round(c * 0.86) for c in fill[:3])
    body = r.move(0, 1) if pressed else r
    if button.enabled and not pressed:
        theme.draw_shadow(surface, r, _radius(r), _blur(r.h), (0, _DROP))
    surface.blit(theme.rounded(body.size, _radius(r), fill), body)
    if theme.look() is theme.HIGH_CONTRAST and button.enabled:
        edge = theme.PANEL_INK if fill == theme.PANEL or button.primary else theme.INK
        surface.blit(theme.rounded(body.size, _radius(r), (0, 0, 0, 0), 2, edge), body)
    px = theme.fit_px(button.label, _label_px(r), r.w - 2 * _radius(r), bold=True)
    theme.text(surface, button.label, px, body.center, ink, "center", bold=True)
    if focused:
        draw_focus_ring(surface, r, _radius(r))


def focus_width(height: int) -> int:
    """How thick the focus ring's light band round a control ``height`` tall is (thicker in
    high contrast)."""
    base = max(2, min(4, round(height / 16)))
    return base + 1 if theme.look() is theme.HIGH_CONTRAST else base


def draw_focus_ring(surface: pygame.Surface, rect, radius: int = 8) -> pygame.Rect:
    """The keyboard's focus round ``rect``, all of it outside: a light band with a dark halo
    either side, so it shows on the felt, on a panel, on a card and on the accent alike (3:1
    or more against each, in both looks). Every control the keyboard can reach draws its
    focus with this; returns the area drawn."""
    rect = _rect(rect)
    w = focus_width(rect.h)
    edge = max(1, w // 2)
    ring = rect.inflate(2 * (w + 2 * edge), 2 * (w + 2 * edge))
    surface.blit(theme.rounded(ring.size, radius + w + 2 * edge, (0, 0, 0, 0), w + 2 * edge,
                               theme.FOCUS_HALO), ring)
    light = rect.inflate(2 * (w + edge), 2 * (w + edge))
    surface.blit(theme.rounded(light.size, radius + w + edge, (0, 0, 0, 0), w, theme.FOCUS),
                 light)
    return ring


@dataclass(frozen=True, eq=False)
class Toggle:
    """An on/off setting: its label on the left, a switch on the right; the whole row hits."""

    rect: pygame.Rect
    label: str
    key: str
    on: bool
    enabled: bool = True

    def __post_init__(self):
        object.__setattr__(self, "rect", _rect(self.rect))

    def hit(self, pos) -> bool:
        """Whether a press at ``pos`` flips this toggle."""
        return self.enabled and self.rect.collidepoint(pos)

    def flipped(self) -> Toggle:
        """The same toggle switched the other way."""
        return replace(self, on=not self.on)


def draw_toggle(surface: pygame.Surface, toggle: Toggle, ink=None) -> None:
    """Draw ``toggle`` as a row: label, then a pill switch (accent when on, and its knob at
    the right with a tick in it: not only a colour)."""
    ink = theme.INK if ink is None else ink
    r = toggle.rect
    th = max(20, round(min(r.h, MIN_TARGET * theme.control_scale()) * 0.62))
    tw = round(th * 1.75)
    track = pygame.Rect(0, 0, tw, th)
    track.midright = (r.right - 4, r.centery)
    colour = theme.ACCENT if toggle.on else _wash(ink, 60)
    if not toggle.enabled:
        colour = _wash(ink, 28)
    surface.blit(theme.rounded(track.size, th // 2, colour), track)
    knob_d = th - 6
    knob = pygame.Rect(0, 0, knob_d, knob_d)
    knob.center = (track.right - th // 2, track.centery) if toggle.on else \
        (track.left + th // 2, track.centery)
    theme.draw_shadow(surface, knob, knob_d // 2, 2, (0, 1))
    surface.blit(theme.rounded(knob.size, knob_d // 2, (255, 255, 255)), knob)
    if toggle.on:
        k = knob_d / 10
        pygame.draw.lines(surface, theme.ACCENT_INK, False,
                          [(knob.x + 3 * k, knob.y + 5.2 * k), (knob.x + 4.4 * k, knob.y + 6.6 * k),
                           (knob.x + 7.2 * k, knob.y + 3.6 * k)], max(2, round(k)))
    label_ink = ink if toggle.enabled else _dim(ink)
    px = theme.fit_px(toggle.label, _label_px(r), track.left - r.left - 12)
    theme.text(surface, toggle.label, px, (r.left + 4, r.centery), label_ink, "midleft")


@dataclass(frozen=True, eq=False)
class Stepper:
    """A number with - and + buttons, kept within ``low``..``high``."""

    rect: pygame.Rect
    label: str
    key: str
    value: int
    low: int
    high: int
    step: int = 1
    enabled: bool = True

    def __post_init__(self):
        object.__setattr__(self, "rect", _rect(self.rect))

    @property
    def minus_rect(self) -> pygame.Rect:
        """The - button (square, at the left of the value)."""
        side = self.rect.h
        return pygame.Rect(self.rect.right - 3 * side, self.rect.top, side, side)

    @property
    def plus_rect(self) -> pygame.Rect:
        """The + button (square, at the right end)."""
        side = self.rect.h
        return pygame.Rect(self.rect.right - side, self.rect.top, side, side)

    def hit(self, pos) -> bool:
        """Whether ``pos`` is on a - or + that can still move the value."""
        return self.press(pos) is not None

    def press(self, pos) -> int | None:
        """The value after a press at ``pos``, or None if that press changes nothing."""
        if not self.enabled:
            return None
        if self.minus_rect.collidepoint(pos) and self.value - self.step >= self.low:
            return self.value - self.step
        if self.plus_rect.collidepoint(pos) and self.value + self.step <= self.high:
            return self.value + self.step
        return None

    def pressed(self, pos) -> Stepper:
        """This stepper after a press at ``pos`` (itself if the press changes nothing)."""
        value = self.press(pos)
        return self if value is None else replace(self, value=value)


def _round_button(surface, rect: pygame.Rect, label: str, live: bool, around) -> None:
    inner = rect.inflate(-6, -6)
    on_panel = tuple(around[:3]) == theme.PANEL_INK
    fill = (_wash(around, 22) if on_panel else theme.PANEL) if live else _wash(around, 22)
    ink = theme.PANEL_INK if live else _dim(around)
    if live and not on_panel:
        theme.draw_shadow(surface, inner, inner.h // 2, 2, (0, 1))
    surface.blit(theme.rounded(inner.size, inner.h // 2, fill), inner)
    theme.text(surface, label, round(inner.h * 0.62), inner.center, ink, "center", bold=True)


def draw_stepper(surface: pygame.Surface, stepper: Stepper, ink=None) -> None:
    """Draw ``stepper``: label, then  (-)  value  (+)."""
    ink = theme.INK if ink is None else ink
    r = stepper.rect
    live = stepper.enabled
    _round_button(surface, stepper.minus_rect, "\u2212", live and stepper.value > stepper.low,
                  ink)
    _round_button(surface, stepper.plus_rect, "+", live and stepper.value < stepper.high, ink)
    value_box = pygame.Rect(stepper.minus_rect.right, r.top, r.h, r.h)
    theme.text(surface, str(stepper.value), _label_px(r) + 2, value_box.center,
               ink if live else _dim(ink), "center", bold=True)
    px = theme.fit_px(stepper.label, _label_px(r), stepper.minus_rect.left - r.left - 12)
    theme.text(surface, stepper.label, px, (r.left + 4, r.centery),
               ink if live else _dim(ink), "midleft")


@dataclass(frozen=True, eq=False)
class Choice:
    """One of several values, shown by its label; a press on the left half goes back, on the
    right half forward (both wrap round)."""

    rect: pygame.Rect
    label: str
    key: str
    values: tuple
    index: int = 0
    names: tuple[str, ...] | None = None
    enabled: bool = True

    def __post_init__(self):
        object.__setattr__(self, "rect", _rect(self.rect))
        object.__setattr__(self, "values", tuple(self.values))
        if not self.values:
            raise ValueError("a choice needs at least one value")

    @property
    def value(self):
        """The value chosen."""
        return self.values[self.index]

    @property
    def shown(self) -> str:
        """What the control displays for the chosen value."""
        return self.names[self.index] if self.names else str(self.value)

    @property
    def box(self) -> pygame.Rect:
        """The part showing the value and its arrows (the right side of the row), as wide as
        the longest value needs, at most three fifths of the row."""
        names = self.names or tuple(str(v) for v in self.values)
        longest = max(theme.text_width(n, _label_px(self.rect), bold=True) for n in names)
        w = min(longest + 2 * self.rect.h + 8, self.rect.w * 3 // 5)
        w = max(w, min(self.rect.w, 3 * self.rect.h))
        return pygame.Rect(self.rect.right - w, self.rect.top, w, self.rect.h)

    def hit(self, pos) -> bool:
        """Whether a press at ``pos`` changes the choice."""
        return self.enabled and len(self.values) > 1 and self.box.collidepoint(pos)

    def press(self, pos) -> int | None:
        """The index after a press at ``pos``, or None."""
        if not self.hit(pos):
            return None
        back = pos[0] < self.box.centerx
        return (self.index + (-1 if back else 1)) % len(self.values)

    def pressed(self, pos) -> Choice:
        """This choice after a press at ``pos``."""
        index = self.press(pos)
        return self if index is None else replace(self, index=index)


def draw_choice(surface: pygame.Surface, choice: Choice, ink=None) -> None:
    """Draw ``choice``: label, then  <  value  >  in a rounded box."""
    ink = theme.INK if ink is None else ink
    r = choice.rect
    live = choice.enabled and len(choice.values) > 1
    box = choice.box.inflate(-4, -6)
    surface.blit(theme.rounded(box.size, _radius(box), _wash(ink, 26)), box)
    arrow_ink = ink if live else _dim(ink)
    px = _label_px(r)
    theme.text(surface, "\u25c0", px * 0.8, (box.left + box.h // 2, box.centery), arrow_ink,
               "center")
    theme.text(surface, "\u25b6", px * 0.8, (box.right - box.h // 2, box.centery), arrow_ink,
               "center")
    vpx = theme.fit_px(choice.shown, px, box.w - 2 * box.h, bold=True)
    theme.text(surface, choice.shown, vpx, box.center, ink if choice.enabled else _dim(ink),
               "center", bold=True)
    lpx = theme.fit_px(choice.label, px, box.left - r.left - 12)
    theme.text(surface, choice.label, lpx, (r.left + 4, r.centery),
               ink if choice.enabled else _dim(ink), "midleft")


@dataclass(frozen=True, eq=False)
class ScrollList:
    """Lines of text in a rect, scrolled by ``offset`` pixels (0 = the first line at the top).

    Long lines wrap to the rect's width. A scene scrolls it by wheel (``wheel``) and by drag
    (``dragged`` from the offset it had when the finger went down); every result is clamped.
    """

    rect: pygame.Rect
    lines: tuple[str, ...]
    px: int = 18
    offset: int = 0
    padding: int = 12
    ink: tuple | None = None
    """The text's colour (None: the look's ``PANEL_INK``)."""
    fill: tuple | None = None
    """The box's colour (None: the look's ``PANEL``)."""

    def __post_init__(self):
        object.__setattr__(self, "rect", _rect(self.rect))
        object.__setattr__(self, "lines", tuple(self.lines))
        object.__setattr__(self, "offset", max(0, min(int(self.offset), self.max_offset)))

    @property
    def inner(self) -> pygame.Rect:
        """Where the text goes."""
        return self.rect.inflate(-2 * self.padding, -2 * self.padding)

    @property
    def rows(self) -> tuple[str, ...]:
        """The lines after wrapping to the width."""
        return _rows(self.lines, self.px, max(1, self.inner.w))

    @property
    def content_height(self) -> int:
        """Height of all rows."""
        return len(self.rows) * theme.line_height(self.px)

    @property
    def max_offset(self) -> int:
        """Largest useful offset: the last row at the bottom."""
        return max(0, self.content_height - self.inner.h)

    def hit(self, pos) -> bool:
        """Whether ``pos`` is on the list (a drag starting there scrolls it)."""
        return self.rect.collidepoint(pos)

    def scrolled_to(self, offset: float) -> ScrollList:
        """This list scrolled to ``offset`` (clamped)."""
        return replace(self, offset=round(offset))

    def scrolled_by(self, dy: float) -> ScrollList:
        """This list scrolled ``dy`` pixels further down (clamped)."""
        return self.scrolled_to(self.offset + dy)

    def wheel(self, wheel_y: float) -> ScrollList:
        """This list after a mouse-wheel event's ``y`` (positive = towards the top)."""
        return self.scrolled_by(-wheel_y * 3 * theme.line_height(self.px))

    def dragged(self, offset_at_down: int, start, pos) -> ScrollList:
        """This list while a finger that went down at ``start`` is at ``pos``."""
        return self.scrolled_to(offset_at_down - (pos[1] - start[1]))

    def at_end(self) -> ScrollList:
        """This list scrolled to its last row (a log that follows new lines)."""
        return self.scrolled_to(self.max_offset)

    def with_lines(self, lines) -> ScrollList:
        """New lines; stays at the end if it was there, else keeps its offset."""
        follow = self.offset >= self.max_offset
        new = replace(self, lines=tuple(lines))
        return new.at_end() if follow else new


@theme.when_changed
@lru_cache(maxsize=32)
def _rows(lines: tuple[str, ...], px: int, width: int) -> tuple[str, ...]:
    return tuple(row for line in lines for row in theme.wrap(line, px, width))


def draw_scroll_list(surface: pygame.Surface, lst: ScrollList) -> None:
    """Draw ``lst`` into its rect, clipped, with a thin scroll bar when it overflows."""
    r = lst.rect
    ink = theme.PANEL_INK if lst.ink is None else lst.ink
    surface.blit(theme.rounded(r.size, 12, theme.PANEL if lst.fill is None else lst.fill), r)
    inner = lst.inner
    step = theme.line_height(lst.px)
    first = lst.offset // step
    y = inner.top - (lst.offset - first * step)
    old_clip = surface.get_clip()
    surface.set_clip(inner.clip(old_clip) if old_clip else inner)
    rows = lst.rows
    for row in rows[first:]:
        if y > inner.bottom:
            break
        theme.text(surface, row, lst.px, (inner.left, y), ink)
        y += step
    surface.set_clip(old_clip)
    if lst.max_offset:
        track_h = r.h - 16
        bar_h = max(24, round(track_h * inner.h / lst.content_height))
        bar_y = r.top + 8 + round((track_h - bar_h) * lst.offset / lst.max_offset)
        bar = pygame.Rect(r.right - 7, bar_y, 4, bar_h)
        surface.blit(theme.rounded(bar.size, 2, (*ink[:3], 90)), bar)


def draw_panel(surface: pygame.Surface, rect, fill=None, radius: int = 14,
               shadow: bool = True, border=None) -> pygame.Rect:
    """A raised box (like a card; by default the look's ``PANEL``) to hold text and controls;
    returns its rect."""
    rect = _rect(rect)
    fill = theme.PANEL if fill is None else fill
    if shadow:
        theme.draw_shadow(surface, rect, radius, 8, (0, 4))
    if border is not None:
        surface.blit(theme.rounded(rect.size, radius, fill, 1, border), rect)
    else:
        surface.blit(theme.rounded(rect.size, radius, fill), rect)
    return rect


TOAST_KINDS: dict[str, tuple[str, str]] = {
    "refusal": ("DANGER", "DANGER_INK"),
    "info": ("NOTE", "INK"),
    "good": ("ACCENT", "ACCENT_INK"),
}
"""Fill and text colour of each kind of message strip (the look's colours, by name). A
refusal also carries a mark, a "!" in a ring at its left: not a colour alone."""


@dataclass(frozen=True)
class Toast:
    """A short message shown in place (a refused action's reason), fading after ``seconds``."""

    text: str
    kind: str = "refusal"
    age: float = 0.0
    seconds: float = 3.0

    def aged(self, dt: float) -> Toast:
        """The same message ``dt`` seconds older."""
        return replace(self, age=self.age + dt)

    @property
    def alive(self) -> bool:
        """Whether it is still shown."""
        return self.age < self.seconds

    @property
    def alpha(self) -> int:
        """Opacity now: full, then a 0.4 s fade at the end."""
        left = self.seconds - self.age
        return 255 if left >= 0.4 else max(0, round(255 * left / 0.4))


def _mark_w(toast: Toast, px: int) -> int:
    """The room a refusal's mark takes at the left of its text (none for other kinds)."""
    return round(theme.scaled(px) * 1.5) if toast.kind == "refusal" else 0


def toast_rect(toast: Toast, anchor, max_width: int, px: int = 17) -> pygame.Rect:
    """Where ``toast`` goes when centred on ``anchor`` (wrapped to at most ``max_width``)."""
    pad = round(theme.scaled(px) * 0.8)
    mark = _mark_w(toast, px)
    lines = theme.wrap(toast.text, px, max(1, max_width - 2 * pad - mark))
    w = max(theme.text_width(line, px) for line in lines) + 2 * pad + mark
    h = max(MIN_TARGET, len(lines) * theme.line_height(px) + pad)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (round(anchor[0]), round(anchor[1]))
    return rect


def draw_toast(surface: pygame.Surface, toast: Toast, anchor, max_width: int,
               px: int = 17) -> pygame.Rect:
    """Draw ``toast`` centred on ``anchor``; returns its rect (empty once it has faded)."""
    if not toast.alive:
        return pygame.Rect(round(anchor[0]), round(anchor[1]), 0, 0)
    rect = toast_rect(toast, anchor, max_width, px)
    fill, ink = (getattr(theme, name) for name in TOAST_KINDS[toast.kind])
    layer = theme.blank(rect.size, fill)
    radius = min(rect.h // 2, 22)
    theme.draw_shadow(layer, layer.get_rect().inflate(-8, -8), radius, 3, (0, 2))
    layer.blit(theme.rounded(rect.size, radius, fill), (0, 0))
    pad = round(theme.scaled(px) * 0.8)
    mark = _mark_w(toast, px)
    lines = theme.wrap(toast.text, px, max(1, max_width - 2 * pad - mark))
    top = rect.h / 2 - len(lines) * theme.line_height(px) / 2
    theme.draw_text_block(layer, lines, px, ((rect.w + mark) / 2, top), ink, align="center")
    if mark:
        r = round(theme.scaled(px) * 0.6)
        centre = (pad // 2 + mark // 2 + 2, rect.h // 2)
        pygame.draw.circle(layer, ink, centre, r, max(2, r // 5))
        theme.text(layer, "!", px, centre, ink, "center", bold=True)
    layer.set_alpha(toast.alpha)
    surface.blit(layer, rect)
    return rect


def draw_badge(surface: pygame.Surface, text: str, center, px: int = 14,
               fill=None, ink=None) -> pygame.Rect:
    """A small pill with a count or a word (cards left, stock size, a score) centred on
    ``center`` (by default ``INK`` on the look's ``SHADE``); returns its rect."""
    fill = theme.SHADE if fill is None else fill
    ink = theme.INK if ink is None else ink
    w = theme.text_width(text, px, bold=True) + theme.scaled(px)
    h = round(theme.scaled(px) * 1.5)
    rect = pygame.Rect(0, 0, max(w, h), h)
    rect.center = (round(center[0]), round(center[1]))
    surface.blit(theme.rounded(rect.size, h // 2, fill), rect)
    theme.text(surface, text, px, rect.center, ink, "center", bold=True)
    return rect
