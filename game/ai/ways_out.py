"""The order a search for a way out (melds that empty the hand this turn) tries the melds it
could lay in: shared by the levels' search (``heuristics.go_out_path``) and the sparring
partners' (``sparring.out_path``), which are otherwise written apart."""

from __future__ import annotations

from ..rules.actions import Action


def fewest_wilds_first(a: Action) -> tuple[int, int]:
    """Sort key: the melds with the fewest wilds first, then the longest. A 2 spent early on a
    meld the naturals could make alone is missing later for the card only a wild can place.
    Longest first alone, a search of twelve positions (the hard level's playouts) missed one
    way out in twenty and one of sixty (a decision's) one in eighty under classic rules; this
    order misses none at sixty (docs/ai.md, "Going out")."""
    wilds = 0
    for c in a.cards:
        if c < 12 and (c > 7 or c == 0):  # is_wild, inline: this runs at every search node
            wilds += 1
    return wilds, -len(a.cards)
