"""The playouts' quick discard choice is the medium judgement's best discard, card for card,
in every kind of position (hands of every length, piles of every size, every preset)."""

import random

import pytest

from game.ai import heuristics as H
from game.ai.knowledge import SeatKnowledge
from game.ai.sparring import hoarder_choice
from game.rules.options import PRESETS
from game.rules.state import Phase, State


@pytest.mark.parametrize("preset", list(PRESETS))
def test_best_discard_is_the_top_of_the_ranking(preset):
    compared = 0
    for seed in range(40):
        state = State(PRESETS[preset], 2 + seed % 3, seed)
        rand = random.Random(seed)
        for _ in range(rand.randrange(10, 120)):
            if state.phase not in (Phase.DRAW, Phase.MELD, Phase.OFFER, Phase.DISCARD_OFFER):
                break
            t = SeatKnowledge.of_state(state, state.turn)
            legal = state.legal_actions()
            if state.phase is Phase.MELD:
                for style in (H.MEDIUM, H.PLAYOUT, H.Style(feed_weight=0.0, keep_weight=0.6)):
                    ranked = H.discard_scores(t, legal, style)
                    if ranked:
                        assert H.best_discard(t, legal, style) == ranked[0][1]
                        compared += 1
            state.apply(hoarder_choice(t, legal))
    assert compared > 300
