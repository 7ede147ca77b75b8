"""The hard level: information-set search (``search.py``) guided by the medium heuristics.

Budget: ``iterations`` sampled worlds per searched decision (deterministic with the seed,
whatever the slicing) and/or ``seconds`` of thinking (the UI's AI-speed setting maps onto it).
Decisions with nothing to weigh (going out, a meld worth laying, a draw with no pile take
possible) are answered at once, as medium would.
"""

from __future__ import annotations

import random

from ..rules.actions import Action
from ..rules.view import View
from .agent import SLICE_SECONDS, BaseAgent
from .search import Search

DEFAULT_ITERATIONS = 24
DEFAULT_HORIZON = 6
DEFAULT_WIDTH = 4


class HardAgent(BaseAgent):
    """Plans pile takes, guards the Q♠, avoids feeding the next player: by search."""

    name = "hard"

    def __init__(self, seed: int = 0, *, iterations: int | None = DEFAULT_ITERATIONS,
                 seconds: float | None = None, horizon: int = DEFAULT_HORIZON,
                 width: int = DEFAULT_WIDTH):
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise ValueError("give the hard level a budget: iterations, seconds or both")
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.width = width
        self.decisions = 0
        self._search: Search | None = None
        self.playouts = 0

    def start(self, view: View, legal: list[Action]) -> None:
        # A fresh generator per decision, from the seed and the decision number only: the
        # same view and seed give the same worlds whatever happened in other searches.
        rand = random.Random(f"hard:{self.seed}:{self.decisions}:{view.hand_no}")
        self.decisions += 1
        self._answer = None
        self._search = Search(view, legal, rand, iterations=self.iterations,
                              seconds=self.seconds, horizon=self.horizon, width=self.width)

    def think(self, slice_seconds: float = SLICE_SECONDS) -> bool:
        if self._answer is not None:
            return True
        search = self._search
        if search.think(slice_seconds):
            self._answer = search.best()
            self.playouts += search.playouts
            return True
        return False
