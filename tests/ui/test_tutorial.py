"""Learn to play, driven as a player would through ``App.step``: the whole guided hand by taps
at phone size from the title's button, by keys at desktop size, and by Skip with the mouse
on a phone held sideways; each ends at a normal New game (or the title). Every step's
highlight is where a tap does the step, clear of the coach; a move the step does not want is
refused with its words and changes nothing; the lesson is never autosaved nor counted."""

from __future__ import annotations

import pygame
from scene_nav import locate, make_app, step
from ui_events import key, mouse_drag, mouse_tap, touch_tap

from game.rules.cards import parse_card
from game.rules.state import Phase
from game.services import tutorial as lesson
from game.services.settings import Settings
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tutorial import STEADY_FRAMES, TutorialScene

FRAMES = 6000
"""Most frames a whole lesson may take (deals, flights and Sam's pace at the normal speed)."""


def lesson_from_title(size, touch=True):
    app = make_app(size, Settings())
    app.open("title")
    step(app)
    pos = locate(app, "learn")
    step(app, touch_tap(pos, app.size) if touch else mouse_tap(pos))
    assert isinstance(app.scenes.top, TutorialScene)
    return app, app.scenes.top


def button(scene: TutorialScene, which: str):
    found = [b for b in scene.coach().buttons if b.key == which]
    assert found, f"the coach has no {which!r} button at step {scene.index}"
    return found[0].rect.center


def shoot(app, scene, artifacts, name, shots):
    """One picture per moment of the lesson (step, moves, selection)."""
    moment = (scene.index, len(scene.game.actions), tuple(sorted(scene.table.model.selected)))
    if moment not in shots:
        shots.add(moment)
        pygame.image.save(app.surface, str(artifacts / f"tutorial_{name}_{len(shots):02d}"
                                                       f"_step{scene.index + 1:02d}.png"))


def test_the_whole_lesson_by_taps_on_a_phone(artifacts):
    app, t = lesson_from_title((390, 844))
    records = app.keeper.records
    shots: set = set()
    for _ in range(FRAMES):
        step(app)
        if t.finished:
            break
        if t.step.action is None:
            shoot(app, t, artifacts, "phone", shots)
            step(app, frames=STEADY_FRAMES)  # the step is read first
            step(app, touch_tap(button(t, "next"), app.size))
            continue
        spot = t.spot()
        if spot is None:
            continue  # Sam is moving, or cards are flying
        rect, _ = spot
        coach = t.coach().rect
        assert not coach.colliderect(pygame.Rect(rect.x, rect.y, rect.w, rect.h)), \
            f"the coach covers what to touch at step {t.index + 1}"
        assert 0 <= rect.x and rect.right <= 390 and 0 <= rect.y and rect.bottom <= 844
        shoot(app, t, artifacts, "phone", shots)
        step(app, touch_tap(rect.center, app.size))
    assert t.finished, f"stuck at step {t.index + 1}: {t.table.model.message!r}"
    step(app, frames=120)  # the reveal, then the score
    shoot(app, t, artifacts, "phone", shots)
    state = t.game.state
    assert t.game.actions == list(lesson.RECORD)
    assert state.phase is Phase.HAND_OVER and state.hand_outs == [lesson.YOU]
    yours, sams = state.hand_scores[-1]
    said = " ".join(t.coach().doing)
    assert f"You {yours:+d}" in said and f"Sam {sams:+d}" in said
    assert app.keeper.saved_match() is None  # a lesson is never kept for Continue
    assert app.keeper.records == records  # nor counted in the statistics
    step(app, frames=STEADY_FRAMES)  # the step is read first
    step(app, touch_tap(button(t, "new"), app.size))
    assert isinstance(app.scenes.top, NewGameScene)
    assert [type(s) for s in app.scenes.stack[:-1]] == [TitleScene]


def _key_for_card(m, card) -> list:
    """Keys that put the cursor on an unselected ``card`` and select it."""
    i = next(j for j, c in enumerate(m.order) if c == card and j not in m.selected)
    n = len(m.order)
    right = (i - m.cursor) % n
    return [pygame.K_RIGHT] * right + [pygame.K_SPACE]


