"""The table's look: colours, the shipped font, text helpers, the felt and smooth rounded boxes.

Every scene draws through these so the game has one look. Text uses the Inter subset shipped
in the assets' ``fonts/`` (``game.ASSETS``: pygame's default font differs under pygbag and has
no suit glyphs), found from the package, so it loads from any working directory and in the
browser.
Everything costly (fonts, rendered strings, the felt, rounded boxes) is cached, with bounded
caches so a storm of resizes cannot grow memory without end.

It is also the one place of the player's text size and look (``use``): every text is asked
for at the size the scene designs with and drawn ``scaled`` (``font``, ``text_width`` and
``line_height`` agree), and the colours are the look's (``USUAL`` or ``HIGH_CONTRAST``).
"""

from __future__ import annotations

import random
from array import array
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from functools import lru_cache, wraps

import pygame

from .. import ASSETS
from ..services.settings import Settings

FONT_DIR = ASSETS / "fonts"
FONT_FILES = {False: FONT_DIR / "Arlington-Regular.ttf", True: FONT_DIR / "Arlington-Bold.ttf"}

Colour = tuple[int, int, int] | tuple[int, int, int, int]

@dataclass(frozen=True, slots=True)
class Look:
    """Every colour the game draws with, as one value: the usual look and the high-contrast
    one (``HIGH_CONTRAST``). ``use`` makes one of them the module's colours (``theme.INK``
    and the rest), so every scene draws with it without asking."""

    FELT: Colour = (22, 94, 62)
    """The table cloth at its centre."""
    FELT_EDGE: Colour = (9, 46, 31)
    """The cloth at the window's corners (the vignette fades to it)."""
    INK: Colour = (244, 241, 230)
    """Text and lines drawn on the felt."""
    INK_DIM: Colour = (180, 208, 192)
    """Secondary text on the felt (counts, hints, captions)."""
    PANEL: Colour = (250, 247, 239)
    """Boxes that hold text and controls (summaries, dialogs, the log)."""
    PANEL_INK: Colour = (35, 40, 44)
    """Text on a panel."""
    PANEL_DIM: Colour = (104, 110, 114)
    """Secondary text on a panel."""
    ACCENT: Colour = (246, 186, 58)
    """The one action colour: primary buttons, the seat whose turn it is."""
    ACCENT_INK: Colour = (46, 32, 6)
    """Text on the accent colour."""
    DANGER: Colour = (205, 64, 56)
    """Refusals and warnings (a strip with ``DANGER_INK`` on it)."""
    DANGER_INK: Colour = (255, 255, 255)
    """Text on ``DANGER``."""
    SELECT: Colour = (255, 221, 94)
    """Outline of selected cards."""
    HILITE: Colour = (132, 236, 190)
    """Glow of a place where the selection could go."""
    FOCUS: Colour = (255, 255, 255)
    """The keyboard's focus ring (with a dark ``FOCUS_HALO`` so it shows on light and dark)."""
    FOCUS_HALO: Colour = (10, 24, 18)
    SHADE: Colour = (10, 24, 18, 200)
    """A dark plate laid on the felt under light text (badges, the teams, a hint)."""
    BOX: Colour = (0, 0, 0, 70)
    """An opponent's panel: a faint darkening of the felt."""
    NOTE: Colour = (20, 30, 26, 225)
    """A message strip that informs (``INK`` on it)."""
    CARD_FACE: Colour = (253, 252, 248)
    CARD_EDGE: Colour = (178, 176, 168)
    """The hairline round every card, which keeps overlapped cards apart."""
    CARD_EDGE_WIDTH: float = 0.011
    """The hairline's width, as a share of the card's width."""
    SUIT_BLACK: Colour = (28, 30, 36)
    SUIT_RED: Colour = (200, 32, 48)
    SUIT_BLUE: Colour = (28, 86, 196)
    SUIT_GREEN: Colour = (18, 128, 64)
    TEAMS: tuple[Colour, Colour] = ((44, 108, 190), (190, 70, 50))
    """The two partnerships' marks (``TEAM_INK`` words on them)."""
    TEAM_INK: Colour = (255, 255, 255)


