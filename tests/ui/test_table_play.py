"""A whole hand at the table, from the deal to the hand summary, played only through raw
pygame events: as a mouse, as browser touches (each reported twice) and by keyboard. Every
step checks what the engine state became."""

import pygame
import pytest
from ui_events import key, mouse_tap, touch_tap

from game.rules.actions import Act
from game.rules.cards import QUEEN_OF_SPADES
from game.rules.options import preset
from game.rules.save import Setup
from game.rules.state import Phase
from game.services.seats import Seat
from game.services.settings import Settings
from game.ui.app import App

SIZE = (390, 844)
FRAME = 1 / 60


def start(seed: int, speed: float = 0.0, size=SIZE, seats=None, **changes):
    options = preset("digital").with_changes(**changes)
    app = App(pygame.Surface(size), Settings(animation_speed=speed, confirm_go_out=True))
    seats = seats or (Seat("You"), Seat("Computer 1", "easy"))
    table = app.start_match(Setup(options, len(seats), seed=seed), seats)
    return app, table


def settle(app, table, limit: int = 4000) -> None:
    """Frames until the table waits for the person (or has handed over to a summary)."""
    for _ in range(limit):
        if app.scenes.top is not table:
            return
        st = table.game.state
        if not table.busy and (st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
                               or table.seats[st.turn].is_person):
            app.step([], FRAME)
            if not table.busy:
                return
        app.step([], FRAME)
    raise AssertionError("the table never became ready for the person")


class Mouse:
    """Taps as a mouse makes them."""

    def __init__(self, app):
        self.app = app

    def tap(self, pos):
        self.app.step(mouse_tap(pos), FRAME)


class Touch(Mouse):
    """Taps as a browser reports a touch: a finger event and its touch=True mouse copy."""

    def tap(self, pos):
        self.app.step(touch_tap(pos, self.app.size), FRAME)


