"""The keyboard's focus on the table's canvas: Tab and Shift+Tab walk your hand, the bar's
buttons, Sort, Log and Menu (and an offered discard's Take and Pass), a ring shows where it
is (one drawer, ``widgets.draw_focus_ring``, in both looks), and Enter or Space press what it
is on: all through real key events, checked on the frame drawn and in the engine's state."""

import pygame
import pytest
from test_table_play import FRAME, settle, start
from test_table_seven import start as start_seven
from test_table_seven import to_the_first_offer

from game.rules.actions import Act
from game.services.settings import Settings
from game.ui import theme
from game.ui.table.offer_panel import PASS, TAKE


def press(app, k, shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)],
             FRAME)


def ring_shows(app, rect) -> bool:
    """Whether the focus ring's light band runs along ``rect`` (a pygame or layout rect):
    the look's focus colour just outside the middle of its top side (its bottom side at the
    window's top edge), where no neighbour's ring reaches."""
    x = rect.x + rect.w // 2
    if rect.y > 10:
        return any(app.surface.get_at((x, rect.y - d))[:3] == theme.FOCUS[:3]
                   for d in range(1, 6))
    bottom = rect.y + rect.h
    return any(app.surface.get_at((x, bottom + d))[:3] == theme.FOCUS[:3] for d in range(0, 5))


def bar_rect(table, name):
    if name.startswith("slot"):
        return table.button_slots()[int(name[4:])][0]
    return {"sort": table.layout.sort, "log": table.layout.log_button,
            "pause": table.layout.pause}[name]


@pytest.mark.parametrize("high_contrast", [False, True], ids=["usual", "high-contrast"])
def test_tab_walks_the_buttons_with_a_ring_and_enter_presses_them(high_contrast):
    with theme.using(Settings(high_contrast=high_contrast)):
        app, table = start(5)
        app.apply_settings(Settings(animation_speed=0.0, high_contrast=high_contrast))
        settle(app, table)
        m = table.model
        assert m.focus is None
        seen = []
        for _ in range(len(table.button_slots()) + 3):
            press(app, pygame.K_TAB)
            seen.append(m.focus)
            assert ring_shows(app, bar_rect(table, m.focus)), m.focus
            others = [n for n in seen[:-1] if n != m.focus]
            assert not any(ring_shows(app, bar_rect(table, n)) for n in others)
        assert seen[-3:] == ["sort", "log", "pause"]
        assert seen[0] == "slot0"
        press(app, pygame.K_TAB)
        assert m.focus is None  # back to your hand: the cursor's card has the ring
        card = table.layout.hand.cards[m.cursor]
        assert ring_shows(app, pygame.Rect(card.x, card.y, card.w // 3, card.h))
        press(app, pygame.K_TAB, shift=True)
        assert m.focus == "pause"
        press(app, pygame.K_TAB, shift=True)
        assert m.focus == "log" and not table.show_log
        press(app, pygame.K_RETURN)
        assert table.show_log
        press(app, pygame.K_RETURN)
        assert not table.show_log
        press(app, pygame.K_TAB, shift=True)
        sort = m.sort_mode
        press(app, pygame.K_SPACE)
        assert m.focus == "sort" and m.sort_mode is not sort


def test_an_offered_discard_is_taken_by_tab_and_enter():
    app, table = start_seven((1280, 720), 3, seed=7)
    offer = to_the_first_offer(app, table)
    st, m = table.game.state, table.model
    assert offer is not None and offer.asked == 0
    press(app, pygame.K_TAB)
    assert m.focus == TAKE
    panel = table.frame().offer_panel()
    assert ring_shows(app, panel.take.rect) and not ring_shows(app, panel.pass_.rect)
    press(app, pygame.K_TAB)
    assert m.focus == PASS and ring_shows(app, panel.pass_.rect)
    press(app, pygame.K_TAB, shift=True)
    done = len(table.game.actions)
    press(app, pygame.K_RETURN)
    assert table.game.actions[done].kind is Act.TAKE_OFFER and offer.card in st.hands[0]
