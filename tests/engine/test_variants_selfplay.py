"""The uniform random agent plays whole matches under every preset (and with jokers) without
ever choosing an action the rules refuse: every action it picks comes from
``legal_actions()``, so ``MatchResult.illegal`` stays all zero."""

from __future__ import annotations

import pytest

from game.ai.random_agent import RandomAgent
from game.ai.selfplay import play_match, play_random_match
from game.rules.options import PRESETS
from game.rules.save import Setup, load

CASES = [(name, n, seed) for name in sorted(PRESETS)
         for n, seed in ((2, 1), (3, 2), (4, 3))]


@pytest.mark.parametrize("name,players,seed", CASES)
def test_random_agents_play_a_full_match_without_illegal_actions(name, players, seed):
    options = PRESETS[name]
    agents = [RandomAgent(seed * 100 + s) for s in range(players)]
    result = play_match(agents, Setup(options, players, seed))
    state = result.game.state
    assert result.illegal == [0] * players
    assert state.over and 0 <= state.winner < players
    assert result.hands == len(state.hand_scores)
    assert (options.target is not None and max(state.totals) >= options.target) \
        or result.hands == options.hand_limit
    assert load(result.game.dumps()).state.snapshot() == state.snapshot()


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("jokers", [1, 2])
def test_random_agents_with_jokers(name, jokers):
    options = PRESETS[name].with_changes(jokers=jokers)
    agents = [RandomAgent(7 + s) for s in range(3)]
    result = play_match(agents, Setup(options, 3, 40 + jokers))
    assert result.illegal == [0, 0, 0]
    assert result.game.state.over


@pytest.mark.parametrize("name", ["digital", "classic"])
def test_random_agents_with_eight_players(name):
    agents = [RandomAgent(s) for s in range(8)]
    result = play_match(agents, Setup(PRESETS[name], 8, 5))
    assert result.illegal == [0] * 8 and result.game.state.over


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_play_random_match_is_deterministic(name):
    assert play_random_match(11, 3, name) == play_random_match(11, 3, name)
