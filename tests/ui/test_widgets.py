"""Widgets: what a press at a point does, what is drawn where, scroll limits."""

import hashlib

import pygame
import pytest

from game.ui import theme, widgets
from game.ui.widgets import Button, Choice, ScrollList, Stepper, Toast, Toggle


def test_button_hits_inside_only_and_a_disabled_one_never():
    b = Button((10, 20, 120, 48), "Draw", "draw")
    assert isinstance(b.rect, pygame.Rect)
    assert b.hit((10, 20)) and b.hit((129, 67)) and b.hit(b.rect.center)
    assert not b.hit((9, 40)) and not b.hit((130, 40)) and not b.hit((50, 68))
    off = Button((10, 20, 120, 48), "Draw", "draw", enabled=False)
    assert not off.hit(off.rect.center)


def surface_of(size=(300, 200), colour=(10, 60, 40)):
    s = pygame.Surface(size)
    s.fill(colour)
    return s


def changed_bounds(before: pygame.Surface, after: pygame.Surface) -> pygame.Rect:
    """The smallest rect holding every pixel that differs."""
    xs, ys = [], []
    for y in range(after.get_height()):
        for x in range(after.get_width()):
            if before.get_at((x, y)) != after.get_at((x, y)):
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_primary_button_is_drawn_in_the_accent_colour_and_disabled_faded():
    rect = pygame.Rect(40, 40, 160, 48)
    looks = {}
    for name, kwargs in (("primary", {"primary": True}), ("plain", {}),
                         ("off", {"enabled": False, "primary": True})):
        s = surface_of()
        widgets.draw_button(s, Button(rect, "", "k", **kwargs))
        looks[name] = tuple(s.get_at((rect.x + 12, rect.centery)))[:3]
    assert looks["primary"] == theme.ACCENT
    assert looks["plain"] == theme.PANEL
    assert looks["off"] not in (theme.ACCENT, theme.PANEL)
    pressed = surface_of()
    widgets.draw_button(pressed, Button(rect, "", "k", primary=True), pressed=True)
    assert tuple(pressed.get_at((rect.x + 12, rect.centery)))[:3] != theme.ACCENT


def test_button_label_is_drawn_inside_the_button():
    rect = pygame.Rect(40, 40, 160, 48)
    blank = surface_of()
    widgets.draw_button(blank, Button(rect, "", "k", primary=True))
    labelled = surface_of()
    widgets.draw_button(labelled, Button(rect, "Discard", "k", primary=True))
    assert rect.contains(changed_bounds(blank, labelled))


def test_toggle_hits_its_row_and_flips():
    t = Toggle((0, 0, 300, 44), "Sound", "sound", on=False)
    assert t.hit((5, 5)) and t.hit((295, 40)) and not t.hit((301, 5))
    assert t.flipped().on and not t.flipped().flipped().on
    assert not Toggle((0, 0, 300, 44), "Sound", "sound", True, enabled=False).hit((5, 5))


def test_toggle_shows_its_state():
    a, b = surface_of((320, 60)), surface_of((320, 60))
    widgets.draw_toggle(a, Toggle((0, 0, 300, 44), "Sound", "s", on=False))
    widgets.draw_toggle(b, Toggle((0, 0, 300, 44), "Sound", "s", on=True))
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_stepper_moves_within_its_bounds():
    s = Stepper((0, 0, 300, 44), "Players", "players", value=2, low=2, high=8)
    minus, plus = s.minus_rect.center, s.plus_rect.center
    assert s.minus_rect.h >= widgets.MIN_TARGET and s.plus_rect.w >= widgets.MIN_TARGET
    assert not s.minus_rect.colliderect(s.plus_rect)
    assert s.press(minus) is None and not s.hit(minus)
    assert s.press(plus) == 3 and s.pressed(plus).value == 3
    top = Stepper((0, 0, 300, 44), "Players", "players", value=8, low=2, high=8)
    assert top.press(plus) is None and top.press(minus) == 7
    assert s.press((5, 5)) is None
    assert Stepper((0, 0, 300, 44), "P", "p", 5, 2, 8, enabled=False).press(plus) is None


def test_choice_cycles_both_ways_and_wraps():
    c = Choice((0, 0, 300, 44), "Level", "level", ("easy", "medium", "hard"), 0,
               ("Easy", "Medium", "Hard"))
    right = (c.box.right - 5, c.box.centery)
    left = (c.box.left + 5, c.box.centery)
    assert c.shown == "Easy" and c.value == "easy"
    assert c.pressed(right).value == "medium"
    assert c.pressed(left).value == "hard"
    assert c.pressed(right).pressed(right).pressed(right).value == "easy"
    assert c.press((c.rect.left + 2, 5)) is None
    assert not Choice((0, 0, 300, 44), "One", "one", ("only",)).hit(right)
    with pytest.raises(ValueError):
        Choice((0, 0, 300, 44), "None", "none", ())


