"""The end-of-hand reveal: every hand turns face up where its owner sits, and a hand that has
turned stays face up while the next ones turn."""

import pygame
from scene_nav import FRAME, make_app, step
from test_screenshots import _game

from game.rules.options import PRESETS
from game.services.seats import default_seats
from game.services.settings import Settings
from game.ui import cardart
from game.ui.scenes.table import TableScene


def test_turned_hands_stay_face_up_while_the_rest_turn():
    app = make_app((1280, 720), Settings(animation_speed=1.0))
    game = _game(4, 3, PRESETS["digital"], to_end=True)
    table = TableScene(app, game, default_seats(4, "easy"))
    app.scenes.reset(table)
    table.timeline.skip()
    step(app)  # the reveal is scheduled: one flip per card, seat after seat
    flips = [f for f in table.timeline.flights if f.flip]
    assert flips
    first = flips[0].end  # ("reveal", seat, 0)
    landed = flips[0].begin + flips[0].duration
    while table.timeline.clock < landed + FRAME:
        step(app)
    assert any(f.progress(table.timeline.clock) < 1 for f in flips), "others still turning"
    x, y, w = table.resolve(first)
    corner = (round(x - w / 2) + 3, round(y - cardart.height(round(w)) / 2) + 3)
    r, g, b, _ = app.surface.get_at(corner)
    assert min(r, g, b) > 200, "the first card turned is still drawn, face up"
    pygame.event.pump()
