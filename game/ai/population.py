"""A population of sparring styles, written from the rules and apart from the medium
heuristics, so every level is measured against players it was never tuned on.

Each style is one set of ``Habits`` for a single small player (``habit_choice``): when it lays
a meld, whether it spends its 2s, which piles it takes, and what it weighs in a discard. The
pieces it is built from (what a meld gains, what a pile take is worth, a search for a way out)
are the sparring partners' (``sparring.py``), never ``heuristics.py``.

- ``meldnow`` lays every meld that gains anything, at once, 2s and all, and takes any pile
  whose take pays at all;
- ``pilehungry`` takes every pile of two cards or more it legally can, keeps its 2s and its
  pairs for the next take;
- ``careful`` melds like a sound greedy player but discards what the next player is least
  likely to take the pile with (dead ranks, no card they are known to collect, never a 2);
- ``sprinter`` plays for the going-out bonus: melds everything at once, dumps its costliest
  cards first and refuses piles that would lengthen its hand by more than two cards;
- ``patient`` keeps its melds in hand until an opponent is down to ten cards (or it can go
  out), values each card by its outs (the unseen cards that would complete a meld it is part
  of), discards what the next seat is least likely to take the pile with, and takes a pile only
  when it brings at most one other card and pays well: the league's screen against medium
  found it (``tools/league.py --screen``), and it beats medium as a strong human player does;
- ``family`` is a randomised-parameter heuristic: its seed draws every habit at random (the
  same seed, the same player), so one run meets a spread of players;
- the hoarder (``sparring.Hoarder``) and the greedy partner complete the population.

``TUNING`` and ``HELD_OUT`` say which styles the levels may be tuned on and which stay unseen
(docs/ai.md); the exploiters the league finds (``habits.py``, ``tools/league.py``) are tuning
styles, and the league never starts its search from a held-out one.

The styles read a search ``SeatKnowledge`` (an agent makes one from its ``View``), so the hard level
can use them as opponent models inside its sampled worlds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..rules.actions import PILE_TAKES, Act, Action
from ..rules.cards import QUEEN_OF_SPADES, is_wild
from ..rules.phase import Phase
from ..rules.scoring import values
from . import sparring as S
from .agent import BaseAgent
from .knowledge import SeatKnowledge
from .outs import outs

# The enum members read in the playouts' loops, bound once: read through its class an enum
# member costs some ten times a global (docs/engine.md, "What the interpreter charges").
_DISCARD = Act.DISCARD
_DISCARD_OFFER_PHASE = Phase.DISCARD_OFFER
_DRAW = Act.DRAW
_DRAW_PHASE = Phase.DRAW
_OFFER_PHASE = Phase.OFFER
_SWAP = Act.SWAP

TUNING = ("greedy", "hoarder", "pilehungry", "family", "patient")
"""Styles the levels' judgement may be tuned on (with the league's exploiters)."""
HELD_OUT = ("meldnow", "careful", "sprinter")
"""Styles no change is made for: the numbers against them are the unseen-opponent numbers."""
SPEND = 99
"""A hand length no hand reaches: ``spare_wilds=SPEND`` spends 2s in melds at once."""


@dataclass(frozen=True)
class Habits:
    """What one style of player does; every field is read from the rules' point of view."""

    meld_least: float = 4.0
    """A meld or lay-off gaining more points than this is laid at once."""
    hold: bool = False
    """Hold every meld back until the hand can go out or waiting gets dangerous."""
    hold_until: int = 0
    """With ``hold``: melds wait only while the hand holds more cards than this (0: until the
    hand can go out)."""
    nerve: int = 4
    """With ``hold``: waiting gets dangerous once an opponent holds this many cards or fewer."""
    spare_wilds: int = 6
    """2s stay in hand (out of new melds) while the hand holds more cards than this."""
    take_margin: float = 10.0
    """A pile take must beat a stock draw by this much."""
    wild_cost: float = 12.0
    """What a 2 from the hand spent on a pile take costs."""
    hungry_pile: int = 0
    """Take any legal pile of at least this many cards (0: no such habit)."""
    pile_cap: int = 0
    """Never take a pile that would bring more than this many extra cards (0: no cap)."""
    penalty_weight: float = 1.0
    """How much a card's penalty in hand counts toward discarding it."""
    promise_weight: float = 1.0
    """How much a card's promise (pairs, run neighbours, 2s) counts toward keeping it."""
    danger_weight: float = 0.0
    """How much what the discard could hand the next player (a pile take) counts."""
    out_nodes: int = 30
    """Positions searched for a way to go out this turn."""
    outs_weight: float = 0.0
    """How much a card's outs (the unseen cards that would complete a meld it is part of)
    count toward keeping it."""


