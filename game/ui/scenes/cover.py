"""The cover screen of pass-the-tablet play: between two people's turns it hides the table
until the next person taps, so nobody sees a hand that is not theirs."""

from __future__ import annotations

from dataclasses import replace

import pygame

from .. import cardart, theme, widgets
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

    def layout(self):
        """The menu's layout, the button taller where its label (``I am NAME: show my
        cards``) has no room on one line at the page's body text (a large text size on a
        phone): the label then stands on two lines (``label_lines``), drawn by ``draw``,
        and the head gives up the room."""
        lay = super().layout()
        b = lay.buttons[0]
        px, lines = self.label_lines(lay)
        if len(lines) == 1:
            return lay
        h = max(b.rect.h, len(lines) * theme.line_height(px) + 2 * lay.m.gap)
        rise = max(0, b.rect.y + h + lay.m.margin - self.app.size[1])
        rect = pygame.Rect(b.rect.x, b.rect.y - rise, b.rect.w, h)
        head = pygame.Rect(lay.head.x, lay.head.y, lay.head.w, lay.head.h - rise)
        return replace(lay, head=head, buttons=(replace(b, rect=rect, label=""),))

    def label_lines(self, lay) -> tuple[int, list[str]]:
        """The button's label in the menu's own button (``lay``): on one line at the
        button's own size, or a little smaller while that is no smaller than the page's
        body text; else wrapped between words at the body text (the name kept whole)."""
        b, m = lay.buttons[0], lay.m
        label = self.items()[0].label
        room = b.rect.w - 2 * widgets.button_radius(b.rect.h)
        px = theme.fit_px(label, widgets.button_label_px(b.rect.h), room, True,
                          smallest=m.body_px)
        if theme.text_width(label, px, True) <= room:
            return px, [label]
        whole = label.replace(self.seat_name, self.seat_name.replace(" ", "\u00a0"))
        return m.body_px, [line.replace("\u00a0", " ")
                           for line in theme.wrap(whole, m.body_px, room, True)]

    def draw(self, surface):
        """The menu; a label on two lines (``layout``) over its button."""
        super().draw(surface)
        lay = self.layout()
        b = lay.buttons[0]
        if not b.label:
            px, lines = self.label_lines(super().layout())
            body = b.rect.move(0, 1) if self._press == b.key else b.rect
            top = body.centery - len(lines) * theme.line_height(px) // 2
            theme.draw_text_block(surface, lines, px, (body.centerx, top), theme.ACCENT_INK,
                                  True, "center")

    def draw_head(self, surface, lay):
        m, head = lay.m, lay.head
        cw = max(cardart.MIN_READABLE_WIDTH, round(64 * m.s))
        back = cardart.back(cw)
        ch = back.get_height()
        title, sub = self.heading()
        under = len(theme.wrap(sub, m.body_px, head.w))
        text_h = theme.line_height(round(m.title_px * 1.2)) + under * theme.line_height(m.body_px)
        if head.h - text_h > ch + m.gap:
            x0 = head.centerx - (cw + 2 * round(cw * 0.35)) // 2
            top = head.bottom - text_h - ch - 2 * m.gap
            for i in range(3):
                surface.blit(back, (x0 + i * round(cw * 0.35), top))
        draw_heading(surface, lay, title, sub, most=under)

    def heading(self):
        return (f"Pass to {self.seat_name}", "Hand the screen over, then tap anywhere when ready")

    def activate(self, key):
        if key == "show" and self.age >= ARM_SECONDS:
            self.reveal()
