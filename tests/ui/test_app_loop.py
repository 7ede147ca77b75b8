"""The frame loop's pacing: in the page, the browser's refresh; on the desktop, the clock."""

import asyncio

import pygame
from scene_nav import make_app

from game.ui import app as app_module


class _Clock:
    """Records what the loop asks of pygame's clock, and never waits."""

    def __init__(self, asked: list) -> None:
        self.asked = asked

    def tick(self, framerate: int = 0) -> int:
        self.asked.append(framerate)
        return 16


class _Refresh:
    """An animation frame already come: awaiting it counts, and yields nothing."""

    def __init__(self, waited: list) -> None:
        self.waited = waited

    def __await__(self):
        self.waited.append(1)
        return iter(())


def _run(monkeypatch, refresh) -> list:
    ticks: list = []
    monkeypatch.setattr(pygame.time, "Clock", lambda: _Clock(ticks))
    monkeypatch.setattr(app_module, "animation_frame", refresh)
    app = make_app()
    app.open("title")
    asyncio.run(app.run(frames=3))
    return ticks


def test_in_the_page_each_frame_waits_for_the_next_refresh_not_a_spinning_tick(monkeypatch):
    waited: list = []
    ticks = _run(monkeypatch, lambda: _Refresh(waited))
    assert waited == [1, 1]  # between the three frames
    assert ticks == [0, 0, 0]  # the clock only measures: its wait would spin the page's thread


def test_on_the_desktop_the_clock_paces_the_loop(monkeypatch):
    assert _run(monkeypatch, lambda: None) == [app_module.FPS] * 3
