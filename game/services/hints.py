"""Hints: the hard level's choice for the player's current decision, with one line of why.

The hint sees exactly what the player's seat sees, like every computer level: its ``View`` and
legal actions, and what its earlier views of this hand said about the opponents' cards (the
clues the hard level would have gathered sitting there, ``ai.inference.Evidence``, rebuilt
from the match's record by ``seat_evidence``). It thinks in slices so the table can spread it
over frames::

    hint = for_game(game, seed)    # or Hint(view, legal, seed, evidence)
    while not hint.think(0.006):
        ...draw a frame...
    hint.suggestion()    # Suggestion(action, "Take the pile: Q♠ Q♥ 2♣ lays 70 and brings 6 cards")

The line is worked out by playing the action on a copy of the match re-dealt from the view (the
player's own cards and melds are exact there), so the points it names are the engine's own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ai.agent import SLICE_SECONDS
from ..rules.actions import PILE_TAKES, Act, Action
from ..rules.cards import card_symbol
from ..rules.phase import ACTING
from ..rules.save import Game, Setup, advance
from ..rules.scoring import meld_points, values
from ..rules.state import Phase
from ..rules.view import View

if TYPE_CHECKING:  # the search loads with the first hint, not the title
    from ..ai.inference import Evidence

WORLDS = 100
"""Sampled worlds a hint weighs: the hard level's search counted in worlds, not seconds, so a
position always gets the same hint whatever the machine's speed or how frames slice the
thinking (the hard level at the table stops at its seconds budget)."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """What to do, and one line saying why, for the player."""

    action: Action
    text: str


class Hint:
    """The hard level thinking about ``view``'s decision, one slice at a time, its worlds
    weighted by ``evidence`` (the seat's clues of this hand from before this decision; None:
    no clues, as at a hand's first decision)."""

    def __init__(self, view: View, legal: list[Action], seed: int = 0,
                 evidence: Evidence | None = None):
        if not legal:
            raise ValueError("there is no decision to hint at")
        self.view = view
        from ..ai.hard import HardAgent  # the search loads with the first hint, not the title

        self._agent = HardAgent(seed, budget_seconds=None, iterations=WORLDS, evidence=evidence)
        self._agent.start(view, legal)
        self._ready = False

    def think(self, slice_seconds: float = SLICE_SECONDS) -> bool:
        """Think for about ``slice_seconds``; True once the suggestion is ready."""
        if not self._ready:
            self._ready = self._agent.think(slice_seconds)
        return self._ready

    def suggestion(self) -> Suggestion:
        """The suggestion (only after ``think`` returned True)."""
        action = self._agent.answer()
        return Suggestion(action, explain(self.view, action))


def for_game(game: Game, seed: int = 0) -> Hint:
    """The hint for the seat to move in ``game``: its view and legal actions, with the clues
    its views gave earlier in the hand (``seat_evidence``). A position and a seed always give
    the same hint: after a reload (the same record), after an undo (the shorter record) and
    whatever the seat's own hints or moves were before."""
    state = game.state
    seat = state.turn
    return Hint(state.view(seat), state.legal_actions(), seed,
                seat_evidence(game.setup, game.actions, seat))


def seat_evidence(setup: Setup, actions: Sequence[Action], seat: int) -> Evidence:
    """The clues a hard player in ``seat`` would hold where the record ``actions`` has reached,
    just before its next decision: the record replayed from the deal, the seat's view observed
    at each of its decisions and its discards noted, as ``HardAgent`` does at the table (whose
    ``start`` then observes the decision at hand). Only the seat's views are read, never a
    hidden card; the evidence lives in the record, not in the table, so nothing needs keeping
    across a save. Replaying a whole match takes a few milliseconds, little next to the hint."""
    return seats_evidence(setup, actions, (seat,))[seat]


def seats_evidence(setup: Setup, actions: Sequence[Action], seats) -> dict[int, Evidence]:
    """``seat_evidence`` for each of ``seats``, from one replay of the record (a reloaded
    table's computer seats)."""
    from ..ai.inference import Evidence

    found = {seat: Evidence() for seat in seats}
    state = setup.start()
    for action in actions:
        if state.phase is Phase.HAND_OVER:
            state.next_hand()  # a new hand's first view forgets the last hand's clues
        evidence = found.get(state.turn)
        if evidence is not None and state.phase in ACTING:
            view = state.view(state.turn)
            evidence.observe(view)
            if action.kind is Act.DISCARD:
                evidence.discarded(view, action.cards[0])
        advance(state, action, trusted=True)
    return found


def suggest(view: View, legal: list[Action], seed: int = 0,
            evidence: Evidence | None = None) -> Suggestion:
    """A whole hint in one call (tests and tools; the table slices it)."""
    hint = Hint(view, legal, seed, evidence)
    while not hint.think():
        pass
    return hint.suggestion()


def _cards(cards) -> str:
    return " ".join(card_symbol(c) for c in cards)


def _count(n: int) -> str:
    """``1 card``, ``6 cards``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def _points(view: View, action: Action) -> tuple[int, bool]:
    """What ``action`` adds to the seat's melded points, and whether it ends the hand with the
    seat going out, played on a copy re-dealt from the view."""
    state = view.determinize(random.Random(0))
    seat = view.seat
    before = sum(meld_points(m, view.options) for m in state.melds[seat])
    state.apply(action)
    after = sum(meld_points(m, view.options) for m in state.melds[seat])
    out = state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and not state.hands[seat]
    return after - before, out


def explain(view: View, action: Action) -> str:
    """One line a player reads about why ``action`` is a good choice now."""
    kind = action.kind
    if kind is Act.DRAW:
        if not view.pile:
            return "Draw from the stock: there is no pile to take"
        top = card_symbol(view.pile[-1])
        if any(a.kind in PILE_TAKES
               for a in view.legal_actions()):
            return (f"Draw from the stock: taking the pile ({_count(len(view.pile))}) for the "
                    f"{top} is not worth it now")
        return f"Draw from the stock: the {top} on the pile makes no meld for you"
    if kind is Act.PASS:
        offered = "the upcard" if view.phase == Phase.OFFER else "the offered"
        return f"Pass: {offered} {card_symbol(view.pile[-1])} does not help your hand"
    if kind is Act.TAKE_OFFER:
        return (f"Take the offered {card_symbol(action.cards[0])}: it fits your hand better "
                "than it costs there")
    if kind is Act.TAKE_UPCARD:
        return f"Take the upcard {card_symbol(view.pile[-1])}: it fits your hand, and you open"
    if kind is Act.DISCARD:
        c = action.cards[0]
        if len(view.hand) == 1:
            return f"Discard {card_symbol(c)} and go out"
        return (f"Discard {card_symbol(c)}: your hand needs it least (it costs "
                f"{values(view.options)[1][c]} if it stays)")
    points, out = _points(view, action)
    going = " and you go out" if out else ""
    if kind in PILE_TAKES:
        brings = len(view.pile) - 1
        more = f" and brings {_count(brings)}" if brings else ""
        top, meld = card_symbol(action.cards[0]), action.target + 1
        what = {Act.TAKE_SET: f"{_cards(action.cards)} lays {points}",
                Act.TAKE_RUN: f"{_cards(action.cards)} lays {points}",
                Act.TAKE_ADD: f"{top} on your meld {meld} lays {points}",
                Act.TAKE_SWAP: f"{top} frees the joker in your meld {meld}"}[kind]
        return f"Take the pile: {what}{more}{going}"
    if kind in (Act.SET, Act.RUN):
        return f"Lay {_cards(action.cards)}: {points} points on the table{going}"
    if kind is Act.ADD:
        return (f"Add {card_symbol(action.cards[0])} to your meld {action.target + 1}: "
                f"{points} more points on the table{going}")
    return (f"Swap {card_symbol(action.cards[0])} for the joker in your meld "
            f"{action.target + 1}: the joker comes back to your hand")
