"""Statistics with a real match history, driven through real events: the plots are drawn, the
matches listed newest first, a tap opens a match's final sheet and its replay; a match finished
at the table is kept; a dropped backup is imported (and undone), a hostile one refused with
nothing changed."""

from __future__ import annotations

import pygame
from scene_nav import make_app, press, step
from test_keep_app import SEATS, quick_turn, reopened, settle

from game.rules.options import DIGITAL
from game.rules.save import Setup
from game.rules.state import Phase
from game.services import backup, history, records
from game.services.history import History, Played
from game.services.records import Records
from game.services.seats import Seat
from game.ui import mirror, theme
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.statistics import MatchLine, Plot, StatisticsScene
from game.ui.sheet import SheetLine
from tests.services.finished_matches import finished


def _kept(count: int = 3) -> tuple[Records, History]:
    """Real finished matches against computers of each level, counted and kept as the
    keeper keeps them."""
    rec, h = Records(), History()
    for i in range(count):
        seats = (Seat("You"), Seat("Computer 1", ("easy", "medium", "hard")[i % 3]))
        game, seats = finished(30 + i, seats=seats)
        rec, _ = records.progress(rec, game.state, seats, 0)
        h = h.with_match(Played.from_game(game, seats, when=1_700_000_000 + i * 3600))
    records.save(rec)
    history.save(h)
    return rec, h


def _statistics(app) -> StatisticsScene:
    press(app, "stats")
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    return scene


def _on_screen(app, scene, row_type) -> pygame.Rect:
    """The screen rect of the first row of ``row_type``, scrolled into view."""
    lay = scene.layout()
    i = next(k for k, r in enumerate(scene.rows()) if isinstance(r, row_type))
    r = lay.rows[i]
    scene.scroll_to(r.y)
    step(app)
    return pygame.Rect(lay.view.x + r.x, lay.view.y + r.y - scene.scroll, r.w, r.h)


def test_the_matches_are_listed_newest_first_and_a_plot_is_drawn():
    _, h = _kept(3)
    app = reopened()
    scene = _statistics(app)
    lines = [r for r in scene.rows() if isinstance(r, MatchLine)]
    assert [ml.key for ml in lines] == ["match:2", "match:1", "match:0"]
    newest = h.matches[-1]
    assert lines[0].headline.endswith(f"{newest.totals[0]:,}".replace("-", "\u2212"))
    plots_ = [r for r in scene.rows() if isinstance(r, Plot)]
    assert len(plots_) == 3  # score, win rate, average hand
    texts = " ".join(getattr(r, "text", "") for r in scene.rows())
    assert "Your final score in your last 3 matches" in texts
    assert "easy" in texts and "medium" in texts and "hard" in texts
    rect = _on_screen(app, scene, Plot)
    accent = sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
                 if app.surface.get_at((x, y))[:3] == theme.ACCENT)
    assert accent > 50, "the score line is drawn in the plot's box"


def test_a_tap_opens_the_matchs_sheet_and_its_replay():
    _, h = _kept(3)
    app = reopened()
    scene = _statistics(app)
    press(app, "match:1")
    assert scene.opened == 1
    played = h.matches[1]
    sheet = [r for r in scene.rows() if isinstance(r, SheetLine)]
    assert sheet[0].cells == ("You", "Computer 1")
    assert len(sheet) == played.hands + 2
    assert sheet[-1].cells == tuple(f"{t:,}".replace("-", "\u2212") for t in played.totals)
    assert "Computer 1 (medium)" in " ".join(getattr(r, "text", "") for r in scene.rows())
    press(app, "replay")
    assert isinstance(app.scenes.top, ReplayScene)
    app.scenes.remove(app.scenes.top)
    press(app, "list")
    assert scene.opened is None and app.scenes.top is scene