def card_pos(table, i):
    r = table.layout.hand.cards[i]
    return (r.x + max(4, r.w // 8), r.y + r.h // 3)  # the corner index: visible when fanned


def button_pos(table, label):
    slots = table._button_slots()
    for rect, _, text in slots:
        if text == label:
            return rect.center
    raise AssertionError(f"no {label!r} button among {[t for _, _, t in slots]}")


def table_spot(table):
    """A point on your melds' band clear of every meld there (a tap lays a new meld)."""
    area = table.layout.my_melds.inset(4)
    _, rects = table.my_meld_rects()
    for y in range(area.y, area.bottom, 6):
        for x in range(area.x, area.right, 6):
            if not any(r.contains((x, y)) for r in rects):
                return (x, y)
    raise AssertionError("no empty place on the band")


def natural_meld(state):
    """A set or run of natural cards the person could lay now (the test's simple policy)."""
    for a in state.legal_actions():
        if a.kind in (Act.SET, Act.RUN) and all(c >= 12 for c in a.cards):
            return a
    return None


def discard_choice(state):
    hand = state.hands[state.turn]
    others = [c for c in hand if c != QUEEN_OF_SPADES]
    return (others or hand)[0]


def play_hand_by_pointer(app, table, device) -> int:
    """The person's turns through taps until the hand ends; returns the turns played."""
    turns = 0
    while True:
        settle(app, table)
        st = table.game.state
        if app.scenes.top is not table or st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            return turns
        m = table.model
        seat = st.turn
        assert m.viewer == seat and table.seats[seat].is_person
        before = len(st.hands[seat])
        done = len(table.game.actions)
        device.tap(table.layout.stock.center)
        assert table.game.actions[done].kind is Act.DRAW, "a tap on the stock draws"
        assert len(st.hands[seat]) == before + 1 or st.phase is Phase.HAND_OVER
        settle(app, table)
        if st.phase is not Phase.MELD:
            continue
        meld = natural_meld(st)
        if meld is not None:
            melds = len(st.melds[seat])
            for c in meld.cards:
                i = next(j for j, x in enumerate(m.order)
                         if x == c and j not in m.selected)
                device.tap(card_pos(table, i))
                assert i in m.selected, "a tap on a card selects it"
            device.tap(table_spot(table))
            if m.confirm is not None:  # laying every card goes out: asked first
                assert st.phase is Phase.MELD
                device.tap(button_pos(table, "Go out"))
            if st.phase is Phase.MELD:
                assert len(st.melds[seat]) == melds + 1, m.message
                assert len(st.hands[seat]) == before + 1 - len(meld.cards)
            settle(app, table)
            if st.phase is not Phase.MELD:
                turns += 1
                continue
        c = discard_choice(st)
        i = m.order.index(c)
        device.tap(card_pos(table, i))
        assert m.selected == {i}
        hand = len(st.hands[seat])
        done = len(table.game.actions)
        device.tap(table.layout.pile.center)
        if hand == 1 and m.confirm is not None:
            device.tap(button_pos(table, "Go out"))
        assert table.game.actions[done] == (Act.DISCARD, (c,), -1, -1), m.message
        assert len(st.hands[seat]) == hand - 1
        turns += 1


@pytest.mark.parametrize("device", [Mouse, Touch], ids=["mouse", "touch"])
def test_a_whole_hand_through_taps_reaches_the_summary(device):
    app, table = start(seed=11)
    turns = play_hand_by_pointer(app, table, device(app))
    assert turns >= 3
    for _ in range(5):
        app.step([], FRAME)
    assert type(app.scenes.top).__name__ == "HandSummaryScene"
    assert table.game.state.phase is Phase.HAND_OVER
    # every action the person took through events is in the record, none twice
    kinds = [a.kind for a in table.game.actions]
    assert kinds.count(Act.DRAW) >= turns


def test_each_touch_acts_once():
    """A browser touch arrives as FINGERDOWN/UP and again as touch=True mouse events: one
    selection toggle, one draw."""
    app, table = start(seed=11)
    settle(app, table)
    st = table.game.state
    hand = len(st.hands[0])
    Touch(app).tap(table.layout.stock.center)
    assert len(st.hands[0]) == hand + 1
    assert st.phase is Phase.MELD
    Touch(app).tap(card_pos(table, 0))
    assert table.model.selected == {0}  # toggled once, not on and off again


def test_a_whole_hand_by_keyboard_alone():
    app, table = start(seed=5)
    turns = 0
    while True:
        settle(app, table)
        st = table.game.state
        if app.scenes.top is not table:
            break
        m = table.model
        seat = st.turn
        before = len(st.hands[seat])
        app.step(key(pygame.K_d, "d"), FRAME)
        assert len(st.hands[seat]) == before + 1 or st.phase is Phase.HAND_OVER
        settle(app, table)
        if st.phase is not Phase.MELD:
            continue
        c = discard_choice(st)
        target = m.order.index(c)
        while m.cursor != target:
            app.step(key(pygame.K_RIGHT), FRAME)
        app.step(key(pygame.K_SPACE, " "), FRAME)
        assert m.selected_cards() == (c,)
        hand = len(st.hands[seat])
        done = len(table.game.actions)
        app.step(key(pygame.K_x, "x"), FRAME)
        if m.confirm is not None:
            app.step(key(pygame.K_RETURN), FRAME)
        assert table.game.actions[done] == (Act.DISCARD, (c,), -1, -1), m.message
        assert len(st.hands[seat]) == hand - 1
        turns += 1
    for _ in range(5):
        app.step([], FRAME)
    assert turns >= 3
    assert type(app.scenes.top).__name__ == "HandSummaryScene"


def test_the_summary_deals_the_next_hand():
    app, table = start(seed=11)
    play_hand_by_pointer(app, table, Mouse(app))
    for _ in range(5):
        app.step([], FRAME)
    summary = app.scenes.top
    assert type(summary).__name__ == "HandSummaryScene"
    summary.activate("next", None)
    assert app.scenes.top is table
    st = table.game.state
    assert st.hand_no == 1 and st.phase in (Phase.DRAW, Phase.OFFER)
    assert table.model.order and sorted(table.model.order) == sorted(st.view(0).hand)


def test_two_people_share_the_tablet_behind_a_cover():
    seats = (Seat("Ann"), Seat("Bob"))
    app, table = start(seed=3, seats=seats)
    settle(app, table)
    assert table.model.viewer == 0
    Mouse(app).tap(table.layout.stock.center)
    m = table.model
    Mouse(app).tap(card_pos(table, 0))
    Mouse(app).tap(table.layout.pile.center)
    assert table.game.state.turn == 1
    app.step([], FRAME)
    assert type(app.scenes.top).__name__ == "CoverScene"
    assert m.viewer == 1
    assert sorted(m.order) == sorted(table.game.state.hands[1])  # Bob's hand, not Ann's


def test_animated_play_keeps_the_state_and_lands_every_card():
    """At normal speed the same taps work once the flights land (a tap skips them)."""
    app, table = start(seed=11, speed=1.0)
    st = table.game.state
    assert table.busy  # the deal is flying
    Mouse(app).tap((5, 400))  # a tap skips the animation
    assert not table.timeline.busy
    settle(app, table)
    hand = len(st.hands[0])
    Mouse(app).tap(table.layout.stock.center)
    assert len(st.hands[0]) == hand + 1 and table.timeline.busy
    app.resize((1280, 720))  # mid-flight: the flight re-targets, nothing breaks
    for _ in range(40):
        app.step([], FRAME)
    assert not table.timeline.busy and not table.timeline.hidden()
    assert table.layout.size == (1280, 720)
    assert all(r.inside(type(r)(0, 0, 1280, 720)) for r in table.layout.hand.cards)
