"""A player's data goes with them, in real Chromium on the standalone build: three matches
finished at the table are listed in Statistics with a plot drawn; Export backup downloads a
file; with the site's data cleared, importing that file (the page's file chooser) brings back
the same statistics, history and autosaved match (Continue opens the same position); a
hostile file changes nothing.

The matches are real: each is started in the app and played to its end at the table, the
person's moves applied through the table's own model as a tap would (``table.act``), the
computer's by its level; the keeper keeps each finished match as it does for any player. The
Statistics controls are pressed by real mouse clicks.
"""

from __future__ import annotations

import io
import json

import pygame
from test_browser_table import Player, start_page

from game.ui import theme

HELPER = '''
import json, random
from arlington_measure import running_app as app
from game.rules.options import DIGITAL
from game.rules.save import Setup
from game.rules.state import Phase
from game.services import saves
from game.services.seats import Seat
from game.ui.scenes.page import PageScene

_rand = random.Random(7)


def start(seed, level, hands=1):
    seats = (Seat("You"), Seat("Computer 1", level))
    app().start_match(Setup(DIGITAL.with_changes(hand_limit=hands), 2, seed, 0), seats)


def advance():
    """One move of the person when the table waits for them; where the match is."""
    stack = app().scenes.stack
    top = stack[-1]
    name = type(top).__name__
    if name == "HandSummaryScene":
        top.activate("next", "")
    if name != "TableScene":
        return {"scene": name}
    st = top.game.state
    if not top.busy and st.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER) and \\
            top.seats[st.turn].is_person:
        legal = st.legal_actions()
        top.act(top.model.play(_rand.choice(legal)))
    return {"scene": name, "actions": len(top.game.actions)}


def kept():
    """What the player keeps, as stored and as the app holds it."""
    k = app().keeper
    match = saves.load_autosave().match
    return {"records": k.records.to_json(), "history": k.history.to_json(),
            "match": None if match is None else [str(a) for a in match.game.actions],
            "order": None if match is None else [list(o) if o else None
                                                 for o in match.hand_order]}


def row_control(key):
    """The centre on screen of the Statistics row control ``key``, scrolled into view."""
    scene = app().scenes.top
    lay = scene.layout()
    for targets in lay.targets:
        for t in targets:
            if t.key == key:
                scene.scroll_to(t.rect.y - lay.view.h // 3)
                lay = scene.layout()
                return [lay.view.x + t.rect.centerx, lay.view.y + t.rect.centery - scene.scroll]
    return None


def plot_box(index=0):
    """Where the ``index``-th plot is on screen, scrolled into view."""
    from game.ui.scenes.statistics import Plot
    scene = app().scenes.top
    rows = scene.rows()
    i = [k for k, r in enumerate(rows) if isinstance(r, Plot)][index]
    lay = scene.layout()
    r = lay.rows[i]
    scene.scroll_to(r.y)
    lay = scene.layout()
    return [lay.view.x + r.x, lay.view.y + r.y - scene.scroll, r.w, r.h]


def listed():
    from game.ui.scenes.statistics import MatchLine
    top = app().scenes.top
    return [r.key for r in top.rows() if isinstance(r, MatchLine)] \\
        if isinstance(top, PageScene) else None


def note():
    return getattr(app().scenes.top, "note", None)
'''


def _helper(player: Player) -> None:
    player.tab.python("import sys, types\nm = types.ModuleType('arlington_backup_driver')\n"
                      f"exec({HELPER!r}, m.__dict__)\n"
                      "sys.modules['arlington_backup_driver'] = m\n"
                      "import arlington_backup_driver as b")


def _ask(player: Player, call: str):
    return json.loads(player.tab.page.evaluate("(c) => arlington.pythonSync(c)",
                                               f"json.dumps(b.{call})"))


