"""Keeping the browser's storage: a finished match asks the browser to keep it (through
``game.platform``, the one module that knows the browser), and Settings says whether it is kept
and how much is used, following the page's answers as they arrive; on the desktop it names the
folder and its size."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from scene_nav import make_app, step

from game import platform
from game.rules.options import DIGITAL
from game.rules.save import Setup
from game.rules.state import Phase
from game.services.seats import Seat
from game.services.storage import size_text, storage_line
from game.ui.scenes.page import Text
from game.ui.scenes.settings import SettingsScene

COMPUTERS = (Seat("Computer 1", "easy"), Seat("Computer 2", "easy"))


def test_a_finished_match_asks_once_to_keep_the_storage(monkeypatch):
    asked = []
    monkeypatch.setattr(platform, "keep_storage", lambda: asked.append(1))
    app = make_app()
    table = app.start_match(Setup(DIGITAL.with_changes(hand_limit=1), 2, 8, 0), COMPUTERS)
    for _ in range(20_000):
        if table.game.state.phase is Phase.MATCH_OVER:
            break
        assert asked == [], "asked before the match was over"
        step(app)
    assert table.game.state.over
    step(app, frames=30)
    assert asked == [1]


class FakePage:
    """window.arlington as web/page.js makes it: storage answers arrive when the test says."""

    def __init__(self):
        self.storage = SimpleNamespace(kept=None, used=None)
        self.asked = self.checked = 0

    def keepStorage(self):  # noqa: N802 (the page's JavaScript name)
        self.asked += 1

    def checkStorage(self):  # noqa: N802
        self.checked += 1


@pytest.fixture
def page(monkeypatch):
    fake = FakePage()
    monkeypatch.setattr(platform, "IS_BROWSER", True)
    monkeypatch.setattr(platform, "browser_window", lambda: SimpleNamespace(arlington=fake))
    return fake


def _storage_text(app) -> str:
    rows = app.scenes.top.rows()
    return rows[-1].text if isinstance(rows[-1], Text) else ""


def test_platform_passes_the_request_and_reads_the_answers(page):
    platform.keep_storage()
    assert page.asked == 1
    assert platform.storage_report() == platform.StorageReport(None, None)
    page.storage.kept, page.storage.used = True, 28_400_000.0
    assert platform.storage_report() == platform.StorageReport(True, 28_400_000)
    page.storage.kept, page.storage.used = "yes", -5  # nonsense is not believed
    assert platform.storage_report() == platform.StorageReport(None, None)
    assert page.checked == 3


def test_a_page_that_fails_changes_nothing(monkeypatch):
    def broken():
        raise RuntimeError("the page is gone")

    page = SimpleNamespace(keepStorage=broken, checkStorage=broken)
    monkeypatch.setattr(platform, "IS_BROWSER", True)
    monkeypatch.setattr(platform, "browser_window", lambda: SimpleNamespace(arlington=page))
    platform.keep_storage()
    assert platform.storage_report() == platform.StorageReport(None, None)


def test_settings_follows_the_browsers_answer(page, artifacts):
    app = make_app((390, 844))
    app.scenes.push(SettingsScene(app))
    step(app)
    assert _storage_text(app) == "Asking this browser whether it keeps your games\u2026"
    page.storage.kept, page.storage.used = False, 31_000
    step(app, frames=70)
    assert _storage_text(app).startswith("This browser may clear your games")
    assert "(31 KB used, the offline copy of the game included)" in _storage_text(app)
    page.storage.kept, page.storage.used = True, 28_400_000
    step(app, frames=70)
    assert _storage_text(app) == \
        "This browser keeps your games (28 MB used, the offline copy of the game included)."
    for size in ((390, 844), (1280, 720)):  # scrolled to the line, for a look
        shot = make_app(size)
        shot.scenes.push(SettingsScene(shot))
        step(shot, frames=2)
        shot.scenes.top.scroll = shot.scenes.top.layout().max_scroll
        step(shot)
        name = f"settings_storage_{size[0]}x{size[1]}.png"
        pygame.image.save(shot.surface, str(artifacts / name))


def test_settings_on_the_desktop_names_the_folder_and_its_size(tmp_path, monkeypatch):
    monkeypatch.setenv(platform.DATA_DIR_ENV, str(tmp_path))
    platform.write("settings.json", "x" * 1500)
    app = make_app()
    app.scenes.push(SettingsScene(app))
    step(app)
    assert _storage_text(app) == f"Your games are kept in {tmp_path} (2 KB)."


@pytest.mark.parametrize("n, text", [(0, "0 bytes"), (999, "999 bytes"), (1500, "2 KB"),
                                     (999_499, "999 KB"), (1_250_000, "1.2 MB"),
                                     (27_900_000, "28 MB")])
def test_sizes_read_as_a_player_reads_them(n, text):
    assert size_text(n) == text


def test_the_line_says_what_is_known_and_nothing_more():
    assert storage_line(platform.StorageReport(True, None)) == "This browser keeps your games."
    assert "may clear" in storage_line(platform.StorageReport(False, None))
