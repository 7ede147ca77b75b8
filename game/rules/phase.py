"""The phases of a turn: what the game waits for.

A module of its own so that the legal-move lister and the state both name them (the state
imports the lister, so the lister cannot import the state).
"""

from __future__ import annotations

import enum


class Phase(enum.IntEnum):
    """What the game waits for."""

    DRAW = 0
    """The player to move draws from the stock or takes the pile."""
    MELD = 1
    """The player to move melds, adds to their melds, or discards to end the turn."""
    HAND_OVER = 2
    """The hand has been scored; ``next_hand()`` deals the next one."""
    MATCH_OVER = 3
    """Someone reached the target (or the hand limit came); ``winner`` is set."""
    OFFER = 4
    """The first upcard is offered to the player to move: take it (and open) or pass."""
    DISCARD_OFFER = 5
    """A discard (the pile's only card while it is offered) is offered to the player to
    move, who is not the one whose turn it was: take it into hand or pass."""


ACTING = frozenset((Phase.DRAW, Phase.MELD, Phase.OFFER, Phase.DISCARD_OFFER))
"""The phases in which the seat to move (``turn``) has a decision to make: its own turn, or
an offered upcard or discard (out of turn in seven-hand)."""
