"""A card's outs: the unseen cards that would complete a meld it is part of.

A strong player values a card by what could still complete it, not only by what it sits
beside: a pair whose other two cards are already melded or buried in the pile is dead weight.
Both the searchable family of styles (``population.py``) and the hard level's own judgement
(``heuristics.hard_style``) weigh it, so it lives apart from either.
"""

from __future__ import annotations

from ..rules.cards import CARD_SLOTS, is_wild


def _run_pieces(c: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For natural ``c``, each card that makes a two-card piece of a run with it and the
    cards that would close or extend that piece (the ace low and above the king)."""
    r, s = c >> 2, c & 3

    def slot(p: int) -> int:  # the card at run position p (14: the ace above the king)
        return (1 if p == 14 else p) * 4 + s if 1 <= p <= 14 else -1

    pieces = []
    for p in (r, 14) if r == 1 else (r,):
        for q in (p - 2, p - 1, p + 1, p + 2):
            if slot(q) >= 0 and slot(q) != c:
                lo, hi = min(p, q), max(p, q)
                fills = tuple(slot(n) for n in ((lo + 1,) if hi - lo == 2 else (lo - 1, hi + 1))
                              if slot(n) >= 0)
                pieces.append((slot(q), fills))
    return tuple(pieces)


RUN_PIECES = tuple(() if is_wild(c) or c < 4 else _run_pieces(c) for c in range(CARD_SLOTS))
"""``_run_pieces`` of every card (none for a wild), worked out once: ``outs`` is asked of
every card in hand at each discard of a player that weighs outs."""


def outs(c: int, hand, paired: bool, unseen: list[int]) -> int:
    """Unseen cards that would complete a meld ``c`` is part of, each counted once: a third
    of its rank beside a pair (``paired``: the hand holds another natural of its rank), the
    cards closing or extending a two-card piece of a run in its suit, and the wilds if it is
    part of any such piece (``hand``: a list or a set; ``unseen``: by card, as
    ``SeatKnowledge.unseen``)."""
    if c < 12 and (c > 7 or c == 0):  # is_wild, inline
        return 0
    completers: set[int] = set()
    if paired:
        r4 = c & ~3
        completers.update((r4, r4 + 1, r4 + 2, r4 + 3))
    for partner, fills in RUN_PIECES[c]:
        if partner in hand:
            completers.update(fills)
    if not completers:
        return 0
    total = unseen[0] + unseen[8] + unseen[9] + unseen[10] + unseen[11]  # the wilds
    for x in completers:  # a loop: fewer instructions than ``sum`` of a generator
        total += unseen[x]
    return total
