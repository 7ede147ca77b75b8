"""Legal actions, generated fast.

This is the inner loop of the AI's search, so it enumerates only legal actions, straight from
the sorted hand, without building and checking candidates. The rule book it must agree with
is ``melds.py`` and ``State.check``; the property tests hold the two together (everything
listed here passes the check, and random actions that pass the check are listed here).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from .actions import DISCARD, DRAW, Act, Action
from .cards import ACE, ACE_HIGH, JOKER, QUEEN_OF_SPADES, TWO, card
from .melds import MeldKind, _queen_problem, Meld, sort_set


@lru_cache(maxsize=8192)
def _combos(cards: tuple, k: int) -> tuple:
    """Distinct k-card sub-multisets of a sorted tuple, each sorted."""
    return tuple(dict.fromkeys(combinations(cards, k)))


def legal_actions(phase: int, hand: list, melds: list, pile: list, options) -> list[Action]:
    """Every legal action of a player with this sorted ``hand`` and these ``melds`` of their
    own, facing this discard ``pile`` in this phase (0 draw, 1 meld; else there are none).
    Everything it needs is in the player's own view, so the AI calls it on a view too."""
    if phase == 0:
        return _draw_phase(hand, melds, pile, options)
    if phase == 1:
        return _meld_phase(hand, melds, options)
    return []


def _has_room(melds, options) -> bool:
    slots = options.meld_slots
    return slots is None or len(melds) < slots


def _draw_phase(hand, melds, pile, options) -> list[Action]:
    acts = [DRAW]
    if pile and _has_room(melds, options):
        if options.go_out_by_melding or len(hand) + len(pile) > 3:
            acts += _pile_sets(hand, pile[-1])
    return acts


def _pile_sets(hand: list, top: int) -> list[Action]:
    """Takes of the pile whose top card makes a new set with exactly two cards from hand."""
    out = []
    if top > 11 or 4 <= top < 8:  # a natural on top: two of its rank or wilds from hand
        r = top >> 2
        cands = tuple(c for c in hand if c >> 2 == r or c == 0 or 8 <= c < 12)
        for a, b in _combos(cands, 2):
            out.append(Action(Act.TAKE_SET, sort_set((top, a, b))))
        return out
    naturals = tuple(c for c in hand if c > 11 or 4 <= c < 8)
    wilds = tuple(c for c in hand if c == 0 or 8 <= c < 12)
    for a, b in _combos(naturals, 2):  # a pair of one rank, the wild on top joins it
        if a >> 2 == b >> 2:
            out.append(Action(Act.TAKE_SET, (a, b, top)))
    for n in dict.fromkeys(naturals):
        for w in dict.fromkeys(wilds):
            out.append(Action(Act.TAKE_SET, (n,) + ((top, w) if top <= w else (w, top))))
    if top != JOKER:
        for a, b in _combos(tuple(c for c in wilds if c), 2):  # a meld of 2s
            out.append(Action(Act.TAKE_SET, tuple(sorted((top, a, b)))))
    return out


def _meld_phase(hand, melds, options) -> list[Action]:
    size = len(hand)
    # Discards: each distinct card; the queen of spades only if nothing else is held.
    acts = []
    prev = -1
    for c in hand:
        if c != prev:
            prev = c
            acts.append(DISCARD[c])
    if hand[0] != hand[-1] and QUEEN_OF_SPADES in hand:
        acts.remove(DISCARD[QUEEN_OF_SPADES])
    longest = size if options.go_out_by_melding else size - 1  # cards one action may use
    if longest < 1:
        return acts
    wilds = tuple(c for c in hand if c == 0 or 8 <= c < 12)
    if _has_room(melds, options) and longest >= 3:
        _new_sets(hand, wilds, longest, acts)
        _new_runs(hand, wilds, longest, options, acts)
    for i, meld in enumerate(melds):
        _additions(i, meld, hand, wilds, options, acts)
    return acts


