"""The title's first frame comes before its fan of cards: building the fan is most of that
frame's cost, so the app shows sooner and the fan is drawn from the second frame on."""

import pygame
from scene_nav import make_app, step

from game.ui import scenes


def _head(app) -> bytes:
    lay = app.scenes.top.layout()
    return pygame.image.tobytes(app.surface.subsurface(lay.head.clip(app.surface.get_rect())),
                                "RGB")


def test_the_fan_arrives_on_the_second_frame_and_stays():
    app = make_app((1280, 720))
    app.scenes.push(scenes.TitleScene(app))
    step(app, frames=1)
    first = _head(app)
    step(app, frames=1)
    second = _head(app)
    step(app, frames=1)
    assert first != second, "the fan was already drawn on the first frame"
    assert _head(app) == second, "the fan keeps changing after it arrived"
    # Without the fan, the head shows only felt and the heading: far fewer colours.
    assert len(set(first[i:i + 3] for i in range(0, len(first), 3))) < len(
        set(second[i:i + 3] for i in range(0, len(second), 3)))
