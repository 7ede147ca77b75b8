"""Where everything on the table goes: pure functions from the window size to rectangles.

No drawing here (the tests run these without a display; only the card art's constants and
the font's text widths are read, so buttons are as wide as their words). ``table_layout``
places the status line, the pause and log buttons, the opponents round the table, the stock
and the pile, your melds, your plate, the action buttons and your hand, for 2-8 seats,
portrait phones to desktop windows.
Every control is at least ``target`` pixels tall (44 on a phone, scaled up on large screens
and with the player's text size), nothing overlaps, and the hand's cards never get narrower
than ``MIN_CARD_WIDTH``. Text is measured at the player's text size (``theme``): every line
height here is ``theme.line_height``, so larger text makes room for itself.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

from ...services.settings import CardSize, Settings
from ..cardart import CARD_RATIO, INDEX_TOP, MIN_READABLE_WIDTH, RANK_HEIGHT, SUIT_HEIGHT
from ..cardart import GAP as INDEX_GAP
from ..theme import control_scale, cut, line_height, scaled, text_scale, text_width, wrap
from ..widgets import button_label_px, button_radius  # the buttons' own sizing, so labels fit

MIN_CARD_WIDTH = MIN_READABLE_WIDTH
"""Narrowest card drawn anywhere: its corner index must still be read at a glance."""
MIN_MINI_WIDTH = MIN_READABLE_WIDTH
"""Narrowest card in a meld on the table (where an opponent's panel is smaller than that,
their melds are written as short text instead)."""
VISIBLE = 0.3
"""Least share of a card's width left showing when cards overlap (the corner index)."""
SPREAD = 0.62
"""Most share of a card's width between neighbours when there is room (a relaxed fan)."""
MELD_STEP = 0.34
"""Share of a card's width between two cards of a meld on the table, where there is room."""
MELD_TIGHT = VISIBLE
"""The closest two cards of a meld are laid (their corner index still shows)."""
GLOW = 6
"""Room kept under your melds' band for the glow round it."""
LIFT = 0.2
"""A selected card rises by this share of its height."""
MIN_TARGET = 44
"""Smallest control height at scale 1 (a finger; CSS pixels on a phone)."""
MIN_LABEL_PX = 11
"""The smallest text on the table, asked for (CSS pixels on a phone at 100 %): longer lines
are cut short."""
STATUS_LINES = 3
"""The lines a phone's status bar has room for beside the Log and Menu buttons, at the
smallest text ("Meld, lay off, or discard to end your turn" needs them at 150 %)."""
STATUS_WORDS = "Meld, lay off, or discard to end your turn"
"""The longest instruction the status bar gives: its room is made for these words whole."""
STATUS_SHORT = "Meld, lay off, or discard"
"""The same in its essential words (``TableModel.status(brief=True)``): the room made for
the status in a row of its own on a window too short for the whole words there."""
DEFAULT = Settings()
_CARD_SCALE = {CardSize.SMALL: 0.85, CardSize.NORMAL: 1.0, CardSize.LARGE: 1.15}


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in window pixels (integers)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, pos) -> bool:
        return self.x <= pos[0] < self.right and self.y <= pos[1] < self.bottom

    def overlaps(self, other: Rect) -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)

    def inside(self, other: Rect) -> bool:
        return (self.x >= other.x and self.y >= other.y
                and self.right <= other.right and self.bottom <= other.bottom)

    def minus(self, other: Rect) -> tuple[Rect, ...]:
        """The largest rectangles of this one that ``other`` leaves uncovered: the bands
        above, below, left and right of it, each as wide or as tall as this one (so they
        overlap), those that are not empty."""
        if not self.overlaps(other):
            return (self,)
        bands = (Rect(self.x, self.y, self.w, other.y - self.y),
                 Rect(self.x, other.bottom, self.w, self.bottom - other.bottom),
                 Rect(self.x, self.y, other.x - self.x, self.h),
                 Rect(other.right, self.y, self.right - other.right, self.h))
        return tuple(b for b in bands if b.w > 0 and b.h > 0)

    def inset(self, d: int) -> Rect:
        return Rect(self.x + d, self.y + d, max(0, self.w - 2 * d), max(0, self.h - 2 * d))

    def mirrored(self, width: int) -> Rect:
        """This rectangle reflected left-right in a window ``width`` wide."""
        return Rect(width - self.right, self.y, self.w, self.h)


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


@dataclass(frozen=True, slots=True)
class HandLayout:
    """Your hand: one or two overlapping rows; ``cards[i]`` is card i's rect at rest."""

    rect: Rect
    card_w: int
    card_h: int
    rows: int
    cards: tuple[Rect, ...]

    def drawn(self, i: int, lifted=()) -> Rect:
        """Card ``i`` where it is drawn: raised by ``LIFT`` when it is in ``lifted``
        (selected)."""
        r = self.cards[i]
        return Rect(r.x, r.y - round(r.h * LIFT), r.w, r.h) if i in lifted else r

    def index_at(self, pos, lifted=()) -> int | None:
        """The card under ``pos`` (the topmost, so the last drawn wins), or None."""
        for i in range(len(self.cards) - 1, -1, -1):
            if self.drawn(i, lifted).contains(pos):
                return i
        return None

    def face(self, i: int, lifted=()) -> Rect | None:
        """The largest rectangle of card ``i`` that no card drawn after it covers (None: it is
        covered whole). A tap anywhere in it finds card ``i`` (``index_at``), its centre
        too: what the lesson rings, and where the accessible mirror lays the card's button."""
        card = self.drawn(i, lifted)
        free = [card]
        for j in range(i + 1, len(self.cards)):
            over = self.drawn(j, lifted)
            if not card.overlaps(over):
                continue
            parts = {part for r in free for part in r.minus(over)}
            free = [r for r in parts if not any(r != o and r.inside(o) for o in parts)]
        return max(free, key=lambda r: (r.w * r.h, -r.y, -r.x), default=None)

    def insert_at(self, pos) -> int:
        """Where a card dropped at ``pos`` goes in the hand order (0..len)."""
        if not self.cards:
            return 0
        per_row = math.ceil(len(self.cards) / self.rows)
        row = 0
        if self.rows > 1 and pos[1] >= self.cards[per_row].y:
            row = 1
        first = row * per_row
        last = min(len(self.cards), first + per_row)
        for i in range(first, last):
            if pos[0] < self.cards[i].center[0]:
                return i
        return last


