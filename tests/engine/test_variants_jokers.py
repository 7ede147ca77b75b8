"""rules.md §2 "jokers" row and the joker paragraph: 0 (digital), 0 or 1 (classic variation,
book's choice), up to 2 in the options. A joker is wild like a 2 with no restrictions of its
own, scores 100 melded and -200 in hand, may not join a meld of 2s, and its owner may swap in
the natural card it stands for and take it back ("naming a wild" row: 2s are never swapped).

Positions come from explicit deals (``positions.position``); seats are 0-based."""

from __future__ import annotations

import pytest
from positions import accept, cards, is_listed, parse_action, play, position, refuse

from game.rules import scoring
from game.rules.cards import JOKER, parse_card
from game.rules.events import Ev
from game.rules.melds import MeldKind, add_to, new_run, new_set
from game.rules.options import BOOK, CLASSIC, DIGITAL
from game.rules.state import Phase

D1 = DIGITAL.with_changes(jokers=1)
D2 = DIGITAL.with_changes(jokers=2)
C1 = CLASSIC.with_changes(jokers=1)
B1 = BOOK.with_changes(jokers=1)
JOKER_PRESETS = {"digital": D1, "classic": C1, "book": B1}


def agree(state):
    """Everything ``legal_actions()`` lists passes ``check``."""
    for a in state.legal_actions():
        assert state.check(a) is None, f"{a} listed but refused: {state.check(a)}"


def start(*hands, pile="3D", stock="", options=D1, first_seat=0):
    """A position; under an upcard offer everyone passes, so the opener must draw."""
    s = position(*hands, pile=pile, stock=stock, options=options, first_seat=first_seat)
    if s.phase is Phase.OFFER:
        for _ in range(len(hands)):
            play(s, "pass")
    assert s.phase is Phase.DRAW and s.turn == first_seat
    return s


# ----------------------------------------------------------------- values

def test_joker_values_melded_100_in_hand_minus_200_digital_one_joker():
    s = start("7S 7H JK", "JK KH 5C", options=D2, stock="4C")
    accept(s, "draw")
    accept(s, "set 7S 7H JK")
    events = accept(s, "discard 4C")
    ended = events[-1]
    assert ended.kind is Ev.HAND_ENDED and ended.seat == 0
    assert ended.scores == (5 + 5 + 100 + 100, -(200 + 10 + 5))


@pytest.mark.parametrize("name", sorted(JOKER_PRESETS))
def test_joker_values_in_a_set_and_in_a_run(name):
    o = JOKER_PRESETS[name]
    c = parse_card
    in_set = new_set([c("QS"), c("QH"), JOKER], o)
    assert scoring.meld_points(in_set, o) == 50 + 10 + 100
    run = add_to(new_run([c("9H"), c("10H"), c("JH")], o), JOKER, c("QH"), o)
    assert run.kind is MeldKind.RUN and run.wilds == 1
    assert scoring.meld_points(run, o) == 10 * 3 + 100
    as_queen = add_to(new_run([c("9S"), c("10S"), c("JS")], o), JOKER, c("QS"), o)
    assert scoring.meld_points(as_queen, o) == 30 + 100, "a joker scores 100, even as the Q♠"
    assert scoring.hand_penalty([JOKER]) == 200
    assert scoring.hand_penalty([JOKER, JOKER, c("2S")]) == 420


def test_two_jokers_deal_two_jokers_and_both_may_be_melded():
    s = start("JK JK 9D", "KH KD 5C", options=D2, stock="4C")
    accept(s, "draw")
    accept(s, "set 9D JK JK")
    assert s.melds[0][0].cards == (parse_card("9D"), JOKER, JOKER)
    assert scoring.meld_points(s.melds[0][0], D2) == 10 + 200


# ----------------------------------------------------------------- the joker as a wild

@pytest.mark.parametrize("name", sorted(JOKER_PRESETS))
def test_joker_stands_in_a_new_set(name):
    s = start("7S JK 2C 4C", "KH KD 5C", options=JOKER_PRESETS[name], stock="9H")
    accept(s, "draw")
    agree(s)
    accept(s, "set 7S 2C JK")
    assert s.melds[0][0].wilds == 2


def test_set_of_only_a_joker_and_2s_refused_digital():
    s = start("JK 2C 2D 4C", "KH KD 5C", options=D1, stock="9H")
    accept(s, "draw")
    refuse(s, "set 2C 2D JK", "A meld of 2s holds only 2s")
    refuse(s, "set JK 2C 2D", "A meld of 2s holds only 2s")


