"""Shared set-up for the UI tests: SDL's dummy drivers, pygame initialised once, and the
folder screenshots go to.

The dummy video driver stands in for a screen, so every scene is driven and drawn on a bare CI
machine exactly as on a desktop, frame by frame through ``App.step``.
"""

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment above, which SDL reads on init)
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((64, 64))  # a display, so convert_alpha() works as in the game
    yield
    pygame.quit()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory) -> Path:
    """Where screenshots are written: $ARLINGTON_ARTIFACTS, else a pytest temporary folder."""
    folder = os.environ.get("ARLINGTON_ARTIFACTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(autouse=True)
def _usual_look():
    """Every test starts and ends with the usual look at 100 % text: an App made with other
    settings switches the theme (``theme.use``), and layout tests that make no App read it."""
    from game.services.settings import Settings
    from game.ui import theme

    theme.use(Settings())
    yield
    theme.use(Settings())
