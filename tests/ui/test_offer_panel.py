"""The seven-hand drawing pieces on a bare Surface, driven by real taps through the pointer
stream (a small harness, not the table): the offer panel holds the card out and its Take /
Pass answer the engine; the status strip, partner marks and team totals draw inside their
rects. Pictures of each at a phone's and a laptop's size go to the screenshot folder."""

from __future__ import annotations

import re

import pygame
import pytest
from seven_positions import NAMES, Played, three_seats
from ui_events import mouse_tap, touch_tap

from game.rules.actions import parse_action
from game.rules.events import Ev
from game.rules.phase import Phase
from game.ui import cardart, theme
from game.ui.pointer import P, PointerStream
from game.ui.table import offer_panel, seven
from game.ui.table.offer_panel import (
    SMALLEST_CARD,
    draw_offer_panel,
    draw_partner_mark,
    draw_status_strip,
    draw_team_totals,
    least_height,
    offer_panel_layout,
)
from game.ui.widgets import MIN_TARGET

SIZES = [(390, 844), (1280, 720)]


def scale_for(size) -> float:
    return max(1.0, min(size[0] / 480, size[1] / 760))


class Harness:
    """A window-sized Surface showing one seat's offer panel over the felt; taps reach the
    panel through the pointer stream, and its answer goes to the engine."""

    def __init__(self, state, size, viewer: int, names=NAMES, touch: bool = True):
        self.state, self.size, self.viewer, self.names = state, size, viewer, names
        self.partner = seven.partner_of(viewer, state.options, state.players)
        self.surface = pygame.Surface(size)
        self.stream = PointerStream(size)
        self.touch = touch
        self.events: list = []
        self.panel = None
        self.draw()

    def draw(self):
        theme.draw_felt(self.surface)
        offer = seven.pending_offer(self.state.view(self.viewer))
        self.panel = None if offer is None else draw_offer_panel(
            self.surface, self.surface.get_rect(), offer, self.names, self.viewer,
            scale=scale_for(self.size), partner=self.partner)

    def tap(self, pos):
        raw = touch_tap(pos, self.size) if self.touch else mouse_tap(pos)
        for event in raw:
            for p in self.stream.feed(event):
                if p.kind is P.TAP and self.panel is not None:
                    action = self.panel.action_at(p.pos)
                    if action is not None:
                        self.events += self.state.apply(action)
        self.draw()


def offered(state, *texts):
    for text in texts:
        state.apply(parse_action(text))
    return state


