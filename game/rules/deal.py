"""Dealing: the cards of one hand, shuffled from the match seed or given explicitly.

Every random choice in a match comes from ``rng(seed, ...)``: a string-seeded ``random.Random``,
whose output is the same on every Python version and platform (CPython and Pyodide alike), so
a seed and an action list reproduce a match exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .cards import Card, card_text, deck, parse_card
from .options import Discards, RuleOptions


def rng(seed: int, *purpose) -> random.Random:
    """A generator for one purpose of one match (e.g. ``rng(seed, "deal", 3)``)."""
    return random.Random(":".join(map(str, ("arlington", seed) + purpose)))


def shuffle(rand: random.Random, cards: list) -> None:
    """Shuffle ``cards`` in place exactly as ``rand.shuffle(cards)`` does (the same
    Fisher-Yates walk drawing the same bits, so every seed deals what it always dealt), with
    the draw of each index written out: a deal is a hundred draws, and the library's helper
    per draw was a tenth of a random play's time at eight players."""
    getrandbits = rand.getrandbits
    for i, n, k in _walk(len(cards)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@lru_cache(maxsize=8)
def _walk(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of the shuffle of ``size`` cards: each place from the last down, how many
    places it draws from and the bits of that count (a match's deck has one size: made
    once, not a ``bit_length`` call a card)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def hand_size(players: int) -> int:
    """13 cards each, 12 at eight players (8 x 13 would use every card)."""
    return 12 if players == 8 else 13


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of a hand: each seat's hand, the stock (top card first) and the discard pile
    (bottom first; normally just the upcard, none where discards are offered instead)."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]

    @classmethod
    def shuffled(cls, options: RuleOptions, players: int, seed: int, hand_no: int) -> Deal:
        """The deal of hand ``hand_no`` (0-based) of the match with this seed."""
        cards = deck(options.jokers)
        shuffle(rng(seed, "deal", hand_no), cards)
        size = hand_size(players)
        hands = tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(players))
        rest = cards[players * size:]
        upcards = 0 if options.discards is Discards.OFFERED else 1
        return cls(hands, tuple(rest[upcards:]), tuple(rest[:upcards]))

    @classmethod
    def arranged(cls, options: RuleOptions, hands, pile=(), stock_top=()) -> Deal:
        """A deal with these hands, pile (bottom first) and top of stock (top card first); every
        other card of the deck goes below, in card order. Cards may be codes or integers.
        For tests and puzzles: any position can be set up this way."""
        def as_cards(cs):
            return tuple(parse_card(c) if isinstance(c, str) else c for c in cs)

        hands = tuple(tuple(sorted(as_cards(h))) for h in hands)
        pile, top = as_cards(pile), as_cards(stock_top)
        rest = Counter(deck(options.jokers))
        rest.subtract(c for h in hands for c in h)
        rest.subtract(pile)
        rest.subtract(top)
        if any(n < 0 for n in rest.values()):
            over = sorted(c for c, n in rest.items() if n < 0)
            raise ValueError(f"more copies than the deck holds: {' '.join(map(card_text, over))}")
        return cls(hands, top + tuple(sorted(rest.elements())), pile)

    def problem(self, options: RuleOptions, players: int) -> str | None:
        """Why this deal cannot start a hand, or None."""
        if len(self.hands) != players:
            return f"the deal has {len(self.hands)} hands for {players} players"
        if any(not h for h in self.hands):
            return "every player needs at least one card"
        if self.pile and options.discards is Discards.OFFERED:
            return "these rules have no discard pile: the deal cannot have an upcard"
        dealt = Counter(c for h in self.hands for c in h) + Counter(self.stock) + Counter(self.pile)
        if dealt != Counter(deck(options.jokers)):
            missing = Counter(deck(options.jokers)) - dealt
            extra = dealt - Counter(deck(options.jokers))
            return ("the deal must use every card of the deck exactly once"
                    + (f"; missing {' '.join(card_text(c) for c in sorted(missing.elements()))}"
                       if missing else "")
                    + (f"; too many {' '.join(card_text(c) for c in sorted(extra.elements()))}"
                       if extra else ""))
        return None

    def to_json(self) -> dict:
        """JSON form with card codes."""
        return {"hands": [[card_text(c) for c in h] for h in self.hands],
                "stock": [card_text(c) for c in self.stock],
                "pile": [card_text(c) for c in self.pile]}

    @classmethod
    def from_json(cls, data) -> Deal:
        """Parse the JSON form; ``upcard`` may stand for a one-card pile. Raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("the deal must be a JSON object")
        try:
            hands = tuple(tuple(sorted(parse_card(c) for c in h)) for h in data["hands"])
            stock = tuple(parse_card(c) for c in data.get("stock", []))
            pile: tuple[Card, ...]
            if "upcard" in data:
                pile = (parse_card(data["upcard"]),)
            else:
                pile = tuple(parse_card(c) for c in data.get("pile", []))
        except (KeyError, TypeError, AttributeError):
            raise ValueError("the deal needs hands (lists of card codes), a stock and an "
                             "upcard or pile") from None
        return cls(hands, stock, pile)
