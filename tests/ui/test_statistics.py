"""Statistics with a real match history, driven through real events: the plots are drawn, the
matches listed newest first, a tap opens a match's final sheet and its replay; a match finished
at the table is kept; a dropped backup is imported (and undone), a hostile one refused with
nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from scene_nav import make_app, press, step
from test_keep_app import SEATS, quick_turn, reopened, settle, titled
from test_table_play import Touch
from test_table_seven import Tally, play_hand

from game import platform
from game.rules.options import DIGITAL, preset
from game.rules.save import Setup
from game.rules.state import Phase
from game.services import backup, history, records
from game.services.history import History, Played
from game.services.records import Records
from game.services.seats import Seat
from game.services.settings import Settings
from game.ui import mirror, plots, theme, words
from game.ui.scenes.page import Heading
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.statistics import MatchLine, Plot, StatisticsScene
from game.ui.sheet import SheetLine, Standing
from tests.services.finished_matches import finished, partnership


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
    assert sheet == ["Total: " + ", ".join(words.total(t) for t in h.matches[1].totals)]


def test_the_mirror_says_a_total_below_zero_minus_as_the_table_and_summary_do():
    """A screen reader hears "minus 80", never a bare minus sign (read as "dash" or nothing
    by some readers), for your total in the list, and in an opened match for the final
    order, every hand's score and the totals, and in the sentence under the plot of your
    scores; the page still draws a real minus sign."""
    _, h = _kept(2)
    lost, won = h.matches  # seed 30: you -80, Computer 1 300; seed 31: Computer 1 -10
    assert lost.totals[0] < 0 and won.totals[1] < 0 and min(won.scores[1]) < 0
    app = reopened()
    scene = _statistics(app)
    tree = [n.name for n in mirror.walk(scene.mirror())]
    assert f"from minus {-lost.totals[0]} to " in next(t for t in tree if t.startswith(
        "Your final score")), tree
    buttons = {n.action: n.name for n in mirror.walk(scene.mirror()) if n.action}
    assert buttons["match:0|"].startswith(f"2nd, minus {-lost.totals[0]} points, ")
    line = next(r for r in scene.rows() if isinstance(r, MatchLine) and r.key == "match:0")
    assert line.headline == f"2nd  \u2022  \u2212{-lost.totals[0]}"  # as drawn
    scene.mirror_activate("match:1|")
    step(app)
    said = [n.name for n in mirror.walk(scene.mirror())]
    assert f"2. Computer 1: minus {-won.totals[1]}" in said, said
    first, second = won.scores
    assert f"2: plus {second[0]}, minus {-second[1]}" in said, said
    assert f"Total: {won.totals[0]}, minus {-won.totals[1]}" in said, said
    assert not any("\u2212" in name or "+" in name for name in said), said
    sheet = [r for r in scene.rows() if isinstance(r, SheetLine)]
    assert sheet[-1].cells == (f"{won.totals[0]}", f"\u2212{-won.totals[1]}")  # as drawn


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


# ----------------------------------------------------------------- partnership matches

EARLIER = Path(__file__).parents[1] / "services" / "fixtures" / "history_v1.json"
"""A history as the game wrote it before the list showed teams (two seven-hand partnership
matches against computers of each level, lost then won, after a two-player match)."""


def _drawn(monkeypatch) -> list[str]:
    """Every string drawn from now on (``theme.text``, as the scenes draw words)."""
    said: list[str] = []
    real = theme.text

    def text(surface, words, *args, **kw):
        said.append(words)
        return real(surface, words, *args, **kw)

    monkeypatch.setattr(theme, "text", text)
    return said


def _teams(played: Played) -> tuple[tuple[str, int], ...]:
    """The teams of a kept partnership match and their totals, yours first, added up here
    from the seats' own totals."""
    names = [s.name for s in played.seats]
    return ((f"{names[0]} & {names[2]}", played.totals[0] + played.totals[2]),
            (f"{names[1]} & {names[3]}", played.totals[1] + played.totals[3]))


