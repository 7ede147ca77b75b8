"""Rewind: every position of a match is the setup with that many actions replayed, whichever
way and however far one steps; hands are found where they begin."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.deal import hand_size as hands_size
from game.rules.events import Ev
from game.rules.options import CLASSIC, DIGITAL
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.rewind import EVERY, Rewind


def played(seed, players, length, options=DIGITAL):
    game = Game(Setup(options, players, seed, 0))
    rand = random.Random(seed)
    while len(game.actions) < length and not game.state.over:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        game.play(rand.choice(game.state.legal_actions()))
    return game


def replayed(game, n):
    state = game.setup.start()
    events = []
    for action in game.actions[:n]:
        events = []
        if state.phase is Phase.HAND_OVER:
            events = state.next_hand()
        events += state.apply(action)
    return state, events


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), length=st.integers(0, 700),
       options=st.sampled_from([DIGITAL, CLASSIC]), data=st.data())
def test_every_position_is_the_replayed_prefix(seed, players, length, options, data):
    game = played(seed, players, length, options)
    rewind = Rewind(game)
    assert len(rewind) == len(game.actions) + 1
    indices = data.draw(st.lists(st.integers(0, len(game.actions)), max_size=8))
    for i in indices + [0, len(game.actions)]:
        position = rewind.at(i)
        state, events = replayed(game, i)
        assert position.state.snapshot() == state.snapshot()
        assert position.events == tuple(events)
        assert position.action == (game.actions[i - 1] if i else None)
    assert rewind.at(len(game.actions)).state.snapshot() == game.state.snapshot()


def test_hands_are_found_where_they_begin():
    game = played(4, 3, 10**6)
    rewind = Rewind(game)
    hands = len(game.state.hand_scores)
    assert len(rewind.hand_starts) == hands
    for h, start in enumerate(rewind.hand_starts[1:], 1):
        before, after = rewind.at(start).state, rewind.at(start + 1).state
        assert before.phase is Phase.HAND_OVER and before.hand_no == h - 1
        assert after.hand_no == h
        assert rewind.hand_of(start) == h - 1 and rewind.hand_of(start + 1) == h
    start = rewind.hand_starts[-1]
    dealt = rewind.at(start, deal=True)
    assert dealt.state.hand_no == hands - 1 and dealt.action is None
    assert dealt.state.phase is not Phase.HAND_OVER and dealt.events[0].kind is Ev.DEALT
    assert sum(map(len, dealt.state.hands)) == hands_size(3) * 3
    assert rewind.at(start).state.hand_no == hands - 2  # without deal: the hand before's end
    mid, plain = rewind.at(5, deal=True), rewind.at(5)  # mid-hand: nothing to deal
    assert (mid.state.snapshot(), mid.events) == (plain.state.snapshot(), plain.events)


def test_stepping_back_and_forth_is_the_same_state():
    game = played(9, 2, 3 * EVERY + 5)
    rewind = Rewind(game)
    forwards = [rewind.at(i).state.snapshot() for i in range(len(rewind))]
    backwards = [rewind.at(i).state.snapshot() for i in reversed(range(len(rewind)))]
    assert forwards == backwards[::-1]
    assert rewind.at(-5).index == 0 and rewind.at(10**6).index == len(game.actions)
    assert game.state.snapshot() == forwards[-1]  # the game itself was not touched
