"""Deal codes in the app: the code on one table's pause screen, typed on another's keypad (or
keyboard), starts the same deal; a mistyped code is refused and changes nothing; the keypad
fits every window with finger-sized keys."""

from __future__ import annotations

import itertools

import pygame
import pytest
from scene_nav import make_app, press, step
from ui_events import key, mouse_tap, touch_tap

from game.rules.options import PRESETS
from game.rules.save import Setup
from game.services import dealcode
from game.services.seats import default_seats
from game.ui import scenes, widgets
from game.ui.scenes.dealcode import DealCodeScene, code_layout
from game.ui.scenes.table import TableScene

SIZES = [(360, 640), (390, 844), (768, 1024), (1280, 720), (1920, 1080), (844, 390)]


def type_on_keypad(app, code: str, touch: bool = False) -> None:
    lay = code_layout(app.size)
    where = {b.key: b.rect.center for b in lay.keys}
    for letter in code.replace("-", ""):
        pos = where[letter]
        step(app, touch_tap(pos, app.size) if touch else mouse_tap(pos))


def open_code_entry(app):
    app.scenes.push(scenes.TitleScene(app))
    step(app)
    press(app, "new")
    press(app, "code")
    assert isinstance(app.scenes.top, DealCodeScene)


@pytest.mark.parametrize("touch", [False, True])
def test_a_code_from_one_table_starts_the_same_deal_at_another(touch):
    first = make_app()
    setup = Setup(PRESETS["classic"].with_changes(target=500), 3, 424242)
    table = first.start_match(setup, default_seats(3))
    step(first, key(pygame.K_ESCAPE))
    assert isinstance(first.scenes.top, scenes.PauseScene)
    code = dealcode.encode(table.game.setup)

    other = make_app()
    open_code_entry(other)
    type_on_keypad(other, code[:8], touch)
    for letter in code[8:].replace("-", ""):  # the rest from a keyboard, in lower case
        step(other, key(ord(letter.lower()), letter.lower()))
    assert other.scenes.top.text == code.replace("-", "")
    press_use = code_layout(other.size).use.rect.center
    step(other, touch_tap(press_use, other.size) if touch else mouse_tap(press_use))
    newgame = other.scenes.top
    assert isinstance(newgame, scenes.NewGameScene)
    assert (newgame.state.players, newgame.state.options, newgame.state.seed) == \
        (3, setup.options, 424242)
    press(other, "start")
    copy = other.scenes.find(TableScene)
    assert copy.game.setup == table.game.setup  # the same rules, players and seed
    assert copy.game.setup.start().snapshot() == table.game.setup.start().snapshot()


def test_a_mistyped_code_is_refused_and_changes_nothing():
    app = make_app()
    open_code_entry(app)
    scene = app.scenes.top
    good = dealcode.encode(Setup(PRESETS["digital"], 2, 77))
    bad = good[:-1] + ("2" if good[-1] != "2" else "3")
    type_on_keypad(app, bad)
    assert "mistyped" in scene.note()
    step(app, key(pygame.K_RETURN))  # Use does nothing
    assert app.scenes.top is scene
    step(app, mouse_tap(code_layout(app.size).keys[-1].rect.center))  # the delete key
    assert scene.text == bad.replace("-", "")[:-1]
    step(app, key(pygame.K_ESCAPE))
    newgame = app.scenes.top
    assert isinstance(newgame, scenes.NewGameScene) and newgame.state.seed is None


@pytest.mark.parametrize("size", SIZES)
def test_the_keypad_fits_with_finger_sized_keys(size, artifacts):
    app = make_app(size)
    app.scenes.push(DealCodeScene(app, lambda setup: None))
    app.scenes.top.text = "1000-1WP0-05BJ-R".replace("-", "")
    step(app)
    pygame.image.save(app.surface, str(artifacts / f"dealcode_{size[0]}x{size[1]}.png"))
    lay = code_layout(size)
    buttons = [b.rect for b in (*lay.keys, lay.cancel, lay.use)]
    window = pygame.Rect((0, 0), size)
    for r in buttons:
        assert window.contains(r), (r, size)
        assert r.w >= widgets.MIN_TARGET and r.h >= widgets.MIN_TARGET, r
    for a, b in itertools.combinations(buttons + [lay.field], 2):
        assert not a.colliderect(b), (a, b)


def test_a_seven_hand_code_opens_the_same_seven_hand_deal():
    app = make_app()
    open_code_entry(app)
    setup = Setup(PRESETS["seven"], 3, 4242)
    type_on_keypad(app, dealcode.encode(setup))
    scene = app.scenes.top
    assert scene.setup() == setup and scene.note() == "A deal for 3 players: tap Use this deal"
    step(app, key(pygame.K_RETURN))  # Use this deal
    newgame = app.scenes.top
    assert isinstance(newgame, scenes.NewGameScene) and newgame.state.preset == "seven"
    press(app, "start")
    table = app.scenes.find(TableScene)
    assert table.game.setup == setup
    assert table.game.state.snapshot() == setup.start().snapshot()
