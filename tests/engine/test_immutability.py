"""Nothing an in-process agent is handed can change the match or the presets.

Options and melds are tuples, so even ``object.__setattr__`` (which defeats a frozen
dataclass) fails on them; the view itself is a fresh copy per decision, so changing it changes
only the agent's copy.
"""

from __future__ import annotations

import pytest

from game.ai.random_agent import RandomAgent
from game.ai.selfplay import play_match
from game.rules.options import BOOK, CLASSIC, DIGITAL, PRESETS, RuleOptions, preset
from game.rules.save import Setup


class Tamperer(RandomAgent):
    """Chooses at random, but first tries to rewrite everything it was handed."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.attempts = self.refused = 0

    def _try(self, obj, name, value) -> None:
        self.attempts += 1
        try:
            object.__setattr__(obj, name, value)
        except (AttributeError, TypeError):
            self.refused += 1

    def choose(self, view, legal):
        for name in RuleOptions._fields:
            self._try(view.options, name, 0)
        for seat_melds in view.melds:
            for meld in seat_melds:
                for name in ("cards", "rank", "suit", "wilds", "joins", "join_bits"):
                    self._try(meld, name, ())
        for action in legal:
            self._try(action, "cards", ())
        choice = super().choose(view, legal)
        object.__setattr__(view, "options", DIGITAL.with_changes(jokers=2))  # its own copy
        object.__setattr__(view, "melds", ())
        return choice


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_an_agent_cannot_change_the_match_or_the_presets(name):
    presets_before = {n: tuple(o) for n, o in PRESETS.items()}
    options = PRESETS[name].with_changes(hand_limit=2)
    n = options.min_players + 1
    plain = play_match([RandomAgent(s) for s in range(n)], Setup(options, n, 9))
    tamperers = [Tamperer(s) for s in range(n)]
    attacked = play_match(tamperers, Setup(options, n, 9))
    assert sum(t.attempts for t in tamperers) > 1000
    assert all(t.refused == t.attempts for t in tamperers), "some field could be rewritten"
    assert attacked.game.state.snapshot() == plain.game.state.snapshot()
    assert attacked.game.to_json() == plain.game.to_json()
    assert {n: tuple(o) for n, o in PRESETS.items()} == presets_before
    assert preset("digital") == RuleOptions() and preset("digital").jokers == 0
    assert (preset("classic"), preset("book")) == (CLASSIC, BOOK)


def test_the_presets_table_cannot_be_rewritten():
    with pytest.raises(TypeError):
        PRESETS["digital"] = BOOK  # type: ignore[index]
    assert preset("digital") is DIGITAL
