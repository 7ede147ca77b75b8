"""The accessible mirror in Chromium, used as a screen reader's user would: only roles, names,
pressed states and the live log (``get_by_role``, the log's text), and the keyboard to act. A
whole 2-seat hand against the computer at a phone's and a laptop's size, a seven-hand offer
passed and taken, every scene from the title by keyboard alone, axe-core (WCAG 2.2 A and AA
rules) on the scenes' mirrors; and, at a phone's size, that the table's controls lie where the
canvas draws them (what a finger exploring the screen meets) while a real click there still
goes to the canvas.

Only that last test asks the game's Python something (where it draws a card) and clicks a
canvas coordinate; the others never do. The tests read the page as assistive technology does
(``aria_snapshot`` dumps go to ``ARLINGTON_ARTIFACTS``).
"""

from __future__ import annotations

import inspect
import json
import re

import pytest
from conftest import ARTIFACTS, REPO

from tools.web import measure

AXE = REPO / "tests" / "web" / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
QUIET = "() => !!document.querySelector('#mirror-scene h1')"
TURNS = 400
"""Actions of ours a hand may take at most (it ends long before: the stock runs out)."""


# ----------------------------------------------------------------------------- reading


def scene(page) -> str:
    """The scene's title: the mirror's one level-1 heading."""
    return page.locator("#mirror-scene h1").text_content()


def wait_scene(page, name: str | re.Pattern, timeout: int = 60_000) -> None:
    pattern = name if isinstance(name, re.Pattern) else re.compile(re.escape(name) + "$")
    page.wait_for_function(
        "(p) => { const h = document.querySelector('#mirror-scene h1');"
        " return !!h && new RegExp(p).test(h.textContent); }",
        arg=pattern.pattern, timeout=timeout)


def log_lines(page) -> list[str]:
    return page.get_by_role("log").locator("p").all_text_contents()


def buttons(scope) -> list[str]:
    return [b.text_content() for b in scope.get_by_role("button").all()]


def settle(page, frames: int = 4) -> None:
    """Let the game take what was done and show the result (a few frames: never a clock), and
    the page render the mirror it was last sent (when the browser is idle)."""
    now = page.evaluate("arlington.frames")
    page.wait_for_function(f"arlington.frames >= {now + frames} && arlington.mirrorShown()",
                           timeout=30_000)


def press(scope, name: str) -> None:
    """Activate the button called ``name`` as a screen reader's user does: focus, Enter."""
    scope.get_by_role("button", name=name, exact=True).press("Enter")
    settle(scope.page if hasattr(scope, "page") else scope)


def begin(open_tab, width: int, height: int, **options):
    tab = open_tab(width, height, **options)
    tab.wait_ready()
    tab.page.keyboard.press("Enter")  # the page's own Play button has the focus
    wait_scene(tab.page, "Arlington")
    return tab


def axe(page, what: str) -> None:
    """axe-core's WCAG 2.2 A and AA rules on the page as it is now: no violation."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
                           ".then(r => r.violations.map(v => ({id: v.id, help: v.help, "
                           "nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})))",
                           WCAG)
    assert result == [], f"axe on {what}: {result}"


def dump(page, name: str) -> None:
    """What a screen reader is given now, as Playwright reads the accessibility tree."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"ax-{name}.txt").write_text(page.locator("body").aria_snapshot())


def quick_settings(page) -> None:
    """Animation off and the computer brisk, set in Settings as a player would."""
    press(page, "Settings")
    wait_scene(page, "Settings")
    for label, wanted in (("Animation speed", "Off"), ("Thinking time", "Brisk (0.1 s)")):
        group = page.get_by_role("group", name=label, exact=True)
        for _ in range(6):
            if group.locator("p").text_content() == f"{label}: {wanted}":
                break
            press(group, f"{label}, previous")
        assert group.locator("p").text_content() == f"{label}: {wanted}"
    press(page, "Done")
    wait_scene(page, "Arlington")


