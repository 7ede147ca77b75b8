"""The title screen: a fan of cards, the name, and where to go from here; the game's version in
the bottom right corner, for a bug report to name."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ... import TAGLINE, __version__, platform
from ...rules.cards import CLUBS, HEARTS, QUEEN, SPADES, card
from ...rules.options import PRESETS
from .. import theme, widgets
from .menu import MenuScene, draw_heading
from .page import FooterButton

FAN = (card(1, SPADES), card(13, HEARTS), card(QUEEN, SPADES), card(2, CLUBS), card(7, HEARTS))
"""The cards fanned above the title: an ace, a king, the queen of spades, a wild 2."""


@lru_cache(maxsize=4)
def fan_art(height: int) -> pygame.Surface:
    """The fanned cards, ``height`` px tall (cached: rotating cards is slow). The card art is
    imported here, on the second frame, so the first frame waits for the menu alone."""
    from .. import cardart

    cw = max(cardart.MIN_READABLE_WIDTH, round(height / cardart.CARD_RATIO * 0.78))
    ch = cardart.height(cw)
    n = len(FAN)
    spread = 11.0
    big = pygame.Surface((cw * 4, ch * 3), pygame.SRCALPHA)
    cx, pivot_y = big.get_width() // 2, ch * 2.2
    for i, c in enumerate(FAN):
        angle = (i - (n - 1) / 2) * spread
        image = pygame.transform.rotozoom(cardart.face(c, cw), -angle, 1.0)
        # rotate each card about a point well below it, as a hand fans cards
        v = pygame.math.Vector2(0, -(pivot_y - ch / 2)).rotate(angle)
        rect = image.get_rect(center=(cx + v.x, pivot_y + v.y))
        shadow = pygame.transform.rotozoom(cardart.shadow(cw), -angle, 1.0)
        big.blit(shadow, shadow.get_rect(center=(rect.centerx + 2, rect.centery + 4)))
        big.blit(image, rect)
    box = big.get_bounding_rect()
    art = big.subsurface(box).copy()
    scale = min(1.0, height / max(1, art.get_height()))
    if scale < 1.0:
        art = pygame.transform.smoothscale(
            art, (round(art.get_width() * scale), round(art.get_height() * scale)))
    return art


class TitleScene(MenuScene):
    """Continue, new game, rules, settings, statistics (and quit on the desktop)."""

    head_share = 0.42

    def __init__(self, app):
        super().__init__(app)
        self._toast: widgets.Toast | None = None
        """A save, settings or statistics file that could not be used: said here."""
        self._frames = 0
        """Frames updated so far. The first leaves the fan of cards out: building it (five
        supersampled cards, rotated) is most of the first frame's cost, so the app shows
        sooner, and the fan comes one frame later (in the browser, under the page's cover)."""

    def items(self):
        saved = self.app.keeper.saved_match() is not None
        items = [FooterButton("continue", "Continue", primary=saved, enabled=saved),
                 FooterButton("new", "New game", primary=not saved),
                 FooterButton("learn", "Learn to play"),
                 FooterButton("rules", "Rules"),
                 FooterButton("settings", "Settings"),
                 FooterButton("stats", "Statistics")]
        if not platform.IS_BROWSER:
            items.append(FooterButton("quit", "Quit"))
        return items

    def activate(self, key):
        if key == "continue":
            self.app.continue_match()
        elif key == "stats":
            self.app.open("statistics")
        elif key == "new":
            self.app.open("new_game")
        elif key == "learn":
            self.app.open("tutorial")
        elif key == "rules":
            self.app.open("rules", PRESETS.get(self.app.settings.preset, PRESETS["digital"]))
        elif key == "settings":
            self.app.open("settings")
        elif key == "quit":
            self.app.quit()

    def heading(self):
        return ("Arlington", TAGLINE)

    def back(self):
        if not platform.IS_BROWSER:
            self.app.quit()

    def update(self, dt):
        self._frames += 1
        toast = self._toast
        if toast is None or not toast.alive:
            message = self.app.keeper.take_message()
            toast = widgets.Toast(message, "info", seconds=7.0) if message else None
        self._toast = toast.aged(dt) if toast else None

    def draw(self, surface):
        super().draw(surface)
        lay = self.layout()
        self._draw_version(surface, lay)
        if self._toast is not None:  # over the art, never over a button
            w = surface.get_width()
            widgets.draw_toast(surface, self._toast, (w / 2, lay.head.y + lay.head.h * 0.4),
                               min(w - 2 * lay.m.margin, round(520 * lay.m.s)),
                               lay.m.body_px)

    def _draw_version(self, surface, lay):
        """The version in the bottom right corner, or the top right where the buttons reach
        the bottom (a small phone that also shows Quit)."""
        label, px = f"Version {__version__}", lay.m.small_px
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, theme.text_width(label, px), theme.line_height(px))
        box.bottomright = (w - lay.m.margin, h - lay.m.margin // 2)
        if box.collidelist([b.rect for b in lay.buttons]) != -1:
            box.topright = (w - lay.m.margin, lay.m.margin // 2)
        theme.text(surface, label, px, box.midleft, theme.INK_DIM, "midleft")

    def draw_head(self, surface, lay):
        m, head = lay.m, lay.head
        text_h = theme.line_height(round(m.title_px * 1.5)) + theme.line_height(m.body_px)
        art_h = head.h - text_h - m.gap * 2
        if art_h >= round(60 * m.s) and self._frames > 1:
            art = fan_art(min(art_h, round(230 * m.s), round(head.w * 0.55)))
            surface.blit(art, art.get_rect(midbottom=(head.centerx,
                                                      head.bottom - text_h - m.gap)))
        draw_heading(surface, lay, *self.heading(), px_share=1.25)
