"""Statistics: per rule preset and player count, what the player has done; export and reset.

The lines are ``game.services.records.describe``'s, the same the exported file carries. Reset asks a
second tap first (nothing brings the numbers back).
"""

from __future__ import annotations

from ...services import records
from ...services.records import Records
from .page import FooterButton, Heading, PageScene, Text


class StatisticsScene(PageScene):
    """The statistics page."""

    title = "Statistics"

    def __init__(self, app):
        super().__init__(app)
        self.confirm_reset = False
        self.note = ""
        """The last export's or reset's outcome, shown under the title."""

    @property
    def records(self) -> Records:
        return self.app.keeper.records

    def subtitle(self):
        if self.confirm_reset:
            return "Tap Reset again to forget every statistic"
        return self.note or "Your results, by rules and number of players"

    def rows(self):
        lines = self.records.lines
        if not lines:
            return [Text("No match played yet. Finished hands and matches are counted here.",
                         dim=True, centre=True)]
        rows = []
        for (table, players), line in lines:
            rows.append(Heading(f"{table.capitalize()}, {players} players"))
            rows.extend(Text(text, bullet=True) for text in records.describe(line))
        return rows

    def footer(self):
        reset = "Tap again to reset" if self.confirm_reset else "Reset"
        empty = not self.records.lines
        return [FooterButton("export", "Export", enabled=not empty),
                FooterButton("reset", reset, enabled=not empty),
                FooterButton("done", "Done", primary=True)]

    def activate(self, key, part):
        if key != "reset":
            self.confirm_reset = False
        if key == "done":
            self.back()
        elif key == "export":
            self.note = records.export(self.records)
        elif key == "reset":
            if not self.confirm_reset:
                self.confirm_reset = True
                return
            self.confirm_reset = False
            keeper = self.app.keeper
            problem = records.reset()
            keeper.records = Records()
            self.note = problem or "Statistics reset"