def new_game(page, preset: str = "Digital (default)") -> None:
    press(page, "New game")
    wait_scene(page, "New game")
    players = page.get_by_role("group", name="Players at the table", exact=True)
    for _ in range(8):
        if players.get_by_role("button", name="Players at the table, previous").is_disabled():
            break
        press(players, "Players at the table, previous")
    assert players.locator("p").text_content() == "Players at the table: 2"
    rules = page.get_by_role("group", name="Preset", exact=True)
    for _ in range(6):
        if rules.locator("p").text_content().startswith(f"Preset: {preset}"):
            break
        press(rules, "Preset, next")
    assert rules.locator("p").text_content().startswith(f"Preset: {preset}")
    press(page, "Start")
    wait_scene(page, "Table")


# ----------------------------------------------------------------------------- playing

YOUR_TURN = """() => {
  const h = document.querySelector('#mirror-scene h1');
  if (!h || h.textContent !== 'Table') return true;
  const names = Array.from(document.querySelectorAll('#mirror-scene button'))
    .map(b => b.textContent);
  return names.some(n => ['Draw', 'Discard', 'Hint', 'Go out', 'Continue', 'Pass',
                          'Take the upcard'].includes(n) || n.startsWith('Take the '));
}"""


def region(page, name: str):
    return page.get_by_role("region", name=name, exact=True)


def hand(page) -> list[tuple[str, bool]]:
    cards = page.get_by_role("list", name="Your cards").get_by_role("button").all()
    return [(c.text_content(), c.get_attribute("aria-pressed") == "true") for c in cards]


def play_turn(page) -> str:
    """One of our moves, read off the mirror: draw; then discard a card (not the queen of
    spades while another card remains), confirming when that goes out. Returns what it did."""
    acts = buttons(region(page, "Actions"))
    if "Continue" in acts:
        press(page, "Continue")
        return "continue"
    if "Go out" in acts:
        press(page, "Go out")
        return "go out"
    if "Draw" in acts:
        press(page, "Draw")
        return "draw"
    cards = hand(page)
    chosen = [name for name, pressed in cards if pressed]
    if chosen and "Discard" in acts:
        press(page, "Discard")
        return "discard"
    if chosen:  # a selection that cannot be discarded: let go of it
        page.get_by_role("button", name=chosen[0], pressed=True).first.press("Enter")
        settle(page)
        return "unselect"
    names = [name for name, _ in cards]
    pick = next((n for n in names if not n.startswith("queen of spades")), names[0])
    page.get_by_role("list", name="Your cards").get_by_role(
        "button", name=pick, exact=True).first.press("Enter")
    settle(page)
    return "select"


def play_hand(tab, label: str) -> list[str]:
    """Our moves until the hand is over; axe on the table early and late."""
    page = tab.page
    done = []
    for turn in range(TURNS):
        page.wait_for_function(YOUR_TURN, timeout=60_000)
        if scene(page) != "Table":
            break
        if turn == 1:
            axe(page, "the table early in the hand")
            dump(page, f"table-early-{label}")
        if turn and turn % 40 == 0:
            axe(page, f"the table at move {turn}")
            dump(page, f"table-late-{label}")
        done.append(play_turn(page))
    else:
        raise AssertionError(f"the hand did not end in {TURNS} moves: {done[-10:]}")
    return done


@pytest.mark.slow  # a whole hand of ours, every move read and made through the page: minutes
@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_a_whole_hand_by_roles_names_and_the_live_log(open_tab, size):
    tab = begin(open_tab, *size)
    page = tab.page
    axe(page, "the title")
    dump(page, f"title-{size[0]}")
    quick_settings(page)
    new_game(page)
    table = region(page, "Actions")
    assert "Draw" in buttons(table) or "Menu" in buttons(table)
    assert log_lines(page)[-1].startswith("New hand dealt, 13 cards each.")
    stock, pile = buttons(region(page, "Stock and pile"))
    assert re.fullmatch(r"Stock: \d+ cards\.", stock), stock
    assert re.fullmatch(r"Discard pile: 1 card, the top one the \w+ of \w+\.", pile), pile
    others = region(page, "Other players")
    assert others.get_by_role("heading", level=3).count() == 1
    moves = play_hand(tab, str(size[0]))
    assert "draw" in moves and "discard" in moves
    wait_scene(page, re.compile(r"Hand 1 is over|wins|win"))
    lines = log_lines(page)
    assert any(re.fullmatch(r"You drew the \w+ of \w+\.", line) for line in lines), lines
    assert any(re.fullmatch(r"You discarded the \w+ of \w+\.", line) for line in lines)
    assert any(re.fullmatch(r"Computer 1 drew from the stock\.|Computer 1 took the pile, .*",
                            line) for line in lines)
    assert any("went out" in line or "nobody went out" in line for line in lines), lines[-5:]
    summary = page.locator("#mirror-scene")
    assert summary.get_by_role("heading", name=re.compile(r"^You")).count() == 1
    axe(page, "the hand summary")
    dump(page, f"summary-{size[0]}")
    assert tab.errors == []


