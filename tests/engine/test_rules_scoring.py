"""rules.md §1 "Card values", "Scoring a hand" and "The match": every row of the value table,
hand scores in the HAND_ENDED event and the totals, the 1,000 target and the tie rule."""

import pytest
from positions import Phase, accept, cards, play, position, refuse

from game.rules.cards import parse_card
from game.rules.events import Ev
from game.rules.melds import add_to, new_run, new_set
from game.rules.options import DIGITAL
from game.rules.scoring import hand_penalty, hand_score, meld_points


def set_of(text):
    m = new_set(cards(text), DIGITAL)
    assert not isinstance(m, str), m
    return m


def run_of(text, *adds):
    """A run laid from ``text`` then grown by ``adds`` like "2C=8S" or "JS"."""
    m = new_run(cards(text), DIGITAL)
    assert not isinstance(m, str), m
    for a in adds:
        c, _, named = a.partition("=")
        m = add_to(m, parse_card(c), parse_card(named or c), DIGITAL)
        assert not isinstance(m, str), m
    return m


def points(m):
    return meld_points(m, DIGITAL)


# ------------------------------------------------------------------ the value table

def test_queen_of_spades_melded_50():
    assert points(set_of("QS QH QD")) == 50 + 10 + 10
    assert points(run_of("10S JS QS")) == 10 + 10 + 50


def test_queen_of_spades_in_hand_minus_100():
    assert hand_penalty(cards("QS")) == 100
    assert hand_score([], cards("QS"), False, DIGITAL) == -100


def test_ace_melded_20_in_hand_minus_20():
    assert points(set_of("AS AH AD")) == 60
    assert points(run_of("AH 2H 3H")) == 20 + 5 + 5
    assert points(run_of("QH KH AH")) == 10 + 10 + 20
    assert hand_penalty(cards("AC")) == 20


@pytest.mark.parametrize("rank", ["K", "Q", "J", "10", "9", "8"])
def test_king_to_eight_melded_10_in_hand_minus_10(rank):
    assert points(set_of(f"{rank}H {rank}D {rank}C")) == 30
    assert hand_penalty(cards(f"{rank}H")) == 10
    assert hand_score([], cards(f"{rank}C"), False, DIGITAL) == -10


@pytest.mark.parametrize("rank", ["7", "6", "5", "4", "3"])
def test_seven_to_three_melded_5_in_hand_minus_5(rank):
    assert points(set_of(f"{rank}H {rank}D {rank}C")) == 15
    assert hand_penalty(cards(f"{rank}S")) == 5


def test_queen_of_hearts_is_an_ordinary_ten_point_card():
    assert hand_penalty(cards("QH QD QC")) == 30


@pytest.mark.parametrize("text,value", [
    ("9H 9D 2C", 30), ("AH AD 2C", 60), ("5H 5D 2C", 15), ("KH 2C 2D", 30), ("7S 2C 2D 2H", 20)])
def test_wild_in_a_set_counts_the_value_of_the_sets_rank(text, value):
    assert points(set_of(text)) == value


def test_wild_in_a_set_of_queens_counts_10_never_50():
    assert points(set_of("QH QD 2C")) == 30
    assert points(set_of("QS QH 2C")) == 50 + 10 + 10
    assert points(set_of("QS 2C 2D")) == 50 + 10 + 10


def test_wild_in_a_run_counts_the_card_it_stands_for():
    assert points(run_of("5S 6S 7S", "2C=8S")) == 15 + 10
    assert points(run_of("5S 6S 7S", "2C=4S")) == 15 + 5
    assert points(run_of("JH QH KH", "2C=AH")) == 30 + 20
    assert points(run_of("QH KH AH", "2C=JH")) == 40 + 10


def test_wild_standing_for_a_two_counts_5():
    assert points(run_of("3S 4S 5S", "2C=2S")) == 15 + 5


def test_natural_two_in_its_own_place_in_a_run_counts_5():
    assert points(run_of("AS 2S 3S")) == 20 + 5 + 5
    assert points(run_of("2H 3H 4H")) == 15
    assert points(run_of("3S 4S 5S", "2S=2S")) == 20


def test_two_in_a_meld_of_twos_counts_25():
    assert points(set_of("2S 2H 2D")) == 75
    assert points(set_of("2S 2H 2D 2C")) == 100


def test_two_in_hand_counts_minus_20():
    for c in ("2S", "2H", "2D", "2C"):
        assert hand_penalty(cards(c)) == 20


