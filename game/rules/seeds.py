"""The seeds a match may be dealt from: one range, checked wherever a seed comes in.

A seed is typed (New game's field, ``--seed``), read from a deal code or a save, or drawn by
the game; each of those asks ``check_seed``, so a match that starts is one its save can hold
and load again. The range is what a signed 64-bit integer holds from 0 up: every seed a player
types or the game draws fits, and a tool or another program can store one in any language.

Earlier versions accepted any whole number. A match they began with a seed outside this range
is still read back (its deals follow from that number as they did); such a seed is kept
apart, as ``Setup.earlier_seed``, so the range stays what every new match is checked against.
"""

from __future__ import annotations

SEEDS = range(2**63)
"""Every seed a new match may be dealt from: 0 to 9,223,372,036,854,775,807."""


def check_seed(value) -> int:
    """``value`` when it is a seed of ``SEEDS``; ValueError in a player's words otherwise."""
    if type(value) is not int:
        raise ValueError(f"a seed is a whole number, not {value!r}")
    if value not in SEEDS:
        raise ValueError(f"a seed is a whole number from 0 to {SEEDS[-1]:,}; "
                         f"{_shown(value)} is outside that")
    return value


def _shown(value: int) -> str:
    """A number as a message may quote it: in full up to 30 digits, else by its size (never
    turned into text whole: Python refuses that past 4,300 digits)."""
    if abs(value) < 10**30:
        return f"{value:,}"
    return f"a {'negative ' if value < 0 else ''}number of more than 30 digits"
