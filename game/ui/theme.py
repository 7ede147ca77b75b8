"""The table's look: colours, the shipped font, text helpers, the felt and smooth rounded boxes.

Every scene draws through these so the game has one look. Text uses the Inter subset shipped
in the assets' ``fonts/`` (``game.ASSETS``: pygame's default font differs under pygbag and has
no suit glyphs), found from the package, so it loads from any working directory and in the
browser.
Everything costly (fonts, rendered strings, the felt, rounded boxes) is cached, with bounded
caches so a storm of resizes cannot grow memory without end.
"""

from __future__ import annotations

import random
from array import array
from collections import OrderedDict
from functools import lru_cache, wraps

import pygame

from .. import ASSETS

FONT_DIR = ASSETS / "fonts"
FONT_FILES = {False: FONT_DIR / "Arlington-Regular.ttf", True: FONT_DIR / "Arlington-Bold.ttf"}

Colour = tuple[int, int, int] | tuple[int, int, int, int]

FELT = (22, 94, 62)
"""The table cloth at its centre."""
FELT_EDGE = (9, 46, 31)
"""The cloth at the window's corners (the vignette fades to it)."""
INK = (244, 241, 230)
"""Text and lines drawn on the felt."""
INK_DIM = (168, 199, 182)
"""Secondary text on the felt (counts, hints, captions)."""
PANEL = (250, 247, 239)
"""Boxes that hold text and controls (summaries, dialogs, the log)."""
PANEL_INK = (35, 40, 44)
"""Text on a panel."""
PANEL_DIM = (112, 118, 122)
"""Secondary text on a panel."""
ACCENT = (246, 186, 58)
"""The one action colour: primary buttons, the seat whose turn it is."""
ACCENT_INK = (46, 32, 6)
"""Text on the accent colour."""
DANGER = (205, 64, 56)
"""Refusals and warnings."""
SELECT = (255, 221, 94)
"""Outline of selected cards."""
HILITE = (132, 236, 190)
"""Glow of a place where the selection could go."""
SHADOW = (0, 0, 0, 96)
"""Soft drop shadows (alpha included)."""

LINE_SPACING = 1.3
"""Line height as a multiple of the font size, for wrapped text."""


def surface_cache(max_pixels: int):
    """Cache a function's Surfaces by its arguments, least recently used out first, keeping at
    most ``max_pixels`` pixels in all.

    A count of entries is no bound when sizes follow the window: a storm of resizes would keep
    hundreds of window-sized panels. Arguments must be hashable and passed the same way.
    """
    def decorate(fn):
        store: OrderedDict = OrderedDict()
        kept = [0]

        @wraps(fn)
        def cached(*args):
            image = store.get(args)
            if image is not None:
                store.move_to_end(args)
                return image
            image = fn(*args)
            store[args] = image
            kept[0] += image.get_width() * image.get_height()
            while kept[0] > max_pixels and len(store) > 1:
                _, old = store.popitem(last=False)
                kept[0] -= old.get_width() * old.get_height()
            return image

        def cache_clear() -> None:
            store.clear()
            kept[0] = 0

        cached.cache_clear = cache_clear
        return cached

    return decorate


def _ensure_font_module() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The game's font at ``px`` pixels (the em size), regular or bold."""
    _ensure_font_module()
    return pygame.font.Font(str(FONT_FILES[bool(bold)]), max(1, int(px)))


SUIT_CHARS = "\u2660\u2665\u2666\u2663"
"""♠ ♥ ♦ ♣ in a string are drawn as the cards' suit shapes (the font has no such glyphs)."""
SUIT_ADVANCE = 0.92
"""Width of an inline suit, as a fraction of the font size: the widest shape (the heart, at
the capitals' height) with a little room either side, so "K♥ K♣" keeps its space."""


def _runs(text: str) -> list[str]:
    """``text`` cut into plain runs and single suit characters."""
    runs: list[str] = []
    for ch in text:
        if ch in SUIT_CHARS or not runs or runs[-1][-1] in SUIT_CHARS:
            runs.append(ch)
        else:
            runs[-1] += ch
    return runs


