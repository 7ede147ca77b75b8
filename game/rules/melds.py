"""Melds: what a set, a run or a meld of 2s is, and which cards may join one.

These functions are the rule book for melds: each returns ``None`` when the cards are legal and
otherwise the reason a player reads. ``legal.py`` enumerates legal melds quickly without calling
them; the property tests hold the two to each other.
"""

from __future__ import annotations

import enum
from operator import itemgetter
from typing import NamedTuple

from .cards import (
    ACE,
    ACE_HIGH,
    CARD_AT,
    JOKER,
    KING,
    QUEEN_OF_SPADES,
    RANK_NAMES,
    RUN_BIT,
    SUIT_NAMES,
    TWO,
    Card,
    card,
    card_name,
    card_text,
    is_wild,
    rank_of,
    suit_of,
)
from .options import RuleOptions

SET_MAX = 4
"""No set or meld of 2s ever holds more than four cards, under every option."""


class MeldKind(enum.IntEnum):
    """The three shapes of meld."""

    SET = 0
    RUN = 1
    TWOS = 2
    """A meld made only of 2s."""


_SET, _RUN, _TWOS = MeldKind.SET, MeldKind.RUN, MeldKind.TWOS
"""The kinds bound once as globals: CPython 3.11 reads a member through its class
(``MeldKind.RUN``) the slow way, since ``enum.EnumType`` defines ``__getattr__``, and a meld is
made at every meld and addition (docs/engine.md, "Speed")."""


class _MeldFields(NamedTuple):
    kind: MeldKind
    cards: tuple[Card, ...]
    rank: int
    suit: int
    wilds: int
    joins: tuple[tuple[Card, Card], ...]
    wild_places: tuple[tuple[Card, bool], ...]
    join_bits: int
    open_places: tuple[tuple[Card, bool], ...]


class Meld(_MeldFields):
    """A meld on the table. Immutable in fact (a tuple): adding a card makes a new one, and no
    code handed a meld, an agent included, can change the one on the table.

    ``cards`` are in canonical order: a set lists naturals then wilds, each ascending; a run
    lists its cards by position from ``low`` upward. ``rank`` is the set's rank (2 for a meld of
    2s) or, for a run, the position of its lowest card (1 = ace low .. 12); a high ace is
    position 14. ``wilds`` counts cards that stand for another card.

    Worked out once from those, because the legal-action generator reads them every turn:
    ``joins``, the natural cards that could join, length limits aside, each with the card it is
    named as in an action (-1: none); ``wild_places``, where a wild could join (the card it
    would stand for, or -1 in a set; whether only a joker may go there); ``join_bits``, the
    natural cards of ``joins`` as a mask of ``RUN_BIT``, to meet a hand's mask in one step
    (none for a set of four, the most any set holds, so the listing passes it by at once);
    ``open_places``, the places a wild could join where the queen of spades is an ordinary
    queen (``places`` applies the queen-of-spades rule: see ``options.queen_of_spades_rules``).
    """

    __slots__ = ()

    def __new__(cls, kind: MeldKind, cards: tuple[Card, ...], rank: int, suit: int = -1,
                wilds: int = 0):
        if kind is _SET:
            joins, join_bits = _SET_JOINS[rank]
            if len(cards) >= SET_MAX:
                join_bits = 0  # a full set: no card joins it, whatever its rank
            places = open_places = _ANYWHERE
        elif kind is _TWOS:
            joins, join_bits, places = (), 0, _ANYWHERE
            open_places = places
        else:
            high = rank + len(cards) - 1
            # a 2 standing for the queen of spades (see ``_ends_of``)
            two_as_queen = suit == 0 and rank <= 12 <= high and 8 <= cards[12 - rank] < 12
            joins, places, open_places, join_bits = _RUN_ENDS.get(
                (rank, high, suit, wilds > 0, two_as_queen)) or _ends_of(
                rank, high, suit, wilds > 0, two_as_queen)
        return tuple.__new__(cls, (kind, cards, rank, suit, wilds, joins, places, join_bits,
                                   open_places))

    def __getnewargs__(self):
        return tuple(self[:5])

    def __repr__(self) -> str:
        return (f"Meld(kind={self.kind!r}, cards={self.cards!r}, rank={self.rank!r}, "
                f"suit={self.suit!r}, wilds={self.wilds!r})")

    def _replace(self, **changes) -> Meld:
        fields = dict(zip(self._fields[:5], self[:5])) | changes
        return Meld(**fields)  # type: ignore[arg-type]  # the fields of a Meld, by name

    @property
    def high(self) -> int:
        """Position of a run's top card."""
        return self.rank + len(self.cards) - 1

    def stands_for(self, index: int) -> Card:
        """The card that the card at ``index`` counts as (itself, for a natural)."""
        if self.kind is _RUN:
            return card(self.rank + index, self.suit)
        c = self.cards[index]
        return c if not is_wild(c) or self.kind is _TWOS else card(self.rank, suit_of(c))

    def is_natural_at(self, index: int) -> bool:
        """Whether the card at ``index`` is itself (a natural 2 in its place counts)."""
        c = self.cards[index]
        if self.kind is _RUN:
            return c == card(self.rank + index, self.suit)
        return self.kind is _TWOS or not is_wild(c)