def test_a_seven_hand_offer_is_passed_and_taken_by_the_mirror(open_tab):
    tab = begin(open_tab, 1280, 720)
    page = tab.page
    quick_settings(page)
    new_game(page, "Seven hands")
    answered, moves = [], 0
    while len(answered) < 2:
        page.wait_for_function(YOUR_TURN, timeout=60_000)
        if re.fullmatch(r"Hand \d is over", scene(page)):
            press(page, "Next hand")  # the hand ended before two offers: the next one offers more
            wait_scene(page, "Table")
            moves = 0
            continue
        assert scene(page) == "Table", f"the match ended before two offers came: {scene(page)}"
        moves += 1
        assert moves <= TURNS, f"the hand did not end in {TURNS} moves"
        offer = region(page, "Offered discard")
        if offer.count() and offer.get_by_role("button", name="Pass").count():
            said = offer.locator("p").first.text_content()
            assert re.fullmatch(r"Computer 1 offers you the \w+ of \w+", said), said
            card = said.removeprefix("Computer 1 offers you the ")
            before = len(hand(page))
            if not answered:
                press(offer, "Pass")
                assert f"You passed the {card}." in log_lines(page)
                assert len(hand(page)) == before
                answered.append("pass")
            else:
                press(offer, f"Take the {card}")
                assert f"You took the offered {card}." in log_lines(page)
                assert len(hand(page)) == before + 1
                answered.append("take")
        else:
            play_turn(page)
    assert answered == ["pass", "take"]
    axe(page, "the seven-hand table")
    assert region(page, "Teams").count() == 0  # two players: no partners
    assert tab.errors == []


