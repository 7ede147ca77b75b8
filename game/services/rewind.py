"""Replay a match position by position, forwards and backwards, every seat's cards known.

The save is the action log, so any position is the setup with some of its actions applied.
``Rewind`` replays the match once, keeping a copy of the state every ``EVERY`` actions; a
position is then the nearest copy plus a few actions, so stepping either way costs the same
however long the match. Position ``i`` is the match after its first ``i`` actions (0: the
deal); a hand that ended shows its final cards until the next hand's first action.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.actions import Action
from ..rules.events import Event
from ..rules.save import Game, advance
from ..rules.state import Phase, State

EVERY = 16


@dataclass(frozen=True, slots=True)
class Position:
    """The match at one position, and what its last action did."""

    index: int
    state: State
    action: Action | None
    """The action that led here (None at the deal)."""
    events: tuple[Event, ...]
    """What that action did, as every seat may see it (the replay shows all cards)."""


class Rewind:
    """Every position of one match."""

    def __init__(self, game: Game):
        self.setup = game.setup
        self.actions = tuple(game.actions)
        self._copies: list[State] = []
        self.hand_starts: list[int] = [0]
        """Per hand, how many actions came before its first one (at that position the board
        still shows the end of the hand before)."""
        state = self.setup.start()
        self._copies.append(state.copy())
        for i, action in enumerate(self.actions):
            hand = state.hand_no
            advance(state, action, trusted=True)
            if state.hand_no != hand:
                self.hand_starts.append(i)
            if (i + 1) % EVERY == 0:
                self._copies.append(state.copy())

    def __len__(self) -> int:
        """How many positions there are (one more than actions)."""
        return len(self.actions) + 1

    def hand_of(self, index: int) -> int:
        """The hand (0-based) that position ``index`` shows."""
        return sum(1 for start in self.hand_starts[1:] if start < index)

    def at(self, index: int, deal: bool = False) -> Position:
        """Position ``index`` (clamped to the match). ``deal``: at a position between two
        hands, show the next hand just dealt instead of the end of the one before."""
        index = max(0, min(index, len(self.actions)))
        base = max(index - 1, 0) // EVERY  # at least the last action replayed, for its events
        state = self._copies[base].copy()
        events: list[Event] = []
        for i in range(base * EVERY, index):
            events = advance(state, self.actions[i], trusted=True)
        action = self.actions[index - 1] if index else None
        if deal and state.phase is Phase.HAND_OVER and index < len(self.actions):
            return Position(index, state, None, tuple(state.next_hand()))
        return Position(index, state, action, tuple(events))
