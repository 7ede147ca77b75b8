"""The cover screen of pass-the-tablet play: between two people's turns it hides the table
until the next person taps, so nobody sees a hand that is not theirs."""

from __future__ import annotations

import pygame

from .. import cardart, theme
from ..pointer import P
from .menu import MenuScene, draw_heading
from .page import FooterButton

ARM_SECONDS = 0.4
"""A tap this soon after the cover appears is the previous player's, not the next one's."""


class CoverScene(MenuScene):
    """"Pass to NAME"; a tap anywhere (that began on this screen) shows their hand."""

    head_share = 0.55

    def __init__(self, app, seat_name: str):
        super().__init__(app)
        self.seat_name = seat_name
        self.age = 0.0
        self._armed_press = False

    def items(self):
        return [FooterButton("show", f"I am {self.seat_name}: show my cards", primary=True)]

    def pointer(self, e):
        if e.kind is P.DOWN:
            self._armed_press = self.age >= ARM_SECONDS
        elif e.kind is P.TAP and self._armed_press:
            self.reveal()
        elif e.kind is not P.DRAG:
            self._armed_press = False

    def key(self, event):
        if self.age >= ARM_SECONDS and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                     pygame.K_SPACE):
            self.reveal()

    def update(self, dt):
        self.age += dt

    def reveal(self) -> None:
        self.app.scenes.remove(self)

    def draw_head(self, surface, lay):
        m, head = lay.m, lay.head
        cw = max(cardart.MIN_READABLE_WIDTH, round(64 * m.s))
        back = cardart.back(cw)
        ch = back.get_height()
        text_h = theme.line_height(round(m.title_px * 1.2)) + 2 * theme.line_height(m.body_px)
        if head.h - text_h > ch + m.gap:
            x0 = head.centerx - (cw + 2 * round(cw * 0.35)) // 2
            top = head.bottom - text_h - ch - 2 * m.gap
            for i in range(3):
                surface.blit(back, (x0 + i * round(cw * 0.35), top))
        draw_heading(surface, lay, *self.heading())

    def heading(self):
        return (f"Pass to {self.seat_name}", "Hand the screen over, then tap anywhere when ready")

    def activate(self, key):
        if key == "show" and self.age >= ARM_SECONDS:
            self.reveal()
