"""The app: one window, the player's settings, the scene stack, and the frame loop.

``App.step`` is one frame (events in, update, draw) on any Surface, so tests drive the real app
headless frame by frame. ``App.run`` is the async loop that yields every frame, identical on
desktop and under pygbag.
"""

from __future__ import annotations

import asyncio
import gc
import importlib

import pygame

from ..platform import Handed, browser_canvas_size, read_handed, take_picked_file
from ..services.seats import Seat
from ..services.settings import Settings
from . import theme
from .keeper import Keeper, MatchTable, as_table
from .mirror import Mirror
from .pointer import PointerStream
from .scene import Scene, SceneManager

FPS = 60
MAX_DT = 0.1
"""Longest step a frame may advance (a stalled tab must not jump animations to their end)."""
_RESIZE = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
_GESTURES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)


SCENES = {
    "table": (".scenes.table", "TableScene"),
    "title": (".scenes.title", "TitleScene"),
    "new_game": (".scenes.newgame", "NewGameScene"),
    "deal_code": (".scenes.dealcode", "DealCodeScene"),
    "rules": (".scenes.rules", "RulesScene"),
    "settings": (".scenes.settings", "SettingsScene"),
    "statistics": (".scenes.statistics", "StatisticsScene"),
    "pause": (".scenes.pause", "PauseScene"),
    "cover": (".scenes.cover", "CoverScene"),
    "hand_summary": (".scenes.summary", "HandSummaryScene"),
    "match_result": (".scenes.summary", "MatchResultScene"),
    "replay": (".scenes.replay", "ReplayScene"),
    "tutorial": (".scenes.tutorial", "TutorialScene"),
}
"""Every scene a scene may ask for (``App.open``), by name: its module and class. Modules
load on first use, so the title does not load the table (and with it the AI), the replay or
the statistics until they are asked for."""


def scene_class(name: str) -> type[Scene]:
    """The class of the scene called ``name``; ValueError for a name not in ``SCENES``."""
    try:
        module, cls = SCENES[name]
    except KeyError:
        raise ValueError(f"no scene is called {name!r}; the scenes are "
                         f"{', '.join(SCENES)}") from None
    return getattr(importlib.import_module(module, __package__), cls)