_first = itemgetter(0)
"""The card of a ``joins`` pair (a C call: a meld is made at every meld and addition)."""


def _join_bits(joins) -> int:
    return sum(map(RUN_BIT.__getitem__, map(_first, joins)))


_SET_JOINS = tuple((joins, _join_bits(joins)) for joins in (
    tuple((card(rank, s), -1) for s in range(4)) for rank in range(ACE_HIGH)))
"""The ``joins`` and ``join_bits`` of a set, by rank: made once, not at every meld."""

_ANYWHERE = ((-1, False),)
"""The one place a wild may join a set or a meld of 2s."""


def _ends_of(low: int, high: int, suit: int, wild: bool, two_as_queen: bool) -> tuple:
    """The ``joins``, ``wild_places``, ``open_places`` and ``join_bits`` of a run from place
    ``low`` to ``high`` of ``suit``, holding a wild or not, and a 2 standing for the queen of
    spades or not: its two ends, an ace at one end only (the low one when both would take
    it), and (not in ``open_places``) the queen-of-spades rule for wilds. That is all they
    depend on, so each is made once (``_RUN_ENDS``) and shared by every run of that shape: a
    run is made at every run laid and every addition to one."""
    ends = []
    if low > ACE and not (low - 1 == ACE and high == ACE_HIGH):
        ends.append(low - 1)
    if high < ACE_HIGH and not (high + 1 == ACE_HIGH and (low == ACE or low - 1 == ACE)):
        ends.append(high + 1)
    joins = tuple((card(p, suit), card(p, suit) if p == TWO else -1) for p in ends)
    open_places = tuple((card(p, suit), False) for p in ends)
    if two_as_queen:  # that 2 must stay the only wild in the run
        places: tuple = ()
    else:
        places = tuple((card(p, suit), card(p, suit) == QUEEN_OF_SPADES and wild)
                       for p in ends)
    found = _RUN_ENDS[low, high, suit, wild, two_as_queen] = (
        joins, places, open_places, _join_bits(joins))
    return found


_RUN_ENDS: dict[tuple, tuple] = {}
"""``_ends_of`` by its arguments: at most some 3,000 shapes of run, each made once."""


def sort_set(cards) -> tuple[Card, ...]:
    """Canonical order of a set: naturals ascending, then wilds ascending.

    Sorted plainly and the wilds (the joker 0, the 2s 8 to 11) moved behind, rather than
    sorted by a key: a key is a Python call per card, and melds are made at every meld laid
    and every addition (the wild test is written out for the same reason, here and in the
    other makers of melds below: ``is_wild`` is a call)."""
    ordered = sorted(cards)
    if not ordered or ordered[0] >= 12:  # no card below the 3s: no wild (most sets)
        return tuple(ordered)
    return tuple([c for c in ordered if not (c < 12 and (c > 7 or c == 0))]
                 + [c for c in ordered if c < 12 and (c > 7 or c == 0)])


def rank_plural(rank: int) -> str:
    """A rank in the plural, for words: ``sevens``, ``sixes``, ``queens``."""
    return RANK_NAMES[rank] + ("es" if rank == 6 else "s")


