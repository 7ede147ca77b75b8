"""Seven-hand positions for the UI tests, reached by playing the engine: seeded random legal
play (or the easy agent), every event kept, so a test can check what the table shows against
what happened rather than against the engine's own bookkeeping."""

from __future__ import annotations

import random

from game.ai.easy import EasyAgent
from game.rules.options import SEVEN
from game.rules.state import Phase, State
from game.services.seats import Seat
from tests.engine.test_variants_seven import three_seats  # noqa: F401  (rules.md's example)

NAMES = ("You", "West", "North", "East")
SEATS = tuple(Seat(n) if i == 0 else Seat(n, "easy") for i, n in enumerate(NAMES))


class Played:
    """A seven-hand match played by seeded agents, with every event it produced."""

    def __init__(self, players: int, seed: int, partnerships: bool = False):
        options = SEVEN.with_changes(partnerships=partnerships)
        self.state = State(options, players, seed)
        self.events = [self.state.dealt]
        self.agents = [EasyAgent(seed * 10 + s) for s in range(players)]
        self.rand = random.Random(seed)

    def step(self) -> list:
        """One action (the next hand dealt when a hand is over); its events."""
        st = self.state
        if st.phase is Phase.HAND_OVER:
            events = st.next_hand()
        else:
            legal = st.legal_actions()
            if st.phase is Phase.DISCARD_OFFER:  # answers at random: takes and passes both
                action = self.rand.choice(legal)
            else:
                action = self.agents[st.turn].choose(st.view(st.turn), legal)
            events = st.apply(action)
        self.events += events
        return events

    def until(self, done, limit: int = 20_000) -> Played:
        """Play until ``done(state)`` holds (it must, within ``limit`` actions)."""
        for _ in range(limit):
            if done(self.state):
                return self
            self.step()
        raise AssertionError("the position was never reached")
