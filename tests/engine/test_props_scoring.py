"""Hand scores equal a recomputation from the card value table of rules.md.

The values are written again in ``strategies.py`` (``meld_value``, ``in_hand_value``) from the
table, not taken from the engine's ``scoring`` tables.
"""

from __future__ import annotations

import random

from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import (
    choices,
    expected_hand_scores,
    in_hand_value,
    meld_first,
    meld_problem,
    meld_value,
    new_state,
    players,
    prop_settings,
    random_actions,
    seeds,
)

from game.rules import scoring
from game.rules.cards import card, deck, is_wild, parse_card, suit_of
from game.rules.events import Ev
from game.rules.melds import MeldKind, add_to, new_run, new_set
from game.rules.options import DIGITAL


@prop_settings(30)
@given(seed=seeds, n=players, choice=choices)
def test_hand_scores_match_the_value_table(seed, n, choice):
    state = new_state(seed, n)
    rand = random.Random(choice)
    policy = meld_first if choice % 2 else None  # melding often gives more varied tables
    ended = 0
    totals = [0] * n
    for _action, events in random_actions(state, rand, max_hands=4, policy=policy):
        for e in events:
            if e.kind is not Ev.HAND_ENDED:
                continue
            ended += 1
            out = e.seat
            if out >= 0:
                assert not state.hands[out], "the seat that went out still holds cards"
            want = expected_hand_scores(state, out)
            assert e.scores == want, (
                f"hand scores {e.scores}, table says {want}; melds {state.melds}, "
                f"hands {state.hands}, out {out}")
            # the engine's own pieces agree with the table too
            for s in range(n):
                for m in state.melds[s]:
                    assert scoring.meld_points(m, DIGITAL) == meld_value(m), m
                assert scoring.hand_penalty(state.hands[s]) == sum(
                    in_hand_value(c) for c in state.hands[s])
            totals = [t + x for t, x in zip(totals, e.scores)]
            assert state.hand_scores[-1] == e.scores
        if state.over:
            break
        assert state.totals == totals
    assert ended >= 1


@prop_settings(200)
@given(data=st.data())
def test_meld_points_match_the_value_table(data):
    """Any meld the rules make (a set, a meld of 2s, a run laid then grown by a natural or a
    wild at either end) scores what the table says."""
    kind = data.draw(st.sampled_from(["set", "run"]))
    if kind == "set":
        cards = data.draw(st.lists(st.sampled_from(deck()), min_size=3, max_size=4))
        if data.draw(st.booleans()):  # bias towards one rank plus wilds
            r = data.draw(st.integers(1, 13))
            cards = [card(r, suit_of(c)) if not is_wild(c) else c for c in cards]
        meld = new_set(cards, DIGITAL)
    else:
        suit = data.draw(st.integers(0, 3))
        low = data.draw(st.integers(1, 12))
        meld = new_run([card(p, suit) for p in range(low, low + 3)], DIGITAL)
    assume(not isinstance(meld, str))
    if data.draw(st.booleans()):
        c = data.draw(st.sampled_from(deck()))
        stands = c
        if meld.kind is MeldKind.RUN and is_wild(c):
            ends = [p for p in (meld.rank - 1, meld.high + 1) if 1 <= p <= 14]
            stands = card(data.draw(st.sampled_from(ends)), meld.suit)
        grown = add_to(meld, c, stands, DIGITAL)
        if not isinstance(grown, str):
            meld = grown
    assert meld_problem(meld) is None, meld
    assert scoring.meld_points(meld, DIGITAL) == meld_value(meld), meld


def test_special_values():
    """The table's special rows: Q♠ 50 melded, a 2 standing for Q♠ 50, a 2 in a set of queens
    10, a natural 2 in its run place 5, a 2 standing for a 2 5, a meld of 2s 25 each."""
    c = parse_card
    jqk = new_run([c("JS"), c("QS"), c("KS")], DIGITAL)
    assert scoring.meld_points(jqk, DIGITAL) == 10 + 50 + 10
    ten_j_k = add_to(new_run([c("9S"), c("10S"), c("JS")], DIGITAL), c("2H"), c("QS"), DIGITAL)
    assert scoring.meld_points(ten_j_k, DIGITAL) == 10 + 10 + 10 + 50 == meld_value(ten_j_k)
    queens = new_set([c("QS"), c("QH"), c("2C")], DIGITAL)
    assert scoring.meld_points(queens, DIGITAL) == 50 + 10 + 10 == meld_value(queens)
    a23 = new_run([c("AS"), c("2S"), c("3S")], DIGITAL)
    assert scoring.meld_points(a23, DIGITAL) == 20 + 5 + 5 == meld_value(a23)
    wild_two = add_to(new_run([c("3H"), c("4H"), c("5H")], DIGITAL), c("2C"), c("2H"), DIGITAL)
    assert scoring.meld_points(wild_two, DIGITAL) == 5 * 4 == meld_value(wild_two)
    twos = new_set([c("2S"), c("2H"), c("2C"), c("2C")], DIGITAL)
    assert scoring.meld_points(twos, DIGITAL) == 100 == meld_value(twos)
    assert scoring.hand_penalty([c("QS"), c("AS"), c("2D"), c("KS"), c("7C")]) == \
        100 + 20 + 20 + 10 + 5