class App:
    """Holds the window surface, the settings, the scenes and the pointer stream."""

    def __init__(self, surface: pygame.Surface, settings: Settings | None = None):
        self.surface = surface
        self.size: tuple[int, int] = surface.get_size()
        self.windowed = surface is pygame.display.get_surface()
        """Whether the app draws into the window (else an off-screen frame, as in tests)."""
        self.keeper = Keeper()
        """Settings, autosave, statistics, undo, hints and sound."""
        self.mirror = Mirror()
        """The accessible mirror (in the browser) and its live log."""
        self.settings = settings if settings is not None else self.keeper.load_settings()
        theme.use(self.settings)
        self.scenes = SceneManager(on_change=self._scene_changed)
        self.pointers = PointerStream(self.size)
        self.running = True
        self._tidy_due = False
        self._drawn = False
        """Whether a frame has been drawn: the start's garbage is collected after the first
        frame, not before it (in the browser a collection there took 20-50 ms)."""

    # ------------------------------------------------------------------ the match

    def start_match(self, setup, seats: tuple[Seat, ...]) -> Scene:
        """Open the table for a new match of ``setup`` (a ``game.rules.save.Setup``) with
        ``seats``; it replaces every scene (quitting the match returns to a fresh title)."""
        from ..rules.save import Game

        table = self.open("table", Game(setup), tuple(seats), reset=True)
        self.keeper.watch(as_table(table))
        return table

    def open(self, name: str, *args, reset: bool = False, **kwargs) -> Scene:
        """Open the scene called ``name`` (see ``SCENES``), made with this app and ``args``:
        on top of the stack, or alone on it with ``reset`` (quitting to the title). Scenes
        reach each other this way and never import each other."""
        scene = scene_class(name)(self, *args, **kwargs)
        if reset:
            self.scenes.reset(scene)
        else:
            self.scenes.push(scene)
        return scene

    def continue_match(self) -> Scene | None:
        """Open the table for the autosaved match, hand order and all (None when there is
        none to continue)."""
        match = self.keeper.saved_match()
        if match is None:
            return None
        table = self.open("table", match.game, match.seats, reset=True)
        self.keeper.resume(as_table(table), match)
        return table

    def match_changed(self, table: MatchTable) -> None:
        """Called by the table after every action it applies: autosave, statistics, sound."""
        self.keeper.match_changed(table)

    def apply_settings(self, new: Settings) -> None:
        """Replace the settings (kept for the next session); every scene hears of it."""
        if new == self.settings:
            return
        self.settings = new
        theme.use(new)
        self.keeper.settings_changed(new)
        for scene in self.scenes.stack:
            scene.settings_changed()

    # ------------------------------------------------------------------ backups

    def import_backup(self, handed: Handed) -> str:
        """Make the backup the player handed in (picked, dropped) their data, or refuse it
        with nothing changed; either way Statistics opens and says which. After an import
        everything is read again and the title is under Statistics (a match that was in play
        is in the data the import replaced, which Undo import brings back)."""
        from ..services import backup

        try:
            backup.import_handed(handed)
        except backup.BackupError as e:
            return self._show_backup_news(str(e), changed=False)
        return self._show_backup_news(f"Imported {handed.name}: your statistics, history, "
                                      "settings and saved match are the backup's.", True)

    def undo_import(self) -> str:
        """Put back the data the last import replaced (Statistics' Undo import)."""
        from ..services import backup

        try:
            backup.undo()
        except backup.BackupError as e:
            return self._show_backup_news(str(e), changed=False)
        return self._show_backup_news("The import is undone: your data is as it was before.",
                                      True)

    def _show_backup_news(self, news: str, changed: bool) -> str:
        if changed:
            self.keeper.reload()
            self.settings = self.keeper.load_settings()
            self.open("title", reset=True)
            self.open("statistics", note=news)
            return news
        tell = getattr(self.scenes.top, "backup_news", None)  # the Statistics page that asked
        if tell is not None:
            tell(news)
        else:
            self.open("statistics", note=news)
        return news

    def quit(self) -> None:
        """Close the app (desktop; a browser tab has nothing to return to)."""
        self.running = False

    # ------------------------------------------------------------------ the window

    def resize(self, size: tuple[int, int], surface: pygame.Surface | None = None) -> None:
        """The window is now ``size`` (a resize event, or the page resizing the canvas)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if surface is not None:
            self.surface = surface
            self.windowed = surface is pygame.display.get_surface()
        elif self.surface.get_size() != size:
            self.surface = pygame.Surface(size)  # headless: a new off-screen frame
        self.size = size
        for p in self.pointers.resize(self.size):
            if self.scenes.top:
                self.scenes.top.pointer(p)
        self.scenes.resize(self.size)

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window itself to ``size`` and relayout: what the browser page's resize
        hook calls when the canvas follows the viewport."""
        flags = pygame.RESIZABLE if pygame.display.get_surface() is not None else 0
        self.resize(size, pygame.display.set_mode(size, flags))

    # ------------------------------------------------------------------ one frame

    def handle(self, event) -> None:
        """Route one raw pygame event to the active scene."""
        t = event.type
        if t == pygame.QUIT:
            if self.keeper.may_close():  # an unsaved match asks for a second close
                self.quit()
            return
        if t in _RESIZE:
            self._window_resized(event)
            return
        if t == pygame.DROPFILE:  # a backup dropped on the window
            from ..services.backup import MAX_CHARS

            self.import_backup(read_handed(event.file, MAX_CHARS))
            return
        top = self.scenes.top
        if t in _GESTURES:
            self.keeper.sounds.unlock()  # browsers allow audio after the first gesture
        if t == pygame.KEYDOWN:
            if top:
                top.key(event)
            return
        if t == pygame.MOUSEWHEEL:
            if top and not getattr(event, "touch", False):
                top.wheel(int(event.y))
            return
        for p in self.pointers.feed(event):
            top = self.scenes.top
            if top:
                top.pointer(p)

    def step(self, events, dt: float) -> None:
        """One frame: handle ``events``, advance ``dt`` seconds, draw."""
        self.mirror.take(self.scenes.top)
        for event in events:
            self.handle(event)
        if self._tidy_due and self._drawn:
            self._tidy()
        self.keeper.frame()
        if self.scenes.top:
            self.scenes.top.update(min(dt, MAX_DT))
        self.scenes.draw(self.surface)
        self.mirror.publish(self.scenes.top)
        self._drawn = True

    async def run(self, frames: int | None = None) -> None:
        """The frame loop: yields to the browser (or any other task) every frame."""
        clock = pygame.time.Clock()
        frame, dt = 0, 0.0
        while self.running and self.scenes.top is not None:
            wanted = browser_canvas_size()  # None on the desktop
            if wanted is not None and wanted != self.size:
                self.set_window_size(wanted)  # the page resized the canvas (rotation, resize)
            picked = take_picked_file()  # None on the desktop
            if picked is not None:
                self.import_backup(picked)  # the page's file chooser gave a backup
            self.step(pygame.event.get(), dt)
            pygame.display.flip()
            frame += 1
            if frames is not None and frame >= frames:
                break
            await asyncio.sleep(0)
            # Paced after the frame, not before: the first tick waits a 60th of a second
            # from the clock's creation, which the first frame need not.
            dt = clock.tick(FPS) / 1000.0

    # ------------------------------------------------------------------ housekeeping

    def _window_resized(self, event) -> None:
        display = pygame.display.get_surface()
        if self.windowed and display is not None:
            self.resize(display.get_size(), display)  # SDL already resized the window
            return
        size = getattr(event, "size", None) or (getattr(event, "x", 0), getattr(event, "y", 0))
        if size[0] > 0 and size[1] > 0:
            self.resize(size)

    def tidy_soon(self) -> None:
        """Collect garbage before the next frame (between hands: the summary asks)."""
        self._tidy_due = True

    def _scene_changed(self, scene: Scene) -> None:
        # A modal coming or going (pause) is too frequent and too small to tidy for.
        if scene.opaque:
            self._tidy_due = True

    def _tidy(self) -> None:
        """After a scene change: collect the previous scene's garbage in one go, then freeze
        what is left (the long-lived tables, caches and card art) out of the collector's
        sight, so the collections during play are short (docs/engine.md, GC pauses)."""
        self._tidy_due = False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
