"""How the player likes the table: one frozen value the UI reads and replaces.

Persistence (desktop file or browser ``localStorage``, through ``game.platform``) and the
fallback to defaults for a corrupted file belong beside this value; the UI only ever holds a
``Settings`` and swaps it for a changed copy (``dataclasses.replace``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class CardSize(enum.Enum):
    """How large the player's own hand is drawn, relative to what the layout fits."""

    SMALL = "small"
    NORMAL = "normal"
    LARGE = "large"


@dataclass(frozen=True, slots=True)
class Settings:
    """Every player preference, with the defaults a new player gets."""

    animation_speed: float = 1.0
    """Multiplier on every animation's speed: 0.5 calm .. 4 fast; 0 means no animation."""
    think_seconds: float = 0.3
    """The budget of a computer's decision (also paces its turns so a person can follow)."""
    four_colour: bool = False
    """Spades black, hearts red, diamonds blue, clubs green (shapes always drawn)."""
    card_size: CardSize = CardSize.NORMAL
    sound: bool = True
    volume: float = 0.7
    """0..1."""
    left_handed: bool = False
    """Mirror the controls: the action buttons on the left."""
    pile_assist: bool = False
    """Show the whole discard pile fanned (every card in it was seen face up)."""
    confirm_go_out: bool = True
    """Ask before an action that ends the hand."""
    players: int = 2
    """New-game default: seats at the table."""
    preset: str = "digital"
    """New-game default: rule preset."""
    level: str = "medium"
    """New-game default: computer level."""
