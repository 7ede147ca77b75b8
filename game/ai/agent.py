"""The agent protocol: given a seat's view and its legal actions, choose one.

Agents are plain objects. They never receive the true state, only ``View`` (see
``game.rules.view``), so no level can read a hidden card.
"""

from __future__ import annotations

from typing import Protocol

from ..rules.actions import Action
from ..rules.view import View


class Agent(Protocol):
    """Anything with a name that chooses among legal actions."""

    name: str

    def choose(self, view: View, legal: list[Action]) -> Action:
        """One of ``legal``, for the seat ``view.seat`` to play."""
