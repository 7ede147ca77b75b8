"""Taking back the current turn's melds and lay-offs, never a draw or a pile take.

A draw shows the drawer a card nobody may unsee and a pile take shows everyone the pile going
into a hand, so undo stops at the last of those: it only ever takes back sets, runs, lay-offs
and joker swaps laid since, until the discard ends the turn. Those moved cards between the
player's own hand and their own melds, so taking them back changes nothing any seat saw of a
hidden card.

``Undo`` keeps a copy of the state just after the turn's draw or take (``note`` after every
action), so taking back one meld is restoring that copy and replaying the turn's other melds:
a handful of actions, never the whole match. Without a fresh copy (a game just loaded) it
replays the match once to make one.
"""

from __future__ import annotations

from ..rules.actions import Act, Action
from ..rules.save import Game, advance
from ..rules.state import Phase, State

TAKE_BACK = frozenset({Act.SET, Act.RUN, Act.ADD, Act.SWAP})
"""The kinds of action undo may take back."""


def turn_melds(game: Game) -> int:
    """How many actions at the end of ``game`` are melds of the current turn that may be taken
    back (0 when the turn is not in its melding phase)."""
    if game.state.phase is not Phase.MELD:
        return 0
    n = 0
    for action in reversed(game.actions):
        if action.kind not in TAKE_BACK:
            break
        n += 1
    return n


class Undo:
    """Undo for one game, fed every action the table applies."""

    def __init__(self):
        self._game_id: int | None = None
        self._count = -1
        self._state: State | None = None

    def note(self, game: Game) -> None:
        """Call after every action applied to ``game``: remembers where the melding began."""
        if game.actions and game.actions[-1].kind not in TAKE_BACK:
            self._game_id, self._count, self._state = id(game), len(game.actions), \
                game.state.copy()

    def can_undo(self, game: Game) -> bool:
        """Whether a meld or lay-off of this turn can be taken back now."""
        return turn_melds(game) > 0

    def undo(self, game: Game) -> Action:
        """Take back the last meld or lay-off of this turn; returns it. ValueError when there is
        none (``can_undo`` is False)."""
        melds = turn_melds(game)
        if melds == 0:
            raise ValueError("Nothing to take back: a draw or a pile take cannot be undone")
        start = len(game.actions) - melds
        kept = self._state
        if kept is None or self._game_id != id(game) or self._count != start:
            kept = self._remember(game, start)
        state = kept.copy()
        for action in game.actions[start:-1]:
            advance(state, action, trusted=True)
        last = game.actions.pop()
        game.state = state
        return last

    def _remember(self, game: Game, start: int) -> State:
        """The state after ``start`` actions, by replaying the match from its setup."""
        state = game.setup.state_after(game.actions[:start])
        self._game_id, self._count, self._state = id(game), start, state
        return state
