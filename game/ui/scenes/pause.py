"""Pause: a box over the table (which stops while it is up) to resume, read the rules,
change the settings or leave the match."""

from __future__ import annotations

from ...services import dealcode
from .menu import MenuScene, draw_heading
from .page import FooterButton, veil


class PauseScene(MenuScene):
    """Resume, rules, settings, quit to title (asked twice; the match is kept for Continue).
    The heading shows the match's deal code, so another table can play the same deal."""

    opaque = False
    boxed = True
    head_share = 0.12

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.confirm_quit = False

    def items(self):
        quit_label = "Tap again to quit" if self.confirm_quit else "Quit to title"
        return [FooterButton("resume", "Resume", primary=True),
                FooterButton("rules", "Rules"),
                FooterButton("settings", "Settings"),
                FooterButton("quit", quit_label)]

    def activate(self, key):
        if key != "quit":
            self.confirm_quit = False
        if key == "resume":
            self.back()
        elif key == "rules":
            self.app.open("rules", self.table.game.state.options)
        elif key == "settings":
            self.app.open("settings")
        elif key == "quit":
            if not self.confirm_quit:
                self.confirm_quit = True
                return
            self.app.open("title", reset=True)

    def back(self):
        self.app.scenes.remove(self)

    def draw_background(self, surface):
        surface.blit(veil(surface.get_size(), 140), (0, 0))

    def draw_head(self, surface, lay):
        draw_heading(surface, lay, *self.heading())

    def heading(self):
        state = self.table.game.state
        try:
            code = f" · deal code {dealcode.encode(self.table.game.setup)}"
        except ValueError:  # an arranged deal (tests, puzzles) has no code
            code = ""
        sub = ("The match is kept: Continue on the title brings it back" if self.confirm_quit
               else f"Hand {state.hand_no + 1}{code}")
        return ("Paused", sub)
