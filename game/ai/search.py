"""Information-set search for the hard level: determinize, play out, compare, decide on evidence.

At a decision with real alternatives the searcher keeps a few candidates: the choice of the
hard level's own judgement (``heuristics.hard_style``, medium's sharpened; the *prior*, always
first), the other pile takes or the draw, laying the best meld now or holding it, the greedy
partner's choice and the best discards. Each sampled world deals the hidden cards
anew from the view (``View.determinize``: consistent with what the seat knows, with a fresh seed
for later shuffles; kept in proportion to how well it explains the opponents' play, ``weigh``;
with ``beliefs``, the melds an opponent's quiet play says it hides are dealt to it,
``modelling.deal``) and draws a style for every opponent (medium, greedy, hoarder or patient:
nobody at the table is assumed to think like us; with ``beliefs``, in the mix its play so far
supports), then plays every live candidate in that same world and continues with those policies
(each seat reading only its own ``SeatKnowledge``) until the hand ends or ``horizon`` turns have
passed, where ``evaluate`` weighs points safe on the table against the cards each seat risks
being caught with.

Deciding: candidates are compared with the prior world by world (common random numbers), so
each alternative has a mean difference and its standard error. An alternative overrides the
prior only when its mean difference exceeds its standard error (and is the best such). The
search spends worlds where the choice is close: after ``MIN_WORLDS`` it drops alternatives that
are clearly worse (more than ``DROP_SE`` standard errors below the prior or the leader) and
stops once the outcome is settled, the world cap (``iterations``) or the time (``seconds``) is
reached.

The work is cut into units of one playout step, so ``think`` returns within its slice; without
a time budget the result does not depend on how the thinking is sliced.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_left
from collections.abc import Callable

from ..rules.actions import Action
from ..rules.cards import QUEEN_OF_SPADES
from ..rules.scoring import meld_points, values
from ..rules.state import Phase, State
from . import heuristics as H
from . import population, sparring
from .knowledge import SeatKnowledge
from .modelling import PRIOR, Beliefs, deal

# The enum members read in the playouts' loops, bound once: read through its class an enum
# member costs some ten times a global (docs/engine.md, "What the interpreter charges").
_DISCARD_OFFER_PHASE = Phase.DISCARD_OFFER
_DRAW_PHASE = Phase.DRAW
_HAND_OVER_PHASE = Phase.HAND_OVER
_MATCH_OVER_PHASE = Phase.MATCH_OVER
_MELD_PHASE = Phase.MELD

MIN_WORLDS = 12
"""Worlds every live candidate meets before any is dropped or the search stops early."""
OVERRIDE_SE = 1.0
"""An alternative replaces the prior only if its mean gain exceeds this many standard errors,
over at least ``OVERRIDE_WORLDS`` worlds (fewer give no trustworthy error)."""
OVERRIDE_WORLDS = 8
DROP_SE = 2.0
"""An alternative this many standard errors below the prior or the leader is dropped."""
WORLD_TRIES = 6
"""Re-deals a sampled world may take to be accepted by its likelihood (``weigh``); past that
the likeliest of the tries is played."""
SETTLED_SE = 2.5
"""The search stops early once one alternative is this many standard errors above the prior
and every other alternative has been dropped, or when every alternative is dropped."""


Policy = Callable[[SeatKnowledge, list[Action]], Action]
"""A playout policy: one seat's action from what it knows."""


def _judging(style: H.Style) -> Policy:
    """The playout policy that plays ``style``'s judgement."""
    def policy(t: SeatKnowledge, legal: list[Action]) -> Action:
        return H.choose(t, legal, style)
    return policy


_medium = _judging(H.PLAYOUT)
_OWN = {style: _judging(style) for style in (H.HARD_PLAYOUT, H.HARD_SHORT_PLAYOUT)}
"""The deciding seat's own play in the playouts, by its rules' hard judgement
(``heuristics.hard_style``: a search picks it once, not at every playout step)."""


