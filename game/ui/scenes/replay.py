"""Replay: step forwards and backwards through a finished hand (or the whole match), every
seat's cards shown. The save is the action log, so each position is the match replayed to
that point (``game.services.rewind``); the table itself is never touched.

Only finished hands are replayed (from the hand summary and the match result): a hand still
in play keeps its hidden cards hidden.

With ``review_seat`` (0-based) the replay also reviews that seat's decisions in the hand
(``game.services.review``, thought a frame's spare time at a time): it lists the three
costliest, opens at the dearest with the hard level's move named and its cards raised in the
seat's hand, and a tap on another shows that one::

    app.open("replay", table.game, table.seats, review_seat=0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from ...rules.cards import card_symbol
from ...rules.phase import ACTING
from ...services.hints import explain
from ...services.review import WORLDS, Decision, Review, Reviewing
from ...services.rewind import Rewind
from .. import cardart, mirror, theme, widgets
from ..table.model import counted, describe
from ..thinking import fill_frame
from ..words import cards_words
from .page import BUTTON, MODAL_FILL, Field, FooterButton, Heading, PageScene, Row, Text


@dataclass(frozen=True, slots=True)
class CardsRow(Row):
    """A label and a fan of face-up cards (a hand, or one meld after another)."""

    label: str
    groups: tuple[tuple[int, ...], ...]
    four_colour: bool = False
    raised: tuple[int, ...] = ()
    """Cards drawn lifted and outlined (the cards of a better move), each copy once."""
    queen: bool = True
    """The queen of spades carries its "50" (``cardart.queen_marked``: not in seven hands)."""

    def mirror(self):
        shown = "; ".join(cards_words(g) for g in self.groups) or "none"
        raised = f" The better move uses the {cards_words(self.raised)}." if self.raised else ""
        return (mirror.text(f"{self.label}: {shown}.{raised}"),)

    def _lift(self, m) -> int:
        return round(cardart.height(self._card_w(m)) * 0.2) if self.raised else 0

    def _card_w(self, m) -> int:
        return max(cardart.MIN_READABLE_WIDTH + 2, round(40 * m.s))

    def _lines(self, m, width) -> list[list[tuple[int, int]]]:
        """Card lines: each a list of (x offset, card), a group never split across lines."""
        cw = self._card_w(m)
        step, gap = max(1, round(cw * 0.42)), round(cw * 0.35)
        if len(self.groups) == 1 and len(self.groups[0]) > 1:  # a hand: spread out if room
            step = max(step, min(round(cw * 0.8), (width - cw) // (len(self.groups[0]) - 1)))
        lines: list[list[tuple[int, int]]] = []
        line: list[tuple[int, int]] = []
        x = 0
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
        body = len(lines) * (ch + self._lift(m) + m.gap // 2) if lines else \
            theme.line_height(m.small_px)
        return theme.line_height(m.small_px) + m.gap // 2 + body

    def draw(self, surface, m, rect, pressed):
        theme.text(surface, self.label, m.small_px, rect.topleft, theme.INK_DIM)
        y = rect.y + theme.line_height(m.small_px) + m.gap // 2
        lines = self._lines(m, rect.w)
        if not lines:
            theme.text(surface, "none", m.small_px, (rect.x, y), theme.INK_DIM)
            return
        cw, ch, lift = self._card_w(m), cardart.height(self._card_w(m)), self._lift(m)
        left = Counter(self.raised)
        for line in lines:
            y += lift
            for x, c in line:
                up = left[c] > 0
                left[c] -= up
                top = y - lift if up else y
                surface.blit(cardart.face(c, cw, self.four_colour, self.queen),
                             (rect.x + x, top))
                if up:
                    pygame.draw.rect(surface, theme.SELECT, (rect.x + x, top, cw, ch), 2,
                                     border_radius=max(2, cw // 10))
            y += ch + m.gap // 2


@dataclass(frozen=True, slots=True)
class Callout(Row):
    """A few lines in a box edged with the accent colour: the review's word on the position
    shown."""

    lines: tuple[str, ...]

    def mirror(self):
        return tuple(mirror.text(line) for line in self.lines)

    def _wrapped(self, m, width):
        return [theme.wrap(line, m.body_px, max(20, width - 2 * m.pad)) for line in self.lines]

    def measure(self, m, width):
        n = sum(len(w) for w in self._wrapped(m, width))
        return n * theme.line_height(m.body_px) + 2 * m.pad + m.gap

    def draw(self, surface, m, rect, pressed):
        box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - m.gap)
        widgets.draw_panel(surface, box, fill=MODAL_FILL, radius=m.radius // 2,
                           shadow=False, border=theme.ACCENT)
        y = box.y + m.pad
        for i, wrapped in enumerate(self._wrapped(m, rect.w)):
            theme.draw_text_block(surface, wrapped, m.body_px, (box.x + m.pad, y), theme.INK,
                                  i == 0)
            y += len(wrapped) * theme.line_height(m.body_px)


def what_happened(position, seats) -> str:
    """The last move of a position in words (``Computer 1 took the pile (6 cards)``)."""
    if position.action is None:
        return "The deal"
    names = [seat.name for seat in seats]
    words = [w for e in position.events
             if (w := describe(e, names, position.state.hand_no, position.state.options))]
    return "; ".join(words)


class ReplayScene(PageScene):
    """Step through positions ``first``..the end of ``game`` (a finished hand or match);
    with ``review_seat``, the review of that seat's decisions in the last hand too."""

    title = "Replay"

    def __init__(self, app, game, seats, whole_match: bool = False,
                 review_seat: int | None = None, review_worlds: int = WORLDS):
        super().__init__(app)
        self.rewind = Rewind(game)
        self.seats = tuple(seats)
        self.first = 0 if whole_match else self.rewind.hand_starts[-1]
        self.index = len(self.rewind) - 1
        self._rows = None
        self.reviewing = None if review_seat is None else \
            Reviewing(game.setup, game.actions, review_seat, worlds=review_worlds)
        """The review being thought out (a slice of every frame), until ``review`` is
        ready."""
        self.review: Review | None = None
        self.shown: Decision | None = None
        """The reviewed decision the replay was last sent to."""

    def update(self, dt):
        if self.reviewing is None or self.review is not None:
            return
        ready, _ = fill_frame(self.reviewing.think)
        if ready:
            self.review = self.reviewing.result()
            dear = self.review.costliest()
            if dear:
                self.show(dear[0])

    def show(self, decision: Decision) -> None:
        """Go to the position where ``decision`` was taken, hard's move named there."""
        self.shown = decision
        self.go(decision.index)

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
        progress = self.reviewing.progress if self.reviewing is not None else None
        key = (self.index, self.app.settings.four_colour, progress, self.review is None,
               self.shown)
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, self._review_rows() + self._build(self.position().state,
                                                                 key[1]))
        return self._rows[1]

    def _at_shown(self) -> Decision | None:
        shown = self.shown
        return shown if shown is not None and shown.index == self.index else None

    def _review_rows(self) -> list[Row]:
        if self.reviewing is None:
            return []
        seat = self.reviewing.seat
        who = f"seat {seat + 1} ({self.seats[seat].name})"
        if self.review is None:
            done, total = self.reviewing.progress
            return [Text(f"Reviewing the moves of {who} with the hard level's search: "
                         f"{done} of {total}", dim=True)]
        dear = self.review.costliest()
        if not dear:
            return [Text(f"Review: every move of {who} was the hard level's choice or cost "
                         "nothing it could measure.", dim=True)]
        rows: list[Row] = [Heading("Costliest decisions")]
        for n, d in enumerate(dear):
            played = what_happened(self.rewind.at(d.index + 1), self.seats)
            rows.append(Field(f"mistake{n}", f"Move {d.index - self.first + 1}: {played}",
                              BUTTON, "Shown" if d == self._at_shown() else "Show",
                              f"about {d.loss:.0f} points lost"))
        if (at := self._at_shown()) is not None:
            view = self.position().state.view(self.reviewing.seat)
            rows.append(Callout((f"Better: {explain(view, at.hard)}",
                                 f"About {at.loss:.0f} points (\u00b1{at.error:.0f}) better "
                                 f"than what was played, over {self.review.worlds} sampled "
                                 "worlds.")))
        return rows

    def _build(self, state, four: bool) -> list[Row]:
        pile = state.pile
        top = f"top {card_symbol(pile[-1])}, " if pile else ""
        rows: list[Row] = [Text(f"Pile: {top}{counted(len(pile), 'card')} \u00b7 "
                                f"stock: {counted(len(state.stock), 'card')}", dim=True)]
        at = self._at_shown()
        reviewing = self.reviewing
        queen = cardart.queen_marked(state.options)
        for s, seat in enumerate(self.seats):
            turn = " \u00b7 to play" if s == state.turn and state.phase in ACTING else ""
            raised = at.hard.cards if at is not None and reviewing is not None \
                and s == reviewing.seat else ()
            rows.append(Heading(f"{seat.name}{turn}"))
            rows.append(CardsRow(f"Hand ({len(state.hands[s])})", (tuple(state.hands[s]),),
                                 four, raised, queen))
            if state.melds[s]:
                rows.append(CardsRow("Melds", tuple(m.cards for m in state.melds[s]), four,
                                     queen=queen))
        return rows

    def footer(self):
        return [FooterButton("prev", "\u25c0 Earlier", enabled=self.index > self.first),
                FooterButton("next", "Later \u25b6", primary=True,
                             enabled=self.index < len(self.rewind) - 1)]

    def go(self, index: int) -> None:
        self.index = max(self.first, min(len(self.rewind) - 1, index))

    def activate(self, key, part):
        if key.startswith("mistake") and self.review is not None:
            self.show(self.review.costliest()[int(key.removeprefix("mistake"))])
        elif key == "prev":
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
