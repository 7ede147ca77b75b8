"""Learn to play in real Chromium, by touch only: the page's start tap, Learn to play on the
title, every step of the guided hand tapped where the coach rings it, and the New game it ends
at, on a phone (390x844 at 3x). Where to tap is asked of the running lesson (its own
``spot()``); every tap is a real browser touch. Screenshots go to the artifacts folder."""

import json

from test_browser_table import DEVICES, start_page

from game.services import tutorial as lesson

LESSON = '''
from arlington_measure import running_app as app


def lesson_tap():
    """Where the lesson wants the next tap (None while Sam moves or cards fly)."""
    t = app().scenes.top
    if type(t).__name__ != "TutorialScene":
        return {"scene": type(t).__name__}
    m = t.table.model
    out = {"scene": "TutorialScene", "index": t.index, "finished": t.finished,
           "record": [str(a) for a in t.game.actions],
           "moment": [t.index, len(t.game.actions), sorted(m.selected), m.confirm is not None]}
    if t.finished or t.step.action is None:
        key = "new" if t.finished else "next"
        out["pos"] = next(list(b.rect.center) for b in t.coach().buttons if b.key == key) \
            if t.steady else None  # a new step's buttons wait a few frames for a tap
    else:
        spot = t.spot()
        out["pos"] = list(spot[0].center) if spot is not None else None
    return out
'''


def test_the_whole_lesson_by_touch_in_the_browser(open_tab):
    tab = open_tab(**DEVICES["phone"])
    player = start_page(tab, "phone")
    tab.python(f"import arlington_driver\nexec({LESSON!r}, arlington_driver.__dict__)")
    player.scene("TitleScene")
    player.press("learn")
    player.scene("TutorialScene")
    seen, before = set(), None
    for _ in range(200):  # taps: the lesson takes about forty
        # Until the page has taken the last tap, its moment comes back, and a second tap would
        # land on what replaced the first's target (Skip stands where Next stood). Both sides
        # are spelt by JSON.stringify, so only a different moment differs.
        state = player.until("lesson_tap()", "v.scene !== 'TutorialScene' || (v.pos && "
                             f"JSON.stringify(v.moment) !== JSON.stringify({json.dumps(before)}))",
                             "the lesson's next tap")
        if state["scene"] != "TutorialScene":
            break
        if state["index"] not in seen:
            seen.add(state["index"])
            player.shot(f"lesson-step{state['index'] + 1:02d}")
        if state["finished"]:
            assert state["record"] == [str(a) for a in lesson.RECORD]
        before = state["moment"]
        player.tap(state["pos"])
    assert player.ask("scene()") == "NewGameScene"
    assert len(seen) == len(lesson.STEPS)
    assert tab.errors == []
    assert tab.foreign_requests() == []
