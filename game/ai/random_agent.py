"""The uniform random player: the baseline every other level must beat."""

from __future__ import annotations

import random

from ..rules.actions import Action
from ..rules.view import View


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rand = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        return self.rand.choice(legal)