def make_list(n=40, offset=0):
    lines = [f"line {i}" for i in range(n)]
    return ScrollList((20, 20, 200, 150), lines, px=16, offset=offset)


def test_scroll_list_clamps_every_scroll():
    lst = make_list()
    assert lst.max_offset == lst.content_height - lst.inner.h > 0
    assert make_list(offset=-50).offset == 0
    assert make_list(offset=10**6).offset == lst.max_offset
    assert lst.scrolled_by(-30).offset == 0
    assert lst.scrolled_by(10**6).offset == lst.max_offset
    assert lst.wheel(-1).offset > 0 and lst.wheel(-1).wheel(2).offset == 0
    dragged = lst.dragged(0, (100, 150), (100, 100))
    assert dragged.offset == 50
    assert dragged.dragged(50, (100, 100), (100, 400)).offset == 0
    short = make_list(n=2)
    assert short.max_offset == 0 and short.scrolled_by(100).offset == 0


def test_scroll_list_follows_new_lines_only_when_at_the_end():
    end = make_list().at_end()
    grown = end.with_lines([*end.lines, "new", "newer"])
    assert grown.offset == grown.max_offset > end.offset
    top = make_list()
    assert top.with_lines([*top.lines, "new"]).offset == 0


def test_scroll_list_wraps_long_lines_to_its_width():
    lst = ScrollList((0, 0, 200, 150), ["word " * 40], px=16)
    assert len(lst.rows) > 3
    assert all(theme.text_width(row, 16) <= lst.inner.w for row in lst.rows)


def test_scroll_list_draws_only_inside_its_rect_and_shows_the_scrolled_lines():
    before = surface_of((300, 260))
    top = surface_of((300, 260))
    widgets.draw_scroll_list(top, make_list())
    assert make_list().rect.contains(changed_bounds(before, top))
    scrolled = surface_of((300, 260))
    widgets.draw_scroll_list(scrolled, make_list().at_end())
    assert pygame.image.tobytes(top, "RGB") != pygame.image.tobytes(scrolled, "RGB")


def test_toast_fades_and_its_strip_is_big_enough_to_read():
    t = Toast("You must meld the card you took from the pile before you discard")
    assert t.alive and t.alpha == 255
    assert 0 < t.aged(t.seconds - 0.2).alpha < 255
    assert not t.aged(t.seconds).alive
    rect = widgets.toast_rect(t, (195, 400), 300)
    assert rect.w <= 300 and rect.h >= widgets.MIN_TARGET and rect.center == (195, 400)
    s = surface_of((390, 600))
    assert widgets.draw_toast(s, t, (195, 400), 300) == rect
    assert widgets.draw_toast(s, t.aged(10), (195, 400), 300).w == 0


