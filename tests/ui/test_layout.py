"""The table's layout, computed without a display: at phone to desktop sizes and 2 to 8 seats,
everything inside the window, no two controls overlapping, every control big enough for a
finger, and cards never too small to read."""

import itertools

import pytest

from game.settings import CardSize, Settings
from game.ui.cardart import MIN_READABLE_WIDTH
from game.ui.layout import VISIBLE, Rect, meld_groups, table_layout

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 720), (1920, 1080)]
SETTINGS = [Settings(), Settings(left_handed=True, pile_assist=True),
            Settings(card_size=CardSize.LARGE)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [2, 4, 8])
@pytest.mark.parametrize("hand", [1, 13, 20])
@pytest.mark.parametrize("settings", SETTINGS, ids=["default", "left+assist", "large"])
def test_everything_fits_nothing_overlaps(size, seats, hand, settings):
    L = table_layout(size, seats, hand, settings)
    window = Rect(0, 0, *size)
    panels = L.panels()
    for name, r in panels:
        assert r.inside(window), f"{name} {r} is outside the window"
        assert r.w > 0 and r.h > 0, name
    for (a, ra), (b, rb) in itertools.combinations(panels, 2):
        assert not ra.overlaps(rb), f"{a} {ra} overlaps {b} {rb}"
    for name, r in L.controls():
        assert r.h >= 44 and r.w >= 44, f"{name} {r} is too small for a finger"
    assert len(L.opponents) == seats - 1
    assert len(L.hand.cards) == hand
    assert L.hand.card_w >= MIN_READABLE_WIDTH
    assert L.pile_card.w >= MIN_READABLE_WIDTH and L.meld_card_w >= MIN_READABLE_WIDTH
    for c in L.hand.cards:
        assert c.inside(L.hand.rect)
    assert L.stock_card.inside(L.stock) and L.pile_card.inside(L.pile)
    assert L.status.w > 100, "the status line has room to say what to do"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_overlapping_cards_show_their_corner_index(size):
    L = table_layout(size, 4, 20)
    cards = L.hand.cards
    for a, b in zip(cards, cards[1:]):
        if a.y == b.y:
            assert b.x - a.x >= VISIBLE * a.w - 1, "the next card covers the index"
    if L.hand.rows == 2:  # the second row leaves the first row's top half showing
        assert cards[-1].y - cards[0].y >= cards[0].h * 0.45


def test_a_long_hand_on_a_phone_takes_two_rows_of_larger_cards():
    one = table_layout((390, 844), 2, 9)
    two = table_layout((390, 844), 2, 20)
    assert one.hand.rows == 1 and two.hand.rows == 2
    assert two.hand.card_w >= 0.9 * one.hand.card_w
    desk = table_layout((1280, 720), 2, 20)
    assert desk.hand.rows == 1


def test_left_handed_mirrors_the_controls():
    right = table_layout((390, 844), 4, 13)
    left = table_layout((390, 844), 4, 13, Settings(left_handed=True))
    assert right.pause.x > 195 > left.pause.x
    assert right.sort.x < 195 < left.sort.x
    assert left.actions[0].x < right.actions[0].x + right.actions[0].w


def test_hand_hit_tests_find_the_top_card_and_the_drop_place():
    L = table_layout((1280, 720), 2, 13)
    cards = L.hand.cards
    for i, r in enumerate(cards):
        assert L.hand.index_at((r.x + 3, r.y + 10)) == i
    assert L.hand.index_at((0, 0)) is None
    top = cards[3]
    above = (top.x + 3, top.y - 5)  # a selected card is drawn raised: its top takes the tap
    assert L.hand.index_at(above) is None and L.hand.index_at(above, {3}) == 3
    assert L.hand.insert_at((cards[0].x - 5, cards[0].center[1])) == 0
    assert L.hand.insert_at((cards[-1].right - 1, cards[-1].center[1])) == len(cards)


def test_meld_groups_fit_their_area_or_say_they_do_not():
    area = Rect(10, 10, 300, 200)
    cw, rects = meld_groups(area, [3, 4, 3, 4, 3, 3], 60, label=16)
    assert cw >= MIN_READABLE_WIDTH
    for r in rects:
        assert r.inside(area)
    for a, b in itertools.combinations(rects, 2):
        assert not a.overlaps(b)
    tiny = Rect(0, 0, 120, 70)
    cw, rects = meld_groups(tiny, [4] * 6, 60)
    assert cw == MIN_READABLE_WIDTH
    assert any(r.w == 0 for r in rects), "melds that cannot fit are marked, not overlapped"
