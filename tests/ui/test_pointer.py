"""Mouse and touch arrive as one pointer stream, each touch acting once."""

import pygame
from ui_events import E, _finger, mouse_drag, mouse_tap, touch_drag, touch_tap

from game.ui.pointer import SLOP, P, PointerStream

SIZE = (400, 800)


def feed(stream, events):
    out = []
    for e in events:
        out += stream.feed(e)
    return [(p.kind, p.pos) for p in out]


def test_mouse_click_is_down_then_tap():
    assert feed(PointerStream(SIZE), mouse_tap((30, 40))) == [(P.DOWN, (30, 40)),
                                                              (P.TAP, (30, 40))]


def test_drag_past_the_slop_is_a_drag_and_a_drop():
    out = feed(PointerStream(SIZE), mouse_drag((100, 100), (160, 100), steps=3))
    assert out[0] == (P.DOWN, (100, 100))
    assert out[1:-1] == [(P.DRAG, (120, 100)), (P.DRAG, (140, 100)), (P.DRAG, (160, 100))]
    assert out[-1] == (P.DROP, (160, 100))


def test_drag_carries_where_the_press_began():
    s = PointerStream(SIZE)
    ps = []
    for e in mouse_drag((10, 10), (10, 90)):
        ps += s.feed(e)
    assert {p.start for p in ps} == {(10, 10)}


def test_shaky_tap_within_the_slop_is_a_tap():
    s = PointerStream(SIZE)
    wobble = [E(pygame.MOUSEBUTTONDOWN, pos=(200, 200), button=1, touch=False)]
    for dx, dy in ((3, -2), (-6, 4), (7, 7), (SLOP, 0)):
        wobble.append(E(pygame.MOUSEMOTION, pos=(200 + dx, 200 + dy), touch=False))
    wobble.append(E(pygame.MOUSEBUTTONUP, pos=(204, 201), button=1, touch=False))
    assert feed(s, wobble) == [(P.DOWN, (200, 200)), (P.TAP, (204, 201))]


def test_leaving_the_slop_then_returning_is_still_a_drag():
    s = PointerStream(SIZE)
    events = mouse_drag((50, 50), (80, 50), steps=1)[:-1]
    events += [E(pygame.MOUSEMOTION, pos=(51, 50), touch=False),
               E(pygame.MOUSEBUTTONUP, pos=(51, 50), button=1, touch=False)]
    assert [k for k, _ in feed(s, events)] == [P.DOWN, P.DRAG, P.DRAG, P.DROP]


def test_browser_touch_acts_once():
    """FINGERDOWN + MOUSEBUTTONDOWN(touch=True), FINGERUP + MOUSEBUTTONUP(touch=True)."""
    s = PointerStream(SIZE)
    assert feed(s, touch_tap((100, 400), SIZE)) == [(P.DOWN, (100, 400)), (P.TAP, (100, 400))]


def test_touch_mouse_copy_first_still_acts_once():
    """SDL may post its mouse copy before the finger event: either order acts once."""
    s = PointerStream(SIZE)
    a, b, c, d = touch_tap((100, 400), SIZE)
    assert feed(s, [b, a, d, c]) == [(P.DOWN, (100, 400)), (P.TAP, (100, 400))]


def test_late_echo_of_a_whole_touch_is_swallowed():
    """The finger's press and release, then only afterwards the mouse copies of both."""
    s = PointerStream(SIZE)
    a, b, c, d = touch_tap((100, 400), SIZE)
    motion = E(pygame.MOUSEMOTION, pos=(100, 400), touch=True)
    assert feed(s, [a, c, motion, b, d]) == [(P.DOWN, (100, 400)), (P.TAP, (100, 400))]
    # and the next real touch at the same spot acts again
    assert feed(s, touch_tap((100, 400), SIZE)) == [(P.DOWN, (100, 400)), (P.TAP, (100, 400))]


