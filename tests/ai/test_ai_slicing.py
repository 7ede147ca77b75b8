"""Thinking in slices gives the same answer as one long think (iteration budgets)."""

import pytest

from game.ai.hard import HardAgent
from game.ai.medium import MediumAgent
from game.ai.search import StepCosts
from game.rules.options import DIGITAL
from game.rules.state import Phase, State


def searched_positions():
    """Positions where the hard level really searches (several candidates)."""
    out = []
    for seed in range(30):
        state = State(DIGITAL, 2, seed)
        medium = MediumAgent(0)
        while state.phase in (Phase.DRAW, Phase.MELD) and len(out) < 4:
            probe = HardAgent(1, budget_seconds=None, iterations=1)
            probe.start(state.view(state.turn), state.legal_actions())
            if len(probe._search.cands) > 2:
                out.append(state.copy())
                break
            state.apply(medium.choose(state.view(state.turn), state.legal_actions()))
        if len(out) >= 4:
            break
    return out


@pytest.mark.parametrize("model", [False, True])
def test_sliced_equals_uninterrupted(model):
    positions = searched_positions()
    assert positions
    for state in positions:
        view, legal = state.view(state.turn), state.legal_actions()
        whole = HardAgent(7, budget_seconds=None, iterations=5, horizon=4, model=model)
        whole.start(view, legal)
        assert whole.think(1e6)
        sliced = HardAgent(7, budget_seconds=None, iterations=5, horizon=4, model=model)
        sliced.start(view, legal)
        slices = 1
        while not sliced.think(1e-9):  # the thinnest slices: one playout step each
            slices += 1
        assert slices > 5
        assert sliced.answer() == whole.answer()
        assert sliced._search.totals == whole._search.totals
        again = HardAgent(7, budget_seconds=None, iterations=5, horizon=4, model=model)
        assert again.choose(view, legal) == whole.answer()


def test_think_protocol_for_instant_levels():
    state = State(DIGITAL, 2, 4)
    agent = MediumAgent(0)
    agent.start(state.view(0), state.legal_actions())
    assert agent.think(0.001)
    assert agent.answer() in state.legal_actions()



class AlwaysSlow(StepCosts):
    """Step costs that expect every step to take a whole second."""

    def estimate(self, kind) -> float:
        return 1.0


def steps_per_slice(costs: StepCosts) -> tuple[list[int], object]:
    state = searched_positions()[0]
    view, legal = state.view(state.turn), state.legal_actions()
    agent = HardAgent(7, budget_seconds=None, iterations=3, horizon=4)
    agent._step_costs = costs
    agent.start(view, legal)
    search = agent._search
    counts, done = [], False
    while not done:
        before = search.steps
        done = agent.think(0.05)  # (the first slice lists the candidates: its first step)
        counts.append(search.steps - before)
    return counts, agent.answer()


def test_a_step_known_to_be_slow_opens_a_slice_instead_of_ending_one():
    slow, slow_answer = steps_per_slice(AlwaysSlow())
    assert slow[0] == 0 and len(slow) > 5 and max(slow) == 1  # only the step a slice must make
    fresh, fresh_answer = steps_per_slice(StepCosts())
    assert max(fresh) > 1  # steps are fast: a 50 ms slice makes many
    assert slow_answer == fresh_answer  # where slices end never changes the choice


def test_a_step_kind_is_expected_to_cost_its_slowest_recent_step():
    costs = StepCosts()
    long_hand = StepCosts.kind([0, 0, 8] + [20] * 17, melding=True)
    assert long_hand != StepCosts.kind([20] * 8, melding=True)
    assert costs.estimate(long_hand) == StepCosts.DEFAULT
    costs.record(long_hand, 0.004)
    costs.record(long_hand, 0.0002)
    assert 0.0035 < costs.estimate(long_hand) <= 0.004  # one fast step does not hide a slow one
    for _ in range(200):
        costs.record(long_hand, 0.0002)
    assert costs.estimate(long_hand) < 0.0005  # but an old outlier fades
