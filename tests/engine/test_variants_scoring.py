"""rules.md §2 rows "going out", "Q♠ discard", "2 standing for Q♠, melded", "going out in one
turn", "match winner bonus", "tie for the highest", per preset; plus the hand limit.

Positions come from explicit deals; under the book's upcard offer every player passes first,
so the opener must draw."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import accept, cards, exact_position, is_listed, play, position, refuse

from game.rules import scoring
from game.rules.actions import DISCARD
from game.rules.cards import JOKER, parse_card
from game.rules.events import Ev
from game.rules.melds import add_to, new_run, new_set
from game.rules.options import BOOK, CLASSIC, DIGITAL, PRESETS, CardValues
from game.rules.state import Phase

ALL = sorted(PRESETS)
OKLAHOMA_VALUES = [n for n in ALL if PRESETS[n].card_values is CardValues.OKLAHOMA]
"""The presets scored by the Oklahoma table (the queen of spades worth 50, -100 in hand)."""
QUEEN_HELD = [n for n in ALL if PRESETS[n].queen_of_spades_rules]
"""The presets where the queen of spades may be discarded only as the last card."""
KEEP_ONE = "You may go out only by discarding your last card: keep one to discard"
QUEEN_REFUSAL = "You may not discard the queen of spades while you hold other cards"


def agree(state):
    for a in state.legal_actions():
        assert state.check(a) is None, f"{a} listed but refused: {state.check(a)}"


def start(*hands, pile="3D", stock="", options=DIGITAL, first_seat=0, exact=False):
    make = exact_position if exact else position
    s = make(*hands, pile=pile, stock=stock, options=options, first_seat=first_seat)
    if s.phase is Phase.OFFER:
        for _ in hands:
            accept(s, "pass")
    assert s.phase is Phase.DRAW and s.turn == first_seat
    return s


def ended(events):
    e = [e for e in events if e.kind is Ev.HAND_ENDED]
    assert e, f"the hand did not end: {events}"
    return e[0]


# ----------------------------------------------------------------- going out

def seat_1_faces_8h(options, pile=""):
    """Seat 1 holds 8S 8D and faces a pile topped by 8H, which seat 0 drew and discarded.
    Seat 0 holds the rest of the deck: its actions are checked (``play``) but its legal
    actions are not listed (with every 2 in a huge hand that list is far too long)."""
    s = exact_position("", "8S 8D", pile=pile, stock="8H 4D 4S", rest_to=0, options=options)
    if s.phase is Phase.OFFER:
        play(s, "pass", "pass")
    play(s, "draw", "discard 8H")
    assert s.turn == 1 and s.phase is Phase.DRAW
    agree(s)
    return s


@pytest.mark.parametrize("name", ["digital", "classic"])
def test_going_out_by_melding_every_card_digital_and_classic(name):
    s = start("7S 7H 7C", "KH KC 4D", stock="7D", options=PRESETS[name])
    accept(s, "draw")
    events = accept(s, "set 7S 7H 7C 7D")
    e = ended(events)
    assert e.seat == 0 and e.scores[0] == 20 + 100
    assert s.hand_outs == [0]


@pytest.mark.parametrize("name", ["digital", "classic"])
def test_going_out_by_adding_the_last_card_digital_and_classic(name):
    s = start("7S 7H 7C", "KH KC 4D", stock="7D", options=PRESETS[name])
    accept(s, "draw")
    accept(s, "set 7S 7H 7C")
    e = ended(accept(s, "add 7D to 1"))
    assert e.seat == 0


@pytest.mark.parametrize("name", ["digital", "classic"])
def test_going_out_by_taking_the_pile_digital_and_classic(name):
    s = seat_1_faces_8h(PRESETS[name])
    e = ended(accept(s, "take set 8H 8S 8D"))
    assert e.seat == 1 and e.scores[1] == 30 + 100


def test_going_out_only_by_discarding_meld_refused_book():
    s = start("7S 7H 7C", "KH KC 4D", stock="7D", options=BOOK)
    accept(s, "draw")
    refuse(s, "set 7S 7H 7C 7D", KEEP_ONE)
    agree(s)
    accept(s, "set 7S 7H 7C")
    refuse(s, "add 7D to 1", KEEP_ONE)
    agree(s)
    e = ended(accept(s, "discard 7D"))
    assert e.seat == 0 and e.scores[0] == 15 + 100


def test_going_out_only_by_discarding_run_refused_book():
    s = start("5S 6S 7S", "KH KC 4D", stock="8S", options=BOOK)
    accept(s, "draw")
    refuse(s, "run 5S 6S 7S 8S", KEEP_ONE)
    accept(s, "run 6S 7S 8S")
    refuse(s, "add 5S to 1", KEEP_ONE)


def test_going_out_only_by_discarding_pile_take_refused_book():
    s = seat_1_faces_8h(BOOK)
    assert s.pile == cards("8H")
    refuse(s, "take set 8H 8S 8D", KEEP_ONE)
    agree(s)


def test_going_out_only_by_discarding_pile_take_allowed_when_the_pile_refills_the_hand_book():
    s = seat_1_faces_8h(BOOK, pile="4C")
    accept(s, "take set 8H 8S 8D")
    assert s.hands[1] == cards("4C") and s.phase is Phase.MELD


def test_going_out_only_by_discarding_custom_on_digital():
    o = DIGITAL.with_changes(go_out_by_melding=False)
    s = start("7S 7H 7C", "KH KC 4D", stock="7D", options=o)
    accept(s, "draw")
    refuse(s, "set 7S 7H 7C 7D", KEEP_ONE)


# ----------------------------------------------------------------- Q♠ discard

@pytest.mark.parametrize("name", QUEEN_HELD)
def test_queen_of_spades_discard_refused_with_other_cards(name):
    s = start("QS 9D 5C", "KH KC 4D", stock="8H", options=PRESETS[name])
    accept(s, "draw")
    refuse(s, "discard QS", QUEEN_REFUSAL)
    agree(s)


@pytest.mark.parametrize("name", QUEEN_HELD)
def test_queen_of_spades_discard_as_the_last_card(name):
    s = start("QS 7S 7H", "KH KC 4D", stock="7D", options=PRESETS[name])
    accept(s, "draw")
    accept(s, "set 7S 7H 7D")
    assert is_listed(s, "discard QS")
    e = ended(accept(s, "discard QS"))
    assert e.seat == 0 and e.scores[0] == 15 + 100


@pytest.mark.parametrize("name", QUEEN_HELD)
def test_queen_of_spades_discard_when_the_hand_is_only_queens_of_spades(name):
    s = start("QS QS 7S 7H", "KH KC 4D", stock="7D", options=PRESETS[name])
    accept(s, "draw")
    accept(s, "set 7S 7H 7D")
    assert s.hands[0] == cards("QS QS")
    assert s.legal_actions() == [DISCARD[parse_card("QS")]]
    accept(s, "discard QS")
    assert s.turn == 1 and s.pile[-1] == parse_card("QS")


# ----------------------------------------------------------------- 2 standing for Q♠

@pytest.mark.parametrize("name,value", [("digital", 50), ("classic", 50), ("book", 10)])
def test_two_as_queen_of_spades_value(name, value):
    o = PRESETS[name]
    s = start("9S 10S JS 2C", "KH KC 4D", stock="4H", options=o)
    accept(s, "draw")
    accept(s, "run 9S 10S JS")
    accept(s, "add 2C=QS to 1")
    assert scoring.meld_points(s.melds[0][0], o) == 30 + value
    e = ended(accept(s, "discard 4H"))
    assert e.scores[0] == 30 + value + 100


@pytest.mark.parametrize("name,value", [("classic", 50), ("book", 10)])
def test_two_as_queen_of_spades_in_a_new_run(name, value):
    o = PRESETS[name]
    s = start("JS 2C KS 4C", "KH KC 4D", stock="4H", options=o)
    accept(s, "draw")
    accept(s, "run JS 2C=QS KS")
    assert scoring.meld_points(s.melds[0][0], o) == 10 + value + 10


@pytest.mark.parametrize("name", OKLAHOMA_VALUES)
def test_natural_queen_of_spades_and_other_wilds_keep_their_values(name):
    o = PRESETS[name]
    c = parse_card
    assert scoring.meld_points(new_run([c("JS"), c("QS"), c("KS")], o), o) == 70
    assert scoring.meld_points(new_set([c("QS"), c("QH"), c("2C")], o), o) == 70
    joker_queen = add_to(new_run([c("9S"), c("10S"), c("JS")], o), JOKER, c("QS"),
                         o.with_changes(jokers=1))
    assert scoring.meld_points(joker_queen, o) == 130, "a joker counts 100 even as the Q♠"


# ----------------------------------------------------------------- one-turn going out

ONE_TURN_HAND = "7S 7H 7C 7D 5C 5D 5H"


def one_turn_position(options):
    """Seat 0 holds two sets and one more card to come; seat 1 idles."""
    return start(ONE_TURN_HAND, "KH KC 4D 9H", stock="8H 8C 9C", options=options)


def second_turn(s):
    accept(s, "draw")          # seat 0, first turn
    accept(s, "discard 8H")
    accept(s, "draw")          # seat 1
    accept(s, "discard 8C")
    accept(s, "draw")          # seat 0, second turn: draws 9C
    assert s.turns[0] == 2


def test_one_turn_going_out_bonus_250_book():
    s = one_turn_position(BOOK)
    second_turn(s)
    accept(s, "set 7S 7H 7C 7D")
    accept(s, "set 5C 5D 5H")
    e = ended(accept(s, "discard 9C"))
    assert e.seat == 0 and e.scores[0] == 20 + 15 + 100 + 250
    assert s.totals[0] == e.scores[0], "the 250 counts toward the target"


@pytest.mark.parametrize("name", ["digital", "classic"])
def test_one_turn_going_out_no_bonus_digital_and_classic(name):
    s = one_turn_position(PRESETS[name])
    second_turn(s)
    accept(s, "set 7S 7H 7C 7D")
    accept(s, "set 5C 5D 5H")
    e = ended(accept(s, "discard 9C"))
    assert e.scores[0] == 20 + 15 + 100


def test_one_turn_going_out_not_on_the_first_turn_book():
    s = start(ONE_TURN_HAND, "KH KC 4D 9H", stock="9C", options=BOOK)
    accept(s, "draw")
    assert s.turns[0] == 1
    accept(s, "set 7S 7H 7C 7D")
    accept(s, "set 5C 5D 5H")
    e = ended(accept(s, "discard 9C"))
    assert e.scores[0] == 20 + 15 + 100, "no bonus on the player's first turn"


def test_one_turn_going_out_not_with_a_meld_already_down_book():
    s = one_turn_position(BOOK)
    accept(s, "draw")
    accept(s, "set 5C 5D 5H")       # a meld laid on the first turn
    accept(s, "discard 8H")
    accept(s, "draw")
    accept(s, "discard 8C")
    accept(s, "draw")
    assert s.turns[0] == 2 and s.turn_start_melds == 1
    accept(s, "set 7S 7H 7C 7D")
    e = ended(accept(s, "discard 9C"))
    assert e.seat == 0 and e.scores[0] == 15 + 20 + 100, "a meld was down before the turn"


def test_one_turn_going_out_after_taking_the_upcard_counts_the_take_as_a_turn_book():
    s = position(ONE_TURN_HAND, "KH KC 4D 9H", pile="9C", stock="8C 8S", options=BOOK)
    accept(s, "take upcard")
    assert s.turns[0] == 1
    accept(s, "discard 9C")
    accept(s, "draw")
    accept(s, "discard 8C")
    accept(s, "draw")                # seat 0's second turn, draws 8S
    accept(s, "set 7S 7H 7C 7D")
    accept(s, "set 5C 5D 5H")
    e = ended(accept(s, "discard 8S"))
    assert e.scores[0] == 20 + 15 + 100 + 250


def test_one_turn_going_out_with_a_pile_take_book():
    """Taking the pile lays a meld during the turn: still no meld *before* the turn."""
    s = start("7S 7H 5C 5D 5H", "KH KC 9H 7C", pile="", stock="8H 4D 4S", options=BOOK,
              exact=True)
    accept(s, "draw")
    accept(s, "discard 8H")
    play(s, "draw", "discard 7C")   # seat 1 holds the rest of the deck: checked, not listed
    accept(s, "take set 7C 7S 7H")
    assert s.hands[0] == sorted(cards("5C 5D 5H 8H"))
    accept(s, "set 5C 5D 5H")
    e = ended(accept(s, "discard 8H"))
    assert e.seat == 0 and e.scores[0] == 15 + 15 + 100 + 250


# ----------------------------------------------------------------- the match: bonus, ties

def test_match_bonus_200_book():
    o = BOOK.with_changes(target=100)
    s = start("7S 7H 7C 5C", "KH KC 4D", stock="7D", options=o)
    accept(s, "draw")
    accept(s, "set 7S 7H 7C 7D")
    events = accept(s, "discard 5C")
    e = ended(events)
    assert e.scores[0] == 120
    match = [x for x in events if x.kind is Ev.MATCH_ENDED]
    assert match and match[0].seat == 0
    assert s.over and s.winner == 0
    assert s.totals[0] == 120 + 200 and s.totals[1] == e.scores[1]
    assert match[0].scores == tuple(s.totals)


@pytest.mark.parametrize("name", ["digital", "classic"])
def test_match_bonus_none_digital_and_classic(name):
    o = PRESETS[name].with_changes(target=100)
    s = start("7S 7H 7C 5C", "KH KC 4D", stock="7D", options=o)
    accept(s, "draw")
    accept(s, "set 7S 7H 7C 7D")
    accept(s, "discard 5C")
    assert s.over and s.winner == 0 and s.totals[0] == 120


def test_settlement_rounds_to_the_nearest_hundred_halves_away_from_zero():
    assert scoring.settlement([0, 49, 50, 149, 150, 151, 1049, 1050, 1250]) == \
        [0, 0, 100, 100, 200, 200, 1000, 1100, 1300]
    assert scoring.settlement([-49, -50, -149, -150, -151, -1250]) == \
        [0, -100, -100, -200, -200, -1300]


def test_settlement_flag_per_preset():
    assert BOOK.settlement_rounding is True
    assert CLASSIC.settlement_rounding is False and DIGITAL.settlement_rounding is False


def test_settlement_of_a_finished_book_match():
    o = BOOK.with_changes(target=100)
    s = start("7S 7H 7C 5C", "KH KC 4D", stock="7D", options=o)
    accept(s, "draw")
    accept(s, "set 7S 7H 7C 7D")
    accept(s, "discard 5C")
    assert s.totals == [320, -25]
    assert scoring.settlement(s.totals) == [300, 0]


def tie_position(options):
    """Three seats, nothing to draw: the first draw ends the hand with nobody out; seat 0 holds
    the rest of the deck, seats 1 and 2 hold hands of equal value."""
    o = options.with_changes(hand_limit=1)
    return exact_position("", "KH 9D 5C", "KD 9C 5S", pile="", stock="", rest_to=0, options=o)


@pytest.mark.parametrize("name", OKLAHOMA_VALUES)
def test_tie_for_the_highest_goes_to_the_lower_seat(name):
    o = PRESETS[name]
    s = tie_position(o)
    assert s.phase is Phase.DRAW and s.turn == 0
    events = play(s, "draw")
    e = ended(events)
    assert e.seat == -1 and e.scores[1] == e.scores[2] == -25 > e.scores[0]
    assert s.over and s.winner == 1
    assert s.totals[1] == -25 + o.match_bonus and s.totals[2] == -25


@pytest.mark.parametrize("name", ALL)
def test_match_winner_function_tie_lower_seat(name):
    assert scoring.match_winner([5, 900, 900, 10]) == 1
    assert scoring.match_winner([1000, 1000]) == 0
    assert scoring.match_winner([-5, -5, -20]) == 0


@pytest.mark.parametrize("name", ALL)
def test_highest_total_wins_whoever_went_out(name):
    o = PRESETS[name].with_changes(target=100)
    s = start("7S 7H 7C 5C", "KH KC 4D", stock="7D", options=o)
    s.totals[1] = 500  # as if seat 2 had scored before (totals are plain numbers)
    accept(s, "draw")
    accept(s, "set 7S 7H 7C 7D")
    accept(s, "discard 5C")
    assert s.over and s.winner == 1


def test_hand_limit_ends_the_match():
    o = DIGITAL.with_changes(hand_limit=2)
    s = exact_position("KH 9D 5C", "", pile="", stock="", options=o)
    play(s, "draw")
    assert s.phase is Phase.HAND_OVER
    s.next_hand()
    rand = random.Random(0)
    while not s.over:
        assert s.hand_no == 1
        s.apply(rand.choice(s.legal_actions()))
    assert len(s.hand_scores) == 2


def _settle_exact(t: int) -> int:
    """Nearest hundred, halves away from zero, in integers."""
    sign = -1 if t < 0 else 1
    q, r = divmod(abs(t), 100)
    return sign * 100 * (q + (r >= 50))


@given(st.lists(st.integers(-10**9, 10**9), max_size=8))
@settings(max_examples=200, deadline=None, database=None)
def test_settlement_matches_integer_rounding(totals):
    assert scoring.settlement(totals) == [_settle_exact(t) for t in totals]
