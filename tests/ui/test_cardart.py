"""Card art: every card at any width has the right size, is drawn once per size, and shows
what a player reads (rank and suit in the corner, by shape as well as colour)."""

import pygame
import pytest

from game.rules.cards import (
    ALL_CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    QUEEN_OF_SPADES,
    RANKS,
    SPADES,
    card,
    is_wild,
)
from game.rules.options import PRESETS, SEVEN
from game.ui import cardart

WIDTHS = (23, 40, 57, 70, 120, 181)
EVERY_CARD = (*ALL_CARDS, JOKER)


def index_area(image: pygame.Surface) -> pygame.Rect:
    """The top-left corner a fan leaves visible: 30% of the width, the index's height."""
    w = image.get_width()
    return pygame.Rect(0, 0, round(w * 0.3), round(w * 0.72))


def pixels(image: pygame.Surface, area: pygame.Rect) -> bytes:
    return pygame.image.tobytes(image.subsurface(area), "RGBA")


def ink_of(c: int, four_colour: bool = False):
    return cardart.JOKER_INK if c == JOKER else cardart.suit_colour(c & 3, four_colour)


def coverage(image: pygame.Surface, area: pygame.Rect, ink) -> list[float]:
    """How far each pixel of ``area`` is from blank face towards ``ink`` (0 blank, 1 ink)."""
    face = cardart.FACE
    full = max(abs(i - f) for i, f in zip(ink, face))
    out = []
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            colour = image.get_at((x, y))
            d = max(abs(v - f) for v, f in zip(colour[:3], face))
            out.append(d / full if colour.a > 128 else 0.0)
    return out


def ink_mask(image: pygame.Surface, area: pygame.Rect, ink) -> list[bool]:
    """Which pixels of ``area`` are more ``ink`` than blank face (the shapes drawn there)."""
    return [v > 0.5 for v in coverage(image, area, ink)]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_has_the_requested_size_and_is_drawn_once(width):
    for c in EVERY_CARD:
        for four in (False, True):
            image = cardart.face(c, width, four)
            assert image.get_size() == (width, cardart.height(width))
            assert image.get_flags() & pygame.SRCALPHA
            assert cardart.face(c, width, four) is image


