"""The table's layout, computed without a display: at phone to desktop sizes and 2 to 8 seats,
everything inside the window, no two controls overlapping, every control big enough for a
finger, and cards never too small to read."""

import itertools

import pytest

from game.services.settings import CardSize, Settings
from game.ui import theme
from game.ui.cardart import GAP, INDEX_TOP, MIN_READABLE_WIDTH, RANK_HEIGHT, SUIT_HEIGHT
from game.ui.table.layout import (
    LOG_LABEL,
    MIN_LABEL_PX,
    PAUSE_LABEL,
    SORT_LABELS,
    TAG_LEAST,
    VISIBLE,
    Rect,
    card_height,
    label_px,
    meld_groups,
    reveal_fan,
    table_layout,
    tag_fits,
)
from game.ui.widgets import _radius  # the room a button leaves its label, as it draws it

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 720), (1920, 1080), (844, 390)]
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
    # your plate sits by your hand: right above it, or beside the buttons just above it
    assert L.plate.bottom <= L.hand.rect.y
    assert L.hand.rect.y - L.plate.bottom <= 2 * L.target + 4 * round(6 * L.scale)


def _drawn_px(label: str, r: Rect) -> int:
    """The size ``widgets.draw_button`` draws ``label`` at in a button of ``r``."""
    return theme.fit_px(label, label_px(r.h), r.w - 2 * _radius(r), bold=True)


ACTION_LABELS = ["Draw", "Take the pile", "Take upcard", "Pass", "Lay set", "Lay run",
                 "Onto meld 9", "Swap joker 9", "Discard", "Go out", "Cancel", "as 10♥"]
"""The action bar's words (the longest of each kind) as the table model writes them."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("settings", SETTINGS, ids=["default", "left+assist", "large"])
def test_button_labels_are_large_enough_to_read(size, settings):
    """At least 15 px on a phone and 16 px on a larger screen: the fixed buttons as wide as
    their words, the action slots wide enough for every action's words."""
    L = table_layout(size, 8, 13, settings)
    least = 15 if min(size) < 600 else 16
    fixed = [(PAUSE_LABEL, L.pause), (LOG_LABEL, L.log_button)]
    fixed += [(label, L.sort) for label in SORT_LABELS]
    for label, r in fixed:
        assert _drawn_px(label, r) == label_px(r.h) or min(size) < 600, (label, r)
        assert _drawn_px(label, r) >= least, (label, r)
    for r in L.actions:
        for label in ACTION_LABELS:
            assert _drawn_px(label, r) >= least, (label, r)


