"""A seat's knowledge rebuilt from the events it was shown, and nothing else.

``Observer`` is a second, independent bookkeeper for one seat: it starts from the ``DEALT``
event (its own hand; the others' only as counts) and follows every event as ``Event.seen_by``
shows it to that seat. What it works out must equal ``state.view(seat)``; where the two differ,
the view holds something the seat was never shown (or lost something it was). The property
tests and ``tools.soak`` hold every view to it after every action.

The rule it encodes for known cards (docs/engine.md, "What a seat sees"): a copy that came into
a hand face up (the pile, the upcard, an offered discard, a joker swapped back) is known; each
copy of that card seen leaving the hand takes one known copy away, whatever other copies the
hand may hide.
"""

from __future__ import annotations

from .cards import JOKER, Card, deck
from .events import Ev, Event
from .melds import Meld, accepted, add_to, new_run, new_set, swap_joker
from .options import RuleOptions, StockOut


class Observer:
    """What ``seat`` can derive from its events. Feed it with ``see`` (events as they come
    from ``State.apply``/``next_hand``, starting with ``State.dealt``); compare with ``check``."""

    def __init__(self, options: RuleOptions, players: int, seat: int):
        self.options = options
        self.players = players
        self.seat = seat
        self.hand: list[Card] = []
        self.known: list[list[Card]] = [[] for _ in range(players)]
        self.counts = [0] * players
        self.melds: list[list[Meld]] = [[] for _ in range(players)]
        self.pile: list[Card] = []
        self.out_of_play: list[Card] = []
        self.stock = 0
        self.rebuilds = 0
        self.totals = [0] * players
        self.hand_scores: list[tuple[int, ...]] = []
        self._taken: tuple[Card, ...] = ()
        """A pile just taken: the next meld event plays its top card, then the rest joins the
        hand (the cards laid with it come from the hand as it was before the take)."""

    def see(self, events) -> None:
        """Follow ``events``, each as this seat is shown it."""
        for e in events:
            self._see(e.seen_by(self.seat))

    def check(self, view) -> list[str]:
        """Where ``view`` (``state.view(seat)``) disagrees with what this seat was shown."""
        ours = {"hand": tuple(sorted(self.hand)),
                "known": tuple(tuple(sorted(k)) for k in self.known),
                "hand_counts": tuple(self.counts), "pile": tuple(self.pile),
                "melds": tuple(map(tuple, self.melds)), "stock_count": self.stock,
                "rebuilds": self.rebuilds, "totals": tuple(self.totals),
                "hand_scores": tuple(self.hand_scores), "out_of_play": tuple(self.out_of_play)}
        theirs = {"hand": tuple(sorted(view.hand)),
                  "known": tuple(tuple(sorted(k)) for k in view.known),
                  "hand_counts": view.hand_counts, "pile": view.pile, "melds": view.melds,
                  "stock_count": view.stock_count, "rebuilds": view.rebuilds,
                  "totals": view.totals, "hand_scores": view.hand_scores,
                  "out_of_play": view.out_of_play}
        return [f"seat {self.seat + 1}'s view has {name} {theirs[name]!r}, but what it was "
                f"shown gives {ours[name]!r}" for name in ours if ours[name] != theirs[name]]

    # ----------------------------------------------------------------- one event

    def _see(self, e: Event) -> None:
        kind, seat = e.kind, e.seat
        if kind is Ev.DEALT:
            self._deal(e)
        elif kind is Ev.DREW:
            self.stock -= 1
            self._gain(seat, e.cards if seat == self.seat else (), known=False, count=1)
        elif kind is Ev.RESHUFFLED:
            self.rebuilds += 1
            if self.options.stock_out is StockOut.TURN_OVER:
                self.stock, self.pile = len(self.pile) - 1, self.pile[-1:]
            else:
                self.stock, self.pile = len(self.pile), []
        elif kind is Ev.TOOK_PILE:
            self.pile = []
            self._taken = e.cards
        elif kind is Ev.TOOK_UPCARD or kind is Ev.TOOK_OFFER:
            self.pile.pop()
            self._gain(seat, e.cards, known=True)
        elif kind is Ev.OUT_OF_PLAY:
            self.out_of_play.append(self.pile.pop())
        elif kind is Ev.MELDED:
            self._lose(seat, e.cards)
            made = new_run(e.cards, self.options, laid_new=False) if e.run \
                else new_set(e.cards, self.options)
            self.melds[seat].append(accepted(made))
        elif kind is Ev.ADDED:
            c = e.cards[0]
            self._lose(seat, (c,))
            grown = add_to(self.melds[seat][e.meld], c, e.stands if e.stands >= 0 else c,
                           self.options)
            self.melds[seat][e.meld] = accepted(grown)
        elif kind is Ev.SWAPPED:
            natural = e.cards[0]
            self._lose(seat, (natural,))
            self.melds[seat][e.meld] = accepted(swap_joker(self.melds[seat][e.meld], natural))
            self._gain(seat, (JOKER,), known=True)
        elif kind is Ev.DISCARDED:
            self._lose(seat, e.cards)
            self.pile.extend(e.cards)
        elif kind is Ev.HAND_ENDED:
            self.hand_scores.append(e.scores)
            self.totals = [t + s for t, s in zip(self.totals, e.scores)]
        elif kind is Ev.MATCH_ENDED:
            self.totals = list(e.scores)

    def _deal(self, e: Event) -> None:
        self.hand = list(e.hands[self.seat])
        self.counts = [len(h) for h in e.hands]
        self.known = [[] for _ in range(self.players)]
        self.melds = [[] for _ in range(self.players)]
        self.pile = list(e.cards)
        self.out_of_play = []
        self.stock = len(deck(self.options.jokers)) - sum(self.counts) - len(self.pile)
        self.rebuilds = 0

    def _gain(self, seat: int, cards, *, known: bool, count: int | None = None) -> None:
        self.counts[seat] += len(cards) if count is None else count
        if seat == self.seat:
            self.hand += cards
        if known:
            self.known[seat] += cards

    def _lose(self, seat: int, cards) -> None:
        """Cards seen leaving ``seat``'s hand; after a take, the pile's top card comes from
        the pile and the rest of the pile joins the hand afterwards."""
        cards, taken = list(cards), self._taken
        if taken:
            cards.remove(taken[-1])
        self.counts[seat] -= len(cards)
        for c in cards:
            if seat == self.seat:
                self.hand.remove(c)
            if c in self.known[seat]:
                self.known[seat].remove(c)
        if taken:
            self._taken = ()
            self._gain(seat, taken[:-1], known=True)
