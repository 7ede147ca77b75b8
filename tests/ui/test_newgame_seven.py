"""New game offers seven-hand Arlington: the preset is chosen by taps, described under the
choice, limits the table to two to four players, offers its partnerships at four (named as
the engine names them) and only there, hides the pile's options it has no pile for, and is
refused at Start with the reason until the table plays offered discards."""

from __future__ import annotations

import pygame
import pytest
from scene_nav import make_app, press, step

from game.rules.options import INFO, PRESETS, SEVEN
from game.ui import scenes
from game.ui.scenes.newgame import (
    PARTNERS_OFF,
    PARTNERS_ONLY_FOUR,
    NewGameState,
    shown_options,
)
from game.ui.scenes.table import TableScene


def new_game():
    app = make_app()
    app.scenes.push(scenes.TitleScene(app))
    step(app)
    press(app, "new")
    return app, app.scenes.top


def row(scene, key):
    return next((r for r in scene.rows() if getattr(r, "key", None) == key), None)


def seven_chosen():
    app, scene = new_game()
    for _ in range(3):  # digital -> classic -> book -> seven
        press(app, "preset", "+", touch=True)
    assert scene.state.preset == "seven" and scene.state.options == SEVEN
    return app, scene


def test_seven_hands_is_chosen_and_described():
    app, scene = seven_chosen()
    preset = row(scene, "preset")
    assert preset.names[preset.value] == "Seven hands"
    assert "Seven-hand Arlington" in preset.explain and "offered" in preset.explain
    players = row(scene, "players")
    assert (players.low, players.high) == (2, 4)
    for moot in ("opt:pile_take", "opt:easy_pile", "opt:upcard_offer",
                 "opt:wild_queen_of_spades_value", "opt:partnerships"):
        assert row(scene, moot) is None  # no pile, its own card values, two players
    limit, target = row(scene, "opt:hand_limit"), row(scene, "opt:target")
    assert limit.names[limit.value] == "7" and target.names[target.value] == "No limit"
    press(app, "opt:target", "+")  # a target may still be added to the seven hands
    assert scene.state.options.target is not None and scene.state.changed
    press(app, "opt:target", "-")
    assert scene.state.options == SEVEN and not scene.state.changed


def test_partnerships_are_offered_at_four_players_and_go_off_away_from_it(artifacts):
    app, scene = seven_chosen()
    press(app, "players", "+")
    press(app, "players", "+")
    assert scene.state.players == 4
    toggle = row(scene, "opt:partnerships")
    assert (toggle.label, toggle.explain, toggle.value) == (
        INFO["partnerships"].label, INFO["partnerships"].explain, False)
    assert row(scene, "seat3").label == "Seat 3"
    press(app, "opt:partnerships", touch=True)
    assert scene.state.options == SEVEN.with_changes(partnerships=True)
    assert [row(scene, f"seat{n}").label for n in (2, 3, 4)] == \
        ["Seat 2", "Seat 3 (your partner)", "Seat 4"]
    assert row(scene, "opt:partnerships").value is True
    assert row(scene, "preset").names[row(scene, "preset").value] == "Seven hands (changed)"
    setup = scene.state.setup()
    state = setup.start()  # the engine takes the choice as it is
    assert state.options.partnerships and state.players == 4
    pygame.image.save(app.surface, str(artifacts / "seven_newgame_390x844.png"))
    press(app, "players", "-")
    assert scene.state.players == 3 and not scene.state.options.partnerships
    assert scene.subtitle() == PARTNERS_OFF and row(scene, "opt:partnerships") is None
    press(app, "players", "+")  # back at four: offered again, off until chosen
    assert row(scene, "opt:partnerships").value is False


def test_partnerships_are_refused_away_from_four_players_and_nothing_changes():
    st = NewGameState(players=3).with_preset("seven")
    with pytest.raises(ValueError, match="four players"):
        st.with_option("partnerships", True)
    assert str(PARTNERS_ONLY_FOUR).startswith("Partnerships are for four players")
    assert "partnerships" not in shown_options(st.options, 3)
    assert "partnerships" in shown_options(st.options, 4)
    assert st.with_players(4).with_option("partnerships", True).options.partnerships


def test_start_opens_a_seven_hand_table_and_keeps_the_choice():
    app, scene = seven_chosen()
    press(app, "start")
    table = app.scenes.find(TableScene)
    assert table is not None and table.game.setup.options == SEVEN
    assert app.settings.preset == "seven"  # the next new game starts from it
    assert table.game.state.hand_no == 0 and not table.game.state.pile  # no upcard


def test_every_preset_shows_its_own_options_and_each_value_is_offered():
    for name, options in PRESETS.items():
        for players in (2, 4):
            shown = shown_options(options, players)
            st = NewGameState(players=players).with_preset(name)
            keys = {r.key for r in _page_rows(st) if r.key.startswith("opt:")}
            assert keys == {f"opt:{n}" for n in shown}


def _page_rows(st):
    app, scene = new_game()
    scene.state = st
    return [r for r in scene.rows() if getattr(r, "key", None)]
