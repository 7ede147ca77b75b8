"""The installed app's icons and its web app manifest, made at build time.

The icons are the game's own drawing, not a picture kept beside it: the title's fan of cards
(``game.ui.scenes.title.fan_art``, the card art the table draws) on the felt
(``game.ui.theme.felt``). Two kinds:

- ``any``, 192 and 512 px: the felt as a rounded square (transparent corners), the fan filling
  most of it, for launchers that show an icon as it is;
- ``maskable``, 512 px: the felt to every edge and the fan inside the middle circle of 80% of
  the width, the part every launcher's mask (circle, squircle, rounded square) keeps.

They are drawn in a child process (``python -m tools.web.icons FOLDER``) with SDL's dummy
drivers, so a build never opens or changes a display of the process that runs it (a test
session may hold one).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from game import TAGLINE

from .files import REPO


@dataclass(frozen=True)
class Icon:
    name: str
    size: int
    purpose: str
    """``any`` or ``maskable`` (the manifest's words)."""


ICONS = (Icon("icon-192.png", 192, "any"), Icon("icon-512.png", 512, "any"),
         Icon("icon-maskable-512.png", 512, "maskable"))
MANIFEST = "manifest.webmanifest"
THEME_COLOUR = "#0f3d26"
"""The felt's dark edge: the page's background, its ``theme-color`` and the loading cover."""
SAFE_ZONE = 0.8
"""A maskable icon's part every mask keeps: the centred circle of this share of its width."""
GRAINLESS = 24
"""The felt is drawn this small, then stretched: its light without its grain."""
TIMEOUT = 120  # seconds: drawing takes about one


class IconError(RuntimeError):
    """The icons could not be drawn; the message says why."""


def manifest() -> dict:
    """The web app manifest: what an install (Chromium's Install, Android's Add to Home screen)
    names, shows and opens. ``start_url`` and ``scope`` are the build's folder, wherever it is
    hosted, so the installed app opens the title from the service worker's cache offline."""
    return {
        "id": "./",
        "name": "Arlington",
        "short_name": "Arlington",
        "description": f"Arlington: {TAGLINE}. Two-deck rummy with wild 2s and the queen "
                       "of spades, against the computer, offline once played.",
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "fullscreen",
        "display_override": ["fullscreen", "standalone"],
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": THEME_COLOUR,
        "categories": ["games"],
        "icons": [{"src": i.name, "sizes": f"{i.size}x{i.size}", "type": "image/png",
                   "purpose": i.purpose} for i in ICONS],
    }


def write(folder: Path) -> list[str]:
    """Draw the icons into ``folder`` and write the manifest beside them; the files' names."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        run = subprocess.run([sys.executable, "-m", "tools.web.icons", str(folder)], cwd=REPO,
                             env=env, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise IconError(f"drawing the icons took over {TIMEOUT} s") from None
    if run.returncode != 0:
        raise IconError(f"drawing the icons failed:\n{run.stderr[-2000:]}")
    (folder / MANIFEST).write_text(json.dumps(manifest(), indent=1, ensure_ascii=False) + "\n")
    return [MANIFEST, *(i.name for i in ICONS)]


def draw(icon: Icon):
    """One icon as a pygame Surface (in the child process: pygame is initialised there)."""
    import pygame

    from game.ui import theme
    from game.ui.scenes.title import fan_art

    size = icon.size
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    # The felt's light falling off to its edge, without its grain, which at a launcher's size
    # is invisible and would make each PNG five times larger (a small felt stretched).
    image.blit(pygame.transform.smoothscale(theme.felt((GRAINLESS, GRAINLESS)), (size, size)),
               (0, 0))
    art = fan_art(size)
    w, h = art.get_size()
    if icon.purpose == "maskable":  # the fan's corners inside the safe circle
        scale = size * SAFE_ZONE * 0.96 / (w * w + h * h) ** 0.5
    else:
        big = pygame.Surface((size * 4, size * 4), pygame.SRCALPHA)
        pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=size * 4 // 5)
        image.blit(pygame.transform.smoothscale(big, (size, size)), (0, 0),
                   special_flags=pygame.BLEND_RGBA_MULT)
        scale = size * 0.84 / max(w, h)
    art = pygame.transform.smoothscale(art, (round(art.get_width() * scale),
                                             round(art.get_height() * scale)))
    image.blit(art, art.get_rect(center=(size / 2, size / 2)))
    return image


def main(folder: str) -> None:
    import pygame

    pygame.init()
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for icon in ICONS:
        pygame.image.save(draw(icon), str(out / icon.name))


if __name__ == "__main__":
    main(sys.argv[1])