def _number(n: int) -> str:
    return f"{n:,}".replace("-", "\u2212")


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_an_earlier_history_lists_and_opens_its_partnership_matches_by_team(size, monkeypatch,
                                                                            artifacts):
    platform.write(history.KEY, EARLIER.read_text(encoding="utf-8"))
    app = titled(make_app(size, settings=None))
    scene = _statistics(app)
    kept = app.keeper.history.matches
    lines = {ml.key: ml for ml in scene.rows() if isinstance(ml, MatchLine)}
    assert list(lines) == ["match:2", "match:1", "match:0"]
    won, lost = (tuple((name, _number(total)) for name, total in _teams(p))
                 for p in (kept[2], kept[1]))
    assert lines["match:2"].headline == f"Won as a team  \u2022  {won[0][1]}"
    assert lines["match:1"].headline == f"Team 2nd  \u2022  {lost[0][1]}"
    assert lines["match:0"].headline.startswith(("Won  ", "2nd  "))  # by seat: no teams
    drawn = _drawn(monkeypatch)
    _on_screen(app, scene, MatchLine)
    pygame.image.save(app.surface, str(artifacts / f"history_teams_{size[0]}x{size[1]}.png"))
    for name, total in won + lost:  # each team whole with its total, on one line or its own
        assert any(f"{name}: {total}" in text.replace("\u00a0", " ") for text in drawn), \
            (name, drawn)
    assert not any("\u2026" in text for text in drawn)
    buttons = {n.action: n for n in mirror.walk(scene.mirror()) if n.action.startswith("match")}
    assert buttons["match:2|"].name.startswith(f"Won as a team, {won[0][1]} points, ")
    assert buttons["match:2|"].detail.startswith(
        f"{won[0][0]}: {won[0][1]} \u00b7 {won[1][0]}: {won[1][1]}; Custom rules, two teams "
        "of two, all 7 hands")

    press(app, "match:2")
    rows = scene.rows()
    assert [r.text for r in rows if isinstance(r, Heading)][:3] == [
        "Final totals by team", "Score sheet by team", "Score sheet"]
    assert [(s.place, s.name, _number(s.total), s.winner) for s in rows
            if isinstance(s, Standing)] == [(1, *won[0], True), (2, *won[1], False)]
    words = " ".join(getattr(r, "text", "") for r in rows)
    assert "You and your partner Computer 2 (hard) won, against Computer 1 (medium) and " \
        "Computer 3 (easy)." in words
    sheets = [r for r in rows if isinstance(r, SheetLine)]
    assert sheets[0].cells == (won[0][0], won[1][0])
    assert sheets[len(kept[2].scores) + 1].cells == (won[0][1], won[1][1])
    said = [n.name for n in mirror.walk(scene.mirror())]
    assert f"1. {won[0][0]}: {won[0][1]}, the winner" in said
    step(app, frames=2)
    pygame.image.save(app.surface, str(artifacts / f"history_team_{size[0]}x{size[1]}.png"))

    press(app, "list")
    press(app, "match:1")
    rows = scene.rows()
    assert [(s.name, s.winner) for s in rows if isinstance(s, Standing)] == [
        (lost[1][0], True), (lost[0][0], False)]
    assert "You and your partner Computer 2 (hard) finished 2nd" in \
        " ".join(getattr(r, "text", "") for r in rows)