def tab_to(page, name: str, limit: int = 120) -> None:
    """Press Tab until the focus is on the control called ``name`` (the keyboard alone)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.textContent")
        if focused == name:
            return
    raise AssertionError(f"Tab never reached {name!r}")


def enter(page, name: str, then: str | re.Pattern) -> None:
    tab_to(page, name)
    page.keyboard.press("Enter")
    wait_scene(page, then)


def test_every_scene_from_the_title_by_keyboard_alone(open_tab):
    tab = begin(open_tab, 1280, 720)
    page = tab.page
    enter(page, "Rules", "Rules")
    axe(page, "the rules")
    assert page.get_by_role("heading", name="Scoring", level=2).count() == 1
    enter(page, "Done", "Arlington")
    enter(page, "Settings", "Settings")
    axe(page, "the settings")
    enter(page, "Done", "Arlington")
    enter(page, "Statistics", "Statistics")
    enter(page, "Done", "Arlington")
    enter(page, "Learn to play", "Learn to play")
    axe(page, "Learn to play")
    dump(page, "tutorial")
    coach = region(page, "Coach")
    assert coach.get_by_role("heading").count() == 1
    step_one = coach.get_by_role("heading").text_content()
    enter(page, "Next", "Learn to play")
    # the scene keeps its name: wait for the next step's coach (its mirror replaces the
    # buttons) before looking for End, else Enter can fall on the step that is going
    for _ in range(600):
        if coach.get_by_role("heading").text_content() != step_one:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the coach stayed on {step_one!r} after Next")
    enter(page, "End", "Arlington")
    enter(page, "New game", "New game")
    axe(page, "New game")
    dump(page, "newgame")
    enter(page, "Deal code: Enter a code", "Play a deal code")
    enter(page, "Cancel", "New game")
    tab_to(page, "Seat 2, next")  # Computer: medium -> hard -> a person sharing the screen
    page.keyboard.press("Enter")
    settle(page)
    page.keyboard.press("Enter")
    settle(page)
    assert page.get_by_role("group", name="Seat 2").locator("p").text_content() == \
        "Seat 2: Person (pass the tablet)"
    enter(page, "Start", "Table")
    enter(page, "Menu", "Paused")
    enter(page, "Resume", "Table")
    enter(page, "Draw", "Table")  # the scene was the table already: wait for the card drawn
    page.get_by_role("list", name="Your cards").get_by_role(
        "button", name=re.compile(", just drawn$")).wait_for(timeout=30_000)
    settle(page)
    toggles = page.get_by_role("list", name="Your cards").get_by_role("button")
    toggles.first.focus()
    page.keyboard.press("Space")
    settle(page)
    assert toggles.first.get_attribute("aria-pressed") == "true"
    enter(page, "Discard", re.compile("Pass to "))
    settle(page, 40)  # the cover takes no answer in its first moments (the last player's tap)
    enter(page, f"I am {scene(page).removeprefix('Pass to ')}: show my cards", "Table")
    assert tab.errors == []


# ----------------------------------------------------------------------------- under a finger

TOUCH = {"touchstart", "touchmove", "touchend", "touchcancel", "touchforcechange"}
ABOVE = """(depth) => { let n = document.querySelector('#mirror-scene button');
  for (let k = 0; k < depth; k += 1) n = n.parentNode; return n; }"""


def test_no_touch_listener_stands_over_the_mirrors_controls(open_tab):
    """VoiceOver's double tap must click the control it is on. WebKit's accessibility press
    (AccessibilityObject::press) sends a touch at the control's middle instead when the control
    or any node above it, the document included, listens for touches; that touch, through a
    control deaf to the pointer, would reach whatever the canvas draws there. So no touch
    listener on a control nor above it once the game is started by a touch (Emscripten's
    audio unlock listens on the document for one touchstart, once): read from Chromium's
    DevTools (DOMDebugger.getEventListeners), the control and each of its ancestors."""
    tab = open_tab(390, 844, touch=True)
    tab.wait_ready()
    box = tab.page.locator("#start").bounding_box()
    tab.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_scene(tab.page, "Arlington")
    cdp = tab.context.new_cdp_session(tab.page)
    depth = tab.js("(() => { let d = 0; for (let n = document.querySelector('#mirror-scene"
                   " button'); n.parentNode; n = n.parentNode) d += 1; return d; })()")
    heard = {}
    for k in range(depth + 1):
        node = cdp.send("Runtime.evaluate", {"expression": f"({ABOVE})({k})"})["result"]
        listeners = cdp.send("DOMDebugger.getEventListeners", {"objectId": node["objectId"]})
        heard[node["description"]] = {e["type"] for e in listeners["listeners"]}
    assert "#document" in heard and any(heard.values()), heard  # the whole way up, read
    assert not {name: types & TOUCH for name, types in heard.items() if types & TOUCH}

WHERE = """
import json, sys, types
from game.ui.mirror import box
sys.modules["arlington_measure"] = measure = types.ModuleType("arlington_measure")
exec(MEASURE, measure.__dict__)

def table_drawn():
    \"\"\"Where the table on top draws your hand's cards and the stock's card (canvas
    pixels), and the canvas's size.\"\"\"
    t = measure.running_app().scenes.top
    hand, chosen = t.layout.hand, t.model.selected
    return json.dumps({"size": list(t.app.size), "stock": box(t.layout.stock_card),
                       "cards": [box(hand.drawn(i, chosen)) for i in range(len(t.model.order))]})
"""
"""Sent into the page's Python once: ``table_drawn()`` (with ``tools.web.measure`` as
MEASURE, to find the running app)."""


def drawn(tab) -> dict:
    """Ask the running game where it draws the table (its own Python, in the page)."""
    if not tab.js("arlington.pythonSync('\"table_drawn\" in globals()')"):
        tab.python(f"MEASURE = {inspect.getsource(measure)!r}\n" + WHERE)
    return json.loads(tab.js("arlington.pythonSync('table_drawn()')"))


def on_page(tab, rect: list, size: list) -> dict:
    """``rect`` in canvas pixels (of a canvas ``size`` big) where the page shows it, in CSS
    pixels: the canvas's box scaled."""
    box = tab.js("(() => { const r = canvas.getBoundingClientRect();"
                 " return {x: r.left, y: r.top, w: r.width, h: r.height}; })()")
    sx, sy = box["w"] / size[0], box["h"] / size[1]
    return {"x": box["x"] + rect[0] * sx, "y": box["y"] + rect[1] * sy,
            "width": rect[2] * sx, "height": rect[3] * sy}


