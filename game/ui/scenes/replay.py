"""Replay: step forwards and backwards through a finished hand (or the whole match), every
seat's cards shown. The save is the action log, so each position is the match replayed to
that point (``game.services.rewind``); the table itself is never touched.

Only finished hands are replayed (from the hand summary and the match result): a hand still
in play keeps its hidden cards hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...rules.cards import card_symbol
from ...rules.state import Phase
from ...services.rewind import Rewind
from .. import cardart, theme
from ..table_model import describe
from .page import FooterButton, Heading, PageScene, Row, Text


@dataclass(frozen=True, slots=True)
class CardsRow(Row):
    """A label and a fan of face-up cards (a hand, or one meld after another)."""

    label: str
    groups: tuple[tuple[int, ...], ...]
    four_colour: bool = False

    def _card_w(self, m) -> int:
        return max(cardart.MIN_READABLE_WIDTH + 2, round(40 * m.s))

    def _lines(self, m, width) -> list[list[tuple[int, int]]]:
        """Card lines: each a list of (x offset, card), a group never split across lines."""
        cw = self._card_w(m)
        step, gap = max(1, round(cw * 0.42)), round(cw * 0.35)
        if len(self.groups) == 1 and len(self.groups[0]) > 1:  # a hand: spread out if room
            step = max(step, min(round(cw * 0.8), (width - cw) // (len(self.groups[0]) - 1)))
        lines, line, x = [], [], 0
        for group in self.groups:
            span = (len(group) - 1) * step + cw
            if line and x + span > width:
                lines.append(line)
                line, x = [], 0
            for i, c in enumerate(group):
                line.append((x + i * step, c))
            x += span + gap
        if line:
            lines.append(line)
        return lines

    def measure(self, m, width):
        lines = self._lines(m, width)
        ch = cardart.height(self._card_w(m))
        body = len(lines) * (ch + m.gap // 2) if lines else theme.line_height(m.small_px)
        return theme.line_height(m.small_px) + m.gap // 2 + body

    def draw(self, surface, m, rect, pressed):
        theme.text(surface, self.label, m.small_px, rect.topleft, theme.INK_DIM)
        y = rect.y + theme.line_height(m.small_px) + m.gap // 2
        lines = self._lines(m, rect.w)
        if not lines:
            theme.text(surface, "none", m.small_px, (rect.x, y), theme.INK_DIM)
            return
        cw = self._card_w(m)
        for line in lines:
            for x, c in line:
                surface.blit(cardart.face(c, cw, self.four_colour), (rect.x + x, y))
            y += cardart.height(cw) + m.gap // 2


def what_happened(position, seats) -> str:
    """The last move of a position in words (``Computer 1 took the pile (6 cards)``)."""
    if position.action is None:
        return "The deal"
    names = [seat.name for seat in seats]
    words = [w for e in position.events if (w := describe(e, names, position.state.hand_no))]
    return "; ".join(words)


class ReplayScene(PageScene):
    """Step through positions ``first``..the end of ``game`` (a finished hand or match)."""

    title = "Replay"

    def __init__(self, app, game, seats, whole_match: bool = False):
        super().__init__(app)
        self.rewind = Rewind(game)
        self.seats = tuple(seats)
        self.first = 0 if whole_match else self.rewind.hand_starts[-1]
        self.index = len(self.rewind) - 1
        self._rows = None

    def position(self):
        """What is shown now (the first position of a hand replay shows its deal)."""
        return self.rewind.at(self.index, deal=self.index == self.first)

    def subtitle(self):
        position = self.position()
        hand = position.state.hand_no + 1
        moves = len(self.rewind) - 1 - self.first
        return (f"Hand {hand} \u00b7 move {self.index - self.first} of {moves}: "
                f"{what_happened(position, self.seats)}")

    def rows(self):
        key = (self.index, self.app.settings.four_colour)
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, self._build(self.position().state, key[1]))
        return self._rows[1]

    def _build(self, state, four: bool) -> list[Row]:
        pile = state.pile
        top = f"top {card_symbol(pile[-1])}, " if pile else ""
        rows: list[Row] = [Text(f"Pile: {top}{len(pile)} cards \u00b7 stock: "
                                f"{len(state.stock)} cards", dim=True)]
        for s, seat in enumerate(self.seats):
            turn = " \u00b7 to play" if s == state.turn and state.phase in (
                Phase.DRAW, Phase.MELD, Phase.OFFER) else ""
            rows.append(Heading(f"{seat.name}{turn}"))
            rows.append(CardsRow(f"Hand ({len(state.hands[s])})", (tuple(state.hands[s]),),
                                 four))
            if state.melds[s]:
                rows.append(CardsRow("Melds", tuple(m.cards for m in state.melds[s]), four))
        return rows

    def footer(self):
        return [FooterButton("prev", "\u25c0 Earlier", enabled=self.index > self.first),
                FooterButton("next", "Later \u25b6", primary=True,
                             enabled=self.index < len(self.rewind) - 1)]

    def go(self, index: int) -> None:
        self.index = max(self.first, min(len(self.rewind) - 1, index))

    def activate(self, key, part):
        if key == "prev":
            self.go(self.index - 1)
        elif key == "next":
            self.go(self.index + 1)

    def key(self, event):
        k = event.key
        if k == pygame.K_LEFT:
            self.go(self.index - 1)
        elif k == pygame.K_RIGHT:
            self.go(self.index + 1)
        elif k == pygame.K_HOME:
            self.go(self.first)
        elif k == pygame.K_END:
            self.go(len(self.rewind) - 1)
        else:
            super().key(event)
