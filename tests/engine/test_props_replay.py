"""Replay, copies and determinism: a match is its options, seed and action list."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from strategies import choices, new_state, play_game, players, prop_settings, random_actions, seeds

from game.rules import save
from game.rules.options import DIGITAL


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