def lies_on(inner: dict, outer: dict) -> bool:
    """Whether box ``inner`` lies on box ``outer`` (to a pixel's rounding)."""
    return (inner["width"] > 0 and inner["height"] > 0
            and inner["x"] >= outer["x"] - 1 and inner["y"] >= outer["y"] - 1
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 1
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1)


CANVAS_TO_MIRROR = 8
"""Frames after a tap on the canvas by which the mirror shows it (the game looks at an
unchanged scene every 6 frames: ``game.ui.mirror.REFRESH_FRAMES``)."""


def laid_on_its_card(tab, cards, k: int) -> dict:
    """The box of the control of card ``k`` (of the ``cards`` toggles), checked to lie on the
    card where the canvas draws it now, scaled to the page."""
    table = drawn(tab)
    box = cards.nth(k).bounding_box()
    card = on_page(tab, table["cards"][k], table["size"])
    assert lies_on(box, card), f"the control {box} is not on its card {card}"
    return box


TURNED = """(() => { const [w, h] = JSON.parse(arlington.pythonSync('table_drawn()')).size;
  return w > h && w === canvas.width && h === canvas.height
    && w === arlington.canvasWidth && h === arlington.canvasHeight; })()"""
"""Whether the game has followed the page to a landscape canvas: right after the viewport
turns, the game's size and the canvas's are both still the old (portrait) one."""


def middle(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_finger_on_a_phone_finds_each_control_where_the_canvas_draws_it(open_tab):
    """A screen reader's finger exploring a phone's screen meets, over a card of the hand, the
    mirror's button for that card (laid over the canvas, where the canvas draws the card, at the
    page's scale), and again after the card rises and the phone is turned. The control is
    unseen (the page's pixels are the same without the mirror) and deaf to the pointer: a real
    click there still goes to the canvas, which selects the card once (the control does not
    take the click too)."""
    tab = begin(open_tab, 390, 844, scale=3)  # a phone's size and pixel ratio, a mouse
    page = tab.page
    quick_settings(page)
    new_game(page)
    page.wait_for_function(YOUR_TURN, timeout=60_000)
    settle(page)
    cards = page.get_by_role("list", name="Your cards").get_by_role("button")
    k = 3  # a card the next one half covers
    name = cards.nth(k).text_content()
    box = laid_on_its_card(tab, cards, k)
    table = drawn(tab)
    assert table["size"] == tab.js("[canvas.width, canvas.height]")
    stock = page.get_by_role("button", name=re.compile(r"^Stock: \d+ cards?\.$"))
    assert lies_on(on_page(tab, table["stock"], table["size"]), stock.bounding_box())
    style = cards.nth(k).evaluate("(b) => { const s = getComputedStyle(b);"
                                  " return [s.pointerEvents, s.color, s.backgroundColor]; }")
    assert style == ["none", "rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]
    seen = page.screenshot()
    hidden = page.add_style_tag(content="#mirror { display: none !important; }")
    assert page.screenshot() == seen, "the mirror shows on the page"
    hidden.evaluate("(tag) => tag.remove()")
    axe(page, "the table with its controls laid over the canvas")

    x, y = middle(box)
    assert tab.js(f"document.elementFromPoint({x}, {y}).id") == "canvas"
    page.mouse.click(x, y)  # the canvas takes the click: the card is selected, once
    settle(page, CANVAS_TO_MIRROR)
    assert [c.get_attribute("aria-pressed") for c in cards.all()] == \
        ["true" if i == k else "false" for i in range(cards.count())]
    assert cards.nth(k).text_content() == name
    laid_on_its_card(tab, cards, k)  # the card rose: its control rose with it

    page.set_viewport_size({"width": 844, "height": 390})  # the phone turned
    page.wait_for_function(TURNED, timeout=30_000)
    settle(page, CANVAS_TO_MIRROR)
    x, y = middle(laid_on_its_card(tab, cards, k))
    assert tab.js(f"document.elementFromPoint({x}, {y}).id") == "canvas"
    page.mouse.click(x, y)  # and a click there lets the card go
    settle(page, CANVAS_TO_MIRROR)
    assert cards.nth(k).get_attribute("aria-pressed") == "false"
    assert tab.errors == []