@pytest.mark.parametrize("width", (40, 120))
def test_corners_are_rounded_and_the_body_opaque(width):
    image = cardart.face(card(7, HEARTS), width)
    h = image.get_height()
    for corner in ((0, 0), (width - 1, 0), (0, h - 1), (width - 1, h - 1)):
        assert image.get_at(corner).a < 64
    assert image.get_at((width // 2, 2)).a == 255
    assert image.get_at((width // 2, h // 2)).a == 255


def test_height_follows_the_poker_ratio():
    assert cardart.height(63) == 88
    assert cardart.CARD_RATIO == pytest.approx(88 / 63)


@pytest.mark.parametrize("width", (40, 70, 120))
def test_the_visible_corner_tells_every_rank_apart(width):
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        corners = {}
        for rank in RANKS:
            image = cardart.face(card(rank, suit), width)
            corners[rank] = pixels(image, index_area(image))
        assert len(set(corners.values())) == 13


@pytest.mark.parametrize("width", (40, 70, 120))
def test_the_visible_corner_tells_suits_apart_by_shape_not_only_colour(width):
    for rank in RANKS:
        shapes = []
        for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
            image = cardart.face(card(rank, suit), width)
            shapes.append(tuple(ink_mask(image, index_area(image), ink_of(card(rank, suit)))))
        assert len(set(shapes)) == 4, rank


def test_four_colour_recolours_diamonds_and_clubs_but_keeps_every_shape():
    width = 70
    for c in ALL_CARDS:
        two = cardart.face(c, width)
        four = cardart.face(c, width, four_colour=True)
        # Whole card for pips; the corner for courts (their gold crowns blend with the ink).
        whole = pygame.Rect(0, 0, width, cardart.height(width))
        area = index_area(two) if c >> 2 >= 11 else whole
        shape_two = coverage(two, area, ink_of(c))
        shape_four = coverage(four, area, ink_of(c, True))
        assert max(abs(a - b) for a, b in zip(shape_two, shape_four)) < 0.1, c
        same = pixels(two, whole) == pixels(four, whole)
        assert same == (c & 3 in (SPADES, HEARTS)), c


def dominant_ink(image: pygame.Surface) -> tuple[int, int, int]:
    """The average colour of the strongly inked pixels of the index."""
    area = index_area(image)
    total = [0, 0, 0]
    n = 0
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            r, g, b, a = image.get_at((x, y))
            if a > 200 and min(r, g, b) < 120:
                total = [total[0] + r, total[1] + g, total[2] + b]
                n += 1
    return tuple(v // n for v in total)


def test_four_colour_inks_are_blue_diamonds_and_green_clubs():
    r, g, b = dominant_ink(cardart.face(card(9, DIAMONDS), 70, four_colour=True))
    assert b > r and b > g
    r, g, b = dominant_ink(cardart.face(card(9, CLUBS), 70, four_colour=True))
    assert g > r and g > b
    r, g, b = dominant_ink(cardart.face(card(9, DIAMONDS), 70))
    assert r > g and r > b


def rank_ink_height(image: pygame.Surface) -> int:
    """Rows of the rank letter: the first run of inked rows in the index column."""
    w = image.get_width()
    rows = []
    for y in range(image.get_height() // 2):
        rows.append(any(min(image.get_at((x, y))[:3]) < 140 and image.get_at((x, y)).a > 200
                        for x in range(2, round(w * 0.3))))
    first = rows.index(True)
    last = first
    while last + 1 < len(rows) and rows[last + 1]:
        last += 1
    return last - first + 1


def test_min_readable_width_gives_an_index_at_least_11_px_tall():
    w = cardart.MIN_READABLE_WIDTH
    assert 30 <= w <= 48
    for rank in (1, 5, 10, 13):
        assert rank_ink_height(cardart.face(card(rank, SPADES), w)) >= 11
    narrower = cardart.face(card(5, SPADES), w - 6)
    assert rank_ink_height(narrower) < 11


@pytest.mark.parametrize("width", (40, 70))
def test_a_fan_at_a_third_shows_the_index_and_nothing_of_the_centre(width):
    """Below the index, the strip a fan leaves visible (up to 32% of the width) is blank card:
    no sliver of a pip or court frame to confuse the eye."""
    h = cardart.height(width)
    strip = pygame.Rect(2, round(width * 0.8), int(width * 0.32) - 2,
                        h - round(width * 0.8) - 4)
    for c in EVERY_CARD:
        image = cardart.face(c, width)
        assert not any(ink_mask(image, strip, ink_of(c))), c


def gold_pixels(image: pygame.Surface) -> int:
    area = index_area(image)
    n = 0
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            r, g, b, a = image.get_at((x, y))
            if a > 200 and r > 160 and 110 < g < 200 and b < 90:
                n += 1
    return n


def test_wild_cards_carry_a_mark_in_the_corner_and_others_do_not():
    for c in EVERY_CARD:
        marked = gold_pixels(cardart.face(c, 70)) > 3
        assert marked == is_wild(c), c


def test_queen_of_spades_is_marked_apart_from_the_other_queens():
    q_spades = cardart.face(QUEEN_OF_SPADES, 70)
    q_clubs = cardart.face(card(12, CLUBS), 70)
    below_index = pygame.Rect(0, round(70 * 0.6), round(70 * 0.3), round(70 * 0.12))
    assert any(ink_mask(q_spades, below_index, cardart.BLACK))
    assert not any(ink_mask(q_clubs, below_index, cardart.BLACK))


def test_the_queen_of_spades_mark_follows_the_matchs_card_values():
    """In seven-hand Arlington the queen of spades scores as any queen: no "50" on it, in
    the face and in the card on its shadow the table draws; every other card is the same."""
    assert cardart.queen_marked(PRESETS["digital"]) and not cardart.queen_marked(SEVEN)
    below_index = pygame.Rect(0, round(70 * 0.6), round(70 * 0.3), round(70 * 0.12))
    plain = cardart.face(QUEEN_OF_SPADES, 70, queen=False)
    assert not any(ink_mask(plain, below_index, cardart.BLACK))
    shadowed = cardart.with_shadow(QUEEN_OF_SPADES, 70, queen=False)
    assert shadowed is not cardart.with_shadow(QUEEN_OF_SPADES, 70)
    for c in (card(12, CLUBS), card(9, SPADES), JOKER):
        assert cardart.face(c, 70, queen=False) is cardart.face(c, 70)


@pytest.mark.parametrize("width", (40, 70, 120))
def test_back_and_shadow(width):
    back = cardart.back(width)
    assert back.get_size() == (width, cardart.height(width))
    assert cardart.back(width) is back
    assert all(pixels(back, back.get_rect()) != pixels(cardart.face(c, width), back.get_rect())
               for c in EVERY_CARD)
    shadow = cardart.shadow(width)
    assert shadow.get_width() > width and shadow.get_height() > cardart.height(width)
    centre = shadow.get_at((shadow.get_width() // 2, shadow.get_height() // 2)).a
    edge = shadow.get_at((1, shadow.get_height() // 2)).a
    assert 0 < centre < 255 and edge < centre
    rect = pygame.Rect(100, 100, width, cardart.height(width))
    x, y = cardart.shadow_pos(rect)
    assert x < rect.x and cardart.shadow_pos(rect, lift=1.0)[1] > y


def test_a_number_that_is_not_a_card_is_refused_clearly():
    for bad in (1, 3, 56, -4):
        with pytest.raises(ValueError, match="not a card"):
            cardart.face(bad, 60)