def _patient(t: SeatKnowledge, legal: list[Action]) -> Action:
    return population.habit_choice(t, legal, population.PATIENT)


STYLES = tuple(zip((_medium, sparring.greedy_choice, sparring.hoarder_choice, _patient), PRIOR))
"""Opponent models and how often a sampled world gives each opponent that style, unless the
opponent's play so far says otherwise (``modelling.Beliefs.weights``)."""


def _style(x: float, weights=PRIOR) -> Policy:
    """The opponent model a uniform draw ``x`` in [0, 1) picks from the styles of ``STYLES``
    weighted by ``weights``."""
    for (policy, _), weight in zip(STYLES, weights):
        x -= weight
        if x < 0:
            return policy
    return STYLES[-1][0]


def _hand_cost(hand, end_risk: float, in_hand: list[int]) -> float:
    """What the cards in a hand are likely to cost: the full penalty if the hand ends first
    (``end_risk``), else the part a card keeps after the chances of melding it."""
    counts = [0] * 15
    places = set()
    for c in hand:
        if not (c < 12 and (c > 7 or c == 0)):  # not is_wild, inline
            counts[c >> 2] += 1
            places.add(c)
    cost = 0.0
    for c in hand:
        if c < 12 and (c > 7 or c == 0):
            f = 0.3
        else:
            r, s = c >> 2, c & 3
            f = 0.85
            if counts[r] >= 2:
                f = 0.45
            elif ((r - 1) * 4 + s) in places or ((r + 1) * 4 + s) in places:
                f = 0.6
            if c == QUEEN_OF_SPADES:
                f = max(f, 0.75)
        cost += in_hand[c] * (end_risk + (1.0 - end_risk) * f)
    return cost


def static_scores(state) -> list[float]:
    """Estimated final hand score of every seat: points safe on the table, less what its hand
    risks, plus this hand's going-out bonus shared by how close each seat is to going out."""
    opts = state.options
    in_hand = values(opts)[1]
    bonus = opts.bonus(state.hand_no)
    n = state.players
    sizes = [len(h) for h in state.hands]
    least = min(sizes)
    end_risk = 0.8 if least <= 2 else 0.55 if least <= 4 else 0.3 if least <= 7 else 0.15
    closeness = [1.0 / (1 + s) ** 2 for s in sizes]
    total_close = sum(closeness)
    out = []
    for s in range(n):
        melded = sum(meld_points(m, opts) for m in state.melds[s])
        hand = state.hands[s]
        share = closeness[s] / total_close
        out.append(melded - _hand_cost(hand, end_risk, in_hand) - 1.5 * len(hand)
                   + bonus * end_risk * share)
    return out


def evaluate(state, seat: int) -> float:
    """Own score minus the opponents' mean (with partnerships: the team's score minus the
    other team's): real hand scores if the hand is over, else the static estimate."""
    n = state.players
    if state.phase is _HAND_OVER_PHASE or state.phase is _MATCH_OVER_PHASE:
        scores = state.hand_scores[-1]
    else:
        scores = static_scores(state)
    if state.options.partnerships:
        ours = sum(scores[s] for s in range(n) if s % 2 == seat % 2)
        return ours - (sum(scores) - ours)
    others = sum(scores[s] for s in range(n) if s != seat) / (n - 1)
    return scores[seat] - others