def _until(player: Player, call: str, condition: str, what: str):
    script = ("(code) => { const v = JSON.parse(arlington.pythonSync(code));"
              f" return ({condition}) ? v : null; }}")
    try:
        return player.tab.page.wait_for_function(script, arg=f"json.dumps(b.{call})",
                                                 timeout=180_000).json_value()
    except Exception as e:
        raise AssertionError(f"waited for {what}: {_ask(player, call)}") from e


def _click_row(player: Player, key: str) -> None:
    pos = _ask(player, f"row_control({key!r})")
    assert pos is not None, f"no control {key!r}"
    player.tab.page.wait_for_timeout(100)  # the scrolled frame is drawn before the click
    player.tap(pos)


def _statistics(player: Player) -> None:
    player.tab.python("b.app().open('title', reset=True)")
    player.scene("TitleScene")
    player.press("stats")
    player.scene("StatisticsScene")


def test_three_matches_export_clear_import_and_a_hostile_file(open_tab, tmp_path):
    tab = open_tab(width=1280, height=720)
    player = start_page(tab, "desktop")
    _helper(player)
    player.ask("faster()")
    for i, level in enumerate(("easy", "medium", "hard")):
        tab.python(f"b.start({40 + i}, {level!r})")
        _until(player, "advance()", "v.scene === 'MatchResultScene'", f"match {i + 1} to end")
    tab.python("b.start(77, 'medium', hands=3)")  # a match in play, autosaved
    for _ in range(6):
        player.settled()
        tab.python("b.advance()")
    player.settled()
    position = player.ask("position()")

    _statistics(player)
    assert _ask(player, "listed()") == ["match:2", "match:1", "match:0"]
    x, y, w, h = _ask(player, "plot_box(0)")
    tab.page.wait_for_timeout(300)
    ratio = tab.js("arlington.pixelRatio")
    shot = pygame.image.load(io.BytesIO(tab.page.screenshot(clip={
        "x": x / ratio, "y": y / ratio, "width": w / ratio, "height": h / ratio})))
    drawn = sum(1 for px in range(shot.get_width()) for py in range(shot.get_height())
                if all(abs(a - b) <= 24 for a, b in zip(shot.get_at((px, py))[:3],
                                                          theme.ACCENT, strict=True)))
    assert drawn > 100, "the score plot's line is on screen"
    player.shot("statistics-plot")
    before = _ask(player, "kept()")
    assert len(before["history"]["matches"]) == 3 and before["match"] == position["actions"]

    with tab.page.expect_download() as download:
        _click_row(player, "export_backup")
    saved = tmp_path / "arlington-backup.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename == "arlington-backup.json"
    assert json.loads(saved.read_text())["format"] == "arlington-backup"

    # site data cleared: nothing is left
    tab.js("localStorage.clear()")
    tab.page.reload()
    player = start_page(tab, "desktop")
    _helper(player)
    _statistics(player)
    assert _ask(player, "listed()") == []
    empty = _ask(player, "kept()")
    assert empty["match"] is None and empty["history"]["matches"] == []

    with tab.page.expect_file_chooser() as chooser:
        _click_row(player, "import_backup")
    chooser.value.set_files(str(saved))
    _until(player, "note()", "v && v.startsWith('Imported')", "the import")
    assert _ask(player, "kept()") == before
    assert _ask(player, "listed()") == ["match:2", "match:1", "match:0"]

    # a hostile file: the history's totals edited; refused, nothing changes
    data = json.loads(saved.read_text())
    data["history"]["matches"][0]["totals"][0] += 1000
    hostile = tmp_path / "edited.json"
    hostile.write_text(json.dumps(data))
    with tab.page.expect_file_chooser() as chooser:
        _click_row(player, "import_backup")
    chooser.value.set_files(str(hostile))
    _until(player, "note()", "v && v.includes('not imported')", "the refusal")
    assert _ask(player, "kept()") == before

    player.press("back")
    player.scene("TitleScene")
    player.press("continue")
    player.scene("TableScene")
    player.settled()
    assert player.ask("position()") == position
    assert tab.errors == []
