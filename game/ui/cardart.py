"""Card faces, the back and the shadow, drawn procedurally at any width and cached per size.

Each image is drawn several times larger and smoothed down, since pygame's shapes are not
anti-aliased. Suits are shapes (polygons and circles), never font glyphs. The corner index
(rank above suit) is large and sits in the left quarter of the card, so a fan that shows only
~25-30% of each card still shows every index; it is repeated upside down bottom-right. In the
four-colour deck diamonds turn blue and clubs green, but the shape always tells the suit.
The cards this game treats specially carry a discreet mark under the index: a small star on
the wilds (every 2 and the joker) and "50" on the queen of spades, where the match's card
values score it apart from the other queens (``queen_marked``): in seven-hand Arlington it is
an ordinary queen and carries nothing.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.rules.cards import (
    ACE,
    CARD_SLOTS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    JOKER,
    KING,
    QUEEN,
    QUEEN_OF_SPADES,
    RANK_TEXT,
    SPADES,
    is_wild,
    rank_of,
    suit_of,
)
from game.rules.cards import card as make_card
from game.rules.options import RuleOptions
from game.rules.scoring import values

from . import theme

CARD_RATIO = 88 / 63
"""Height / width of a poker-size card."""

FACE = theme.USUAL.CARD_FACE
"""The card's paper (in the usual look; ``theme.look()`` has the one drawn now)."""
BLACK = theme.USUAL.SUIT_BLACK
RED = theme.USUAL.SUIT_RED
JOKER_INK = (96, 52, 156)
GOLD = (212, 160, 40)
"""Crowns, the wild mark, the back's frame."""
GOLD_DARK = (150, 104, 18)

TWO_COLOURS = {SPADES: "SUIT_BLACK", HEARTS: "SUIT_RED", DIAMONDS: "SUIT_RED",
               CLUBS: "SUIT_BLACK"}
"""Suit inks of the usual deck (the look's colours by name: high contrast has its own)."""
FOUR_COLOURS = {SPADES: "SUIT_BLACK", HEARTS: "SUIT_RED", DIAMONDS: "SUIT_BLUE",
                CLUBS: "SUIT_GREEN"}
"""Suit inks of the four-colour deck."""

# The corner index, as fractions of the card's width.
INDEX_LEFT = 0.055
INDEX_TOP = 0.065
INDEX_WIDTH = 0.235
RANK_HEIGHT = 0.27
"""Cap height of the rank letter: what a player reads in a fan."""
TEN_HEIGHT = 0.95
"""The two-digit "10" is set a touch shorter (as printed decks do) so it is not squeezed thin."""
SUIT_HEIGHT = 0.19
MARK_HEIGHT = 0.105
GAP = 0.045
CORNER = 0.075
"""Corner radius."""

MIN_INDEX_PX = 11
MIN_READABLE_WIDTH = math.ceil(MIN_INDEX_PX / (RANK_HEIGHT * TEN_HEIGHT))
"""The narrowest card whose rank (the 10 included) is at least ``MIN_INDEX_PX`` pixels tall."""


def height(width: int) -> int:
    """Height in pixels of a card ``width`` pixels wide."""
    return round(width * CARD_RATIO)


def suit_colour(suit: int, four_colour: bool = False):
    """Ink of a suit in the two- or four-colour deck, in the look drawn now."""
    return getattr(theme.look(), (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit])


def _scale(width: int) -> int:
    """Supersampling factor: more for small cards, whose edges matter most. Powers of two
    only: smoothscale's shrink by 3 rounds full alpha down to 253 (faintly see-through)."""
    return 4 if width < 128 else 2


# --- suit shapes (unit box, y down) ------------------------------------------------------------

