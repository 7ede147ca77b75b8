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
from typing import TYPE_CHECKING

from ..rules.actions import Act, Action
from ..rules.phase import ACTING, Phase
from ..rules.save import Setup, advance
from ..rules.view import View

if TYPE_CHECKING:  # the search loads with the first review, not with the game
    from ..ai.search import Comparison

WORLDS = 100
"""Sampled worlds per search by default: the hints' count."""
SEED = 0
"""The review's seed by default (reported with every review)."""
COSTLIEST = 3
"""How many of the dearest decisions a review puts first."""


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

    def judging(self, view: View, legal: list[Action], index: int,
                chosen: Action | None) -> Judging:
        """The decision at ``index``, to be judged in slices (``Judging.think``): the seat saw
        ``view``, could play ``legal`` and played ``chosen`` (None: hard's choice, as in a
        hand replayed with hard's choices substituted). Judge a seat's decisions one after
        another, in order."""
        if view.seat != self.seat:
            raise ValueError(f"this reviewer judges seat {self.seat + 1}, not {view.seat + 1}")
        return Judging(self, view, legal, index, chosen)

    def judge(self, view: View, legal: list[Action], index: int,
              chosen: Action | None) -> Decision:
        """``judging`` thought through at once."""
        judging = self.judging(view, legal, index, chosen)
        while not judging.think(1.0):  # counted in worlds: the slicing changes nothing
            pass
        return judging.result()


class Judging:
    """One decision being judged, a slice at a time: the hard level's search (seeded by the
    review's seed plus the decision's index, as the table's hint is by the count of actions
    before it), then, if the seat chose otherwise, both actions compared in the same worlds."""

    def __init__(self, reviewer: SeatReviewer, view: View, legal: list[Action], index: int,
                 chosen: Action | None):
        from ..ai.hard import HardAgent

        self._reviewer, self.view, self.index, self.chosen = reviewer, view, index, chosen
        self._agent = HardAgent(reviewer.seed + index, budget_seconds=None,
                                iterations=reviewer.worlds, evidence=reviewer.evidence)
        self._agent.start(view, legal)
        self._comparison: Comparison | None = None
        self._decision: Decision | None = None

    def think(self, slice_seconds: float) -> bool:
        """Think for about ``slice_seconds``; True once ``result`` is ready."""
        if self._decision is not None:
            return True
        comparison = self._comparison
        if comparison is None:
            if not self._agent.think(slice_seconds):
                return False
            hard, chosen = self._agent.answer(), self.chosen
            if chosen is None or chosen == hard:
                return self._done(hard, hard, 0.0, 0.0)
            self._comparison = self._compare(hard, chosen)
            return False
        if not comparison.think(slice_seconds):
            return False
        gain, error = comparison.gain(1)
        hard, chosen = comparison.cands
        return self._done(chosen, hard, -gain, error)

    def result(self) -> Decision:
        """The judged decision (only after ``think`` returned True)."""
        if self._decision is None:
            raise RuntimeError("result() before think() returned True")
        return self._decision

    def _compare(self, hard: Action, chosen: Action) -> Comparison:
        from ..ai.hard import DEFAULT_HORIZON
        from ..ai.search import Comparison

        reviewer, view = self._reviewer, self.view
        evidence = reviewer.evidence
        rand = random.Random(f"review:{reviewer.seed}:{self.index}:{view.hand_no}")
        return Comparison(view, [hard, chosen], rand, worlds=reviewer.worlds,
                          horizon=DEFAULT_HORIZON,
                          weigh=evidence.likelihood if evidence.clues else None)

    def _done(self, chosen: Action, hard: Action, loss: float, error: float) -> bool:
        # The seat's discard is what its next view's clues are read against. (A discard hard
        # proposed instead is forgotten at that next view, where the pile is not what it
        # would have left.)
        if chosen.kind is Act.DISCARD:
            self._reviewer.evidence.discarded(self.view, chosen.cards[0])
        self._decision = Decision(self.index, self.view.phase, chosen, hard, loss, error)
        return True


class Reviewing:
    """The review of ``seat``'s decisions in ``hand`` (0-based; None: the last hand the
    record reaches) of a record whose every action is legal (a loaded save's), worked out a
    slice at a time so a frame loop stays smooth (``think``), or at once (``review``).
    ValueError names a seat or hand the record does not have."""

    def __init__(self, setup: Setup, actions: Sequence[Action], seat: int,
                 hand: int | None = None, *, worlds: int = WORLDS, seed: int = SEED):
        if not 0 <= seat < setup.players:
            raise ValueError(f"seat must be 1 to {setup.players}, not {seat + 1}")
        last = setup.state_after(actions).hand_no
        hand = last if hand is None else hand
        if not 0 <= hand <= last:
            raise ValueError(f"hand must be 1 to {last + 1}, not {hand + 1}")
        self._reviewer = SeatReviewer(seat, worlds, seed)
        self.seat, self.hand = seat, hand
        self._points = _seat_decisions(setup, actions, seat, hand)
        self._judging: Judging | None = None
        self._decisions: list[Decision] = []

    @property
    def progress(self) -> tuple[int, int]:
        """Decisions judged so far, and how many there are (forced moves included)."""
        return len(self._decisions), len(self._points)

    def think(self, slice_seconds: float) -> bool:
        """Think for about ``slice_seconds``; True once ``result`` is ready."""
        while len(self._decisions) < len(self._points):
            if self._judging is None:
                view, legal, index, chosen = self._points[len(self._decisions)]
                self._judging = self._reviewer.judging(view, legal, index, chosen)
            if not self._judging.think(slice_seconds):
                return False
            self._decisions.append(self._judging.result())
            self._judging = None
        return True

    def result(self) -> Review:
        """The review (only after ``think`` returned True): the real decisions, those with
        more than one legal action."""
        real = tuple(d for d, point in zip(self._decisions, self._points) if len(point[1]) > 1)
        r = self._reviewer
        return Review(self.seat, self.hand, r.worlds, r.seed, real)


def _seat_decisions(setup: Setup, actions: Sequence[Action], seat: int, hand: int) -> list:
    """(view, legal actions, index, action) of every move ``seat`` made in ``hand``: the view
    read from the state at that moment, the legal actions from the view."""
    state, out = setup.start(), []
    for index, action in enumerate(actions):
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
        if state.hand_no > hand:
            break
        if state.hand_no == hand and state.turn == seat and state.phase in ACTING:
            view = state.view(seat)
            out.append((view, view.legal_actions(), index, action))
        advance(state, action, trusted=True)
    return out


def review(setup: Setup, actions: Sequence[Action], seat: int, hand: int | None = None, *,
           worlds: int = WORLDS, seed: int = SEED) -> Review:
    """``Reviewing`` thought through at once."""
    reviewing = Reviewing(setup, actions, seat, hand, worlds=worlds, seed=seed)
    while not reviewing.think(1.0):
        pass
    return reviewing.result()
