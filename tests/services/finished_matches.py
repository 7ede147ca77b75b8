"""Real finished matches for the history's and the backup's tests (and the Statistics
scene's): random legal moves played to the end, so every number in them is the engine's."""

from __future__ import annotations

import random

from game.rules.options import DIGITAL
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.seats import default_seats


def finished(seed: int, players: int = 2, target: int = 150, seats=None) -> tuple[Game, tuple]:
    """A real match of random legal moves, played to its end."""
    game = Game(Setup(DIGITAL.with_changes(target=target), players, seed, 0))
    rand = random.Random(seed)
    while not game.state.over:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
        else:
            game.play(rand.choice(game.state.legal_actions()))
    return game, seats or default_seats(players)