def candidates(t: SeatKnowledge, legal: list[Action], width: int) -> tuple[Action, list[Action]]:
    """The hard judgement's choice and the alternatives worth searching (that choice first; a
    single candidate means there is nothing to search)."""
    style = H.hard_style(t.options)
    if t.phase is _MELD_PHASE:
        path = H.go_out_path(t.hand, list(t.melds[t.seat]), t.options, legal, style.go_out_nodes)
        pick = H.meld_phase_choice(t, legal, style, path)
    else:  # each take valued once (a take that goes out is found by a search of its own)
        worth = {a: H.take_value(a, t, style) for a in legal}
        pick = H.choose_draw_phase(t, legal, style, worth)
    if len(legal) == 1:
        return pick, [pick]
    cands = [pick]

    def add(a):
        if a is not None and a not in cands and len(cands) < width:
            cands.append(a)

    if t.phase is not _MELD_PHASE:  # drawing or an offer: every way of taking, the draw or pass
        if worth[pick] >= H.TAKE_OUT:
            return pick, [pick]  # a take that goes out, like going out: nothing to weigh
        for a in sorted(legal, key=lambda a: -worth[a]):
            add(a)
        return pick, cands
    if path is not None or len(t.hand) == 1 or QUEEN_OF_SPADES in pick.cards \
            or pick.stands == QUEEN_OF_SPADES:
        return pick, [pick]  # going out, or the Q♠ safe on the table: nothing to weigh
    discards = [a for _, a in H.discard_scores(t, legal, style)]
    melds = [(H.meld_value(a, t, 1.0, H.MELD_NOW), a) for a in legal if a.kind in H.MELDING]
    best_now = max(melds, key=lambda x: x[0])[1] if melds else None
    add(best_now)  # lay the best meld now ...
    add(discards[0] if discards else None)  # ... or hold everything and discard
    add(sparring.greedy_choice(t, legal))
    for a in discards[1:]:
        add(a)
    return pick, cands


