"""Real finished matches for the history's and the backup's tests (and the Statistics
scene's): random legal moves played to the end, so every number in them is the engine's."""

from __future__ import annotations

import random

from game.rules.options import DIGITAL, SEVEN
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.seats import default_seats


def finished(seed: int, players: int = 2, target: int = 150, seats=None) -> tuple[Game, tuple]:
    """A real match of random legal moves, played to its end."""
    game = _to_the_end(Game(Setup(DIGITAL.with_changes(target=target), players, seed, 0)), seed)
    return game, seats or default_seats(players)


def partnership(seed: int, seats=None) -> tuple[Game, tuple]:
    """A real seven-hand match of two teams (seats 1 & 3 against seats 2 & 4), random legal
    moves played to its end."""
    game = _to_the_end(Game(Setup(SEVEN.with_changes(partnerships=True), 4, seed, 0)), seed)
    return game, seats or default_seats(4)


def _to_the_end(game: Game, seed: int) -> Game:
    rand = random.Random(seed)
    while not game.state.over:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
        else:
            game.play(rand.choice(game.state.legal_actions()))
    return game
