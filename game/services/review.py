"""The review of a hand: for each decision one seat made, what the hard level would have
played and the expected points the seat's own choice lost against it.

Honest by construction: a decision is judged from that seat's ``View`` at that moment and its
legal actions, never the match's true state, like every computer level and the hints. The
hard level's choice is a ``HardAgent`` counting a fixed number of sampled worlds (no clock),
handed the clues the seat's own views gave over the hand (``ai.inference.Evidence``); the loss
is the search's value of hard's action less that of the seat's action, both played in the
same fixed number of worlds (``ai.search.Comparison``: common random numbers). A decision
where the seat chose what hard chose costs exactly zero, and a review is the same on any
machine::

    result = review(setup, actions, seat=0)            # the last hand of the record
    for d in result.costliest():                       # the three dearest mistakes
        print(d.index, d.chosen, d.hard, d.loss)

A loss is in the search's points: at the end of the playout (the hand's end, or the hard
level's horizon of turns, where the cards still in hand are weighed by what they risk) the
seat's score less the opponents' mean. It is an estimate with a standard error, and negative
when the seat's choice did better than hard's in those worlds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.actions import Act, Action
from ..rules.phase import Phase
from ..rules.save import Setup, advance
from ..rules.view import View

WORLDS = 100
"""Sampled worlds per search by default: the hints' count, so a review's choices are the
choices a hint at that moment names."""
SEED = 0
"""The review's seed by default (reported with every review)."""
COSTLIEST = 3
"""How many of the dearest decisions a review puts first."""
DECIDING = (Phase.DRAW, Phase.MELD, Phase.OFFER, Phase.DISCARD_OFFER)
"""The phases in which the seat to move chooses an action."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat and its price."""

    index: int
    """Its position in the match's action list (0-based)."""
    phase: Phase
    chosen: Action
    hard: Action
    """What the hard level would have played from the same view."""
    loss: float
    """Expected points the chosen action lost against hard's (0 when they are the same)."""
    error: float
    """The standard error of ``loss`` over the worlds compared (0 when there was nothing to
    compare)."""

    def to_json(self) -> dict:
        """The decision as a JSON object (actions in their text form)."""
        return {"index": self.index, "phase": self.phase.name.lower(),
                "chosen": str(self.chosen), "hard": str(self.hard),
                "loss": round(self.loss, 2), "error": round(self.error, 2)}


@dataclass(frozen=True, slots=True)
class Review:
    """Every real decision (more than one legal action) of ``seat`` in hand ``hand``, in the
    order they were made."""

    seat: int
    hand: int
    """0-based."""
    worlds: int
    seed: int
    decisions: tuple[Decision, ...]

    def costliest(self, count: int = COSTLIEST) -> tuple[Decision, ...]:
        """The ``count`` decisions that lost the most (only those that lost anything), the
        dearest first; ties keep the order of play."""
        dear = sorted((d for d in self.decisions if d.loss > 0), key=lambda d: -d.loss)
        return tuple(dear[:count])

    def to_json(self) -> dict:
        """The review as a JSON object (seat and hand counting from 1, as the game shows
        them)."""
        return {"seat": self.seat + 1, "hand": self.hand + 1, "worlds": self.worlds,
                "seed": self.seed, "lost": round(sum(d.loss for d in self.decisions), 2),
                "costliest": [d.index for d in self.costliest()],
                "decisions": [d.to_json() for d in self.decisions]}


class SeatReviewer:
    """Judges one seat's decisions of one hand, to be shown them in the order they were made:
    what the hard level knows at a decision includes the clues of the seat's earlier views and
    its own discards (``Evidence``), rebuilt here from those views and the seat's actual
    actions."""

    def __init__(self, seat: int, worlds: int = WORLDS, seed: int = SEED):
        if worlds < 2:
            raise ValueError(f"a review needs at least 2 worlds, not {worlds}")
        from ..ai.inference import Evidence  # the search loads with the first review

        self.seat, self.worlds, self.seed = seat, worlds, seed
        self.evidence = Evidence()

    def hard_choice(self, view: View, legal: list[Action], index: int) -> Action:
        """What the hard level plays at the decision at ``index`` (seeded by the review's seed
        and the index, as the table's hint is by the count of actions before it). Call
        ``played`` with what the seat did before the seat's next decision."""
        from ..ai.hard import HardAgent

        if view.seat != self.seat:
            raise ValueError(f"this reviewer judges seat {self.seat + 1}, not {view.seat + 1}")
        agent = HardAgent(self.seed + index, budget_seconds=None, iterations=self.worlds,
                          evidence=self.evidence)
        agent.start(view, legal)
        while not agent.think(1.0):  # counted in worlds: the slicing changes nothing
            pass
        return agent.answer()

    def played(self, view: View, action: Action) -> None:
        """The seat played ``action`` from ``view``: its discard is what the next view's clues
        are read against. (A discard hard proposed instead is forgotten at that next view,
        where the pile is not what it would have left.)"""
        if action.kind is Act.DISCARD:
            self.evidence.discarded(view, action.cards[0])

    def loss(self, view: View, hard: Action, chosen: Action, index: int) -> tuple[float, float]:
        """Expected points ``chosen`` loses against ``hard`` and its standard error, both
        played in the same ``worlds`` sampled worlds."""
        if chosen == hard:
            return 0.0, 0.0
        from ..ai.hard import DEFAULT_HORIZON
        from ..ai.search import Comparison

        evidence = self.evidence
        rand = random.Random(f"review:{self.seed}:{index}:{view.hand_no}")
        comparison = Comparison(view, [hard, chosen], rand, worlds=self.worlds,
                                horizon=DEFAULT_HORIZON,
                                weigh=evidence.likelihood if evidence.clues else None)
        while not comparison.think(1.0):
            pass
        gain, error = comparison.gain(1)
        return -gain, error

    def judge(self, view: View, legal: list[Action], index: int, chosen: Action) -> Decision:
        """The decision at ``index``: the seat saw ``view``, could play ``legal`` and played
        ``chosen``."""
        hard = self.hard_choice(view, legal, index)
        loss, error = self.loss(view, hard, chosen, index)
        self.played(view, chosen)
        return Decision(index, view.phase, chosen, hard, loss, error)


def review(setup: Setup, actions: Sequence[Action], seat: int, hand: int | None = None, *,
           worlds: int = WORLDS, seed: int = SEED) -> Review:
    """The review of ``seat``'s decisions in ``hand`` (0-based; None: the last hand the
    record reaches) of a record whose every action is legal (a loaded save's). ValueError
    names a seat or hand the record does not have."""
    if not 0 <= seat < setup.players:
        raise ValueError(f"seat must be 1 to {setup.players}, not {seat + 1}")
    last = setup.state_after(actions).hand_no
    hand = last if hand is None else hand
    if not 0 <= hand <= last:
        raise ValueError(f"hand must be 1 to {last + 1}, not {hand + 1}")
    reviewer = SeatReviewer(seat, worlds, seed)
    state, decisions = setup.start(), []
    for index, action in enumerate(actions):
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
        if state.hand_no > hand:
            break
        if state.hand_no == hand and state.turn == seat and state.phase in DECIDING:
            view = state.view(seat)
            legal = view.legal_actions()
            decision = reviewer.judge(view, legal, index, action)
            if len(legal) > 1:
                decisions.append(decision)
        advance(state, action, trusted=True)
    return Review(seat, hand, worlds, seed, tuple(decisions))
