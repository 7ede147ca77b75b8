"""Cards as small integers.

A card is ``rank * 4 + suit``: rank 1 (ace) .. 13 (king), suit 0..3 for spades, hearts,
diamonds, clubs, so rank and suit are one shift and one mask away and a hand fits a list of
counts indexed by card. The joker is 0 (rank 0). The two decks are two copies of each card;
copies are indistinguishable, so a hand, a meld or a pile is a multiset of these integers.

In a run an ace can also stand above the king: that position is rank 14 (``ACE_HIGH``), which
names a place in a run, never a card.
"""

from __future__ import annotations

from .text import quote

Card = int
Rank = int
Suit = int

SUITS = [SPADES, HEARTS, DIAMONDS, CLUBS] = range(4)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

ACE, TWO, JACK, QUEEN, KING = 1, 2, 11, 12, 13
ACE_HIGH = 14
RANKS = range(1, 14)
RANK_TEXT = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = ("joker", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king", "ace")

JOKER: Card = 0
CARD_SLOTS = 56
"""Length of a list indexed by card (index 1..3 are never used)."""


def card(rank: Rank, suit: Suit) -> Card:
    """The card of ``rank`` (1..13, or 14 for a high ace) and ``suit``."""
    return (1 if rank == ACE_HIGH else rank) * 4 + suit


def rank_of(c: Card) -> Rank:
    """Rank 1..13 of a card, 0 for the joker."""
    return c >> 2


def suit_of(c: Card) -> Suit:
    """Suit 0..3 of a card (meaningless for the joker)."""
    return c & 3


def is_wild(c: Card) -> bool:
    """Every 2 and the joker may stand for another card."""
    return c < 12 and (c > 7 or c == 0)


QUEEN_OF_SPADES: Card = card(QUEEN, SPADES)

RUN_BIT = [0 if c == JOKER or c < 4 else 1 << (16 * (c & 3) + (c >> 2)) for c in range(CARD_SLOTS)]
"""Each card as one bit of a hand mask: 16 bits per suit, bit ``rank`` within them (bit 14,
the high ace, is filled in from bit 1). Bits 0 and 15 of a suit stay clear, so a run found by
shifting never crosses into the next suit. A card has a bit of its own (the joker none),
so a hand's cards and a meld's join cards (``Meld.join_bits``) meet in one ``&``."""
CARD_AT = tuple(card(i >> 2, i & 3) for i in range(4 * (ACE_HIGH + 1)))
"""The card at each place of a run (1 to 14, the high ace last) and suit, at index
``4 * place + suit``: ``card`` without its call."""
TWOS = tuple(card(TWO, s) for s in SUITS)
ALL_CARDS = tuple(card(r, s) for r in RANKS for s in SUITS)
"""The 52 distinct cards of one deck, in card order."""


TWO_DECKS = tuple(c for c in ALL_CARDS for _ in range(2))
"""The 104 cards of two standard decks, in card order."""


def deck(jokers: int = 0) -> list[Card]:
    """Two standard decks (104 cards) plus ``jokers`` jokers, in card order."""
    return [*TWO_DECKS, *(JOKER,) * jokers]


def card_text(c: Card) -> str:
    """Short stable code: ``QS``, ``10H``, ``2C``, ``AS``, ``JK``."""
    if c == JOKER:
        return "JK"
    return RANK_TEXT[c >> 2] + SUIT_LETTERS[c & 3]


def card_symbol(c: Card) -> str:
    """Display form with a suit symbol: ``Q♠``, ``10♥``, ``Jkr``."""
    if c == JOKER:
        return "Jkr"
    return RANK_TEXT[c >> 2] + SUIT_SYMBOLS[c & 3]


def card_name(c: Card) -> str:
    """Words for messages: ``queen of spades``."""
    if c == JOKER:
        return "joker"
    return f"{RANK_NAMES[c >> 2]} of {SUIT_NAMES[c & 3]}"


_BY_TEXT = {card_text(c): c for c in ALL_CARDS} | {"JK": JOKER}
_BY_TEXT.update({"1" + card_text(c)[1:]: c for c in ALL_CARDS if rank_of(c) == ACE})
_BY_TEXT.update({"T" + card_text(c)[-1]: c for c in ALL_CARDS if rank_of(c) == 10})


def parse_card(text: str) -> Card:
    """Card from its code: ASCII letters and digits only, nothing around them (case-insensitive;
    ``T`` is accepted for ten, ``1`` for ace). Raises ValueError."""
    c = _BY_TEXT.get(text.upper(), -1) if isinstance(text, str) and text.isascii() else -1
    if c < 0:
        shown = quote(text) if isinstance(text, str) else "that"
        raise ValueError(f"{shown} is not a card (write it like QS, 10H, 2C, AS or JK)")
    return c


def cards_text(cards) -> str:
    """Space-separated codes."""
    return " ".join(card_text(c) for c in cards)