def test_a_partnership_match_played_by_taps_is_listed_by_team():
    options = preset("seven").with_changes(partnerships=True, hand_limit=1)
    app = titled(make_app(settings=Settings(animation_speed=0.0)))
    seats = (Seat("You"), Seat("West", "easy"), Seat("North", "medium"), Seat("East", "easy"))
    table = app.start_match(Setup(options, 4, seed=3), seats)
    play_hand(app, table, Touch(app), Tally())
    for _ in range(20):
        if type(app.scenes.top).__name__ == "MatchResultScene":
            break
        step(app)
    st = table.game.state
    assert st.phase is Phase.MATCH_OVER
    press(app, "title")
    scene = _statistics(app)
    line = next(r for r in scene.rows() if isinstance(r, MatchLine))
    ours, theirs = st.totals[0] + st.totals[2], st.totals[1] + st.totals[3]
    assert line.teams == (("You & North", ours), ("West & East", theirs))
    won = st.winner in (0, 2)
    assert line.won == won == (ours >= theirs)
    assert line.headline == ("Won as a team" if won else "Team 2nd") + \
        f"  \u2022  {_number(ours)}"
    assert "two teams of two" in line.detail
    # The win rate counts the match against the other team's level, not your partner's.
    rates = dict(plots.win_rates(app.keeper.history))
    assert list(rates) == ["easy"] and rates["easy"] == (float(won),)


def test_a_backup_keeps_partnership_matches_and_its_import_shows_them_by_team(tmp_path,
                                                                             monkeypatch):
    monkeypatch.setenv(platform.DOCUMENTS_DIR_ENV, str(tmp_path))
    rec, h = Records(), History()
    for seed in (1, 3):
        game, seats = partnership(seed)
        rec, _ = records.progress(rec, game.state, seats, 0)
        h = h.with_match(Played.from_game(game, seats, when=1_700_000_000 + seed))
    records.save(rec)
    history.save(h)
    app = reopened()
    scene = _statistics(app)
    press(app, "export_backup")
    made = json.loads((tmp_path / backup.FILE_NAME).read_text(encoding="utf-8"))
    assert [m["options"]["partnerships"] for m in made["history"]["matches"]] == [True, True]
    records.save(Records())
    history.save(History())
    press(app, "import_backup")
    scene = app.scenes.top
    assert scene.note.startswith("Imported") and app.keeper.history == h
    lines = [r for r in scene.rows() if isinstance(r, MatchLine)]
    assert [ml.teams for ml in lines] == [_teams(p) for p in h.newest_first()]


def _overlaps(drawn_rects) -> list[tuple[str, str]]:
    """Pairs of words drawn over one another in a frame."""
    return [(a, b) for i, (a, ra) in enumerate(drawn_rects) for b, rb in drawn_rects[i + 1:]
            if ra.clip(rb).w > 1 and ra.clip(rb).h > 3]


@pytest.mark.parametrize("text_size", [150, 200])
def test_at_a_large_text_size_on_a_phone_teams_and_totals_stay_apart(text_size, monkeypatch,
                                                                     artifacts):
    """The list's date goes under a headline that has no room beside it, a team's name wraps
    between partners above its total, the sheet's names wrap in their columns: nothing is
    drawn over anything else."""
    platform.write(history.KEY, EARLIER.read_text(encoding="utf-8"))
    app = titled(make_app((390, 844), settings=Settings(text_size=text_size)))
    scene = _statistics(app)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def text(surface, words, *args, **kw):
        rect = real(surface, words, *args, **kw)
        if surface is app.surface and words.strip():
            drawn.append((words, rect))
        return rect

    monkeypatch.setattr(theme, "text", text)
    _on_screen(app, scene, MatchLine)
    frames = [("list", list(drawn))]
    press(app, "match:2")
    for part in (Standing, SheetLine):
        drawn.clear()
        _on_screen(app, scene, part)
        frames.append((part.__name__, list(drawn)))
        pygame.image.save(app.surface,
                          str(artifacts / f"history_team_{text_size}_{part.__name__}.png"))
    view = scene.layout().view  # the page's rows: what is scrolled out is clipped away
    for name, rects in frames:
        shown = [(words, r) for words, r in rects if view.contains(r)]
        assert shown and _overlaps(shown) == [], name