HIGH_CONTRAST = Look(
    FELT=(6, 38, 24), FELT_EDGE=(0, 16, 9), INK=(255, 255, 255), INK_DIM=(214, 236, 224),
    PANEL=(255, 255, 255), PANEL_INK=(0, 0, 0), PANEL_DIM=(52, 56, 60),
    ACCENT=(255, 204, 51), ACCENT_INK=(0, 0, 0), DANGER=(150, 16, 12),
    DANGER_INK=(255, 255, 255), SELECT=(255, 236, 0), HILITE=(0, 255, 204),
    FOCUS=(255, 255, 255), FOCUS_HALO=(0, 0, 0), SHADE=(0, 0, 0, 235), BOX=(0, 0, 0, 150),
    NOTE=(0, 0, 0, 245), CARD_FACE=(255, 255, 255), CARD_EDGE=(0, 0, 0), CARD_EDGE_WIDTH=0.02,
    SUIT_BLACK=(0, 0, 0), SUIT_RED=(176, 0, 24), SUIT_BLUE=(0, 56, 168),
    SUIT_GREEN=(0, 96, 36), TEAMS=((120, 180, 255), (255, 150, 110)), TEAM_INK=(0, 0, 0))
"""Text at least 7:1 on its background, edges and rings at least 3:1 (tests/ui/test_contrast)."""
USUAL = Look()

TEXT_ON: tuple[tuple[str, str], ...] = (
    ("INK", "FELT"), ("INK", "FELT_EDGE"), ("INK_DIM", "FELT"), ("INK_DIM", "FELT_EDGE"),
    ("INK", "BOX"), ("INK_DIM", "BOX"), ("INK", "SHADE"), ("INK", "NOTE"),
    ("PANEL_INK", "PANEL"), ("PANEL_DIM", "PANEL"), ("ACCENT_INK", "ACCENT"),
    ("ACCENT", "BOX"), ("ACCENT", "SHADE"), ("DANGER_INK", "DANGER"),
    ("SUIT_BLACK", "CARD_FACE"), ("SUIT_RED", "CARD_FACE"), ("SUIT_BLUE", "CARD_FACE"),
    ("SUIT_GREEN", "CARD_FACE"), ("TEAM_INK", "TEAMS"))
"""Every text colour and what it is drawn on (a translucent background over the felt).
``TEAMS`` stands for each team's colour."""
EDGES: tuple[tuple[str, str], ...] = (
    ("CARD_EDGE", "CARD_FACE"), ("CARD_FACE", "FELT"), ("CARD_FACE", "FELT_EDGE"),
    ("FOCUS", "FELT"), ("FOCUS_HALO", "PANEL"), ("FOCUS_HALO", "ACCENT"), ("SELECT", "FELT"),
    ("HILITE", "FELT"), ("ACCENT", "BOX"), ("TEAMS", "FELT"), ("TEAMS", "SHADE"))
"""Every edge, ring and mark that must stand out of what lies round it (3:1 in high
contrast)."""


# The colours now (``use`` rebinds them): read as ``theme.INK`` at draw time, never bound early.
FELT = USUAL.FELT
FELT_EDGE = USUAL.FELT_EDGE
INK = USUAL.INK
INK_DIM = USUAL.INK_DIM
PANEL = USUAL.PANEL
PANEL_INK = USUAL.PANEL_INK
PANEL_DIM = USUAL.PANEL_DIM
ACCENT = USUAL.ACCENT
ACCENT_INK = USUAL.ACCENT_INK
DANGER = USUAL.DANGER
DANGER_INK = USUAL.DANGER_INK
SELECT = USUAL.SELECT
HILITE = USUAL.HILITE
FOCUS = USUAL.FOCUS
FOCUS_HALO = USUAL.FOCUS_HALO
SHADE = USUAL.SHADE
BOX = USUAL.BOX
NOTE = USUAL.NOTE
CARD_FACE = USUAL.CARD_FACE
CARD_EDGE = USUAL.CARD_EDGE
CARD_EDGE_WIDTH = USUAL.CARD_EDGE_WIDTH
SUIT_BLACK = USUAL.SUIT_BLACK
SUIT_RED = USUAL.SUIT_RED
SUIT_BLUE = USUAL.SUIT_BLUE
SUIT_GREEN = USUAL.SUIT_GREEN
TEAMS = USUAL.TEAMS
TEAM_INK = USUAL.TEAM_INK
SHADOW = (0, 0, 0, 96)
"""Soft drop shadows (alpha included)."""

CONTROL_GROWTH = 0.6
"""How much of the text's growth a control's height follows: at 200 % text a button is 1.6
times as tall and its label, at half its height, twice as large."""

_now: dict = {"look": USUAL, "text": 1.0}
_clearers: list = []
"""The caches of drawings made with the colours or sizes now (cleared by ``use``)."""


def when_changed(fn):
    """Register a cached function to be cleared when the text size or the look changes (a
    decorator over ``lru_cache``: its entries were made with the sizes or colours before)."""
    _clearers.append(fn.cache_clear)
    return fn


def look() -> Look:
    """The look the game draws with now."""
    return _now["look"]


def text_scale() -> float:
    """The player's text size as a factor (1.0 at 100 %)."""
    return _now["text"]


