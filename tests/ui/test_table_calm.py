"""Reduced motion, driven through real events: the frame after each action is the frame the
table draws with no animation at all (every card already where it lands), on a table whose
animation speed is normal; "as the device" follows the browser's wish (``game.platform``),
which the desktop never makes."""

import pygame
import pytest
from test_table_play import FRAME, card_pos, settle
from ui_events import mouse_tap

from game import platform
from game.rules.options import preset
from game.rules.save import Setup
from game.rules.state import Phase
from game.services.seats import Seat
from game.services.settings import Motion, Settings, moves_calmly
from game.ui.app import App
from game.ui.table import motion

SIZE = (390, 844)
SEATS = (Seat("You"), Seat("Computer 1", "easy"))


def start(settings: Settings, seed: int = 4):
    app = App(pygame.Surface(SIZE), settings)
    table = app.start_match(Setup(preset("digital"), 2, seed=seed), SEATS)
    settle(app, table)
    return app, table


def pixels(app, *rects) -> bytes:
    """The frame's pixels (in ``rects`` only, if given: layout rects)."""
    parts = [pygame.Rect(r.x, r.y, r.w, r.h) for r in rects] or [app.surface.get_rect()]
    return b"".join(pygame.image.tobytes(app.surface.subsurface(r), "RGB") for r in parts)


def test_with_reduced_motion_the_frame_after_each_action_shows_every_card_in_place():
    """Side by side, a table at normal speed with reduced motion and one with no animation
    play the same moves by taps: after the deal, the draw and the discard, the very next
    frame of each is the same picture, and nothing is in flight. A table that moves shows
    something else on that frame (the card still flying)."""
    calm, calm_table = start(Settings(animation_speed=1.0, reduced_motion=Motion.REDUCED))
    still, still_table = start(Settings(animation_speed=0.0))
    moving, moving_table = start(Settings(animation_speed=1.0, reduced_motion=Motion.FULL))
    tables = ((calm, calm_table), (still, still_table), (moving, moving_table))
    for _, table in tables:
        assert table.game.state.turn == 0 and table.game.state.phase is Phase.DRAW
    assert pixels(calm) == pixels(still)

    for app, table in tables:
        app.step(mouse_tap(table.layout.stock.center), FRAME)
    assert calm_table.game.state.phase is Phase.MELD
    assert calm_table.timeline.flights == [] and not calm_table.frame().hidden
    assert moving_table.timeline.flights and moving_table.frame().hidden
    assert pixels(calm) == pixels(still)
    assert pixels(moving) != pixels(still)

    for app, table in tables[:2]:  # (a tap on the moving table would first skip its flight)
        app.step(mouse_tap(card_pos(table, 0)), FRAME)
        app.step(mouse_tap(table.layout.pile.center), FRAME)
    st = calm_table.game.state
    assert st.turn == 1 and st.pile[-1] == still_table.game.state.pile[-1]
    assert calm_table.timeline.flights == [] and not calm_table.frame().hidden
    L = calm_table.layout  # the computer's turn has begun, paced by the animation speed
    assert pixels(calm, L.pile, L.hand.rect) == pixels(still, L.pile, L.hand.rect)


def test_the_reveal_at_the_end_of_a_hand_still_stays_a_moment():
    """Nothing flips or flies at the end of a hand with reduced motion, but every hand stays
    face up for as long as it would after moving (the pause is not motion)."""
    app, table = start(Settings(animation_speed=1.0, reduced_motion=Motion.REDUCED))
    motion.reveal(table.timeline, table.game.state, 0)
    assert table.timeline.flights == []
    assert table.timeline.busy
    frames = 0
    while table.timeline.busy:
        app.step([], FRAME)
        frames += 1
    assert frames >= round(motion.REVEAL_HOLD / FRAME) - 1


@pytest.mark.parametrize("wish", [True, False])
def test_as_the_device_follows_what_the_browser_asks(monkeypatch, wish):
    """"As the device" is asked each time an action is animated: a browser asking for
    reduced motion gets none; one asking nothing gets flights."""
    monkeypatch.setattr(platform, "prefers_reduced_motion", lambda: wish)
    settings = Settings(animation_speed=1.0)
    assert settings.reduced_motion is Motion.DEVICE and moves_calmly(settings) is wish
    app, table = start(settings)
    app.step(mouse_tap(table.layout.stock.center), FRAME)
    assert table.game.state.phase is Phase.MELD
    assert bool(table.timeline.flights) is not wish


def test_the_desktop_asks_for_no_reduced_motion():
    assert not platform.IS_BROWSER and platform.prefers_reduced_motion() is False
    assert moves_calmly(Settings(reduced_motion=Motion.REDUCED))
    assert not moves_calmly(Settings(reduced_motion=Motion.FULL))
