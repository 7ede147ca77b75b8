"""Drawing the table: one ``TableFrame`` in, pixels out, nothing else changed.

Every function here reads the frame and draws; none changes the model, the state, the
toast or the log. The order is the table's depth: felt, status bar, opponents, stock and
pile, your melds, your plate, the action bar, your hand, cards in flight, dragged cards,
the message, then the log or an opponent's melds shown large over everything.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ...rules.state import Phase
from .. import cardart, theme, widgets
from ..tween import position
from . import offer_panel, seven
from .frame import TableFrame
from .kinds import Say, Sort, Where
from .layout import (
    MIN_LABEL_PX,
    Rect,
    SevenAreas,
    TableLayout,
    inspect_meld_rects,
    meld_captions,
    meld_step,
    message_spot,
    my_meld_label,
    smallest_px,
    status_lines,
    status_text,
)
from .model import counted, points
from .seven import MarkAt


def _pg(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


def even(w: float) -> int:
    """Card widths in flight rounded to 8 px steps: a few sizes of art (and of shadow) to
    cache, so a flight never draws a card from scratch."""
    return max(8, int(round(w / 8)) * 8)


def draw_table(surface: pygame.Surface, f: TableFrame, board: Board | None = None) -> None:
    """The whole table for frame ``f``; with a ``board``, what stays put comes from it."""
    if board is None:
        draw_board(surface, f)
        _draw_hand(surface, f)
    else:
        board.draw(surface, f)
    draw_moving(surface, f)


class Board:
    """The board (see ``draw_board``) composed once into a surface of the window's format,
    and composed again only when what it shows changes: its key is made of the parts of the
    frame it reads (``board_key``), so nothing has to remember to mark it stale.

    Your hand lies on a second surface, the board with the hand over it, composed again when
    the board or the hand changes (``hand_key``): while only other cards move, a frame is
    one copy of that surface and the cards in flight over it."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.image: pygame.Surface | None = None
        self.hand_key: tuple | None = None
        self.with_hand: pygame.Surface | None = None
        self.composed = 0
        """How many times the board was drawn (the rest of the frames reused it)."""
        self.hands = 0
        """How many times the hand was drawn over the board."""
        self.panels: dict[int, tuple[tuple, pygame.Surface]] = {}
        """Each opponent's panel as last composed, by seat: its key and its pixels."""
        self.panels_drawn = 0
        """How many times an opponent's panel was drawn (the rest were copied)."""

    def draw(self, surface: pygame.Surface, f: TableFrame) -> None:
        key = board_key(f)
        image, with_hand = self.image, self.with_hand
        if image is None or with_hand is None or image.get_size() != surface.get_size() \
                or image.get_bitsize() != surface.get_bitsize():
            image = self.image = surface.copy()
            with_hand = self.with_hand = surface.copy()
            self.key = None
            self.panels = {}
        if key != self.key:
            self.panels_drawn += draw_board(image, f, self.panels)
            self.key = key
            self.hand_key = None
            self.composed += 1
        hand = hand_key(f)
        if hand != self.hand_key:
            with_hand.blit(image, (0, 0))
            _draw_hand(with_hand, f)
            self.hand_key = hand
            self.hands += 1
        surface.blit(with_hand, (0, 0))


def hand_key(f: TableFrame) -> tuple:
    """Everything ``_draw_hand`` reads from frame ``f`` besides the board's key."""
    m = f.model
    return (f.layout.hand, tuple(m.order), tuple(f.hidden[("hand", c)] for c in m.order),
            frozenset(m.selected), m.drawn_index(), tuple(f.drag[0]) if f.drag else None,
            f.keyboard, m.cursor, m.focus, f.settings.four_colour, f.queen_mark)


def board_key(f: TableFrame) -> tuple:
    """Everything ``draw_board`` reads from frame ``f``: equal keys, equal pixels."""
    st, m = f.state, f.model
    return (f.layout, f.settings, f.seats, m.viewer, st.turn, st.phase, tuple(st.totals),
            tuple(len(h) for h in st.hands), tuple(tuple(s) for s in st.melds),
            len(st.stock), tuple(st.pile), m.status(), tuple(sorted(m.last_move.items())),
            m.sort_mode, m.my_turn, f.targets, f.show_log, f.revealed,
            tuple(tuple(h) for h in st.hands) if f.revealed else (),
            frozenset(kn for kn in f.hidden.items() if kn[0][0] != "hand"),
            st.hand_no, len(st.out_of_play), f.seven,
            tuple((r, text, item if isinstance(item, str) else "") for r, item, text in f.slots),
            f.held, _focus(f), theme.look(), theme.text_scale())


