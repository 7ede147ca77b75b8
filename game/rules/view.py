"""What one seat may see, and hidden cards re-dealt at random for search.

A ``View`` holds only what its seat may know: its own hand, every meld, the whole discard
pile in order (each card in it was seen face up), the discards everyone passed this hand (out
of play, face down, but each was seen when it was offered), how many cards the others and the
stock hold, and the cards others are known to hold because they took them face up (the pile,
the upcard, an offered discard, a joker swapped back). It holds
no other hand, no stock order and no seed. ``determinize`` re-deals what the seat cannot see,
consistently with the view, for information-set search.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from . import legal
from .actions import Action
from .cards import Card, deck
from .melds import Meld
from .options import RuleOptions
from .state import Phase, State


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of the match."""

    seat: int
    players: int
    options: RuleOptions
    phase: Phase
    turn: int
    hand_no: int
    first_seat: int
    dealer: int
    hand: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    pile: tuple[Card, ...]
    stock_count: int
    hand_counts: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    hand_scores: tuple[tuple[int, ...], ...]
    rebuilds: int
    winner: int
    hand_outs: tuple[int, ...]
    turns: tuple[int, ...]
    turn_start_melds: int
    offer: int
    must_draw: bool
    out_of_play: tuple[Card, ...]

    @classmethod
    def of(cls, state, seat: int) -> View:
        """The view of ``seat`` in ``state``."""
        return cls(seat, state.players, state.options, state.phase, state.turn, state.hand_no,
                   state.first_seat, state.dealer, tuple(state.hands[seat]),
                   tuple(map(tuple, state.melds)), tuple(state.pile), len(state.stock),
                   tuple(map(len, state.hands)), tuple(map(tuple, state.known)),
                   tuple(state.totals), tuple(state.hand_scores), state.rebuilds, state.winner,
                   tuple(state.hand_outs), tuple(state.turns), state.turn_start_melds,
                   state.offer, state.must_draw, tuple(state.out_of_play))

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is to move (else none)."""
        if self.turn != self.seat:
            return []
        return legal.legal_actions(self.phase, list(self.hand), list(self.melds[self.seat]),
                                   list(self.pile), self.options, self.must_draw)

    def unseen(self) -> Counter:
        """Cards this seat cannot place: in the stock or in other hands, beyond known ones."""
        pool = Counter(deck(self.options.jokers))
        pool.subtract(self.hand)
        pool.subtract(self.pile)
        pool.subtract(self.out_of_play)
        for seat_melds in self.melds:
            for meld in seat_melds:
                pool.subtract(meld.cards)
        for s, cards in enumerate(self.known):
            if s != self.seat:
                pool.subtract(cards)
        return +pool

    def determinize(self, rand: random.Random):
        """A full state consistent with this view, hidden cards dealt at random by ``rand``.

        The returned state has a fresh random seed, so later shuffles are unknown too.
        """
        hidden = sorted(self.unseen().elements())
        rand.shuffle(hidden)
        hands = []
        for s in range(self.players):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            need = self.hand_counts[s] - len(self.known[s])
            hands.append(sorted(list(self.known[s]) + hidden[:need]))
            del hidden[:need]
        if len(hidden) != self.stock_count:
            raise ValueError("the view's card counts do not add up")
        return State.assemble(
            options=self.options, players=self.players, seed=rand.getrandbits(63),
            first_seat=self.first_seat, hand_no=self.hand_no, dealer=self.dealer, hands=hands,
            melds=[list(m) for m in self.melds], stock=hidden, pile=list(self.pile),
            known=[list(k) for k in self.known], totals=list(self.totals), turn=self.turn,
            phase=self.phase, rebuilds=self.rebuilds, hand_scores=list(self.hand_scores),
            hand_outs=list(self.hand_outs), winner=self.winner, turns=list(self.turns),
            turn_start_melds=self.turn_start_melds, offer=self.offer, must_draw=self.must_draw,
            dealt=None, out_of_play=list(self.out_of_play))