def _measure(f: pygame.font.Font, text: str, px: int) -> int:
    if not any(ch in SUIT_CHARS for ch in text):
        return f.size(text)[0]
    return sum(round(px * SUIT_ADVANCE) if run in SUIT_CHARS else f.size(run)[0]
               for run in _runs(text))


@lru_cache(maxsize=1024)
def rendered(text: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``text`` rendered anti-aliased with per-pixel alpha (cached: labels repeat every frame).

    Suit characters become suit shapes in the same colour, sized to the capitals.
    """
    f = font(px, bold)
    if not any(ch in SUIT_CHARS for ch in text):
        return f.render(text, True, colour)
    from . import cardart  # cardart draws with this module; imported late to avoid a cycle

    out = blank((max(1, _measure(f, text, px)), f.get_height()), colour)
    cap = px * 0.74
    top = f.get_ascent() - cap
    x = 0
    for run in _runs(text):
        if run in SUIT_CHARS:
            advance = round(px * SUIT_ADVANCE)
            shape = cardart.suit_image(SUIT_CHARS.index(run), round(cap), colour)
            out.blit(shape, (x + (advance - shape.get_width()) // 2, round(top)))
            x += advance
        else:
            out.blit(f.render(run, True, colour), (x, 0))
            x += f.size(run)[0]
    return out


def text(surface: pygame.Surface, text: str, px: float, pos, colour: Colour = INK,
         anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw one line of ``text`` with its ``anchor`` point (a Rect attribute name) at ``pos``
    (a fractional ``px`` is cut to whole pixels)."""
    image = rendered(text, int(px), tuple(colour), bool(bold))
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=4096)
def text_width(text: str, px: int, bold: bool = False) -> int:
    """Width in pixels of one line of ``text`` (cached: a frame measures the same labels
    again and again while fitting them)."""
    return _measure(font(int(px), bold), text, int(px))


def line_height(px: int) -> int:
    """Distance between two baselines of wrapped text at ``px``."""
    return round(px * LINE_SPACING)


def fit_px(text: str, px: int, width: int, bold: bool = False, smallest: int = 10) -> int:
    """The largest size up to ``px`` at which ``text`` fits ``width`` (never below ``smallest``)."""
    px = int(px)
    while px > smallest and text_width(text, px, bold) > width:
        px -= 1
    return px


