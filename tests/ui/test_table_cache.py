"""The table drawn from its cached layers (the board, and the board with your hand over it)
equals the table drawn from scratch while your hand changes under the pointer and the keys,
while cards fly across a resize of the window, and under a scene opened over the table."""

import pygame
from late_hands import late_hands
from scene_nav import make_app, step
from ui_events import E, key, resize

from game.services.seats import default_seats
from game.services.settings import Settings
from game.ui.scenes.table import TableScene
from game.ui.table import draw


def fresh(table, size) -> bytes:
    """The table drawn from scratch, every layer anew."""
    surface = pygame.Surface(size)
    draw.draw_table(surface, table.frame())
    return pygame.image.tobytes(surface, "RGB")


def shown(app) -> bytes:
    """What the app drew on its last frame."""
    return pygame.image.tobytes(app.surface, "RGB")


def a_table(size, players=4, speed=1.0):
    _, game = late_hands(players)[0]
    app = make_app(size, Settings(animation_speed=speed, think_seconds=0.05))
    table = TableScene(app, game, default_seats(players))
    app.scenes.reset(table)
    step(app, frames=2)
    return app, table


def test_the_hand_layer_follows_keys_taps_and_a_drag():
    size = (1280, 720)
    app, table = a_table(size, speed=0.0)
    assert shown(app) == fresh(table, size)
    hands = table.board.hands
    step(app, frames=3)  # nothing changed: the layer is reused
    assert table.board.hands == hands and shown(app) == fresh(table, size)
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT):  # the keyboard's cursor
        step(app, key(k))
        assert shown(app) == fresh(table, size), k
    assert table.keyboard and table.board.hands > hands
    cards = table.layout.hand.cards
    at = (cards[2].x + 8, cards[2].center[1])
    step(app, [E(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False),
               E(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=False)])
    assert table.model.selected and shown(app) == fresh(table, size)
    step(app, [E(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False)])
    for dy in (-20, -60, -120):  # held up over the table: the hand shows the gap it left
        step(app, [E(pygame.MOUSEMOTION, pos=(at[0] + 5, at[1] + dy), rel=(0, 0),
                     buttons=(1, 0, 0), touch=False)])
        assert table.drag is not None
        assert shown(app) == fresh(table, size), dy
    step(app, [E(pygame.MOUSEBUTTONUP, pos=(at[0] + 5, at[1] - 120), button=1, touch=False)])
    assert table.drag is None
    step(app)
    assert shown(app) == fresh(table, size)


def test_a_resize_while_the_deal_flies_draws_the_new_window_from_its_layers():
    app, table = a_table((390, 844), players=8)
    table.animate_deal()
    for size in ((390, 844), (844, 390), (1280, 720)):
        step(app, resize(size))
        for _ in range(12):
            assert table.timeline.active()
            assert app.surface.get_size() == size
            assert shown(app) == fresh(table, size), size
            step(app)


def test_a_scene_over_the_table_and_the_table_after_it():
    size = (780, 1688)
    app, table = a_table(size, players=8)
    table.animate_deal()
    step(app, frames=5)
    step(app, key(pygame.K_ESCAPE))
    pause = app.scenes.top
    assert pause is not table
    expected = pygame.Surface(size)
    draw.draw_table(expected, table.frame())
    pause.draw(expected)
    assert shown(app) == pygame.image.tobytes(expected, "RGB")
    step(app, key(pygame.K_ESCAPE))
    assert app.scenes.top is table
    for _ in range(5):
        step(app)
        assert shown(app) == fresh(table, size)
