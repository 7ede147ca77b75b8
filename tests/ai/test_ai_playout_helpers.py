"""The hard level's playouts run the opponent policies' helpers at every step, so those helpers
are written for speed (tables worked out once, memos on the seat's knowledge, a set asked
rather than a list). Each answers exactly as its plain statement below does, on hands and
positions hypothesis draws; and a fixed-seed hard level decides the same, with the same number
of playouts, when the helpers are swapped for the plain statements."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import heuristics as H
from game.ai import knowledge as K
from game.ai import population as P
from game.ai import sparring as S
from game.ai.hard import HardAgent
from game.ai.knowledge import SeatKnowledge
from game.ai.medium import MediumAgent
from game.ai.outs import outs
from game.rules.cards import ACE, ACE_HIGH, CARD_SLOTS, JOKER, is_wild
from game.rules.options import PRESETS
from game.rules.state import Phase, State

DECK = [JOKER] + [c for c in range(4, CARD_SLOTS)]
hands = st.lists(st.sampled_from(DECK), min_size=1, max_size=20).map(sorted)
PLAYING = (Phase.DRAW, Phase.MELD, Phase.DISCARD_OFFER, Phase.OFFER)
unseens = st.lists(st.integers(0, 2), min_size=CARD_SLOTS, max_size=CARD_SLOTS)


# --------------------------------------------------------------------------- plain statements


def plain_run_neighbours(c, hand):
    r, s = c >> 2, c & 3
    k = 0.0
    for p in ((r, ACE_HIGH) if r == ACE else (r,)):
        for d, w in ((-1, 7.0), (1, 7.0), (-2, 3.0), (2, 3.0)):
            q = p + d
            if 1 <= q <= ACE_HIGH:
                other = (1 if q == ACE_HIGH else q) * 4 + s
                if other in hand and other != c:
                    k += w
    return k


def plain_promise(c, hand, counts):
    if is_wild(c):
        return 60.0
    r, s = c >> 2, c & 3
    keep = 15.0 if counts.get(r, 0) >= 2 else 0.0
    for d, w in ((1, 8.0), (2, 3.0)):
        for q in (r - d, r + d):
            if 1 <= q <= 13 and q * 4 + s in hand:
                keep += w
    if r == 1 and s + 13 * 4 in hand:  # an ace also sits above the king
        keep += 8.0
    return keep


def plain_outs(c, hand, paired, unseen):
    if is_wild(c):
        return 0
    r, s = c >> 2, c & 3

    def slot(p):
        return (1 if p == 14 else p) * 4 + s if 1 <= p <= 14 else -1

    completers = set()
    if paired:
        completers.update(range(r * 4, r * 4 + 4))
    for p in (r, 14) if r == 1 else (r,):
        for q in (p - 2, p - 1, p + 1, p + 2):
            if slot(q) in hand and slot(q) != c:
                lo, hi = min(p, q), max(p, q)
                completers.update(slot(n) for n in ((lo + 1,) if hi - lo == 2
                                                    else (lo - 1, hi + 1)) if slot(n) >= 0)
    if not completers:
        return 0
    return sum(unseen[x] for x in completers) + sum(unseen[w] for w in (0, 8, 9, 10, 11))


def plain_takes_pile(k, top, seat):
    if is_wild(top):
        return 1.0
    rank = top >> 2
    known = sum(1 for c in k.known[seat] if is_wild(c) or c >> 2 == rank)
    if known >= 2:
        return 1.0
    unseen = k.unseen()
    live = unseen[0] + sum(unseen[rank * 4 + s] + unseen[8 + s] for s in range(4))
    pool = max(1, sum(unseen))
    hidden = max(0, k.hand_counts[seat] - len(k.known[seat]))
    each = min(1.0, live * hidden / pool)
    return min(1.0, each if known else each * each / 2)


def plain_take_chance(c, t, seat, _cache=None):
    slots = t.options.meld_slots
    if slots is not None and len(t.melds[seat]) >= slots:
        return 0.0
    count = t.hand_counts[seat]
    if count < 2:
        return 0.0
    if is_wild(c):
        return 0.97 if count >= 6 else H._at_least(0.35, count, 1)
    r = c >> 2
    unseen = t.unseen()
    known = t.known[seat]
    m = max(0, count - len(known))
    helpful_known = sum(1 for k in known if k >> 2 == r or is_wild(k))
    helpful = sum(unseen[r * 4 + s] for s in range(4)) \
        + sum(unseen[w] for w in (0, 8, 9, 10, 11))
    return H._at_least(helpful / (sum(unseen) or 1), m, 2 - helpful_known)


def plain_unseen(t):
    u = Counter({c: 2 for c in range(4, CARD_SLOTS)})
    u[JOKER] = t.options.jokers
    placed = list(t.hand) + list(t.pile) + list(t.out_of_play)
    placed += [c for seat in t.melds for m in seat for c in m.cards]
    placed += [c for s, known in enumerate(t.known) if s != t.seat for c in known]
    u.subtract(placed)
    return [u[c] for c in range(CARD_SLOTS)]


_LATENESS = SeatKnowledge.lateness


def plain_lateness(t):
    """``lateness`` worked out afresh, its memo forgotten first."""
    t._late = None
    return _LATENESS(t)


# --------------------------------------------------------------------------- positions


def positions(preset, players, seed, steps):
    """Seat knowledge at every step of a seeded random game (up to ``steps`` steps)."""
    state = State(PRESETS[preset], players, seed)
    rand = random.Random(seed)
    out = []
    for _ in range(steps):
        if state.phase not in PLAYING:
            break
        out.append(SeatKnowledge.of_state(state, state.turn))
        state = state.copy()  # the knowledge above reads the state's lists: keep them as seen
        state.apply(rand.choice(state.legal_actions()))
    return out


games = st.tuples(st.sampled_from(sorted(PRESETS)), st.sampled_from((2, 3, 4)),
                  st.integers(0, 10_000), st.integers(1, 60))


# --------------------------------------------------------------------------- the helpers


@given(hands)
@settings(max_examples=300)
def test_run_neighbours_are_the_plain_count(hand):
    held = set(hand)
    for c in hand:
        if not is_wild(c):
            assert H._run_neighbours(c, held) == plain_run_neighbours(c, held)


@given(hands, unseens)
@settings(max_examples=300)
def test_outs_are_the_plain_count_whether_asked_of_a_list_or_a_set(hand, unseen):
    counts = S._counts(hand)
    for c in hand:
        paired = counts.get(c >> 2, 0) >= 2
        assert outs(c, set(hand), paired, unseen) == plain_outs(c, hand, paired, unseen)
        assert outs(c, hand, paired, unseen) == plain_outs(c, hand, paired, unseen)


@given(hands)
@settings(max_examples=300)
def test_a_cards_promise_is_the_plain_one_whether_asked_of_a_list_or_a_set(hand):
    counts = S._counts(hand)
    for c in hand:
        assert S._promise(c, set(hand), counts) == plain_promise(c, hand, counts)
        assert S._promise(c, hand, counts) == plain_promise(c, hand, counts)


@given(games)
@settings(max_examples=60, deadline=None)
def test_seat_knowledge_memos_answer_as_worked_out_afresh(game):
    for t in positions(*game):
        assert t.unseen() == plain_unseen(t)
        assert t.pool() == sum(plain_unseen(t))
        late = t.lateness()
        assert late == t.lateness() == plain_lateness(t)
        t.threat = 0.07  # a threat set after lateness was asked is still counted
        assert t.lateness() == plain_lateness(t) >= late


@given(games)
@settings(max_examples=60, deadline=None)
def test_pile_chances_are_the_plain_ones(game):
    for t in positions(*game):
        cache: dict = {}
        for seat in range(t.players):
            if seat == t.seat:
                continue
            for c in set(t.hand) | set(t.pile[-1:]):
                assert P.takes_pile(t, c, seat) == plain_takes_pile(t, c, seat)
                assert H.take_chance(c, t, seat) == plain_take_chance(c, t, seat)
                if seat == t.next_seat:  # (the cache is kept for one seat, the next)
                    assert H.take_chance(c, t, seat, cache) == plain_take_chance(c, t, seat)


# --------------------------------------------------------------------------- decisions


def hard_decisions(preset, players, seed):
    """A fixed-seed hard level's next two decisions from a seeded mid-hand position, with
    its playouts."""
    state = State(PRESETS[preset], players, seed)
    medium = MediumAgent(seed)
    for _ in range(8 + seed % 11):
        if state.phase not in PLAYING:
            break
        state.apply(medium.choose(state.view(state.turn), state.legal_actions()))
    seat = state.turn
    hard = HardAgent(7, budget_seconds=None, iterations=40)
    made = []
    while len(made) < 2 and state.phase in PLAYING:
        legal = state.legal_actions()
        agent = hard if state.turn == seat else medium
        action = agent.choose(state.view(state.turn), legal)
        if agent is hard:
            made.append(action)
        state.apply(action)
    return made, hard.playouts


@pytest.mark.parametrize("preset,players,seed", [("digital", 2, 3), ("classic", 4, 5),
                                                 ("classic", 2, 8), ("digital", 4, 13)])
def test_hard_decides_the_same_with_the_plain_helpers(monkeypatch, preset, players, seed):
    fast = hard_decisions(preset, players, seed)
    assert fast[1] > 0  # the position was searched
    monkeypatch.setattr(H, "_run_neighbours", plain_run_neighbours)
    monkeypatch.setattr(H, "take_chance", plain_take_chance)
    monkeypatch.setattr(P, "outs", plain_outs)
    monkeypatch.setattr(H, "outs", plain_outs)
    monkeypatch.setattr(S, "_promise", plain_promise)
    monkeypatch.setattr(P, "takes_pile", plain_takes_pile)
    monkeypatch.setattr(K.SeatKnowledge, "unseen", plain_unseen)
    monkeypatch.setattr(K.SeatKnowledge, "pool", lambda t: sum(plain_unseen(t)))
    monkeypatch.setattr(K.SeatKnowledge, "lateness", plain_lateness)
    assert hard_decisions(preset, players, seed) == fast