class StepCosts:
    """What one playout step has cost, by kind of step, so a think slice ends before a step
    that would overrun it rather than after.

    Nearly every step costs a fraction of a millisecond, but a meld-phase step for a long hand
    holding wilds lists hundreds of actions (``classic``: up to about two thousand) and runs a
    policy over them: a few milliseconds, which on top of a nearly spent slice would be a
    stutter. A kind is the phase, the hand's length (in bands of three) and its wilds; its
    estimate is the slowest step seen, decaying slowly so one outlier does not stay forever.
    An estimate longer than a slice only means such a step opens a slice. Kept by the agent
    across decisions (the costs are the machine's, not the position's)."""

    DEFAULT = 0.0005
    """Estimate of a kind not seen yet (seconds)."""
    DECAY = 0.95

    __slots__ = ("_seen",)

    def __init__(self):
        self._seen: dict[int, float] = {}

    @staticmethod
    def kind(hand, melding: bool) -> int:
        # A hand is kept sorted: its wilds are a joker (0) first and the 2s (8..11), found by
        # bisection rather than a test of every card (this runs before every playout step).
        # The kind is one int, the cheapest key to hash (it is looked up twice a step).
        wilds = bisect_left(hand, 12) - bisect_left(hand, 8) + (1 if hand and hand[0] == 0
                                                                   else 0)
        return (len(hand) // 3) * 10 + (wilds if wilds < 4 else 4) * 2 + melding

    def estimate(self, kind) -> float:
        return self._seen.get(kind, self.DEFAULT)

    def record(self, kind, seconds: float) -> None:
        old = self._seen.get(kind, seconds)
        self._seen[kind] = max(seconds, self.DECAY * old + (1 - self.DECAY) * seconds)


class Search:
    """One decision's search, resumable in slices of a few playout steps."""

    def __init__(self, view, legal: list[Action], rand: random.Random, *, iterations: int | None,
                 seconds: float | None, horizon: int, width: int, clock=time.perf_counter,
                 step_costs: StepCosts | None = None, weigh=None,
                 beliefs: Beliefs | None = None):
        self.view = view
        self.weigh = weigh
        """How well a sampled world explains what the opponents did (``inference.Evidence
        .likelihood``), or None: worlds are then accepted in proportion to it."""
        self.beliefs = beliefs
        """What the opponents' play this match says about their styles, the melds they hide
        and the chance one goes out next turn (``modelling``), or None: the prior mix, the
        plain re-deal, no such threat."""
        self.seat = view.seat
        self._own = _OWN[H.hard_style(view.options, playout=True)]
        self.rand = rand
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.clock = clock
        self.step_costs = step_costs if step_costs is not None else StepCosts()
        self._legal, self._width = legal, width
        self._cands: list[Action] | None = None
        self.playouts = 0
        self.steps = 0
        self.done = 0
        """Completed worlds (every live candidate played in each)."""
        self._world: State | None = None
        self._styles: list[Policy] = []
        self._next = 0
        self._pending: list[float] = []
        self._play: State | None = None
        self._turns = 0
        self.spent = 0.0
        self.finished = False

    @property
    def cands(self) -> list[Action]:
        """The candidates, the prior first (worked out in the first think slice: listing them
        runs the hard judgement's policy, a step like any other)."""
        if self._cands is None:
            self._cands = self._prepare()
        return self._cands

    @property
    def pick(self) -> Action:
        """The prior: the hard judgement's choice (``heuristics.hard_style``)."""
        return self.cands[0]

    def _listing(self) -> list[Action]:
        """The candidates to search, the prior first."""
        t = SeatKnowledge.of_view(self.view)
        if self.beliefs is not None:
            t.threat = self.beliefs.threat
        return candidates(t, self._legal, self._width)[1]

    def _prepare(self) -> list[Action]:
        cands = self._cands = self._listing()
        n = len(cands)
        self.totals = [0.0] * n
        """Sum over worlds of each candidate's value (while it was live)."""
        self.worlds = [0] * n
        self._diff = [0.0] * n
        self._diff_sq = [0.0] * n
        self.live = list(range(n))
        """Candidates still played: the prior (0) always, alternatives until dropped."""
        self.finished = n == 1
        return cands

    # ------------------------------------------------------------------ statistics

    def gain(self, i: int) -> tuple[float, float]:
        """Mean of (candidate ``i`` - prior) over the worlds both met, and its standard
        error (0, inf before two worlds)."""
        w = self.worlds[i]
        if i == 0 or w < 2:
            return 0.0, math.inf if i else 0.0
        mean = self._diff[i] / w
        var = max(0.0, (self._diff_sq[i] - w * mean * mean) / (w - 1))
        return mean, math.sqrt(var / w)

    def _record(self) -> None:
        """Fold one finished world into the statistics, then prune."""
        base = self._pending[0]
        for i, v in zip(self.live, self._pending):
            self.totals[i] += v
            self.worlds[i] += 1
            d = v - base
            self._diff[i] += d
            self._diff_sq[i] += d * d
        self.done += 1
        self._prune()

    def _prune(self) -> None:
        """Drop the clearly worse alternatives; stop once the choice is settled."""
        if self.done < MIN_WORLDS:
            return
        stats = {i: self.gain(i) for i in self.live if i}
        lead = max((m - DROP_SE * se for m, se in stats.values()), default=0.0)
        floor = max(0.0, lead)
        # (an alternative no better than the prior in every world so far is dropped too)
        self.live = [0] + [i for i in self.live if i and
                           stats[i][0] + DROP_SE * stats[i][1] > floor]
        alive = self.live[1:]
        if not alive:
            self.finished = True
        elif len(alive) == 1:
            m, se = stats[alive[0]]
            if m > SETTLED_SE * se:
                self.finished = True

    # ------------------------------------------------------------------ thinking

    def sample_world(self) -> State:
        """A sampled world: dealt from the view (with the melds the beliefs say an opponent
        hides, ``modelling.deal``), then accepted with probability ``weigh`` (rejection
        sampling), so worlds come as often as they explain the opponents' play."""
        rand = self.rand
        view, beliefs = self.view, self.beliefs
        world = deal(view, rand, beliefs)
        if self.weigh is None:
            return world
        best, best_w = world, -1.0
        for _ in range(WORLD_TRIES):
            w = self.weigh(world)
            if w >= 1.0 or rand.random() < w:
                return world
            if w > best_w:
                best, best_w = world, w
            world = deal(view, rand, beliefs)
        return best

    def _start_world(self) -> State:
        world = self._world = self.sample_world()
        weights = self.beliefs.weights if self.beliefs is not None \
            else (PRIOR,) * self.view.players
        self._styles = [self._own if s == self.seat else _style(self.rand.random(), weights[s])
                        for s in range(self.view.players)]
        self._next = 0
        self._pending = []
        return world

    def _advance(self, deadline: float, clock, first: bool) -> bool:
        """Play the current playout on until it ends (True) or the deadline nears (False).
        The first call of a slice always makes a step, so thinking always progresses; any
        other step is made only if what such a step has cost (``StepCosts``) still fits."""
        state = self._play
        assert state is not None, "a playout is under way"
        styles = self._styles
        costs = self.step_costs
        kind_of, estimate, record = costs.kind, costs.estimate, costs.record
        of_state, apply, listing = SeatKnowledge.of_state, state.apply, state.legal_actions
        draw, meld, offer = _DRAW_PHASE, _MELD_PHASE, _DISCARD_OFFER_PHASE
        while True:
            phase = state.phase
            if phase is not draw and phase is not meld and phase is not offer:
                return True
            if phase is draw and self._turns >= self.horizon:
                return True
            seat = state.turn
            kind = kind_of(state.hands[seat], phase is meld)
            t0 = clock()
            if first:
                first = False
            elif t0 + estimate(kind) > deadline:
                return False
            if phase is draw:
                self._turns += 1
            legal = listing()
            # Every policy picks one of the legal actions: with one (most draws facing a
            # pile nobody can take) there is nothing to ask it.
            apply(legal[0] if len(legal) == 1 else styles[seat](of_state(state, seat), legal),
                  trusted=True)
            self.steps += 1
            record(kind, clock() - t0)

    def _out_of_time(self, now: float, start: float) -> bool:
        return self.seconds is not None and self.spent + now - start >= self.seconds

    def think(self, slice_seconds: float) -> bool:
        """Work for about ``slice_seconds``; True when the answer is ready."""
        clock = self.clock
        start = clock()
        first = True  # the first step of a slice is always made: thinking always progresses
        if self._cands is None:
            self._prepare()
            first = False  # listing the candidates was this slice's first step
        if self.finished:
            self.spent += clock() - start
            return True
        deadline = start + slice_seconds
        while True:
            if self._play is None:
                world = self._world if self._world is not None else self._start_world()
                self._play = world.copy()
                self._play.apply(self.cands[self.live[self._next]], trusted=True)
                self._turns = 0
            if not self._advance(deadline, clock, first):
                break
            first = False
            self._pending.append(evaluate(self._play, self.seat))
            self._play = None
            self.playouts += 1
            self._next += 1
            if self._next == len(self.live):
                self._record()  # whole worlds only: fair comparisons
                self._world = None
                if self.iterations is not None and self.done >= self.iterations:
                    self.finished = True
            if not self.finished and self._world is None and self._out_of_time(clock(), start):
                self.finished = True
            if self.finished or clock() >= deadline:
                break
        self.spent += clock() - start
        return self.finished

    def best(self) -> Action:
        """The alternative with the best mean gain over the prior if that gain exceeds its
        standard error, else the prior."""
        best_i, best_m = 0, 0.0
        for i in range(1, len(self.cands)):
            m, se = self.gain(i)
            if self.worlds[i] >= OVERRIDE_WORLDS and m > OVERRIDE_SE * se and m > best_m:
                best_i, best_m = i, m
        return self.cands[best_i]


class Comparison(Search):
    """Given actions played in every one of exactly ``worlds`` sampled worlds, each world
    shared by all of them (common random numbers), nothing dropped and no early stop: how a
    review weighs a player's action against the search's choice (``gain(1)`` is the mean of
    the second action's value less the first's, world by world, with its standard error).
    The same action twice gains exactly zero: its playouts in one world are the same game."""

    def __init__(self, view, actions: list[Action], rand: random.Random, *, worlds: int,
                 horizon: int, weigh=None):
        super().__init__(view, list(actions), rand, iterations=worlds, seconds=None,
                         horizon=horizon, width=len(actions), weigh=weigh)

    def _listing(self) -> list[Action]:
        return list(self._legal)

    def _prune(self) -> None:
        return
