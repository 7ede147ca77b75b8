"""The hard level's search decides on evidence: it keeps its prior (the choice of its own
judgement, ``heuristics.hard_style``) unless an alternative is better by more than its standard
error, stops early when the worlds agree and spends more of them when the choice is close;
opponents are played in more than one style."""

import random

import pytest

from game.ai import search
from game.ai.hard import HardAgent
from game.ai.medium import MediumAgent
from game.rules.options import PRESETS
from game.rules.state import Phase, State


def searched_position(preset="digital", seed=0):
    """A position where the hard level has several candidates to weigh."""
    for s in range(seed, seed + 40):
        state = State(PRESETS[preset], 2, s)
        medium = MediumAgent(0)
        while state.phase in (Phase.DRAW, Phase.MELD):
            probe = search.Search(state.view(state.turn), state.legal_actions(),
                                  random.Random(1), iterations=1, seconds=None, horizon=2,
                                  width=5)
            if len(probe.cands) >= 3:
                return state
            state.apply(medium.choose(state.view(state.turn), state.legal_actions()))
    raise AssertionError("no searched position found")


def run(state, iterations=200):
    s = search.Search(state.view(state.turn), state.legal_actions(), random.Random(3),
                      iterations=iterations, seconds=None, horizon=3, width=5)
    while not s.think(1.0):
        pass
    return s


def test_equal_worlds_keep_the_prior_and_stop_early(monkeypatch):
    state = searched_position()
    monkeypatch.setattr(search, "evaluate", lambda st, seat: 7.0)
    s = run(state)
    assert s.best() == s.pick
    assert s.done == search.MIN_WORLDS  # nothing to learn: no more worlds spent


def test_noise_alone_never_overrides_and_uses_more_worlds(monkeypatch):
    state = searched_position()
    noise = random.Random(5)
    monkeypatch.setattr(search, "evaluate", lambda st, seat: noise.gauss(0.0, 50.0))
    s = run(state, iterations=60)
    assert s.done > search.MIN_WORLDS  # a close call: more worlds than the minimum
    for i in range(1, len(s.cands)):
        mean, se = s.gain(i)
        if s.best() == s.cands[i]:
            assert mean > search.OVERRIDE_SE * se  # any override had its evidence


def test_a_clearly_better_alternative_overrides(monkeypatch):
    state = searched_position()
    noise = random.Random(9)
    holder = {}

    def biased(st, seat):  # the third candidate is worth 40 more in every world, plus noise
        s = holder["search"]
        return noise.gauss(0.0, 30.0) + (40.0 if s.live[s._next] == 2 else 0.0)

    monkeypatch.setattr(search, "evaluate", biased)
    s = holder["search"] = search.Search(state.view(state.turn), state.legal_actions(),
                                         random.Random(3), iterations=200, seconds=None,
                                         horizon=3, width=5)
    while not s.think(1.0):
        pass
    assert s.best() == s.cands[2]
    assert s.done < 200  # settled before the cap


@pytest.mark.parametrize("x", [0.0, 0.3, 0.6, 0.9, 0.999])
def test_opponent_styles_cover_the_unit_interval(x):
    assert search._style(x) in {policy for policy, _ in search.STYLES}


def test_every_style_is_drawn():
    drawn = {search._style(random.Random(k).random()) for k in range(200)}
    assert drawn == {policy for policy, _ in search.STYLES}


def test_a_tiny_budget_still_answers():
    state = searched_position()
    agent = HardAgent(1, budget_seconds=1e-6, iterations=None)
    agent.start(state.view(state.turn), state.legal_actions())
    while not agent.think(0.005):
        pass
    assert agent._search.done == 1  # the world under way is finished, then the time is up
    assert agent.answer() in state.legal_actions()


def test_the_budget_comes_from_the_table_setting_or_the_name():
    import time

    from game.ai.registry import make_agent
    assert make_agent("hard", 1, think_seconds=0.5).budget_seconds == 0.5
    timed = make_agent("hard@0.2cpu", 1)
    assert timed.budget_seconds == 0.2 and timed.clock is time.process_time
    assert make_agent("hard@1", 1).clock is time.perf_counter
    assert make_agent("hard", 1).model and not make_agent("hard-plain", 1).model
    assert make_agent("hard@0.2cpu", 1).model
    plain = make_agent("hard-plain@0.2cpu", 1)
    assert not plain.model and plain.budget_seconds == 0.2
    assert make_agent("hard-plain", 1, think_seconds=0.5).budget_seconds == 0.5
    for bad in ("hard@", "hard@-1", "hard@fast"):
        with pytest.raises(ValueError, match="hard@SECONDS"):
            make_agent(bad, 1)
