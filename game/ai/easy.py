"""The easy level: the medium heuristics with a beginner's habits and slips.

It melds everything at once (no holding 2s or pairs for pile takes), does not watch what the
next player could take, sometimes overlooks a good pile, sometimes forgets a lay-off, and
sometimes throws a card it would rather keep. It still goes out when it can and never leaves
the Q♠ unmelded when it can meld it (nobody misses those). Its slips come from its own seeded
generator, drawn a fixed number of times per decision, so a seed replays it exactly.
"""

from __future__ import annotations

import random

from ..rules.actions import Act, Action
from ..rules.cards import QUEEN_OF_SPADES
from ..rules.phase import Phase
from ..rules.view import View
from . import heuristics as H
from .agent import BaseAgent
from .knowledge import SeatKnowledge

_DECLINE = (Act.DRAW, Act.PASS)
"""What an overlooked take becomes: the draw, or passing the offer."""
EASY = H.Style(feed_weight=0.0, hold_wilds=False, take_margin=12.0, keep_weight=0.6)


class EasyAgent(BaseAgent):
    """A friendly, beatable opponent."""

    name = "easy"
    miss_take = 0.35
    forget_meld = 0.25
    loose_discard = 0.3

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.rand = random.Random(f"easy:{seed}")

    def decide(self, view: View, legal: list[Action]) -> Action:
        rolls = [self.rand.random() for _ in range(3)]
        pick_roll = self.rand.random()
        t = SeatKnowledge.of_view(view)
        if t.phase is not Phase.MELD:  # drawing, or answering an offer
            action = H.choose_draw_phase(t, legal, EASY)
            if action.kind not in _DECLINE and rolls[0] < self.miss_take:
                return next((a for a in legal if a.kind in _DECLINE), action)
            return action
        path = H.go_out_path(t.hand, list(t.melds[t.seat]), t.options, legal, EASY.go_out_nodes)
        if path:
            return path[0]
        meld = H.best_meld(t, legal, EASY)
        if meld is not None and (QUEEN_OF_SPADES in meld.cards or meld.stands == QUEEN_OF_SPADES
                                 or rolls[1] >= self.forget_meld):
            return meld
        ranked = H.discard_scores(t, legal, EASY)
        if not ranked:
            return legal[0]
        if path == [] or len(ranked) == 1 or rolls[2] >= self.loose_discard:
            return ranked[0][1]
        top = ranked[:3]
        return top[int(pick_roll * len(top))][1]
