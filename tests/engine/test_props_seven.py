"""Property tests over the preset ``seven`` (rules.md section 4), with and without
partnerships, at two to four seats: whole seven-hand matches of random play and of the agents.

After every action: the 105 cards are conserved in hands, melds, stock, the offered card and
out of play; every seat's view equals what an ``Observer`` fed only that seat's events works
out; an offer is answered only by a seat other than the discarder, with exactly take or pass
listed. At each hand's end the scores are recomputed from the seven-hand table written again
in the tests (``test_props_variants.Tracker``), the winner by team with partnerships. Every
match ends after exactly seven hands, each opened by the next seat.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st
from strategies import choices, prop_settings, seeds
from test_props_variants import Tracker

from game.ai.easy import EasyAgent
from game.ai.medium import MediumAgent
from game.ai.random_agent import RandomAgent
from game.rules.actions import Act
from game.rules.cards import deck
from game.rules.events import Ev
from game.rules.observer import Observer
from game.rules.options import SEVEN
from game.rules.state import Phase, State

HANDS = 7
MAX_ACTIONS = 20_000
"""No seven-hand match comes near this many actions; reaching it is a stall."""


@st.composite
def seven_tables(draw):
    """(options, players): seven at 2 to 4 seats, partnerships only (and half the time) at 4."""
    players = draw(st.integers(2, 4))
    partnerships = players == 4 and draw(st.booleans())
    return SEVEN.with_changes(partnerships=partnerships), players


def play_seven(state: State, choose) -> Counter:
    """Play the match to its end with ``choose(state) -> action``, checking every invariant;
    returns how each offer was answered."""
    n = state.players
    observers = [Observer(state.options, n, s) for s in range(n)]
    for o in observers:
        o.see([state.dealt])
    tracker = Tracker(state)
    answers: Counter = Counter()
    openers = [state.turn]
    done = 0
    while not state.over:
        assert done < MAX_ACTIONS, "the match does not end"
        if state.phase is Phase.HAND_OVER:
            events = state.next_hand()
            tracker.new_hand()
            openers.append(state.turn)
        else:
            legal = state.legal_actions()
            if state.phase is Phase.DISCARD_OFFER:
                discarder = (state.turn - state.offer) % n
                assert state.turn != discarder and 1 <= state.offer < n
                assert [a.kind for a in legal] == [Act.TAKE_OFFER, Act.PASS]
                assert legal[0].cards == (state.pile[-1],) and len(state.pile) == 1
            else:
                assert not state.pile, "a card lies on a pile nobody may take"
            action = choose(state, legal)
            if state.phase is Phase.DISCARD_OFFER:
                answers[action.kind] += 1
            tracker.before(state, action)
            events = state.apply(action)
            tracker.after(state, events)
            done += 1
        found = state.cards_in_play()
        assert found == Counter(deck(1)) and sum(found.values()) == 105
        for o in observers:
            o.see(events)
            assert not (problems := o.check(state.view(o.seat))), problems
        for e in events:
            if e.kind is Ev.OUT_OF_PLAY:
                assert state.out_of_play[-1] == e.cards[0]
    assert len(state.hand_scores) == HANDS
    assert openers == [k % n for k in range(HANDS)]
    return answers


@prop_settings(12)
@given(table=seven_tables(), seed=seeds, choice=choices)
def test_random_seven_matches_keep_every_invariant(table, seed, choice):
    options, players = table
    rand = random.Random(choice)
    play_seven(State(options, players, seed), lambda state, legal: rand.choice(legal))


@prop_settings(6)
@given(table=seven_tables(), seed=seeds, lineup=st.lists(
    st.sampled_from(["random", "easy", "medium"]), min_size=4, max_size=4))
def test_the_agents_play_whole_seven_matches_offers_included(table, seed, lineup):
    options, players = table
    make = {"random": RandomAgent, "easy": EasyAgent, "medium": MediumAgent}
    agents = [make[kind](seed + s) for s, kind in enumerate(lineup[:players])]
    answers = play_seven(State(options, players, seed),
                         lambda state, legal: agents[state.turn].choose(
                             state.view(state.turn), legal))
    assert answers[Act.PASS] > 0  # every match offers many discards