def test_the_whole_lesson_by_keys_on_a_desktop(artifacts):
    app = make_app((1280, 720), Settings())
    t = app.open("tutorial")
    shots: set = set()
    for _ in range(FRAMES):
        step(app)
        if t.finished:
            break
        s = t.step
        if s.action is None:
            shoot(app, t, artifacts, "desktop", shots)
            step(app, key(pygame.K_RETURN))
            continue
        m = t.table.model
        if t.table.busy or not m.my_turn:
            continue
        shoot(app, t, artifacts, "desktop", shots)
        if m.confirm is not None:  # "This ends the hand. Go out?"
            step(app, key(pygame.K_RETURN))
            continue
        chosen = list(m.selected_cards())
        missing = [c for c in s.cards if not (c in chosen and not chosen.remove(c))]
        if missing:
            for k in _key_for_card(m, missing[0]):
                step(app, key(k))
            continue
        if s.target is lesson.Target.MELD:
            labels = [label for label, _ in m.buttons()]
            step(app, key(pygame.K_1 + labels.index(f"Onto meld {s.meld + 1}")))
        else:
            step(app, key({lesson.Target.STOCK: pygame.K_d, lesson.Target.PILE: pygame.K_p,
                           lesson.Target.TABLE: pygame.K_m}[s.target]))
    assert t.finished, f"stuck at step {t.index + 1}: {t.table.model.message!r}"
    assert t.game.actions == list(lesson.RECORD)
    step(app, frames=120)
    shoot(app, t, artifacts, "desktop", shots)
    step(app, key(pygame.K_RETURN))
    assert isinstance(app.scenes.top, NewGameScene)


def test_skip_plays_every_step_by_mouse_on_a_phone_held_sideways(artifacts):
    app, t = lesson_from_title((844, 390), touch=False)
    shots: set = set()
    for _ in range(FRAMES):
        step(app)
        if t.finished:
            break
        if t.step.action is not None and t.spot() is None:
            continue
        shoot(app, t, artifacts, "sideways", shots)
        step(app, frames=STEADY_FRAMES)  # a person reads the step before tapping
        step(app, mouse_tap(button(t, "next" if t.step.action is None else "skip")))
    assert t.finished
    assert t.game.actions == list(lesson.RECORD)
    step(app, frames=STEADY_FRAMES)  # the step is read first
    step(app, mouse_tap(button(t, "leave")))
    assert [type(s) for s in app.scenes.stack] == [TitleScene]


def test_a_move_the_step_does_not_want_is_refused_and_changes_nothing():
    app = make_app((390, 844), Settings(animation_speed=0.0))
    t = app.open("tutorial")
    step(app, frames=STEADY_FRAMES)  # the step is read first
    step(app, touch_tap(button(t, "next"), app.size))
    step(app, touch_tap(t.spot()[0].center, app.size), frames=2)  # draw
    assert len(t.game.actions) == 1
    hand = list(t.game.state.hands[lesson.YOU])
    m = t.table.model
    ten = m.order.index(parse_card("10D"))
    t.table.select_cards([parse_card("10D")])
    assert m.selected == {ten}
    step(app, touch_tap(t.table.layout.pile_card.center, app.size), frames=2)
    assert m.message == "Not in this lesson: tap the 9♣, then the pile"
    assert list(t.game.state.hands[lesson.YOU]) == hand and len(t.game.actions) == 1
    step(app, key(pygame.K_u))  # no undo in the lesson: the coach says what to do instead
    assert m.message == "In the lesson: tap the 9♣, then the pile"
    assert len(t.game.actions) == 1


def test_the_menu_pauses_the_lesson_and_resume_returns_to_it():
    app = make_app((1280, 720), Settings(animation_speed=0.0))
    t = app.open("tutorial")
    step(app, key(pygame.K_ESCAPE))
    assert isinstance(app.scenes.top, PauseScene)
    step(app, mouse_tap(locate(app, "resume")))
    assert app.scenes.top is t and t.index == 0


