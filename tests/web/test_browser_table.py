"""The real table in real Chromium: from the page's start tap to the title, a new game and a
whole hand, played by touches on a phone (390x844 at 3x) and by mouse clicks (1280x720).

Every tap is real browser input at the position a player would tap; where that is (and what
the engine state became) is asked of the running game through tests/web/page_driver.py,
executed in the page's own Python. Screenshots of each scene go to the artifacts folder
(conftest.ARTIFACTS).
"""

import inspect
import json
import time
from pathlib import Path

import pytest

from game.ui.scenes.summary import HandSummaryScene
from tools.web import measure

DRIVER = (Path(__file__).parent / "page_driver.py").read_text()
DEVICES = {
    "phone": {"width": 390, "height": 844, "touch": True, "scale": 3},
    "desktop": {"width": 1280, "height": 720},
}
WAIT_S = 60
RELOAD_SEED = 3
"""A deal where medium does not go out before the simple player's 70th turn: a computer
that goes out at once (about 1 random deal in 170) would leave no hand to continue."""


class Player:
    """Taps and keys into the page as a person would; asks the game where, and what became."""

    def __init__(self, tab, name: str, touch: bool):
        self.tab, self.name, self.touch = tab, name, touch
        self.shots = []
        self.ratio = None
        for name, source in (("arlington_measure", inspect.getsource(measure)),
                             ("arlington_driver", DRIVER)):
            tab.python(f"import sys, types\nm = types.ModuleType({name!r})\n"
                       f"exec({source!r}, m.__dict__)\nsys.modules[{name!r}] = m\n")
        tab.python("import json, arlington_driver as d")

    def ask(self, call: str):
        return json.loads(self.tab.page.evaluate("(c) => arlington.pythonSync(c)",
                                                 f"json.dumps(d.{call})"))

    def tap(self, pos):
        if self.ratio is None:  # CSS pixels per surface pixel: fixed until the page resizes
            self.ratio = self.tab.js("arlington.pixelRatio")
        x, y = pos[0] / self.ratio, pos[1] / self.ratio
        if self.touch:
            self.tab.page.touchscreen.tap(x, y)
        else:
            self.tab.page.mouse.click(x, y)

    def press(self, key: str):
        pos = self.ask(f"control({key!r})")
        assert pos is not None, f"{self.ask('scene()')} has no control {key!r}"
        self.tap(pos)

    def until(self, call: str, condition: str, what: str):
        """Poll ``d.call`` inside the page (no round trip per check) until the JavaScript
        ``condition`` on its value ``v`` holds; return ``v``."""
        script = ("([code, what]) => { const v = JSON.parse(arlington.pythonSync(code));"
                  f" return ({condition}) ? v : null; }}")
        try:
            handle = self.tab.page.wait_for_function(
                script, arg=[f"json.dumps(d.{call})", what], timeout=WAIT_S * 1000)
        except Exception as e:  # Playwright's timeout: say what was awaited, and the state
            raise AssertionError(f"waited {WAIT_S} s for {what}: {self.ask(call)}") from e
        return handle.json_value()

    def scene(self, name: str):
        return self.until("scene()", f"v === {name!r}", name)

    def settled(self) -> dict:
        return self.until("waiting()", "v.ready", "the person's turn")

    def shot(self, label: str):
        time.sleep(0.3)  # let the frame after the last input land
        self.shots.append(self.tab.shot(f"{self.name}-{len(self.shots) + 1}-{label}"))


