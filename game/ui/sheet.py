"""The final score sheet's rows, shared by the match result and the match history: a place
in the final order, and a line of the sheet (a label and one number per player or team).

``final_rows``, ``sheet_lines`` and ``team_sheet_lines`` are the sheet itself, from the names,
every hand's scores, the totals, the winner and the rules, so a match the history kept draws
exactly as it did at its end: with partnerships by team first (``game.services.sides``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.options import RuleOptions
from ..rules.scoring import final_sheet
from ..services.sides import final_order, sides
from . import mirror, theme, words
from .mirror import Node
from .scenes.page import Heading, Row, Text

NUMBER_PX = 7
"""The smallest a cell of the sheet is drawn (at 100 % text; a larger text size scales it
up), so four columns keep apart at 200 % on a phone."""


def signed(n: int) -> str:
    """A score with its sign (the minus a real minus sign)."""
    return f"+{n:,}" if n > 0 else number(n)


def number(n: int) -> str:
    """A total, with thousands separated and a real minus sign."""
    return f"\u2212{-n:,}" if n < 0 else f"{n:,}"


def unbroken(name: str) -> str:
    """A player's or a team's name that wraps only between partners (``You & Computer 2``
    breaks after the ``&``, never inside ``Computer 2``)."""
    return " & ".join(part.replace(" ", "\u00a0") for part in name.split(" & "))


def wrapped_unbroken(name: str, px: int, width: int, bold: bool = False) -> list[str]:
    """``name`` in lines ``width`` wide at ``px``, broken only between partners
    (``unbroken``), each line with its plain spaces back."""
    return [line.replace("\u00a0", " ") for line in theme.wrap(unbroken(name), px, width, bold)]


@dataclass(frozen=True, slots=True)
class Standing(Row):
    """A place in the final order: position, name, total (and the settled total). A name
    with no room beside the total (a team's, at a large text size on a phone) wraps between
    partners rather than shrinking out of reach."""

    place: int
    name: str
    total: int
    settled: int | None = None
    winner: bool = False

    def mirror(self):
        """The place, the name and the totals, a total below zero said ``minus 115``
        (``words.total``)."""
        settled = f", settled {words.total(self.settled)}" if self.settled is not None \
            else ""
        won = ", the winner" if self.winner else ""
        return (Node(mirror.Role.ITEM, f"{self.place}. {self.name}: "
                     f"{words.total(self.total)}{settled}{won}"),)

    def _total(self) -> str:
        total = number(self.total)
        return f"{number(self.settled)}  ({total})" if self.settled is not None else total

    def _indent(self, m) -> int:
        """Where the name starts: after the place, however large the text."""
        return max(round(36 * m.s),
                   theme.text_width(f"{self.place}.", m.label_px + 4, True) + m.gap // 2)

    def _name(self, m, width) -> tuple[int, list[str] | None]:
        """The name's size and, when it has no room beside the total, its lines over the
        whole width (the total then on a line of its own under them)."""
        px = m.label_px + 4
        room = width - self._indent(m)
        beside = room - theme.text_width(self._total(), px, True) - m.gap
        fit = theme.fit_px(self.name, px, beside, True, smallest=m.label_px)
        if theme.text_width(self.name, fit, True) <= beside:
            return fit, None
        return m.label_px, theme.wrap(unbroken(self.name), m.label_px, max(20, room), True)

    def measure(self, m, width):
        name_px, lines = self._name(m, width)
        under = len(lines) * theme.line_height(name_px) if lines else 0
        return m.gap + under + theme.line_height(m.label_px + 4) + m.gap

    def draw(self, surface, m, rect, pressed):
        px = m.label_px + 4
        ink = theme.ACCENT if self.winner else theme.INK
        name_px, lines = self._name(m, rect.w)
        x = rect.x + self._indent(m)
        top = rect.y + m.gap
        if lines is None:
            cy = top + theme.line_height(px) // 2
            theme.text(surface, self.name, name_px, (x, cy), ink, "midleft", True)
            total_y = cy
        else:
            cy = top + theme.line_height(name_px) // 2
            theme.draw_text_block(surface, lines, name_px, (x, top), ink, True)
            total_y = top + len(lines) * theme.line_height(name_px) + theme.line_height(px) // 2
        theme.text(surface, f"{self.place}.", px, (rect.x, cy), theme.INK_DIM, "midleft", True)
        theme.text(surface, self._total(), px, (rect.right, total_y), ink, "midright", True)


@dataclass(frozen=True, slots=True)
class SheetLine(Row):
    """One line of the score sheet: a label and one number per player (or team). A heading's
    name with no room in its column at nearly the sheet's text size wraps (a team's between
    partners) rather than shrinking to a size nobody reads or running into its neighbour."""

    label: str
    cells: tuple[str, ...]
    header: bool = False
    said: tuple[str, ...] = ()
    """The cells for the ear where they are numbers (``plus 250``, ``minus 115``:
    ``words.signed``, ``words.total``); else the mirror reads ``cells``."""

    def mirror(self):
        return (mirror.text(f"{self.label}: {', '.join(self.said or self.cells)}"),)

    @staticmethod
    def _columns(m, width, n: int) -> tuple[int, float]:
        """The label column's width (room for ``Total`` at any text size) and each cell's."""
        first = max(round(44 * m.s), theme.text_width("Total", m.small_px) + m.gap // 2)
        return first, (width - first) / max(1, n)

    def _cells(self, m, width) -> list[tuple[int, list[str]]]:
        """Each cell's size and lines."""
        _, col = self._columns(m, width, len(self.cells))
        room = max(20, int(col) - 4)
        return [fitted(cell, m.small_px, room, self.header) for cell in self.cells]

    def measure(self, m, width):
        lines = max((len(lines) for _, lines in self._cells(m, width)), default=1)
        return lines * theme.line_height(m.small_px) + m.gap // 2

    def draw(self, surface, m, rect, pressed):
        first, col = self._columns(m, rect.w, len(self.cells))
        ink = theme.INK_DIM if self.header else theme.INK
        step = theme.line_height(m.small_px)
        cy = rect.y + step // 2
        theme.text(surface, self.label, m.small_px, (rect.x, cy), theme.INK_DIM, "midleft")
        for i, (px, lines) in enumerate(self._cells(m, rect.w)):
            right = rect.x + first + round(col * (i + 1))
            for k, line in enumerate(lines):
                theme.text(surface, line, px, (right, cy + k * step), ink, "midright",
                           self.header)