def _new_sets(hand, wilds, longest, acts) -> None:
    nw = len(wilds)
    start = 0
    n = len(hand)
    while start < n:
        c = hand[start]
        r = c >> 2
        end = start + 1
        while end < n and hand[end] >> 2 == r:
            end += 1
        if r != TWO and r != 0 and end - start + nw >= 3:
            group = tuple(hand[start:end])
            for k in range(1, min(len(group), 4) + 1):
                for total in (3, 4):
                    w = total - k
                    if 0 <= w <= nw and total <= longest:
                        for nat in _combos(group, k):
                            for wild in _combos(wilds, w):
                                acts.append(Action(Act.SET, nat + wild))
        start = end
    twos = tuple(c for c in wilds if c)
    for total in (3, 4):
        if len(twos) >= total and total <= longest:
            for combo in _combos(twos, total):
                acts.append(Action(Act.SET, combo))


def _new_runs(hand, wilds, longest, options, acts) -> None:
    """Runs of naturals (a 2 of the suit in its own place is natural); with the option, also
    runs whose gaps or ends are filled by wilds, keeping at least two naturals."""
    bits = [0, 0, 0, 0]
    for c in hand:
        if c > 3:
            bits[c & 3] |= 1 << (c >> 2)
    cap = min(options.run_max or 13, longest)
    with_wilds = options.wilds_in_new_runs and wilds
    for suit in range(4):
        m = bits[suit]
        if m & 2:
            m |= 1 << ACE_HIGH
        if not with_wilds:
            triples = m & (m >> 1) & (m >> 2)
            while triples:
                low = (triples & -triples).bit_length() - 1
                triples &= triples - 1
                length = 3
                while length <= cap and low + length - 1 <= ACE_HIGH:
                    if not m >> (low + length - 1) & 1 or (low == ACE and
                                                          low + length - 1 == ACE_HIGH):
                        break
                    acts.append(Action(Act.RUN, tuple(card(p, suit)
                                                      for p in range(low, low + length))))
                    length += 1
            continue
        _runs_with_wilds(hand, wilds, m, suit, cap, acts)


def _runs_with_wilds(hand, wilds, m, suit, cap, acts) -> None:
    for low in range(ACE, ACE_HIGH - 1):
        for length in range(3, cap + 1):
            high = low + length - 1
            if high > ACE_HIGH or (low == ACE and high == ACE_HIGH):
                break
            places = range(low, high + 1)
            gaps = [p for p in places if not m >> p & 1]
            if length - len(gaps) < 2 or len(gaps) > len(wilds):
                continue
            naturals = [card(p, suit) for p in places if m >> p & 1]
            spare = list(wilds)
            for c in naturals:
                if c in spare:  # a natural 2 in its place is not also a wild elsewhere
                    spare.remove(c)
            for fill in dict.fromkeys(permutations(spare, len(gaps))):
                at = dict(zip(gaps, fill))
                cards = tuple(at.get(p, card(p, suit)) for p in places)
                meld = Meld(MeldKind.RUN, cards, low, suit, len(gaps))
                if not _queen_problem(meld):
                    acts.append(Action(Act.RUN, cards))


def _additions(i: int, meld: Meld, hand, wilds, options, acts) -> None:
    """Cards from hand that may join the player's meld ``i``."""
    size = len(meld.cards)
    kind = meld.kind
    if kind is not MeldKind.RUN:
        if size >= 4:
            return
        prev = -1
        for c in hand:
            if c != prev and ((c >> 2 == meld.rank and kind is MeldKind.SET) or
                              (8 <= c < 12) or (c == 0 and kind is MeldKind.SET)):
                acts.append(Action(Act.ADD, (c,), i))
            prev = c
        return
    if options.run_max is not None and size >= options.run_max:
        return
    suit = meld.suit
    low, high = meld.rank, meld.high
    ends = []
    if low > ACE and not (low - 1 == ACE and high == ACE_HIGH):
        ends.append(low - 1)
    if high < ACE_HIGH and not (high + 1 == ACE_HIGH and (low == ACE or low - 1 == ACE)):
        ends.append(high + 1)
    for p in ends:
        natural = card(p, suit)
        if natural in hand:
            acts.append(Action(Act.ADD, (natural,), i, natural if p == TWO else -1))
        if natural == QUEEN_OF_SPADES and meld.wilds:
            continue
        if meld.wilds and low <= 12 <= high and suit == 0 and not meld.is_natural_at(12 - low):
            continue  # a wild already stands for the queen of spades: it must stay the only one
        for w in dict.fromkeys(wilds):
            if w != natural:
                acts.append(Action(Act.ADD, (w,), i, natural))
