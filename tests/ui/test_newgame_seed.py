"""New game's seed field: typed from the keyboard, reached from a deal code (whose seed may be
negative or long), it takes digits, Backspace and pastes, refuses anything else with a reason
the player reads, and never crashes or changes the seed behind the player's back."""

from __future__ import annotations

import pygame
import pytest
from scene_nav import make_app, press, step
from ui_events import key

from game.rules.options import PRESETS
from game.rules.save import Setup
from game.services import dealcode
from game.ui import scenes
from game.ui.scenes.newgame import SEED_DIGITS, erased_seed, typed_seed


def new_game_with_code_seed(seed: int):
    """New game after a deal code with ``seed`` was typed on the keyboard and used."""
    app = make_app()
    app.scenes.push(scenes.TitleScene(app))
    step(app)
    press(app, "new")
    press(app, "code")
    for letter in dealcode.encode(Setup(PRESETS["digital"], 2, seed)).replace("-", ""):
        step(app, key(ord(letter.lower()), letter))
    step(app, key(pygame.K_RETURN))
    scene = app.scenes.top
    assert isinstance(scene, scenes.NewGameScene) and scene.state.seed == seed
    return app, scene


def shown_seed(scene) -> str:
    """What the seed row says."""
    return next(f.value for f in scene.rows() if getattr(f, "key", None) == "seed")


def test_backspace_on_a_negative_seed_keeps_its_sign_then_goes_random():
    app, scene = new_game_with_code_seed(-53)
    step(app, key(pygame.K_BACKSPACE))
    assert scene.state.seed == -5 and shown_seed(scene) == "-5"
    step(app, key(pygame.K_BACKSPACE))  # "-5" loses its only digit: no "-" alone is left
    assert scene.state.seed is None and shown_seed(scene) == "Random"
    step(app, key(pygame.K_BACKSPACE))
    assert scene.state.seed is None
    press(app, "start")
    assert app.scenes.top is not scene  # a random deal starts


@pytest.mark.parametrize("text", ["-", "x", "\u00e9", "\u0663", "12a", "\U0001f0a1", "5 5"])
def test_what_is_not_a_digit_is_refused_with_a_reason(text):
    app, scene = new_game_with_code_seed(-5)
    step(app, key(pygame.K_a, text))
    assert scene.state.seed == -5
    assert "digits 0 to 9" in scene.subtitle()
    step(app, key(pygame.K_3, "3"))  # a digit after a refusal is taken, the message goes
    assert scene.state.seed == -53 and "digits" not in scene.subtitle()


def test_a_paste_sized_input_is_refused_and_the_seed_kept():
    app, scene = new_game_with_code_seed(4)
    step(app, key(pygame.K_v, "7" * 5000))
    assert scene.state.seed == 4 and f"at most {SEED_DIGITS} digits" in scene.subtitle()
    step(app, key(pygame.K_v, "21"))
    assert scene.state.seed == 421


def test_a_long_seed_from_a_code_takes_backspace_but_no_more_digits():
    app, scene = new_game_with_code_seed(3_999_999_999)
    step(app, key(pygame.K_1, "1"))
    assert scene.state.seed == 3_999_999_999 and "at most" in scene.subtitle()
    step(app, key(pygame.K_BACKSPACE))
    assert scene.state.seed == 399_999_999


def test_seed_editing_is_total():
    for seed in (None, 0, 7, -7, -10, 999_999, -999_999, 10**30, -(10**30)):
        for text in ("0", "9", "-", "--5", "\u0663", "00000000", "1" * 7):
            new, message = typed_seed(seed, text)
            if message:
                assert new == seed  # refused: nothing changes
            else:
                assert len(str(abs(new))) <= SEED_DIGITS
                assert seed is None or seed == 0 or (new < 0) == (seed < 0)
        back = erased_seed(seed)
        assert back is None or (back < 0) == (seed < 0)