@pytest.mark.parametrize("size", [(390, 844), (768, 1024), (1280, 720), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seats", [2, 4, 8])
@pytest.mark.parametrize("left", [False, True], ids=["right", "left"])
def test_stock_and_pile_sit_at_the_centre_with_your_melds_below(size, seats, left):
    """A card table: the stock and the pile side by side at the middle of the felt, your
    melds in a band across the width between them and your hand."""
    L = table_layout(size, seats, 13, Settings(left_handed=left))
    pair = (min(L.stock.x, L.pile.x), max(L.stock.right, L.pile.right))
    middle = (pair[0] + pair[1]) / 2
    assert abs(middle - size[0] / 2) <= 2, (pair, size)
    assert L.stock.y == L.pile.y
    assert L.my_melds.y >= max(L.stock.bottom, L.pile.bottom)
    assert L.my_melds.bottom <= min(L.plate.y, L.actions[0].y)
    assert L.my_melds.w >= size[0] - 4 * round(6 * L.scale)
    assert L.stock.y >= max(o.box.bottom for o in L.opponents)


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


@pytest.mark.parametrize("size,count", [((390, 844), 13), ((390, 844), 20), ((1280, 720), 13),
                                        ((844, 390), 9)])
@pytest.mark.parametrize("lifted", [(), (0,), (4, 5), (2, 6, 7, 12), tuple(range(20))],
                         ids=["none", "first", "pair", "scattered", "all"])
def test_a_cards_face_is_the_part_of_it_a_tap_finds(size, count, lifted):
    """Each card's face (where the lesson rings it and the accessible mirror lays its button)
    lies on the card as drawn, and every point of it, corners and centre, finds that card."""
    hand = table_layout(size, 2, count).hand
    lifted = {i for i in lifted if i < count}
    for i in range(count):
        face = hand.face(i, lifted)
        assert face is not None and face.inside(hand.drawn(i, lifted))
        for pos in (face.center, (face.x, face.y), (face.right - 1, face.bottom - 1),
                    (face.x, face.bottom - 1), (face.right - 1, face.y)):
            assert hand.index_at(pos, lifted) == i, (i, face, pos)
    if hand.rows == 1 and not lifted:  # a plain fan: the strip up to the next card, whole
        for i, (a, b) in enumerate(zip(hand.cards, hand.cards[1:])):
            assert hand.face(i) == Rect(a.x, a.y, b.x - a.x, a.h)
        assert hand.face(count - 1) == hand.cards[-1]


def test_your_melds_are_centred_in_their_band_and_rest_by_your_hand():
    area = Rect(0, 0, 1000, 300)
    cw, rects = meld_groups(area, [3, 4], 60, label=16, band=True)
    left, right = rects[0].x - area.x, area.right - rects[-1].right
    assert abs(left - right) <= 1 and rects[0].y == rects[1].y
    assert rects[1].x - rects[0].right == max(4, cw // 5)
    assert rects[0].bottom == area.bottom
    cw, rects = meld_groups(Rect(0, 0, 300, 300), [4, 4, 4], 60, label=16, band=True)
    assert rects[0].y < rects[-1].y and rects[-1].bottom == 300, "wrapped rows, the last low"
    assert all(r.inside(Rect(0, 0, 300, 300)) for r in rects)


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


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1280, 720)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("hand", [1, 3, 7, 12])
def test_hands_revealed_over_eight_seat_panels_leave_every_name_readable(size, hand):
    """Eight seats at 200 % text: a hand revealed at a hand's end covers a panel too short
    for a readable card under its header. The name then has a tag of its own: beside the
    fan on a wide panel (room for ``C7 −999`` at the header's size, no card under it), else
    on the cards' lower part, under every card's corner index (rank over suit), above the
    cards revealed in the panel below, inside its panel. Never a card narrower than
    readable, nor outside the window."""
    index = INDEX_TOP + RANK_HEIGHT + GAP + SUIT_HEIGHT  # of a card's width
    with theme.using(Settings(text_size=200)):
        L = table_layout(size, 8, 13, Settings())
        fans = [reveal_fan(L, i, hand) for i in range(len(L.opponents))]
        for i, (o, fan) in enumerate(zip(L.opponents, fans)):
            ch = card_height(fan.card_w)
            cards = [Rect(round(fan.x + j * fan.step - fan.card_w / 2), round(fan.y - ch / 2),
                          fan.card_w, ch) for j in range(hand)]
            assert fan.card_w >= MIN_READABLE_WIDTH
            assert all(c.inside(Rect(0, 0, *size)) for c in cards), cards
            tag = fan.tag
            assert tag is not None, f"panel {i} {o.box}: no name over its revealed hand"
            assert tag.inside(o.box), (tag, o.box)
            if fan.beside:
                assert not any(tag.overlaps(c) for c in cards), (tag, cards)
                assert tag_fits(tag.w, tag.h, L.font)
                continue
            assert tag.h >= theme.scaled(MIN_LABEL_PX) and \
                tag.w >= theme.text_width(" ".join(TAG_LEAST), MIN_LABEL_PX, True)
            assert tag.y >= cards[0].y + index * fan.card_w, (tag, cards[0])
            for other, below in zip(L.opponents, fans):
                if other.box.y > o.box.y and other.box.x < o.box.right \
                        and o.box.x < other.box.right:
                    assert tag.bottom <= below.y - card_height(below.card_w) / 2, \
                        (tag, other.box)


def test_a_revealed_hand_under_the_header_needs_no_tag():
    """Where a readable card fits under the header (a tall window's panel), the header
    shows above the fan and no tag is drawn."""
    L = table_layout((1280, 720), 4, 13, Settings())
    for i, o in enumerate(L.opponents):
        fan = reveal_fan(L, i, 6)
        assert fan.tag is None
        assert fan.y - card_height(fan.card_w) / 2 >= o.header.bottom
