"""The sparring styles value cards by the rules they play: in seven hands a 2 left in hand
costs 50 (20 in Oklahoma's table) and the queen of spades is an ordinary queen, so the same
hand is played differently under the two tables; and every population style answers an
offered discard by what it is worth to its hand, not by the order of the choices."""

from __future__ import annotations

from game.ai import population as P
from game.ai.sparring import Hoarder, hoarder_choice
from game.rules.actions import Act, parse_action
from game.rules.cards import parse_card
from game.rules.deal import Deal
from game.rules.options import SEVEN, CardValues
from game.rules.state import State
from tests.engine.test_variants_seven import three_seats

OKLAHOMA_VALUES = SEVEN.with_changes(card_values=CardValues.OKLAHOMA)
"""Seven hands as it is in every other way, scored by Oklahoma's table."""


def cards(text):
    return [parse_card(c) for c in text.split()]


def drawn(options, hand, other="AH 3S 5H 7C 8H 10S JS KS 4D 6D QD KD 3D"):
    """Seat 1 holds ``hand`` and has drawn the 4C, two players."""
    deal = Deal.arranged(options, [cards(hand), cards(other)], stock_top=cards("4C"))
    state = State(options, 2, 0, deal=deal)
    state.apply(parse_action("draw"))
    return state


HEAVY_TWOS = "2C 2D 2H 7S 7H 7D 3C 4H 5D 6S 8C 9D 3H"
"""Three 2s: 150 in hand by the seven-hand table (a hand the hoarder stops holding back),
60 by Oklahoma's."""


def test_the_hoarder_counts_twos_as_the_seven_hand_table_does():
    seven, oklahoma = drawn(SEVEN, HEAVY_TWOS), drawn(OKLAHOMA_VALUES, HEAVY_TWOS)
    assert seven.hands == oklahoma.hands
    in_seven = hoarder_choice(seven.view(0), seven.legal_actions())
    in_oklahoma = hoarder_choice(oklahoma.view(0), oklahoma.legal_actions())
    assert in_oklahoma.kind is Act.DISCARD  # 140 points in hand: it keeps holding back
    assert in_seven.kind in (Act.SET, Act.RUN)  # 165: too much at risk, it melds
    assert Hoarder(0).choose(seven.view(0), seven.legal_actions()) == in_seven


def test_the_sprinter_dumps_what_costs_most_in_this_game():
    hand = "2C AS 7S JS 3H 8H KH 5D 10D 9C QC"  # nothing melds with the 4C drawn, nor the 2
    seven, oklahoma = drawn(SEVEN, hand), drawn(OKLAHOMA_VALUES, hand)
    sprint = P.Sprinter(0)
    assert sprint.choose(seven.view(0), seven.legal_actions()) == \
        parse_action("discard 2C")  # a 2 in hand costs 50 here
    assert sprint.choose(oklahoma.view(0), oklahoma.legal_actions()) == \
        parse_action("discard AS")  # 20 by Oklahoma's table, as much as the ace


def test_the_queen_of_spades_is_an_ordinary_card_in_seven_hands():
    """A careful player keeps its 2 out of new melds while its hand is long, except to
    bury the queen of spades where that queen is dangerous; in seven hands it is not."""
    hand = "QS QH 2C AD 7S 3H 8H 5D 10D 9C"  # the one meld: QS QH 2C
    seven = drawn(SEVEN, hand)
    queens = drawn(SEVEN.with_changes(queen_of_spades_rules=True), hand)
    assert P.Careful(0).choose(seven.view(0), seven.legal_actions()).kind is Act.DISCARD
    assert P.Careful(0).choose(queens.view(0), queens.legal_actions()) == \
        parse_action("set QS QH 2C")


def offered_to_second_and_third():
    """Seat 1 discards the 9C: seat 2 holds no card near it, seat 3 a pair of nines."""
    state = three_seats()
    for text in ("draw", "discard 9C"):
        state.apply(parse_action(text))
    return state


def test_every_style_passes_a_lonely_card_and_takes_a_pair():
    for style in (P.MeldNow, P.PileHungry, P.Careful, P.Sprinter, P.Family):
        state = offered_to_second_and_third()
        assert style(1).choose(state.view(1), state.legal_actions()).kind is Act.PASS
        state.apply(parse_action("pass"))
        assert style(2).choose(state.view(2), state.legal_actions()) == \
            parse_action("take 9C"), style.name