def fitted(text: str, px: int, room: int, bold: bool) -> tuple[int, list[str]]:
    """``text`` in a column ``room`` wide: on one line a little smaller if need be, else
    wrapped between words (a team's name between partners first), as large as that allows
    down to ``NUMBER_PX``; a word is cut in two only where it is wider than the column even
    then."""
    px = int(px)
    for size in range(px, max(NUMBER_PX, px - 2) - 1, -1):
        if theme.text_width(text, size, bold) <= room:
            return size, [text]
    for size in range(px, NUMBER_PX - 1, -1):
        if theme.text_width(text, size, bold) <= room:
            return size, [text]
        for form in (unbroken(text), text):
            parts = form.split(" ")
            if len(parts) > 1 and all(theme.text_width(w, size, bold) <= room for w in parts):
                return size, theme.wrap(form, size, room, bold)
    return NUMBER_PX, theme.wrap(text, NUMBER_PX, room, bold)  # a word wider than any column


def sheet_lines(names, hand_scores, totals) -> list[SheetLine]:
    """Every hand's scores, a column per player, and the totals."""
    lines = [SheetLine("Hand", tuple(names), header=True)]
    for i, scores in enumerate(hand_scores):
        lines.append(scores_line(str(i + 1), scores))
    lines.append(totals_line(totals))
    return lines


def scores_line(label: str, scores) -> SheetLine:
    """A hand's line of the sheet: each score with its sign (in words for the ear)."""
    return SheetLine(label, tuple(signed(v) for v in scores),
                     said=tuple(words.signed(v) for v in scores))


def totals_line(totals) -> SheetLine:
    """The sheet's last line: the totals (below zero said ``minus 115`` for the ear)."""
    return SheetLine("Total", tuple(number(t) for t in totals), header=True,
                     said=tuple(words.total(t) for t in totals))


def team_sheet_lines(names, hand_scores, totals, options: RuleOptions) -> list[SheetLine]:
    """Every hand's scores a column per team (partners added), and the team totals (none
    without partnerships)."""
    if not options.partnerships:
        return []
    teams = sides(names, totals, options)
    lines = [SheetLine("Hand", tuple(t.name for t in teams), header=True)]
    for i, scores in enumerate(hand_scores):
        lines.append(scores_line(str(i + 1), [sum(scores[s] for s in t.seats) for t in teams]))
    lines.append(totals_line([t.total for t in teams]))
    return lines


def final_rows(names, totals, winner: int, options: RuleOptions) -> list[Row]:
    """The final order under its heading: the players (with partnerships the teams, their
    totals added), the winner first, settled where the rules round totals; then what the
    totals include."""
    settled = final_sheet(totals, options) if options.settlement_rounding else None
    order = final_order(sides(names, totals, options), winner, options)
    rows: list[Row] = [Heading("Final totals by team" if options.partnerships
                               else "Final totals")]
    rows += [Standing(place + 1, side.name, side.total,
                      settled[side.number] if settled else None, place == 0)
             for place, side in enumerate(order)]
    if options.match_bonus:
        rows.append(Text(f"The winner's total includes the match bonus of "
                         f"{options.match_bonus}.", dim=True))
    if options.settlement_rounding:
        rows.append(Text("Totals are settled to the nearest hundred (exact totals in "
                         "brackets).", dim=True))
    return rows
