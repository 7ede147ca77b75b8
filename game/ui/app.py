"""The app: one window, the scene stack, and the frame loop.

``App.step`` is one frame (events in, update, draw) on any Surface, so tests drive the real app
headless frame by frame. ``App.run`` is the async loop that yields every frame, identical on
desktop and under pygbag.
"""

from __future__ import annotations

import asyncio

import pygame

from .pointer import PointerStream
from .scene import SceneManager

FPS = 60


class App:
    """Holds the window surface, the scenes and the pointer stream."""

    def __init__(self, surface: pygame.Surface):
        self.surface = surface
        self.size = surface.get_size()
        self.scenes = SceneManager()
        self.pointers = PointerStream(self.size)
        self.running = True

    def resize(self, size: tuple[int, int], surface: pygame.Surface | None = None) -> None:
        """The window is now ``size`` (a resize event, or the page resizing the canvas)."""
        if surface is not None:
            self.surface = surface
        self.size = tuple(size)
        for p in self.pointers.resize(self.size):
            if self.scenes.top:
                self.scenes.top.pointer(p)
        self.scenes.resize(self.size)

    def handle(self, event) -> None:
        """Route one raw pygame event to the active scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        top = self.scenes.top
        if event.type == pygame.KEYDOWN:
            if top:
                top.key(event)
            return
        for p in self.pointers.feed(event):
            top = self.scenes.top
            if top:
                top.pointer(p)

    def step(self, events, dt: float) -> None:
        """One frame: handle ``events``, advance ``dt`` seconds, draw."""
        for event in events:
            self.handle(event)
        if self.scenes.top:
            self.scenes.top.update(dt)
        self.scenes.draw(self.surface)

    async def run(self, frames: int | None = None) -> None:
        """The frame loop: yields to the browser (or any other task) every frame."""
        clock = pygame.time.Clock()
        frame = 0
        while self.running and self.scenes.top is not None:
            dt = clock.tick(FPS) / 1000.0
            events = pygame.event.get()
            for e in events:
                if e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                    self.resize(pygame.display.get_surface().get_size(),
                                pygame.display.get_surface())
            self.step([e for e in events
                       if e.type not in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)],
                      min(dt, 0.1))
            pygame.display.flip()
            frame += 1
            if frames is not None and frame >= frames:
                break
            await asyncio.sleep(0)
