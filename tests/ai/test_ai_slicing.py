"""Thinking in slices gives the same answer as one long think (iteration budgets)."""

from game.ai.hard import HardAgent
from game.ai.medium import MediumAgent
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


def test_sliced_equals_uninterrupted():
    positions = searched_positions()
    assert positions
    for state in positions:
        view, legal = state.view(state.turn), state.legal_actions()
        whole = HardAgent(7, budget_seconds=None, iterations=5, horizon=4)
        whole.start(view, legal)
        assert whole.think(1e6)
        sliced = HardAgent(7, budget_seconds=None, iterations=5, horizon=4)
        sliced.start(view, legal)
        slices = 1
        while not sliced.think(1e-9):  # the thinnest slices: one playout step each
            slices += 1
        assert slices > 5
        assert sliced.answer() == whole.answer()
        assert sliced._search.totals == whole._search.totals
        again = HardAgent(7, budget_seconds=None, iterations=5, horizon=4)
        assert again.choose(view, legal) == whole.answer()


def test_think_protocol_for_instant_levels():
    state = State(DIGITAL, 2, 4)
    agent = MediumAgent(0)
    agent.start(state.view(0), state.legal_actions())
    assert agent.think(0.001)
    assert agent.answer() in state.legal_actions()
