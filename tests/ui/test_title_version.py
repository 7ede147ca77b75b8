"""The title names the game's version in a corner (the bottom right, or the top right where the
buttons reach the bottom), clear of every button, at a phone's size and a desktop's, so a player
can quote it in a bug report."""

import pygame
import pytest
from scene_nav import make_app, step

import game
from game.ui import scenes
from game.ui.scenes import title


def _corners(size) -> pygame.Rect:
    """The right third of the window, where the version stands (at its top or its foot)."""
    w, h = size
    return pygame.Rect(w * 2 // 3, 0, w - w * 2 // 3, h)


@pytest.mark.parametrize("size", [(390, 844), (1280, 720), (844, 390), (360, 640)])
def test_the_version_is_drawn_in_the_corner_clear_of_the_buttons(size, artifacts, monkeypatch):
    app = make_app(size)
    app.scenes.push(scenes.TitleScene(app))
    step(app, frames=3)
    pygame.image.save(app.surface, str(artifacts / f"title_version_{size[0]}x{size[1]}.png"))
    corner = _corners(size)
    shown = pygame.image.tobytes(app.surface.subsurface(corner), "RGB")
    monkeypatch.setattr(title, "__version__", "9.99.999")
    step(app, frames=1)
    other = pygame.image.tobytes(app.surface.subsurface(corner), "RGB")
    assert shown != other, f"the corner does not change with the version ({game.__version__})"
    # Where the two renders differ is the version's text: inside the window, under no button.
    diff = pygame.Surface(corner.size)
    before = pygame.image.frombytes(shown, corner.size, "RGB")
    after = pygame.image.frombytes(other, corner.size, "RGB")
    diff.blit(before, (0, 0))
    diff.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    mask = pygame.mask.from_threshold(diff, (0, 0, 0), (8, 8, 8, 255))
    mask.invert()
    box = mask.get_bounding_rects()
    assert box, "no pixel differs"
    text = box[0].unionall(box[1:]).move(corner.topleft)
    for b in app.scenes.top.layout().buttons:
        assert not text.colliderect(b.rect), f"the version overlaps the {b.key} button"
