"""New game's seed field: typed from the keyboard, reached from a deal code (whose seed may be
long), it takes digits, Backspace and pastes, refuses anything else with a reason the player
reads, and never crashes or changes the seed behind the player's back. A deal code whose seed
is outside the game's seeds (earlier versions printed some) is refused where it is typed."""

from __future__ import annotations

import pygame
import pytest
from scene_nav import make_app, press, step
from ui_events import key

from game.rules.options import PRESETS
from game.rules.save import Setup
from game.rules.seeds import SEEDS
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


def test_backspace_takes_a_digit_then_goes_random():
    app, scene = new_game_with_code_seed(53)
    step(app, key(pygame.K_BACKSPACE))
    assert scene.state.seed == 5 and shown_seed(scene) == "5"
    step(app, key(pygame.K_BACKSPACE))
    assert scene.state.seed is None and shown_seed(scene) == "Random"
    step(app, key(pygame.K_BACKSPACE))
    assert scene.state.seed is None
    press(app, "start")
    assert app.scenes.top is not scene  # a random deal starts


def type_code(app, code: str) -> None:
    for letter in code.replace("-", ""):
        step(app, key(ord(letter.lower()), letter))


@pytest.mark.parametrize("code", ["1000-02CX-5G", "1000-00CK-YW",  # seeds -5 and -1
                                  "1000-1040-G208-1040-G208-00NR-S4"])  # seed 2**70
def test_a_code_with_a_seed_outside_the_range_is_refused_where_it_is_typed(code):
    app = make_app()
    app.scenes.push(scenes.TitleScene(app))
    step(app)
    press(app, "new")
    new_game = app.scenes.top
    press(app, "code")
    code_scene = app.scenes.top
    type_code(app, code)
    assert code_scene.setup() is None
    assert code_scene.note() == "This deal code's seed is outside the seeds a game is dealt from"
    step(app, key(pygame.K_RETURN))  # Use does nothing: the code stays to be corrected
    assert app.scenes.top is code_scene
    step(app, key(pygame.K_ESCAPE))
    assert app.scenes.top is new_game and new_game.state.seed is None


@pytest.mark.parametrize("text", ["-", "x", "\u00e9", "\u0663", "12a", "\U0001f0a1", "5 5"])
def test_what_is_not_a_digit_is_refused_with_a_reason(text):
    app, scene = new_game_with_code_seed(5)
    step(app, key(pygame.K_a, text))
    assert scene.state.seed == 5
    assert "digits 0 to 9" in scene.subtitle()
    step(app, key(pygame.K_3, "3"))  # a digit after a refusal is taken, the message goes
    assert scene.state.seed == 53 and "digits" not in scene.subtitle()


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
    for seed in (None, 0, 7, 10, 999_999, 10**18, SEEDS[-1]):
        for text in ("0", "9", "-", "--5", "\u0663", "00000000", "1" * 7):
            new, message = typed_seed(seed, text)
            if message:
                assert new == seed  # refused: nothing changes
            else:
                assert new in SEEDS and len(str(new)) <= SEED_DIGITS
        back = erased_seed(seed)
        assert back is None or back in SEEDS
