"""Legal actions, generated fast.

This is the inner loop of the AI's search, so it enumerates only legal actions, straight from
the sorted hand, without building and checking candidates. The rule book it must agree with
is ``melds.py`` and ``State.check``; the property tests hold the two together (everything
listed here passes the check, and random actions that pass the check are listed here).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import lru_cache, reduce
from itertools import combinations, compress, permutations
from operator import eq, or_

from .actions import DISCARD, DRAW, PASS, TAKE_UPCARD, Act, Action
from .cards import ACE, ACE_HIGH, CARD_SLOTS, JOKER, QUEEN_OF_SPADES, TWO, card, is_wild
from .melds import SET_MAX, Meld, MeldKind, new_run, sort_set
from .options import PileTake

RANK = [c >> 2 for c in range(CARD_SLOTS)]
"""Rank of each card, for ``map``: the hot loops stay in C."""
RUN_BIT = [0 if c == JOKER or c < 4 else 1 << (16 * (c & 3) + (c >> 2)) for c in range(CARD_SLOTS)]
"""Each card as one bit of a hand mask: 16 bits per suit, bit ``rank`` within them (bit 14,
the high ace, is filled in from bit 1). Bits 0 and 15 of a suit stay clear, so a run found by
shifting never crosses into the next suit."""
ACE_BITS = sum(1 << (16 * s + ACE) for s in range(4))


CACHE_SIZE = 2048
"""Entries per memo of enumerated melds: enough for the groups a match keeps meeting, few
enough that the objects they hold keep full garbage collections (which walk every live object)
to a few milliseconds, below a frame."""


@lru_cache(maxsize=8192)
def _combos(cards: tuple, k: int) -> tuple:
    """Distinct k-card sub-multisets of a sorted tuple, each sorted."""
    return tuple(dict.fromkeys(combinations(cards, k)))


def legal_actions(phase: int, hand: list, melds: list, pile: list, options,
                  must_draw: bool = False) -> list[Action]:
    """Every legal action of a player with this sorted ``hand`` and these ``melds`` of their
    own, facing this discard ``pile`` in this phase (``Phase`` values: 0 draw, 1 meld, 4 the
    upcard offer; else there are none). ``must_draw``: everyone refused the upcard, so the
    opener must draw from the stock. Everything it needs is in the player's own view, so the
    AI calls it on a view too."""
    if phase == 0:
        if must_draw or not pile:
            return [DRAW]
        return _draw_phase(hand, melds, pile, options)
    if phase == 1:
        return _meld_phase(hand, melds, options)
    if phase == 4:
        return [TAKE_UPCARD, PASS]
    return []


def _has_room(melds, options) -> bool:
    slots = options.meld_slots
    return slots is None or len(melds) < slots


def _draw_phase(hand, melds, pile, options) -> list[Action]:
    """Draw, or take the pile in each way the options allow (``pile_take``, ``easy_pile``)."""
    acts = [DRAW]
    top = pile[-1]
    rule = options.pile_take
    room = _has_room(melds, options)
    if rule is PileTake.NEW_SET and not options.easy_pile:
        if room and (options.go_out_by_melding or len(hand) + len(pile) > 3):
            acts += _pile_sets(hand, top)
        return acts
    if room:
        acts += _pile_melds(hand, top, len(pile), options)
    if rule is PileTake.USE_TOP or options.easy_pile:
        found = []
        for i, meld in enumerate(melds):
            _additions(i, meld, (top,), (top,) if is_wild(top) else (), options, found)
        acts += [a._replace(kind=Act.TAKE_ADD) for a in found]
    if rule is PileTake.USE_TOP and options.jokers:
        found = []
        for i, meld in enumerate(melds):
            _swaps(i, meld, [top], found)
        acts += [a._replace(kind=Act.TAKE_SWAP) for a in found]
    return acts


def _pile_melds(hand, top, pile_size, options) -> list[Action]:
    """Takes that lay the top card in a new set or run with cards from hand."""
    pool = hand[:]
    insort(pool, top)
    longest = len(pool)
    if not options.go_out_by_melding:  # keep a card to discard after taking the pile
        longest = min(longest, len(hand) + pile_size - 1)
    found = []
    if longest >= 3:
        wilds = _wilds(pool)
        _new_sets(pool, wilds, longest, found)
        _new_runs(pool, wilds, longest, options, found)
    return [a._replace(kind=Act.TAKE_SET if a.kind is Act.SET else Act.TAKE_RUN)
            for a in found if top in a.cards]


def _wilds(hand) -> tuple:
    """The wild cards of a sorted hand (jokers, then 2s). In card order jokers (0) come
    first, then aces (4-7), then the 2s (8-11): two slices, no loop."""
    wilds = tuple(hand[bisect_left(hand, 8):bisect_left(hand, 12)])
    if hand and hand[0] == JOKER:
        wilds = tuple(hand[:bisect_left(hand, 1)]) + wilds
    return wilds


def _pile_sets(hand: list, top: int) -> tuple[Action, ...]:
    """Takes of the pile whose top card makes a new set with exactly two cards from hand."""
    wilds = _wilds(hand)
    if top > 11 or 4 <= top < 8:  # a natural on top: two of its rank or wilds from hand
        r4 = top & ~3
        group = tuple(hand[bisect_left(hand, r4):bisect_left(hand, r4 + 4)])
        if len(group) + len(wilds) < 2:
            return ()
        return _sets_with_natural_top(top, group, wilds)
    if not wilds and len(hand) < 2:
        return ()
    naturals = tuple(hand[:bisect_left(hand, 8)] + hand[bisect_left(hand, 12):])
    return _sets_with_wild_top(top, tuple(c for c in naturals if c), wilds)


@lru_cache(maxsize=CACHE_SIZE)
def _sets_with_natural_top(top: int, group: tuple, wilds: tuple) -> tuple[Action, ...]:
    cands = tuple(sorted(group + wilds))
    return tuple(Action(Act.TAKE_SET, sort_set((top, a, b))) for a, b in _combos(cands, 2))


def _sets_with_wild_top(top: int, naturals: tuple, wilds: tuple) -> tuple[Action, ...]:
    out = []
    for a, b in zip(naturals, naturals[1:]):  # a pair of one rank, the wild on top joins it
        if a >> 2 == b >> 2:
            for pair in _combos(tuple(c for c in naturals if c >> 2 == a >> 2), 2):
                out.append(_action(Act.TAKE_SET, pair + (top,)))
    for n in dict.fromkeys(naturals):
        for w in dict.fromkeys(wilds):
            out.append(_action(Act.TAKE_SET, (n,) + ((top, w) if top <= w else (w, top))))
    if top != JOKER:
        for a, b in _combos(tuple(c for c in wilds if c), 2):  # a meld of 2s
            out.append(_action(Act.TAKE_SET, tuple(sorted((top, a, b)))))
    return tuple(dict.fromkeys(out))


def _meld_phase(hand, melds, options) -> list[Action]:
    size = len(hand)
    distinct = dict.fromkeys(hand)
    # Discards: each distinct card; the queen of spades only if nothing else is held.
    acts = list(map(DISCARD.__getitem__, distinct))
    if hand[0] != hand[-1] and QUEEN_OF_SPADES in distinct:
        acts.remove(DISCARD[QUEEN_OF_SPADES])
    if options.jokers:  # a swap keeps the hand's size (the joker comes back): always open
        for i, meld in enumerate(melds):
            _swaps(i, meld, hand, acts)
    longest = size if options.go_out_by_melding else size - 1  # cards one action may use
    if longest < 1:
        return acts
    wilds = _wilds(hand)
    if longest >= 3 and _has_room(melds, options):
        _new_sets(hand, wilds, longest, acts)
        _new_runs(hand, wilds, longest, options, acts)
    if melds:
        held = distinct.keys()
        wild_kinds = tuple(dict.fromkeys(wilds))
        for i, meld in enumerate(melds):
            if wild_kinds or not meld.join_cards.isdisjoint(held):
                _additions(i, meld, held, wild_kinds, options, acts)
    return acts


def _action(kind: Act, cards: tuple, target: int = -1, stands: int = -1) -> Action:
    """A new action. Not cached: every long-lived action is one more object for each full
    garbage collection to walk, and those pauses must stay shorter than a frame."""
    return Action(kind, cards, target, stands)


def _new_sets(hand, wilds, longest, acts) -> None:
    nw = len(wilds)
    need = 3 - nw  # naturals a set needs at the least, given the wilds held
    ranks = list(map(RANK.__getitem__, hand))
    if need > 1:  # only ranks held `need` times or more can make a set
        ranks = compress(ranks, map(eq, ranks, ranks[need - 1:]))
    cap = 4 if longest >= 4 else 3
    for r in dict.fromkeys(ranks):
        if r != TWO and r != 0:
            group = tuple(hand[bisect_left(hand, 4 * r):bisect_left(hand, 4 * r + 4)])
            acts += _sets_of_rank(group, wilds, cap)
    if nw >= 3:
        acts += _sets_of_twos(tuple(c for c in wilds if c), cap)


@lru_cache(maxsize=CACHE_SIZE)
def _sets_of_rank(group: tuple, wilds: tuple, cap: int) -> tuple[Action, ...]:
    """New sets from one rank's cards and the wilds held, up to ``cap`` cards. Hands keep
    coming back to the same few groups, so each answer is worked out once."""
    out = []
    for total in range(3, cap + 1):
        for k in range(max(1, total - len(wilds)), min(len(group), total) + 1):
            for nat in _combos(group, k):
                for wild in _combos(wilds, total - k):
                    out.append(Action(Act.SET, nat + wild))
    return tuple(out)


@lru_cache(maxsize=1024)
def _sets_of_twos(twos: tuple, cap: int) -> tuple[Action, ...]:
    """New melds of 2s from the 2s held."""
    return tuple(Action(Act.SET, combo) for total in range(3, cap + 1)
                 for combo in _combos(twos, total))


def _new_runs(hand, wilds, longest, options, acts) -> None:
    """Runs of naturals (a 2 of the suit in its own place is natural); with the option, also
    runs with wilds, keeping at least two naturals."""
    held = reduce(or_, map(RUN_BIT.__getitem__, hand), 0)
    held |= (held & ACE_BITS) << (ACE_HIGH - ACE)  # an ace also fits above the king
    cap = min(options.run_max or 13, longest)
    if options.wilds_in_new_runs and wilds:
        for suit in range(4):
            _runs_with_wilds(wilds, held >> (16 * suit) & 0xFFFF, suit, cap, options, acts)
    elif held & (held >> 1) & (held >> 2):
        acts += _natural_runs(held, cap)


@lru_cache(maxsize=CACHE_SIZE)
def _natural_runs(held: int, cap: int) -> tuple[Action, ...]:
    """Runs of up to ``cap`` naturals whose places are the bits of ``held`` (see RUN_BIT)."""
    out = []
    triples = held & (held >> 1) & (held >> 2)
    while triples:
        bit = (triples & -triples).bit_length() - 1
        triples &= triples - 1
        suit, low = bit >> 4, bit & 15
        high = low + 2
        while high - low < cap and high <= ACE_HIGH and held >> (bit - low + high) & 1 \
                and not (low == ACE and high == ACE_HIGH):
            out.append(Action(Act.RUN, tuple(card(p, suit) for p in range(low, high + 1))))
            high += 1
    return tuple(out)


def _runs_with_wilds(wilds, m, suit, cap, options, acts) -> None:
    """Every new run of this suit with at least two naturals, wilds filling its gaps or any
    other places (a player may keep a natural back and lay a wild in its stead)."""
    seen = set()
    for low in range(ACE, ACE_HIGH - 1):
        for length in range(3, cap + 1):
            high = low + length - 1
            if high > ACE_HIGH or (low == ACE and high == ACE_HIGH):
                break
            places = range(low, high + 1)
            gaps = [p for p in places if not m >> p & 1]
            held = [p for p in places if m >> p & 1]
            if len(gaps) > len(wilds) or len(held) < 2:
                continue
            for extra in range(min(len(wilds) - len(gaps), len(held) - 2) + 1):
                for kept_back in combinations(held, extra):
                    wild_places = gaps + list(kept_back)
                    naturals = [card(p, suit) for p in places if p not in wild_places]
                    spare = list(wilds)
                    for c in naturals:
                        if c in spare:  # a natural 2 in its place is not also a wild
                            spare.remove(c)
                    for fill in dict.fromkeys(permutations(spare, len(wild_places))):
                        at = dict(zip(wild_places, fill))
                        cards = tuple(at.get(p, card(p, suit)) for p in places)
                        if cards not in seen:
                            seen.add(cards)
                            if not isinstance(new_run(cards, options), str):
                                acts.append(_action(Act.RUN, cards))


def _additions(i: int, meld: Meld, held, wilds, options, acts) -> None:
    """Cards that may join the player's meld ``i``: naturals among ``held`` (anything that
    answers ``in``), and the distinct ``wilds`` held."""
    size = len(meld.cards)
    if meld.kind is MeldKind.RUN:
        if options.run_max is not None and size >= options.run_max:
            return
    elif size >= SET_MAX:
        return
    for c, stands in meld.joins:
        if c in held:
            acts.append(_action(Act.ADD, (c,), i, stands))
    if wilds:
        twos_only = meld.kind is MeldKind.TWOS
        for stands, joker_only in meld.wild_places:
            for w in wilds:
                # the 2 of a run's suit in its own place was listed above, as a natural
                if w != stands and not (joker_only and w) and not (twos_only and not w):
                    acts.append(_action(Act.ADD, (w,), i, stands))


def _swaps(i: int, meld: Meld, hand, acts) -> None:
    """Natural cards from hand that may replace a joker in the player's meld ``i``."""
    if JOKER not in meld.cards:
        return
    if meld.kind is MeldKind.SET:
        r4 = meld.rank * 4
        for c in dict.fromkeys(hand[bisect_left(hand, r4):bisect_left(hand, r4 + 4)]):
            acts.append(_action(Act.SWAP, (c,), i))
    elif meld.kind is MeldKind.RUN:
        for j, c in enumerate(meld.cards):
            if c == JOKER and (natural := meld.stands_for(j)) in hand:
                acts.append(_action(Act.SWAP, (natural,), i))
