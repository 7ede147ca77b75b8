"""What the opponents' own moves say about their hidden cards, for weighting sampled worlds.

Between two of its decisions a seat sees the pile grow. When nobody took it, the player after
the seat passed the seat's discard (drew from the stock instead) and threw the next card, the
player after that passed that card and threw the one after, and so on round the table. Passing
a pile one could have taken, or throwing a card while still holding another of its rank, is
what most players seldom do: a sampled world in which an opponent did so is less likely.
``Evidence`` collects those facts from one seat's successive views of a hand; ``likelihood``
says how well a world's hidden hands explain them, and the search draws its worlds in
proportion to it (rejection sampling), so it plays against the hands the table's play points
to. Cards taken with the pile are already placed by the view itself (``View.known``).

Only views are read, never a hidden card: the same views give the same evidence.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import legal as rules_legal
from ..rules.actions import Act
from ..rules.cards import is_wild
from ..rules.phase import Phase
from .modelling import Profiles

# The enum members read in the playouts' loops, bound once: read through its class an enum
# member costs some ten times a global (docs/engine.md, "What the interpreter charges").
_DRAW = Act.DRAW
_DRAW_PHASE = Phase.DRAW

PASSED_A_TAKE = 0.25
"""Weight of a world in which a player drew from the stock although the pile was theirs to
take (a hoarder might; most players take a pile they can)."""
THREW_FROM_RANK = 0.5
"""Weight of a world in which a player threw a card while holding another natural of its rank
(breaking a pair is rare, but a player with a triple or no better discard does it)."""
RECENT_TURNS = 3
"""Clues kept per opponent: their last turns only, since a hand changes as it draws (a player
who passed a 9 long ago may hold two 9s by now)."""


@dataclass(frozen=True, slots=True)
class Clue:
    """One opponent turn seen from outside: ``seat`` drew over ``passed`` (the pile's top, its
    take declined) and threw ``threw``."""

    seat: int
    passed: int
    threw: int


def could_take(hand, melds, top: int, options) -> bool:
    """Whether a player holding ``hand`` (and ``melds``) may take a pile topped by ``top``."""
    listed = rules_legal.legal_actions(_DRAW_PHASE, sorted(hand), list(melds), [top], options)
    return any(a.kind is not _DRAW for a in listed)


def _holds_rank(hand, card: int) -> bool:
    if is_wild(card):
        return False
    rank = card >> 2
    return any(not is_wild(c) and c >> 2 == rank for c in hand)


class Evidence:
    """The clues of the current hand, gathered from one seat's views (``observe`` at every
    decision, ``discarded`` when the seat throws a card), and each opponent's play over the
    match (``profiles``, ``modelling.Profiles``: kept across hands)."""

    def __init__(self):
        self.hand_no = -1
        self.clues: list[Clue] = []
        self._after_discard: tuple | None = None
        self.profiles = Profiles()

    def observe(self, view) -> None:
        """Read what happened since the seat's last discard from ``view``."""
        self.profiles.observe(view)
        if view.hand_no != self.hand_no:
            self.hand_no, self.clues, self._after_discard = view.hand_no, [], None
            return
        before, self._after_discard = self._after_discard, None
        n = view.players
        pile = view.pile
        if before is None or len(pile) != len(before) + n - 1 or pile[:len(before)] != before:
            return  # a take or a rebuilt stock in between: who did what is not certain
        top = before[-1]
        for i, threw in enumerate(pile[len(before):], 1):
            seat = (view.seat + i) % n
            known = view.known[seat]
            melds = view.melds[seat]
            # Facts their known cards already explain say nothing about the hidden ones.
            passed = -1 if could_take(known, melds, top, view.options) else top
            if _holds_rank(known, threw):
                threw = -1
            if passed >= 0 or threw >= 0:
                self.clues.append(Clue(seat, passed, threw))
            top = pile[len(before) + i - 1]
        del self.clues[:-RECENT_TURNS * (n - 1)]

    def discarded(self, view, card: int) -> None:
        """The seat threw ``card`` from the position of ``view``."""
        if view.hand_no == self.hand_no:
            self._after_discard = tuple(view.pile) + (card,)

    def likelihood(self, state) -> float:
        """How well the hidden hands of the sampled ``state`` explain the clues (1: fully)."""
        weight = 1.0
        options = state.options
        for clue in self.clues:
            hand = state.hands[clue.seat]
            if clue.passed >= 0 and could_take(hand, state.melds[clue.seat], clue.passed,
                                               options):
                weight *= PASSED_A_TAKE
            if clue.threw >= 0 and _holds_rank(hand, clue.threw):
                weight *= THREW_FROM_RANK
        return weight
