"""rules.md §1 "A turn" and "Going out": drawing from the stock, taking the whole pile with a
new set, the queen of spades discard rule, and going out."""


from positions import Phase, accept, cards, codes, is_listed, play, position, refuse

from game.rules.cards import parse_card
from game.rules.events import Ev
from game.rules.melds import MeldKind

SET_RULE = "at once in a new set with exactly two cards from your hand: "
"""The digital pile rule, as a refused take states it."""

# ------------------------------------------------------------------ draw from the stock


def test_draw_takes_the_top_stock_card_into_hand_and_phase_becomes_meld():
    s = position("5S 9H KD", "3C 4D 8H", pile="JC", stock="7C 8D")
    stock_before = len(s.stock)
    events = accept(s, "draw")
    assert codes(s.hands[0]) == ["5S", "7C", "9H", "KD"]
    assert len(s.stock) == stock_before - 1
    assert s.stock[-1] == parse_card("8D"), "the next stock card is now on top"
    assert s.pile == cards("JC")
    assert s.phase is Phase.MELD and s.turn == 0
    assert [e.kind for e in events] == [Ev.DREW]
    assert events[0].cards == (parse_card("7C"),)


def test_cannot_draw_twice_in_one_turn():
    s = position("5S 9H KD", "3C 4D 8H", pile="JC", stock="7C 8D")
    play(s, "draw")
    refuse(s, "draw", "already drawn")


def test_cannot_discard_before_drawing():
    s = position("5S 9H KD", "3C 4D 8H", pile="JC")
    refuse(s, "discard 9H", "Draw from the stock or take the pile first")


def test_cannot_meld_before_drawing():
    s = position("5S 6S 7S 9H 9D 9C", "3C 4D 8H", pile="JC")
    refuse(s, "run 5S 6S 7S", "Draw from the stock or take the pile first")
    refuse(s, "set 9H 9D 9C", "Draw from the stock or take the pile first")


def test_cannot_add_before_drawing():
    s = position("5S 6S 7S 8S 9H", "3C 4D 8H", pile="JC", stock="KC KH")
    play(s, "draw", "run 5S 6S 7S", "discard KC", "draw", "discard 3C")
    refuse(s, "add 8S to 1", "Draw from the stock or take the pile first")


def test_turn_passes_to_the_next_seat_after_a_discard():
    s = position("5S 9H", "3C 4D", "6H 6D", pile="JC", stock="KC KH QD")
    play(s, "draw", "discard KC")
    assert s.turn == 1 and s.phase is Phase.DRAW
    play(s, "draw", "discard KH")
    assert s.turn == 2
    play(s, "draw", "discard QD")
    assert s.turn == 0, "play goes 1, 2, ..., n, 1"
    assert s.pile[-3:] == cards("KC KH QD")


# ------------------------------------------------------------------ take the whole pile


def test_pile_take_with_two_naturals_lays_the_set_at_once_and_the_rest_goes_to_hand():
    s = position("QH QD 5C 7D 9S", "3C 4D 8H", pile="3H 8C QS")
    events = accept(s, "take set QS QH QD")
    assert [m.kind for m in s.melds[0]] == [MeldKind.SET]
    assert sorted(s.melds[0][0].cards) == sorted(cards("QS QH QD"))
    assert codes(s.hands[0]) == ["3H", "5C", "7D", "8C", "9S"]
    assert s.pile == []
    assert s.phase is Phase.MELD and s.turn == 0
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.MELDED]
    assert events[0].cards == tuple(cards("3H 8C QS"))


def test_pile_take_with_a_natural_and_a_wild_from_hand():
    s = position("QH 2C 5C", "3C 4D 8H", pile="8C QS")
    accept(s, "take set QS QH 2C")
    assert s.melds[0][0].kind is MeldKind.SET and s.melds[0][0].rank == 12
    assert s.melds[0][0].wilds == 1
    assert codes(s.hands[0]) == ["5C", "8C"]


