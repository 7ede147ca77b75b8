"""The hard level: information-set search (``search.py``) with its own judgement's choice as its
prior (``heuristics.hard_style``: medium's, taking fewer piles and weighing each card's outs),
over sampled worlds weighted by what the opponents did this hand (``inference.py``) and by how
each opponent has played this match (``modelling.py``: its style in the playouts, the melds a
quiet hand hides, the threat of it going out). ``model=False`` (the ``hard-plain`` level, for
measuring what the model brings) leaves the modelling out: every opponent gets the playouts'
prior mix of styles and a plain re-deal.

Budget: ``budget_seconds`` of thinking per decision (the table's AI-speed setting,
``Settings.think_seconds``, maps onto it: ``registry.make_agent(..., think_seconds=...)``) and
``iterations``, the most sampled worlds per decision. The search stops earlier once the
evidence settles the choice, so most decisions take a fraction of the budget. With
``budget_seconds=None`` the level is deterministic with its seed however the thinking is sliced.
Decisions with nothing to weigh (one legal action, going out) are answered at once.
"""

from __future__ import annotations

import gc
import random
import time

from ..rules.actions import Act, Action
from ..rules.view import View
from .agent import DEFAULT_BUDGET, SLICE_SECONDS, BaseAgent
from .inference import Evidence
from .search import Search, StepCosts

DEFAULT_ITERATIONS = 400
DEFAULT_HORIZON = 8
DEFAULT_WIDTH = 5


class HardAgent(BaseAgent):
    """Weighs every kind of decision by search against several styles of opponent."""

    name = "hard"

    def __init__(self, seed: int = 0, *, budget_seconds: float | None = DEFAULT_BUDGET,
                 iterations: int | None = DEFAULT_ITERATIONS, horizon: int = DEFAULT_HORIZON,
                 width: int = DEFAULT_WIDTH, clock=time.perf_counter,
                 evidence: Evidence | None = None, model: bool = True):
        super().__init__(seed)
        if iterations is None and budget_seconds is None:
            raise ValueError("give the hard level a budget: iterations, budget_seconds or both")
        self.iterations = iterations
        self.budget_seconds = budget_seconds
        self.horizon = horizon
        self.width = width
        self.clock = clock
        """What the budget is counted in: wall time for the table; the arena scripts may count
        process time so a busy machine does not weaken the level."""
        self.decisions = 0
        self._search: Search | None = None
        self._step_costs = StepCosts()
        self.playouts = 0
        self.evidence = evidence if evidence is not None else Evidence()
        """What the opponents' play this hand says about their cards (``inference.py``): the
        sampled worlds are weighted by it. An agent made afresh for each decision (a hint)
        is handed one that lives as long as the seat's hand, else it knows no history."""
        self.model = model
        """Whether the opponents' play over the match moves the search (``modelling``: each
        opponent's style mixture, the melds a quiet hand hides, the threat of it going out)."""

    def start(self, view: View, legal: list[Action]) -> None:
        # Everything alive now (the match, the caches) is old: a full garbage collection
        # during thinking would walk it all, a pause longer than a frame. Frozen objects are
        # skipped by the collector; the search's own garbage stays young (a
        # young collection first, so little garbage is frozen with it).
        gc.collect(1)
        gc.freeze()
        # A fresh generator per decision, from the seed and the decision number only: the
        # same view and seed give the same worlds whatever happened in other searches.
        rand = random.Random(f"hard:{self.seed}:{self.decisions}:{view.hand_no}")
        self.decisions += 1
        self._answer = None
        self._view = view
        evidence = self.evidence
        evidence.observe(view)
        self._search = Search(view, legal, rand, iterations=self.iterations,
                              seconds=self.budget_seconds, horizon=self.horizon,
                              width=self.width, clock=self.clock,
                              step_costs=self._step_costs,
                              weigh=evidence.likelihood if evidence.clues else None,
                              beliefs=evidence.profiles.beliefs(view) if self.model else None)

    def think(self, slice_seconds: float = SLICE_SECONDS) -> bool:
        if self._answer is not None:
            return True
        search = self._search
        if search is None:
            raise RuntimeError("think() before start(): there is no decision to think about")
        if search.think(slice_seconds):
            self._answer = search.best()
            self.playouts += search.playouts
            if self._answer.kind is Act.DISCARD:
                self.evidence.discarded(self._view, self._answer.cards[0])
            return True
        return False
