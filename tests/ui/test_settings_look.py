"""The Settings scene's text size, high contrast and reduced motion, pressed as a player
does: each applies at once to the whole game (the theme's text size and colours, what the
table's timeline does) and is kept for the next session."""

import pygame
from scene_nav import make_app, press, step

from game.services import settings as store
from game.services.settings import Motion, Settings
from game.ui import theme


def test_text_size_and_high_contrast_apply_at_once_and_are_kept():
    app = make_app((390, 844), Settings(animation_speed=0.0))
    app.open("settings", reset=True)
    step(app)
    before = pygame.image.tobytes(app.surface, "RGB")
    press(app, "text_size", "+")
    assert app.settings.text_size == 125 and theme.text_scale() == 1.25
    press(app, "text_size", "+")
    press(app, "text_size", "+")
    assert app.settings.text_size == 200 and theme.line_height(16) == round(32 * 1.3)
    press(app, "text_size", "+")
    assert app.settings.text_size == 100  # round to the start
    press(app, "high_contrast")
    assert app.settings.high_contrast and theme.look() is theme.HIGH_CONTRAST
    assert theme.INK == theme.HIGH_CONTRAST.INK
    step(app)
    assert pygame.image.tobytes(app.surface, "RGB") != before
    assert store.load()[0].high_contrast


def test_reduced_motion_takes_three_values():
    app = make_app((390, 844), Settings())
    app.open("settings", reset=True)
    step(app)
    seen = [app.settings.reduced_motion]
    for _ in range(3):
        press(app, "reduced_motion", "+")
        seen.append(app.settings.reduced_motion)
    assert seen == [Motion.DEVICE, Motion.REDUCED, Motion.FULL, Motion.DEVICE]
    assert store.moves_calmly(Settings(reduced_motion=seen[1]))
