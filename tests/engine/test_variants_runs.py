"""rules.md §2 rows "run length", "wilds in new runs", "meld slots per player" and "lay off on a
set of four", per preset; plus the 2-as-Q♠ restriction ("only wild in its run") that the
classic and book options make reachable.

Positions come from explicit deals (``positions.position``); seats are 0-based."""

from __future__ import annotations

import pytest
from positions import Act, Action, accept, is_listed, play, position, refuse

from game.rules import scoring
from game.rules.actions import DRAW
from game.rules.cards import parse_card
from game.rules.melds import MeldKind
from game.rules.options import CLASSIC, DIGITAL, PRESETS
from game.rules.state import Phase

ALL = sorted(PRESETS)
LONG = ["classic", "book"]


def agree(state):
    for a in state.legal_actions():
        assert state.check(a) is None, f"{a} listed but refused: {state.check(a)}"


def start(*hands, pile="3D", stock="9C", options=DIGITAL, first_seat=0):
    """A position whose opener has drawn (everyone passes an offered upcard first)."""
    s = position(*hands, pile=pile, stock=stock, options=options, first_seat=first_seat)
    if s.phase is Phase.OFFER:
        for _ in range(len(hands)):
            play(s, "pass")
    accept(s, "draw")
    return s


FULL_HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


# ----------------------------------------------------------------- run length

def test_run_length_3_to_4_digital():
    s = start("4S 5S 6S 7S 8S KD", "KH KC 5D")
    refuse(s, "run 4S 5S 6S 7S 8S", "A run needs three or four cards in sequence of one suit")
    assert not any(len(a.cards) > 4 for a in s.legal_actions())
    agree(s)
    accept(s, "run 4S 5S 6S 7S")
    refuse(s, "add 8S to 1", "No run may hold more than 4 cards")


def test_run_of_four_then_no_wild_added_digital():
    s = start("4S 5S 6S 7S 2C KD", "KH KC 5D")
    accept(s, "run 4S 5S 6S 7S")
    refuse(s, "add 2C=8S to 1", "No run may hold more than 4 cards")
    refuse(s, "add 2C=3S to 1", "No run may hold more than 4 cards")


@pytest.mark.parametrize("name", LONG)
def test_run_length_as_long_as_the_suit_allows_ace_low(name):
    o = PRESETS[name]
    s = start(FULL_HEARTS + " KD", "KH KC 5D", options=o)
    assert is_listed(s, "run " + FULL_HEARTS)
    agree(s)
    accept(s, "run " + FULL_HEARTS)
    meld = s.melds[0][0]
    assert meld.kind is MeldKind.RUN and len(meld.cards) == 13 and meld.rank == 1
    assert scoring.meld_points(meld, o) == 20 + 5 + 5 * 5 + 10 * 6
    refuse(s, "add AH to 1", "You do not hold the ace of hearts")


