"""A refused pile take states the pile rule of the options in play and names what the mover's
own hand could do with the top card, or says that nothing can; the state stays as it was."""

from __future__ import annotations

import pytest
from positions import accept, position, refuse
from test_variants_pile import facing

from game.rules.options import BOOK, CLASSIC, DIGITAL

HAND = "10H 10C 8S 9S JS QS 5D"


def test_a_run_refused_under_the_set_rule_names_the_set_the_hand_holds_digital():
    s = facing(DIGITAL, HAND, "10S")
    refuse(s, "take set 10S JS QS",
           "To take the pile you must lay its top card, 10♠, at once in a new set with exactly two "
           "cards from your hand: you hold 10♥ 10♣ for a set")
    accept(s, "take set 10S 10H 10C")


def test_the_same_hand_under_the_meld_rule_also_names_its_runs_classic():
    s = facing(CLASSIC, HAND, "10S")
    why = ("To take the pile you must lay its top card, 10♠, at once in a new set or run with "
           "cards from your hand: you hold 10♥ 10♣ for a set or 8♠ 9♠ / 9♠ J♠ / J♠ Q♠ for a run")
    refuse(s, "take set 10S JS QS", why)
    refuse(s, "take run 10S 5D", why)


@pytest.mark.parametrize("run", ["8S 9S 10S", "9S 10S JS", "10S JS QS"])
def test_every_run_the_classic_refusal_names_takes_the_pile(run):
    s = facing(CLASSIC, HAND, "10S")
    accept(s, f"take run {run}")


def test_natural_sets_are_named_before_those_with_a_wild_digital():
    s = facing(DIGITAL, "9D 2C 9C KD", "9H")
    refuse(s, "take set 9H KD 9D", "you hold 9♦ 9♣ / 9♦ 2♣ / 9♣ 2♣ for a set")


def test_a_hand_that_can_do_nothing_is_told_so_and_sent_to_the_stock():
    s = facing(CLASSIC, "3S 5H KD QD", "9H")
    refuse(s, "take set 9H 5H 3S",
           "To take the pile you must lay its top card, 9♥, at once in a new set or run with cards "
           "from your hand: nothing in your hand can, so draw from the stock")


def test_the_book_rule_names_the_meld_the_top_card_fits_and_no_joker_without_jokers():
    s = facing(BOOK, "7S 7H 7C KD QD", "7D", lays=["set 7S 7H 7C"])
    refuse(s, "take set 7D KD QD",
           "To take the pile you must lay its top card, 7♦, at once in a new set or run with cards "
           "from your hand, or on one of your melds: it fits your meld 1")


def test_card_not_held_keeps_its_own_reason():
    s = position("QH QD 5C", "3C 4D 8H", pile="8C QS")
    refuse(s, "take set QS QH QC", "You do not hold the queen of clubs")
