"""A seat's view follows only from what that seat was shown.

The reproduction from the issue, then the property that makes the class of bug impossible: an
independent observer per seat, fed only its own dealt cards, its draws and every public event
(``Event.seen_by``), rebuilds the view ``state.view(seat)`` gives after every action.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from positions import play, position
from strategies import choices, meld_first, prop_settings, random_actions
from test_props_variants import ANY_TABLE

from game.rules.cards import parse_card
from game.rules.events import FACE_DOWN
from game.rules.observer import Observer
from game.rules.options import DIGITAL
from game.rules.state import State


def _after_take_and_discard(hidden_card: str):
    """The issue's play: seat 1 takes ``9C KD`` with ``take set KD KH KS``, discards a 9C."""
    s = position(f"KH KS {hidden_card} 5H", "3D 4D 6H 7H", pile="9C KD", options=DIGITAL)
    play(s, "take set KD KH KS", "discard 9C")
    return s


def test_known_cards_do_not_depend_on_a_card_the_seat_never_showed():
    """Seat 1 holds ``KH KS ? 5H``, takes the pile ``9C KD`` with ``take set KD KH KS``, then
    discards a 9C. Seat 2 saw one 9C come in and one 9C leave, so it knows of no 9C in seat
    1's hand, whether the hidden card was a second 9C or an 8C."""
    known_nine = _after_take_and_discard("9C").view(1).known[0]
    known_eight = _after_take_and_discard("8C").view(1).known[0]
    assert known_eight == ()
    assert known_nine == known_eight, f"seat 2 'knows' {known_nine} only from a hidden card"


def test_determinize_does_not_deal_back_a_card_seen_leaving():
    """Search samples seat 1's hand from seat 2's view: the 9C must not be fixed in it."""
    view = _after_take_and_discard("9C").view(1)
    samples = [view.determinize(random.Random(k)).hands[0] for k in range(20)]
    assert any(parse_card("9C") not in hand for hand in samples)


def _observers(state: State) -> list[Observer]:
    observers = [Observer(state.options, state.players, s) for s in range(state.players)]
    for o in observers:
        o.see([state.dealt])
    return observers


def _assert_views_honest(state: State, observers, after) -> None:
    for o in observers:
        problems = o.check(state.view(o.seat))
        assert not problems, f"after {after}: {problems[0]}"


@prop_settings(40)
@given(table=ANY_TABLE, choice=choices, melding=st.booleans())
def test_every_view_follows_from_what_its_seat_was_shown(table, choice, melding):
    """After every action of random play, under every preset and random option combinations,
    each seat's view equals what an observer fed only that seat's events works out."""
    options, n, seed, first = table
    state = State(options, n, seed, first_seat=first)
    observers = _observers(state)
    _assert_views_honest(state, observers, "the deal")
    rand = random.Random(choice)
    for action, events in random_actions(state, rand, max_actions=600,
                                         policy=meld_first if melding else None):
        for o in observers:
            o.see(events)
        _assert_views_honest(state, observers, action or "the next deal")


def test_a_deal_shows_each_seat_only_its_own_hand():
    state = State(DIGITAL, 3, 5)
    for seat in range(3):
        seen = state.dealt.seen_by(seat)
        assert seen.hands[seat] == tuple(state.hands[seat])
        for other in range(3):
            if other != seat:
                assert set(seen.hands[other]) == {FACE_DOWN}
                assert len(seen.hands[other]) == len(state.hands[other])
