"""Who played against whom in a match: each player on their own, or with partnerships two
teams (seats 1 & 3 against seats 2 & 4, their totals added), and the final order of those
sides. The match result and the match history both read a finished match through these, so
a kept match shows its teams, its winner and your place exactly as its end did.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.options import RuleOptions
from ..rules.scoring import team_of, team_totals


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a match: a player, or partners (seats lowest first, names joined)."""

    number: int
    """The side's index: the seat without partnerships, else 0 (seats 1 & 3) or 1."""
    seats: tuple[int, ...]
    name: str
    """``Computer 1``, or partners' names joined: ``You & Computer 2``."""
    total: int
    """The final total (partners' added; the winner's with the match bonus)."""

    @property
    def label(self) -> str:
        """The side by its seats, ``Seats 1 & 3`` (``Seat 2`` for one player)."""
        return ("Seats " if len(self.seats) > 1 else "Seat ") + \
            " & ".join(str(s + 1) for s in self.seats)


def sides(names, totals, options: RuleOptions) -> tuple[Side, ...]:
    """The sides of a match with these seat ``names`` and ``totals``, in seat order (with
    partnerships the team of seat 1 first)."""
    out = []
    for number, total in enumerate(team_totals(totals, options)):
        seats = tuple(s for s in range(len(totals)) if team_of(s, options) == number)
        out.append(Side(number, seats, " & ".join(names[s] for s in seats), total))
    return tuple(out)


def final_order(sides_: tuple[Side, ...], winner: int, options: RuleOptions
                ) -> tuple[Side, ...]:
    """The sides in the final order: the side of the engine's ``winner`` (a seat) first,
    then by total, highest first, ties in seat order (as the engine breaks them)."""
    won = team_of(winner, options)
    return tuple(sorted(sides_, key=lambda side: (side.number != won, -side.total,
                                                  side.number)))
