"""Drawing the seven-hand pieces of the table: the offer panel, the status strip, a partner
mark and the team totals. Each draws on any Surface into a rect it is given and returns what
a tap can hit, so the table places them with a few calls and a test clicks them without it.

The offer panel holds the discard out as a card, says who offers it to whom and who passed,
and, to the seat asked, gives Take and Pass buttons large enough for a thumb on a phone
(``MIN_TARGET`` CSS pixels tall at least, each half the panel wide). Another seat's offer is
drawn the same way without buttons, so everyone sees the card they will remember.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...rules.actions import Action
from .. import cardart, theme
from ..sheet import wrapped_unbroken
from ..widgets import MIN_TARGET, Button, draw_badge, draw_button, draw_panel
from . import seven
from .layout import band_room

TAKE, PASS = "offer:take", "offer:pass"
"""The buttons' keys."""

PANEL_MAX_W = 440
"""The widest the panel grows at scale 1 (a phone's width, less margins)."""
BUTTON_H = 52
"""Take and Pass at scale 1: taller than a finger's minimum, since they end a wait."""
CARD_W = 78
"""The offered card's width at scale 1 (large: it is what the player decides about)."""
SMALLEST_CARD = cardart.MIN_READABLE_WIDTH + 8
"""The narrowest the card gets in a short area: its index still easily read."""

@dataclass(frozen=True, eq=False)
class OfferPanel:
    """Where the drawn panel's parts are: the panel, the card, and the buttons (None when
    the viewer is not the seat asked)."""

    rect: pygame.Rect
    card: pygame.Rect
    take: Button | None
    pass_: Button | None
    offer: seven.Offer | None = None
    """What the buttons answer (None in a bare ``offer_panel_layout``)."""

    def action_at(self, pos) -> Action | None:
        """The engine action a tap at ``pos`` answers the offer with, or None (a tap beside
        the buttons, or on a panel that has none)."""
        if self.offer is None:
            return None
        if self.take is not None and self.take.hit(pos):
            return self.offer.take
        if self.pass_ is not None and self.pass_.hit(pos):
            return self.offer.refuse
        return None

    def buttons(self) -> list[Button]:
        return [b for b in (self.take, self.pass_) if b is not None]


def _px(scale: float, base: int) -> int:
    return max(12, round(base * scale))


def _button_h(scale: float) -> int:
    """Take and Pass's height: a finger's at least, growing with the text size."""
    return round(max(MIN_TARGET, BUTTON_H * scale) * theme.control_scale())


def _frame_h(scale: float, asks: bool) -> int:
    """The panel's height less its card's: padding, the headline and the buttons' row."""
    pad = round(14 * scale)
    buttons = _button_h(scale) + pad if asks else 0
    return pad + theme.line_height(_px(scale, 17)) + pad // 2 + pad + buttons


def least_height(scale: float = 1.0, asks: bool = True) -> int:
    """The least room (height) the panel needs: the table keeps at least this much for it."""
    return _frame_h(scale, asks) + cardart.height(SMALLEST_CARD)