@pytest.mark.parametrize("name", sorted(JOKER_PRESETS))
def test_joker_may_not_join_a_meld_of_2s(name):
    o = JOKER_PRESETS[name]
    s = start("2S 2H 2D JK 4C 5C", "KH KD 5D", options=o, stock="9H")
    accept(s, "draw")
    accept(s, "set 2S 2H 2D")
    assert s.melds[0][0].kind is MeldKind.TWOS
    refuse(s, "add JK to 1", "A meld of 2s takes only more 2s")
    refuse(s, "set 2S 2H JK", "You do not hold the two of spades")


def test_joker_on_top_may_not_take_the_pile_as_a_meld_of_2s_digital():
    s = start("2S 2H 9C", "KH KD 5D", pile="4D JK", options=D1)
    refuse(s, "take set 2S 2H JK", "the joker, at once in a new set with exactly two cards from "
           "your hand: you hold 9♣ 2♥ for a set")
    agree(s)


def test_joker_on_top_takes_the_pile_with_a_pair_digital():
    s = start("9S 9H 4C", "KH KD 5D", pile="4D JK", options=D1)
    agree(s)
    events = accept(s, "take set 9S 9H JK")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.MELDED]
    assert s.hands[0] == sorted(cards("4C 4D"))


def test_joker_not_in_a_new_run_digital():
    s = start("7S 8S JK 4C", "KH KD 5C", options=D1, stock="9H")
    accept(s, "draw")
    refuse(s, "run 7S 8S JK", "A new run is laid with natural cards only")


def test_joker_added_to_a_run_later_digital():
    s = start("7S 8S 9S JK 4C", "KH KD 5C", options=D1, stock="9H")
    accept(s, "draw")
    accept(s, "run 7S 8S 9S")
    refuse(s, "add JK to 1", "Say which card the wild stands for in the run")
    refuse(s, "add JK=8H to 1", "That run is in spades")
    accept(s, "add JK=10S to 1")
    assert s.melds[0][0].cards == tuple(cards("7S 8S 9S")) + (JOKER,)


@pytest.mark.parametrize("name", ["classic", "book"])
def test_joker_in_a_new_run_with_two_naturals_classic_and_book(name):
    s = start("7S 9S JK 2D 5C 6H", "KH KD 5D", options=JOKER_PRESETS[name], stock="9H")
    accept(s, "draw")
    agree(s)
    refuse(s, "run JK=3C 2D=4C 5C", "A run needs at least two natural cards")
    accept(s, "run 7S JK=8S 9S")


def test_joker_may_stand_for_the_queen_of_spades_beside_a_2_classic():
    s = start("10S 2C JK KS 4C", "KH KD 5D", options=C1, stock="9H")
    accept(s, "draw")
    assert is_listed(s, "run 10S 2C=JS JK=QS KS")
    refuse(s, "run 10S JK=JS 2C=QS KS",
           "A 2 may stand for the queen of spades only as the only wild in its run")
    accept(s, "run 10S 2C=JS JK=QS KS")
    assert scoring.meld_points(s.melds[0][0], C1) == 10 + 10 + 100 + 10


def test_joker_may_be_added_as_queen_of_spades_to_a_run_with_a_2_classic():
    s = start("9S 2C JK 4C 5C", "KH KD 5D", options=C1, stock="JS")
    accept(s, "draw")
    accept(s, "run 9S 2C=10S JS")
    refuse(s, "add 2C=QS to 1", "You do not hold")  # only one 2 held
    accept(s, "add JK=QS to 1")
    assert s.melds[0][0].wilds == 2


# ----------------------------------------------------------------- swapping the joker back

@pytest.mark.parametrize("name", sorted(JOKER_PRESETS))
def test_owner_swaps_a_natural_for_the_joker_in_a_set(name):
    o = JOKER_PRESETS[name]
    s = start("7S 7H JK 7D 4C 5C", "KH KD 5D", options=o, stock="9H")
    accept(s, "draw")
    accept(s, "set 7S 7H JK")
    agree(s)
    events = accept(s, "swap 7D into 1")
    assert [e.kind for e in events] == [Ev.SWAPPED]
    assert events[0].cards == (parse_card("7D"), JOKER)
    assert s.melds[0][0].cards == tuple(cards("7S 7H 7D")) and s.melds[0][0].wilds == 0
    assert JOKER in s.hands[0] and parse_card("7D") not in s.hands[0]
    assert JOKER in s.known[0], "everyone saw the joker go back to the hand"
    assert s.phase is Phase.MELD and s.turn == 0


