"""Legal actions, generated fast and kept small.

This is the inner loop of the AI's search, so it enumerates legal actions straight from the
sorted hand, without building and checking candidates. The rule book it must agree with is
``melds.py`` and ``State.check``. It does not list every action the check accepts: where wilds
would multiply the list (which 2 goes where, how long a run with wilds is) it lists one
representative and lets additions in the same turn do the rest. The contract, stated in
``docs/engine.md`` ("What legal_actions lists") and held by the property tests:

- everything listed passes ``State.check``, once;
- every action the check accepts leads to a position that a listed action, or a short sequence
  of listed actions in the same turn, also reaches, where positions that differ only in the
  suits of 2s are the same (a wild 2 on a meld, or a 2 in hand, is any 2; a 2 in its own place
  in a run of its suit is that natural 2) and what the others know is not part of a position;
- at most 3,000 actions in at most 20 ms for any hand of up to 20 cards (``tools.bench``).

What it lists: draw, every discard, swap and natural addition; for each place a wild may join a
meld, one joker and one or two 2s (``_twos_for``); every set of three or four cards, its wilds
chosen canonically (jokers, then the 2s in ``_spend`` order); every run of naturals; and, where
new runs may hold wilds, only the minimal runs with wilds (``_pair_loop``), which additions at
the ends grow into every longer one. To take the pile it lists only the smallest melds that hold
the top card.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import combinations

from .actions import DISCARD, DRAW, PASS, TAKE_UPCARD, Act, Action
from .cards import (
    ACE,
    ACE_HIGH,
    CARD_SLOTS,
    JOKER,
    QUEEN,
    QUEEN_OF_SPADES,
    RUN_BIT,
    TWO,
    TWOS,
    card,
    is_wild,
)
from .melds import SET_MAX, Meld, MeldKind
from .options import PileTake
from .phase import Phase

# The enum members a listing reads, bound once as globals: CPython 3.11 reads a member through
# its class (``Phase.MELD``) the slow way, since ``enum.EnumType`` defines ``__getattr__``
# (docs/engine.md, "Speed").
_MELD_PHASE, _DRAW_PHASE = Phase.MELD, Phase.DRAW
_NEW_SET, _USE_TOP = PileTake.NEW_SET, PileTake.USE_TOP
_RUN_MELD, _TWOS_MELD = MeldKind.RUN, MeldKind.TWOS
_ADD, _SET, _RUN, _SWAP, _TAKE_SET, _TAKE_RUN, _TAKE_ADD, _TAKE_SWAP, _TAKE_OFFER = (
    Act.ADD, Act.SET, Act.RUN, Act.SWAP, Act.TAKE_SET, Act.TAKE_RUN, Act.TAKE_ADD,
    Act.TAKE_SWAP, Act.TAKE_OFFER)

ACE_BITS = sum(1 << (16 * s + ACE) for s in range(4))

RANK_COUNT = [1 << 4 * (c >> 2) for c in range(CARD_SLOTS)]
"""Each card as a count of one in its rank's four bits of a hand's rank counts (a rank has
eight cards: no carry), so the sum of a hand's entries counts every rank at once; jokers (at
most two) count as rank 0."""
WILD_COUNTS = 0xF0F
"""The counts of jokers (rank 0) and 2s among a hand's rank counts: whether it holds a wild."""
NATURAL_TOPS = sum(8 << 4 * r for r in range(ACE, 14) if r != TWO)
"""The top bit of each natural rank's count (not the 2s': they are wild)."""
AT_LEAST = [sum(8 - k << 4 * r for r in range(14)) if k else 0 for k in range(4)]
"""Added to the rank counts, ``AT_LEAST[k]`` sets a rank's top bit when it holds at least ``k``
cards."""


CACHE_SIZE = 2048
"""Entries per memo of enumerated melds: enough for the groups a match keeps meeting, few
enough that the objects they hold keep full garbage collections (which walk every live object)
to a few milliseconds, below a frame."""


SMALL_CACHE = 1024
"""Entries of the memos of runs with wilds keyed by a suit's places (``_near_takes``,
``_pair_runs_of_suit``): with ``CACHE_SIZE`` each, the longest full collection of
eight-player random play under ``classic`` grew by some 5 ms (``tools.bench --gc``)."""


@lru_cache(maxsize=8192)
def _combos(cards: tuple, k: int) -> tuple:
    """Distinct k-card sub-multisets of a sorted tuple, each sorted."""
    return tuple(dict.fromkeys(combinations(cards, k)))


def clear_caches() -> None:
    """Forget every memo of enumerated melds, so that a benchmark times a call from cold."""
    for memo in (_combos, _spend, _twos_for, _set_shapes, _sets_of_rank, _sets_of_twos,
                 _natural_runs, _pair_runs, _places, _plain_runs, _near_takes,
                 _pair_runs_of_suit, _wild_pair_runs):
        memo.cache_clear()
    _ADDS.clear()
    _SETS_OF.clear()


def legal_actions(phase: Phase, hand: list, melds: list, pile: list, options,
                  must_draw: bool = False) -> list[Action]:
    """The listed actions (see the module docstring) of a player with this sorted ``hand`` and
    these ``melds`` of their own, facing this discard ``pile`` in this phase (none once the
    hand or the match is over; in ``Phase.DISCARD_OFFER`` the pile's only card is the discard
    offered to this player). ``must_draw``: everyone refused the upcard, so the opener must
    draw from the stock. Everything it needs is in the player's own view, so the AI calls it on
    a view too."""
    if phase is _MELD_PHASE:
        return _meld_phase(hand, melds, options)
    if phase is _DRAW_PHASE:
        if must_draw or not pile:
            return [DRAW]
        return _draw_phase(hand, melds, pile, options)
    if phase is Phase.OFFER:
        return [TAKE_UPCARD, PASS]
    if phase is Phase.DISCARD_OFFER:
        return [_action(_TAKE_OFFER, (pile[-1],)), PASS]
    return []