def test_pile_take_with_two_wilds_from_hand_the_top_being_the_natural():
    s = position("2H 2C 5C", "3C 4D 8H", pile="8C QS")
    accept(s, "take set QS 2H 2C")
    assert s.melds[0][0].kind is MeldKind.SET and s.melds[0][0].wilds == 2


def test_pile_take_two_on_top_is_a_wild_with_a_natural_pair_from_hand():
    s = position("9S 9C 5C", "3C 4D 8H", pile="8C 2D")
    accept(s, "take set 9S 9C 2D")
    m = s.melds[0][0]
    assert m.kind is MeldKind.SET and m.rank == 9 and m.wilds == 1


def test_pile_take_two_on_top_is_a_wild_with_a_natural_and_a_wild_from_hand():
    s = position("9S 2C 5C", "3C 4D 8H", pile="8C 2D")
    accept(s, "take set 9S 2C 2D")
    m = s.melds[0][0]
    assert m.kind is MeldKind.SET and m.rank == 9 and m.wilds == 2


def test_pile_take_two_on_top_forms_a_meld_of_twos_with_two_more_twos():
    s = position("2C 2H 5C", "3C 4D 8H", pile="8C 2D")
    accept(s, "take set 2D 2C 2H")
    assert s.melds[0][0].kind is MeldKind.TWOS


def test_pile_take_refused_with_one_card_from_hand():
    s = position("QH QD 5C", "3C 4D 8H", pile="8C QS")
    refuse(s, "take set QS QH", f"Q♠, {SET_RULE}you hold Q♥ Q♦ for a set")


def test_pile_take_refused_with_three_cards_from_hand():
    s = position("QH QD QC 5C", "3C 4D 8H", pile="8C QS")
    refuse(s, "take set QS QH QD QC",
           f"Q♠, {SET_RULE}you hold Q♥ Q♦ / Q♥ Q♣ / Q♦ Q♣ for a set")


def test_pile_take_refused_with_a_run():
    s = position("5S 6S 9C", "3C 4D 8H", pile="8C 7S")
    refuse(s, "take run 5S 6S 7S", f"7♠, {SET_RULE}nothing in your hand can")


def test_pile_take_refused_when_the_three_are_not_one_rank():
    s = position("QH 9C 5C", "3C 4D 8H", pile="8C QS")
    refuse(s, "take set QS QH 9C", f"Q♠, {SET_RULE}nothing in your hand can")


def test_pile_take_two_on_top_refused_with_naturals_of_two_ranks():
    s = position("9S 8S 5C", "3C 4D 8H", pile="8C 2D")
    refuse(s, "take set 9S 8S 2D", f"2♦, {SET_RULE}nothing in your hand can")


def test_pile_take_must_use_the_top_card():
    s = position("QH QD QC", "3C 4D 8H", pile="QS 8C")
    refuse(s, "take set QH QD QC", f"8♣, {SET_RULE}nothing in your hand can")


def test_pile_take_refused_without_the_cards_in_hand():
    s = position("QH 5C 6C", "3C 4D 8H", pile="8C QS")
    refuse(s, "take set QS QH QD", "do not hold the queen of diamonds")


def test_pile_take_refused_on_an_empty_pile():
    s = position("QH QD 5C", "3C 4D 8H", pile="")
    assert s.pile == []
    refuse(s, "take set QS QH QD", "pile is empty")
    accept(s, "draw")


def test_pile_take_refused_after_drawing():
    s = position("QH QD 5C", "3C 4D 8H", pile="8C QS", stock="3S")
    play(s, "draw")
    refuse(s, "take set QS QH QD", "only instead of drawing")


SIX_SETS = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 8H 8D"


def test_pile_take_refused_with_six_melds_down():
    s = position(SIX_SETS + " KH KD 9C", "JC 10C 4C", pile="JD", stock="AC KS")
    play(s, "draw", *[f"set {' '.join(SIX_SETS.split()[i:i + 3])}" for i in range(0, 18, 3)],
         "discard AC", "draw", "discard KS")
    assert len(s.melds[0]) == 6 and s.turn == 0 and s.pile[-1] == parse_card("KS")
    refuse(s, "take set KS KH KD", "6 melds")
    accept(s, "draw")


