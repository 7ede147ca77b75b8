"""The listing's memos change nothing a caller sees: at every position of random play, under
every preset (seven included, and with jokers where a preset has none; each with the seven-hand
game's options that change the listing switched the other way), two to eight seats, the listing
made with
the memos as the play so far left them is exactly the listing made from empty memos, action for
action and in the same order. The AI and the bench rely on that order (a seeded random choice
among the listed actions must replay)."""

import random

from hypothesis import given
from hypothesis import strategies as st
from strategies import choices, prop_settings, seeds

from game.rules import legal
from game.rules.options import PRESETS, SEVEN, Discards
from game.rules.state import Phase, State

SEVEN_LISTING = ("discards", "queen_of_spades_rules", "twos_melds", "set_naturals")
"""The seven-hand game's options that change what the listing lists."""

VARIANTS = [(name, options) for name, options in PRESETS.items()] + [
    (f"{name} with jokers", options.with_changes(jokers=2))
    for name, options in PRESETS.items() if not options.jokers] + [
    (f"{name} with the seven-hand options", options.with_changes(
        **{field: getattr(SEVEN, field) for field in SEVEN_LISTING}))
    for name, options in PRESETS.items() if options is not SEVEN] + [
    ("seven without its own options", SEVEN.with_changes(
        discards=Discards.PILE, queen_of_spades_rules=True, twos_melds=True, set_naturals=1))]


@prop_settings(60)
@given(variant=st.sampled_from(VARIANTS), seed=seeds, pick=choices,
       seats=st.floats(0.0, 1.0), clear_every=st.integers(1, 40))
def test_a_listing_from_warm_memos_is_the_listing_from_empty_ones(variant, seed, pick, seats,
                                                                  clear_every):
    name, options = variant
    players = options.min_players + round(seats * (options.max_players - options.min_players))
    state = State(options, players, seed)
    rand = random.Random(pick)
    for step in range(200):
        if state.over:
            break
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
            continue
        warm = state.legal_actions()
        if step % clear_every == 0:  # else the memos keep what earlier positions put there
            legal.clear_caches()
            cold = state.legal_actions()
            assert cold == warm, (f"{name}, {players} players, step {step}: the memos changed "
                                  f"the listing\n{list(map(str, warm))}\n{list(map(str, cold))}")
        state.apply(rand.choice(warm), trusted=True)