# ----------------------------------------------------------------- wilds, canonically


def _held_wilds(hand) -> tuple[int, tuple]:
    """(jokers, 2s) of a sorted hand. In card order jokers (0) come first, then aces (4-7),
    then the 2s (8-11): a count and a slice, no loop (and no slice for a hand without 2s, the
    common case)."""
    jokers = bisect_left(hand, 1)
    i = bisect_left(hand, 8, jokers)
    if i == len(hand) or hand[i] >= 12:
        return jokers, ()
    return jokers, tuple(hand[i:bisect_left(hand, 12, i)])


@lru_cache(maxsize=256)
def _spend(twos: tuple, suit: int) -> tuple:
    """The 2s held, in the order they are spent as wilds in a meld of ``suit`` (-1: a set).
    2s are interchangeable as wilds, so one order stands for all of them: the 2 of the run's
    own suit last (it may be wanted as that run's natural 2), then the higher suit first."""
    return tuple(sorted(twos, key=lambda c: ((c & 3) == suit, -c)))


# ----------------------------------------------------------------- the draw phase


def _draw_phase(hand, melds, pile, options) -> list[Action]:
    """Draw, or take the pile in each way the options allow (``pile_take``, ``easy_pile``)."""
    acts = [DRAW]
    top = pile[-1]
    rule = options.pile_take
    slots = options.meld_slots
    room = slots is None or len(melds) < slots
    # the common case (see ``_plain_takes``): a natural top other than an ace, and a hand
    # holding neither a joker (0, first) nor a 2 (8 to 11)
    plain = False
    if top > 11:  # a hand whose lowest card is a 3 or more holds neither (no search)
        plain = not hand or hand[0] >= 12 or (
            hand[0] != JOKER and ((i := bisect_left(hand, 8)) == len(hand) or hand[i] >= 12))
    if rule is _NEW_SET and not options.easy_pile:
        if room and (options.go_out_by_melding or len(hand) + len(pile) > 3):
            if plain:
                _plain_takes(hand, top, False, options, acts)
            else:
                acts += _take_sets(hand, top, *_held_wilds(hand), options)
        return acts
    if room:
        longest = len(hand) + 1
        if not options.go_out_by_melding:  # keep a card to discard after taking the pile
            longest = min(longest, len(hand) + len(pile) - 1)
        if longest >= 3:
            if plain:
                _plain_takes(hand, top, True, options, acts)
            else:
                jokers, twos = _held_wilds(hand)
                acts += _take_sets(hand, top, jokers, twos, options)
                acts += _take_runs(hand, top, longest, jokers, twos, options)
    if rule is _USE_TOP or options.easy_pile:
        found: list[Action] = []
        wild = is_wild(top)
        top_jokers, top_twos = int(top == JOKER), (top,) if wild and top != JOKER else ()
        _additions(melds, RUN_BIT[top], top_jokers, top_twos, options, found)
        acts += [Action(_TAKE_ADD, a.cards, a.target, a.stands) for a in found]
    if rule is _USE_TOP and options.jokers:
        found = []
        for i, meld in enumerate(melds):
            _swaps(i, meld, [top], found)
        acts += [Action(_TAKE_SWAP, a.cards, a.target) for a in found]
    return acts


