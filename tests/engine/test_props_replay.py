"""Replay, copies and determinism: a match is its options, seed and action list."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import choices, new_state, play_game, players, prop_settings, random_actions, seeds

from game.rules import save
from game.rules.events import Ev
from game.rules.options import DIGITAL
from game.rules.state import IllegalAction, Phase


@prop_settings(25)
@given(seed=seeds, n=players, choice=choices, first=st.integers(0, 7),
       length=st.integers(0, 1500))
def test_saved_game_loads_to_the_same_state(seed, n, choice, first, length):
    """8: a Game played at random, dumped and loaded, has an identical snapshot."""
    game = save.Game(save.Setup(DIGITAL, n, seed, first % n))
    play_game(game, random.Random(choice), length)
    text = game.dumps()
    loaded = save.load(text)
    assert loaded.state.snapshot() == game.state.snapshot()
    assert loaded.actions == game.actions
    assert loaded.dumps() == text


@prop_settings(25)
@given(seed=seeds, n=players, choice=choices, at=st.integers(0, 400),
       length=st.integers(1, 400))
def test_copy_evolves_identically_and_independently(seed, n, choice, at, length):
    """8: a copy taken at any point follows the original under the same actions; playing the
    copy on alone never changes the original."""
    state = new_state(seed, n)
    rand = random.Random(choice)
    for _ in random_actions(state, rand, max_actions=at):
        pass
    twin = state.copy()
    assert twin.snapshot() == state.snapshot()
    before = state.snapshot()
    # Mutate the copy alone, with its own random choices: the original must not move.
    loner = state.copy()
    for _ in random_actions(loner, random.Random(choice + 1), max_actions=length):
        pass
    assert state.snapshot() == before, "playing a copy changed the original"
    # Reach into the copy's containers directly.
    for seat in range(n):
        loner.hands[seat].append(4)
        loner.melds[seat].clear()
        loner.known[seat].append(4)
    loner.stock.clear()
    loner.pile.append(4)
    loner.totals[0] += 1
    loner.hand_scores.append((1,) * n)
    assert state.snapshot() == before, "mutating a copy's lists changed the original"
    # The same actions on the original and on a copy keep them equal.
    for action, events in random_actions(state, random.Random(choice + 2), max_actions=length):
        if action is None:
            assert twin.next_hand() == events
        else:
            assert twin.apply(action) == events
        assert twin.snapshot() == state.snapshot()


@prop_settings(20)
@given(seed=seeds, n=players, choice=choices)
def test_same_seed_and_choices_give_the_same_match(seed, n, choice):
    """9: the same seed and the same choices give the same actions and final totals twice."""
    runs = []
    for _ in range(2):
        state = new_state(seed, n)
        log = [a for a, _ in random_actions(state, random.Random(choice), max_hands=6)]
        runs.append((log, tuple(state.totals), state.snapshot()))
    assert runs[0] == runs[1]


SCRIPT = """
import random, sys
sys.path.insert(0, {tests!r})
from strategies import new_state, random_actions
for seed, n in ((1, 2), (7, 5), (123456789, 8)):
    state = new_state(seed, n)
    log = [str(a) for a, _ in random_actions(state, random.Random(seed), max_hands=3)]
    print(seed, n, len(log), " | ".join(log[-5:]), state.totals)
"""


def test_same_match_in_other_processes():
    """9: the match does not depend on the process (string hashing is randomized per process)."""
    tests = str(Path(__file__).parent)
    outs = []
    for hashseed in ("1", "2", "random"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        done = subprocess.run([sys.executable, "-c", SCRIPT.format(tests=tests)], env=env,
                              cwd=Path(__file__).parents[2], capture_output=True, text=True,
                              timeout=60, check=True)
        outs.append(done.stdout)
    assert outs[0] == outs[1] == outs[2]
    assert outs[0].count("\n") == 3


@prop_settings(25)
@given(seed=seeds, n=players, choice=choices, length=st.integers(1, 600), cut=st.floats(0, 1))
def test_a_record_prefix_replays_to_the_position_it_reached(seed, n, choice, length, cut):
    """The one replay (``Setup.state_after``, ``advance``): the first k actions of a record
    give the state the match had just after its k-th action, hand-overs included (the next
    hand is dealt only when the record goes on)."""
    setup = save.Setup(DIGITAL, n, seed)
    game = save.Game(setup)
    rand = random.Random(choice)
    seen = [game.state.snapshot()]
    while not game.state.over and len(game.actions) < length:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        game.play(rand.choice(game.state.legal_actions()))
        seen.append(game.state.snapshot())
    k = round(cut * len(game.actions))
    assert setup.state_after(game.actions[:k]).snapshot() == seen[k]


def test_play_refuses_at_a_hand_over_and_push_deals_first():
    """Live play waits for the table to deal the next hand; reading a record back deals it."""
    game = save.Game(save.Setup(DIGITAL, 2, 7))
    rand = random.Random(1)
    while game.state.phase is not Phase.HAND_OVER:
        assert not game.state.over, "the first hand ended the match"
        game.play(rand.choice(game.state.legal_actions()))
    ahead = game.state.copy()
    ahead.next_hand()
    action = ahead.legal_actions()[0]
    before = game.state.snapshot()
    with pytest.raises(IllegalAction):
        game.play(action)
    assert game.state.snapshot() == before
    events = game.push(action)
    assert game.state.hand_no == 1 and game.actions[-1] == action
    assert any(e.kind is Ev.DEALT for e in events)