def cut(text: str, px: int, width: int, bold: bool = False) -> str:
    """``text`` as it fits ``width`` at ``px``: whole, or cut short with an ellipsis."""
    if text_width(text, px, bold) <= width:
        return text
    while len(text) > 1 and text_width(text + "\u2026", px, bold) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def wrap(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``px`` (newlines kept, long words
    cut); a new list each call, so the caller may change it."""
    return list(_wrap(text, int(px), int(width), bool(bold)))


@lru_cache(maxsize=512)
def _wrap(text: str, px: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(px, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if _measure(f, candidate, px) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while _measure(f, word, px) > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and _measure(f, word[:cut], px) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


def draw_text_block(surface: pygame.Surface, lines, px: int, pos, colour: Colour = INK,
                    bold: bool = False, align: str = "left") -> pygame.Rect:
    """Draw ``lines`` one under another from ``pos`` (top-left, or top-centre when centred)."""
    x, y = pos
    step = line_height(px)
    anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[align]
    area = pygame.Rect(round(x), round(y), 0, 0)
    for i, line in enumerate(lines):
        area.union_ip(text(surface, line, px, (x, y + i * step), colour, anchor, bold))
    return area


# --- smooth shapes ----------------------------------------------------------------------------

SUPERSAMPLE = 4
"""Curves are drawn this many times larger and smoothed down (pygame's are not anti-aliased)."""


def smooth_down(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Shrink a supersampled drawing to ``size`` with averaging (the anti-aliasing step)."""
    return pygame.transform.smoothscale(big, size)


def blank(size: tuple[int, int], colour: Colour = (0, 0, 0)) -> pygame.Surface:
    """A transparent surface whose clear pixels carry ``colour``.

    Smoothing blends edge pixels with their transparent neighbours' colour; a neighbour of the
    shape's own colour at alpha 0 keeps the edges free of a dark fringe.
    """
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((*colour[:3], 0))
    return s


@lru_cache(maxsize=64)
def _disc(radius: int, colour: Colour) -> pygame.Surface:
    """An anti-aliased disc of ``radius``: its quarters are the corners of rounded boxes."""
    k = SUPERSAMPLE
    big = blank((2 * radius * k, 2 * radius * k), colour)
    pygame.draw.circle(big, colour, (radius * k, radius * k), radius * k)
    return smooth_down(big, (2 * radius, 2 * radius))


def _fill_rounded(surface: pygame.Surface, rect: pygame.Rect, radius: int, colour) -> None:
    """Paint an anti-aliased rounded box into a transparent ``surface`` (corners clear)."""
    radius = max(0, min(radius, rect.w // 2, rect.h // 2))
    layer = blank(rect.size, colour)
    layer.fill(colour, pygame.Rect(radius, 0, rect.w - 2 * radius, rect.h))
    layer.fill(colour, pygame.Rect(0, radius, rect.w, rect.h - 2 * radius))
    if radius:
        disc = _disc(radius, colour)
        r = radius
        for dx, dy in ((0, 0), (rect.w - r, 0), (0, rect.h - r), (rect.w - r, rect.h - r)):
            quarter = pygame.Rect(0 if dx == 0 else r, 0 if dy == 0 else r, r, r)
            layer.blit(disc, (dx, dy), quarter)
    surface.blit(layer, rect)


def rounded(size: tuple[int, int], radius: int, colour: Colour,
            border: int = 0, border_colour: Colour | None = None) -> pygame.Surface:
    """An anti-aliased rounded box of ``size`` (optionally with a ``border`` px outline),
    cached.

    Fill and border may each be translucent: the inside is exactly ``colour``, the ring
    exactly ``border_colour`` (the fill does not show the border through it). Only the
    corners are supersampled, so a box as large as the window stays cheap.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    ring = tuple(border_colour) if border and border_colour is not None else None
    return _rounded((w, h), max(0, min(int(radius), w // 2, h // 2)), tuple(colour),
                    int(border) if ring else 0, ring)


@surface_cache(max_pixels=6_000_000)
def _rounded(size, radius, colour, border, border_colour) -> pygame.Surface:
    w, h = size
    out = blank((w, h), border_colour or colour)
    if not (border and border_colour is not None):
        _fill_rounded(out, out.get_rect(), radius, colour)
        return out
    inner = out.get_rect().inflate(-2 * border, -2 * border)
    inner_radius = max(0, radius - border)
    fill_a = colour[3] if len(colour) > 3 else 255
    ring_a = border_colour[3] if len(border_colour) > 3 else 255
    # Colour: the border colour, with the fill's colour laid over the inside by coverage.
    out.fill((*border_colour[:3], 255))
    if inner.w > 0 and inner.h > 0:
        _fill_rounded(out, inner, inner_radius, (*colour[:3], 255))
    # Alpha: ring alpha over the outer shape, changed to the fill's alpha over the inside.
    alpha = blank((w, h), (255, 255, 255))
    _fill_rounded(alpha, alpha.get_rect(), radius, (255, 255, 255, ring_a))
    if inner.w > 0 and inner.h > 0 and fill_a != ring_a:
        step = blank(inner.size)
        _fill_rounded(step, step.get_rect(), inner_radius, (0, 0, 0, abs(fill_a - ring_a)))
        flag = pygame.BLEND_RGBA_ADD if fill_a > ring_a else pygame.BLEND_RGBA_SUB
        alpha.blit(step, inner, special_flags=flag)
    out.blit(alpha, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def soft_shadow(size: tuple[int, int], radius: int, blur: int,
                colour: Colour = SHADOW) -> pygame.Surface:
    """A blurred rounded box ``blur`` px larger on every side than ``size``, for drop shadows
    (cached).

    Blurred at a reduced scale and smoothed back up: a shadow has no detail to lose, and a
    window-sized panel's shadow then costs a few milliseconds instead of a hundred.
    """
    return _soft_shadow((max(1, int(size[0])), max(1, int(size[1]))), int(radius),
                        max(1, int(blur)), tuple(colour))


@surface_cache(max_pixels=4_000_000)
def _soft_shadow(size, radius, blur, colour) -> pygame.Surface:
    w, h = size
    q = max(1, blur // 3)
    sb = max(1, round(blur / q))
    sw, sh = max(1, round(w / q)), max(1, round(h / q))
    pad = 2 * sb
    base = blank((sw + 2 * pad, sh + 2 * pad), colour)
    base.blit(rounded((sw, sh), max(0, round(radius / q)), colour), (pad, pad))
    blurred = pygame.transform.gaussian_blur(base, sb)
    crop = blurred.subsurface(pygame.Rect(sb, sb, sw + 2 * sb, sh + 2 * sb))
    return pygame.transform.smoothscale(crop, (w + 2 * blur, h + 2 * blur))


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, blur: int,
                offset: tuple[int, int] = (0, 2), colour: Colour = SHADOW) -> None:
    """Drop a soft shadow under ``rect`` (draw it before the box itself)."""
    image = soft_shadow((rect.w, rect.h), radius, blur, colour)
    surface.blit(image, (rect.x - blur + offset[0], rect.y - blur + offset[1]))


# --- the felt -----------------------------------------------------------------------------------

@lru_cache(maxsize=2)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The cloth for a window of ``size``: centre colour fading to the edge colour, fine grain."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surface = pygame.transform.smoothscale(_vignette(), (w, h))
    tile = _grain()
    tw, th = tile.get_size()
    for ty in range(0, h, th):
        for tx in range(0, w, tw):
            surface.blit(tile, (tx, ty))
    return surface


@lru_cache(maxsize=1)
def _vignette() -> pygame.Surface:
    """The felt's light-to-dark fall-off, small: stretched to the window, it stays smooth."""
    n = 48
    small = pygame.Surface((n, n))
    offsets = [(i + 0.5) / n * 2 - 1 for i in range(n)]
    squares = [o * o for o in offsets]
    shades: dict[float, int] = {}  # by squared distance from the centre: a few hundred
    pixels = []
    for sy in squares:
        for sx in squares:
            r2 = sx + sy
            if r2 not in shades:
                d = min(1.0, r2 / 2 * 1.25)
                t = d * d * (3 - 2 * d) * 0.85
                shades[r2] = small.map_rgb([round(c + (e - c) * t)
                                            for c, e in zip(FELT, FELT_EDGE)])
            pixels.append(shades[r2])
    return _filled(small, pixels)


@lru_cache(maxsize=1)
def _grain() -> pygame.Surface:
    """A small tile of faint noise (deterministic) that makes flat green read as cloth."""
    rng = random.Random(7)
    n = 96
    tile = pygame.Surface((n, n), pygame.SRCALPHA)
    dark = [tile.map_rgb((0, 0, 0, a)) for a in range(11)]
    light = [tile.map_rgb((255, 255, 255, a)) for a in range(6)]
    pixels = []
    for _ in range(n * n):
        v = rng.random()
        pixels.append(dark[int(10 * (0.5 - v) * 2)] if v < 0.5 else light[int(6 * (v - 0.5) * 2)])
    return _filled(tile, pixels)


def _filled(surface: pygame.Surface, pixels: list[int]) -> pygame.Surface:
    """``surface`` (32-bit) with ``pixels``, its mapped colours in rows, written in one go:
    the felt's two small images were set pixel by pixel before, 11,520 ``set_at`` calls that
    were the largest part of the title's first frame in the browser."""
    surface.get_buffer().write(array("I", pixels).tobytes())
    return surface


def draw_felt(surface: pygame.Surface) -> None:
    """Cover ``surface`` with the felt (cached per size)."""
    surface.blit(felt(surface.get_size()), (0, 0))