def test_wild_standing_for_the_queen_of_spades_in_a_spade_run_counts_50():
    assert points(run_of("9S 10S JS", "2C=QS")) == 30 + 50
    assert points(run_of("JS QS KS")) == 70, "the natural Q of spades also counts 50"


def test_natural_queen_of_spades_with_a_wild_in_its_run_keeps_50():
    assert points(run_of("JS QS KS", "2C=AS")) == 10 + 50 + 10 + 20


# ------------------------------------------------------------------ scoring a hand, in play

def test_hand_score_is_melds_minus_hand_plus_100_for_going_out():
    s = position("QS QH QD 5S 6S 7S 2C AH AD", "QS 2D AS KS 7C 3H", pile="JC", stock="AC")
    play(s, "draw", "set QS QH QD", "run 5S 6S 7S", "add 2C=8S to 2")
    events = accept(s, "set AH AD AC")
    assert [e.kind for e in events] == [Ev.MELDED, Ev.HAND_ENDED]
    ended = events[-1]
    assert ended.seat == 0
    assert ended.scores == (70 + 25 + 60 + 100, -100 - 20 - 20 - 10 - 5 - 5)
    assert s.totals == [255, -160]
    assert s.hand_scores == [(255, -160)]


def test_hand_score_of_a_player_with_melds_and_cards_left():
    # Seat 2 melds a set of kings, then seat 1 goes out: seat 2 scores 30 - (QS + 9D + 5H).
    s = position("7H 7D 9C", "KS KH KD QS 9D 4C", pile="JC", stock="3C 5H 7C")
    play(s, "draw", "discard 3C", "draw", "set KS KH KD", "discard 4C", "draw",
         "set 7H 7D 7C", "discard 9C")
    assert s.phase is Phase.HAND_OVER
    assert s.hand_scores[-1] == (15 + 100, 30 - 100 - 10 - 5)


def test_totals_add_up_over_hands():
    s = position("7H 7D 9C", "3C 4D 8H", pile="JC", stock="7C")
    s.totals = [400, 300]
    play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert s.totals == [400 + 115, 300 - 20]
    assert s.phase is Phase.HAND_OVER
    s.next_hand()
    assert s.totals == [515, 280] and s.phase is Phase.DRAW


# ------------------------------------------------------------------ the match

def test_match_target_is_1000_by_default():
    assert DIGITAL.target == 1000


def _seat1_goes_out(totals, other="3H", first_seat=0):
    """Seat 1 (index 0) goes out for 115; seat 2 holds ``other``."""
    s = position("7H 7D 9C", other, pile="JC", stock="7C", first_seat=first_seat)
    s.totals = list(totals)
    return s


def test_match_ends_after_the_hand_in_which_someone_reaches_1000():
    s = _seat1_goes_out([885, 0])
    events = play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert [e.kind for e in events] == [Ev.DISCARDED, Ev.HAND_ENDED, Ev.MATCH_ENDED]
    assert s.totals == [1000, -5]
    assert events[-1].seat == 0 and events[-1].scores == (1000, -5)
    assert s.phase is Phase.MATCH_OVER and s.over and s.winner == 0
    refuse(s, "draw", "match is over")
    with pytest.raises(ValueError, match="match is over"):
        s.next_hand()


def test_match_goes_on_below_1000():
    s = _seat1_goes_out([884, 0])
    events = play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert [e.kind for e in events] == [Ev.DISCARDED, Ev.HAND_ENDED]
    assert s.totals == [999, -5] and s.phase is Phase.HAND_OVER and s.winner == -1


def test_highest_total_wins_whoever_went_out():
    s = _seat1_goes_out([900, 1050])
    events = play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert s.totals == [1015, 1045]
    assert events[-1].kind is Ev.MATCH_ENDED and s.winner == 1 and events[-1].seat == 1


def test_highest_total_wins_even_if_only_another_player_reached_1000_this_hand():
    s = _seat1_goes_out([990, 1200], other="QS")
    play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert s.totals == [1105, 1100]
    assert s.winner == 0


def test_exact_tie_for_the_highest_goes_to_the_lower_seat():
    s = _seat1_goes_out([900, 1020])
    play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert s.totals == [1015, 1015]
    assert s.winner == 0


def test_exact_tie_goes_to_the_lower_seat_even_when_the_higher_seat_went_out():
    # Seat 2 opens and goes out; seat 1 ties it.
    s = position("3H", "7H 7D 9C", pile="JC", stock="7C", first_seat=1)
    s.totals = [1020, 900]
    play(s, "draw", "set 7H 7D 7C", "discard 9C")
    assert s.totals == [1015, 1015]
    assert s.winner == 0