def play_hand(player: Player, turns_at_most: int | None = None) -> int:
    """Draw and discard by taps until the hand ends (or after ``turns_at_most`` turns); every
    tap's effect is checked."""
    turns = 0
    shot_selection = True
    while True:
        state = player.until("step()", "v.ready", "the person's turn")
        if "tap" not in state or turns == turns_at_most:  # the hand is over, or enough
            return turns
        tap = state["tap"]
        before = state["actions"]
        player.tap(tap["pos"])
        if tap["what"] == "stock":
            player.until("waiting()", f"v.actions > {before}", "the draw")
            assert player.ask(f"action({before})")["kind"] == "DRAW"
        elif tap["what"] == "card":
            player.until("waiting()", "v.selected && v.selected.length", "the card to lift")
            if shot_selection:
                player.shot("card-selected")
                shot_selection = False
        elif tap["what"] == "pile":
            done = player.until("waiting()", f"v.scene !== 'TableScene' || v.confirm"
                                f" || v.actions > {before}", "the discard")
            if done["scene"] == "TableScene" and not done.get("confirm"):
                assert player.ask(f"action({before})") == {"kind": "DISCARD",
                                                           "cards": [tap["card"]]}
                turns += 1
        elif tap["what"] == "go out":
            turns += 1


def start_page(tab, device: str) -> Player:
    """The page's start tap, then a player on the game it uncovered."""
    touch = DEVICES[device].get("touch", False)
    tab.wait_ready()
    box = tab.page.locator("#start").bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tab.page.touchscreen.tap(*centre) if touch else tab.page.mouse.click(*centre)
    return Player(tab, device, touch)


def new_game(player: Player, shots: bool = False, seed: int | None = None) -> None:
    """Title, New game, Start: a random deal, or ``seed`` typed into the seed field."""
    player.scene("TitleScene")
    if shots:
        player.shot("title")
    player.press("new")
    player.scene("NewGameScene")
    if seed is not None:
        player.tab.page.keyboard.type(str(seed))
    if shots:
        player.shot("new-game")
    player.press("start")
    player.scene("TableScene")
    player.settled()


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_whole_hand_in_the_browser(open_tab, device):
    touch = DEVICES[device].get("touch", False)
    tab = open_tab(**DEVICES[device])
    player = start_page(tab, device)
    # The game draws at the page's device-pixel size (at most 2 per CSS pixel: page.js).
    ratio = min(2, DEVICES[device].get("scale", 1))
    expected = [DEVICES[device]["width"] * ratio, DEVICES[device]["height"] * ratio]
    player.until("size()", f"v[0] === {expected[0]} && v[1] === {expected[1]}",
                 f"the canvas size {expected}")
    assert tab.js("[canvas.width, canvas.height]") == expected

    new_game(player, shots=True)
    player.shot("table")
    if not touch:  # keys go through the page's DOM key-code shim
        tab.page.keyboard.press("Escape")
        player.scene("PauseScene")
        player.shot("pause")
        tab.page.keyboard.press("Escape")
        player.scene("TableScene")
    player.ask("faster()")
    turns = play_hand(player)
    assert turns >= 1  # ours opens the hand; a random deal may end at the computer's next turn
    player.scene(HandSummaryScene.__name__)
    player.shot("hand-summary")
    if touch:  # turn the phone: the page resizes the canvas, the layout answers
        tab.page.set_viewport_size({"width": 844, "height": 390})
        player.ratio = None
        player.until("size()", "v[0] === 1688 && v[1] === 780", "the rotated canvas")
        player.shot("summary-rotated")
    assert tab.errors == []
    assert tab.foreign_requests() == []


def test_reload_mid_hand_offers_to_continue_the_same_position(open_tab):
    """The game autosaves in localStorage: a reload in the middle of a hand offers
    Continue, and the table comes back exactly where it was."""
    tab = open_tab(**DEVICES["desktop"])
    player = start_page(tab, "desktop")
    new_game(player, seed=RELOAD_SEED)
    player.ask("faster()")
    assert play_hand(player, turns_at_most=2) == 2
    player.settled()
    before = player.ask("position()")
    assert before["seed"] == RELOAD_SEED
    saved = tab.js("Object.keys(localStorage).filter(k => k.startsWith('arlington/'))")
    assert saved, "the match was not autosaved in localStorage"
    tab.page.reload()
    player = start_page(tab, "desktop")
    player.scene("TitleScene")
    player.shot("title-after-reload")
    player.press("continue")
    player.scene("TableScene")
    player.settled()
    player.shot("table-continued")
    assert player.ask("position()") == before
    assert tab.errors == []
