"""Information-set search for the hard level: determinize, play out, aggregate.

At a decision with real alternatives the searcher keeps a few candidate actions, ordered by
the medium heuristics (takes of the pile, the best discards, a held meld). Each iteration deals
the hidden cards anew from the view (``View.determinize``: every unseen card re-dealt,
consistent with what the seat knows, with a fresh seed for later shuffles), then plays every
candidate in that same world and continues with the medium policy for all seats (each seat
reading only its own ``Table``) until the hand ends or ``horizon`` turns have passed, where a
static evaluation estimates the hand's result. The value of a candidate is its mean over the
sampled worlds of (own hand score - the opponents' mean): determinized flat Monte Carlo over
the information set with common random numbers (every candidate meets the same worlds), the
root-only form of ISMCTS, which is what the budget affords in the browser.

The work is cut into units of one candidate playout, so ``think`` returns within its slice;
with an iteration budget the result does not depend on how the thinking is sliced.
"""

from __future__ import annotations

import random
import time

from ..rules.actions import Act, Action
from ..rules.cards import QUEEN_OF_SPADES, is_wild
from ..rules.scoring import IN_HAND, meld_points
from ..rules.state import Phase
from . import heuristics as H
from .table import Table


def static_score(state, seat: int) -> float:
    """Estimated final hand score of ``seat``: melded points less the likely cost of its hand
    (a card that may still be melded costs only part of its penalty)."""
    opts = state.options
    melded = 0
    for m in state.melds[seat]:
        melded += meld_points(m, opts)
    hand = state.hands[seat]
    if not hand:
        return melded + 100
    counts = [0] * 15
    suits = set()
    for c in hand:
        if not is_wild(c):
            counts[c >> 2] += 1
            suits.add(c)
    cost = 0.0
    for c in hand:
        if is_wild(c):
            cost += IN_HAND[c] * 0.35
            continue
        r = c >> 2
        f = 0.85
        if counts[r] >= 2:
            f = 0.45
        elif ((r - 1) * 4 + (c & 3)) in suits or ((r + 1) * 4 + (c & 3)) in suits:
            f = 0.6
        if c == QUEEN_OF_SPADES:
            f = max(f, 0.7)
        cost += IN_HAND[c] * f
    return melded - cost - 2.0 * len(hand)


def evaluate(state, seat: int) -> float:
    """Own score minus the opponents' mean: real hand scores if the hand is over, else the
    static estimate."""
    n = state.players
    if state.phase is Phase.HAND_OVER or state.phase is Phase.MATCH_OVER:
        scores = state.hand_scores[-1]
    else:
        scores = [static_score(state, s) for s in range(n)]
    others = sum(scores[s] for s in range(n) if s != seat) / (n - 1)
    return scores[seat] - others


def playout(state, seat: int, horizon: int) -> float:
    """Play on with the medium policy for every seat for up to ``horizon`` turns; evaluate."""
    turns = 0
    choose = H.choose
    style = H.PLAYOUT
    while True:
        phase = state.phase
        if phase is not Phase.DRAW and phase is not Phase.MELD:
            break
        if phase is Phase.DRAW:
            if turns >= horizon:
                break
            turns += 1
        s = state.turn
        state.apply(choose(Table.of_state(state, s), state.legal_actions(), style), trusted=True)
    return evaluate(state, seat)


def candidates(t: Table, legal: list[Action], width: int) -> tuple[Action, list[Action]]:
    """Medium's choice and the alternatives worth searching (medium's choice first; a single
    candidate means there is nothing to search)."""
    pick = H.choose(t, legal)
    if t.phase != 1:
        if t.phase != 0 or len(legal) == 1:
            return pick, [pick]
        ranked = sorted(legal, key=lambda a: -H.take_value(a, t))
        cands = [pick] + [a for a in ranked if a != pick]
        return pick, cands[:width]
    if pick.kind is not Act.DISCARD:
        return pick, [pick]  # going out, or a meld worth laying now: nothing to weigh
    if len(t.hand) == 1:
        return pick, [pick]
    discards = [a for _, a in H.discard_scores(t, legal)]
    cands = [pick] + [a for a in discards if a != pick][:width - 1]
    late = t.lateness()
    held = [(H.meld_value(a, t, 1.0), a) for a in legal
            if a.kind in H.MELDING and H.meld_value(a, t, late) <= 0]
    if held:
        cands.append(max(held, key=lambda x: x[0])[1])
    return pick, cands


class Search:
    """One decision's search, resumable in slices of a few playout steps."""

    def __init__(self, view, legal: list[Action], rand: random.Random, *, iterations: int | None,
                 seconds: float | None, horizon: int, width: int):
        self.view = view
        self.seat = view.seat
        self.rand = rand
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        table = Table.of_view(view)
        self.pick, self.cands = candidates(table, legal, width)
        self.totals = [0.0] * len(self.cands)
        self.done = 0
        """Completed iterations (sampled worlds, every candidate played in each)."""
        self.playouts = 0
        self.steps = 0
        self._world = None
        self._next = 0
        self._pending: list[float] = []
        self._play = None
        self._turns = 0
        self._step_cost = 0.0005
        self.spent = 0.0
        self.finished = len(self.cands) == 1

    def _advance(self, deadline: float, clock, first: bool) -> bool:
        """Play the current playout on until it ends (True) or the deadline nears (False).
        The first call of a slice always makes a step, so thinking always progresses."""
        state = self._play
        style = H.PLAYOUT
        choose = H.choose
        while True:
            phase = state.phase
            if phase is not Phase.DRAW and phase is not Phase.MELD:
                return True
            if phase is Phase.DRAW and self._turns >= self.horizon:
                return True
            t0 = clock()
            if first:
                first = False
            elif t0 + self._step_cost > deadline:
                return False
            if phase is Phase.DRAW:
                self._turns += 1
            seat = state.turn
            state.apply(choose(Table.of_state(state, seat), state.legal_actions(), style),
                        trusted=True)
            self.steps += 1
            spent = clock() - t0
            # A running estimate of one step's cost, leaning to the slow ones.
            self._step_cost = min(0.003, max(spent, 0.9 * self._step_cost + 0.1 * spent))

    def think(self, slice_seconds: float) -> bool:
        """Work for about ``slice_seconds``; True when the answer is ready."""
        if self.finished:
            return True
        clock = time.perf_counter
        start = clock()
        deadline = start + slice_seconds
        first = True
        while True:
            if self._play is None:
                if self._world is None:
                    self._world = self.view.determinize(self.rand)
                    self._next = 0
                    self._pending = []
                self._play = self._world.copy()
                self._play.apply(self.cands[self._next], trusted=True)
                self._turns = 0
            if not self._advance(deadline, clock, first):
                break
            first = False
            self._pending.append(evaluate(self._play, self.seat))
            self._play = None
            self.playouts += 1
            self._next += 1
            if self._next == len(self.cands):
                for i, v in enumerate(self._pending):  # whole worlds only: fair means
                    self.totals[i] += v
                self._world = None
                self.done += 1
                out_of_iterations = self.iterations is not None and self.done >= self.iterations
                out_of_time = (self.seconds is not None
                               and self.spent + clock() - start >= self.seconds)
                if out_of_iterations or out_of_time:
                    self.finished = True
                if self.finished:
                    break
            if clock() >= deadline:
                break
        self.spent += clock() - start
        return self.finished

    def best(self) -> Action:
        """The candidate with the best mean (medium's choice wins ties)."""
        if self.done == 0:
            return self.pick
        best_i = max(range(len(self.cands)), key=lambda i: (self.totals[i], -i))
        return self.cands[best_i]