def test_two_quick_touches_act_twice():
    s = PointerStream(SIZE)
    out = feed(s, touch_tap((50, 60), SIZE) + touch_tap((50, 60), SIZE))
    assert out == [(P.DOWN, (50, 60)), (P.TAP, (50, 60))] * 2


def test_touch_drag_acts_once_per_step():
    s = PointerStream(SIZE)
    out = feed(s, touch_drag((100, 100), (100, 300), SIZE, steps=4))
    assert out[0] == (P.DOWN, (100, 100))
    assert out[-1] == (P.DROP, (100, 300))
    assert len([k for k, _ in out if k is P.DROP]) == 1
    assert {k for k, _ in out[1:-1]} == {P.DRAG}


def test_desktop_sdl_double_report_acts_once():
    """On desktop SDL sends both kinds for a touchscreen; and for a mouse it may send finger
    events with the mouse's touch id: the mouse event is the one that acts."""
    s = PointerStream(SIZE)
    mouse_as_finger = [E(pygame.FINGERDOWN, x=0.1, y=0.1, dx=0, dy=0, finger_id=0, touch_id=-1),
                       E(pygame.MOUSEBUTTONDOWN, pos=(40, 80), button=1, touch=False),
                       E(pygame.FINGERUP, x=0.1, y=0.1, dx=0, dy=0, finger_id=0, touch_id=-1),
                       E(pygame.MOUSEBUTTONUP, pos=(40, 80), button=1, touch=False)]
    assert feed(s, mouse_as_finger) == [(P.DOWN, (40, 80)), (P.TAP, (40, 80))]


def test_second_finger_and_mouse_are_ignored_during_a_touch():
    s = PointerStream(SIZE)
    events = [_finger(pygame.FINGERDOWN, (10, 10), SIZE, finger=0),
              _finger(pygame.FINGERDOWN, (300, 300), SIZE, finger=1),
              E(pygame.MOUSEBUTTONDOWN, pos=(200, 200), button=1, touch=False),
              _finger(pygame.FINGERUP, (300, 300), SIZE, finger=1),
              E(pygame.MOUSEBUTTONUP, pos=(200, 200), button=1, touch=False),
              _finger(pygame.FINGERUP, (10, 10), SIZE, finger=0)]
    assert feed(s, events) == [(P.DOWN, (10, 10)), (P.TAP, (10, 10))]


def test_other_buttons_do_nothing():
    s = PointerStream(SIZE)
    right = [E(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3, touch=False),
             E(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3, touch=False)]
    assert feed(s, right) == []


def test_resize_cancels_the_gesture_under_way():
    s = PointerStream(SIZE)
    feed(s, mouse_drag((10, 10), (90, 10))[:-1])
    out = s.resize((800, 400))
    assert [(p.kind, p.start) for p in out] == [(P.CANCEL, (10, 10))]
    # the release that follows belongs to no gesture
    assert feed(s, [E(pygame.MOUSEBUTTONUP, pos=(90, 10), button=1, touch=False)]) == []
    assert s.resize((400, 800)) == []


def test_finger_positions_follow_the_new_size():
    s = PointerStream(SIZE)
    s.resize((1000, 500))
    assert feed(s, touch_tap((250, 125), (1000, 500)))[0] == (P.DOWN, (250, 125))


def test_losing_focus_cancels():
    s = PointerStream(SIZE)
    feed(s, mouse_tap((1, 1))[:1])
    assert [p.kind for p in s.feed(E(pygame.WINDOWFOCUSLOST))] == [P.CANCEL]


def test_touch_reported_only_once_by_either_source_still_acts():
    """A page may deliver only the touch-flagged mouse events, or only the finger events."""
    a, b, c, d = touch_tap((30, 300), SIZE)
    assert feed(PointerStream(SIZE), [b, d]) == [(P.DOWN, (30, 300)), (P.TAP, (30, 300))]
    assert feed(PointerStream(SIZE), [a, c]) == [(P.DOWN, (30, 300)), (P.TAP, (30, 300))]