@dataclass(frozen=True, slots=True)
class OpponentBox:
    """One opponent's panel: a header (name, level, cards, score), the last move caption,
    and the area where their melds are drawn."""

    box: Rect
    header: Rect
    caption: Rect
    melds: Rect


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Every rectangle of the table for one window size, seat count and hand size."""

    size: tuple[int, int]
    scale: float
    target: int
    """The smallest control height here."""
    font: int
    """Body text size asked for, in pixels (drawn at the player's text size: ``theme``)."""
    status: Rect
    pause: Rect
    log_button: Rect
    opponents: tuple[OpponentBox, ...]
    """In seat order after the viewer (the next player first)."""
    stock: Rect
    stock_card: Rect
    pile: Rect
    """The pile's tap target: its card, its count and (with the assist) the fan."""
    pile_card: Rect
    """Where the top card lies."""
    pile_fan: Rect | None
    """With the pile assist on: the strip where the whole pile is fanned."""
    my_melds: Rect
    meld_card_w: int
    sort: Rect
    actions: tuple[Rect, ...]
    """Slots for the action buttons, in reading order (the first is the primary)."""
    message: Rect
    """The strip where a refusal or a hint is shown (drawn over the felt above the buttons, or
    higher, on free felt, once your melds are down: ``message_spot``)."""
    hand: HandLayout
    log_panel: Rect
    """Where the log of the hand opens (over the centre of the table)."""
    plate: Rect
    """Your own plate: name, total score, cards in hand, whose turn (not a control)."""
    beside: Rect | None = None
    """Felt beside the stock and the pile where one opponent's melds are drawn, when the
    panels have no room for meld cards (phones with many seats); None elsewhere."""
    text: float = 1.0
    """The text size this layout was made for (``theme.text_scale``)."""
    terse: bool = False
    """The window is short for the text size: opponents' panels are their header alone and
    your melds' points are written on them, not under them (``my_meld_label``)."""

    def controls(self) -> list[tuple[str, Rect]]:
        """Every tappable area with a name (for tests and the fuzzer)."""
        out = [("pause", self.pause), ("log", self.log_button), ("stock", self.stock),
               ("pile", self.pile), ("my_melds", self.my_melds), ("sort", self.sort),
               ("hand", self.hand.rect)]
        out += [(f"action{i}", r) for i, r in enumerate(self.actions)]
        return out

    def panels(self) -> list[tuple[str, Rect]]:
        """Every drawn area that must not overlap another (controls and opponent panels)."""
        return (self.controls() + [("plate", self.plate)]
                + [(f"opponent{i}", o.box) for i, o in enumerate(self.opponents)]
                + ([("beside", self.beside)] if self.beside is not None else []))


def scale_of(size: tuple[int, int]) -> float:
    """How much larger than a phone this window is (1.0 up to a phone-sized window)."""
    w, h = size
    return max(1.0, min(w / 480, h / 760))


def label_px(height: int) -> int:
    """The size a button of ``height`` draws its label at when the label fits (widgets)."""
    return button_label_px(height)


def button_w(labels, height: int, px: int | None = None) -> int:
    """The narrowest button of ``height`` whose every label in ``labels`` is drawn whole at
    ``px`` (by default the button's full label size): buttons are sized to their words."""
    px = px or label_px(height)
    words = max(text_width(label, px, bold=True) for label in labels)
    return max(height, words + 2 * button_radius(height) + 4)


PAUSE_LABEL = "Menu"
LOG_LABEL = "Log"
SORT_LABELS = ("By suit", "By rank")


def table_layout(size: tuple[int, int], seats: int, hand_count: int,
                 settings: Settings = DEFAULT, mine=(), theirs=(),
                 status_row: bool = False, under: int = 0) -> TableLayout:
    """The table for a window of ``size``, ``seats`` players (2-8) and ``hand_count`` cards in
    your hand. Left-handed settings mirror the whole table left-right. ``mine`` is the size
    of each of your melds and ``theirs`` the same for each opponent (in seat order after
    you): your melds' band grows to hold every one of them (the opponents give up their
    meld cards first), and the opponents' panels take the felt their melds can use.

    From the top: the status line with the log and pause buttons (or under them, in a row
    of its own, where a large text size leaves it no room beside them); the opponents round the
    table; the stock and the pile side by side at the centre of the felt; your melds in a band
    (rows that wrap) above your hand; your plate (name, score, cards) and the action bar; your
    hand. A window too short for the melds' band under the stock keeps them beside it; a
    landscape window too short even for that with two rows of header-only panels has the
    panels in one row, a summary strip, before any of your melds goes unseen. With
    ``status_row`` the status has its row under the buttons wherever it would stand (the
    felt beside them is wanted for something else: ``seven_table``), and ``under`` pixels
    under that row kept free for a line of seven's (the teams' totals)."""
    row = status_row
    layout = _table_layout(size, seats, hand_count, settings, mine, theirs, False, False, row,
                           under)
    short = False
    if layout.status.y > layout.pause.y:
        # The status's own row keeps room for its essential words only where its whole
        # words would cost one of your melds, the opponents' caption lines, or the felt
        # beside the stock that shows an opponent's melds (a phone at 200 %, where the
        # second line of "... to end your turn" pushes your melds there).
        brief = _table_layout(size, seats, hand_count, settings, mine, theirs, False, True, row,
                              under)
        short = _crowded(brief, mine) < _crowded(layout, mine)
        if short:
            layout = brief
    if layout.terse and size[0] > size[1] and mine and len(layout.opponents) > 1 \
            and layout.opponents[0].box.y != layout.opponents[-1].box.y \
            and not all(r.w for r in my_meld_rects(layout, mine)[1]):
        return _table_layout(size, seats, hand_count, settings, mine, theirs, True, short, row,
                             under)
    return layout


def _stack_w(target: int, card_w: int, font: int, terse: bool) -> int:
    """The width of the stock's (and the pile's) place: its card, and as wide as its label
    ("Stock 48"; the count alone where the layout is ``terse``), so a short window's small
    cards do not clip it; never narrower than a finger's target."""
    return max(target, card_w, text_width("108" if terse else "Stock 108", font) + 4)


def _crowded(layout: TableLayout, mine) -> tuple[int, bool, bool]:
    """What ``layout`` gives up, worst first: how many of your melds (``mine``) are not
    drawn, whether the opponents' panels are their header alone (``terse``), and whether
    no felt beside the stock shows an opponent's melds (``beside``)."""
    return sum(1 for r in my_meld_rects(layout, mine)[1] if not r.w), layout.terse, \
        layout.beside is None


def _table_layout(size: tuple[int, int], seats: int, hand_count: int, settings: Settings,
                  mine, theirs, strip: bool, short: bool, own_row: bool,
                  under: int = 0) -> TableLayout:
    """``table_layout``, the opponents' header-only panels in one row with ``strip``, the
    status's own row (where it has one) sized for its essential words with ``short``, and
    (``own_row``) always there, ``under`` pixels of felt kept free below it."""
    w, h = size
    s = scale_of(size)
    target = round(MIN_TARGET * s * control_scale())
    pad = round(6 * s)
    font = round(15 * s)
    portrait = h >= w
    full = Rect(0, 0, w, h)

    # Top bar: the status line, then the log and pause buttons at the right.
    pause_w = button_w((PAUSE_LABEL,), target)
    pause = Rect(w - pad - pause_w, pad // 2, pause_w, target)
    log_w = button_w((LOG_LABEL,), target)
    log_button = Rect(pause.x - pad - log_w, pause.y, log_w, target)
    status = _status_bar(w, pad, font, pause, log_button, portrait, short, own_row)
    top = status.bottom + pad + under

    # Bottom: the hand; above it the action bar, with your plate at its left on a wide
    # window, or as a strip of its own over the bar on a phone.
    # The least the middle needs (the opponents' header lines, the smallest stock) bounds
    # how tall the hand may grow on a short window.
    k = seats - 1
    line = line_height(font)
    rows = _opp_rows(k, w - 2 * pad, portrait)
    least = 2 * line + pad
    """An opponent's header and caption lines; their melds need a readable card more."""
    label = round(line_height(font) * 1.08)
    """The line under the stock and the pile ("Stock 48")."""
    plate_h = round(line_height(font) * 1.46)
    """Your plate on a phone: one line of name, cards and score, with room round it."""
    hand_least = round(card_height(MIN_CARD_WIDTH) * (1 + LIFT))
    # Your melds at their smallest, across the width: the rows they need come before
    # anything else of the middle (the stock and the pile shrink, the opponents keep only
    # their header lines).
    mine_rows = meld_rows(tuple(mine), w - 2 * pad, MIN_MINI_WIDTH)
    band_rows = max(2 if portrait else 1, mine_rows)
    stack_least = card_height(MIN_MINI_WIDTH) + label
    # Beside the stock and the pile (at their narrowest with their words under them) one row
    # of your melds must fit, or they need the band under them.
    stack_w_least = _stack_w(target, MIN_MINI_WIDTH, font, False)
    beside_rows = meld_rows(tuple(mine), w - 2 * pad - 2 * (stack_w_least + pad) - pad,
                            MIN_MINI_WIDTH)

    def least_middle(caption: int) -> tuple[int, int, int]:
        """A row of your melds, their band and the least the centre needs, with captions
        ``caption`` px tall under the melds."""
        row = card_height(MIN_MINI_WIDTH) + caption
        band = band_rows * row + (band_rows - 1) * _row_gap(MIN_MINI_WIDTH) + GLOW
        if not mine:
            return row, band, stack_least
        if portrait or mine_rows > 1 or beside_rows > 1:
            return row, band, stack_least + 2 * pad + band  # the band under the stock
        return row, band, max(stack_least, band)  # one row: beside the stock will do

    meld_row, band_h, centre_least = least_middle(meld_label(font))
    fixed = centre_least + target + 3 * pad + (plate_h + pad if portrait else 0)
    terse = h - top - (rows * least + pad * rows) - fixed - pad < hand_least
    if terse:
        # Large text on a small window: an opponent's panel is its header alone (name,
        # cards, total), their last turn in the log, and your melds' points are written on
        # them, before any of your melds goes unseen.
        least = line + pad
        rows = _opp_rows(k, w - 2 * pad, portrait, terse)
        meld_row, band_h, centre_least = least_middle(0)
        fixed = centre_least + target + 3 * pad + (plate_h + pad if portrait else 0)
        strip = strip and not portrait
        if strip:
            rows = 1
    needed = (rows * least + pad * rows) + fixed
    hand = _hand(full.inset(pad), hand_count, size, settings, h - top - needed - pad)
    bar = Rect(pad, hand.rect.y - pad - target, w - 2 * pad, target)
    # A narrow phone draws the sort label a little smaller, so the actions keep their words.
    sort_w = button_w(SORT_LABELS, target, None if w >= 480 else min(16, label_px(target)))
    if portrait:
        plate = Rect(pad, bar.y - pad - plate_h, w - 2 * pad, plate_h)
        sort, actions = _bar(bar, pad, s, sort_w)
        above = plate.y
    else:
        plate = Rect(bar.x, bar.y, min(round(w * 0.24), round(300 * s * control_scale())),
                     bar.h)
        sort, actions = _bar(Rect(plate.right + pad, bar.y, bar.right - plate.right - pad,
                                  bar.h), pad, s, sort_w)
        above = bar.y
    message_h = round(30 * s * control_scale())
    message = Rect(pad, above - pad - message_h, w - 2 * pad, message_h)

    # The middle: opponents first, then the stock, the pile and your melds.
    middle = Rect(pad, top, w - 2 * pad, max(0, above - pad - top))
    # An opponent's panel is as tall as the rows their melds need at a readable size in its
    # width (at least one, at most three), where the felt has room for that.
    card_row = round(card_height(round(MIN_MINI_WIDTH * s)) * 1.1)
    cell_w = _cell_w(k, middle.w, pad, font, portrait, terse, strip) - 2 * pad
    their_rows = max([1] + [meld_rows(tuple(t), cell_w, round(MIN_MINI_WIDTH * s))
                            for t in theirs])
    ideal = least + min(3, their_rows) * card_row
    pile_card_w = max(MIN_MINI_WIDTH, min(round(hand.card_w * 0.8), round(100 * s)))
    # The centre keeps room for the stock and the pile and, under them, your melds' band
    # (two rows on a phone, whose melds have the width of the window only, and as many as
    # your melds need); the opponents take the rest, up to what their meld cards need.
    smallest_pile = max(MIN_MINI_WIDTH, round(hand.card_w * 0.6))
    least_pile = smallest_pile if mine_rows <= 1 else MIN_MINI_WIDTH
    keep = card_height(least_pile) + label + 3 * pad + band_h  # the gap above the centre too
    gaps = pad * max(0, rows - 1)
    floor = round(middle.h * 0.4) if mine_rows <= 1 else 0
    opp_h = min(rows * ideal + gaps, max(floor, middle.h - keep))
    if k and (opp_h - gaps) // rows < least + card_row and least_pile > MIN_MINI_WIDTH:
        # The stock and the pile give up their size before the opponents' meld cards do
        # (only where that makes room for a row of them).
        smaller = min(rows * ideal + gaps, max(floor, middle.h - keep + card_height(
            least_pile) - card_height(MIN_MINI_WIDTH)))
        if (smaller - gaps) // rows >= least + card_row:
            least_pile, opp_h = MIN_MINI_WIDTH, smaller
    opp_h = max(opp_h, rows * least + gaps) if k else 0
    if k and (opp_h - gaps) // rows < least + card_row:
        # No room for readable meld cards: a panel has a line for "2 melds, 45 pts" where
        # the centre can spare it (else just its header and caption); the rest is the centre's.
        spare = middle.h - (card_height(smallest_pile) + label + pad + band_h)
        text_h = rows * (least + line + pad) + gaps
        opp_h = text_h if text_h <= spare else rows * least + gaps
    opponents = _opponents(Rect(middle.x, middle.y, middle.w, opp_h), k, pad, font, portrait,
                           not terse, strip)
    beside = None
    centre = Rect(middle.x, middle.y + opp_h + pad, middle.w, max(0, middle.h - opp_h - pad))
    # Smaller stock and pile cards rather than no band for your melds under them.
    stack_h = card_height(pile_card_w) + label
    while pile_card_w > MIN_MINI_WIDTH and (stack_h > centre.h or (
            stack_h + 2 * pad + band_h > centre.h and pile_card_w > least_pile)):
        pile_card_w = max(MIN_MINI_WIDTH, pile_card_w - 2)
        stack_h = card_height(pile_card_w) + label
    stack_w = _stack_w(target, pile_card_w, font, terse)
    # The fanned pile (the assist): room for about seven cards at a relaxed step, and at
    # most what the centre leaves beside the stock, so every index shows on a phone too.
    fan = max(0, min(centre.w - 2 * stack_w - 4 * pad, 3 * pile_card_w)) \
        if settings.pile_assist else 0
    row_w = stack_w * 2 + pad * 2 + fan
    # Beside the stock your melds may have the pile's fan's felt too (it narrows for them).
    side_rows = meld_rows(tuple(mine), centre.w - (stack_w + pad) * 2 - pad, MIN_MINI_WIDTH)
    side_fits = side_rows * meld_row + (side_rows - 1) * _row_gap(MIN_MINI_WIDTH) + GLOW \
        <= centre.h
    under = centre.h - stack_h - 2 * pad
    if not mine:
        under += pad + GLOW  # nothing to fit yet: a row's room (the band's words) will do
    if under >= band_h - (meld_row if portrait and mine_rows < 2 else 0) or (
            under >= meld_row and not side_fits):
        # Stock and pile together at the centre; your melds in the band below them, across
        # the whole width. Room beyond the rows of the largest meld cards goes round the pile.
        melds_h = centre.h - stack_h - pad
        most = max(band_h, max(2, mine_rows) * (card_height(round(hand.card_w * 0.72))
                                                + label) + pad + GLOW)
        spare = max(0, melds_h - pad - most)
        row = Rect(centre.center[0] - row_w // 2, centre.y + spare // 2, row_w, stack_h)
        free = centre.w - row_w - 2 * pad
        if k and any(theirs) and free >= 2 * _meld_w(3, MIN_MINI_WIDTH) + 2 * pad \
                and stack_h >= card_height(MIN_MINI_WIDTH) + line \
                and all(o.melds.h < card_height(MIN_MINI_WIDTH) for o in opponents):
            # The panels hold no meld cards: stock and pile move to the side, and the felt
            # they leave shows the melds of the opponent who is playing.
            row = Rect(centre.x, row.y, row_w, stack_h)
            beside = Rect(row.right + 2 * pad, row.y, centre.right - row.right - 2 * pad,
                          stack_h)
        melds_area = Rect(centre.x, row.bottom + pad + spare // 2, centre.w,
                          max(0, centre.bottom - row.bottom - 2 * pad - spare // 2))
    else:
        # Too short for a band under them: stock and pile at the left, your melds beside,
        # the fanned pile narrower if need be so that a meld of three still fits there.
        side_least = round(MIN_MINI_WIDTH * (1 + 2 * MELD_STEP)) + 2 * pad
        fan = max(0, fan - max(0, side_least - (centre.w - row_w - pad)))

        def side_h(fan_w: int) -> int:
            rows_ = meld_rows(tuple(mine), centre.w - stack_w * 2 - pad * 3 - fan_w,
                              MIN_MINI_WIDTH)
            return rows_ * meld_row + max(0, rows_ - 1) * _row_gap(MIN_MINI_WIDTH) + GLOW

        while fan > 0 and side_h(fan) > centre.h:  # your melds before the pile's fan
            fan = max(0, fan - 8)
        row_w = stack_w * 2 + pad * 2 + fan
        row = Rect(centre.x, centre.y + max(0, (centre.h - stack_h) // 2), row_w, stack_h)
        melds_area = Rect(row.right + pad, centre.y, max(0, centre.right - row.right - pad),
                          centre.h)
    stock = Rect(row.x, row.y, stack_w, stack_h)
    stock_card = Rect(stock.x + (stack_w - pile_card_w) // 2, stock.y, pile_card_w,
                      card_height(pile_card_w))
    pile_x = stock.right + pad * 2
    if settings.pile_assist:
        pile = Rect(pile_x, row.y, max(stack_w, row.right - pile_x), stack_h)
        pile_fan = Rect(pile_x, row.y, pile.w, card_height(pile_card_w))
    else:
        pile = Rect(pile_x, row.y, stack_w, stack_h)
        pile_fan = None
    pile_card = Rect(pile.x + (stack_w - pile_card_w) // 2 if pile_fan is None else pile.right
                     - pile_card_w, row.y, pile_card_w, card_height(pile_card_w))
    meld_card_w = max(MIN_MINI_WIDTH, min(round(hand.card_w * 0.72),
                                          round(melds_area.h * 0.55 / CARD_RATIO)))
    log_panel = Rect(middle.x, middle.y, middle.w, max(0, above - pad - middle.y))

    layout = TableLayout(size, s, target, font, status, pause, log_button, opponents, stock,
                         stock_card, pile, pile_card, pile_fan, melds_area, meld_card_w, sort,
                         actions, message, hand, log_panel, plate, beside, text_scale(), terse)
    return mirrored(layout) if settings.left_handed else layout


def _status_bar(w: int, pad: int, font: int, pause: Rect, log_button: Rect,
                portrait: bool, short: bool, row: bool = False) -> Rect:
    """Where the status stands: beside the Log and Menu buttons (on up to ``STATUS_LINES``
    lines on a phone) where ``STATUS_WORDS`` show whole there at the table's smallest text
    or larger; else (a large text size on a phone, whose buttons grew with it) in a row of
    its own under them, across the window and as tall as those words need there (with
    ``short``, a window too short for that: as its essential words, ``STATUS_SHORT``), so
    the player reads the instruction at the size they chose. With ``row``, there always."""
    target = pause.h
    beside_h = max(target, STATUS_LINES * line_height(MIN_LABEL_PX)) if portrait else target
    beside = Rect(pad, pause.y, max(0, log_button.x - 2 * pad), beside_h)
    if not row and status_fits(STATUS_WORDS, font, beside):
        return beside
    own = Rect(pad, pause.bottom + pad // 2, w - 2 * pad, 1 << 16)
    px, lines = status_lines(STATUS_SHORT if short else STATUS_WORDS, font, own)
    return Rect(own.x, own.y, own.w, len(lines) * line_height(px))


def status_lines(text: str, font: int, bar: Rect) -> tuple[int, list[str]]:
    """The status's size and lines in ``bar``: one large line where it fits; else wrapped,
    a little smaller, and smaller still (down to the table's smallest text) until the lines
    stand within the bar's height. Only then does the last line give way, cut short with an
    ellipsis: every line returned is no wider than the bar."""
    px = round(font * 1.15)
    if text_width(text, px, True) <= bar.w and line_height(px) <= bar.h:
        return px, [text]
    px = max(MIN_LABEL_PX, round(font * 0.95))
    while True:
        lines = wrap(text, px, bar.w, True)
        most = max(1, bar.h // line_height(px))
        if len(lines) <= most or px <= MIN_LABEL_PX:
            break
        px -= 1
    if len(lines) > most:  # the rest on the last line, cut short with an ellipsis
        lines = lines[:most - 1] + [cut(" ".join(lines[most - 1:]), px, bar.w, True)]
    return px, lines


def status_fits(text: str, font: int, bar: Rect) -> bool:
    """Whether ``text`` shows whole in ``bar`` (``status_lines``): not cut short, every
    line within its width and all of them within its height."""
    px, lines = status_lines(text, font, bar)
    return (" ".join(lines) == text and len(lines) * line_height(px) <= bar.h
            and all(text_width(line, px, True) <= bar.w for line in lines))


def status_text(whole: str, brief: str, font: int, bar: Rect) -> str:
    """What the status ``bar`` says: the ``whole`` instruction where it shows whole there,
    else its essential words, ``brief`` (a short window at a large text size keeps room for
    those: ``STATUS_SHORT``)."""
    return whole if status_fits(whole, font, bar) else brief


def _hand(area: Rect, n: int, size, settings: Settings, room: int) -> HandLayout:
    """Your hand at the bottom of ``area``: the largest cards that fit one row, or two rows
    when one row would shrink them too much (a phone with a long hand), never taller than
    ``room`` unless the cards would become unreadable."""
    w, h = size
    # Larger text asks for wider cards too, so their corner index grows with the words,
    # where the window has the room: not taller than usual (the opponents' melds keep their
    # felt on a wide window), and never past the least the rest needs (``room``).
    grow = control_scale()
    prefer = min(w * 0.24 * grow, h * 0.14, 150 * grow) * _CARD_SCALE[settings.card_size]
    prefer = max(MIN_CARD_WIDTH, prefer)

    def fit(per_row: int) -> float:
        return area.w / (1 + max(0, per_row - 1) * VISIBLE)

    rows = 1
    cw = min(prefer, fit(n))
    if cw < min(prefer * 0.8, 72 * scale_of(size)) and n > 1:
        # Two rows stand 1.7 cards tall (the lift and the half-covered first row): kept
        # under 30% of the window, so a short phone still has a table above them.
        tallest = min(h * 0.3, room) / (1 + LIFT + 0.5) / CARD_RATIO
        two = min(prefer, fit(math.ceil(n / 2)), tallest)
        if two > cw * 1.15:
            rows, cw = 2, two
    if rows == 1:
        cw = min(cw, room / (1 + LIFT) / CARD_RATIO)
    cw = max(MIN_CARD_WIDTH, int(cw))
    ch = card_height(cw)
    lift = round(ch * LIFT)
    row_dy = round(ch * 0.5)
    height = lift + ch + (row_dy if rows == 2 else 0)
    rect = Rect(area.x, area.bottom - height, area.w, height)
    per_row = math.ceil(n / rows) if n else 0
    cards = []
    for row in range(rows):
        count = min(per_row, n - row * per_row)
        if count <= 0:
            break
        step = min(cw * SPREAD, (area.w - cw) / (count - 1)) if count > 1 else 0
        span = cw + step * (count - 1)
        x0 = area.x + (area.w - span) / 2
        y = rect.y + lift + row * row_dy
        cards += [Rect(round(x0 + i * step), y, cw, ch) for i in range(count)]
    return HandLayout(rect, cw, ch, rows, tuple(cards))


def _bar(bar: Rect, pad: int, s: float, sort_w: int) -> tuple[Rect, tuple[Rect, ...]]:
    """The sort button at the left of the bar and up to four action slots filling the rest."""
    sort = Rect(bar.x, bar.y, sort_w, bar.h)
    rest = Rect(sort.right + pad, bar.y, bar.right - sort.right - pad, bar.h)
    grow = s * control_scale()  # labels at a larger text size need wider buttons
    slots = max(1, min(4, rest.w // max(1, round(110 * grow))))
    slot_w = min(round(240 * grow), (rest.w - pad * (slots - 1)) // slots)
    actions = tuple(Rect(rest.x + i * (slot_w + pad), bar.y, slot_w, bar.h)
                    for i in range(slots))
    return sort, actions


def _opp_rows(k: int, width: int, portrait: bool, terse: bool = False,
              strip: bool = False) -> int:
    return math.ceil(k / _opp_cols(k, width, portrait, terse, strip)) if k else 0


def _opp_cols(k: int, width: int, portrait: bool, terse: bool = False,
              strip: bool = False) -> int:
    """Columns of opponent panels: a row across a wide window, two or three on a phone
    (three where a panel is its header alone, ``terse``, and many seats need rows). With
    ``strip`` (a landscape window too short even for two rows of header-only panels) they
    stand in one row, a summary strip, so that your melds keep a row of their own."""
    if k <= 0:
        return 1
    most = (3 if width >= 600 or (terse and k > 2) else 2) if portrait \
        else (max(1, width // 200) if k > 4 and not strip else k)
    rows = math.ceil(k / most)
    return math.ceil(k / rows)  # balanced rows: 4 + 3, not 6 + 1


def _cell_w(k: int, width: int, pad: int, font: int, portrait: bool, terse: bool = False,
            strip: bool = False) -> int:
    """An opponent panel's width: a few opponents sit across the table in panels of a
    readable width, not stretched from edge to edge."""
    cols = _opp_cols(k, width, portrait, terse, strip)
    return min((width - pad * (cols - 1)) // cols, scaled(font) * 31)


def _opponents(area: Rect, k: int, pad: int, font: int, portrait: bool,
               captions: bool = True, strip: bool = False) -> tuple:
    """The opponents' panels in ``area``; without ``captions`` a panel has no line for the
    last turn (its caption is empty: the header carries the cards in hand); with ``strip``
    they stand in one row (``_opp_cols``)."""
    if k <= 0 or area.h <= 0:
        return ()
    cols = _opp_cols(k, area.w, portrait, not captions, strip)
    rows = math.ceil(k / cols)
    cell_w = _cell_w(k, area.w, pad, font, portrait, not captions, strip)
    cell_h = (area.h - pad * (rows - 1)) // rows
    x0 = area.x + (area.w - cols * cell_w - pad * (cols - 1)) // 2
    line = line_height(font)
    out = []
    for i in range(k):
        r, c = divmod(i, cols)
        box = Rect(x0 + c * (cell_w + pad), area.y + r * (cell_h + pad), cell_w, cell_h)
        header = Rect(box.x + pad, box.y + pad // 2, box.w - 2 * pad, line)
        caption_h = line if captions else 0
        caption = Rect(box.x + pad, box.bottom - caption_h - pad // 2, box.w - 2 * pad,
                       caption_h)
        melds = Rect(box.x + pad, header.bottom, box.w - 2 * pad,
                     max(0, caption.y - header.bottom))
        out.append(OpponentBox(box, header, caption, melds))
    return tuple(out)


def _row_gap(cw: int) -> int:
    """The gap between two rows (and half the gap between two melds) of meld cards."""
    return max(4, cw // 5) // 2


def meld_rows(sizes: tuple[int, ...], width: int, cw: int) -> int:
    """How many rows melds of ``sizes`` cards take in ``width`` at card width ``cw``, laid
    as closely as they may be (0 with no melds; a meld wider than ``width`` has its own)."""
    if not sizes:
        return 0
    rects = _flow(Rect(0, 0, max(1, width), 1 << 30), sizes, cw, 0, MELD_TIGHT, partial=True)
    return len({r.y for r in rects if r.w}) + sum(1 for r in rects if not r.w)


def meld_groups(area: Rect, sizes, card_w: int, label: int = 0,
                min_w: int = MIN_MINI_WIDTH, band: bool = False) -> tuple[int, tuple[Rect, ...]]:
    """Flow melds of ``sizes`` cards left to right (wrapping rows) inside ``area``: the card
    width used and each meld's rect, a ``label`` px strip for its points under it. Cards are
    laid closer (down to ``MELD_TIGHT``) before they shrink from ``card_w``, and they shrink
    down to ``min_w`` before any meld is dropped; the overlap a meld uses is its rect's
    width (``meld_step``). ``band`` lays them as your melds' band: each row centred, the rows
    resting on the area's floor, by your hand. Melds that cannot fit get empty rects at the
    area's end; the caller shows them some other way."""
    return _meld_groups(area, tuple(sizes), card_w, label, min_w, band)


@functools.lru_cache(maxsize=512)
def _meld_groups(area: Rect, sizes: tuple[int, ...], card_w: int, label: int, min_w: int,
                 band: bool) -> tuple[int, tuple[Rect, ...]]:
    """``meld_groups``, kept by its arguments (it is pure and its answers are frozen): a frame
    asks for every panel and again for every card flying to one (a reveal, for each card),
    and finding a width that fits tries a flow for each two pixels it shrinks."""
    cw = card_w
    while True:
        rects = _flow(area, sizes, cw, label, MELD_STEP) or _flow(area, sizes, cw, label,
                                                                 MELD_TIGHT)
        if rects is not None or cw <= min_w:
            break
        cw = max(min_w, cw - 2)
    if rects is None:
        rects = _flow(area, sizes, cw, label, MELD_TIGHT, partial=True)
    return cw, _banded(area, rects) if band else rects


def meld_step(rect: Rect, cw: int, n: int) -> float:
    """The distance between two cards of a meld of ``n`` cards drawn in ``rect``."""
    return (rect.w - cw) / (n - 1) if n > 1 else 0


def meld_label(font: int) -> int:
    """The strip under one of your melds where its points are written."""
    return line_height(font)


def meld_captions(points, widths, font: int) -> tuple[tuple[str, ...], int]:
    """What is written under each of your melds (``points`` each, in rects of ``widths``) and
    the size asked for: "2: 45 pts" under every one, else "45 pts", else "45", smaller if even
    that is too wide; one form for all, so two melds' captions never run into each other at
    any text size and all read alike."""
    forms = ([f"{i + 1}: {p} pts" for i, p in enumerate(points)], [f"{p} pts" for p in points])
    for words in forms:
        if all(text_width(t, font) <= w for t, w in zip(words, widths)):
            return tuple(words), font
    words = [str(p) for p in points]
    px = font
    while px > 6 and any(text_width(t, px) > w for t, w in zip(words, widths)):
        px -= 1
    return tuple(words), px


def my_meld_label(layout: TableLayout) -> int:
    """The strip under each of your melds for its points: none where the layout is
    ``terse`` (the points are written over the foot of the meld's cards)."""
    return 0 if layout.terse else meld_label(layout.font)


def my_meld_rects(layout: TableLayout, sizes) -> tuple[int, tuple[Rect, ...]]:
    """Your melds of ``sizes`` cards in their band: the card width and each meld's rect."""
    a = layout.my_melds
    inner = Rect(a.x, a.y, a.w, max(0, a.h - GLOW))  # points clear of the band's glow
    return meld_groups(inner, sizes, layout.meld_card_w,
                       label=my_meld_label(layout), band=True)


@functools.lru_cache(maxsize=64)
def message_spot(layout: TableLayout, size: tuple[int, int], melds: tuple[Rect, ...],
                 buttons: tuple[Rect, ...], drawn: tuple[Rect, ...], over_stock: bool) -> Rect:
    """Where a message's toast of ``size`` stands, so that a tip or a refusal hides nothing
    you play with: on free felt, the lowest there is at or above its strip over the buttons
    (``buttons``: the bar's, and any stacked above it) and as near the middle as it goes,
    clear of your melds (``melds``, their points under them), every panel, button and card,
    and whatever else is on the felt now (``drawn``: seven-hand's strip, an offered discard).
    Where no felt is free (a phone's band full of melds) it stands over the stock and the
    pile while they are not yours to take (``over_stock``: you have drawn), else over the
    opponents' panels (you lay off on your own melds only), and only where even that would
    cross your melds over the foot of their band, clear of the buttons, where it always sat."""
    w, h = size
    gap = max(4, round(6 * layout.scale))
    label = my_meld_label(layout)
    theirs = [layout.beside, *(o.box for o in layout.opponents)]
    yours = [layout.status, layout.pause, layout.log_button, layout.stock, layout.pile,
             layout.pile_fan, layout.plate, layout.sort, layout.hand.rect, *buttons, *drawn,
             *(Rect(r.x, r.y, r.w, r.h + label) for r in melds)]
    lowest = min([layout.message.bottom] + [r.y - gap for r in buttons])
    free = _lowest_free(layout, size, yours + theirs, lowest, gap)
    if free is not None:
        return free
    row = _stock_row(layout)
    x = max(gap, min(row.center[0] - w // 2, layout.size[0] - gap - w))
    on_stock = Rect(x, row.center[1] - h // 2, w, h)
    if over_stock and not any(on_stock.overlaps(r) for r in melds):
        return on_stock
    return (_lowest_free(layout, size, yours, lowest, gap)
            or Rect(layout.message.center[0] - w // 2, lowest - h, w, h))


def _lowest_free(layout: TableLayout, size: tuple[int, int], taken, lowest: int,
                 gap: int) -> Rect | None:
    """The lowest place for a box of ``size``, its foot at ``lowest`` or above (and under the
    status bar), that crosses none of ``taken`` with ``gap`` beside it, as near the middle
    as it goes; None where there is none."""
    w, h = size
    taken = [r for r in taken if r is not None and r.w and r.h]
    rim = max(2, gap // 3)  # above and below: a toast is short, and landscape felt too
    for foot in range(lowest, layout.status.bottom + rim + h - 1, -2):
        x = _free_x(taken, foot - h - rim, foot + rim, w + 2 * gap, layout.size[0],
                    layout.message.center[0])
        if x is not None:
            return Rect(x + gap, foot - h, w, h)
    return None


def _free_x(taken, top: int, bottom: int, w: int, width: int, centre: int) -> int | None:
    """The left edge of a span ``w`` wide, as near centred on ``centre`` as it goes, of the
    window's ``width`` that no rect of ``taken`` crosses between ``top`` and ``bottom``
    (None: no span that wide is free)."""
    best = None
    start = 0
    for left, right in sorted((r.x, r.right) for r in taken if r.y < bottom and top < r.bottom) \
            + [(width, width)]:
        end = min(left, width)
        if end - start >= w:
            x = max(start, min(centre - w // 2, end - w))
            if best is None or abs(x + w // 2 - centre) < abs(best + w // 2 - centre):
                best = x
        start = max(start, right)
    return best


def opponent_meld_rects(layout: TableLayout, index: int,
                        sizes) -> tuple[int, tuple[Rect, ...]] | None:
    """Opponent ``index``'s melds of ``sizes`` cards drawn in their panel (the card width
    and each meld's rect), or None when they do not all fit there at a readable size (the
    panel then says how many there are, and a tap shows them)."""
    box = layout.opponents[index].melds
    if box.h < card_height(MIN_MINI_WIDTH) or not sizes:
        return None
    want = round(box.h / CARD_RATIO)
    cw, rects = meld_groups(box, sizes, min(want, layout.meld_card_w))
    return (cw, rects) if all(r.w for r in rects) else None


def opponent_meld_preview(layout: TableLayout, index: int,
                          sizes) -> tuple[int, tuple[Rect, ...]] | None:
    """Where opponent ``index``'s melds do not all fit their panel: the first of them as
    readable cards over a line that counts the rest (the card width and a rect for each
    meld shown, in order), or None when not even one fits (the line alone says it)."""
    box = layout.opponents[index].melds
    area = Rect(box.x, box.y, box.w, box.h - line_height(round(layout.font * 0.9)))
    return _first_melds(layout, area, sizes)


@dataclass(frozen=True, slots=True)
class Fan:
    """An opponent's hand revealed across their panel at a hand's end (``reveal_fan``)."""

    card_w: int
    x: float
    """The first card's centre."""
    step: float
    """From one card's centre to the next."""
    y: float
    """The cards' centre."""
    tag: Rect | None = None
    """Where the panel's name and total stand where the cards cover its header: beside the
    fan (``beside``), else on the cards' lower part, under their corner indices; None where
    the header shows above the cards (or the name has no room)."""
    beside: bool = False
    """The tag is the felt left of the fan, its words at the header's size; else it lies on
    the cards, at the table's smallest text."""


REVEAL_MOST_W = 60
"""The widest a revealed card is drawn in a panel (it only shows what was left in hand)."""
TAG_LEAST = ("C7", "\u2212999")
"""The least a name tag must hold: initials and a total (on one line; beside a revealed
hand, on two where the panel is two lines tall)."""


def smallest_px(px: int) -> int:
    """How far a line of ``px`` text may shrink to fit: a fifth, and never below the least."""
    return max(MIN_LABEL_PX, round(px * 0.8))


def tag_fits(width: int, height: int, px: int) -> bool:
    """Whether a name tag ``width`` by ``height`` holds ``TAG_LEAST`` at ``px`` shrunk as a
    header line may shrink (``smallest_px``): on one line, or where it is two lines of
    ``px`` tall, on two."""
    name, total = TAG_LEAST
    least = smallest_px(px)
    return text_width(f"{name} {total}", least, True) <= width or (
        height >= 2 * line_height(px)
        and max(text_width(name, least, True), text_width(total, least, True)) <= width)


def reveal_fan(layout: TableLayout, index: int, n: int) -> Fan:
    """``n`` cards revealed across opponent ``index``'s panel (where they do not lie after
    its melds): fanned under its header where a readable card fits there, so the name and
    total stay readable; else, as large as the panel allows, over the whole panel, the name
    then on a tag over the cards' lower part (``Fan.tag``), under their corner indices and
    above the cards of the panel below, so a phone at a large text size with many seats
    still says whose hand is whose."""
    panel = layout.opponents[index]
    box = panel.box
    least = MIN_READABLE_WIDTH
    cw = max(least, min(round(box.h * 0.6 / CARD_RATIO), REVEAL_MOST_W))
    top, y = panel.header.bottom + 2, box.y + box.h / 2
    room = box.bottom - 2 - top
    if card_height(cw) > room and card_height(least) <= room:
        cw = max(least, int(room / CARD_RATIO))  # smaller, to clear the header
    n = max(1, n)
    step = min(cw * 0.4, (box.w - cw - 8) / max(1, n - 1))
    span = cw + step * (n - 1)
    x = box.x + (box.w - span) / 2 + cw / 2
    if card_height(cw) <= room:
        return Fan(cw, x, step, max(y, top + card_height(cw) / 2))
    # a wide panel: the fan at its right, as tight as its indices allow, the name beside
    tight = min(step, cw * VISIBLE)
    right = box.right - 4 - (cw + tight * (n - 1))
    beside = Rect(panel.header.x, box.y, round(right) - 8 - panel.header.x, box.h)
    if tag_fits(beside.w, beside.h, layout.font):
        return Fan(cw, right + cw / 2, tight, y, beside, True)
    # the panel's fan covers its header: so does the fan of a panel under it (all panels are
    # alike), from as far above that panel as this one's reaches above its own
    reach = (card_height(cw) - box.h) / 2
    under = [o.box.y - reach for o in layout.opponents
             if o.box.y > box.y and o.box.x < box.right and box.x < o.box.right]
    floor = min([box.bottom, *under])
    index_h = (INDEX_TOP + RANK_HEIGHT + INDEX_GAP + SUIT_HEIGHT) * cw  # rank over suit
    tag = Rect(box.x + 2, round(y - card_height(cw) / 2 + index_h) + 1, box.w - 4,
               scaled(MIN_LABEL_PX) + 3)
    return Fan(cw, x, step, y, tag if tag.bottom <= floor else None)


def beside_meld_rects(layout: TableLayout, sizes) -> tuple[int, tuple[Rect, ...]] | None:
    """An opponent's melds of ``sizes`` cards in the felt beside the stock and the pile,
    under a line naming them: the card width and a rect for each meld shown, in order (the
    first ones, as many as fit), or None when the layout has no such felt or not one fits."""
    b = layout.beside
    if b is None:
        return None
    title = line_height(round(layout.font * 0.9))
    return _first_melds(layout, Rect(b.x, b.y + title, b.w, b.h - title), sizes)


def _first_melds(layout: TableLayout, area: Rect, sizes):
    """The first melds of ``sizes`` that fit ``area`` as readable cards, as tall as it
    allows: the card width and their rects, or None when not even one fits."""
    if area.h < card_height(MIN_MINI_WIDTH) or not sizes:
        return None
    cw, rects = meld_groups(area, sizes, min(round(area.h / CARD_RATIO),
                                                    layout.meld_card_w))
    shown = []
    for r in rects:
        if not r.w:
            break
        shown.append(r)
    return (cw, tuple(shown)) if shown else None


def _meld_w(n: int, cw: int) -> int:
    """The width of a meld of ``n`` cards laid as closely as may be."""
    return cw + round(cw * MELD_TIGHT) * (n - 1)


def inspect_meld_rects(layout: TableLayout, sizes) -> tuple[Rect, int, tuple[Rect, ...]]:
    """One opponent's melds of ``sizes`` cards shown large over the table (a tap on their
    panel): the panel, the card width and each meld's rect, a points label under each."""
    panel = layout.log_panel
    title = line_height(layout.font)
    area = Rect(panel.x + 12, panel.y + 16 + title, panel.w - 24, panel.h - 28 - title)
    cw, rects = meld_groups(area, sizes, layout.meld_card_w, label=my_meld_label(layout))
    return panel, cw, rects


def _banded(area: Rect, rects) -> tuple[Rect, ...]:
    """Each row of ``rects`` (the same y) moved to the middle of ``area``'s width, and the
    rows down onto its floor."""
    right: dict[int, int] = {}
    for r in rects:
        if r.w:
            right[r.y] = max(right.get(r.y, area.x), r.right)
    drop = area.bottom - max((r.bottom for r in rects if r.w), default=area.bottom)
    return tuple(Rect(r.x + (area.right - right[r.y]) // 2, r.y + drop, r.w, r.h) if r.w
                 else r for r in rects)


def _flow(area: Rect, sizes, cw: int, label: int, share: float, partial: bool = False):
    ch = card_height(cw)
    gap = max(4, cw // 5)
    step = round(cw * share)
    x, y = area.x, area.y
    out = []
    for n in sizes:
        gw = cw + step * max(0, n - 1)
        if x + gw > area.right and x > area.x:
            x, y = area.x, y + ch + label + gap // 2
        if y + ch + label > area.bottom or gw > area.w:
            if not partial:
                return None
            out.append(Rect(area.right, area.bottom, 0, 0))
            continue
        out.append(Rect(x, y, gw, ch + label))
        x += gw + gap
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SevenAreas:
    """Where seven-hand's pieces go (see ``seven_layout``)."""

    strip: Rect
    """The status strip: the hand of seven, its bonus, the cards out of play."""
    teams: Rect | None
    """The felt the teams' totals stand in, beside the stock (None: no partnerships, or no
    felt free there: ``totals`` or the strip then carries them)."""
    offer: Rect
    """The felt an offered discard is held out in."""
    totals: Rect | None = None
    """Where the teams' totals stand in words alone (``your team 1,135 · theirs 1,525``)
    when the felt beside the stock has no room for them: the empty cell the opponents'
    panels leave at the end of their last row (a phone's two panels over one), else, where
    the strip has no room for them either (``carries_totals``: phones at a large text
    size), a line of its own under the status's row; None elsewhere (the strip carries
    them)."""


TEAMS_MIN_W = 84
"""The narrowest felt beside the stock the teams' totals take (at scale 1: a name of a
dozen letters over its total, two lines a team)."""
TEAMS_MAX_W = 330
"""The widest they grow at scale 1 (a name and its total on one line a team)."""


def band_room(w: int, h: int, scale: float) -> tuple[int, int]:
    """The width a line of the seven-hand strip (or of the teams' totals in words) may take
    on a band ``w`` by ``h``, and the height two lines may take (clear of its edges)."""
    return w - round(16 * scale), h - 2 * round(4 * scale)


STRIP_LEAST_TEAMS = ("Hand 7/7", "us 99,999 \u00b7 them 99,999")
"""The least a strip that carries the teams' totals must say: the hand and both totals, in
short words, at their widest (five digits: more than a seven-hand match reaches)."""


def carries_totals(strip: Rect, scale: float) -> bool:
    """Whether ``strip`` has room for the hand and both teams' totals (``STRIP_LEAST_TEAMS``)
    at the smallest text, on one line or on two."""
    width, height = band_room(strip.w, strip.h, scale)
    hand, totals = STRIP_LEAST_TEAMS
    return text_width(f"{hand} \u00b7 {totals}", MIN_LABEL_PX) <= width or (
        max(text_width(hand, MIN_LABEL_PX), text_width(totals, MIN_LABEL_PX)) <= width
        and 2 * line_height(MIN_LABEL_PX) <= height)


def _seven_rows(layout: TableLayout) -> tuple[int, int]:
    """The strip's height and the padding around it."""
    pad = max(4, round(8 * layout.scale))
    return max(layout.target * 2 // 3, line_height(layout.font) + pad), pad


def _stock_row(layout: TableLayout) -> Rect:
    """The stock and the pile together: the smallest rect that holds both."""
    x, y = min(layout.stock.x, layout.pile.x), min(layout.stock.y, layout.pile.y)
    return Rect(x, y, max(layout.stock.right, layout.pile.right) - x,
                max(layout.stock.bottom, layout.pile.bottom) - y)


def _beside_stock(layout: TableLayout, pad: int) -> Rect | None:
    """The free felt beside the stock and the pile, on the side that has more of it (clear
    of the opponents, your melds' band and the melds shown beside the pile), at most
    ``TEAMS_MAX_W`` wide and against the stock's side; None where neither side has
    ``TEAMS_MIN_W``. Seven has no pile to fan there, so that felt is free all hand."""
    w = layout.size[0]
    row = _stock_row(layout)
    top, row_h, near, far = row.y, row.h, row.x - pad, row.right + pad
    sides = [Rect(pad, top, near - pad, row_h), Rect(far, top, w - pad - far, row_h)]
    taken = [layout.status, layout.my_melds, layout.beside, layout.plate,
             *(o.box for o in layout.opponents)]
    free = [r for r in sides if r.w > 0 and not any(t is not None and r.overlaps(t)
                                                   for t in taken)]
    if not free:
        return None
    side = max(free, key=lambda r: r.w)
    if side.w < round(TEAMS_MIN_W * min(1.0, layout.scale)):
        return None
    width = min(side.w, round(TEAMS_MAX_W * layout.scale))
    x = side.right - width if side.x < layout.stock.x else side.x
    return Rect(x, top, width, row_h)


def _empty_cell(layout: TableLayout, pad: int) -> Rect | None:
    """The felt the opponents' panels leave empty at the end of their last row (a phone's
    two panels over one: the second row's right half), as tall as a panel; None where
    every row is full or that felt is narrower than ``TEAMS_MIN_W``."""
    boxes = [o.box for o in layout.opponents]
    if not boxes:
        return None
    last = boxes[-1]
    right = max(b.right for b in boxes)
    if last.right >= right or right - last.right - pad < round(TEAMS_MIN_W * min(1.0,
                                                                                 layout.scale)):
        return None
    return Rect(last.right + pad, last.y, right - last.right - pad, last.h)


def _beside_buttons(layout: TableLayout) -> Rect:
    """The top row's felt beside the Log and Menu buttons (left of them, or right of them
    where the table is mirrored), as tall as they are."""
    w = layout.size[0]
    a, b = layout.pause, layout.log_button
    left, right = min(a.x, b.x), max(a.right, b.right)
    pad = min(left, w - right)
    if left > w - right:
        return Rect(pad, a.y, max(0, left - 2 * pad), a.h)
    return Rect(right + pad, a.y, max(0, w - right - 2 * pad), a.h)


def seven_layout(layout: TableLayout, teams: bool, least: int, mine=()
                 ) -> tuple[TableLayout, SevenAreas]:
    """Where discards are offered (no pile to take): your melds' band gives its foot (above
    the message, where toasts show) to the status strip; with partnerships (``teams``) the
    teams' totals stand in the felt beside the stock (or the opponents' empty cell,
    ``_empty_cell``). An offered discard is held out over the middle, from the stock's row
    down to the strip, at least ``least`` tall and never over the bar. Where the band would
    keep no row of melds, or not all of your melds (``mine``, the size of each), the strip
    takes the right of the status bar instead, wider with partnerships when neither felt
    has room for the totals (the strip then carries them, in short words where needed),
    or, where the status has a row of its own under the buttons, the felt beside them."""
    strip_h, pad = _seven_rows(layout)
    band = layout.my_melds
    foot = min(band.bottom, layout.message.y)
    strip = Rect(band.x + pad, foot - strip_h - pad // 2, band.w - 2 * pad, strip_h)
    box = _beside_stock(layout, pad) if teams else None
    totals = _empty_cell(layout, pad) if teams and box is None else None
    melds = Rect(band.x, band.y, band.w, max(0, strip.y - pad // 2 - band.y))
    status = layout.status
    if not _holds(layout, melds, mine):
        # a short window: the band keeps its melds, the status bar the strip
        melds = band
        wide = teams and box is None and totals is None
        free = _beside_buttons(layout)
        if status.y > layout.pause.y:  # the status in a row of its own: the strip beside
            strip = free  # as tall as the buttons: room for two lines where it is narrow
        else:
            w = min(status.w // 2, round((520 if wide else 300) * layout.scale))
            h = status.h if wide else strip_h  # the totals: room for a line of their own
            strip = Rect(status.right - w, status.center[1] - h // 2, w, h)
            status = Rect(status.x, status.y, status.w - w - pad, status.h)
    top = min(layout.stock.y, band.y)
    bottom = min(max(strip.y - pad // 2, top + least), layout.actions[0].y - pad)
    top = max(0, min(top, bottom - least))
    offer = Rect(0, top, layout.size[0], bottom - top)
    return replace(layout, my_melds=melds, status=status), SevenAreas(strip, box, offer,
                                                                       totals)


def _holds(layout: TableLayout, melds: Rect, mine) -> bool:
    """Whether ``melds`` (a part of your melds' band) has a row for melds and draws every
    one of yours (``mine``, the size of each)."""
    row = card_height(layout.meld_card_w) + my_meld_label(layout)
    return melds.h >= row and all(
        r.w for r in my_meld_rects(replace(layout, my_melds=melds), mine)[1])


def seven_table(size: tuple[int, int], seats: int, hand_count: int, settings: Settings,
                mine, theirs, teams: bool, least: int) -> tuple[TableLayout, SevenAreas]:
    """The table where discards are offered (``table_layout``, then ``seven_layout``). Where
    the strip takes the right of the status bar and leaves the status too little room for
    ``STATUS_WORDS`` whole, the status has its own row under the buttons and the strip
    the felt beside them. With partnerships (``teams``), where neither the felt beside the
    stock, nor the opponents' empty cell, nor the strip has room for the teams' totals
    (``carries_totals``: phones at a large text size), the status has its own row and a
    line under it carries them (the rest of the table makes room for it)."""

    def laid_out(**row) -> tuple[TableLayout, SevenAreas]:
        return seven_layout(table_layout(size, seats, hand_count, settings, mine, theirs,
                                         **row), teams, least, mine)

    laid, areas = laid_out()
    if laid.status.y == laid.pause.y and not status_fits(STATUS_WORDS, laid.font, laid.status):
        laid, areas = laid_out(status_row=True)
    if teams and areas.teams is None and areas.totals is None \
            and not carries_totals(areas.strip, laid.scale):
        pad = _seven_rows(laid)[1]
        h = line_height(laid.font) + pad
        laid, areas = laid_out(status_row=True, under=h + pad // 2)
        areas = replace(areas, teams=None, totals=Rect(laid.status.x, laid.status.bottom
                                                       + pad // 2, laid.status.w, h))
    return laid, areas


def mirrored(layout: TableLayout) -> TableLayout:
    """The controls reflected left-right (left-handed play: buttons, stock and pile on the
    left-hand side)."""
    w = layout.size[0]

    def m(r):
        return None if r is None else r.mirrored(w)

    # The hand and the opponents keep their reading order, left to right (both fill the
    # width, so nothing else can overlap them); so does a fanned pile, its top card at the
    # right end where every corner index shows.
    pile_card = m(layout.pile_card)
    if layout.pile_fan is not None:
        pile = m(layout.pile)
        pile_card = Rect(pile.right - pile_card.w, pile_card.y, pile_card.w, pile_card.h)
    return TableLayout(layout.size, layout.scale, layout.target, layout.font, m(layout.status),
                       m(layout.pause), m(layout.log_button), layout.opponents, m(layout.stock),
                       m(layout.stock_card), m(layout.pile), pile_card,
                       m(layout.pile_fan), m(layout.my_melds), layout.meld_card_w,
                       m(layout.sort), tuple(reversed([m(r) for r in layout.actions])),
                       m(layout.message), layout.hand, m(layout.log_panel), m(layout.plate),
                       m(layout.beside), layout.text, layout.terse)