def _normalise(points, aspect: float):
    """Fit ``points`` into a box of width ``aspect`` and height 1, centred."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    s = min(aspect / w, 1 / h)
    ox = (aspect - w * s) / 2 - min(xs) * s
    oy = (1 - h * s) / 2 - min(ys) * s
    return [(x * s + ox, y * s + oy) for x, y in points]


def _heart_curve(n: int = 96):
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _stem(cx: float, top: float, bottom: float, half: float, n: int = 12):
    """A flared foot: narrow at ``top``, ``half`` wide each side at ``bottom``, concave sides."""
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        y = top + (bottom - top) * t
        w = 0.035 + (half - 0.035) * t ** 2.2
        left.append((cx - w, y))
        right.append((cx + w, y))
    return left + right[::-1]


HEART_ASPECT = 1.08
SPADE_ASPECT = 0.92
DIAMOND_ASPECT = 0.78
CLUB_ASPECT = 1.0

HEART = _normalise(_heart_curve(), HEART_ASPECT)
_spade_body = [(x, -y * 0.9) for x, y in _heart_curve()]
SPADE_BODY = [(x, y * 0.80) for x, y in _normalise(_spade_body, SPADE_ASPECT)]
SPADE_STEM = _stem(SPADE_ASPECT / 2, 0.62, 1.0, 0.20)


def _diamond(n: int = 16, bow: float = 0.05):
    corners = [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)]
    pts = []
    for i in range(4):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
        for j in range(n):
            t = j / n
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            b = bow * math.sin(math.pi * t)
            x += (0.5 - x) * b * 2
            y += (0.5 - y) * b * 2
            pts.append((x * DIAMOND_ASPECT, y))
    return pts


DIAMOND = _diamond()
CLUB_LOBES = ((0.5, 0.255, 0.235), (0.262, 0.56, 0.235), (0.738, 0.56, 0.235))
CLUB_STEM = _stem(0.5, 0.5, 1.0, 0.19)


def suit_aspect(suit: int) -> float:
    """Width / height of a suit's shape."""
    return {SPADES: SPADE_ASPECT, HEARTS: HEART_ASPECT, DIAMONDS: DIAMOND_ASPECT,
            CLUBS: CLUB_ASPECT}[suit]


def draw_suit(surface: pygame.Surface, suit: int, box: pygame.Rect, colour) -> pygame.Rect:
    """Draw a suit's shape as large as fits ``box``, centred; return the rect it covers."""
    aspect = suit_aspect(suit)
    h = min(box.h, box.w / aspect)
    w = h * aspect
    x0 = box.centerx - w / 2
    y0 = box.centery - h / 2

    def at(points):
        return [(x0 + x * h, y0 + y * h) for x, y in points]

    if suit == HEARTS:
        pygame.draw.polygon(surface, colour, at(HEART))
    elif suit == DIAMONDS:
        pygame.draw.polygon(surface, colour, at(DIAMOND))
    elif suit == SPADES:
        pygame.draw.polygon(surface, colour, at(SPADE_BODY))
        pygame.draw.polygon(surface, colour, at(SPADE_STEM))
    else:
        for cx, cy, r in CLUB_LOBES:
            pygame.draw.circle(surface, colour, (x0 + cx * h, y0 + cy * h), r * h)
        pygame.draw.circle(surface, colour, (x0 + 0.5 * h, y0 + 0.5 * h), 0.16 * h)
        pygame.draw.polygon(surface, colour, at(CLUB_STEM))
    return pygame.Rect(round(x0), round(y0), round(w), round(h))


@lru_cache(maxsize=128)
def suit_image(suit: int, size: int, colour) -> pygame.Surface:
    """A suit shape ``size`` pixels tall, anti-aliased, for inline use in text."""
    size = max(2, int(size))
    k = 4
    width = max(1, round(size * suit_aspect(suit)))
    big = theme.blank((width * k, size * k), colour)
    draw_suit(big, suit, big.get_rect(), colour)
    return theme.smooth_down(big, (width, size))


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45,
                turn: float = -math.pi / 2):
    """Vertices of a star centred at (cx, cy) with outer radius ``r``."""
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = turn + math.pi * i / points
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


# --- rank letters --------------------------------------------------------------------------------

MASTER_PX = 160