MELD_NOW = Habits(meld_least=0.0, spare_wilds=SPEND, take_margin=0.0, wild_cost=0.0)
PILE_HUNGRY = Habits(meld_least=4.0, spare_wilds=9, hungry_pile=2, wild_cost=0.0,
                     take_margin=0.0, promise_weight=1.5)
CAREFUL = Habits(meld_least=4.0, spare_wilds=6, take_margin=8.0, danger_weight=1.0)
SPRINTER = Habits(meld_least=0.0, spare_wilds=SPEND, take_margin=0.0, wild_cost=0.0, pile_cap=2,
                  penalty_weight=1.6, promise_weight=0.6, out_nodes=60)

PATIENT = Habits(hold=True, nerve=10, meld_least=15.0, take_margin=26.5, pile_cap=1,
                 wild_cost=29.0, spare_wilds=1, penalty_weight=1.65, danger_weight=2.0,
                 outs_weight=3.0, out_nodes=35)


def random_habits(rand: random.Random) -> Habits:
    """One member of the randomised family: every habit drawn from its own range, a fixed
    number of draws, so a seed names one player."""
    return Habits(meld_least=rand.uniform(0.0, 25.0), hold=rand.random() < 0.2,
                  spare_wilds=rand.choice((0, 4, 6, 8, 10, SPEND)),
                  take_margin=rand.uniform(-5.0, 25.0), wild_cost=rand.uniform(0.0, 25.0),
                  hungry_pile=rand.choice((0, 0, 0, 3, 5)),
                  pile_cap=rand.choice((0, 0, 0, 2, 4)),
                  penalty_weight=rand.uniform(0.5, 1.8), promise_weight=rand.uniform(0.2, 1.8),
                  danger_weight=rand.uniform(0.0, 1.2), out_nodes=rand.choice((10, 30, 60)))


def takes_pile(k, top: int, seat: int) -> float:
    """How likely ``seat`` can take the pile with ``top`` on it (a new set of ``top`` and two
    cards from that hand, the take every preset allows): certain with two cards of the rank
    (or 2s) known in that hand, otherwise from how many such cards are still unseen."""
    if top < 12 and (top > 7 or top == 0):  # is_wild, inline (a discard asks it of every card)
        return 1.0  # almost any pair, or a natural and a 2, will do
    rank = top >> 2
    known = 0
    for c in k.known[seat]:
        if c >> 2 == rank or c < 12 and (c > 7 or c == 0):
            known += 1
    if known >= 2:
        return 1.0
    unseen = k.unseen()
    r4 = rank * 4
    live = unseen[0] + unseen[r4] + unseen[r4 + 1] + unseen[r4 + 2] + unseen[r4 + 3] \
        + unseen[8] + unseen[9] + unseen[10] + unseen[11]
    pool = max(1, k.pool())
    hidden = max(0, k.hand_counts[seat] - len(k.known[seat]))
    each = min(1.0, live * hidden / pool)  # about how many helpers that hand holds
    return min(1.0, each if known else each * each / 2)


