"""Finding a scene's controls on screen and pressing them with real events, for tests that
walk the app the way a player does (taps, drags to scroll, keys) through ``App.step``."""

import pygame
from ui_events import mouse_drag, mouse_tap, touch_drag, touch_tap

from game.services.settings import Settings
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.page import PageScene

FRAME = 1 / 60

FAST = Settings(animation_speed=0.0, think_seconds=0.1)
"""No animation and no pacing: computer turns as fast as they think."""


def make_app(size=(390, 844), settings=FAST) -> App:
    return App(pygame.Surface(size), settings)


def step(app, events=(), frames: int = 1, dt: float = FRAME) -> None:
    app.step(list(events), dt)
    for _ in range(frames - 1):
        app.step([], dt)


def _visible(lay, rect, scroll) -> bool:
    top = lay.view.y + rect.y - scroll
    return top >= lay.view.y and top + rect.h <= lay.view.bottom


def locate(app, key: str, part: str = "", touch: bool = False):
    """Where on screen the control ``key`` (its ``part``) of the top scene is, scrolling the
    page with real drags until it is in view. None if the scene has no such control."""
    scene = app.scenes.top
    if isinstance(scene, MenuScene):
        for b in scene.layout().buttons:
            if b.key == key:
                return b.rect.center
        return None
    if not isinstance(scene, PageScene):
        return None
    lay = scene.layout()
    if key == "back" and lay.back is not None:
        return lay.back.rect.center
    for b in lay.footer:
        if b.key == key:
            return b.rect.center
    for targets in lay.targets:
        for t in targets:
            if t.key != key or t.part != part:
                continue
            for _ in range(100):
                lay = scene.layout()
                if _visible(lay, t.rect, scene.scroll):
                    return (lay.view.x + t.rect.centerx,
                            lay.view.y + t.rect.centery - scene.scroll)
                want = lay.view.y + t.rect.centery - scene.scroll - lay.view.centery
                move = max(-(lay.view.h // 3), min(lay.view.h // 3, want))
                x = lay.view.x + 4  # the panel's padding: nothing to press there
                start = (x, lay.view.centery)
                end = (x, lay.view.centery - move)
                drag = touch_drag(start, end, app.size) if touch else mouse_drag(start, end)
                step(app, drag)
            raise AssertionError(f"could not scroll {key} into view")
    return None


def press(app, key: str, part: str = "", touch: bool = False, frames: int = 1) -> None:
    """Tap control ``key`` of the top scene (as a mouse click or a browser touch)."""
    pos = locate(app, key, part, touch)
    assert pos is not None, f"{type(app.scenes.top).__name__} has no control {key!r} {part!r}"
    step(app, touch_tap(pos, app.size) if touch else mouse_tap(pos), frames)


def targets_on_screen(app) -> list:
    """The top scene's fixed buttons (a menu's column, a page's footer and back button) as
    (key, part, screen rect)."""
    scene = app.scenes.top
    out = []
    if isinstance(scene, MenuScene):
        out = [(b.key, "", b.rect) for b in scene.layout().buttons]
    elif isinstance(scene, PageScene):
        lay = scene.layout()
        out = [(b.key, "", b.rect) for b in lay.footer]
        if lay.back is not None:
            out.append(("back", "", lay.back.rect))
    return out