@pytest.mark.parametrize("size", SIZES)
def test_take_puts_the_card_in_the_hand_of_the_seat_asked(size):
    st = offered(three_seats(), "draw", "discard 9C", "pass")
    h = Harness(st, size, viewer=2)
    panel = h.panel
    assert panel.rect.contains(panel.take.rect) and panel.rect.contains(panel.pass_.rect)
    assert pygame.Rect((0, 0), size).contains(panel.rect)
    for b in (panel.take, panel.pass_):  # a thumb's target, and apart
        assert b.rect.h >= MIN_TARGET and b.rect.w >= 2 * MIN_TARGET
    assert not panel.take.rect.colliderect(panel.pass_.rect)
    assert panel.card.w >= cardart.MIN_READABLE_WIDTH
    # the card held out is the offered card's face
    face = cardart.face(st.pile[-1], panel.card.w)
    probe = (panel.card.w // 2, panel.card.h // 2)
    at = (panel.card.x + probe[0], panel.card.y + probe[1])
    assert h.surface.get_at(at)[:3] == face.get_at(probe)[:3]
    h.tap(panel.take.rect.center)
    assert [e.kind for e in h.events] == [Ev.TOOK_OFFER]
    assert h.events[0].seat == 2 and st.hands[2].count(h.events[0].cards[0]) == 1
    assert (st.phase, st.turn) == (Phase.DRAW, 1) and h.panel is None


@pytest.mark.parametrize("touch", [True, False])
def test_pass_asks_the_next_seat_and_the_last_pass_puts_it_out_of_play(touch):
    st = offered(three_seats(), "draw", "discard 9C")
    h = Harness(st, (390, 844), viewer=1, touch=touch)
    h.tap(h.panel.pass_.rect.center)
    assert [e.kind for e in h.events] == [Ev.PASSED] and st.turn == 2
    assert h.panel is not None and h.panel.take is None  # seat 2 now watches seat 3 answer
    h.viewer = 2
    h.draw()
    h.tap(h.panel.pass_.rect.center)
    assert [e.kind for e in h.events] == [Ev.PASSED, Ev.PASSED, Ev.OUT_OF_PLAY]
    assert len(st.out_of_play) == 1 and (st.phase, st.turn) == (Phase.DRAW, 1)


@pytest.mark.parametrize("size", SIZES)
def test_a_seat_not_asked_sees_the_card_but_cannot_answer(size):
    st = offered(three_seats(), "draw", "discard 9C")
    before = st.snapshot()
    h = Harness(st, size, viewer=0)
    assert h.panel.take is None and h.panel.pass_ is None
    asked = Harness(st, size, viewer=1).panel
    for pos in (asked.take.rect.center, asked.pass_.rect.center, h.panel.card.center):
        h.tap(pos)
    assert st.snapshot() == before and h.events == []


def test_a_tap_beside_the_buttons_answers_nothing():
    st = offered(three_seats(), "draw", "discard 9C")
    before = st.snapshot()
    h = Harness(st, (390, 844), viewer=1)
    take, pas = h.panel.take.rect, h.panel.pass_.rect
    gap = ((take.right + pas.left) // 2, take.centery)
    for pos in (gap, h.panel.card.center, (take.centerx, h.panel.rect.bottom + 5), (2, 2)):
        h.tap(pos)
    assert st.snapshot() == before


def drawn_only_inside(draw, rect, size=(390, 844)):
    """Draw on a plain fill and return the surface, checking nothing landed outside rect."""
    surface = pygame.Surface(size)
    fill = (255, 0, 255)
    surface.fill(fill)
    draw(surface)
    outside = pygame.Surface(size)
    outside.fill(fill)
    rect = pygame.Rect(rect)
    outside.blit(surface.subsurface(rect), rect)
    assert pygame.image.tobytes(outside, "RGB") == pygame.image.tobytes(surface, "RGB")
    return surface


@pytest.mark.parametrize("width", [300, 390, 1280])
def test_the_status_strip_stays_in_its_rect_and_shows_text(width):
    st = offered(three_seats(), "draw", "discard 9C", "pass", "pass")
    rect = pygame.Rect(5, 10, width - 10, 30)
    surface = drawn_only_inside(lambda s: draw_status_strip(s, rect, st.view(0), 0), rect,
                                (width, 60))
    inks = {surface.get_at((x, y))[:3] for x in range(rect.x, rect.right)
            for y in range(rect.y, rect.bottom)}
    assert theme.INK in inks
    text = seven.status_text(st.view(0))
    assert text == "Hand 1 of 7 \u00b7 bonus 100 \u00b7 1 card out of play"
    assert theme.text_width(text, 11) <= rect.w - 16  # the smallest size it shrinks to fits


def test_partner_marks_and_team_totals():
    game = Played(4, 3, partnerships=True).until(lambda s: len(s.hand_scores) >= 2)
    st = game.state
    surface = pygame.Surface((390, 200))
    surface.fill((0, 0, 0))
    assert draw_partner_mark(surface, (50, 20), 0, 0, st.options, 4) is None
    partner = draw_partner_mark(surface, (100, 20), 2, 0, st.options, 4)
    rival = draw_partner_mark(surface, (250, 20), 1, 0, st.options, 4)
    assert partner.h >= 14 and rival.h >= 14
    assert surface.get_at((partner.x + partner.h // 2, partner.bottom - 3))[:3] == \
        pytest.approx(theme.TEAMS[0], abs=24)
    assert surface.get_at((rival.x + rival.h // 2, rival.bottom - 3))[:3] == \
        pytest.approx(theme.TEAMS[1], abs=24)
    both = seven.teams(st.view(0), NAMES)
    pad, line = 8, theme.line_height(16)
    wide, narrow = pygame.Rect(10, 60, 330, 130), pygame.Rect(10, 60, 90, 130)
    for area, rows in ((wide, 1), (narrow, 2)):  # a team a line where it fits, else more
        drawn = []
        drawn_only_inside(lambda s, a=area, d=drawn: d.append(draw_team_totals(s, a, both)),
                          area, (390, 200))
        plate = drawn[0]
        one_line = 3 * pad + 2 * line
        assert (plate.h == one_line if rows == 1 else plate.h > one_line) and \
            area.contains(plate)
        assert plate.centery == pytest.approx(area.centery, abs=1)
    unpartnered = Played(4, 3).state
    assert draw_partner_mark(surface, (50, 20), 2, 0, unpartnered.options, 4) is None


@pytest.mark.parametrize("height", [30, 70])
@pytest.mark.parametrize("width", [40, 60, 90, 140, 220, 330, 600])
def test_a_narrow_strip_says_it_short_then_drops_its_last_pieces_and_never_spills(width,
                                                                                  height):
    """Every fact in words where they fit; else in short words (the hand still in words
    where it fits), on two lines broken between facts where the strip is tall enough, the
    last facts giving way only where not even that fits (the teams' totals, both or
    neither, second: they give way only to the hand); the hand alone in words on two
    lines where the strip is tall enough; a bare ``3/7`` only where nothing else fits;
    never spilling."""
    game = Played(4, 3, partnerships=True).until(
        lambda x: len(x.hand_scores) >= 2 and x.phase is Phase.DISCARD_OFFER)
    view = game.state.view(0)
    pieces = seven.strip_pieces(view, 0, teams=True)
    words = [p.words for p in pieces]
    short = [p.short for p in pieces]
    assert words[0] == "Hand 3 of 7" and short[0] == "Hand 3/7" and pieces[0].fewest == "3/7"
    assert re.fullmatch(r"your team [\d,]+ \u00b7 theirs [\d,]+", words[1])
    assert re.fullmatch(r"us [\d,]+ \u00b7 them [\d,]+", short[1])
    rect = pygame.Rect(5, 5, width, height)
    room = rect.w - 16
    text, px = offer_panel.strip_fit(pieces, rect, 1.0)
    assert px >= 11

    def on_lines(t: str) -> bool:
        """Whether ``t`` shows whole at 11 px: on one line, or on two the strip holds."""
        ls = theme.wrap(t, 11, room)
        return " ".join(ls) == t and all(theme.text_width(x, 11) <= room for x in ls) and \
            (len(ls) == 1 or len(ls) == 2 and 2 * theme.line_height(11) <= height)

    def broken(shown) -> list[list[str]]:
        """``shown`` (pieces) on one line, or on two broken between pieces."""
        return [[" \u00b7 ".join(shown)]] + [[" \u00b7 ".join(shown[:k]),
                                              " \u00b7 ".join(shown[k:])]
                                             for k in range(1, len(shown))]

    def whole_at_11(shown) -> bool:
        """Whether ``shown`` fits at 11 px: on one line, or on two with 4 px to spare
        above and below them."""
        return any(all(theme.text_width(x, 11) <= room for x in ls) and
                   (len(ls) == 1 or 2 * theme.line_height(11) <= height - 8)
                   for ls in broken(shown))

    lines = text.split("\n")
    every = [words, words[:1] + short[1:], short]
    several = [v for n in range(len(pieces), 1, -1)
               for v in ([words] if n == len(pieces) else []) + [words[:1] + short[1:n],
                                                                 short[:n]]]
    shown = next((v for v in several if lines in broken(v)), None)
    if theme.text_width(" \u00b7 ".join(words), 11) <= room:
        assert lines == [" \u00b7 ".join(words)]
    elif any(whole_at_11(v) for v in every):  # every fact, on two lines if need be
        assert shown in every and (len(lines) == 1 or
                                   2 * theme.line_height(px) <= height - 8), lines
    elif shown is not None:  # the first facts, the rest short, a line or two
        assert shown[1:] == short[1:len(shown)] and len(shown) < len(pieces)
    elif text != "3/7":  # the hand alone: in words where they fit, on two lines if need be
        alone = " ".join(lines)
        assert alone == words[0] or (alone == short[0] and not on_lines(words[0]))
    else:
        assert not on_lines(short[0])
    if text != "3/7":
        assert all(theme.text_width(line, px) <= room for line in lines)
        assert len(lines) * theme.line_height(px) <= height or len(lines) == 1
    drawn = draw_status_strip(pygame.Surface((width + 10, height + 10)), rect, view, 0,
                              teams=True)
    assert drawn == text


@pytest.mark.parametrize("size", SIZES)
def test_pictures(size, artifacts):
    """The pieces as the table will place them, drawn to PNGs to look at."""
    st = offered(three_seats(), "draw", "discard 9C", "pass")
    h = Harness(st, size, viewer=2, names=("South", "West", "You"))
    s = scale_for(size)
    strip = pygame.Rect(8, 8, size[0] - 16, round(30 * s))
    draw_status_strip(h.surface, strip, st.view(2), 2, scale=s)
    pygame.image.save(h.surface, artifacts / f"seven_offer_{size[0]}x{size[1]}.png")
    watch = Harness(st, size, viewer=0, names=("You", "West", "North"))
    pygame.image.save(watch.surface, artifacts / f"seven_watch_{size[0]}x{size[1]}.png")
    game = Played(4, 3, partnerships=True).until(
        lambda x: len(x.hand_scores) >= 2 and x.phase is Phase.DISCARD_OFFER and x.turn == 0
        and x.offer == 2)
    team = Harness(game.state, size, viewer=0)
    draw_status_strip(team.surface, strip, game.state.view(0), 0, scale=s)
    totals = pygame.Rect(12, strip.bottom + 8, min(size[0] - 24, round(330 * s)), 130)
    draw_team_totals(team.surface, totals, seven.teams(game.state.view(0), NAMES), scale=s)
    for i in range(4):
        draw_partner_mark(team.surface, (60 + i * 90 * s, size[1] - 30), i, 0,
                          game.state.options, 4, scale=s)
    pygame.image.save(team.surface, artifacts / f"seven_teams_{size[0]}x{size[1]}.png")
    assert team.panel is not None


@pytest.mark.parametrize("scale", [1.0, 1.4])
def test_the_panel_fits_the_room_the_table_gives_it(scale):
    """From the smallest room it needs up: inside the area, the card above the buttons, the
    buttons whole and a thumb's size; a larger room never makes a smaller card."""
    last = 0
    roomy = offer_panel_layout(pygame.Rect(0, 0, 390, 10_000), scale)
    least = least_height(scale)
    assert least == roomy.rect.h - roomy.card.h + cardart.height(SMALLEST_CARD)
    for h in range(least, 520, 7):
        for w in (320, 390, 1280):
            area = pygame.Rect(5, 40, w, h)
            panel = offer_panel_layout(area, scale)
            assert area.contains(panel.rect), (w, h)
            assert panel.rect.contains(panel.card) and panel.card.w >= SMALLEST_CARD
            for b in panel.buttons():
                assert panel.rect.contains(b.rect) and b.rect.h >= MIN_TARGET
                assert panel.card.bottom < b.rect.top
            if w == 390:
                assert panel.card.w >= last
                last = panel.card.w
