"""The presets a new game may start with, and their names for players.

Every preset whose discards go on a pile: the table does not yet show a discard offered to a
person (take or pass), so a preset that offers discards (``seven``) is played by the engine,
the agents and the tools, and described by the Rules screen, but not offered for a new game.
"""

from __future__ import annotations

from ..rules.options import PRESETS, Discards

TABLE_PRESETS = tuple(name for name, options in PRESETS.items()
                      if options.discards is Discards.PILE)
"""Preset names a new game may start with, in the engine's order."""

PRESET_NAMES = {"digital": "Digital (default)", "classic": "Classic", "book": "Book",
                "seven": "Seven hands"}
"""What each preset is called on the screen."""
