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
from . import mirror, theme
from .mirror import Node
from .scenes.page import Heading, Row, Text


def signed(n: int) -> str:
    """A score with its sign (the minus a real minus sign)."""
    return f"+{n:,}" if n > 0 else number(n)


def number(n: int) -> str:
    """A total, with thousands separated and a real minus sign."""
    return f"\u2212{-n:,}" if n < 0 else f"{n:,}"


@dataclass(frozen=True, slots=True)
class Standing(Row):
    """A place in the final order: position, name, total (and the settled total)."""

    place: int
    name: str
    total: int
    settled: int | None = None
    winner: bool = False

    def mirror(self):
        settled = f", settled {number(self.settled)}" if self.settled is not None else ""
        won = ", the winner" if self.winner else ""
        return (Node(mirror.Role.ITEM, f"{self.place}. {self.name}: {number(self.total)}"
                     f"{settled}{won}"),)

    def measure(self, m, width):
        return m.gap + theme.line_height(m.label_px + 4) + m.gap

    def draw(self, surface, m, rect, pressed):
        px = m.label_px + 4
        cy = rect.y + m.gap + theme.line_height(px) // 2
        ink = theme.ACCENT if self.winner else theme.INK
        theme.text(surface, f"{self.place}.", px, (rect.x, cy), theme.INK_DIM, "midleft", True)
        total = number(self.total)
        if self.settled is not None:
            total = f"{number(self.settled)}  ({number(self.total)})"
        tw = theme.text_width(total, px, True)
        theme.text(surface, total, px, (rect.right, cy), ink, "midright", True)
        x = rect.x + round(36 * m.s)
        name_px = theme.fit_px(self.name, px, rect.right - tw - m.gap - x, True)
        theme.text(surface, self.name, name_px, (x, cy), ink, "midleft", True)


@dataclass(frozen=True, slots=True)
class SheetLine(Row):
    """One line of the score sheet: a label and one number per player."""

    label: str
    cells: tuple[str, ...]
    header: bool = False

    def mirror(self):
        return (mirror.text(f"{self.label}: {', '.join(self.cells)}"),)

    def measure(self, m, width):
        return theme.line_height(m.small_px) + m.gap // 2

    def draw(self, surface, m, rect, pressed):
        n = len(self.cells)
        first = round(44 * m.s)
        col = (rect.w - first) / max(1, n)
        ink = theme.INK_DIM if self.header else theme.INK
        cy = rect.y + theme.line_height(m.small_px) // 2
        theme.text(surface, self.label, m.small_px, (rect.x, cy), theme.INK_DIM, "midleft")
        for i, cell in enumerate(self.cells):
            px = theme.fit_px(cell, m.small_px, int(col) - 4, self.header)
            right = rect.x + first + round(col * (i + 1))
            theme.text(surface, cell, px, (right, cy), ink, "midright", self.header)


def sheet_lines(names, hand_scores, totals) -> list[SheetLine]:
    """Every hand's scores, a column per player, and the totals."""
    lines = [SheetLine("Hand", tuple(names), header=True)]
    for i, scores in enumerate(hand_scores):
        lines.append(SheetLine(str(i + 1), tuple(signed(v) for v in scores)))
    lines.append(SheetLine("Total", tuple(number(t) for t in totals), header=True))
    return lines


def team_sheet_lines(names, hand_scores, totals, options: RuleOptions) -> list[SheetLine]:
    """Every hand's scores a column per team (partners added), and the team totals (none
    without partnerships)."""
    if not options.partnerships:
        return []
    teams = sides(names, totals, options)
    lines = [SheetLine("Hand", tuple(t.name for t in teams), header=True)]
    for i, scores in enumerate(hand_scores):
        lines.append(SheetLine(str(i + 1), tuple(signed(sum(scores[s] for s in t.seats))
                                                  for t in teams)))
    lines.append(SheetLine("Total", tuple(number(t.total) for t in teams), header=True))
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