def draw_board(surface: pygame.Surface, f: TableFrame,
               panels: dict[int, tuple[tuple, pygame.Surface]] | None = None) -> int:
    """What stays put while cards fly and the hand is handled: felt, status bar, opponents,
    stock, pile, your melds, your plate and the action bar. With ``panels`` (a ``Board``'s),
    an opponent's panel that shows what it showed last time is copied from there (see
    ``panel_key``). Returns how many panels were drawn."""
    L = f.layout
    theme.draw_felt(surface)
    m = f.model
    words = status_text(m.status(), m.status(brief=True), L.font, L.status)
    status = status_lines(words, L.font, L.status)
    _draw_status(surface, f, *status)
    levels: dict[int, bool] = {}  # by header width: every opponent measured once a frame
    drawn = 0
    kept = (panels if panels is not None and not f.revealed and _panels_apart(f, *status)
            else None)
    for seat in range(len(f.seats)):
        if seat != f.viewer:
            w = L.opponents[f.opponent_index(seat)].header.w
            if w not in levels:
                levels[w] = _levels_fit(f, w, L.font)
            if kept is None:
                _draw_opponent(surface, f, seat, levels[w])
                drawn += 1
            else:
                drawn += _kept_opponent(surface, f, seat, levels[w], kept)
    _draw_stock(surface, f, (Where.STOCK, -1) in f.targets)
    _draw_pile(surface, f, (Where.PILE, -1) in f.targets)
    _draw_beside(surface, f)
    _draw_my_melds(surface, f)
    if f.seven is not None:
        _draw_seven(surface, f, f.seven)
    _draw_plate(surface, f)
    _draw_bar(surface, f)
    _draw_focus(surface, f)
    return drawn


def panel_key(f: TableFrame, seat: int, levels: bool) -> tuple:
    """Everything ``_draw_opponent`` reads from frame ``f`` for ``seat`` outside the reveal
    (which is never kept): equal keys, equal pixels in the panel's box."""
    st, melds = f.state, f.state.melds[seat]
    return (f.layout, f.size, f.settings, f.seats, f.viewer, seat, levels, st.options,
            st.players, st.totals[seat], tuple(melds), len(st.hands[seat]),
            f.model.last_move.get(seat, ""), f.is_turn(seat),
            tuple(f.hidden[("meld", seat, i)] for i in range(len(melds))))


def _kept_opponent(surface, f: TableFrame, seat: int, levels: bool,
                   kept: dict[int, tuple[tuple, pygame.Surface]]) -> int:
    """An opponent's panel, copied from ``kept`` when its key has not changed, else drawn
    and kept: a computer's turn changes one or two panels of seven, and in the browser the
    panels were two thirds of composing the board (1920x1080: 6.3 of 9.5 ms). Exact because
    the box holds all the panel draws and, before it, only the felt lies there
    (``_panels_apart``). Returns 1 when it was drawn."""
    key = panel_key(f, seat, levels)
    box = _pg(f.layout.opponents[f.opponent_index(seat)].box)
    old = kept.get(seat)
    if old is not None and old[0] == key:
        surface.blit(old[1], box)
        return 0
    _draw_opponent(surface, f, seat, levels)
    kept[seat] = (key, surface.subsurface(box).copy())
    return 1


def _panels_apart(f: TableFrame, px: int, lines: list[str]) -> bool:
    """Whether every opponent's box lies inside the window, clear of the others and below
    all the status bar draws now (its lines of text, its buttons and their soft shadows):
    then what lies under a box before its panel is drawn is the felt alone, and a kept
    panel's pixels are the drawn ones."""
    L = f.layout
    tallest = max(theme.line_height(px), theme.font(px, True).get_height())
    text = L.status.center[1] + (len(lines) - 1) * theme.line_height(px) // 2 + tallest // 2
    return _boxes_clear(L, text + 2)