def new_set(cards, options: RuleOptions) -> Meld | str:
    """The set (or meld of 2s, where the options allow them) these cards make, or why they
    make none. A set holds at least ``options.set_naturals`` naturals."""
    cards = sort_set(cards)
    if not 3 <= len(cards) <= SET_MAX:
        return "A set needs three or four cards"
    naturals = [c for c in cards if not (c < 12 and (c > 7 or c == 0))]
    if not naturals and options.twos_melds:
        if JOKER in cards:
            return "A meld of 2s holds only 2s"
        return Meld(_TWOS, cards, TWO)
    if len(naturals) < options.set_naturals or not naturals:
        least = options.set_naturals
        return (f"A set needs at least {'two natural cards' if least == 2 else 'one natural card'}"
                + ("" if options.twos_melds else "; melds of 2s alone are not allowed"))
    rank = naturals[0] >> 2
    if naturals[-1] >> 2 != rank:  # in ascending order: the first and last ranks differ
        return "A set needs cards of one rank (2s may stand in for any)"
    return Meld(_SET, cards, rank, -1, len(cards) - len(naturals))


def run_start(cards) -> int | None:
    """Position of the first card of an ordered run, read from its first natural other than a 2
    (an ace after the first place is high)."""
    for i, c in enumerate(cards):
        if not (c < 12 and (c > 7 or c == 0)):
            r = c >> 2
            return r - i if r != ACE or i == 0 else ACE_HIGH - i
    return None


def new_run(cards, options: RuleOptions, *, laid_new: bool = True) -> Meld | str:
    """The run these cards make in the order given (lowest first), or why they make none.

    ``laid_new`` applies the rules for laying a run down (naturals only, unless the options
    allow wilds in new runs); a run grown by additions is checked by ``add_to``.
    """
    cards = tuple(cards)
    longest = options.run_max or 13
    if not 3 <= len(cards) <= longest:
        return ("A run needs three or four cards in sequence of one suit" if longest == 4 else
                "A run needs at least three cards in sequence of one suit")
    low = run_start(cards)
    if low is None:
        return _NATURALS_ONLY if laid_new and not options.wilds_in_new_runs else _TWO_NATURALS
    suit = -1
    for c in cards:
        if not (c < 12 and (c > 7 or c == 0)):
            if suit < 0:
                suit = c & 3
            elif c & 3 != suit:
                return "A run needs cards in sequence of one suit"
    high = low + len(cards) - 1
    if low < ACE or high > ACE_HIGH:
        return _order_problem(cards) or _WRAP
    if low == ACE and high == ACE_HIGH:
        return _order_problem(cards) or "An ace is low or high in a run, never both"
    wilds = 0
    at = low * 4 + suit  # each card's place and suit, as an index of ``CARD_AT``
    for c in cards:
        if c != CARD_AT[at]:
            if not (c < 12 and (c > 7 or c == 0)):
                return _order_problem(cards) or \
                    "A run needs cards in sequence of one suit, with no gaps"
            wilds += 1
        at += 4
    naturals = len(cards) - wilds
    if laid_new and wilds and not options.wilds_in_new_runs:
        return _NATURALS_ONLY
    if laid_new and naturals < 2:
        return _TWO_NATURALS
    meld = Meld(_RUN, cards, low, suit, wilds)
    return (wilds > 1 and _queen_problem(meld, options)) or meld


_NATURALS_ONLY = "A new run is laid with natural cards only; add a 2 to it later"
_TWO_NATURALS = "A run needs at least two natural cards"
_WRAP = "A run cannot wrap around the ace (K-A-2 is not a run)"


def _order_problem(cards) -> str | None:
    """When cards refused as a run in the order given are all of one suit and make a sequence,
    say how to write them (the order is what places each card, so it is not guessed)."""
    if JOKER in cards or len({suit_of(c) for c in cards}) > 1:
        return None
    ranks = sorted(rank_of(c) for c in cards)
    if ranks[0] == ACE and ranks[-1] == KING:
        ranks = ranks[1:] + [ACE_HIGH]
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        return None
    suit = suit_of(cards[0])
    ordered = tuple(card(r, suit) for r in ranks)
    if ordered == tuple(cards):
        return None
    return "Write a run's cards lowest first: " + " ".join(map(card_text, ordered))