def test_pile_take_listed_with_five_melds_down():
    five = " ".join(SIX_SETS.split()[:15])
    s = position(five + " KH KD 9C", "JC 10C 4C", pile="JD", stock="AC KS")
    play(s, "draw", *[f"set {' '.join(five.split()[i:i + 3])}" for i in range(0, 15, 3)],
         "discard AC", "draw", "discard KS")
    accept(s, "take set KS KH KD")
    assert len(s.melds[0]) == 6


# ------------------------------------------------------------------ the queen of spades


def test_queen_of_spades_discard_refused_while_holding_other_cards():
    s = position("QS 5H 9D", "3C 4D 8H", pile="JC", stock="KC")
    play(s, "draw")
    refuse(s, "discard QS", "queen of spades while you hold other cards")
    accept(s, "discard 5H")


def test_queen_of_spades_discard_allowed_as_the_last_card():
    s = position("QS 7H 7D", "3C 4D 8H", pile="JC", stock="7C")
    play(s, "draw", "set 7H 7D 7C")
    assert codes(s.hands[0]) == ["QS"]
    events = accept(s, "discard QS")
    assert [e.kind for e in events] == [Ev.DISCARDED, Ev.HAND_ENDED]
    assert events[-1].seat == 0


def test_queen_of_spades_discard_allowed_when_the_hand_is_only_queens_of_spades():
    s = position("QS QS 9H 9D", "3C 4D 8H", pile="JC", stock="9C")
    play(s, "draw", "set 9H 9D 9C")
    assert codes(s.hands[0]) == ["QS", "QS"]
    accept(s, "discard QS")
    assert codes(s.hands[0]) == ["QS"] and s.turn == 1


# ------------------------------------------------------------------ going out


def test_going_out_by_discarding_the_last_card_ends_the_hand_with_the_bonus():
    s = position("7H 7D 9C", "3C 4D 8H", pile="JC", stock="7C")
    play(s, "draw", "set 7H 7D 7C")
    events = accept(s, "discard 9C")
    assert [e.kind for e in events] == [Ev.DISCARDED, Ev.HAND_ENDED]
    assert events[-1].seat == 0
    assert events[-1].scores == (15 + 100, -5 - 5 - 10)
    assert s.phase is Phase.HAND_OVER


def test_going_out_by_melding_every_card_ends_the_hand_at_once():
    s = position("7H 7D 7C 5S 6S", "3C 4D 8H", pile="JC", stock="4S")
    play(s, "draw", "set 7H 7D 7C")
    events = accept(s, "run 4S 5S 6S")
    assert [e.kind for e in events] == [Ev.MELDED, Ev.HAND_ENDED]
    assert events[-1].seat == 0
    assert events[-1].scores == (15 + 15 + 100, -20)
    assert s.phase is Phase.HAND_OVER
    assert s.legal_actions() == []
    refuse(s, "discard 7H", "hand is over")


def test_going_out_by_adding_the_last_card_to_a_meld():
    s = position("7H 7D 7C", "3C 4D 8H", pile="JC", stock="7S")
    play(s, "draw", "set 7H 7D 7C")
    events = accept(s, "add 7S to 1")
    assert [e.kind for e in events] == [Ev.ADDED, Ev.HAND_ENDED]
    assert events[-1].scores == (20 + 100, -20)


def test_going_out_by_taking_a_one_card_pile_with_the_whole_hand():
    s = position("QH QD", "3C 4D 8H", pile="QS")
    events = accept(s, "take set QS QH QD")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.MELDED, Ev.HAND_ENDED]
    assert events[-1].scores == (70 + 100, -20)


def test_actions_after_the_hand_ended_are_refused():
    s = position("7H 7D 9C", "3C 4D 8H", pile="JC", stock="7C")
    play(s, "draw", "set 7H 7D 7C", "discard 9C")
    refuse(s, "draw", "hand is over")
    assert not is_listed(s, "draw")
