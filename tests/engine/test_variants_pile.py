"""rules.md §2 row "pile take" per preset (NEW_SET digital, NEW_MELD classic, USE_TOP book) and
the separate "easier pile pickups" option (``easy_pile``, off in every preset).

Each position: seat 0 draws 4C, lays the listed melds and discards 4C; seat 1 draws the card
named ``top`` and discards it; seat 0 then faces the pile 3D 4C <top>. Under the book's upcard
offer both players pass first (the opener must then draw)."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import Act, Action, accept, cards, is_listed, play, position, refuse

from game.rules.cards import JOKER, parse_card
from game.rules.events import Ev
from game.rules.options import BOOK, CLASSIC, DIGITAL, PileTake
from game.rules.state import Phase

D1 = DIGITAL.with_changes(jokers=1)
C1 = CLASSIC.with_changes(jokers=1)
B1 = BOOK.with_changes(jokers=1)

NEW_SET_REFUSAL = "at once in a new set with exactly two cards from your hand: "
NEW_MELD_REFUSAL = "at once in a new set or run with cards from your hand: "


def agree(state):
    for a in state.legal_actions():
        assert state.check(a) is None, f"{a} listed but refused: {state.check(a)}"


def facing(options, hand0, top, lays=(), hand1="KH KC 5D"):
    """Seat 0 to move in the draw phase, the pile being 3D 4C <top>."""
    s = position(hand0, hand1, pile="3D", stock=f"4C {top}", options=options)
    if s.phase is Phase.OFFER:
        play(s, "pass", "pass")
    accept(s, "draw")
    for lay in lays:
        accept(s, lay)
    accept(s, "discard 4C")
    accept(s, "draw")
    accept(s, f"discard {top}")
    assert s.turn == 0 and s.phase is Phase.DRAW
    assert s.pile == cards(f"3D 4C {top}")
    agree(s)
    return s


def assert_rest_of_pile_known(s, rest="3D 4C"):
    """The rest of the pile went to seat 0's hand, and seat 1's view knows those cards."""
    for c in cards(rest):
        assert c in s.hands[0]
    assert Counter(cards(rest)) <= Counter(s.known[0])
    assert Counter(cards(rest)) <= Counter(s.view(1).known[0])
    assert s.pile == []
    assert s.phase is Phase.MELD


# ----------------------------------------------------------------- NEW_SET (digital)

def test_pile_take_new_set_with_top_and_two_digital():
    s = facing(DIGITAL, "9D 9C KD QD", "9H")
    events = accept(s, "take set 9H 9D 9C")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.MELDED]
    assert events[0].cards == tuple(cards("3D 4C 9H"))
    assert_rest_of_pile_known(s)


def test_pile_take_run_refused_digital():
    s = facing(DIGITAL, "5H 6H KD QD", "7H")
    refuse(s, "take run 5H 6H 7H", NEW_SET_REFUSAL)


def test_pile_take_set_with_three_from_hand_refused_digital():
    s = facing(DIGITAL, "9S 9D 9C KD", "9H")
    refuse(s, "take set 9H 9S 9D 9C", NEW_SET_REFUSAL + "you hold 9♠ 9♦ / 9♠ 9♣ / 9♦ 9♣ for a set")
    accept(s, "take set 9H 9S 9D")


def test_pile_take_must_use_the_top_card_digital():
    s = facing(DIGITAL, "9S 9D 9C KD", "9H")
    refuse(s, "take set 9S 9D 9C", "To take the pile you must lay its top card, 9♥, at once")


def test_pile_take_add_refused_digital():
    s = facing(DIGITAL, "7S 7H 7C KD QD", "7D", lays=["set 7S 7H 7C"])
    refuse(s, "take add 7D to 1", NEW_SET_REFUSAL)


def test_pile_take_swap_refused_digital():
    s = facing(D1, "7S 7H JK KD QD", "7D", lays=["set 7S 7H JK"])
    refuse(s, "take swap 7D into 1", NEW_SET_REFUSAL)


# ----------------------------------------------------------------- NEW_MELD (classic)

def test_pile_take_new_run_with_top_and_two_classic():
    s = facing(CLASSIC, "5H 6H KD QD", "7H")
    events = accept(s, "take run 5H 6H 7H")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.MELDED]
    assert s.melds[0][0].cards == tuple(cards("5H 6H 7H"))
    assert_rest_of_pile_known(s)


def test_pile_take_new_run_with_top_and_three_classic():
    s = facing(CLASSIC, "4H 5H 6H KD", "7H")
    accept(s, "take run 4H 5H 6H 7H")


def test_pile_take_new_run_top_in_the_middle_classic():
    s = facing(CLASSIC, "5H 7H KD QD", "6H")
    accept(s, "take run 5H 6H 7H")


def test_pile_take_new_set_with_top_and_three_classic():
    s = facing(CLASSIC, "9S 9D 9C KD", "9H")
    accept(s, "take set 9H 9S 9D 9C")
    assert len(s.melds[0][0].cards) == 4


def test_pile_take_run_with_a_wild_classic():
    s = facing(CLASSIC, "5H 2C KD QD", "7H")
    accept(s, "take run 5H 2C=6H 7H")
    assert s.melds[0][0].wilds == 1


def test_pile_take_with_one_card_from_hand_refused_classic():
    s = facing(CLASSIC, "9S KD QD", "9H")
    refuse(s, "take set 9H 9S", NEW_MELD_REFUSAL + "nothing in your hand can")
    refuse(s, "take run 9H 10H", "You do not hold the ten of hearts")


def test_pile_take_add_refused_classic():
    s = facing(CLASSIC, "7S 7H 7C KD QD", "7D", lays=["set 7S 7H 7C"])
    refuse(s, "take add 7D to 1", NEW_MELD_REFUSAL)


def test_pile_take_swap_refused_classic():
    s = facing(C1, "7S 7H JK KD QD", "7D", lays=["set 7S 7H JK"])
    refuse(s, "take swap 7D into 1", NEW_MELD_REFUSAL)


# ----------------------------------------------------------------- USE_TOP (book)

def test_pile_take_new_set_book():
    s = facing(BOOK, "9D 9C KD QD", "9H")
    accept(s, "take set 9H 9D 9C")
    assert_rest_of_pile_known(s)


def test_pile_take_new_run_book():
    s = facing(BOOK, "5H 6H KD QD", "7H")
    accept(s, "take run 5H 6H 7H")


def test_pile_take_add_natural_to_own_set_book():
    s = facing(BOOK, "7S 7H 7C KD QD", "7D", lays=["set 7S 7H 7C"])
    events = accept(s, "take add 7D to 1")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.ADDED]
    assert events[0].meld == 0 and events[1].cards == (parse_card("7D"),)
    assert s.melds[0][0].cards == tuple(cards("7S 7H 7D 7C"))
    assert_rest_of_pile_known(s)


def test_pile_take_add_natural_to_own_run_book():
    s = facing(BOOK, "5S 6S 7S KD QD", "8S", lays=["run 5S 6S 7S"])
    accept(s, "take add 8S to 1")
    assert s.melds[0][0].cards == tuple(cards("5S 6S 7S 8S"))


def test_pile_take_add_wild_names_its_card_in_a_run_book():
    s = facing(BOOK, "5S 6S 7S KD QD", "2C", lays=["run 5S 6S 7S"])
    refuse(s, "take add 2C to 1", "Say which card the wild stands for in the run")
    refuse(s, "take add 2C=4H to 1", "That run is in spades")
    refuse(s, "take add 2C=10S to 1", "A card added to a run must extend it at one end")
    accept(s, "take add 2C=4S to 1")
    meld = s.melds[0][0]
    assert meld.cards == tuple(cards("2C 5S 6S 7S")) and meld.rank == 4 and meld.wilds == 1


def test_pile_take_add_wild_to_own_set_book():
    s = facing(BOOK, "7S 7H 7C KD QD", "2C", lays=["set 7S 7H 7C"])
    accept(s, "take add 2C to 1")
    assert s.melds[0][0].wilds == 1


def test_pile_take_add_that_does_not_fit_refused_book():
    s = facing(BOOK, "7S 7H 7C KD QD", "9D", lays=["set 7S 7H 7C"])
    refuse(s, "take add 9D to 1", "That set is of sevens; the nine of diamonds cannot join it")
    refuse(s, "take add 9D to 2", "You have no meld number 2")


def test_pile_take_add_to_a_set_of_four_refused_book():
    s = facing(BOOK, "7S 7H 7C 7D KD QD", "7S", lays=["set 7S 7H 7C 7D"])
    refuse(s, "take add 7S to 1", "No meld may hold more than four cards")


def test_pile_take_add_needs_the_top_card_alone_book():
    s = facing(BOOK, "7S 7H 7C 7D KD QD", "7D", lays=["set 7S 7H 7C"])
    top, other = parse_card("7D"), parse_card("KD")
    refuse(s, Action(Act.TAKE_ADD, (top, other), 0),
           "7♦, at once in a new set or run with cards from your hand, or on one of your melds: "
           "it fits your meld 1")
    refuse(s, "take add KD to 1", "you must lay its top card, 7♦, at once")


def test_pile_take_swap_joker_in_a_set_book():
    s = facing(B1, "7S 7H JK KD QD", "7D", lays=["set 7S 7H JK"])
    events = accept(s, "take swap 7D into 1")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.SWAPPED]
    assert s.melds[0][0].cards == tuple(cards("7S 7H 7D"))
    assert JOKER in s.hands[0] and JOKER in s.known[0] and JOKER in s.view(1).known[0]
    assert_rest_of_pile_known(s)


def test_pile_take_swap_joker_in_a_run_book():
    s = facing(B1, "5S JK 7S KD QD", "6S", lays=["run 5S JK=6S 7S"])
    refuse(s, "take add 6S to 1", "A card added to a run must extend it at one end")
    accept(s, "take swap 6S into 1")
    assert s.melds[0][0].cards == tuple(cards("5S 6S 7S")) and s.melds[0][0].wilds == 0


def test_pile_take_swap_wrong_card_refused_book():
    s = facing(B1, "5S JK 7S KD QD", "8S", lays=["run 5S JK=6S 7S"])
    refuse(s, "take swap 8S into 1", "No joker in that run stands for the eight of spades")
    accept(s, "take add 8S to 1")


def test_pile_take_swap_without_jokers_refused_book():
    s = facing(BOOK, "7S 7H 2C KD QD", "7D", lays=["set 7S 7H 2C"])
    refuse(s, "take swap 7D into 1", "There are no jokers in this game to swap")
    accept(s, "take add 7D to 1")


def test_pile_take_swap_needs_the_top_card_alone_book():
    s = facing(B1, "7S 7H JK KD QD", "7D", lays=["set 7S 7H JK"])
    refuse(s, Action(Act.TAKE_SWAP, (parse_card("7D"), parse_card("KD")), 0),
           "on one of your melds, or in place of your joker: it fits your meld 1, or it can "
           "replace the joker in your meld 1")


def test_pile_take_book_refused_when_nothing_fits():
    s = facing(BOOK, "7S 7H 7C KD QD", "9D", lays=["set 7S 7H 7C"])
    assert [a.kind for a in s.legal_actions()] == [Act.DRAW]


def test_pile_take_add_refused_after_drawing_book():
    s = facing(BOOK, "7S 7H 7C KD QD", "7D", lays=["set 7S 7H 7C"])
    accept(s, "draw")
    refuse(s, "take add 7D to 1",
           "You may take the pile only instead of drawing, at the start of your turn")


# ----------------------------------------------------------------- easier pile pickups

@pytest.mark.parametrize("rule", [PileTake.NEW_SET, PileTake.NEW_MELD])
def test_easy_pile_take_add_allowed(rule):
    o = DIGITAL.with_changes(pile_take=rule, easy_pile=True)
    s = facing(o, "7S 7H 7C KD QD", "7D", lays=["set 7S 7H 7C"])
    events = accept(s, "take add 7D to 1")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.ADDED]
    assert_rest_of_pile_known(s)


def test_easy_pile_new_set_rule_also_allows_runs():
    o = DIGITAL.with_changes(easy_pile=True)
    s = facing(o, "5H 6H KD QD", "7H")
    accept(s, "take run 5H 6H 7H")


def test_easy_pile_new_set_rule_allows_three_from_hand():
    o = DIGITAL.with_changes(easy_pile=True)
    s = facing(o, "9S 9D 9C KD", "9H")
    accept(s, "take set 9H 9S 9D 9C")


def test_easy_pile_wild_top_added_to_own_run():
    o = CLASSIC.with_changes(easy_pile=True)
    s = facing(o, "5S 6S 7S KD QD", "2C", lays=["run 5S 6S 7S"])
    accept(s, "take add 2C=8S to 1")


def test_easy_pile_does_not_allow_the_joker_swap():
    """The joker swap is the book's own pile rule (USE_TOP), not part of easier pickups."""
    o = D1.with_changes(easy_pile=True)
    s = facing(o, "7S 7H JK KD QD", "7D", lays=["set 7S 7H JK"])
    refuse(s, "take swap 7D into 1", "at once in a new set or run with cards from your hand, or on "
           "one of your melds: it fits your meld 1")
    accept(s, "take add 7D to 1")


def test_easy_pile_still_needs_a_real_meld():
    o = DIGITAL.with_changes(easy_pile=True)
    s = facing(o, "9S KD QD", "9H")
    refuse(s, "take set 9H 9S", "nothing in your hand can, so draw from the stock")
    assert [a.kind for a in s.legal_actions()] == [Act.DRAW]


@pytest.mark.parametrize("options", [DIGITAL, CLASSIC, BOOK], ids=["digital", "classic", "book"])
def test_easy_pile_off_in_every_preset(options):
    assert options.easy_pile is False
    assert is_listed(facing(options, "9D 9C KD", "9H"), "take set 9H 9D 9C")
