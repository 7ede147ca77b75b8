"""Drawing the table changes nothing: a frame read twice with no event between gives the same
state, log, toast and pixels, with a toast up, the log open and cards in flight."""

import pygame
import pytest
from late_hands import late_hands
from scene_nav import make_app, step
from ui_events import key

from game.services.seats import default_seats
from game.services.settings import Settings
from game.ui.scenes.table import TableScene
from game.ui.table_model import Say


def snapshot(table):
    m = table.model
    return (tuple(table.game.actions), tuple(m.log), dict(m.last_move), m.message,
            m.message_kind, frozenset(m.selected), tuple(m.order), table._toast,
            table.log_list, table.timeline.clock, len(table.timeline.flights), table.layout)


@pytest.mark.parametrize("log", [False, True], ids=["toast", "log"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_drawing_twice_changes_nothing_and_gives_the_same_pixels(size, log):
    _, game = late_hands(4)[0]
    app = make_app(size, Settings(animation_speed=1.0))
    table = TableScene(app, game, default_seats(4))
    app.scenes.reset(table)
    table.model.toggle(0)
    table.tell("Try a meld of three", Say.HELP)
    if log:
        step(app, key(pygame.K_l))
    table.animate_deal()  # cards in flight over the table
    step(app, frames=3)
    assert table.timeline.active() and table._toast is not None
    assert (table.log_list is not None) == log
    before = snapshot(table)
    first = pygame.Surface(size)
    second = pygame.Surface(size)
    table.draw(first)
    assert snapshot(table) == before
    table.draw(second)
    assert snapshot(table) == before
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