def _queen_problem(meld: Meld, options: RuleOptions) -> str | None:
    """A 2 may stand for the queen of spades only as the only wild in its run (a joker has no
    such restriction of its own), under ``options.queen_of_spades_rules``."""
    if options.queen_of_spades_rules and meld.kind is _RUN and meld.suit == 0 \
            and meld.wilds > 1 and meld.rank <= 12 <= meld.high:
        stand_in = meld.cards[12 - meld.rank]
        if stand_in != QUEEN_OF_SPADES and stand_in != JOKER:
            return "A 2 may stand for the queen of spades only as the only wild in its run"
    return None


def accepted(result: Meld | str) -> Meld:
    """The meld a change made when the rules had already checked it (applying a checked
    action, or an event the state emitted): a refusal here is a bug, never a player's
    mistake."""
    if isinstance(result, str):
        raise AssertionError(f"a checked meld change was refused: {result}")
    return result


def swap_joker(meld: Meld, natural: Card) -> Meld | str:
    """``meld`` with ``natural`` in place of a joker that stands for it, or why not. The joker
    goes back to the hand of the meld's owner (only the owner may swap)."""
    if JOKER not in meld.cards:
        return "That meld holds no joker to swap"
    if meld.kind is _RUN:
        for i, c in enumerate(meld.cards):
            if c == JOKER and meld.stands_for(i) == natural:
                cards = meld.cards[:i] + (natural,) + meld.cards[i + 1:]
                return Meld(_RUN, cards, meld.rank, meld.suit, meld.wilds - 1)
        return f"No joker in that run stands for the {card_name(natural)}"
    if meld.kind is _SET and rank_of(natural) == meld.rank:
        rest = list(meld.cards)
        rest.remove(JOKER)
        return Meld(_SET, sort_set(rest + [natural]), meld.rank, -1, meld.wilds - 1)
    return f"The joker in that meld does not stand for the {card_name(natural)}"


def run_position(meld: Meld, stands: Card) -> int:
    """The position in run ``meld`` that a card standing for ``stands`` would take: its rank,
    and for an ace whichever end takes an ace (the low end if both do: the results are alike)."""
    r = stands >> 2
    if r != ACE:
        return r
    return ACE if meld.rank - 1 == ACE else ACE_HIGH


def add_to(meld: Meld, c: Card, stands: Card, options: RuleOptions) -> Meld | str:
    """``meld`` with card ``c`` added, or why it may not be.

    ``stands`` is the card ``c`` counts as: itself for a natural; for a 2 or joker added to a
    run, the card the player names (a 2 naming itself is the natural 2 in its own place).
    """
    kind, cards, rank = meld.kind, meld.cards, meld.rank
    size = len(cards)
    wild = c < 12 and (c > 7 or c == 0)
    if kind is not _RUN:
        if size >= SET_MAX:
            return "No meld may hold more than four cards"
        if kind is _TWOS:
            if c >> 2 != TWO:
                return "A meld of 2s takes only more 2s"
            return Meld(_TWOS, sort_set(cards + (c,)), TWO)
        if not wild and c >> 2 != rank:
            return f"That set is of {rank_plural(rank)}; the {card_name(c)} cannot join it"
        return Meld(_SET, sort_set(cards + (c,)), rank, -1, meld.wilds + wild)
    if options.run_max is not None and size >= options.run_max:
        return f"No run may hold more than {options.run_max} cards"
    suit = meld.suit
    if stands & 3 != suit or stands == JOKER:
        return f"That run is in {SUIT_NAMES[suit]}; the {card_name(stands)} cannot join it"
    if not wild and c != stands:
        return f"The {card_name(c)} can only stand for itself"
    position = run_position(meld, stands)
    high = rank + size - 1
    if position == rank - 1:
        cards, low = (c,) + cards, position
    elif position == high + 1:
        cards, low = cards + (c,), rank
    elif (position == TWO and high == ACE_HIGH) or (position == KING and rank == ACE):
        return _WRAP
    else:
        return "A card added to a run must extend it at one end"
    if low == ACE and low + size == ACE_HIGH:
        return "An ace is low or high in a run, never both"
    wilds = meld.wilds + (c != stands)
    grown = Meld(_RUN, cards, low, suit, wilds)
    return (wilds > 1 and _queen_problem(grown, options)) or grown