@lru_cache(maxsize=64)
def _glyph(text: str, colour) -> tuple[pygame.Surface, float]:
    """``text`` in bold, cropped to its ink, with the cap height of the font in the same pixels.

    Each character is cropped and set close to the next, so "10" stays narrow enough for the
    index column. The crop starts at the cap line, so a tail (Q) hangs below the others' base.
    """
    f = theme.exact_font(MASTER_PX, bold=True)
    cap = f.render("H", True, colour).get_bounding_rect(min_alpha=1)
    parts = []
    for ch in text:
        image = f.render(ch, True, colour)
        ink = image.get_bounding_rect(min_alpha=1)
        parts.append(image.subsurface(pygame.Rect(ink.x, cap.y, ink.w,
                                                  max(cap.h, ink.bottom - cap.y))))
    gap = round(cap.h * 0.06)
    w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    h = max(p.get_height() for p in parts)
    out = theme.blank((w, h), colour)
    x = 0
    for p in parts:
        out.blit(p, (x, 0))
        x += p.get_width() + gap
    return out, float(cap.h)


def draw_glyph(surface: pygame.Surface, text: str, colour, cap_height: float, x: float, y: float,
               max_width: float, centre: bool = True) -> pygame.Rect:
    """Draw ``text`` with its capitals ``cap_height`` tall, squeezed to ``max_width`` if need be."""
    image, cap = _glyph(text, tuple(colour))
    s = cap_height / cap
    w = image.get_width() * s
    if w > max_width:
        w = max_width
    size = (max(1, round(w)), max(1, round(image.get_height() * s)))
    scaled = pygame.transform.smoothscale(image, size)
    left = x + (max_width - size[0]) / 2 if centre else x
    rect = scaled.get_rect(topleft=(round(left), round(y)))
    surface.blit(scaled, rect)
    return rect


# --- faces ---------------------------------------------------------------------------------------

def _body(width: int, k: int, fill=None) -> pygame.Surface:
    """The card's rounded blank (the face, or ``fill``) at ``k`` times its size, with a hairline
    edge (a firm line in high contrast: 3:1 against the face, so overlapped cards stay
    apart)."""
    look = theme.look()
    fill, edge = fill or look.CARD_FACE, look.CARD_EDGE
    W, H = width * k, height(width) * k
    big = theme.blank((W, H), edge)
    r = round(CORNER * W)
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
    line = max(k, round(look.CARD_EDGE_WIDTH * W))
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * line, -2 * line),
                     border_radius=max(0, r - line))
    return big


def queen_marked(options: RuleOptions) -> bool:
    """Whether the queen of spades carries its "50" under these options: where it is
    melded for more than the other queens."""
    melded, _ = values(options)
    return melded[QUEEN_OF_SPADES] != melded[make_card(QUEEN, HEARTS)]


def _mark(big: pygame.Surface, c: int, u: float, x: float, y: float, ink,
          queen: bool) -> None:
    """The small sign under the index of the cards this game treats specially."""
    col_w = INDEX_WIDTH * u
    mh = MARK_HEIGHT * u
    if is_wild(c):
        cx, cy = x + col_w / 2, y + mh / 2
        pygame.draw.polygon(big, GOLD_DARK, star_points(cx, cy, mh * 0.62, 4, 0.38, 0))
        pygame.draw.polygon(big, GOLD, star_points(cx, cy, mh * 0.48, 4, 0.36, 0))
    elif c == QUEEN_OF_SPADES and queen:
        draw_glyph(big, "50", ink, mh * 0.92, x, y, col_w)


