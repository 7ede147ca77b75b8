"""Draw the page icon, web/icon.png (192x192): a card on felt, drawn with pygame.

Run it again only to change the icon: ``python scripts/make_icon.py``.
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (after the environment above)

SIZE = 192
FELT, FELT_DARK, CARD = (26, 104, 62), (15, 61, 38), (250, 247, 238)
INK, RED = (24, 24, 28), (196, 36, 48)


def spade(surface, centre, size, colour):
    """A spade from two circles, a triangle and a stem (no font glyphs: the browser has none)."""
    x, y = centre
    r = size * 0.27
    pygame.draw.polygon(surface, colour, [(x, y - size * 0.5), (x - size * 0.52, y + size * 0.08),
                                          (x + size * 0.52, y + size * 0.08)])
    for dx in (-1, 1):
        pygame.draw.circle(surface, colour, (x + dx * size * 0.26, y + size * 0.1), r)
    pygame.draw.polygon(surface, colour, [(x, y + size * 0.05), (x - size * 0.2, y + size * 0.5),
                                          (x + size * 0.2, y + size * 0.5)])


def heart(surface, centre, size, colour):
    x, y = centre
    r = size * 0.27
    for dx in (-1, 1):
        pygame.draw.circle(surface, colour, (x + dx * size * 0.25, y - size * 0.12), r)
    pygame.draw.polygon(surface, colour, [(x - size * 0.52, y - size * 0.05),
                                          (x + size * 0.52, y - size * 0.05), (x, y + size * 0.5)])


def main(out: Path) -> None:
    big = pygame.Surface((SIZE * 4, SIZE * 4), pygame.SRCALPHA)  # drawn large, scaled down: smooth
    s = 4
    pygame.draw.rect(big, FELT_DARK, big.get_rect(), border_radius=40 * s)
    pygame.draw.rect(big, FELT, big.get_rect().inflate(-10 * s, -10 * s), border_radius=34 * s)
    for angle, (cx, cy), at, suit, colour in ((-14, (70, 98), (30, 36), heart, RED),
                                              (10, (116, 98), (42, 60), spade, INK)):
        card = pygame.Surface((84 * s, 118 * s), pygame.SRCALPHA)
        pygame.draw.rect(card, (0, 0, 0, 70), card.get_rect(), border_radius=10 * s)
        pygame.draw.rect(card, CARD, card.get_rect().inflate(-4 * s, -4 * s), border_radius=9 * s)
        suit(card, (at[0] * s, at[1] * s), (30 if suit is heart else 46) * s, colour)
        rotated = pygame.transform.rotate(card, angle)
        big.blit(rotated, rotated.get_rect(center=(cx * s, cy * s)))
    pygame.image.save(pygame.transform.smoothscale(big, (SIZE, SIZE)), str(out))


if __name__ == "__main__":
    default = Path(__file__).resolve().parents[1] / "web" / "icon.png"
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else default)
