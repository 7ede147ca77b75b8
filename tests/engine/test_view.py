"""The view of a seat holds nothing that seat may not see, and determinization is consistent.

Hidden information is tested by construction: two states that differ only in what the observer
cannot see (other seats' unknown cards, the stock's order and contents) must give the observer
equal views.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    assert_cards_accounted,
    choices,
    new_state,
    players,
    prop_settings,
    random_actions,
    seeds,
)

from game.rules.state import Phase, State
from game.rules.view import View


def unknown_cards(state: State, seat: int) -> list[int]:
    """The cards of ``seat``'s hand beyond those it is known to hold."""
    rest = Counter(state.hands[seat])
    rest.subtract(state.known[seat])
    assert all(v >= 0 for v in rest.values()), f"seat {seat} known cards it does not hold"
    return sorted(rest.elements())


def shuffle_hidden(state: State, observer: int, rand: random.Random) -> State:
    """A copy in which every card ``observer`` cannot see is dealt again at random among the
    other seats' unknown places and the stock (counts kept)."""
    other = state.copy()
    pool, places = [], []
    for s in range(state.players):
        if s == observer:
            continue
        hidden = unknown_cards(state, s)
        pool += hidden
        places.append((s, len(hidden)))
    pool += state.stock
    rand.shuffle(pool)
    for s, k in places:
        other.hands[s] = sorted(list(state.known[s]) + pool[:k])
        del pool[:k]
    other.stock = pool
    return other


@prop_settings(30)
@given(seed=seeds, n=st.integers(3, 8), choice=choices, data=st.data())
def test_view_hides_other_hands_and_the_stock(seed, n, choice, data):
    state = new_state(seed, n)
    rand = random.Random(choice)
    for i, _ in enumerate(random_actions(state, rand, max_actions=300)):
        if i % 7:
            continue
        observer = data.draw(st.integers(0, n - 1))
        view = state.view(observer)
        assert view == View.of(state, observer)
        twin = shuffle_hidden(state, observer, random.Random(data.draw(choices)))
        assert_cards_accounted(twin)
        assert twin.view(observer) == view, "the view depends on cards the seat cannot see"
        if twin.hands != state.hands:
            # ... while some other seat does see the difference in its own hand
            assert any(twin.view(s) != state.view(s) for s in range(n) if s != observer)


def test_view_fields_are_only_public():
    """No field of a view names the stock, the seed or another hand."""
    names = {f.name for f in dataclasses.fields(View)}
    assert not names & {"stock", "hands", "seed"}, names
    state = new_state(5, 4)
    view = state.view(1)
    assert view.hand == tuple(state.hands[1])
    assert view.stock_count == len(state.stock)
    assert view.hand_counts == tuple(len(h) for h in state.hands)


@prop_settings(30)
@given(seed=seeds, n=players, choice=choices)
def test_view_legal_actions_match_the_state(seed, n, choice):
    state = new_state(seed, n)
    for _ in random_actions(state, random.Random(choice), max_actions=400):
        for s in range(n):
            view = state.view(s)
            if s == state.turn and state.phase < Phase.HAND_OVER:
                assert view.legal_actions() == state.legal_actions()
            else:
                assert view.legal_actions() == [] or state.phase >= Phase.HAND_OVER


@prop_settings(20)
@given(seed=seeds, n=players, choice=choices, k=st.integers(0, 2**32))
def test_determinize_is_consistent_with_the_view(seed, n, choice, k):
    state = new_state(seed, n)
    rand = random.Random(choice)
    for i, _ in enumerate(random_actions(state, rand, max_actions=250)):
        if i % 11:
            continue
        observer = (i // 11) % n
        view = state.view(observer)
        d = view.determinize(random.Random(k + i))
        assert d.view(observer) == view
        assert_cards_accounted(d)
        for s in range(n):
            assert not Counter(d.known[s]) - Counter(d.hands[s]), \
                f"seat {s}'s known cards are not in its determinized hand"
            assert len(d.hands[s]) == len(state.hands[s])
        assert d.hands[observer] == state.hands[observer]
        if observer == state.turn:
            assert d.legal_actions() == state.legal_actions()
        # The determinized state plays on: it is a full, legal state.
        dr = random.Random(k)
        for _ in random_actions(d, dr, max_actions=30):
            assert_cards_accounted(d)


@prop_settings(20)
@given(seed=seeds, n=players, choice=choices)
def test_determinizations_differ_only_in_hidden_cards(seed, n, choice):
    """Many determinizations: the observer's hand, every meld, the pile and the known cards
    are always the same; the hidden cards do get dealt differently."""
    state = new_state(seed, n)
    for _ in random_actions(state, random.Random(choice), max_actions=80):
        pass
    if state.phase >= Phase.HAND_OVER:
        return
    view = state.view(0)
    seen = set()
    for k in range(8):
        d = view.determinize(random.Random(k))
        assert d.melds == state.melds and d.pile == state.pile and d.known == state.known
        assert d.hands[0] == state.hands[0]
        seen.add((tuple(map(tuple, d.hands)), tuple(d.stock)))
    assert len(seen) > 1 or len(view.unseen()) <= 1


def test_view_does_not_change_with_later_play():
    """A view is a snapshot: playing on does not change a view taken before."""
    state = new_state(3, 3)
    rand = random.Random(3)
    views = []
    for _ in random_actions(state, rand, max_actions=200):
        views.append((state.view(state.turn % 3), copy.deepcopy(state.view(state.turn % 3))))
    for view, frozen in views:
        assert view == frozen


def test_only_the_seat_to_move_has_legal_actions_in_its_view():
    """Legal actions of a seat that is not to move are empty."""
    state = new_state(11, 3)
    others = [s for s in range(3) if s != state.turn]
    assert all(state.view(s).legal_actions() == [] for s in others)
    assert state.view(state.turn).legal_actions() == state.legal_actions()
