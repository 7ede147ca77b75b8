"""Refusals, drags, sorting and resizing at the table: every refusal leaves the engine state
exactly as it was and shows the engine's reason in place."""

import pygame
from test_table_play import FRAME, Mouse, card_pos, settle, start
from ui_events import mouse_drag, touch_drag

from game.rules.actions import DRAW, Act
from game.rules.cards import QUEEN_OF_SPADES
from game.rules.state import Phase, State
from game.ui.table.kinds import Sort


def test_a_refused_action_changes_nothing_and_shows_the_reason():
    app, table = start(seed=11)
    settle(app, table)
    st = table.game.state
    Mouse(app).tap(table.layout.stock.center)
    assert st.phase is Phase.MELD
    before = st.snapshot()
    actions = len(table.game.actions)
    strip = table.layout.message
    area = pygame.Rect(strip.x, strip.y, strip.w, strip.h)
    quiet = app.surface.subsurface(area).copy()
    Mouse(app).tap(table.layout.stock.center)  # a second draw: refused
    assert st.snapshot() == before and len(table.game.actions) == actions
    assert table.model.message == st.check(DRAW)
    shown = app.surface.subsurface(area)
    assert any(shown.get_at((x, area.h // 2)) != quiet.get_at((x, area.h // 2))
               for x in range(0, area.w, 4)), "the reason is drawn in the message strip"
    assert app.scenes.top is table  # no modal


def test_tapping_the_table_before_drawing_says_to_draw_first():
    """Before you draw, a tap on your melds' felt is refused with what to do now, not with
    what a selection would need after the draw; once you have drawn, it asks for cards."""
    app, table = start(seed=11)
    settle(app, table)
    st = table.game.state
    assert st.phase is Phase.DRAW and st.turn == 0
    before = st.snapshot()
    spot = table.layout.my_melds.center
    Mouse(app).tap(spot)
    assert table.model.message == "Draw from the stock or take the pile first"
    assert st.snapshot() == before
    Mouse(app).tap(table.layout.stock.center)
    Mouse(app).tap(spot)
    assert table.model.message == "Select cards to lay a meld"


def test_dragging_a_card_to_the_pile_discards_it():
    app, table = start(seed=11)
    settle(app, table)
    Mouse(app).tap(table.layout.stock.center)
    m = table.model
    c = next(c for c in m.order if c != QUEEN_OF_SPADES)
    i = m.order.index(c)
    done = len(table.game.actions)
    app.step(mouse_drag(card_pos(table, i), table.layout.pile_card.center), FRAME)
    assert table.game.actions[done] == (Act.DISCARD, (c,), -1, -1)


def test_dragging_within_the_hand_reorders_it():
    app, table = start(seed=11)
    settle(app, table)
    m = table.model
    first = m.order[0]
    last = table.layout.hand.cards[-1]
    app.step(touch_drag(card_pos(table, 0), (last.right - 2, last.center[1]), app.size), FRAME)
    assert m.order[-1] == first and m.sort_mode is Sort.CUSTOM
    assert sorted(m.order) == sorted(table.game.state.hands[0])
    Mouse(app).tap(table.layout.sort.center)
    assert m.sort_mode is Sort.SUIT


def test_selection_choices_come_from_check_not_a_listing(monkeypatch):
    """What the selection can become is built from the selected cards and judged by the
    engine's check: the legal-action listing is never called for it."""
    app, table = start(seed=11)
    settle(app, table)
    Mouse(app).tap(table.layout.stock.center)
    calls = []
    real = State.legal_actions
    monkeypatch.setattr(State, "legal_actions", lambda st: calls.append(1) or real(st))
    for i in range(len(table.model.order)):
        Mouse(app).tap(card_pos(table, i))
        assert [g.label for g in table.model.groups()][-1] == "Discard"
        Mouse(app).tap(card_pos(table, i))
    assert not calls


def test_resizing_mid_animation_retargets_the_flights():
    app, table = start(seed=11, speed=1.0)
    assert table.timeline.busy
    for size in ((1280, 720), (360, 640), (1920, 1080)):
        app.resize(size)
        for _ in range(3):
            app.step([], FRAME)
        for f, _ in table.timeline.active():
            x, y, w = table.resolve(f.end)
            assert 0 <= x <= size[0] and 0 <= y <= size[1]
    for _ in range(200):
        app.step([], FRAME)
    assert not table.timeline.busy


def test_the_log_opens_and_lists_what_everyone_did():
    app, table = start(seed=11)
    for _ in range(6):  # a few rounds: the computer draws from the stock at least once
        settle(app, table)
        Mouse(app).tap(table.layout.stock.center)
        Mouse(app).tap(card_pos(table, 0))
        Mouse(app).tap(table.layout.pile.center)
        settle(app, table)  # the computer plays its turn
    Mouse(app).tap(table.layout.log_button.center)
    assert table.show_log and table.log_list is not None
    lines = table.log_list.lines
    assert lines[0].startswith("Hand 1")
    assert any(line.startswith("You: drew") for line in lines)
    assert any(line.startswith("Computer 1: ") for line in lines)
    drew = [line for line in lines if line.startswith("Computer 1: drew")]
    assert drew and set(drew) == {"Computer 1: drew a card"}, "its drawn card stays hidden"
    Mouse(app).tap(table.layout.log_button.center)
    assert not table.show_log


def test_every_applied_action_tells_the_app():
    app, table = start(seed=11)
    seen = []
    app.match_changed = lambda t: seen.append(len(t.game.actions))
    settle(app, table)
    Mouse(app).tap(table.layout.stock.center)
    assert seen[-1] == len(table.game.actions) == 1
    Mouse(app).tap(table.layout.stock.center)  # refused: nothing to save
    assert seen[-1] == 1 and len(seen) == 1
