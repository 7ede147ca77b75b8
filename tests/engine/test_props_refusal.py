"""A refused action changes nothing, and actions that are illegal by construction are refused.

At random states of random play, actions known to be illegal (a card not held, a draw after
drawing, a meld before drawing, a take with the wrong cards, an addition to a meld that does not
exist, the queen of spades discarded beside other cards, ill-formed values) must make
``state.apply`` raise ``IllegalAction`` with a reason, leave ``state.snapshot()`` unchanged and
agree with ``state.check``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from strategies import choices, players, prop_settings, seeds, states_along

from game.rules.actions import Act, Action
from game.rules.cards import ALL_CARDS, JOKER, QUEEN_OF_SPADES, is_wild, parse_card
from game.rules.deal import Deal
from game.rules.melds import MeldKind
from game.rules.options import DIGITAL
from game.rules.state import IllegalAction, Phase, State


def assert_refused(state: State, action, what: str) -> None:
    before = state.snapshot()
    reason = state.check(action)
    assert reason, f"{what}: check accepts {action!r}"
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert str(info.value), f"{what}: refused without a reason"
    assert state.snapshot() == before, f"{what}: refusing {action!r} changed the state"


def illegal_actions(state: State, rand: random.Random):
    """(description, action) pairs that are illegal in ``state`` by construction."""
    hand = state.hands[state.turn]
    melds = state.melds[state.turn]
    not_held = [c for c in ALL_CARDS if c not in hand]
    out = []
    out.append(("unknown kind", Action(99)))
    out.append(("not an Action", ("draw",)))
    out.append(("card code out of range", Action(Act.DISCARD, (rand.choice([1, 2, 3, 56, -4]),))))
    out.append(("card not an int", Action(Act.DISCARD, ("QS",))))
    out.append(("add to a meld that does not exist",
                Action(Act.ADD, (rand.choice(hand),), len(melds) + rand.randrange(3))))
    out.append(("add to a negative meld number", Action(Act.ADD, (rand.choice(hand),), -1)))
    if state.phase is Phase.DRAW:
        out.append(("discard before drawing", Action(Act.DISCARD, (rand.choice(hand),))))
        if len(hand) >= 3:
            out.append(("set before drawing", Action(Act.SET, tuple(rand.sample(hand, 3)))))
        if state.pile:
            top = state.pile[-1]
            others = [c for c in ALL_CARDS if c != top]
            out.append(("take without the top card",
                        Action(Act.TAKE_SET, tuple(rand.sample(others, 3)))))
            if len(hand) >= 3:
                out.append(("take with three cards from hand",
                            Action(Act.TAKE_SET, (top,) + tuple(rand.sample(hand, 3)))))
            out.append(("take with one card from hand", Action(Act.TAKE_SET, (top, hand[0]))))
            out.append(("take with cards not held",
                        Action(Act.TAKE_SET, (top, not_held[0], not_held[-1]))))
            if len(melds) >= 6:
                pair = tuple(rand.sample(hand, 2)) if len(hand) >= 2 else (hand[0], hand[0])
                out.append(("take with six melds down", Action(Act.TAKE_SET, (top,) + pair)))
    elif state.phase is Phase.MELD:
        out.append(("draw twice", Action(Act.DRAW)))
        if state.pile and len(hand) >= 2:
            out.append(("take after drawing",
                        Action(Act.TAKE_SET, (state.pile[-1],) + tuple(rand.sample(hand, 2)))))
        out.append(("discard a card not held", Action(Act.DISCARD, (rand.choice(not_held),))))
        out.append(("discard two cards", Action(Act.DISCARD, tuple(rand.sample(hand * 2, 2)))))
        out.append(("set of a card not held",
                    Action(Act.SET, (rand.choice(not_held),) * 3)))
        out.append(("set of two cards", Action(Act.SET, tuple(hand[:2]))))
        out.append(("set of five cards", Action(Act.SET, tuple((hand * 5)[:5]))))
        if QUEEN_OF_SPADES in hand and any(c != QUEEN_OF_SPADES for c in hand):
            out.append(("queen of spades beside other cards",
                        Action(Act.DISCARD, (QUEEN_OF_SPADES,))))
        for i, meld in enumerate(melds):
            if len(meld.cards) >= 4:
                out.append(("add to a full meld", Action(Act.ADD, (rand.choice(hand),), i, -1)))
            if meld.kind is MeldKind.RUN:
                wilds = [c for c in hand if is_wild(c)]
                if wilds:
                    w = rand.choice(wilds)
                    # Card codes that name no card: 1..3 (unused slots) and past the king.
                    bad = rand.choice([1, 2, 3, 56, 57, 58, 59, 60, 61, 62, 63])
                    out.append(("a wild standing for a non-card", Action(Act.ADD, (w,), i, bad)))
                    # The listing names one wild of each kind (equal 2s are listed once), so
                    # the places are those of any wild of ``w``'s kind (a 2, or a joker).
                    places = {a.stands for a in state.legal_actions()
                              if a.kind is Act.ADD and a.target == i and is_wild(a.cards[0])
                              and (a.cards[0] == JOKER) == (w == JOKER)}
                    if len(places) != 1:  # one place only: the engine names it for the player
                        out.append(("a wild in a run naming no place, with a choice or none",
                                    Action(Act.ADD, (w,), i, -1)))
            else:
                naturals = [c for c in hand if not is_wild(c)]
                if naturals:
                    c = rand.choice(naturals)
                    out.append(("a natural added to a set naming a card",
                                Action(Act.ADD, (c,), i, c)))
    else:
        out.append(("act between hands", Action(Act.DRAW)))
    return out


@prop_settings(30)
@given(seed=seeds, n=players, choice=choices)
@example(seed=2410, n=2, choice=0)  # found: add 2C naming code 61 to Q♥ K♥ A♥ is accepted
@example(seed=35083, n=2, choice=0)  # found: 2♠ on Q♦ K♦ A♦ has one place, listed as 2♥'s
def test_illegal_actions_are_refused_and_change_nothing(seed, n, choice):
    rand = random.Random(choice)
    for state in states_along(seed, n, choice, max_actions=200):
        if rand.random() < 0.3:
            for what, action in illegal_actions(state, rand):
                assert_refused(state, action, what)


@prop_settings(25)
@given(seed=seeds, n=players, choice=choices, data=st.data())
def test_any_action_is_applied_or_refused_cleanly(seed, n, choice, data):
    """Random (mostly ill-formed) actions: ``check`` accepting means ``apply`` succeeds;
    ``check`` refusing means ``IllegalAction`` and no change at all."""
    codes = st.sampled_from(list(range(-1, 60)))
    actions = st.builds(Action, st.sampled_from(list(Act)),
                        st.lists(codes, min_size=0, max_size=5).map(tuple),
                        st.integers(-2, 7), codes)
    for state in states_along(seed, n, choice, max_actions=80):
        if data.draw(st.booleans()):
            continue
        hand = state.hands[state.turn]
        # Half of the time use the hand's own cards, which makes more of them legal.
        a = data.draw(actions)
        if hand and data.draw(st.booleans()):
            a = a._replace(cards=tuple(data.draw(st.lists(st.sampled_from(hand), min_size=1,
                                                           max_size=4))))
        before = state.snapshot()
        trial = state.copy()
        reason = trial.check(a)
        if reason is None:
            trial.apply(a)
            for m in trial.melds[state.turn]:
                assert 1 <= m.rank and m.rank + len(m.cards) - 1 <= 14 or \
                    m.kind is not MeldKind.RUN, f"{a!r} made the run {m}"
        else:
            with pytest.raises(IllegalAction):
                trial.apply(a)
            assert trial.snapshot() == before
        assert state.snapshot() == before


SUITS = "SHDC"


def run_position(run: str, suit: int) -> State:
    """Seat 1 holds the run ``run`` of suit ``suit`` (ranks, laid at once), a spare wild and two
    nines; it has drawn."""
    s = SUITS[suit]
    wild = "2" + SUITS[(suit + 1) % 4]
    hand = [r + s for r in run.split()] + [wild, "9" + s, "9" + SUITS[(suit + 2) % 4]]
    deal = Deal.arranged(DIGITAL, hands=[hand, ["4S", "5S", "6S", "7S"]], pile=["KD"])
    state = State(DIGITAL, 2, 1, deal=deal)
    state.apply(Action(Act.DRAW))
    state.apply(Action(Act.RUN, tuple(parse_card(r + s) for r in run.split())))
    return state


NON_CARDS = [
    ("A 2 3", lambda s: s),           # codes 0..3: rank 0 (0 itself is the joker)
    ("Q K A", lambda s: 60 + s),      # rank 15: above the high ace
    ("J Q K", lambda s: 56 + s),      # rank 14: the high-ace place, not a card code
    ("5 6 7", lambda s: 100 + s),
]


def test_wild_standing_for_a_non_card_is_refused():
    """``stands`` must name a real card (4..55): other codes are not cards to stand for.

    Regression (found by this suite): ``Action(ADD, (2D,), 0, stands=3)`` on A♣ 2♣ 3♣ is
    accepted and makes a run starting
    at position 0, below the ace (and ``meld_points`` then counts the wild as 0); code 60+suit
    extends Q-K-A past the ace (positions 12..15); code 56+suit is taken as the high ace."""
    accepted = []
    for run, stands in NON_CARDS:
        for suit in range(4):
            state = run_position(run, suit)
            wild = parse_card("2" + SUITS[(suit + 1) % 4])
            action = Action(Act.ADD, (wild,), 0, stands(suit))
            before = state.snapshot()
            if state.check(action) is None:
                state.apply(action)
                accepted.append(f"{run} {SUITS[suit]} + {action!r} -> {state.melds[0][0]}")
            else:
                with pytest.raises(IllegalAction):
                    state.apply(action)
                assert state.snapshot() == before
    assert not accepted, "non-card codes accepted as the card a wild stands for:\n" + \
        "\n".join(accepted)
