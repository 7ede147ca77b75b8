"""Who sits at the table: a person or a computer level, by seat.

A seat is driven by a controller chosen from this description (a person's input or an agent),
never by code special to seat 1, so several people can share one tablet.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("easy", "medium", "hard")
"""The computer levels a player can seat (``game.ai.registry`` names)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: its display name and, for a computer, its level (None: a person)."""

    name: str
    level: str | None = None

    def __post_init__(self):
        if self.level is not None and self.level not in LEVELS:
            raise ValueError(f"unknown computer level {self.level!r}; use one of "
                             f"{', '.join(LEVELS)}")

    @property
    def is_person(self) -> bool:
        return self.level is None


def default_seats(players: int, level: str = "medium") -> tuple[Seat, ...]:
    """You in seat 1, computers of ``level`` in the others."""
    return (Seat("You"),) + tuple(Seat(f"Computer {i}", level) for i in range(1, players))
