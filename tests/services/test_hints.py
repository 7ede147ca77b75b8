"""Hints: the hard level's own choice for the player's seat, however the thinking is sliced,
from the seat's view only, with a line of why that names the engine's points."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.hard import HardAgent
from game.rules.actions import parse_action
from game.rules.deal import Deal
from game.rules.options import BOOK, DIGITAL, SEVEN
from game.rules.state import Phase, State
from game.services import hints


def position(seed: int, players: int, moves: int, options=DIGITAL) -> State:
    state = State(options, players, seed, first_seat=0)
    rand = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
        state.apply(rand.choice(state.legal_actions()))
    if state.phase is Phase.HAND_OVER:
        state.next_hand()
    return state


def test_the_issue_example_take_the_pile():
    pile = ["5C", "9D", "KH", "4S", "8C", "JD", "QS"]
    deal = Deal.arranged(DIGITAL, [["QH", "2C", "7D", "8D", "KC"], ["3H", "6H", "9S", "10C"]],
                         pile=pile)
    state = State(DIGITAL, 2, 1, first_seat=0, deal=deal)
    view = state.view(0)
    take = parse_action("take set QS QH 2C")
    assert take in view.legal_actions()
    assert hints.explain(view, take) == "Take the pile: Q♠ Q♥ 2♣ lays 70 and brings 6 cards"


def test_a_pile_of_one_card_is_one_card():
    deal = Deal.arranged(DIGITAL, [["QH", "QC", "5D", "8C"], ["3H", "6H", "9S"]], pile=["QS"])
    state = State(DIGITAL, 2, 1, first_seat=0, deal=deal)
    view = state.view(0)
    assert parse_action("take set QS QH QC") in view.legal_actions()
    assert hints.explain(view, parse_action("draw")) == \
        "Draw from the stock: taking the pile (1 card) for the Q♠ is not worth it now"
    take = hints.explain(view, parse_action("take set QS QH QC"))
    assert take.startswith("Take the pile: Q♠ Q♥ Q♣ lays ") and "brings" not in take


def test_lines_for_melds_discards_and_going_out():
    deal = Deal.arranged(DIGITAL, [["7S", "7H", "7D", "KC"], ["3H", "6H", "9S"]],
                         pile=["4D"], stock_top=["8S"])
    state = State(DIGITAL, 2, 1, first_seat=0, deal=deal)
    assert hints.explain(state.view(0), parse_action("draw")) == \
        "Draw from the stock: the 4♦ on the pile makes no meld for you"
    state.apply(parse_action("draw"))
    view = state.view(0)
    assert hints.explain(view, parse_action("set 7S 7H 7D")) == \
        "Lay 7♠ 7♥ 7♦: 15 points on the table"
    assert hints.explain(view, parse_action("discard KC")) == \
        "Discard K♣: your hand needs it least (it costs 10 if it stays)"
    state.apply(parse_action("set 7S 7H 7D"))
    assert hints.explain(state.view(0), parse_action("discard KC")).startswith("Discard K♣")


def test_lines_for_an_offered_discard_and_the_seven_hand_values():
    deal = Deal.arranged(SEVEN, [["7S", "9C", "KC"], ["9S", "9H", "4D"]], stock_top=["8S"])
    state = State(SEVEN, 2, 1, first_seat=0, deal=deal)
    state.apply(parse_action("draw"))
    assert hints.explain(state.view(0), parse_action("discard 8S")) == \
        "Discard 8♠: your hand needs it least (it costs 5 if it stays)"
    state.apply(parse_action("discard 9C"))
    view = state.view(1)
    assert hints.explain(view, parse_action("take 9C")) == \
        "Take the offered 9♣: it fits your hand better than it costs there"
    assert hints.explain(view, parse_action("pass")) == \
        "Pass: the offered 9♣ does not help your hand"


def test_lines_for_going_out():
    for top, action, line in (
            ("KC", None, "Discard K♣ and go out"),
            ("7C", "set 7S 7H 7D 7C", "Lay 7♠ 7♥ 7♦ 7♣: 20 points on the table and you go out")):
        deal = Deal.arranged(DIGITAL, [["7S", "7H", "7D"], ["3H", "6H", "9S"]], pile=["4D"],
                             stock_top=[top])
        state = State(DIGITAL, 2, 1, first_seat=0, deal=deal)
        state.apply(parse_action("draw"))
        if action is None:
            state.apply(parse_action("set 7S 7H 7D"))
            action = f"discard {top}"
        assert hints.explain(state.view(0), parse_action(action)) == line


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), moves=st.integers(0, 120))
def test_the_hint_is_the_hard_levels_choice_whatever_the_slices(seed, players, moves):
    state = position(seed, players, moves)
    if state.over:
        return
    view, legal = state.view(state.turn), state.legal_actions()
    expected = HardAgent(5, budget_seconds=None, iterations=hints.WORLDS).choose(view, legal)
    hint = hints.Hint(view, legal, seed=5)
    rand = random.Random(seed)
    while not hint.think(rand.choice([0.0005, 0.002, 0.006])):
        pass
    suggestion = hint.suggestion()
    assert suggestion.action == expected and suggestion.action in legal
    assert suggestion.text and "\n" not in suggestion.text
    assert hints.suggest(view, legal, seed=5) == suggestion


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), moves=st.integers(0, 300),
       options=st.sampled_from([DIGITAL, BOOK.with_changes(jokers=1), SEVEN]))
def test_every_legal_action_can_be_explained(seed, players, moves, options):
    state = position(seed, players, moves, options)
    if state.over:
        return
    view = state.view(state.turn)
    before = state.snapshot()
    for action in state.legal_actions():
        text = hints.explain(view, action)
        assert text[0].isupper() and "\n" not in text and len(text) < 120
    assert state.snapshot() == before  # explaining never touches the match


def test_the_hint_sees_only_the_view():
    """Two matches that look the same from seat 1 but hide different cards get one hint."""
    a = Deal.arranged(DIGITAL, [["7S", "7H", "KC", "QH", "2C"], ["3H", "6H", "9S", "JD", "AS"]],
                      pile=["QD"], stock_top=["5S"])
    b = Deal.arranged(DIGITAL, [["7S", "7H", "KC", "QH", "2C"], ["4C", "4D", "10S", "JC", "8H"]],
                      pile=["QD"], stock_top=["KD"])
    views = [State(DIGITAL, 2, 3, first_seat=0, deal=d).view(0) for d in (a, b)]
    assert views[0] == views[1]
    legal = views[0].legal_actions()
    assert hints.suggest(views[0], legal, 1) == hints.suggest(views[1], legal, 1)
