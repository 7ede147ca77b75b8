"""The rules on screen, for the options of the match being set up or played."""

from __future__ import annotations

from ...rules.options import PRESETS
from .page import FooterButton, Heading, PageScene, Text
from .rules_text import rules_text


class RulesScene(PageScene):
    """The rules for ``options``, scrolled by drag, wheel or keys."""

    title = "Rules"

    def __init__(self, app, options):
        super().__init__(app)
        self.options = options
        self._rows = [Heading(p.text) if p.style == "h" else Text(p.text, bullet=p.style == "li")
                      for p in rules_text(options)]

    def subtitle(self):
        for name, preset in PRESETS.items():
            if preset == self.options:
                return f"The {name} rules"
        return "These rules, as chosen for this match"

    def rows(self):
        return self._rows

    def footer(self):
        return [FooterButton("done", "Done", primary=True)]

    def activate(self, key, part):
        if key == "done":
            self.back()