def offer_panel_layout(area, scale: float = 1.0, asks: bool = True) -> OfferPanel:
    """The panel's geometry centred in ``area``, before anything is drawn (the table may
    reserve its room): ``asks`` makes room for the Take / Pass buttons. In a short area the
    card shrinks first (down to ``SMALLEST_CARD``); the buttons never do."""
    area = pygame.Rect(area)
    pad = round(14 * scale)
    w = min(area.w - 2 * round(8 * scale), round(PANEL_MAX_W * scale))
    bh = _button_h(scale)
    head = theme.line_height(_px(scale, 17))
    rest = _frame_h(scale, asks)
    cw = max(SMALLEST_CARD, min(round(CARD_W * scale), w // 4,
                                int((area.h - rest) / cardart.CARD_RATIO)))
    ch = cardart.height(cw)
    rect = pygame.Rect(0, 0, w, rest + ch)
    rect.center = area.center
    card = pygame.Rect(rect.x + pad, rect.y + pad + head + pad // 2, cw, ch)
    take = pass_ = None
    if asks:
        bw = (w - 3 * pad) // 2
        y = rect.bottom - pad - bh
        take = Button(pygame.Rect(rect.x + pad, y, bw, bh), "Take", TAKE, primary=True)
        pass_ = Button(pygame.Rect(rect.right - pad - bw, y, bw, bh), "Pass", PASS)
    return OfferPanel(rect, card, take, pass_)


def draw_offer_panel(surface: pygame.Surface, area, offer: seven.Offer, names, viewer: int,
                     *, scale: float = 1.0, four_colour: bool = False,
                     pressed: str | None = None, partner: int | None = None,
                     queen: bool = True, focused: str | None = None) -> OfferPanel:
    """Draw ``offer`` as a panel centred in ``area`` for the eyes of ``viewer``; returns its
    hit rects. ``names``: each seat's name; ``pressed``: the key of a button held down;
    ``partner``: the viewer's partner (``seven.partner_of``), named so in the headline;
    ``queen``: the queen of spades carries its "50" (``cardart.queen_marked``); ``focused``:
    the key of the button the keyboard's focus is on (its ring drawn round it)."""
    asks = offer.asked == viewer
    layout = offer_panel_layout(area, scale, asks)
    panel = OfferPanel(layout.rect, layout.card, layout.take, layout.pass_, offer)
    r = draw_panel(surface, panel.rect, radius=round(16 * scale))
    pad = round(14 * scale)
    big, small = _px(scale, 17), _px(scale, 14)
    prompt = seven.offer_prompt(offer, names, viewer, partner)
    theme.text(surface, prompt, theme.fit_px(prompt, big, r.w - 2 * pad, True),
               (r.x + pad, r.y + pad), theme.PANEL_INK, bold=True)
    card = panel.card
    cardart.draw(surface, offer.card, card, four_colour, queen)
    x, y = card.right + pad, card.y
    room = r.right - pad - x
    lines = [line for line in (seven.offer_passed(offer, names, viewer),
                               seven.offer_note(offer, names, viewer)) if line]
    small, parts = _beside_card(lines, small, room, card.h)
    for part in parts:
        theme.text(surface, part, small, (x, y), theme.PANEL_DIM)
        y += theme.line_height(small)
    for button in panel.buttons():
        draw_button(surface, button, pressed == button.key, theme.PANEL_INK,
                    focused=focused == button.key)
    return panel


def _beside_card(lines, px: int, width: int, height: int) -> tuple[int, list[str]]:
    """The words beside the offered card at the largest size up to ``px`` whose wrapped
    lines stand within the card's ``height`` (a large text size makes them smaller, down
    to 11 px asked; past that the last line that fits ends with an ellipsis)."""
    while True:
        parts = [part for line in lines for part in theme.wrap(line, px, width)]
        if len(parts) * theme.line_height(px) <= height or px <= 11:
            break
        px -= 1
    most = max(1, height // theme.line_height(px))
    if len(parts) > most:
        parts = parts[:most - 1] + [theme.cut(" ".join(parts[most - 1:]), px, width)]
    return px, parts


def draw_status_strip(surface: pygame.Surface, rect, view, viewer: int, *,
                      scale: float = 1.0, teams: bool = False) -> str:
    """The strip always in sight in seven: ``Hand 3 of 7 · bonus 200 · 5 cards out of play``
    (and with ``teams`` both teams' totals) on a dark band filling ``rect``, fitted by
    ``strip_fit``. Returns the text drawn."""
    rect = pygame.Rect(rect)
    return _draw_band(surface, rect, strip_fit(seven.strip_pieces(view, viewer, teams), rect,
                                               scale), scale)


def draw_totals_line(surface: pygame.Surface, rect, view, viewer: int, *,
                     scale: float = 1.0) -> str:
    """Both teams' totals alone on a band like the strip's, fitted by ``totals_fit``, where
    neither the felt beside the stock nor the strip has room for them. Returns the text
    drawn."""
    rect = pygame.Rect(rect)
    both = seven.team_pieces(view, viewer)
    return _draw_band(surface, rect, totals_fit(both, rect, scale) if both else ("", 11),
                      scale)


def totals_fit(both: tuple[seven.Piece, seven.Piece], rect, scale: float
               ) -> tuple[str, int]:
    """Both teams' totals (``seven.team_pieces``) as they fit ``rect`` at 11 px or more,
    in the form drawn largest (the first of equals): on one line in words (``your team
    1,135 · theirs 1,525``) or short words (``us 1,135 · them 1,525``), or one team a line
    (where the band is tall enough for two) in words or short words; at the least short
    words on one line at 11 px. Never one team alone, never a team's word without its
    number."""
    rect = pygame.Rect(rect)
    width, roomy = band_room(rect.w, rect.h, scale)
    top = max(11, min(_px(scale, 15), round(rect.h * 0.55)))
    ours, theirs = both
    one = seven.joined(both)
    forms = [[one.words], [one.short], [ours.words, theirs.words], [ours.short, theirs.short]]
    fitted = [("\n".join(lines), next((px for px in range(top, 10, -1)
                                        if _fits(lines, px, width, roomy)), 0))
              for lines in forms]
    text, px = max(fitted, key=lambda f: f[1])
    return (text, px) if px else (forms[1][0], 11)


def _draw_band(surface: pygame.Surface, rect: pygame.Rect, fitted: tuple[str, int],
               scale: float) -> str:
    """A dark band filling ``rect`` with ``fitted`` (text, its lines split at newlines, and
    its size) centred on it; returns the text."""
    text, px = fitted
    surface.blit(theme.rounded(rect.size, min(rect.h // 2, round(12 * scale)),
                               theme.SHADE), rect)
    lines = text.split("\n")
    theme.draw_text_block(surface, lines, px, (rect.centerx, rect.centery - len(lines)
                                               * theme.line_height(px) // 2), theme.INK,
                          align="center")
    return text


def strip_fit(pieces: tuple[seven.Piece, ...], rect, scale: float) -> tuple[str, int]:
    """The most of ``pieces`` (most important first) that fits ``rect`` at 11 px or more,
    joined, and its size: all in words; else all in short words (every fact kept), the
    first in words where that fits; else so on two lines, where the strip is tall enough
    for them with room to spare (broken between pieces, as evenly as the size allows:
    ``Hand 3 of 7 · your team 1,135 · theirs 1,525`` over ``bonus 200 · none out of
    play``); else the first ones so, the last giving way; down to the first alone: ``Hand
    3 of 7``, on two lines where the strip is tall enough for them (``Hand 3`` over ``of
    7``, joined by a newline), then ``Hand 3/7`` so; at the end its fewest letters
    (``3/7``), at 11 px."""
    rect = pygame.Rect(rect)
    width, roomy = band_room(rect.w, rect.h, scale)  # two lines keep clear of its edges
    top = max(11, min(_px(scale, 15), round(rect.h * 0.55)))
    words = [p.words for p in pieces]
    short = [p.short for p in pieces]
    for n in range(len(pieces), 1, -1):
        shown = ([words] if n == len(pieces) else []) + [words[:1] + short[1:n], short[:n]]
        for lines in [[" \u00b7 ".join(s)] for s in shown] + [_two_lines(s) for s in shown]:
            for px in range(top, 10, -1):
                if _fits(lines, px, width, roomy):
                    return "\n".join(lines), px
    for first in words[:1] + short[:1]:
        for most in (1, 2):
            for px in range(top, 10, -1):
                lines = theme.wrap(first, px, width)
                if len(lines) <= most and " ".join(lines) == first and \
                        _fits(lines, px, width, rect.h):
                    return "\n".join(lines), px
    return (pieces[0].fewest if pieces else ""), 11


def _two_lines(shown: list[str]) -> list[str]:
    """``shown`` on two lines broken between two of its pieces, the longer line as short as
    it can be (the break that lets the pieces be drawn largest)."""
    splits = [[" \u00b7 ".join(shown[:k]), " \u00b7 ".join(shown[k:])]
              for k in range(1, len(shown))]
    return min(splits, key=lambda lines: max(theme.text_width(line, 11) for line in lines))


def _fits(lines: list[str], px: int, width: int, height: int) -> bool:
    """Whether every one of ``lines`` fits ``width`` at ``px``, and all of them ``height``
    (a single line always fits its strip's height)."""
    return all(theme.text_width(line, px) <= width for line in lines) and \
        (len(lines) == 1 or len(lines) * theme.line_height(px) <= height)


def draw_partner_mark(surface: pygame.Surface, center, seat: int, viewer: int, options,
                      players: int, *, scale: float = 1.0) -> pygame.Rect | None:
    """A seat's pill with partnerships: ``partner`` on the viewer's partner, its team on
    the others, in the team's colour; None (nothing drawn) without partnerships and on the
    viewer's own seat."""
    word = seven.partner_mark(seat, viewer, options, players)
    if not word:
        return None
    fill = theme.TEAMS[seat % 2]  # team 1 & 3's, team 2 & 4's: with their words, never alone
    return draw_badge(surface, word, center, _px(scale, 13), (*fill[:3], 235), theme.TEAM_INK)


def draw_team_totals(surface: pygame.Surface, area, teams, *, scale: float = 1.0
                     ) -> pygame.Rect:
    """The two teams' combined totals on a dark plate in ``area`` (the felt beside the
    stock), the team ahead in the accent colour, each team's mark in its colour. Where a
    team's names and its total fit on one line, one line a team; else the names over the
    total, a name with no room on one line wrapped between partners (``_names_over``). The
    plate fills ``area``'s width, centred on it in height; returns the plate's rect. Where
    a name has no room whole even so (``names_fit``), the table says the totals in words
    instead (``draw_totals_line``)."""
    area = pygame.Rect(area)
    pad = max(4, round(8 * scale))
    px = _px(scale, 16)
    best = max(t.total for t in teams) if teams else 0
    totals = _totals(teams)
    mark_w = max(6, round(8 * scale))
    line = theme.line_height(px)
    one_line, name_px, total_px, names = _plate_fit(area, teams, scale) or \
        (False, 11, 11, [[theme.cut(t.name, 11, area.w - 3 * pad - mark_w)] for t in teams])
    h = pad + sum((line if one_line else _team_h(lines, name_px, total_px)) + pad
                  for lines in names)
    plate = pygame.Rect(area.x, area.centery - min(h, area.h) // 2, area.w, min(h, area.h))
    surface.blit(theme.rounded(plate.size, round(10 * scale), theme.SHADE), plate)
    y = plate.y + pad
    for team, total, lines in zip(teams, totals, names):
        ink = theme.ACCENT if team.total == best else theme.INK
        under = len(lines) * theme.line_height(name_px)
        rows = line if one_line else _team_h(lines, name_px, total_px)
        mark = pygame.Rect(plate.x + pad, y + 3, mark_w, rows - 6)
        surface.blit(theme.rounded(mark.size, mark.w // 2, theme.TEAMS[team.number]), mark)
        left = mark.right + pad
        right = plate.right - pad
        if one_line:
            theme.text(surface, team.name, px, (left, y), ink)
            theme.text(surface, total, px, (right, y), ink, "topright", True)
        else:
            theme.draw_text_block(surface, lines, name_px, (left, y), ink)
            theme.text(surface, total, total_px, (left, y + under), ink, bold=True)
        y += rows + pad
    return plate


def names_fit(area, teams, scale: float = 1.0) -> bool:
    """Whether ``draw_team_totals`` shows every team's names whole in ``area``."""
    return _plate_fit(pygame.Rect(area), teams, scale) is not None


def _totals(teams) -> list[str]:
    return [f"{t.total:,}" if t.total >= 0 else f"\u2212{-t.total:,}" for t in teams]


def _plate_fit(area: pygame.Rect, teams, scale: float
               ) -> tuple[bool, int, int, list[list[str]]] | None:
    """How the plate of ``draw_team_totals`` says ``teams`` in ``area``: whether one line
    a team, the names' size, the totals' size and each team's name lines; None where a
    name has no room whole at any size."""
    pad = max(4, round(8 * scale))
    px = _px(scale, 16)
    inner = area.w - 2 * pad - max(6, round(8 * scale)) - pad
    if all(theme.text_width(t.name, px) + pad + theme.text_width(total, px, True) <= inner
           for t, total in zip(teams, _totals(teams))):
        return True, px, px, [[t.name] for t in teams]
    over = _names_over(teams, px, inner + pad, area.h, pad)
    return None if over is None else (False, *over)


def _names_over(teams, px: int, width: int, height: int, pad: int
                ) -> tuple[int, int, list[list[str]]] | None:
    """The names' size, the totals' size and each team's name lines where each name stands
    over its total in a plate ``width`` wide and ``height`` tall: a name on one line, or
    wrapped between partners (never inside a name), at the largest size from ``px`` down
    to 11 at which every team fits, the totals as large as that leaves room for; None
    where no size fits (a partner's name wider than the plate)."""
    for size in range(px, 10, -1):
        wrapped = [_name_lines(t.name, size, width) for t in teams]
        names = [lines for lines in wrapped if lines is not None]
        if len(names) < len(wrapped):
            continue
        for total_px in range(px, size - 1, -1):
            if pad + sum(_team_h(lines, size, total_px) + pad for lines in names) <= height:
                return size, total_px, names
    return None


def _team_h(lines: list[str], name_px: int, total_px: int) -> int:
    """A team's height on the plate with its name's ``lines`` over its total."""
    return len(lines) * theme.line_height(name_px) + theme.line_height(total_px)


def _name_lines(name: str, px: int, width: int) -> list[str] | None:
    """``name`` in lines ``width`` wide at ``px``: whole, or broken between partners; None
    where a partner's name alone is wider."""
    if theme.text_width(name, px) <= width:
        return [name]
    if any(theme.text_width(part, px) > width for part in name.split(" & ")):
        return None
    return wrapped_unbroken(name, px, width)
