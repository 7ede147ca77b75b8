"""Events: what happened, as the engine reports it after each applied action.

The UI turns them into animation and the log into text. Events carry everything a seat is
shown, so a seat's whole knowledge follows from its events (``observer.Observer`` rebuilds a
view from them alone); ``Event.seen_by`` turns what a seat may not see face down: another
player's drawn card and the other hands of a deal.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from .cards import Card, cards_text


class Ev(enum.IntEnum):
    """Kinds of event."""

    DEALT = 0
    """A hand was dealt; ``seat`` opens it, ``cards`` is the discard pile dealt face up (bottom
    first) and ``hands`` every seat's hand (others' cards face down in ``seen_by``)."""
    DREW = 1
    """``seat`` drew ``cards`` from the stock (hidden from the others)."""
    RESHUFFLED = 2
    """The stock ran out and the discard pile became the new stock."""
    TOOK_PILE = 3
    """``seat`` took the whole pile ``cards`` (bottom to top), laying its top in meld ``meld``."""
    MELDED = 4
    """``seat`` laid ``cards`` as their meld number ``meld`` (0-based): a run (lowest card
    first) when ``run`` is set, else a set or a meld of 2s."""
    ADDED = 5
    """``seat`` added ``cards`` to their meld ``meld``; a wild added to a run ``stands`` for
    the card it names."""
    DISCARDED = 6
    """``seat`` discarded ``cards``."""
    HAND_ENDED = 7
    """The hand ended; ``seat`` went out (-1: nobody did); ``scores`` per seat for the hand."""
    MATCH_ENDED = 8
    """The match ended; ``seat`` won; ``scores`` are the final totals."""
    SWAPPED = 9
    """``seat`` put ``cards[0]`` in place of the joker in their meld ``meld``; the joker
    (``cards[1]``) went back to their hand."""
    TOOK_UPCARD = 10
    """``seat`` took the offered upcard ``cards`` and opens the hand."""
    PASSED = 11
    """``seat`` refused the offered upcard, or the offered discard ``cards``."""
    TOOK_OFFER = 12
    """``seat`` took the offered discard ``cards`` into hand (seen by all); the offer ends."""
    OUT_OF_PLAY = 13
    """Everyone passed the offered discard ``cards``: it is out of play for the hand."""


FACE_DOWN = -1
"""A card a seat is shown only the back of (in a ``DEALT`` event's other hands)."""


class Event(NamedTuple):
    """Something that happened at the table."""

    kind: Ev
    seat: int = -1
    cards: tuple[Card, ...] = ()
    meld: int = -1
    scores: tuple[int, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    stands: Card = -1
    run: bool = False

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` may see it: another player's drawn card is hidden, and of a
        deal only the seat's own hand shows (the others as that many cards face down)."""
        if self.kind is Ev.DREW and seat != self.seat:
            return self._replace(cards=())
        if self.kind is Ev.DEALT:
            return self._replace(hands=tuple(h if s == seat else (FACE_DOWN,) * len(h)
                                             for s, h in enumerate(self.hands)))
        return self

    def __str__(self) -> str:
        who = f"seat {self.seat + 1}"
        text = {
            Ev.DEALT: f"new hand, {who} opens",
            Ev.DREW: f"{who} drew {cards_text(self.cards) or 'a card'}",
            Ev.RESHUFFLED: "the discard pile was shuffled into a new stock",
            Ev.TOOK_PILE: f"{who} took the pile ({len(self.cards)} cards)",
            Ev.MELDED: f"{who} melded {cards_text(self.cards)}",
            Ev.ADDED: f"{who} added {cards_text(self.cards)} to meld {self.meld + 1}",
            Ev.DISCARDED: f"{who} discarded {cards_text(self.cards)}",
            Ev.HAND_ENDED: (f"hand over, {who} went out" if self.seat >= 0
                            else "hand over, nobody went out") + f"; scores {list(self.scores)}",
            Ev.MATCH_ENDED: f"match over, {who} wins with totals {list(self.scores)}",
            Ev.SWAPPED: f"{who} swapped {cards_text(self.cards[:1])} for the joker in meld "
                        f"{self.meld + 1}",
            Ev.TOOK_UPCARD: f"{who} took the upcard {cards_text(self.cards)}",
            Ev.PASSED: f"{who} passed on {cards_text(self.cards) or 'the upcard'}",
            Ev.TOOK_OFFER: f"{who} took the offered {cards_text(self.cards)}",
            Ev.OUT_OF_PLAY: f"{cards_text(self.cards)} is out of play",
        }[self.kind]
        return text
