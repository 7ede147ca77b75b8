"""Arlington: Oklahoma Rummy for the browser and the desktop."""

from pathlib import Path

__version__ = "0.6.3"
"""The game's version, its one source: the package metadata reads it (pyproject.toml), the
title shows it in a corner, ``arlington --version`` prints it, and every save and exported file
carries it, so a bug report can name the game it came from (CHANGELOG.md says what each
version changed)."""

TAGLINE = "Oklahoma Rummy — not Oklahoma Gin"
"""What the game is, in one line: most pages that use the name describe Oklahoma Gin, a different
game, so the title screen and the web page say so where a newcomer looks first."""

TITLE = f"Arlington: {TAGLINE}"
"""The window's caption, which the browser also shows as the tab's title, and the page's."""


def _assets() -> Path:
    """Where the fonts and sounds are: inside the package once installed (the wheel copies the
    checkout's top-level ``assets/`` to ``game/assets/``), else beside the package, as in a
    checkout and in both browser builds, which unpack ``assets/`` next to ``game/``."""
    package = Path(__file__).resolve().parent
    installed = package / "assets"
    return installed if installed.is_dir() else package.parent / "assets"


ASSETS = _assets()
"""The folder of the game's fonts (``fonts/``) and sounds (``sounds/``): the one place every
loader asks."""