def _index(big: pygame.Surface, c: int, u: float, ink, queen: bool = True) -> None:
    """Rank above suit (and the mark) in the top-left corner of the supersampled card."""
    x = INDEX_LEFT * u
    y = INDEX_TOP * u
    col_w = INDEX_WIDTH * u
    if c == JOKER:
        r = col_w * 0.56
        pygame.draw.polygon(big, ink, star_points(x + col_w / 2, y + r * 1.02, r, inner=0.42))
        y += RANK_HEIGHT * u * 1.18 + GAP * u
    else:
        rank = RANK_TEXT[rank_of(c)]
        if len(rank) == 2:
            # "10" is allowed a little wider than the column as well as shorter.
            draw_glyph(big, rank, ink, RANK_HEIGHT * TEN_HEIGHT * u, x - 0.02 * u,
                       y + RANK_HEIGHT * (1 - TEN_HEIGHT) * u, col_w + 0.035 * u)
        else:
            draw_glyph(big, rank, ink, RANK_HEIGHT * u, x, y, col_w)
        y += RANK_HEIGHT * u + GAP * u
        draw_suit(big, suit_of(c), pygame.Rect(round(x), round(y), round(col_w),
                                               round(SUIT_HEIGHT * u)), ink)
        y += SUIT_HEIGHT * u + GAP * 0.8 * u
    _mark(big, c, u, x, y, ink, queen)


def _mirror_index(big: pygame.Surface, u: float) -> None:
    """Copy the top-left index, turned half round, to the bottom-right corner."""
    w = round((INDEX_LEFT + INDEX_WIDTH + 0.02) * u)
    h = round((INDEX_TOP + RANK_HEIGHT + SUIT_HEIGHT + MARK_HEIGHT + 2 * GAP + 0.02) * u)
    patch = big.subsurface(pygame.Rect(0, 0, w, h)).copy()
    turned = pygame.transform.flip(patch, True, True)
    W, H = big.get_size()
    big.blit(turned, (W - w, H - h))


def _tint(colour, amount: float):
    """``colour`` mixed with the card's face: 0 is the face, 1 the colour."""
    return tuple(round(f + (c - f) * amount) for c, f in zip(colour, theme.look().CARD_FACE))


def _crown(big: pygame.Surface, rank: int, cx: float, top: float, w: float, h: float,
           ink) -> None:
    """A crown: the king's with three tall points, the queen's lower with five pearls, the
    jack's a plain band with a plume."""
    line = max(1, round(w * 0.05))
    left, right, base = cx - w / 2, cx + w / 2, top + h
    if rank == JACK:
        band_top = top + h * 0.62
        leaf = []
        for i in range(13):
            t = i / 12
            x = cx + w * (0.12 + 0.36 * t)
            y = band_top - h * (0.2 + 0.95 * t) + h * 0.35 * t * t
            leaf.append((x, y, w * 0.07 * math.sin(math.pi * t)))
        feather = [(x - d * 0.6, y - d) for x, y, d in leaf] + \
            [(x + d * 0.6, y + d) for x, y, d in leaf[::-1]]
        pygame.draw.polygon(big, ink, feather)
        rx, ry = w * 0.4, base - h * 0.22 - (top + h * 0.12)
        dome_base = base - h * 0.22
        dome = [(cx + rx * math.cos(math.pi * i / 24), dome_base - ry * math.sin(math.pi * i / 24))
                for i in range(25)]
        pygame.draw.polygon(big, GOLD, dome)
        pygame.draw.polygon(big, ink, dome, line)
        band = pygame.Rect(round(left + w * 0.04), round(dome_base), round(w * 0.92),
                           max(1, round(base - dome_base)))
        pygame.draw.rect(big, ink, band)
        return
    n = 3 if rank == KING else 5
    low = top + h * (0.5 if rank == KING else 0.42)
    peak = top if rank == KING else top + h * 0.16
    pts = [(left, base), (left, peak)] + _crown_top(left, w, n, low, peak) + [(right, base)]
    pygame.draw.polygon(big, GOLD, pts)
    pygame.draw.polygon(big, ink, pts, line)
    for i in range(n + 1):
        pygame.draw.circle(big, ink, (left + w * i / n, peak), w * (0.06 if n == 3 else 0.05))
    band = pygame.Rect(round(left), round(base - h * 0.2), round(w), max(1, round(h * 0.2)))
    pygame.draw.rect(big, ink, band)


def _crown_top(left: float, w: float, n: int, low: float, peak: float):
    """The zig-zag top edge of a crown with ``n + 1`` points."""
    pts = []
    for i in range(n):
        pts.append((left + w * (i + 0.5) / n, low))
        pts.append((left + w * (i + 1) / n, peak))
    return pts