NEAR = [(-1,) * 4 if c < 12 else tuple(
    card(p if p < ACE_HIGH else ACE, c & 3) if p <= ACE_HIGH else -1
    for p in (c // 4 - 2, c // 4 - 1, c // 4 + 1, c // 4 + 2)) for c in range(CARD_SLOTS)]
"""The cards two and one places below and one and two places above a natural other than an
ace, in its suit (-1: no such place): a run of three that holds it holds two of them."""


def _plain_takes(hand: list, top: int, runs: bool, options, acts: list) -> None:
    """``_take_sets`` and (with ``runs``) ``_take_runs`` for a natural top card other than an
    ace and a hand without wilds, what most draws meet: a look at the top card's rank and its
    neighbours in its suit says whether there is any take at all, before any set or mask is
    built (most often there is none)."""
    r4 = top & ~3
    start = bisect_left(hand, r4)
    end = bisect_left(hand, r4 + 4, start)
    if end - start >= 2:  # ``_sets_of_rank`` without wilds: the top and two of its rank
        for nat in _combos(tuple(hand[start:end]), 2):
            acts.append(_new(Action, (_TAKE_SET, tuple(sorted(nat + (top,))), -1, -1)))
    if runs:
        lo2, lo1, hi1, hi2 = NEAR[top]
        near = (lo1 in hand) << 1 | (hi1 in hand) << 2
        if near:  # a run of three with the top holds the card next below or above it
            near |= (lo2 in hand) | (hi2 in hand) << 3
            if near & near >> 1:  # two neighbours in a row (the top between bits 1 and 2)
                acts += _plain_runs(top, near)


@lru_cache(maxsize=1024)
def _plain_runs(top: int, near: int) -> tuple[Action, ...]:
    """The takes of ``_natural_takes`` that lay ``top`` in a run with the neighbours of
    ``NEAR[top]`` whose bits ``near`` holds: a handful of answers, each made once."""
    held = _run_mask([c for i, c in enumerate(NEAR[top]) if near >> i & 1])
    return tuple(_new(Action, (_TAKE_RUN, a.cards, -1, -1))
                 for a in _natural_takes(held, top))


def _take_sets(hand: list, top: int, jokers: int, twos: tuple, options) -> list[Action]:
    """Takes that lay the top card in a new set of three with two cards from hand (a set of
    four is that set with a card added); the hand holds these ``jokers`` and ``twos``."""
    least = options.set_naturals
    spend = _spend(twos, -1) if twos else ()
    # a set of three with the top card holds at most two wilds from hand: the rest of them
    # would not change the answer, only the memo's key
    few_jokers, few_twos = jokers if jokers < 2 else 2, spend[:2]
    if not is_wild(top):
        r4 = top & ~3
        start = bisect_left(hand, r4)
        end = bisect_left(hand, r4 + 4, start)
        if end - start + jokers + len(twos) >= 2:
            return list(_sets_of_rank(tuple(hand[start:end]), few_jokers, few_twos, (3,), top,
                                      least))
        return []
    found: list[Action] = []
    for group in _rank_groups(hand, _ranks_of(hand, 1)):  # each rank of naturals held
        found += _sets_of_rank(group, few_jokers, few_twos, (3,), top, least)
    if top != JOKER and options.twos_melds:
        found += [_new(Action, (_TAKE_SET, a.cards, -1, -1))
                  for a in _sets_of_twos(spend, (3,), top)]
    return found


def _take_runs(hand: list, top: int, longest: int, jokers: int, twos: tuple,
               options) -> list[Action]:
    """Takes that lay the top card in one of the smallest new runs that hold it."""
    most = options.run_max or 13
    cap = most if most < longest else longest
    held = _run_mask(hand)
    queen_rule = options.queen_of_spades_rules
    if not is_wild(top):
        if options.wilds_in_new_runs and (jokers or twos):
            suit = top & 3
            spend = _spend(twos, suit)
            reach = jokers + len(spend) + 1  # the farthest apart two naturals of a run may be
            near = (held | _run_mask((top,))) >> (16 * suit) & WINDOW[top][
                reach if reach < 14 else 14]
            return list(_near_takes(top, near, jokers, spend,
                                    cap if cap < reach + 1 else reach + 1,
                                    queen_rule))
        return [_new(Action, (_TAKE_RUN, a.cards, -1, -1)) for a in _natural_takes(held, top)]
    found = []
    if top >> 2 == TWO:  # a 2 in its own place
        found += _natural_takes(held, top)
    if options.wilds_in_new_runs:
        for suit in range(4):
            m = held >> (16 * suit) & 0xFFFF
            if not m:
                continue
            spend = _spend(twos, suit)
            if top == card(TWO, suit):  # the top card as this run's natural 2
                found += _pair_loop(m | 1 << TWO, suit, jokers, spend, cap, TWO, True,
                                    queen_rule)
            found += _wild_runs(m, suit, jokers, spend, cap, top, queen_rule)
        found = list(dict.fromkeys(found))
    return [_new(Action, (_TAKE_RUN, a.cards, -1, -1)) for a in found]


WINDOW = [[0] * 15 if c < 4 or is_wild(c) else [sum(
    1 << p for p in range(ACE, ACE_HIGH + 1)
    if abs(p - c // 4) <= max(2, reach) or (c // 4 == ACE and ACE_HIGH - p <= max(2, reach)))
    for reach in range(15)] for c in range(CARD_SLOTS)]
"""``WINDOW[top][reach]``: the places of ``top``'s suit, as bits of a one-suit mask (see
RUN_BIT), that a take of a natural ``top`` in a new run can use, with ``reach`` the farthest
apart two naturals of a run may be: those at most ``reach`` (and two) places from the top's own
place, the high ace's too for an ace."""


@lru_cache(maxsize=SMALL_CACHE)
def _near_takes(top: int, near: int, jokers: int, twos: tuple, cap: int,
                queen_rule: bool) -> tuple[Action, ...]:
    """The takes of ``_take_runs`` for a natural ``top`` card and a hand that holds wilds
    (``jokers``, ``twos`` in ``_spend`` order for the top's suit): runs of naturals, then
    ``_pair_loop``'s minimal runs with wilds, from the suit's places ``near`` (the top's own
    among them) within ``WINDOW`` of the top, the only ones those runs can hold. So the answer
    depends on a few cards of the hand and its wilds, and hands keep meeting it."""
    suit, place = top & 3, top >> 2
    found = _natural_takes(near << (16 * suit), top) + _pair_loop(
        near, suit, jokers, twos, cap, place, False, queen_rule)
    return tuple([_new(Action, (_TAKE_RUN, a.cards, -1, -1)) for a in found])


def _natural_takes(held: int, top: int) -> list[Action]:
    """Runs of three naturals that hold ``top`` with two cards of ``held`` (see RUN_BIT)."""
    suit, place = top & 3, top >> 2
    m = held >> (16 * suit) & 0xFFFF | 1 << place
    places = (ACE, ACE_HIGH) if place == ACE else (place,)
    if place == ACE:
        m |= 1 << ACE_HIGH
    if not m & m >> 1 & m >> 2:  # no three in a row at all: the common case
        return []
    out = []
    for at in places:
        for low in range(max(ACE, at - 2), min(at, ACE_HIGH - 2) + 1):
            if m >> low & 7 == 7:
                out.append(_new(Action, (_RUN, RUN_CARDS[(16 * suit + low) << 4 | low + 2],
                                         -1, -1)))
    return out


# ----------------------------------------------------------------- the meld phase


def _meld_phase(hand, melds, options) -> list[Action]:
    size = len(hand)
    # Discards: each distinct card (the hand is sorted: copies are neighbours), with the
    # hand's mask of ``RUN_BIT`` (each card once: no carry) and every rank's count (jokers'
    # and 2s' too), in one loop: a few cards of bytecode cost less than a call of
    # ``dict.fromkeys`` or of ``sum(map(...))`` (1,800 instructions less at nine cards).
    acts = []
    bits = counts = 0
    last = -1
    for c in hand:
        counts += RANK_COUNT[c]
        if c != last:
            last = c
            acts.append(DISCARD[c])
            bits |= RUN_BIT[c]
    # the queen of spades only if nothing else is held
    if bits & _QUEEN_BIT and options.queen_of_spades_rules and hand[0] != hand[-1]:
        # found among the last eight discards (only the other queens and the kings follow it)
        del acts[acts.index(_QUEEN_DISCARD, len(acts) - 8 if len(acts) > 8 else 0)]
    if options.jokers:  # a swap keeps the hand's size (the joker comes back): always open
        for i, meld in enumerate(melds):
            _swaps(i, meld, hand, acts)
    longest = size if options.go_out_by_melding else size - 1  # cards one action may use
    if longest < 1:
        return acts
    if counts & WILD_COUNTS:
        jokers, twos = _held_wilds(hand)
    else:  # most hands
        jokers, twos = 0, ()
    if longest >= 3 and ((slots := options.meld_slots) is None or len(melds) < slots):
        if jokers or twos:
            _new_sets(hand, counts, jokers, twos, longest, options, acts)
            _new_runs(bits, jokers, twos, longest, options, acts)
        else:  # most hands: three of a rank or three in a row, else nothing to lay
            ranks = (counts + AT_LEAST[3]) & NATURAL_TOPS
            if ranks:
                _natural_sets(hand, ranks, longest, acts)
            runs = bits | (bits & ACE_BITS) << (ACE_HIGH - ACE)
            if runs & (runs >> 1) & (runs >> 2):
                _new_runs(bits, 0, (), longest, options, acts)
    if melds:
        _additions(melds, bits, jokers, twos, options, acts)
    return acts


_QUEEN_DISCARD, _QUEEN_BIT = DISCARD[QUEEN_OF_SPADES], RUN_BIT[QUEEN_OF_SPADES]


def _action(kind: Act, cards: tuple, target: int = -1, stands: int = -1) -> Action:
    """A new action. Kept only where the cards bound how many there can be (``_ADDS``,
    ``_SETS_OF``) or in a bounded memo: every long-lived action is one more object for each
    full garbage collection to walk, and those pauses must stay shorter than a frame."""
    return _new(Action, (kind, cards, target, stands))


_new = tuple.__new__
"""``Action``'s own constructor is Python code; the tuple's is not (the inner loop)."""

# The listing's hot paths take the smaller of two numbers with a conditional expression
# (``a if a < b else b``), not ``min(a, b)``: under CPython 3.11 the builtin parses its keyword
# arguments at every call, some 1,300 instructions against 130 (docs/engine.md, "Speed").


def _new_sets(hand, counts, jokers, twos, longest, options, acts) -> None:
    """New sets of a hand holding wilds (``counts``: its ranks' counts, ``RANK_COUNT``)."""
    nw = jokers + len(twos)
    sizes = (3, 4) if longest >= 4 else (3,)
    # the ranks with enough naturals for a set with the wilds held (often none)
    ranks = (counts + AT_LEAST[3 - nw if nw < 2 else 1]) & NATURAL_TOPS
    if ranks:
        spend = _spend(twos, -1) if twos else ()
        least, set_jokers, set_twos = options.set_naturals, jokers if jokers < 3 else 3, spend[:3]
        for group in _rank_groups(hand, ranks):
            acts += _sets_of_rank(group, set_jokers, set_twos, sizes, -1, least)
    if len(twos) >= 3 and options.twos_melds:
        acts += _sets_of_twos(_spend(twos, -1), sizes, -1)


def _natural_sets(hand, ranks: int, longest: int, acts: list) -> None:
    """``_new_sets`` of a hand without wilds, whose ``ranks`` (see ``_ranks_of``) hold three
    or more naturals: each rank's distinct sets of three, then of four (as ``_sets_of_rank``
    lists them with no wilds), from ``_SETS_OF``."""
    for group in _rank_groups(hand, ranks):
        threes, fours = _SETS_OF.get(group) or _sets_of(group)
        acts += threes
        if longest >= 4 and fours:
            acts += fours


_SETS_OF: dict[tuple, tuple[tuple[Action, ...], tuple[Action, ...]]] = {}
"""A rank's three or four naturals held and the sets of three and of four they make: each set
made once and looked up after, by the naturals alone (a hand without wilds needs nothing
else). Bounded by the cards: some 35 such groups a rank, a hundred sets. Five or more of a
rank (few hands) are listed afresh: kept, their many sets were most of the table's objects,
which every full garbage collection walks."""


def _sets_of(group: tuple) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """The sets of three and of four of ``group`` (``_SETS_OF[group]``, kept the first time a
    hand holds a group of three or four)."""
    found = (tuple(_new(Action, (_SET, nat, -1, -1)) for nat in _combos(group, 3)),
             tuple(_new(Action, (_SET, nat, -1, -1)) for nat in _combos(group, 4)))
    if len(group) <= 4:
        _SETS_OF[group] = found
    return found


def _ranks_of(hand, least: int) -> int:
    """The ranks of which the sorted ``hand`` holds at least ``least`` (1 to 3) naturals, as the
    top bits of their counts (``NATURAL_TOPS``): found all at once from ``RANK_COUNT``."""
    counts = 0
    for c in hand:  # a loop: fewer instructions than ``sum(map(...))`` for a dozen cards
        counts += RANK_COUNT[c]
    return (counts + AT_LEAST[least]) & NATURAL_TOPS


def _rank_groups(hand, ranks: int) -> list[tuple]:
    """The naturals of each rank of ``ranks`` (see ``_ranks_of``) in the sorted ``hand``,
    lowest rank first."""
    groups = []
    while ranks:
        r4 = (ranks & -ranks).bit_length() - 4
        ranks &= ranks - 1
        start = bisect_left(hand, r4)
        groups.append(tuple(hand[start:bisect_left(hand, r4 + 4, start)]))
    return groups


@lru_cache(maxsize=CACHE_SIZE)
def _sets_of_rank(group: tuple, jokers: int, twos: tuple, sizes: tuple,
                  top: int, least: int) -> tuple[Action, ...]:
    """New sets of these ``sizes`` from one rank's naturals (``group``, at least ``least`` of
    them in a set) and the wilds held (``jokers``, and ``twos`` in ``_spend`` order), each with
    its wilds chosen canonically; with ``top`` (the pile's top card, else -1), only the sets
    that hold it, as takes of the pile (``Act.TAKE_SET``). Hands keep coming back to the same
    few groups, so each answer is worked out once; a miss (a new group or a new choice of 2s
    held, still the commonest miss of the listing) is the group's natural parts
    (``_combos``, by group and count) times the shapes of the wilds (``_set_shapes``, by the
    wilds held), two small memos that do hit, with one tuple made per set."""
    natural_top = top >= 0 and not is_wild(top)
    kind = _SET if top < 0 else _TAKE_SET
    n = len(group)
    out = []
    for k, wild in _set_shapes(jokers, twos, sizes, -1 if natural_top else top, least,
                               natural_top):
        if k > n:
            continue
        if natural_top:  # the top card among the naturals, in card order
            for nat in _combos(group, k):
                out.append(_new(Action, (kind, tuple(sorted(nat + (top,))) + wild, -1, -1)))
        else:
            for nat in _combos(group, k):
                out.append(_new(Action, (kind, nat + wild, -1, -1)))
    return tuple(out)


@lru_cache(maxsize=1024)
def _set_shapes(jokers: int, twos: tuple, sizes: tuple, wild_top: int, least: int,
                natural_top: bool) -> tuple[tuple[int, tuple], ...]:
    """The shapes of ``_sets_of_rank``'s sets, in its order: (naturals from hand, the wilds in
    card order) for each size, count of naturals and count of jokers, the wilds chosen
    canonically from ``jokers`` and ``twos`` (in ``_spend`` order); with ``wild_top`` (a wild
    top card of the pile, else -1) among the wilds, with ``natural_top`` one more natural
    (the pile's top card) in every set."""
    top_joker = int(wild_top == JOKER)
    top_two = wild_top > 0
    out = []
    for size in sizes:
        for k in range(least, size + 1):
            w = size - k
            for j in range(min(jokers + top_joker, w) + 1):
                t = w - j
                if (top_joker and not j) or (top_two and not t) or t - top_two > len(twos):
                    continue
                wild = (JOKER,) * j + tuple(sorted(((wild_top,) if top_two else ())
                                                   + twos[:t - top_two]))
                out.append((k - natural_top, wild))
    return tuple(out)


@lru_cache(maxsize=1024)
def _sets_of_twos(twos: tuple, sizes: tuple, top: int) -> tuple[Action, ...]:
    """New melds of 2s from the 2s held (with ``top``: the pile's top 2 and 2s from hand)."""
    out = []
    for size in sizes:
        use = ((top,) if top >= 0 else ()) + twos[:size - (top >= 0)]
        if len(use) == size:
            out.append(Action(_SET, tuple(sorted(use))))
    return tuple(out)


def _run_mask(cards) -> int:
    held = 0
    for c in cards:  # a loop: fewer instructions than ``reduce(or_, map(...))``
        held |= RUN_BIT[c]
    return held | (held & ACE_BITS) << (ACE_HIGH - ACE)  # an ace also fits above the king


def _new_runs(held, jokers, twos, longest, options, acts) -> None:
    """Runs of naturals (a 2 of the suit in its own place is natural); with the option, also
    the minimal runs with wilds (see the module docstring). ``held``: the hand's mask of
    ``RUN_BIT``, the high aces not yet filled in."""
    held |= (held & ACE_BITS) << (ACE_HIGH - ACE)
    wild = options.wilds_in_new_runs and (jokers or twos)
    if not wild and not held & (held >> 1) & (held >> 2):
        return  # no three in a row and nothing to fill a gap: the common case
    most = options.run_max or 13
    cap = most if most < longest else longest
    starts = held & (held >> 1) & (held >> 2)
    if starts:  # one memo for all suits, keyed by the places in runs of three or more only
        held_runs = held & (starts | starts << 1 | starts << 2)
        count = held_runs.bit_count()
        acts += _natural_runs(held_runs, cap if cap < count else count)
    if wild:
        reach = jokers + len(twos) + 1  # the farthest apart two naturals of a run may be
        near = 0  # every suit's places with another within reach: the others pair with none
        for d in range(1, (reach if reach < 13 else 13) + 1):
            near |= (held & STAYS_UP[d]) << d | (held & STAYS_DOWN[d]) >> d
        near &= held
        for suit in range(4):
            m = near >> (16 * suit) & 0xFFFF
            if m:
                acts += _pair_runs_of_suit(m, suit, jokers, _spend(twos, suit),
                                           cap if cap < reach + 1 else reach + 1,
                                           options.queen_of_spades_rules)


STAYS_UP = [sum(((1 << 16 - d) - 1) << 16 * s for s in range(4)) for d in range(16)]
STAYS_DOWN = [sum((0xFFFF >> d << d) << 16 * s for s in range(4)) for d in range(16)]
"""The places of every suit (see RUN_BIT) that stay in their suit shifted ``d`` places up
(``STAYS_UP[d]``) or down: all four suits of a hand's mask shifted at once."""


@lru_cache(maxsize=SMALL_CACHE)
def _pair_runs_of_suit(m: int, suit: int, jokers: int, twos: tuple, cap: int,
                       queen_rule: bool) -> tuple[Action, ...]:
    """``_pair_loop`` of a new run in the meld phase, memoised: keyed by the places of the suit
    that have another within reach of the wilds held (no other place is in a pair), and by
    ``cap`` only up to that reach (a pair never spans more), so hands keep meeting it."""
    return tuple(_pair_loop(m, suit, jokers, twos, cap, -1, False, queen_rule))


@lru_cache(maxsize=CACHE_SIZE)
def _natural_runs(held: int, cap: int) -> tuple[Action, ...]:
    """Runs of up to ``cap`` naturals whose places are the bits of ``held`` (see RUN_BIT)."""
    out = []
    triples = held & (held >> 1) & (held >> 2)
    while triples:
        bit = (triples & -triples).bit_length() - 1
        triples &= triples - 1
        low = bit & 15
        high = low + 2
        while high - low < cap and high <= ACE_HIGH and held >> (bit - low + high) & 1 \
                and not (low == ACE and high == ACE_HIGH):
            out.append(_new(Action, (_RUN, RUN_CARDS[bit << 4 | high], -1, -1)))
            high += 1
    return tuple(out)


RUN_CARDS = [tuple(card(p, i >> 8) for p in range(i >> 4 & 15, (i & 15) + 1))
             for i in range(1 << 10)]
"""The cards of the run of naturals from place ``low`` to ``high`` of ``suit``, at index
``(16 * suit + low) << 4 | high`` (a run's first bit in a hand's mask, then its last place):
made once, not at every run listed."""


def _pair_loop(m: int, suit: int, jokers: int, twos: tuple, cap: int, must: int,
               own_given: bool, queen_rule: bool) -> list[Action]:
    """The minimal new runs of ``suit`` with at least one wild and two naturals, from the
    natural places ``m`` (bits as in RUN_BIT) and the wilds held (``twos`` in ``_spend`` order
    for this suit): those of each pair of naturals (with ``must``, a place, only the pairs
    holding it; ``own_given``: the suit's own 2 at its place is the pile's top, not from hand).

    Minimal: no card can come off an end and leave a new run. So either three cards with two
    naturals, or two natural ends with only wilds between them."""
    own_two = TWOS[suit]
    reach = jokers + len(twos) + 1
    held = _places(m)
    out: list[Action] = []
    for i, a in enumerate(held):
        for b in held[i + 1:]:
            if b - a > reach:
                break
            if must > 0 and must != a and must != b and not (must == ACE and b == ACE_HIGH):
                continue
            d = b - a
            if d > 2 and d >= cap:
                continue  # natural ends this far apart make too long a run
            pool = twos
            if (a == TWO or b == TWO) and not own_given:
                if own_two not in pool:
                    continue
                pool = _without(pool, own_two)  # the run's own 2 stands in its place
            # only the wilds this pair can use, so the memo meets the same question again
            # (all of them, most often: no call)
            g = d - 1 if d > 2 else 1
            out += _pair_runs(a, b, suit, jokers if jokers < g else g,
                              pool if len(pool) <= g else _wilds_for(pool, own_two, g),
                              queen_rule)
    return out


def _wilds_for(twos: tuple, own_two: int, n: int) -> tuple:
    """The 2s of ``twos`` (in ``_spend`` order) that ``n`` wild places could use: the first
    ``n`` of the other suits' and up to ``n`` of the run's own."""
    if len(twos) <= n:
        return twos
    own = twos.count(own_two)
    return twos[:min(n, len(twos) - own)] + (own_two,) * min(own, n)


@lru_cache(maxsize=4096)
def _places(m: int) -> tuple[int, ...]:
    """The set bits of a one-suit mask, lowest first."""
    return tuple(p for p in range(ACE, ACE_HIGH + 1) if m >> p & 1)


def _wild_runs(m: int, suit: int, jokers: int, twos: tuple, cap: int,
               top: int, queen_rule: bool) -> dict[Action, None]:
    """The minimal new runs of ``suit`` that hold the wild ``top`` (the pile's top card) with
    two naturals of ``m`` and other wilds held (as in ``_pair_loop``): three cards, natural
    ends with only wilds between them (the top among them), or the top at one end, a natural
    at the other and one more inside. In the last case the other wilds are of the other kind
    (jokers for a 2 on top, 2s for a joker): a wild of the top's own kind inside could change
    places with it, and then the top is inside a run that shrinks to one of the first two.

    Each run's naturals are its pair's two places, so the answer is the answers of the pairs
    in turn (``_wild_pair_runs``, memoised: pairs and the few wilds held keep coming back,
    whole suits of a hand do not); only pairs near enough for a shape are asked."""
    # wilds besides the top at an end (see above)
    inside = jokers + 1 + twos.count(TWOS[suit]) if top > 0 else len(twos)
    wilds = jokers + len(twos) + 1
    reach = max(2, wilds + 1, inside + 1)  # the farthest apart a pair of any shape may be
    out: dict[Action, None] = {}
    held = _places(m)
    for i, a in enumerate(held):
        for b in held[i + 1:]:
            d = b - a
            if d > reach:
                break
            if a == ACE and b == ACE_HIGH:
                continue
            # runs of a pair are at most ``max(3, d + 1, inside + 3)`` cards long: a longer
            # ``cap`` gives the same answer, so the memo meets it again
            out.update(dict.fromkeys(_wild_pair_runs(
                a, b, suit, jokers, twos, min(cap, max(3, d + 1, inside + 3)), top,
                queen_rule, inside, wilds)))
    return out


@lru_cache(maxsize=SMALL_CACHE)
def _wild_pair_runs(a: int, b: int, suit: int, jokers: int, twos: tuple, cap: int, top: int,
                    queen_rule: bool, inside: int, wilds: int) -> tuple[Action, ...]:
    """The runs of ``_wild_runs`` whose naturals are the places ``a`` < ``b`` (``inside``
    and ``wilds`` as there: they follow from the other arguments)."""
    own_two = TWOS[suit]
    out: dict[Action, None] = {}
    for low, high, nat, forced_at in _shapes([a, b], cap, True, inside, wilds):
        pool = list(twos)
        if TWO in nat:
            if own_two not in pool:
                continue
            pool.remove(own_two)  # the run's own 2 stands in its place
        gaps = [p for p in range(low, high + 1) if p not in nat]
        for fill in _fills(gaps, suit, jokers, pool, top, forced_at, queen_rule):
            out[_filled(fill, low, high, suit)] = None
    return tuple(out)


def _without(cards: tuple, c: int) -> tuple:
    i = cards.index(c)
    return cards[:i] + cards[i + 1:]


@lru_cache(maxsize=CACHE_SIZE)
def _pair_runs(a: int, b: int, suit: int, jokers: int, twos: tuple,
               queen_rule: bool) -> tuple[Action, ...]:
    """The minimal new runs with wilds whose naturals are the places ``a`` < ``b`` of
    ``suit``: three cards, or ``a`` and ``b`` the ends with only wilds between."""
    out = []
    for low, high, nat, _ in _shapes([a, b], 13, False, 0, jokers + len(twos)):
        gaps = [p for p in range(low, high + 1) if p not in nat]
        for fill in _fills(gaps, suit, jokers, list(twos), -1, -1, queen_rule):
            out.append(_filled(fill, low, high, suit))
    return tuple(out)


def _filled(fill: dict, low: int, high: int, suit: int) -> Action:
    """The new run from place ``low`` to ``high`` of ``suit``: the naturals (``RUN_CARDS``)
    with the wilds of ``fill`` (place: card) in their places."""
    cards = list(RUN_CARDS[(16 * suit + low) << 4 | high])
    for p, c in fill.items():
        cards[p - low] = c
    return _new(Action, (_RUN, tuple(cards), -1, -1))


def _shapes(held: list, cap: int, top_wild: bool, inside: int, wilds: int):
    """(low, high, natural places, the place a wild top card must take or -1) of the minimal
    runs (see ``_wild_runs``) on the natural places ``held``, within ``cap`` cards and the
    number of ``wilds`` held; a wild top card at an end leaves room for ``inside`` others."""
    for i, a in enumerate(held):
        for b in held[i + 1:]:
            d = b - a
            if a == ACE and b == ACE_HIGH:
                continue
            if d <= 2 and cap >= 3:  # three cards, one of them wild
                for low in range(max(ACE, b - 2), min(a, ACE_HIGH - 2) + 1):
                    # the wild's place: the one of the three that is neither a nor b
                    yield low, low + 2, (a, b), 3 * low + 3 - a - b if top_wild else -1
            if 3 <= d <= wilds + 1 and d + 1 <= cap:  # natural ends
                yield a, b, (a, b), -1
            if top_wild and d + 1 <= inside + 2:  # the top at one end, beyond b or below a
                for high in range(max(b + 1, a + 3), min(ACE_HIGH, a + cap - 1) + 1):
                    if high - a - 2 <= inside and not (a == ACE and high == ACE_HIGH):
                        yield a, high, (a, b), high
                for low in range(min(a - 1, b - 3), max(ACE, b - cap + 1) - 1, -1):
                    if b - low - 2 <= inside and not (low == ACE and b == ACE_HIGH):
                        yield low, b, (a, b), low


def _fills(gaps: list, suit: int, jokers: int, twos: list, top: int, forced_at: int,
           queen_rule: bool):
    """The canonical ways to fill a run's ``gaps`` with wilds, as {place: card}: jokers at
    every choice of places, 2s in ``_spend`` order in the others, a wild ``top`` (else -1)
    among them (at ``forced_at`` unless that is -1); with ``queen_rule``
    (``options.queen_of_spades_rules``) a 2 for the queen of spades only as the only wild."""
    own_two = TWOS[suit]
    n = len(gaps)
    top_two = top > 0
    others = [c for c in twos if c != own_two]
    owns = len(twos) - len(others)
    for j in range(min(jokers + (top == JOKER), n) + 1):
        t = n - j - top_two
        if (top == JOKER and not j) or t < 0:
            continue
        if forced_at >= 0 and n > 1 and (j > 1 if top == JOKER else
                                         t > 1 + (owns if forced_at == TWO else 0)):
            continue  # see the filter on the kinds of the other wilds in ``_placed``
        for own in range(max(0, t - len(others)), min(owns, t) + 1):
            use = ([top] if top_two else []) + others[:t - own] + [own_two] * own
            yield from _placed(gaps, suit, use, j, top, forced_at, queen_rule)


def _placed(gaps: list, suit: int, use: list, j: int, top: int, forced_at: int,
            queen_rule: bool):
    """The fills of ``_fills`` with ``j`` jokers and the 2s ``use``."""
    own_two = TWOS[suit]
    n = len(gaps)
    top_two = top > 0
    for at in combinations(gaps, j):
        if (top == JOKER and forced_at >= 0 and forced_at not in at) \
                or (top_two and forced_at in at):
            continue
        fill = dict.fromkeys(at, JOKER)
        pool = list(use)
        if top_two and forced_at >= 0:
            fill[forced_at] = top
            pool.remove(top)
        if TWO in gaps and TWO not in fill:  # a wild in the 2's own place: another 2
            other = next((c for c in pool if c != own_two), None)
            if other is None:
                continue
            fill[TWO] = other
            pool.remove(other)
        for p in gaps:
            if p not in fill:
                fill[p] = pool.pop(0)
        if fill.get(TWO) == own_two:
            continue  # that is the natural 2, not a wild
        if forced_at >= 0 and n > 1 and any(
                (c == JOKER) == (top == JOKER) for p, c in fill.items()
                if p != forced_at and not (p == TWO and top != JOKER)
                and not (forced_at == TWO and c == own_two)):
            # the same with the top card inside, where another wild of its kind is (unless
            # the two changing places would make a natural 2)
            continue
        if queen_rule and suit == 0 and n > 1 and fill.get(QUEEN, JOKER) != JOKER:
            continue  # a 2 may stand for the queen of spades only as the only wild
        yield fill


def _additions(melds, bits: int, jokers: int, twos: tuple, options, acts) -> None:
    """Cards that may join each of the player's ``melds``: naturals held (``bits``: their mask
    of ``RUN_BIT``), and for each place a wild may take one joker and the 2s of
    ``_twos_for``. Without wilds held only the melds some held card joins are looked at
    (most take none: ``bits`` and the meld's ``join_bits`` say so in one step)."""
    run_max = options.run_max
    wild = jokers or twos
    for i, meld in enumerate(melds):
        joining = bits & meld.join_bits
        if not (joining or wild):
            continue
        if meld.kind is _RUN_MELD:
            if run_max is not None and len(meld.cards) >= run_max:
                continue
        elif wild and len(meld.cards) >= SET_MAX:  # (a full set has no join_bits)
            continue
        if joining:
            made = _ADDS[i] if i < len(_ADDS) else _adds_to(i)
            for pair in meld.joins:  # (the card, the card it is named as)
                if bits & RUN_BIT[pair[0]]:
                    acts.append(made.get(pair) or _addition(made, i, pair))
        if wild:
            twos_only = meld.kind is _TWOS_MELD
            for stands, joker_only in (meld.wild_places if options.queen_of_spades_rules
                                       else meld.open_places):
                if jokers and not twos_only:
                    acts.append(_new(Action, (_ADD, (JOKER,), i, stands)))
                if not joker_only and twos:
                    for two in _twos_for(twos, meld.suit, stands):
                        acts.append(_new(Action, (_ADD, (two,), i, stands)))


_ADDS: list[dict[tuple[int, int], Action]] = []
"""The additions of naturals listed so far, by meld number and then by (card, the card it is
named as): an action is a value, so each is made once and looked up after (making one is some
1,500 instructions, the look-up some 150). Bounded by the cards: at most 52 for each meld a
seat can have (some 35, the cards of the decks in threes). A wild's additions (one hand in
ten holds a wild) are made afresh: kept, their names multiplied the objects a full garbage
collection walks."""


def _adds_to(i: int) -> dict[tuple[int, int], Action]:
    """``_ADDS[i]``, made (with those below it) the first time a seat has ``i + 1`` melds."""
    while len(_ADDS) <= i:
        _ADDS.append({})
    return _ADDS[i]


def _addition(made: dict, i: int, pair: tuple[int, int]) -> Action:
    """The addition of ``pair`` (card, the card it is named as) to meld ``i``, made once and
    kept in ``made`` (``_ADDS[i]``)."""
    found = made[pair] = _action(_ADD, (pair[0],), i, pair[1])
    return found


@lru_cache(maxsize=1024)
def _twos_for(twos: tuple, suit: int, stands: int) -> tuple:
    """The 2s offered for a wild place that stands for ``stands`` in a meld of ``suit`` (-1 a
    set): the first in ``_spend`` order, and in a run its own 2 as well (another suit's 2 may
    be wanted later for the place of the 2, where the run's own 2 is natural). The 2 of a
    run's suit in its own place is natural, listed with the naturals."""
    spend = _spend(twos, suit)
    two = next((w for w in spend if w != stands), None)
    out: tuple[int, ...] = () if two is None else (two,)
    own = card(TWO, suit)
    if suit >= 0 and own in spend and own != two and own != stands:
        out += (own,)
    return out


def _swaps(i: int, meld: Meld, hand, acts) -> None:
    """Natural cards from hand that may replace a joker in the player's meld ``i``."""
    if JOKER not in meld.cards:
        return
    if meld.kind is MeldKind.SET:
        r4 = meld.rank * 4
        for c in dict.fromkeys(hand[bisect_left(hand, r4):bisect_left(hand, r4 + 4)]):
            acts.append(_action(_SWAP, (c,), i))
    elif meld.kind is MeldKind.RUN:
        for j, c in enumerate(meld.cards):
            if c == JOKER and (natural := meld.stands_for(j)) in hand:
                acts.append(_action(_SWAP, (natural,), i))
