"""What a player knows at the table, read from a ``View`` or, inside search, from one seat of a
determinized state: the same fields either way, so heuristics run on both.

Only the seat's own hand and public facts are read (melds, pile, counts, cards known from pile
takes): a policy built on ``SeatKnowledge`` cannot peek at a hidden card even inside a sampled
world. (Named for what it holds: the table scene, its model and its layout are the UI's.)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import CARD_SLOTS, QUEEN, QUEEN_OF_SPADES, Card, card
from ..rules.melds import Meld
from ..rules.options import RuleOptions, StockOut
from ..rules.phase import Phase
from ..rules.scoring import values

THREAT_LATENESS = 8.0
"""Lateness per unit of ``threat``: a hand of four cards or fewer goes out on its next turn
about one time in ten (``modelling.OUT_NEXT``), which ``lateness`` counts 0.6 to 1 late."""
REBUILDS = {StockOut.RESHUFFLE_ONCE: 1, StockOut.TURN_OVER: 3, StockOut.BLOCKED: 0}
"""Stock rebuilds a hand allows (unknown future options: assume one)."""


_QUEEN_OF_HEARTS = card(QUEEN, 1)
"""Another queen, to tell whether the queen of spades is worth more under the rules."""


class SeatKnowledge:
    """One seat's knowledge, as plain fields."""

    __slots__ = (
        "_late",
        "_pool",
        "_unseen",
        "hand",
        "hand_counts",
        "hand_no",
        "in_hand",
        "known",
        "melded",
        "melds",
        "options",
        "out_of_play",
        "phase",
        "pile",
        "players",
        "queen_special",
        "rebuilds",
        "seat",
        "stock_count",
        "threat",
    )
    seat: int
    players: int
    options: RuleOptions
    phase: Phase
    hand: list[Card]
    """Sorted; inside search, the sampled state's own list (read, never changed)."""
    melds: Sequence[Sequence[Meld]]
    pile: Sequence[Card]
    stock_count: int
    hand_counts: Sequence[int]
    known: Sequence[Sequence[Card]]
    rebuilds: int
    hand_no: int
    out_of_play: Sequence[Card]
    melded: Sequence[int]
    """Each card's value laid on the table, under these rules."""
    in_hand: Sequence[int]
    """Each card's cost caught in hand, under these rules."""
    queen_special: bool
    threat: float
    """The chance that some opponent goes out on its next turn beyond what the hands' lengths
    say (a quiet hand that likely hides melds, ``modelling.Beliefs.threat``); 0 unless the
    hard level's model set it for its own decision. ``lateness`` counts it."""
    _unseen: list[int] | None
    _pool: int | None
    _late: tuple[float, float] | None

    @classmethod
    def of_view(cls, view) -> SeatKnowledge:
        """From a ``View`` (what the agents receive)."""
        t = cls.__new__(cls)
        t.seat = view.seat
        t.players = view.players
        t.options = view.options
        t.phase = view.phase
        t.hand = list(view.hand)
        t.melds = view.melds
        t.pile = view.pile
        t.stock_count = view.stock_count
        t.hand_counts = view.hand_counts
        t.known = view.known
        t.rebuilds = view.rebuilds
        t.hand_no = view.hand_no
        t.out_of_play = view.out_of_play
        t._values()
        return t

    @classmethod
    def of_state(cls, state, seat: int) -> SeatKnowledge:
        """From one seat of a (determinized) state, reading only what that seat may see."""
        t = cls.__new__(cls)
        t.seat = seat
        t.players = state.players
        options = t.options = state.options
        t.phase = state.phase
        t.hand = state.hands[seat]
        t.melds = state.melds
        t.pile = state.pile
        t.stock_count = len(state.stock)
        t.hand_counts = list(map(len, state.hands))
        t.known = state.known
        t.rebuilds = state.rebuilds
        t.hand_no = state.hand_no
        t.out_of_play = state.out_of_play
        # ``_values`` written out: this runs at every step of the hard level's playouts.
        t.melded, t.in_hand = tables = values(options)
        in_hand = tables[1]
        t.queen_special = in_hand[QUEEN_OF_SPADES] > in_hand[_QUEEN_OF_HEARTS]
        t.threat = 0.0
        t._unseen = t._pool = t._late = None
        return t

    def _values(self) -> None:
        """The card values of these rules (``melded``, ``in_hand``, by card) and whether the
        queen of spades is worth more than another queen (``queen_special``)."""
        self.melded, self.in_hand = values(self.options)
        self.queen_special = self.in_hand[QUEEN_OF_SPADES] > self.in_hand[_QUEEN_OF_HEARTS]
        self.threat = 0.0
        self._unseen = self._pool = self._late = None

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.players

    def unseen(self) -> list[int]:
        """Copies of each card this seat cannot place (stock or other hands, beyond known)."""
        if self._unseen is None:
            u = [2] * CARD_SLOTS
            u[0] = self.options.jokers
            u[1] = u[2] = u[3] = 0
            for c in self.hand:
                u[c] -= 1
            for c in self.pile:
                u[c] -= 1
            for c in self.out_of_play:
                u[c] -= 1
            for seat_melds in self.melds:
                for m in seat_melds:
                    for c in m.cards:
                        u[c] -= 1
            for s, cards in enumerate(self.known):
                if s != self.seat:
                    for c in cards:
                        u[c] -= 1
            self._unseen = u
        return self._unseen

    def pool(self) -> int:
        """How many cards this seat cannot place: ``sum(unseen())``."""
        if self._pool is None:
            self._pool = sum(self.unseen())
        return self._pool

    def lateness(self) -> float:
        """0 early in a hand .. 1 when it may end any moment (someone nearly out, stock gone,
        a quiet hand likely to go out: ``threat``). Worked out once per ``threat`` (a policy
        asks it several times a step)."""
        memo = self._late
        if memo is not None and memo[0] == self.threat:
            return memo[1]
        late = min(1.0, THREAT_LATENESS * self.threat)
        others = [n for s, n in enumerate(self.hand_counts) if s != self.seat]
        least = min(others) if others else 99
        if least <= 2:
            late = 1.0
        elif least <= 4:
            late = max(late, 0.6)
        elif least <= 6:
            late = max(late, 0.25)
        rebuilds_left = REBUILDS.get(self.options.stock_out, 1) - self.rebuilds
        if rebuilds_left <= 0:
            if self.stock_count <= 2 * self.players:
                late = 1.0
            elif self.stock_count <= 5 * self.players:
                late = max(late, 0.6)
        self._late = (self.threat, late)
        return late