def test_the_mirror_reads_the_plots_words_and_opens_a_match_as_a_tap_does():
    _, h = _kept(3)
    app = reopened()
    scene = _statistics(app)
    tree = scene.mirror()
    said = [n.name for n in mirror.walk(tree)]
    assert any(name.startswith("Your final score in your last 3 matches") for name in said)
    buttons = [n for n in mirror.walk(tree) if n.action and n.action.startswith("match:")]
    assert [b.action for b in buttons] == ["match:2|", "match:1|", "match:0|"]
    newest = h.matches[-1]
    assert buttons[0].name.startswith(("Won, ", f"{newest.place}")) and "points" in buttons[0].name
    scene.mirror_activate("match:1|")
    step(app)
    assert scene.opened == 1
    sheet = [n.name for n in mirror.walk(scene.mirror()) if n.name.startswith("Total:")]
    assert sheet == ["Total: " + ", ".join(f"{t:,}".replace("-", "\u2212")
                                           for t in h.matches[1].totals)]


def test_a_match_finished_at_the_table_is_kept_once():
    app = make_app()
    table = app.start_match(Setup(DIGITAL.with_changes(hand_limit=1), 2, 8, 0), SEATS)
    for _ in range(400):
        settle(app, table)
        st = table.game.state
        if st.phase is Phase.MATCH_OVER:
            break
        quick_turn(app, table)
    st = table.game.state
    assert st.phase is Phase.MATCH_OVER
    kept = history.load()[0]
    assert len(kept.matches) == 1 and app.keeper.history == kept
    played = kept.matches[0]
    assert played.scores == tuple(map(tuple, st.hand_scores)) and played.seats == SEATS
    assert played.ending() == "one hand" and played.save is not None
    step(app, frames=5)
    assert len(history.load()[0].matches) == 1  # not twice


def _drop(app, path) -> None:
    step(app, [pygame.event.Event(pygame.DROPFILE, file=str(path))])


def test_a_dropped_backup_is_imported_and_undone_and_a_hostile_one_refused(tmp_path):
    rec, h = _kept(2)
    good = tmp_path / backup.FILE_NAME
    good.write_text(backup.make(make_app().settings, rec, h, None).dumps())
    records.save(Records())
    history.save(History())
    app = reopened()
    hostile = tmp_path / "evil.json"
    hostile.write_text('{"format": "arlington-backup", "version": 1, "made": 5}')
    _drop(app, hostile)
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene) and "not imported" in scene.note
    assert app.keeper.history == History() and history.load()[0] == History()
    _drop(app, good)
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene) and scene.note.startswith("Imported")
    assert app.keeper.history == h and app.keeper.records == rec
    assert len([r for r in scene.rows() if isinstance(r, MatchLine)]) == 2
    press(app, "undo_import")
    scene = app.scenes.top
    assert scene.note.startswith("The import is undone")
    assert app.keeper.history == History() and history.load()[0] == History()


def test_reset_forgets_the_matches_too_after_a_second_tap():
    _kept(2)
    app = reopened()
    scene = _statistics(app)
    press(app, "reset")
    assert len(history.load()[0].matches) == 2  # the first tap only asks
    press(app, "reset")
    assert history.load()[0] == History() and app.keeper.history == History()
    assert not [r for r in scene.rows() if isinstance(r, MatchLine)]


def test_import_on_the_desktop_takes_the_exported_file_from_documents(tmp_path, monkeypatch):
    from game import platform

    monkeypatch.setenv(platform.DOCUMENTS_DIR_ENV, str(tmp_path))
    rec, h = _kept(2)
    app = reopened()
    scene = _statistics(app)
    press(app, "import_backup")
    assert scene.note.startswith("No arlington-backup.json in")
    press(app, "export_backup")
    assert scene.note == f"Backup saved as {tmp_path / backup.FILE_NAME}"
    records.save(Records())
    history.save(History())
    press(app, "import_backup")
    scene = app.scenes.top
    assert scene.note.startswith("Imported") and app.keeper.history == h
    assert app.keeper.records == rec and history.load()[0] == h and records.load()[0] == rec