@pytest.mark.parametrize("name", sorted(JOKER_PRESETS))
def test_owner_swaps_the_natural_the_joker_stands_for_in_a_run(name):
    o = JOKER_PRESETS[name]
    s = start("7S 8S 9S JK 6S 6H 4C", "KH KD 5D", options=o, stock="9H")
    accept(s, "draw")
    accept(s, "run 7S 8S 9S")
    accept(s, "add JK=6S to 1")
    refuse(s, "swap 6H into 1", "No joker in that run stands for the six of hearts")
    refuse(s, "swap 9H into 1", "No joker in that run stands for the nine of hearts")
    accept(s, "swap 6S into 1")
    assert s.melds[0][0].cards == tuple(cards("6S 7S 8S 9S"))
    assert s.melds[0][0].wilds == 0
    assert s.hands[0].count(JOKER) == 1


@pytest.mark.parametrize("name", sorted(JOKER_PRESETS))
def test_swap_refusals(name):
    o = JOKER_PRESETS[name]
    s = start("7S 7H JK 7D 8D 8H 8C 4C 5C", "KH KD 5D", options=o, stock="9H")
    refuse(s, "swap 7D into 1", "Draw from the stock or take the pile first")
    accept(s, "draw")
    refuse(s, "swap 7D into 1", "You have no meld number 1")
    accept(s, "set 7S 7H JK")
    accept(s, "set 8D 8H 8C")
    refuse(s, "swap 8D into 1", "You do not hold the eight of diamonds")
    refuse(s, "swap 4C into 1", "The joker in that meld does not stand for the four of clubs")
    refuse(s, "swap 7D into 2", "That meld holds no joker to swap")
    refuse(s, "swap 7D into 3", "You have no meld number 3")
    agree(s)


def test_a_2_is_never_swapped_out_book():
    s = start("7S 7H 2C 7D 4C 5C", "KH KD 5D", options=B1, stock="9H")
    accept(s, "draw")
    accept(s, "set 7S 7H 2C")
    refuse(s, "swap 7D into 1", "That meld holds no joker to swap")


def test_no_swapping_without_jokers_digital():
    s = start("7S 7H 2C 7D 4C 5C", "KH KD 5D", options=DIGITAL, stock="9H")
    accept(s, "draw")
    accept(s, "set 7S 7H 2C")
    refuse(s, "swap 7D into 1", "There are no jokers in this game to swap")


def test_only_the_owner_may_swap_digital():
    """Meld numbers name the mover's own melds: the opponent's joker is out of reach."""
    s = start("7S 7H JK 4C 5C 6D", "7D KD 5D 9C", options=D1, stock="9H 10H")
    accept(s, "draw")
    accept(s, "set 7S 7H JK")
    accept(s, "discard 9H")
    accept(s, "draw")
    refuse(s, "swap 7D into 1", "You have no meld number 1")


def test_the_swapped_joker_can_be_used_again_digital():
    s = start("7S 7H JK 7D 9C 9H 4C", "KH KD 5D", options=D1, stock="9H")
    accept(s, "draw")
    accept(s, "set 7S 7H JK")
    accept(s, "swap 7D into 1")
    accept(s, "set 9C 9H JK")
    assert [m.cards for m in s.melds[0]] == [tuple(cards("7S 7H 7D")),
                                             tuple(cards("9H 9C")) + (JOKER,)]


# ----------------------------------------------------------------- the last card and the joker

@pytest.mark.parametrize("options", [B1, D1.with_changes(go_out_by_melding=False)],
                         ids=["book", "digital-no-melding-out"])
def test_swap_with_the_last_card_when_going_out_only_by_discarding(options):
    """A swap keeps the hand's size (the joker comes back), so even with one card left and
    going out only by discarding, the owner may swap it in and then discard the joker. The
    checker accepts it; the generator must list it too (legal.py promises the two agree)."""
    s = start("7S 7H JK 7D 5C 5H", "KH KC 4D", stock="5S", options=options)
    accept(s, "draw")
    accept(s, "set 7S 7H JK")
    accept(s, "set 5C 5H 5S")
    assert s.hands[0] == cards("7D")
    assert s.check(parse_action("swap 7D into 1")) is None
    assert is_listed(s, "swap 7D into 1"), \
        "check accepts 'swap 7D into 1' but legal_actions() omits it"
    accept(s, "swap 7D into 1")
    events = accept(s, "discard JK")
    assert events[-1].kind is Ev.HAND_ENDED and events[-1].seat == 0


def test_swap_with_the_last_card_listed_when_going_out_by_melding_digital():
    s = start("7S 7H JK 7D 5C 5H", "KH KC 4D", stock="5S", options=D1)
    accept(s, "draw")
    accept(s, "set 7S 7H JK")
    accept(s, "set 5C 5H 5S")
    accept(s, "swap 7D into 1")
    assert s.hands[0] == [JOKER]