def control_scale() -> float:
    """How much taller than usual a control is drawn, for the text size now."""
    return 1 + (text_scale() - 1) * CONTROL_GROWTH


def scaled(px: float) -> int:
    """The pixel size of text asked for at ``px`` (every text drawn is this much larger)."""
    return max(1, round(px * text_scale()))


def use(settings: Settings) -> bool:
    """Draw from now on with ``settings``' text size and look; whether anything changed
    (every cached drawing is then made afresh)."""
    new_look = HIGH_CONTRAST if settings.high_contrast else USUAL
    new_text = settings.text_size / 100
    if new_look is look() and new_text == text_scale():
        return False
    _now.update(look=new_look, text=new_text)
    globals().update({f.name: getattr(new_look, f.name) for f in fields(Look)})
    for clear in _clearers:
        clear()
    return True


@contextmanager
def using(settings: Settings) -> Iterator[None]:
    """``use(settings)`` for the length of a ``with`` block, then the look before it."""
    before = (look() is HIGH_CONTRAST, round(text_scale() * 100))
    use(settings)
    try:
        yield
    finally:
        use(replace(settings, high_contrast=before[0], text_size=before[1]))


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
        _clearers.append(cache_clear)
        return cached

    return decorate


def _ensure_font_module() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def font(px: float, bold: bool = False) -> pygame.font.Font:
    """The game's font for text asked for at ``px`` pixels (the em size), regular or bold,
    at the player's text size (``scaled``)."""
    return exact_font(scaled(px), bold)


@lru_cache(maxsize=64)
def exact_font(px: int, bold: bool = False) -> pygame.font.Font:
    """The game's font at exactly ``px`` pixels, whatever the text size (the cards' indices,
    which are sized by the card)."""
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


def rendered(text: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``text`` rendered anti-aliased with per-pixel alpha at ``px`` (at the text size) (cached:
    labels repeat every frame).

    Suit characters become suit shapes in the same colour, sized to the capitals.
    """
    return _rendered(text, scaled(px), tuple(colour), bool(bold))


@lru_cache(maxsize=1024)
def _rendered(text: str, px: int, colour: Colour, bold: bool) -> pygame.Surface:
    f = exact_font(px, bold)
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


def text(surface: pygame.Surface, text: str, px: float, pos, colour: Colour | None = None,
         anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw one line of ``text`` with its ``anchor`` point (a Rect attribute name) at ``pos``
    (a fractional ``px`` is cut to whole pixels)."""
    image = rendered(text, int(px), INK if colour is None else colour, bool(bold))
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def text_width(text: str, px: int, bold: bool = False) -> int:
    """Width in pixels of one line of ``text`` asked for at ``px`` (at the text size)."""
    return _text_width(text, scaled(int(px)), bool(bold))


@lru_cache(maxsize=4096)
def _text_width(text: str, px: int, bold: bool) -> int:
    """Cached: a frame measures the same labels again and again while fitting them."""
    return _measure(exact_font(px, bold), text, px)


def line_height(px: float) -> int:
    """Distance between two baselines of wrapped text asked for at ``px`` (at the text size):
    the one line height every scene and the table's layout count with."""
    return round(scaled(int(px)) * LINE_SPACING)


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
    return list(_wrap(text, scaled(int(px)), int(width), bool(bold)))


@lru_cache(maxsize=512)
def _wrap(text: str, px: int, width: int, bold: bool) -> tuple[str, ...]:
    f = exact_font(px, bold)
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


def draw_text_block(surface: pygame.Surface, lines, px: int, pos, colour: Colour | None = None,
                    bold: bool = False, align: str = "left") -> pygame.Rect:
    """Draw ``lines`` one under another from ``pos`` (top-left, or top-centre when centred)."""
    x, y = pos
    step = line_height(px)
    anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[align]
    colour = INK if colour is None else colour
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

def felt(size: tuple[int, int]) -> pygame.Surface:
    """The cloth for a window of ``size`` in the look now (cached)."""
    return _felt(size, look())


@lru_cache(maxsize=2)
def _felt(size: tuple[int, int], look: Look) -> pygame.Surface:
    """The cloth: centre colour fading to the edge colour, fine grain."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surface = pygame.transform.smoothscale(_vignette(look.FELT, look.FELT_EDGE), (w, h))
    tile = _grain()
    tw, th = tile.get_size()
    for ty in range(0, h, th):
        for tx in range(0, w, tw):
            surface.blit(tile, (tx, ty))
    return surface


@lru_cache(maxsize=2)
def _vignette(centre: Colour, edge: Colour) -> pygame.Surface:
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
                                            for c, e in zip(centre, edge)])
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