def discard_choice(k, legal: list[Action], habits: Habits) -> Action:
    """The discard the habits like best: costly in hand, promising little, and (for a careful
    player) unlikely to hand the next player the pile."""
    counts = S._counts(k.hand)
    held = set(k.hand)  # (membership is all ``_promise`` and ``outs`` ask of the hand)
    nxt = (k.seat + 1) % k.players
    melded, in_hand = values(k.options)
    pile_value = 10.0 + sum(melded[c] for c in k.pile)
    danger = habits.danger_weight if nxt != k.seat else 0.0
    unseen = k.unseen() if habits.outs_weight else None
    best, best_v = None, -1e18
    for a in legal:
        if a.kind is not _DISCARD:
            continue
        c = a.cards[0]
        v = habits.penalty_weight * in_hand[c] - habits.promise_weight * S._promise(c, held,
                                                                                   counts)
        if danger:
            v -= danger * takes_pile(k, c, nxt) * (pile_value + melded[c])
        if unseen is not None:
            v -= habits.outs_weight * outs(c, held, counts.get(c >> 2, 0) >= 2, unseen)
        if v > best_v:
            best, best_v = a, v
    return best if best is not None else legal[0]


def draw_choice(k, legal: list[Action], habits: Habits) -> Action:
    """Stock or pile, by the habits' appetite for piles."""
    takes = [a for a in legal if a.kind in PILE_TAKES]
    rest = len(k.pile) - 1
    if takes and not (habits.pile_cap and rest > habits.pile_cap):
        worth = {a: S.take_worth(a, k, habits.wild_cost) for a in takes}
        best = max(takes, key=worth.__getitem__)
        if habits.hungry_pile and len(k.pile) >= habits.hungry_pile or \
                worth[best] > habits.take_margin:
            return best
    return next((a for a in legal if a.kind is _DRAW), legal[0])


def meld_choice(k, legal: list[Action], habits: Habits) -> Action:
    """After drawing: go out if the hand can be emptied, else meld by the habits, else
    discard."""
    hand = list(k.hand)
    path = S.out_path(hand, list(k.melds[k.seat]), k.options, habits.out_nodes, legal)
    if path:
        return path[0]
    if path is not None or habits.hold and len(hand) > habits.hold_until \
            and not S.dangerous(k, habits.nerve):
        return discard_choice(k, legal, habits)
    spare = len(hand) > habits.spare_wilds
    best, best_v = None, habits.meld_least
    for a in legal:
        if a.kind is _SWAP:
            v = 30.0  # the joker comes back to hand
        elif a.kind in S.MELDS:
            queen = k.options.queen_of_spades_rules and (QUEEN_OF_SPADES in a.cards
                                                         or a.stands == QUEEN_OF_SPADES)
            if spare and not queen and any(is_wild(c) for c in a.cards):
                continue
            v = S.gain(a, k) + (100.0 if queen else 0.0)
        else:
            continue
        if v > best_v:
            best, best_v = a, v
    return best if best is not None else discard_choice(k, legal, habits)


def habit_choice(k, legal: list[Action], habits: Habits) -> Action:
    """The action of a player with ``habits`` for the seat of the ``SeatKnowledge`` ``k``."""
    if len(legal) == 1:
        return legal[0]
    phase = k.phase
    if phase is _OFFER_PHASE or phase is _DISCARD_OFFER_PHASE:
        return S._offer(k, legal)
    if phase is _DRAW_PHASE:
        return draw_choice(k, legal, habits)
    return meld_choice(k, legal, habits)


class Styled(BaseAgent):
    """A population player: a name and its habits."""

    name = "styled"
    habits = Habits()

    def decide(self, view, legal: list[Action]) -> Action:
        return habit_choice(SeatKnowledge.of_view(view), legal, self.habits)


class MeldNow(Styled):
    """Lays every meld that gains anything, at once; takes any pile that pays."""

    name = "meldnow"
    habits = MELD_NOW


class PileHungry(Styled):
    """Takes every pile it can; keeps 2s and pairs for the next take."""

    name = "pilehungry"
    habits = PILE_HUNGRY


class Careful(Styled):
    """Melds soundly and discards what the next player can least use."""

    name = "careful"
    habits = CAREFUL


class Sprinter(Styled):
    """Races for the going-out bonus: melds at once, dumps high cards, shuns big piles."""

    name = "sprinter"
    habits = SPRINTER


class Patient(Styled):
    """Conceals its melds, values cards by their outs, discards defensively, shuns piles."""

    name = "patient"
    habits = PATIENT


class Family(Styled):
    """A randomised-parameter heuristic: the seed draws the habits (same seed, same player)."""

    name = "family"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.habits = random_habits(random.Random(f"family:{seed}"))