@lru_cache(maxsize=16)
def _boxes_clear(L: TableLayout, status_bottom: int) -> bool:
    bottom = max(status_bottom, *(b.bottom + widgets.shadow_reach(b.h)
                                  for b in (L.pause, L.log_button)))
    window = Rect(0, 0, *L.size)
    boxes = [o.box for o in L.opponents]
    return all(b.y >= bottom and b.inside(window) for b in boxes) and not any(
        a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def draw_moving(surface: pygame.Surface, f: TableFrame) -> None:
    """What changes from frame to frame: cards in flight, dragged cards, the message, and
    the log or an opponent's melds over the table."""
    _draw_flights(surface, f)
    _draw_drag(surface, f)
    _draw_offer(surface, f)
    _draw_message(surface, f)
    if f.show_log:
        if f.log_list is not None:
            widgets.draw_scroll_list(surface, f.log_list)
    elif f.inspect is not None:
        _draw_inspect(surface, f, f.inspect)


def card(surface, f: TableFrame, c, rect: pygame.Rect, shadow: bool = True) -> None:
    """Card ``c`` (None: its back) at ``rect``, with its soft shadow unless ``shadow`` is off."""
    cardart.draw(surface, c, rect, f.settings.four_colour, f.queen_mark, shadow)


def _draw_status(surface, f: TableFrame, px: int, lines: list[str]) -> None:
    """The status's ``lines`` at ``px`` (``status_lines``), the Menu and Log buttons."""
    L = f.layout
    step = theme.line_height(px)
    # One line beside the buttons stands level with them; else the lines are centred in
    # the bar (beside the buttons, or in its own row under them).
    y = L.pause.center[1] if len(lines) == 1 and L.status.y == L.pause.y \
        else L.status.center[1] - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        theme.text(surface, line, px, (L.status.x, round(y + i * step)), theme.INK,
                   "midleft", bold=True)
    widgets.draw_button(surface, widgets.Button(_pg(L.pause), "Menu", "pause"),
                        f.held == "pause")
    widgets.draw_button(surface, widgets.Button(_pg(L.log_button), "Log", "log",
                                                primary=f.show_log), f.held == "log")


def _draw_opponent(surface, f: TableFrame, seat: int, levels: bool) -> None:
    st, L, hidden = f.state, f.layout, f.hidden
    box = L.opponents[f.opponent_index(seat)]
    r = _pg(box.box)
    turn = f.is_turn(seat)
    surface.blit(theme.rounded(r.size, 12, theme.BOX, 2 if turn else 0,
                               theme.ACCENT if turn else None), r)
    seatd = f.seats[seat]
    together = f.revealed_melds(seat) if f.revealed else None
    hand_shows = bool(f.revealed and together is None and st.hands[seat])  # fanned on the panel
    if hand_shows:
        fan = f.reveal_fan(seat)
        if fan.tag is not None:  # the hand covers the header: its name beside or on it
            _draw_revealed(surface, f, seat)
            if fan.beside:
                _draw_name_beside(surface, _pg(fan.tag), seatd.name, st.totals[seat], L.font)
            else:
                _draw_name_tag(surface, _pg(fan.tag), seatd.name, st.totals[seat])
            return
    px = L.font
    # A header-only panel (no caption line) keeps room for the cards in hand first.
    held = 0 if box.caption.h else theme.text_width(str(len(st.hands[seat])), px) + px // 2
    total, name, total_px = header_words(seatd.name, st.totals[seat], px,
                                         box.header.w - held)
    if held and total_px < px:  # the count gives way before the total shrinks for it
        total, name, total_px = header_words(seatd.name, st.totals[seat], px, box.header.w)
    score = theme.text(surface, total, total_px,
                       (box.header.right, box.header.center[1]), theme.INK, "midright",
                       bold=True)
    room = box.header.w - score.w - 8
    mark = seven.partner_mark(seat, f.viewer, st.options, st.players)
    px_mark = round(px * 0.85)
    w = theme.text_width(mark, px_mark, True) + theme.scaled(px_mark)  # the pill (draw_badge)
    # what shows whole beside the pill: the initials the header shows, for the partner; a
    # rival team's whole name
    beside = theme.text_width(name, smallest_px(px), True) if mark == "partner" \
        else theme.text_width(seatd.name, px, True)
    melds = st.melds[seat]
    readable = f.opponent_meld_rects(seat) is not None if together is None else True
    at = seven.mark_at(mark, room, w + 6, beside, theme.text_width(mark, smallest_px(px), True),
                       bool(box.caption.h), bool(melds) and not readable and not hand_shows
                       and box.melds.h >= theme.line_height(px))
    if at is MarkAt.PILL:
        offer_panel.draw_partner_mark(surface, (score.x - 6 - w / 2, box.header.center[1]),
                                      seat, f.viewer, st.options, st.players,
                                      scale=px_mark / 13)
        room -= w + 6
    lead = f"{mark} \u00b7 "
    if at is MarkAt.HEADER:
        name = lead + name
    bare = name  # the level gives way whole where the header has no room for it
    if seatd.level and levels:
        name = f"{name} · {seatd.level}"
    count = counted(len(st.hands[seat]), "card")
    if not box.caption.h:  # no caption line: the cards in hand stand after the name
        short_count = str(len(st.hands[seat]))
        words = count if theme.text_width(count, px) * 3 <= room else short_count
        width = theme.text_width(words, px) + px // 2
        first = mark if at is MarkAt.HEADER else name if len(name) <= 3 else name[:3] + "\u2026"
        if width + theme.text_width(first, smallest_px(px), True) <= room:
            # the name first (the count in the log, a tap away)
            theme.text(surface, words, px, (box.header.x + room, box.header.center[1]),
                       theme.INK_DIM, "midright")
            room -= width
    if at is MarkAt.HEADER:  # the word and the name, else the word and the initials, else
        # the word (it fits: mark_at)
        fit_words(surface, (name, bare, lead + short_name(seatd.name), mark), px, box.header,
                  room, theme.INK, bold=True)
    elif room >= min(theme.text_width(t, smallest_px(px), True)
                     for t in (name, name[:1] + "\u2026")):
        fit_words(surface, (name, bare), px, box.header, room, theme.INK, bold=True)
    caption = f.model.last_move.get(seat, "")
    if melds and not readable and box.melds.h < theme.line_height(px):
        count += f", {counted(len(melds), 'meld')}"  # no room for more
    if box.caption.h:  # the last turn gives way first, then the melds' count
        line, cpx, cards = box.caption, round(px * 0.9), len(st.hands[seat])
        said = lead if at is MarkAt.CAPTION else ""
        last: tuple[str, ...] = (said + str(cards), mark) if said else ()
        gap = theme.scaled(6)
        if said and line.w - w - gap >= theme.text_width(str(cards), smallest_px(cpx)):
            # the partner's pill leads the line, as it would the header
            offer_panel.draw_partner_mark(surface, (line.x + w / 2, line.center[1]), seat,
                                          f.viewer, st.options, st.players,
                                          scale=px_mark / 13)
            line, said, last = Rect(line.x + w + gap, line.y, line.w - w - gap, line.h), "", \
                (str(cards),)
        forms: tuple[str, ...] = (latest(said + count, caption, cpx, line.w), said + count,
                                  said + counted(cards, "card"))
        fit_words(surface, forms + last, cpx, line, line.w, theme.INK_DIM)
    if hand_shows:
        _draw_revealed(surface, f, seat)  # no room for both: the hand shows
        return
    if f.revealed and together is not None:
        _draw_revealed(surface, f, seat)
    if not melds:
        return
    if readable:
        cw, rects = together or f.opponent_meld_rects(seat)
        for i, (meld, mr) in enumerate(zip(melds, rects)):
            if not hidden[("meld", seat, i)]:
                _draw_meld(surface, f, meld.cards, mr, cw, shadow=False)
    elif box.melds.h >= theme.line_height(px):
        pts = sum(f.model.meld_points(seat))
        n = len(melds)
        forms = (f"{counted(n, 'meld')}, {pts} pts · tap to see",
                 f"{counted(n, 'meld')}, {pts} pts", counted(n, "meld"))
        where = box.melds
        preview = f.opponent_meld_preview(seat)
        if preview is not None:  # the first melds as cards, a line for the rest
            cw, rects = preview
            for i, (meld, mr) in enumerate(zip(melds, rects)):
                if not hidden[("meld", seat, i)]:
                    _draw_meld(surface, f, meld.cards, mr, cw, shadow=False)
            more = n - len(rects)
            forms = (f"+{more} more · tap to see", f"+{more} more", f"+{more}")
            step = theme.line_height(round(px * 0.9))
            where = Rect(box.melds.x, box.melds.bottom - step, box.melds.w, step)
        if at is MarkAt.MELDS:  # the word leads the line, and is the least of it that shows
            forms = tuple(lead + t for t in forms) + (mark,)
        fit_words(surface, forms, round(px * 0.9), where, where.w, theme.INK)


def short_name(name: str) -> str:
    """A name of several words as their initials, a number kept whole ("Computer 7" is
    "C7"): where a header has no room for a name, seats still read apart ("Co…" would not)."""
    words = name.split()
    return "".join(w if w.isdigit() else w[:1] for w in words) if len(words) > 1 else name


def header_words(name: str, total: int, px: int, width: int) -> tuple[str, str, int]:
    """The total, the name and the total's size a header ``width`` wide shows (a large text
    size on a phone): "125 pts" beside the whole name, else "125" beside it; where the name
    has no room whole, a name of several words becomes its initials (``short_name``: "C7"
    tells seats apart where "Com…" would not) beside "125 pts" or "125", the total a little
    smaller where the initials need it; a name of one word is cut short."""
    words = points(total)
    bare = words.removesuffix(" pts")
    whole = theme.text_width(name, smallest_px(px), True)
    for shown in (words, bare):
        if theme.text_width(shown, px, True) + 8 + whole <= width:
            return shown, name, px
    short = short_name(name)
    least = theme.text_width(short if short != name else name[:3] + "\u2026",
                             smallest_px(px), True)
    shown = words if theme.text_width(words, px, True) + 8 + least <= width else bare
    return shown, short, theme.fit_px(shown, px, max(1, width - 8 - least), True,
                                      smallest_px(px))


def _levels_fit(f: TableFrame, width: int, px: int) -> bool:
    """Whether every opponent's header has room for their level beside their name and
    total (all panels or none show it, so the row reads alike)."""
    st = f.state
    return all(theme.text_width(f"{seat.name} · {seat.level}", px, True)
               + theme.text_width(points(st.totals[i]), px, True) + 8 <= width
               for i, seat in enumerate(f.seats) if seat.level and i != f.viewer)


def _draw_plate(surface, f: TableFrame) -> None:
    """Your own plate by your hand, like an opponent's header: name, total, cards in hand,
    outlined in the accent colour (with the words "Your turn") while you are to play."""
    st, L = f.state, f.layout
    seat = f.viewer
    box = L.plate
    if any(r.overlaps(box) for r, _, _ in f.slots):
        return  # a column of choices stands over it for now
    turn = f.is_turn(seat)
    r = _pg(box)
    surface.blit(theme.rounded(r.size, min(12, r.h // 2), theme.BOX, 2 if turn else 0,
                               theme.ACCENT if turn else None), r)
    px = L.font
    step = theme.line_height(px)
    inner = Rect(box.x + L.font // 2, box.y, box.w - L.font, box.h)
    count = counted(len(st.hands[seat]), "card")
    total, _, _ = header_words(f.seats[seat].name, st.totals[seat], px, inner.w * 2 // 3)
    score = theme.text(surface, total, px,
                       (inner.right, box.center[1] if box.h < 2 * step else
                        box.center[1] - step // 2), theme.INK, "midright", bold=True)
    if box.h >= 2 * step:  # two lines: name and score, then cards and whose turn
        top = Rect(inner.x, box.center[1] - step, inner.w, step)
        low = Rect(inner.x, box.center[1], inner.w, step)
        fit_line(surface, f.seats[seat].name, px, top, inner.w - score.w - px, theme.INK,
                 bold=True)
        if turn:
            theme.text(surface, "Your turn", px, (inner.right, low.center[1]),
                       theme.ACCENT, "midright", bold=True)
        fit_line(surface, count, px, low, inner.w // 2, theme.INK_DIM)
        return
    room = inner.w - score.w - px
    if turn:
        badge = theme.text_width("Your turn", px, True) + px
        if room - badge >= theme.text_width(count, px) * 2:
            room -= badge
            widgets.draw_badge(surface, "Your turn", (score.x - px - badge / 2,
                                                     box.center[1]), round(px * 0.9),
                               fill=theme.ACCENT, ink=theme.ACCENT_INK)
    name = fit_line(surface, f.seats[seat].name, px, inner, room * 2 // 3, theme.INK,
                    bold=True)
    left = inner.x + room - name.right - px // 2
    if theme.text_width(count, smallest_px(px)) > left:  # "6 cards" shortened, not cut: "6"
        count = str(len(st.hands[seat]))
    fit_line(surface, count, px, Rect(name.right + px // 2 + 1, box.y, 0, box.h), left,
             theme.INK_DIM)


def _draw_inspect(surface, f: TableFrame, seat: int) -> None:
    """One opponent's melds, large, over the table (tap anywhere to close)."""
    L = f.layout
    panel, cw, rects = inspect_meld_rects(L, f.meld_sizes(seat))
    r = _pg(panel)
    widgets.draw_panel(surface, r, fill=(12, 40, 28, 248))
    title = f"{f.seats[seat].name}: melds"
    theme.text(surface, title, L.font, (r.x + 12, r.y + 10), theme.INK, bold=True)
    melds = f.state.melds[seat]
    for meld, mr, p in zip(melds, rects, f.model.meld_points(seat)):
        if mr.w:
            _draw_meld(surface, f, meld.cards, mr, cw)
            if L.terse:  # on a plate over the foot of the cards, as your own melds'
                words = theme.text_width(f"{p} pts", L.font) + theme.scaled(L.font) // 2
                widgets.draw_badge(surface, f"{p} pts", (mr.x + 1 + words / 2, mr.bottom
                                                         - theme.line_height(L.font) * 0.6),
                                   L.font)
            else:
                theme.text(surface, f"{p} pts", L.font, (mr.x + 2, mr.bottom), theme.INK,
                           "bottomleft")


def _draw_revealed(surface, f: TableFrame, seat: int) -> None:
    together = f.revealed_melds(seat)
    hand = f.state.hands[seat]
    beside = together is not None and bool(hand)
    if beside:
        cw, rects = together  # the hand after the melds: framed, so it reads apart
        r = _pg(rects[-1]).inflate(6, 6)
        r.h = cardart.height(cw) + 6
        surface.blit(theme.rounded(r.size, 6, (0, 0, 0, 0), 2, theme.INK_DIM), r)
    for j, c in enumerate(hand):
        if f.hidden[("reveal", seat, j)]:
            continue  # its flip draws it until it lands
        x, y, w = f.reveal_spot(seat, j)
        w = round(w) if beside else even(w)  # beside the melds: their card size
        r = pygame.Rect(0, 0, w, cardart.height(w))
        r.center = (round(x), round(y))
        card(surface, f, c, r, shadow=False)


def _draw_name_beside(surface, tag: pygame.Rect, name: str, total: int, px: int) -> None:
    """A seat's name and total in ``tag``, the felt left of its revealed hand, as its header
    would say them in that width (``header_words``: initials where the whole name has no
    room); where even the initials have no room beside the total, the name over it."""
    total_words, shown, total_px = header_words(name, total, px, tag.w)
    line = theme.line_height(px)
    if theme.text_width(f"{shown} {total_words}", smallest_px(px), True) > tag.w \
            and 2 * line <= tag.h:  # two lines: the name over the total
        top = tag.center[1] - line
        for k, words in enumerate((short_name(name), total_words.removesuffix(" pts"))):
            fit_line(surface, words, px, Rect(tag.x, top + k * line, tag.w, line), tag.w,
                     theme.INK, bold=True)
        return
    score = theme.text(surface, total_words, total_px, (tag.right, tag.center[1]), theme.INK,
                       "midright", bold=True)
    fit_line(surface, shown, px, Rect(tag.x, tag.y, tag.w, tag.h), score.x - 8 - tag.x,
             theme.INK, bold=True)


def _draw_name_tag(surface, tag: pygame.Rect, name: str, total: int) -> None:
    """A seat's name and total (``C5  40``: initials, as the headers show them where panels
    are this small) on a dark plate as wide as they need at the left of ``tag``, over a
    revealed hand that covers its panel's header."""
    inner = max(4, tag.h // 5)
    words = f"{short_name(name)}  {points(total).removesuffix(' pts')}"
    w = min(tag.w, theme.text_width(words, MIN_LABEL_PX, True) + 2 * inner)
    plate = pygame.Rect(tag.x, tag.y, w, tag.h)
    surface.blit(theme.rounded(plate.size, tag.h // 3, (*theme.SHADE[:3], 240)), plate)
    theme.text(surface, theme.cut(words, MIN_LABEL_PX, w - 2 * inner, True), MIN_LABEL_PX,
               (plate.x + inner, plate.center[1]), theme.INK, "midleft", bold=True)


def _draw_meld(surface, f: TableFrame, cards, mr: Rect, cw: int, shadow: bool = True) -> None:
    step = meld_step(mr, cw, len(cards))
    for k, c in enumerate(cards):
        card(surface, f, c, pygame.Rect(round(mr.x + k * step), mr.y, cw, cardart.height(cw)),
             shadow=shadow and k == 0)


def _glow(surface, rect: pygame.Rect) -> None:
    g = rect.inflate(10, 10)
    surface.blit(theme.rounded(g.size, 12, (*theme.HILITE, 80), 3, theme.HILITE), g)


def _draw_stock(surface, f: TableFrame, glow: bool) -> None:
    L, st = f.layout, f.state
    r = _pg(L.stock_card)
    if glow:
        _glow(surface, r)
    if st.stock:
        if len(st.stock) > 1:
            card(surface, f, None, r.move(2, 2), shadow=True)
        card(surface, f, None, r, shadow=False)
    else:
        surface.blit(theme.rounded(r.size, 8, (0, 0, 0, 50), 2, theme.INK_DIM), r)
    theme.text(surface, stack_label("Stock", len(st.stock), L), L.font,
               (L.stock.center[0], L.stock.bottom), theme.INK, "midbottom")


def _draw_pile(surface, f: TableFrame, glow: bool) -> None:
    L, st, hidden = f.layout, f.state, f.hidden
    pile = st.pile[:len(st.pile) - hidden[("pile",)]] if hidden[("pile",)] else st.pile
    if f.seven is not None and st.phase is not Phase.DISCARD_OFFER:
        pile = []  # seven-hand has no pile: a discard lies there only while it is offered
    r = _pg(L.pile_card)
    if glow:
        _glow(surface, _pg(L.pile_fan) if L.pile_fan else r)
    if L.pile_fan is not None and len(pile) > 1:
        fan = L.pile_fan
        step = min(r.w * 0.34, (fan.w - r.w) / max(1, len(pile) - 1))
        x0 = r.right - r.w - step * (len(pile) - 1)  # packed up to the top card
        for i, c in enumerate(pile):
            x = round(x0 + i * step)
            card(surface, f, c, pygame.Rect(x, fan.y, r.w, r.h), shadow=i == 0)
    elif pile:
        if len(pile) > 1:
            card(surface, f, pile[-2], r.move(3, 2), shadow=True)
        card(surface, f, pile[-1], r, shadow=len(pile) == 1)
    else:
        surface.blit(theme.rounded(r.size, 8, (0, 0, 0, 50), 2, theme.INK_DIM), r)
    words, px = stack_label("Pile", len(st.pile), L), L.font
    if f.seven is not None:
        # A word, not a count: where the place is narrow it takes half the gap to the
        # stock on either side and shrinks to the table's smallest text before it is cut.
        room = L.pile.w + max(L.pile.x - L.stock.right, L.stock.x - L.pile.right)
        px = theme.fit_px("Discard", L.font, room, smallest=MIN_LABEL_PX)
        words = theme.cut("Discard", px, room)
    theme.text(surface, words, px, (r.center[0], L.pile.bottom), theme.INK, "midbottom")


def stack_label(name: str, count: int, L: TableLayout) -> str:
    """The line under the stock or the pile: "Stock 48", or the count alone where the
    layout is terse and the words do not fit its width."""
    words = f"{name} {count}"
    return words if theme.text_width(words, L.font) <= L.stock.w else str(count)


def _draw_beside(surface, f: TableFrame) -> None:
    """The melds of the opponent playing, on the felt beside the stock and the pile (where
    the panels have no room for cards), under a line naming them; a tap shows them all."""
    seat = f.spotlight()
    beside = f.layout.beside
    if seat is None or beside is None or f.opponent_meld_rects(seat) is not None \
            or f.revealed:
        return
    found = f.beside_meld_rects(seat)
    melds = f.state.melds[seat]
    L = f.layout
    px = round(L.font * 0.9)
    title = Rect(beside.x, beside.y, beside.w, theme.line_height(px))
    name = f.seats[seat].name
    shown = len(found[1]) if found else 0
    some = counted(len(melds), "meld") if shown == len(melds) \
        else f"{shown} of {counted(len(melds), 'meld')}"
    forms = (f"{name}: {some}",) if shown == len(melds) \
        else (f"{name}: {some} · tap to see", f"{name}: {some}")
    fit_words(surface, forms + (f"{short_name(name)}: {some}",), px, title, title.w,
              theme.INK_DIM)
    if found is None:
        return
    cw, rects = found
    for i, (meld, mr) in enumerate(zip(melds, rects)):
        if not f.hidden[("meld", seat, i)]:
            _draw_meld(surface, f, meld.cards, mr, cw, shadow=False)


def _draw_my_melds(surface, f: TableFrame) -> None:
    L, st, m, targets = f.layout, f.state, f.model, f.targets
    area = _pg(L.my_melds)
    melds = st.melds[m.viewer]
    if (Where.TABLE, -1) in targets:
        _glow(surface, area.inflate(-10, -10))
    if not melds:
        if m.my_turn and st.phase is Phase.MELD:
            low = area.bottom - (cardart.height(L.meld_card_w) + my_meld_label(L)) // 2
            theme.text(surface, "Your melds go here", L.font, (area.centerx, low),
                       theme.INK_DIM, "center")
        return
    cw, rects = f.my_meld_rects()
    pts = m.meld_points(m.viewer)
    label = my_meld_label(L)
    captions, px = meld_captions(pts, [r.w - 2 if r.w else 1 << 20 for r in rects], L.font)
    for i, (meld, mr) in enumerate(zip(melds, rects)):
        if not mr.w:
            continue
        if (Where.MELD, i) in targets:
            _glow(surface, _pg(mr))
        if f.hidden[("meld", m.viewer, i)]:
            continue
        _draw_meld(surface, f, meld.cards, mr, cw)
        if label:
            theme.text(surface, captions[i], px, (mr.x + 2, mr.bottom - label // 2),
                       theme.INK, "midleft")
        else:  # no strip under the melds: on a dark plate over the foot of the cards
            words = theme.text_width(captions[i], px) + theme.scaled(px) // 2
            badge = theme.line_height(px)
            widgets.draw_badge(surface, captions[i], (mr.x + 1 + words / 2,
                                                      mr.bottom - badge * 0.6), px)


def _draw_seven(surface, f: TableFrame, areas: SevenAreas) -> None:
    """Seven-hand's strip (the hand of seven, its bonus, the cards out of play) along the
    foot of your melds' band, and with partnerships the teams' totals beside the stock (in
    words there where a partner's name has no room whole), or, where that felt is taken, in
    words in the opponents' empty cell or on a line under the status, or in the strip."""
    L, st = f.layout, f.state
    teams = seven.teams(st, [s.name for s in f.seats])
    offer_panel.draw_status_strip(surface, _pg(areas.strip), st, f.model.viewer,
                                  scale=L.scale, teams=bool(teams) and areas.teams is None
                                  and areas.totals is None)
    words = areas.totals if areas.teams is None else None
    if teams and areas.teams is not None:
        if offer_panel.names_fit(_pg(areas.teams), teams, L.scale):
            offer_panel.draw_team_totals(surface, _pg(areas.teams), teams, scale=L.scale)
        else:  # a partner's name has no room whole there: the totals in words
            words = areas.teams
    if teams and words is not None:
        offer_panel.draw_totals_line(surface, _pg(words), st, f.model.viewer, scale=L.scale)


def _draw_offer(surface, f: TableFrame) -> None:
    """A discard offered: held out over the middle of the table, with Take and Pass while
    you are asked."""
    offer = f.offer
    if offer is None or f.revealed or f.seven is None:
        return
    st = f.state
    a = f.seven.offer
    offer_panel.draw_offer_panel(
        surface, _pg(a), offer, [s.name for s in f.seats], f.viewer, scale=f.layout.scale,
        four_colour=f.settings.four_colour, queen=f.queen_mark, pressed=f.held,
        partner=seven.partner_of(f.viewer, st.options, st.players), focused=_focus(f))


def _focus(f: TableFrame) -> str | None:
    """The button the keyboard's focus ring is drawn round now (None: none, or your hand)."""
    return f.model.focus if f.keyboard else None


def _draw_bar(surface, f: TableFrame) -> None:
    label = "By suit" if f.model.sort_mode is not Sort.SUIT else "By rank"
    widgets.draw_button(surface, widgets.Button(_pg(f.layout.sort), label, "sort"),
                        f.held == "sort")
    for i, (rect, item, text) in enumerate(f.slots):
        primary = i == 0 and item not in ("cancel", "undo", "hint", "rules", "more", "close")
        widgets.draw_button(surface, widgets.Button(_pg(rect), text, str(i), True, primary),
                            f.held == str(i))


def _draw_focus(surface, f: TableFrame) -> None:
    """The focus ring round the button the keyboard is on, over its neighbours (a ring
    reaches past the gap between two buttons)."""
    focus, L = _focus(f), f.layout
    rects = {"pause": L.pause, "log": L.log_button, "sort": L.sort}
    rects.update((f"slot{i}", r) for i, (r, _, _) in enumerate(f.slots))
    if focus in rects:
        r = rects[focus]
        widgets.draw_focus_ring(surface, _pg(r), widgets.button_radius(r.h))


def _draw_hand(surface, f: TableFrame) -> None:
    L, m, hidden = f.layout, f.model, f.hidden
    left = {c: hidden[("hand", c)] for c in set(m.order) if hidden[("hand", c)]}
    skip = set(f.drag[0]) if f.drag else set()
    sel = m.selected
    drawn = m.drawn_index()
    for i in range(len(m.order) - 1, -1, -1):  # cards in flight: the last copies
        c = m.order[i]
        if left.get(c):
            left[c] -= 1
            skip.add(i)
    for i, c in enumerate(m.order):
        if i in skip or i >= len(L.hand.cards):
            continue
        r = _pg(L.hand.drawn(i, sel))
        card(surface, f, c, r)
        if i in sel:
            pygame.draw.rect(surface, theme.SELECT, r.inflate(4, 4), 3,
                             border_radius=max(4, r.w // 10))
        if i == drawn:  # the card you drew, wherever sorting put it
            pygame.draw.rect(surface, theme.ACCENT, (r.x + 3, r.y - 6, r.w - 6, 4),
                             border_radius=2)
        if f.keyboard and m.focus is None and i == m.cursor:
            widgets.draw_focus_ring(surface, r, max(4, r.w // 10))


def _draw_flights(surface, f: TableFrame) -> None:
    """Cards in flight. A face growing or shrinking on the way is its face at the flight's
    widest end, scaled (``cardart.shrunk``): a dealt card would otherwise have a face drawn
    afresh at each of a dozen widths. It lands drawn at its own width, as the table draws it."""
    for fl, t in f.flights:
        x, y, w = position(fl, t, f.resolve)
        w = even(w)
        h = cardart.height(w)
        top = even(max(f.resolve(fl.start)[2], f.resolve(fl.end)[2]))
        if fl.flip:
            squeeze = abs(1 - 2 * t)
            c = None if t < 0.5 else fl.card
            art = cardart.back(w) if c is None \
                else cardart.shrunk(c, w, top, f.settings.four_colour, f.queen_mark)
            sw = max(1, round(w * squeeze))
            surface.blit(pygame.transform.scale(art, (sw, h)), (round(x - sw / 2),
                                                                 round(y - h / 2)))
            continue
        rect = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
        if fl.card is None or w >= top:
            card(surface, f, fl.card, rect)
            continue
        surface.blit(cardart.shadow(w), cardart.shadow_pos(rect))
        surface.blit(cardart.shrunk(fl.card, w, top, f.settings.four_colour, f.queen_mark),
                     rect)


def _draw_drag(surface, f: TableFrame) -> None:
    if not f.drag:
        return
    L, m = f.layout, f.model
    moving, (ox, oy), pos, _ = f.drag
    w = L.hand.card_w
    step = round(w * 0.3)
    for k, i in enumerate(moving):
        if i < len(m.order):
            card(surface, f, m.order[i], pygame.Rect(pos[0] - ox + k * step, pos[1] - oy,
                                                     w, L.hand.card_h))


def _draw_message(surface, f: TableFrame) -> None:
    toast, L = f.toast, f.layout
    offer = f.offer
    if f.model.message_kind is Say.DECISION and offer is not None and offer.asked == f.viewer:
        return  # the panel asking you says who passed
    if toast is not None and toast.alive and toast.text == f.model.message:
        px = round(L.font * 1.05)
        box = widgets.toast_rect(toast, L.message.center, L.message.w, px)
        spot = message_spot(L, box.size, tuple(r for r in f.my_meld_rects()[1] if r.w),
                            tuple(r for r, _, _ in f.slots), _on_the_felt(f),
                            f.state.phase is Phase.MELD and f.state.turn == f.viewer)
        widgets.draw_toast(surface, toast, spot.center, L.message.w, px=px)


def _on_the_felt(f: TableFrame) -> tuple[Rect, ...]:
    """What seven-hand draws on the felt besides the table's own places: its strip, the
    teams' totals and an offered discard's panel."""
    if f.seven is None:
        return ()
    panel = f.offer_panel() if not f.revealed else None
    extra = [f.seven.strip, f.seven.teams, f.seven.totals]
    if panel is not None:
        extra.append(Rect(panel.rect.x, panel.rect.y, panel.rect.w, panel.rect.h))
    return tuple(r for r in extra if r is not None)


def latest(count: str, turn: str, px: int, width: int) -> str:
    """An opponent's caption, their card count and their last turn; when it is too long for
    ``width``, the turn's first parts give way, so its latest (the discard) still shows,
    an ellipsis before it: ``4 cards · …melded 7♠ 7♥ 7♦ · discarded Q♥``."""
    parts = turn.split(" \u00b7 ") if turn else []
    text = " \u00b7 ".join([count] + parts)
    while len(parts) > 1 and theme.text_width(text, smallest_px(px)) > width:
        parts = parts[1:]
        text = f"{count} \u00b7 \u2026" + " \u00b7 ".join(parts)
    return text


def fit_words(surface, forms, px: int, box: Rect, width: int, colour, bold: bool = False):
    """The first of ``forms`` (each shorter than the one before, down to the essential
    words) that shows whole in ``width`` at a size ``fit_line`` may shrink to, drawn as it
    draws it: words give way whole, and only the last form is ever cut short."""
    least = smallest_px(px)
    words = next((t for t in forms if theme.text_width(t, least, bold) <= width), forms[-1])
    return fit_line(surface, words, px, box, width, colour, bold)


def fit_line(surface, text: str, px: int, box: Rect, width: int, colour, bold: bool = False):
    """One line of text at the left of ``box``, shrunk a little and then cut short to fit
    ``width``."""
    px = theme.fit_px(text, px, width, bold, smallest=smallest_px(px))
    return theme.text(surface, theme.cut(text, px, width, bold), px, (box.x, box.center[1]),
                      colour, "midleft", bold=bold)
