"""The presets a new game may start with, and their names for players.

Every preset whose discards go on a pile: the table does not yet show a discard offered to a
person (take or pass), so a preset that offers discards (``seven``) is played by the engine,
the agents and the tools, and described by the Rules screen, but not offered for a new game.
"""

from __future__ import annotations

from ..rules.options import PRESETS, Discards, RuleOptions

NOT_AT_THE_TABLE = ("This deal is seven-hand Arlington, whose offered discards the table cannot "
                    "show yet")
"""Why a match of a preset the table cannot play is not opened (a deal code or a save)."""


def table_plays(options: RuleOptions) -> bool:
    """Whether the table can play a match under ``options`` (its discards go on a pile)."""
    return options.discards is Discards.PILE


TABLE_PRESETS = tuple(name for name, options in PRESETS.items() if table_plays(options))
"""Preset names a new game may start with, in the engine's order."""

PRESET_NAMES = {"digital": "Digital (default)", "classic": "Classic", "book": "Book",
                "seven": "Seven hands"}
"""What each preset is called on the screen."""
