"""Agents never peek: two states that give the same view (different hidden cards) get the same
choice from every agent with the same seed, and the view itself carries no hidden card."""

import copy
import random

import pytest

from game.ai.easy import EasyAgent
from game.ai.hard import HardAgent
from game.ai.medium import HardPriorAgent, MediumAgent
from game.ai.random_agent import RandomAgent
from game.rules.options import DIGITAL
from game.rules.state import Phase, State
from game.rules.view import View

MAKERS = {
    "random": lambda seed: RandomAgent(seed),
    "easy": lambda seed: EasyAgent(seed),
    "medium": lambda seed: MediumAgent(seed),
    "hard-prior": lambda seed: HardPriorAgent(seed),
    "hard": lambda seed: HardAgent(seed, budget_seconds=None, iterations=3, horizon=3),
    "hard-plain": lambda seed: HardAgent(seed, budget_seconds=None, iterations=3, horizon=3,
                                         model=False),
}


def positions(count: int, players: int = 3):
    """Mid-hand positions reached by medium play from several seeds."""
    out = []
    for seed in range(count):
        state = State(DIGITAL, players, seed)
        rand = random.Random(seed)
        steps = rand.randrange(4, 40)
        medium = MediumAgent(0)
        for _ in range(steps):
            if state.phase not in (Phase.DRAW, Phase.MELD):
                break
            seat = state.turn
            state.apply(medium.choose(state.view(seat), state.legal_actions()))
        if state.phase in (Phase.DRAW, Phase.MELD):
            out.append(state)
    return out


def test_view_holds_no_hidden_field():
    fields = set(View.__slots__)
    assert not fields & {"hands", "stock", "seed"}


@pytest.mark.parametrize("kind", list(MAKERS))
def test_same_view_same_choice(kind):
    for state in positions(8):
        seat = state.turn
        view = state.view(seat)
        other = view.determinize(random.Random(99))
        assert other.snapshot() != state.snapshot()  # the hidden cards differ...
        assert other.view(seat) == view  # ...but the seat sees the same
        first = MAKERS[kind](5).choose(view, state.legal_actions())
        second = MAKERS[kind](5).choose(other.view(seat), other.legal_actions())
        assert first == second


def test_same_history_same_view_same_choice_with_the_opponent_model():
    """The modelled hard level, having watched a hand from its seat (its beliefs about each
    opponent's style, hidden melds and threat built from its views), decides the same in
    two states that give the same view but hold different hidden cards."""
    from game.ai.population import MeldNow
    from game.ai.sparring import Hoarder

    moved = 0
    for seed in range(6):
        state = State(DIGITAL, 3, seed)
        watcher = HardAgent(5, budget_seconds=None, iterations=2, horizon=2)
        others = {1: Hoarder(1), 2: MeldNow(2)}
        steps = 0
        while state.phase in (Phase.DRAW, Phase.MELD) and steps < 30 + 5 * seed:
            seat = state.turn
            agent = watcher if seat == 0 else others[seat]
            state.apply(agent.choose(state.view(seat), state.legal_actions()))
            steps += 1
        while state.phase in (Phase.DRAW, Phase.MELD) and state.turn != 0:  # to the watcher
            seat = state.turn
            state.apply(others[seat].choose(state.view(seat), state.legal_actions()))
        if state.phase not in (Phase.DRAW, Phase.MELD):
            continue
        view = state.view(0)
        other = view.determinize(random.Random(99))
        assert other.snapshot() != state.snapshot() and other.view(0) == view
        beliefs = watcher.evidence.profiles.beliefs(view)
        moved += any(w != beliefs.weights[0] for w in beliefs.weights) or any(beliefs.hides)
        first = copy.deepcopy(watcher).choose(view, state.legal_actions())
        second = copy.deepcopy(watcher).choose(other.view(0), other.legal_actions())
        assert first == second
    assert moved >= 2  # the beliefs were not just the prior


def test_agents_receive_only_the_view(monkeypatch):
    """Play a match in which every state method an agent could reach on the true state is
    booby-trapped while the agent thinks: only the view and legal actions go in."""
    from game.ai.registry import make_agent
    state = State(DIGITAL, 4, 3)
    agents = [make_agent(k, 1) for k in ("easy", "medium", "random", "easy")]
    agents[2] = HardAgent(1, budget_seconds=None, iterations=2, horizon=2, model=False)
    agents[3] = HardAgent(2, budget_seconds=None, iterations=2, horizon=2)
    for _ in range(60):
        if state.phase not in (Phase.DRAW, Phase.MELD):
            break
        seat = state.turn
        view, legal = state.view(seat), state.legal_actions()
        true_hands = state.hands
        state.hands = None  # any read of the true hands would now fail
        try:
            action = agents[seat].choose(view, legal)
        finally:
            state.hands = true_hands
        state.apply(action)