def test_a_refusal_says_so_by_a_mark_not_only_by_its_colour():
    """A refused move's strip carries a "!" in a ring before its words, in its text's ink
    (found with the colours taken away: bright pixels in grey); a strip that only informs
    has no such room before its words."""
    s = surface_of((390, 200))
    refusal = widgets.draw_toast(s, Toast("Draw first", "refusal"), (195, 60), 360)
    info = widgets.toast_rect(Toast("Draw first", "info"), (195, 140), 360)
    mark = refusal.w - info.w
    assert mark >= theme.scaled(17)
    pad = round(theme.scaled(17) * 0.8)
    ring = s.subsurface(pygame.Rect(refusal.x + pad // 2, refusal.y, mark, refusal.h))
    grey = pygame.transform.grayscale(ring)
    bright = sum(grey.get_at((x, y))[0] >= 200 for x in range(grey.get_width())
                 for y in range(grey.get_height()))
    assert bright >= 20


def test_panel_draws_where_asked():
    before = surface_of()
    after = surface_of()
    rect = widgets.draw_panel(after, (50, 40, 120, 80), shadow=False)
    assert changed_bounds(before, after) == rect


# --- the theme the widgets draw with -------------------------------------------------------------

def test_fonts_come_from_the_game_folder_and_are_cached():
    for path in theme.FONT_FILES.values():
        assert path.is_file() and path.parent.name == "fonts"
        assert path.stat().st_size < 75_000
    assert theme.font(20) is theme.font(20)
    assert theme.text_width("Arlington 10", 20, bold=True) > theme.text_width("Arlington 10", 20)


def test_every_symbol_the_ui_writes_has_a_glyph():
    missing = theme.font(24).render("\u4e2d", True, (0, 0, 0))  # not in the subset: a box
    for ch in "\u2212\u00d7\u2026\u00b7\u2022\u2190\u2192\u2713\u25b6\u25c0\u2014\u2019\u00e9":
        image = theme.font(24).render(ch, True, (0, 0, 0))
        assert pygame.image.tobytes(image, "RGBA") != pygame.image.tobytes(missing, "RGBA"), ch


def test_suits_in_text_are_drawn_as_shapes():
    for text in ("Q\u2660", "Q\u2663", "Q\u2665", "Q\u2666"):
        image = theme.rendered(text, 20, (0, 0, 0))
        assert image.get_width() == theme.text_width(text, 20)
    spade = pygame.image.tobytes(theme.rendered("Q\u2660", 20, (0, 0, 0)), "RGBA")
    club = pygame.image.tobytes(theme.rendered("Q\u2663", 20, (0, 0, 0)), "RGBA")
    assert spade != club
    suit = theme.rendered("\u2665", 20, (200, 0, 0))
    assert suit.get_bounding_rect(min_alpha=128).h >= 12


def test_wrap_keeps_every_word_and_every_line_fits():
    text = "Take the pile: pick the cards from your hand that join its top card 7\u2665 8\u2665"
    lines = theme.wrap(text, 18, 160)
    assert len(lines) > 2
    assert " ".join(lines).split() == text.split()
    assert all(theme.text_width(line, 18) <= 160 for line in lines)
    assert theme.wrap("first\nsecond", 18, 400) == ["first", "second"]
    long = theme.wrap("x" * 200, 18, 100)
    assert "".join(long) == "x" * 200 and all(theme.text_width(s, 18) <= 100 for s in long)


def test_text_is_placed_by_its_anchor():
    s = surface_of()
    rect = theme.text(s, "Draw", 20, (150, 100), anchor="center")
    assert rect.center == (150, 100)
    assert theme.text(s, "Draw", 20, (290, 190), anchor="bottomright").bottomright == (290, 190)


def test_a_translucent_box_with_a_border_shows_its_fill_inside_not_the_border():
    box = theme.rounded((100, 60), 12, (0, 0, 0, 70), 3, theme.ACCENT)
    assert tuple(box.get_at((50, 30))) == (0, 0, 0, 70)
    assert tuple(box.get_at((50, 1)))[:3] == theme.ACCENT and box.get_at((50, 1)).a == 255
    assert box.get_at((0, 0)).a == 0


def test_felt_is_lighter_at_the_centre_and_cached_per_size():
    s = pygame.Surface((400, 300))
    theme.draw_felt(s)
    centre, corner = s.get_at((200, 150)), s.get_at((2, 2))
    assert sum(centre[:3]) > sum(corner[:3]) + 30
    assert theme.felt((400, 300)) is theme.felt((400, 300))


def test_the_felts_light_fall_off_and_grain_are_the_pixels_they_always_were():
    """Checksums of the vignette and the grain as 652c23e drew them, pixel by pixel with
    ``set_at``; they are now written in one go from their colours (``theme._filled``)."""
    expected = {
        theme._vignette: "edff1d087db67095c4e6d5ef12b61ffd7ace71db83db8277e0772d84edd26cb6",
        theme._grain: "2fe6c3efe96b0cd08f5c3fffb3c071493e31db9c5feb0891abd84a70126b3603",
    }
    for made, digest in expected.items():
        image = made(theme.USUAL.FELT, theme.USUAL.FELT_EDGE) if made is theme._vignette \
            else made()
        rgba = pygame.image.tobytes(image, "RGBA")
        assert hashlib.sha256(rgba).hexdigest() == digest, made.__name__


def test_caches_of_window_sized_boxes_stay_bounded_through_a_storm_of_resizes():
    first = theme.rounded((1200, 800), 14, theme.PANEL)
    assert theme.rounded((1200, 800), 14, theme.PANEL) is first
    for w in range(600, 660):  # 60 window-sized panels: more than the pixel budget holds
        theme.rounded((w, 700), 14, theme.PANEL)
    latest = theme.rounded((659, 700), 14, theme.PANEL)
    assert theme.rounded((659, 700), 14, theme.PANEL) is latest
    assert theme.rounded((1200, 800), 14, theme.PANEL) is not first
