"""Your own plate by your hand, the totals as a player reads them, and cards written compactly
(A♠) in the log and the captions, their suits drawn as shapes with room around them."""

import pygame
from test_table_play import FRAME, Mouse, card_pos, settle, start

from game.rules.state import Phase
from game.services.seats import Seat
from game.ui import theme
from game.ui.table.model import points

SUITS = "\u2660\u2665\u2666\u2663"


def _outline(app, table):
    plate = table.layout.plate
    return tuple(app.surface.get_at((plate.center[0], plate.y + 1)))[:3]


def test_your_plate_is_outlined_while_it_is_your_turn_only():
    app, table = start(seed=11)
    settle(app, table)
    app.step([], FRAME)
    st = table.game.state
    assert st.turn == table.model.viewer and st.phase is Phase.DRAW
    assert _outline(app, table) == theme.ACCENT, "your turn: the plate is lit"
    # a computer opens and thinks at its pace: your plate is not lit meanwhile
    seats = (Seat("Computer", "hard"), Seat("You"))
    app, table = start(seed=4, seats=seats, speed=1.0)
    table.timeline.skip()
    for _ in range(3):
        app.step([], FRAME)
    assert table.game.state.turn == 0 and table.busy
    assert table.model.viewer == 1
    assert _outline(app, table) != theme.ACCENT


def test_totals_read_as_points_with_a_real_minus():
    assert points(0) == "0 pts"
    assert points(120) == "120 pts"
    assert points(-45) == "\u221245 pts"


def test_the_log_and_captions_name_cards_compactly():
    app, table = start(seed=11)
    for _ in range(5):
        settle(app, table)
        Mouse(app).tap(table.layout.stock.center)
        Mouse(app).tap(card_pos(table, 0))
        Mouse(app).tap(table.layout.pile.center)
    settle(app, table)
    lines = table.model.log
    discards = [line for line in lines if ": discarded " in line]
    assert discards, lines
    for line in discards:
        card = line.split(": discarded ", 1)[1]
        assert card[-1] in SUITS and len(card) <= 3, line  # "A♠", "10♥"
    assert not any(" of " in line for line in lines)
    caption = table.model.last_move[1]
    assert any(ch in caption for ch in SUITS) or caption.startswith(("drew", "took")), caption


def test_an_inline_suit_keeps_clear_of_its_neighbours():
    """Each suit shape lies inside its own advance with room either side, so the space in
    "K♥ K♣" still shows."""
    for suit in SUITS:
        image = theme.rendered(suit, 20, (0, 0, 0))
        ink = image.get_bounding_rect(min_alpha=40)
        assert ink.left >= 1 and ink.right <= image.get_width() - 1, (suit, ink)
    pair = theme.rendered("K\u2665 K\u2663", 20, (0, 0, 0))
    heart = theme.text_width("K", 20)
    gap_from = heart + theme.rendered("\u2665", 20, (0, 0, 0)).get_bounding_rect(
        min_alpha=40).right
    gap_to = theme.text_width("K\u2665 ", 20)
    clear = [x for x in range(gap_from, gap_to)
             if all(pair.get_at((x, y)).a < 40 for y in range(pair.get_height()))]
    assert len(clear) >= 4, "the space after a heart is not swallowed"
    pygame.event.pump()
