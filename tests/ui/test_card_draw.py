"""Drawing a card by parts (its opaque middle copied, its rim and shadow blended) gives the
pixels of its art blitted whole, over any background, at any width and position, clipped at
the edges of the surface too."""

import random

import pygame
import pytest

from game.rules.cards import ALL_CARDS, JOKER, QUEEN_OF_SPADES
from game.ui import cardart

EVERY_CARD = (None, *ALL_CARDS, JOKER)


def noise(size, seed: int) -> pygame.Surface:
    """A background of random pixels: any pixel drawn wrong, or left undrawn, shows."""
    rand = random.Random(seed)
    return pygame.image.frombytes(rand.randbytes(size[0] * size[1] * 3), size, "RGB").convert()


def whole(surface, c, rect, shadow: bool, four_colour=False, queen=True) -> None:
    """The card's art in one blit, as the table drew it before."""
    if shadow:
        art = cardart.with_shadow(c, rect.w, four_colour, queen)
        surface.blit(art, cardart.shadow_pos(rect), special_flags=pygame.BLEND_PREMULTIPLIED)
    else:
        art = cardart.back(rect.w) if c is None else cardart.face(c, rect.w, four_colour, queen)
        surface.blit(art, rect.topleft)


def both_ways(c, width: int, at, shadow: bool, seed: int, **kw):
    size = (2 * width + 40, 2 * cardart.height(width) + 40)
    rect = pygame.Rect(at, (width, cardart.height(width)))
    a, b = noise(size, seed), noise(size, seed)
    whole(a, c, rect, shadow, **kw)
    cardart.draw(b, c, rect, shadow=shadow, **kw)
    return pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("shadow", [True, False], ids=["shadow", "flat"])
@pytest.mark.parametrize("width", [8, 9, 15, 23, 40, 57, 64, 70, 99, 120, 150, 181, 232])
def test_a_back_and_some_faces_by_parts_are_the_whole_art(width, shadow):
    for k, c in enumerate((None, ALL_CARDS[0], QUEEN_OF_SPADES, JOKER)):
        first, second = both_ways(c, width, (20 + k, 17), shadow, width + k)
        assert first == second, (c, width)


@pytest.mark.parametrize("width", [48, 100, 150])
def test_every_card_in_both_decks_by_parts_is_its_whole_art(width):
    for c in EVERY_CARD:
        for four in (False, True):
            first, second = both_ways(c, width, (11, 23), True, width, four_colour=four)
            assert first == second, (c, width, four)


@pytest.mark.parametrize("at", [(-30, 5), (5, -40), (-200, -200), (200, 290)],
                         ids=["left", "top", "outside", "bottom-right"])
def test_a_card_clipped_by_the_edge_is_the_whole_art_clipped(at):
    first, second = both_ways(ALL_CARDS[7], 100, at, True, 3)
    assert first == second