COURT_WIDTH = 0.36
COURT_HEIGHT = 0.9


def _court(big: pygame.Surface, c: int, u: float, ink) -> None:
    """A court's centre: a small flat figure (crowned head, shoulders in the suit's colour, a
    gold collar) in a tinted frame, mirrored like a printed double-headed court card, the suit
    on a medallion where the halves meet. The crown tells king, queen and jack apart."""
    W, H = big.get_size()
    box = pygame.Rect(0, 0, round(COURT_WIDTH * u), round(COURT_HEIGHT * u))
    box.center = (W // 2, H // 2)
    radius = round(0.05 * u)
    pygame.draw.rect(big, _tint(ink, 0.08), box, border_radius=radius)
    rank = rank_of(c)
    cx, mid = box.centerx, box.centery
    line = max(1, round(0.008 * u))
    hr = 0.058 * u
    head_y = box.top + 0.215 * u
    neck_y = head_y + hr * 0.9
    sw = 0.145 * u
    shoulders = [(cx - sw, mid)]
    for i in range(17):
        a = math.pi * (1 - i / 16)
        drop = (1 - math.sin(a) ** 0.6) * 0.9
        shoulders.append((cx + sw * math.cos(a), neck_y + (mid - neck_y) * drop))
    shoulders.append((cx + sw, mid))
    pygame.draw.polygon(big, ink, shoulders)
    pygame.draw.polygon(big, GOLD, [(cx - 0.055 * u, neck_y), (cx + 0.055 * u, neck_y),
                                    (cx, neck_y + 0.1 * u)])
    if rank == QUEEN:
        hair = pygame.Rect(0, 0, round(hr * 2.7), round(hr * 3.0))
        hair.midtop = (round(cx), round(head_y - hr * 1.1))
        pygame.draw.ellipse(big, _tint(ink, 0.6), hair)
    pygame.draw.circle(big, theme.look().CARD_FACE, (cx, head_y), hr)
    pygame.draw.circle(big, ink, (cx, head_y), hr, line)
    crown_h = 0.075 * u if rank == JACK else 0.08 * u
    _crown(big, rank, cx, head_y - hr - crown_h + 0.02 * u, 0.15 * u, crown_h, ink)
    half = pygame.Rect(box.left, box.top, box.w, box.h // 2)
    top = big.subsurface(half).copy()
    big.blit(pygame.transform.flip(top, True, True), (box.left, box.bottom - half.h))
    pygame.draw.line(big, GOLD, (cx - sw, mid), (cx + sw, mid), max(1, round(0.012 * u)))
    pip = 0.075 * u
    pygame.draw.circle(big, theme.look().CARD_FACE, (cx, mid), pip * 0.8)
    pygame.draw.circle(big, GOLD, (cx, mid), pip * 0.8, max(1, round(0.01 * u)))
    inner = round(pip * 0.85)
    draw_suit(big, suit_of(c), pygame.Rect(round(cx - inner / 2), round(mid - inner / 2),
                                           inner, inner), ink)
    pygame.draw.rect(big, ink, box, max(1, round(0.013 * u)), border_radius=radius)


def _joker(big: pygame.Surface, u: float, ink) -> None:
    """The joker's centre: a large star ringed in gold over its name."""
    W, H = big.get_size()
    cx, cy = W / 2, H / 2 - 0.06 * u
    r = 0.16 * u
    pygame.draw.polygon(big, GOLD, star_points(cx, cy, r * 1.12, inner=0.44))
    pygame.draw.polygon(big, ink, star_points(cx, cy, r, inner=0.44))
    draw_glyph(big, "JOKER", ink, 0.065 * u, cx - 0.17 * u, cy + r * 1.3, 0.34 * u)


def _centre(big: pygame.Surface, c: int, u: float, ink) -> None:
    """The middle of the card: a big pip, a court's frame, or the joker's star.

    It keeps within the middle 36% of the width, so a fan showing up to 32% of each card shows
    only the index, never a sliver of the centre.
    """
    if c == JOKER:
        _joker(big, u, ink)
        return
    rank = rank_of(c)
    if rank >= JACK:
        _court(big, c, u, ink)
        return
    W, H = big.get_size()
    size = (0.34 if rank == ACE else 0.32) * u
    pip = pygame.Rect(0, 0, round(size), round(size * 1.1))
    pip.center = (W // 2, H // 2)
    draw_suit(big, suit_of(c), pip, ink)


def face(card: int, width: int, four_colour: bool = False, queen: bool = True
         ) -> pygame.Surface:
    """The face of ``card`` ``width`` pixels wide (per-pixel alpha, rounded, anti-aliased),
    drawn once per card, width and colour scheme; ``queen``: the queen of spades carries
    its "50" (``queen_marked``). Treat it as read-only: it is shared."""
    if not (card == JOKER or 4 <= card < CARD_SLOTS):
        raise ValueError(f"{card!r} is not a card")
    return _face(int(card), max(8, int(width)), bool(four_colour),
                 bool(queen) or card != QUEEN_OF_SPADES)


@theme.surface_cache(max_pixels=6_000_000)
def _face(card: int, width: int, four_colour: bool, queen: bool = True) -> pygame.Surface:
    k = _scale(width)
    big = _body(width, k)
    u = float(width * k)
    ink = JOKER_INK if card == JOKER else suit_colour(suit_of(card), four_colour)
    _index(big, card, u, ink, queen)
    _mirror_index(big, u)
    _centre(big, card, u, ink)
    return theme.smooth_down(big, (width, height(width)))


# --- back and shadow -----------------------------------------------------------------------------

BACK = (142, 30, 46)
BACK_LINE = (182, 72, 86)
BACK_BORDER = (250, 246, 236)


def back(width: int) -> pygame.Surface:
    """The back every card shares: a deep red lattice framed in cream, a small medallion
    (cached per width; read-only)."""
    return _back(max(8, int(width)))


@theme.surface_cache(max_pixels=1_000_000)
def _back(width: int) -> pygame.Surface:
    k = _scale(width)
    big = _body(width, k, fill=BACK_BORDER)
    W, H = big.get_size()
    u = float(W)
    inset = round(0.06 * u)
    inner = big.get_rect().inflate(-2 * inset, -2 * inset)
    r = round((CORNER - 0.04) * u)
    pygame.draw.rect(big, BACK, inner, border_radius=max(1, r))
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = 0.11 * u
    line = max(1, round(0.012 * u))
    n = int((inner.w + inner.h) / step) + 2
    for i in range(-n, n):
        x = i * step
        pygame.draw.line(field, BACK_LINE, (x, 0), (x + inner.h, inner.h), line)
        pygame.draw.line(field, BACK_LINE, (x, inner.h), (x + inner.h, 0), line)
    mask = theme.blank(inner.size, (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255), mask.get_rect(), border_radius=max(1, r))
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(field, inner.topleft)
    frame = inner.inflate(-round(0.05 * u), -round(0.05 * u))
    pygame.draw.rect(big, GOLD, frame, max(1, round(0.012 * u)), border_radius=max(1, r - 4))
    cx, cy = W / 2, H / 2
    rr = 0.17 * u
    diamond = [(cx, cy - rr * 1.35), (cx + rr, cy), (cx, cy + rr * 1.35), (cx - rr, cy)]
    pygame.draw.polygon(big, BACK, diamond)
    pygame.draw.polygon(big, GOLD, diamond, max(1, round(0.016 * u)))
    pygame.draw.polygon(big, GOLD, star_points(cx, cy, rr * 0.55, 4, 0.4, 0))
    return theme.smooth_down(big, (width, height(width)))


def shadow_blur(width: int) -> int:
    """How far the shadow spreads beyond the card, in pixels."""
    return max(2, round(width * 0.07))


def shrunk(card: int, width: int, source: int, four_colour: bool = False,
           queen: bool = True) -> pygame.Surface:
    """The face of ``card`` ``width`` wide, smoothly scaled down from its face ``source``
    wide (which is drawn once): for a card in flight, whose width changes every few frames.
    Drawing a face from scratch costs a millisecond natively and ten in the browser, and a
    dealt card passes through a dozen widths; scaling one costs a tenth of that. Wider than
    ``source``, or equal, it is the face itself."""
    width, source = max(8, int(width)), max(8, int(source))
    if width >= source:
        return face(card, width, four_colour, queen)
    return _shrunk(card, width, source, bool(four_colour),
                   bool(queen) or card != QUEEN_OF_SPADES)


@theme.surface_cache(max_pixels=3_000_000)
def _shrunk(card: int, width: int, source: int, four_colour: bool, queen: bool
            ) -> pygame.Surface:
    return pygame.transform.smoothscale(face(card, source, four_colour, queen),
                                        (width, height(width)))


def shadow(width: int) -> pygame.Surface:
    """A soft shadow for a card ``width`` wide; place it with ``shadow_pos``."""
    width = max(8, int(width))
    return theme.soft_shadow((width, height(width)), round(CORNER * width), shadow_blur(width))


def with_shadow(card: int | None, width: int, four_colour: bool = False, queen: bool = True
                ) -> pygame.Surface:
    """A card (None: its back) already lying on its shadow, premultiplied: one blit with
    ``special_flags=pygame.BLEND_PREMULTIPLIED`` at ``shadow_pos`` gives the pixels of the
    shadow blitted and then the card, in half the blits (cached per card and width;
    ``queen`` as in ``face``)."""
    width = max(8, int(width))
    return _with_shadow(-1 if card is None else int(card), width, bool(four_colour),
                        bool(queen) or card != QUEEN_OF_SPADES)


@theme.surface_cache(max_pixels=4_000_000)
def _with_shadow(card: int, width: int, four_colour: bool, queen: bool = True
                 ) -> pygame.Surface:
    art = back(width) if card < 0 else face(card, width, four_colour, queen)
    out = shadow(width).premul_alpha()
    b = shadow_blur(width)
    out.blit(art.premul_alpha(), (b, b - _drop(width, 0.0)),
             special_flags=pygame.BLEND_PREMULTIPLIED)
    return out


def shadow_pos(card_rect: pygame.Rect, lift: float = 0.0) -> tuple[int, int]:
    """Where to blit ``shadow(card_rect.w)`` under a card at ``card_rect`` (lifted cards cast
    their shadow further down)."""
    b = shadow_blur(card_rect.w)
    return card_rect.x - b, card_rect.y - b + _drop(card_rect.w, lift)


def _drop(width: int, lift: float) -> int:
    """How far below its card a shadow falls (further for a lifted card)."""
    return max(1, round(width * (0.025 + 0.06 * lift)))


# --- drawing a card ------------------------------------------------------------------------------
#
# Blending a pixel costs far more than copying it: in the browser's WebAssembly a 150 px card
# on its shadow took 1.4 ms to blend and a hundredth of that to copy. Most of a card is
# opaque, and blending an opaque pixel gives the pixel itself, so ``draw`` copies the card's
# opaque middle from a solid copy of its face and blends only its rim: its rounded corners,
# its hairline edge and its shadow.

def draw(surface: pygame.Surface, card: int | None, rect: pygame.Rect,
         four_colour: bool = False, queen: bool = True, shadow: bool = True) -> None:
    """Card ``card`` (None: its back) at ``rect`` (its width is the card's), with its soft
    shadow unless ``shadow`` is off: the pixels of its art blitted whole (``with_shadow`` at
    ``shadow_pos`` premultiplied, else ``face`` or ``back`` with alpha), in a fraction of the
    time."""
    width = max(8, int(rect.w))
    queen = bool(queen) or card != QUEEN_OF_SPADES
    if shadow:
        art = with_shadow(card, width, four_colour, queen)
        x, y = shadow_pos(rect)
        flags = pygame.BLEND_PREMULTIPLIED
    else:
        art = back(width) if card is None else face(card, width, four_colour, queen)
        x, y = rect.topleft
        flags = 0
    solid = _solid(-1 if card is None else int(card), width, bool(four_colour), queen)
    if solid is None:
        surface.blit(art, (x, y), special_flags=flags)
        return
    ox, oy = rect.x - x, rect.y - y  # the card's corner in its art
    middle, rim = _parts(width, art.get_size(), ox, oy)
    surface.blit(solid, (x + middle.x, y + middle.y), middle.move(-ox, -oy))
    for r in rim:
        surface.blit(art, (x + r.x, y + r.y), r, special_flags=flags)


@lru_cache(maxsize=64)
def _middle(width: int) -> pygame.Rect | None:
    """The opaque middle of a card ``width`` wide: the band of rows opaque across the card's
    whole opaque width (all but its rounded corners' rows), from the outline every card
    shares (``_body``); None when there is none. Each blit costs a few microseconds before
    its first pixel, so one band and four strips of rim beat a finer cut of the corners."""
    mask = pygame.mask.from_surface(back(width), 254)  # alpha 255 only
    w, h = mask.get_size()
    cx, cy = w // 2, h // 2
    if not mask.get_at((cx, cy)):
        return None
    x0, x1, top, low = cx, cx + 1, cy, cy + 1
    while x0 > 0 and mask.get_at((x0 - 1, cy)):
        x0 -= 1
    while x1 < w and mask.get_at((x1, cy)):
        x1 += 1
    while top > 0 and mask.get_at((x0, top - 1)) and mask.get_at((x1 - 1, top - 1)):
        top -= 1
    while low < h and mask.get_at((x0, low)) and mask.get_at((x1 - 1, low)):
        low += 1
    return pygame.Rect(x0, top, x1 - x0, low - top)


@theme.surface_cache(max_pixels=6_000_000)
def _solid_image(card: int, width: int, four_colour: bool, queen: bool) -> pygame.Surface:
    art = back(width) if card < 0 else face(card, width, four_colour, queen)
    solid = pygame.Surface(art.get_size())  # the window's format: copied, not converted
    solid.blit(art, (0, 0))
    return solid


def _solid(card: int, width: int, four_colour: bool, queen: bool) -> pygame.Surface | None:
    """The card's face (or back, ``card`` -1) with no alpha, to copy its opaque middle from;
    None when its middle is not opaque where ``_middle`` says (then it is blended whole)."""
    if _faithful(card, width, four_colour, queen):
        return _solid_image(card, width, four_colour, queen)
    return None


@lru_cache(maxsize=4096)
def _faithful(card: int, width: int, four_colour: bool, queen: bool) -> bool:
    """Whether this card's own art is opaque over all of ``_middle`` (checked once per card)."""
    middle = _middle(width)
    if middle is None:
        return False
    art = back(width) if card < 0 else face(card, width, four_colour, queen)
    band = pygame.mask.Mask(middle.size, fill=True)
    opaque = pygame.mask.from_surface(art, 254)
    return opaque.overlap_area(band, middle.topleft) == middle.w * middle.h


@lru_cache(maxsize=256)
def _parts(width: int, size: tuple[int, int], ox: int, oy: int
           ) -> tuple[pygame.Rect, tuple[pygame.Rect, ...]]:
    """A card's art of ``size`` with the card's corner at (``ox``, ``oy``) cut into its
    opaque middle, to copy, and the strips round it, to blend (above, below, left, right),
    in the art's coordinates."""
    middle = _middle(width)
    assert middle is not None, "asked only for a card with an opaque middle (_solid)"
    m = middle.move(ox, oy)
    w, h = size
    rim = (pygame.Rect(0, 0, w, m.y), pygame.Rect(0, m.bottom, w, h - m.bottom),
           pygame.Rect(0, m.y, m.x, m.h), pygame.Rect(m.right, m.y, w - m.right, m.h))
    return m, tuple(r for r in rim if r.w > 0 and r.h > 0)
