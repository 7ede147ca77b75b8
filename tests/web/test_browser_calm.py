"""Reduced motion in real Chromium: a page whose system asks for it (Playwright's
``reduced_motion="reduce"``) plays a whole hand with the setting left "as the device", at
normal animation speed, and no card ever flies: on every frame the game drew, nothing was in
flight (the deal, every draw and discard, the computer's turns, the reveal)."""

import json

from test_browser_table import DEVICES, RELOAD_SEED, new_game, play_hand, start_page

FLIGHTS_SEEN = """
import game.ui.tween as tween
tween.seen = [0, 0]  # frames drawn, most flights in the air on any of them
_update = tween.Timeline.update
def _counted(self, dt):
    _update(self, dt)
    tween.seen[0] += 1
    tween.seen[1] = max(tween.seen[1], len(self.active()))
tween.Timeline.update = _counted
"""


def ask(tab, expression: str):
    return json.loads(tab.page.evaluate("(c) => arlington.pythonSync(c)",
                                        f"json.dumps({expression})"))


def test_with_the_system_asking_for_reduced_motion_no_card_flies(open_tab):
    tab = open_tab(**DEVICES["desktop"], reduced_motion="reduce")
    player = start_page(tab, "desktop")
    assert tab.js("matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert ask(tab, "__import__('game.platform').platform.prefers_reduced_motion()")
    tab.python(FLIGHTS_SEEN)
    settings = ask(tab, "[d.app().settings.reduced_motion.value, "
                        "d.app().settings.animation_speed]")
    assert settings == ["device", 1.0]
    tab.python("import dataclasses, arlington_driver as d\n"
               "a = d.app()\n"
               "a.apply_settings(dataclasses.replace(a.settings, think_seconds=0.1))\n")
    new_game(player, seed=RELOAD_SEED)  # a random deal may end at once (1 in about 170)
    assert play_hand(player) >= 3
    frames, most = ask(tab, "__import__('game.ui.tween').ui.tween.seen")
    assert frames > 100 and most == 0, (frames, most)
    assert tab.errors == []
