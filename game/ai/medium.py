"""The medium level: a sound player that follows the heuristics of ``heuristics.py`` exactly
(deterministic: the same view always gets the same answer); and the hard level's own
judgement played the same way, without its search (``hard-prior``, for measuring)."""

from __future__ import annotations

from ..rules.actions import Action
from ..rules.view import View
from . import heuristics
from .agent import BaseAgent
from .knowledge import SeatKnowledge


class MediumAgent(BaseAgent):
    """Takes good piles, melds what pays, guards the Q♠, discards safe deadwood."""

    name = "medium"
    style = heuristics.MEDIUM

    def decide(self, view: View, legal: list[Action]) -> Action:
        return heuristics.choose(SeatKnowledge.of_view(view), legal, self.style)


class HardPriorAgent(BaseAgent):
    """The hard level's prior alone (``heuristics.hard_style``): what its search adds, and what its
    judgement is worth against a style, are measured against this player."""

    name = "hard-prior"

    def decide(self, view: View, legal: list[Action]) -> Action:
        t = SeatKnowledge.of_view(view)
        return heuristics.choose(t, legal, heuristics.hard_style(t.options))
