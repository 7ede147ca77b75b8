"""The table's small enums: how the hand is sorted, where a choice goes, what kind of line the
message strip holds.

Apart from the model because the keeper (autosave, undo, hints) names them from the app's first
frame, which loads nothing of the table itself: this module imports only ``enum``.
"""

from __future__ import annotations

import enum


class Sort(enum.Enum):
    """How the hand is ordered: by rank, by suit, or as the player arranged it."""

    RANK = "rank"
    SUIT = "suit"
    CUSTOM = "custom"


class Where(enum.Enum):
    """Where a choice is placed on the table (what glows while it is possible)."""

    PILE = "pile"
    TABLE = "table"
    """A new meld of your own."""
    MELD = "meld"
    """One of your melds (``Choice.meld``)."""
    STOCK = "stock"
    NONE = "none"
    """A button only (pass on the upcard)."""


class Say(enum.Enum):
    """What kind of line the message strip holds: how long it stays and how it looks."""

    REFUSAL = "refusal"
    """Why an action was refused (shown a few seconds, as a refusal)."""
    QUESTION = "question"
    """What the bar's buttons are asking (until it is answered)."""
    HELP = "help"
    """A hint, or what undo took back."""
    THINKING = "thinking"
    """A hint being thought about: shown until the answer replaces it."""
    DECISION = "decision"
    """What a computer did with an offered discard (shown briefly)."""