def test_a_rule_met_in_the_lesson_is_said_once_with_rules_a_tap_away():
    app = make_app((390, 844), Settings(animation_speed=0.0))
    t = app.open("tutorial")
    step(app, frames=STEADY_FRAMES)  # the step is read first
    step(app, touch_tap(button(t, "next"), app.size))
    step(app, touch_tap(t.spot()[0].center, app.size), frames=2)  # draw
    queen = parse_card("QS")

    def discard_the_queen():
        t.table.select_cards([queen])
        step(app, touch_tap(t.table.layout.pile_card.center, app.size), frames=2)
        assert "queen of spades" in t.table.model.message
        assert len(t.game.actions) == 1 and queen in t.game.state.hands[lesson.YOU]

    discard_the_queen()
    assert t.tip is not None, "the coach says the rule the first time it bites"
    assert "Q♠ may be discarded only as your last card" in " ".join(t.coach().doing)
    assert app.settings.tips_seen == ("queen_discard",)
    step(app, frames=600)  # the table's message fades; the coach's rule stays until OK
    assert not t.table.model.message and t.tip is not None
    step(app, touch_tap(button(t, "rules"), app.size))
    assert type(app.scenes.top).__name__ == "RulesScene"
    app.scenes.pop()
    step(app, frames=STEADY_FRAMES)  # the step is read first
    step(app, touch_tap(button(t, "ok"), app.size))
    assert t.tip is None and "Q♠" not in " ".join(t.coach().doing)
    discard_the_queen()  # the same rule again: the reason alone, no tip
    assert t.tip is None and app.settings.tips_seen == ("queen_discard",)


def test_no_tip_when_tips_are_off():
    app = make_app((1280, 720), Settings(animation_speed=0.0, tips=False))
    t = app.open("tutorial")
    step(app, key(pygame.K_RETURN))
    step(app, key(pygame.K_d), frames=2)
    t.table.select_cards([parse_card("QS")])
    step(app, key(pygame.K_p), frames=2)
    assert "queen of spades" in t.table.model.message
    assert t.tip is None and app.settings.tips_seen == ()


def test_a_card_dragged_to_the_pile_plays_the_step_and_one_dropped_on_the_coach_goes_back():
    app = make_app((1280, 720), Settings(animation_speed=0.0))
    t = app.open("tutorial")
    step(app, key(pygame.K_RETURN))
    step(app, key(pygame.K_d), frames=2)
    m = t.table.model
    nine = t.table.layout.hand.cards[m.order.index(parse_card("9C"))]
    grab = (nine.x + 8, nine.y + 20)
    step(app, mouse_drag(grab, t.coach().rect.center), frames=2)
    assert t.table.drag is None and len(t.game.actions) == 1
    assert parse_card("9C") in t.game.state.hands[lesson.YOU]
    step(app, mouse_drag(grab, t.table.layout.pile_card.center), frames=2)
    assert [str(a) for a in t.game.actions[:2]] == ["draw", "discard 9C"]


def test_a_double_tap_on_next_does_not_skip_the_step_it_opens():
    """Skip stands where Next stood: a second tap meant for Next (or one touch reported
    twice) must not play the new step unseen."""
    app = make_app((1280, 720), Settings(animation_speed=0.0))
    t = app.open("tutorial")
    step(app, frames=STEADY_FRAMES)
    where = button(t, "next")
    step(app, touch_tap(where, app.size))
    assert t.index == 1 and t.step.action is not None
    assert button(t, "skip") == where  # the new step's Skip, under the same finger
    step(app, touch_tap(where, app.size))  # the second tap of a double tap
    assert t.index == 1 and t.game.actions == []
    step(app, frames=STEADY_FRAMES)
    step(app, touch_tap(button(t, "skip"), app.size), frames=2)  # read, then Skip works
    assert len(t.game.actions) == 1