@pytest.mark.parametrize("name", LONG)
def test_run_of_thirteen_ace_high(name):
    o = PRESETS[name]
    s = start("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH KD", "KH KC 5D", options=o)
    accept(s, "run 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert s.melds[0][0].rank == 2 and s.melds[0][0].high == 14


@pytest.mark.parametrize("name", LONG)
def test_long_run_may_not_hold_the_ace_at_both_ends(name):
    o = PRESETS[name]
    s = start(FULL_HEARTS + " AH KD", "KH KC 5D", options=o)
    refuse(s, "run " + FULL_HEARTS + " AH", "A run needs at least three cards")
    accept(s, "run " + FULL_HEARTS)
    refuse(s, "add AH to 1", "An ace is low or high in a run, never both")
    agree(s)


@pytest.mark.parametrize("name", LONG)
def test_long_run_grows_one_card_at_a_time(name):
    o = PRESETS[name]
    s = start("5C 6C 7C 8C 9C 4C 3C KD", "KH KC 5D", options=o)
    accept(s, "run 5C 6C 7C 8C 9C")
    accept(s, "add 4C to 1")
    accept(s, "add 3C to 1")
    assert len(s.melds[0][0].cards) == 7
    refuse(s, "add KD to 1", "That run is in clubs")


@pytest.mark.parametrize("name", LONG)
def test_no_wrapping_in_long_runs(name):
    s = start("QS KS AS 2S 3S 9D", "KH KC 5D", options=PRESETS[name])
    refuse(s, "run QS KS AS 2S 3S", "A run cannot wrap around the ace")


def test_run_max_five_custom():
    o = CLASSIC.with_changes(run_max=5)
    s = start("4S 5S 6S 7S 8S 9S KD", "KH KC 5D", options=o)
    refuse(s, "run 4S 5S 6S 7S 8S 9S", "A run needs at least three cards in sequence")
    accept(s, "run 4S 5S 6S 7S 8S")
    refuse(s, "add 9S to 1", "No run may hold more than 5 cards")
    assert not is_listed(s, "add 9S to 1")


# ----------------------------------------------------------------- sets cap at four

@pytest.mark.parametrize("name", ALL)
def test_lay_off_on_a_set_of_four_refused(name):
    o = PRESETS[name]
    s = start("7S 7H 7D 7C 7S 2C KD", "KH KC 5D", options=o)
    refuse(s, "set 7S 7H 7D 7C 7S", "A set needs three or four cards")
    accept(s, "set 7S 7H 7D 7C")
    refuse(s, "add 7S to 1", "No meld may hold more than four cards")
    refuse(s, "add 2C to 1", "No meld may hold more than four cards")
    agree(s)


# ----------------------------------------------------------------- wilds in new runs

def test_wilds_in_new_runs_refused_digital():
    s = start("7S 8S 2C 4D KD", "KH KC 5D")
    refuse(s, "run 7S 8S 2C=9S", "A new run is laid with natural cards only; add a 2 to it later")
    refuse(s, "run 2C=6S 7S 8S", "A new run is laid with natural cards only")
    assert not any(a.kind.name == "RUN" for a in s.legal_actions())


def test_natural_2_in_its_place_makes_a_natural_run_digital():
    s = start("AS 2S 3S KD", "KH KC 5D")
    accept(s, "run AS 2S 3S")
    assert s.melds[0][0].wilds == 0
    assert scoring.meld_points(s.melds[0][0], DIGITAL) == 20 + 5 + 5


def test_wild_added_to_a_run_later_digital():
    s = start("7S 8S 9S 2C KD", "KH KC 5D")
    accept(s, "run 7S 8S 9S")
    accept(s, "add 2C=10S to 1")
    assert s.melds[0][0].wilds == 1


@pytest.mark.parametrize("name", LONG)
def test_wild_in_a_new_run_with_two_naturals(name):
    o = PRESETS[name]
    s = start("7S 9S 2C 4D KD", "KH KC 5D", options=o)
    agree(s)
    assert is_listed(s, "run 7S 2C=8S 9S")
    accept(s, "run 7S 2C=8S 9S")
    assert s.melds[0][0].wilds == 1


@pytest.mark.parametrize("name", LONG)
def test_wild_in_a_new_run_with_one_natural_refused(name):
    o = PRESETS[name]
    s = start("7S 2D 2C 4D KD", "KH KC 5D", options=o)
    refuse(s, "run 7S 2C=8S 2D=9S", "A run needs at least two natural cards")
    refuse(s, "run 2C=5S 2D=6S 7S", "A run needs at least two natural cards")
    agree(s)


@pytest.mark.parametrize("name", LONG)
def test_natural_2_in_its_place_counts_as_a_natural_in_a_wild_run(name):
    o = PRESETS[name]
    s = start("2S 3S 2H 9D KD", "KH KC 5D", options=o)
    assert is_listed(s, "run 2S 3S 2H=4S")
    accept(s, "run 2S 3S 2H=4S")
    meld = s.melds[0][0]
    assert meld.wilds == 1 and meld.is_natural_at(0) and not meld.is_natural_at(2)
    assert scoring.meld_points(meld, o) == 5 + 5 + 5


@pytest.mark.parametrize("name", LONG)
def test_long_wild_run_with_several_wilds(name):
    o = PRESETS[name]
    s = start("5H 2C 2D 8H 9H KD", "KH KC 5D", options=o)
    accept(s, "run 5H 2C=6H 2D=7H 8H 9H")
    assert s.melds[0][0].wilds == 2
    assert scoring.meld_points(s.melds[0][0], o) == 5 * 3 + 10 * 2


# ----------------------------------------------------------------- a 2 standing for the Q♠

@pytest.mark.parametrize("name", LONG)
def test_two_as_queen_of_spades_must_be_the_only_wild_in_a_new_run(name):
    o = PRESETS[name]
    s = start("10S 2C 2D KS JS KD", "KH KC 5D", options=o)
    refuse(s, "run 10S 2C=JS 2D=QS KS",
           "A 2 may stand for the queen of spades only as the only wild in its run")
    agree(s)
    accept(s, "run JS 2D=QS KS")


@pytest.mark.parametrize("name", LONG)
def test_no_second_wild_beside_a_2_standing_for_the_queen_of_spades(name):
    o = PRESETS[name]
    s = start("JS 2D KS 2C 9S 10S KD", "KH KC 5D", options=o)
    accept(s, "run JS 2D=QS KS")
    refuse(s, "add 2C=10S to 1",
           "A 2 may stand for the queen of spades only as the only wild in its run")
    refuse(s, "add 2C=AS to 1",
           "A 2 may stand for the queen of spades only as the only wild in its run")
    accept(s, "add 10S to 1")
    agree(s)


@pytest.mark.parametrize("name", LONG)
def test_2_as_queen_of_spades_refused_when_the_run_already_has_a_wild(name):
    o = PRESETS[name]
    s = start("9S 2D JS 2C KD", "KH KC 5D", options=o)
    accept(s, "run 9S 2D=10S JS")
    refuse(s, "add 2C=QS to 1",
           "A 2 may stand for the queen of spades only as the only wild in its run")
    agree(s)


# ----------------------------------------------------------------- meld slots

SEVEN_SETS = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9S 9H 9D KC"


def lay_six(s):
    for r in "345678":
        accept(s, f"set {r}S {r}H {r}D")
    assert len(s.melds[0]) == 6


def test_meld_slots_six_digital():
    s = start(SEVEN_SETS, "KH QC 5C")
    lay_six(s)
    refuse(s, "set 9S 9H 9D", "You already have 6 melds on the table, the most allowed")
    assert not any(a.kind.name in ("SET", "RUN") for a in s.legal_actions())
    agree(s)


def test_meld_slots_six_adding_still_allowed_digital():
    s = start(SEVEN_SETS + " 3C", "KH QC 5C")
    lay_six(s)
    accept(s, "add 3C to 1")
    assert len(s.melds[0][0].cards) == 4


def test_meld_slots_six_pile_take_refused_digital():
    s = start(SEVEN_SETS, "KH QC 5C 9C", stock="10C 10D")
    lay_six(s)
    accept(s, "discard 10C")
    accept(s, "draw")
    accept(s, "discard 9C")
    assert s.turn == 0
    refuse(s, "take set 9S 9H 9C", "You already have 6 melds on the table, the most allowed")
    assert s.legal_actions() == [DRAW]


@pytest.mark.parametrize("name", LONG)
def test_meld_slots_unlimited(name):
    o = PRESETS[name]
    s = start(SEVEN_SETS + " 10S 10H 10D", "KH QC 5C", options=o)
    lay_six(s)
    accept(s, "set 9S 9H 9D")
    accept(s, "set 10S 10H 10D")
    assert len(s.melds[0]) == 8


@pytest.mark.parametrize("name", LONG)
def test_meld_slots_unlimited_pile_take_with_seven_melds(name):
    o = PRESETS[name]
    s = start(SEVEN_SETS + " 10S 10H 10D", "KH QC 5C 10C", stock="9C JD", options=o)
    lay_six(s)
    accept(s, "set 9S 9H 9D")
    accept(s, "discard 9C")
    accept(s, "draw")
    accept(s, "discard 10C")
    accept(s, "take set 10S 10H 10C")
    assert len(s.melds[0]) == 8


def test_meld_slots_custom_two():
    o = DIGITAL.with_changes(meld_slots=2)
    s = start("3S 3H 3D 4S 4H 4D 5S 5H 5D KC", "KH QC 5C", options=o)
    accept(s, "set 3S 3H 3D")
    accept(s, "set 4S 4H 4D")
    refuse(s, "set 5S 5H 5D", "You already have 2 melds on the table")


# ----------------------------------------------------------------- naming a wild

@pytest.mark.parametrize("name", ALL)
def test_naming_a_wild_added_to_a_run(name):
    """Every preset: a 2 added to a run names the card it stands for, which decides the end."""
    s = start("7S 8S 9S 2C 2D KD", "KH KC 5D", options=PRESETS[name])
    accept(s, "run 7S 8S 9S")
    refuse(s, "add 2C to 1", "Say which card the wild stands for in the run")
    refuse(s, "add 2C=8S to 1", "A card added to a run must extend it at one end")
    refuse(s, "add 2C=10H to 1", "That run is in spades")
    assert is_listed(s, "add 2C=6S to 1") and is_listed(s, "add 2C=10S to 1")
    accept(s, "add 2C=6S to 1")
    assert s.melds[0][0].rank == 6 and s.melds[0][0].stands_for(0) == parse_card("6S")


@pytest.mark.parametrize("name", ALL)
def test_naming_a_wild_only_in_a_run(name):
    s = start("7S 7H 7D 2C KD", "KH KC 5D", options=PRESETS[name])
    accept(s, "set 7S 7H 7D")
    refuse(s, "add 2C=7C to 1", "Only a 2 or a joker added to a run names the card it stands for")
    refuse(s, Action(Act.ADD, (parse_card("KD"),), 0, parse_card("KD")),
           "Only a 2 or a joker added to a run names the card it stands for")
    accept(s, "add 2C to 1")
