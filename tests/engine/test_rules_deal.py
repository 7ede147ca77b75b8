"""rules.md §1 "Cards and deal": two decks, 13 cards each (12 at eight players), the stock and
its upcard, and the match's first seat opening every hand."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import play, position

from game.rules.cards import JOKER, deck
from game.rules.deal import Deal, shuffle
from game.rules.events import Ev
from game.rules.options import DIGITAL
from game.rules.state import IllegalAction, Phase, State


@pytest.mark.parametrize("players", range(2, 8))
def test_deal_gives_thirteen_cards_each_below_eight_players(players):
    s = State(DIGITAL, players, seed=11)
    assert [len(h) for h in s.hands] == [13] * players
    assert len(s.pile) == 1
    assert len(s.stock) == 104 - 13 * players - 1


def test_deal_gives_twelve_cards_each_at_eight_players():
    s = State(DIGITAL, 8, seed=11)
    assert [len(h) for h in s.hands] == [12] * 8
    assert len(s.pile) == 1
    assert len(s.stock) == 104 - 96 - 1 == 7


@pytest.mark.parametrize("players", [2, 5, 8])
@pytest.mark.parametrize("seed", [0, 1, 99])
def test_deal_uses_all_104_cards_of_two_decks_and_no_joker(players, seed):
    s = State(DIGITAL, players, seed=seed)
    dealt = s.cards_in_play()
    assert sum(dealt.values()) == 104
    assert dealt == Counter(deck())
    assert JOKER not in dealt
    assert all(n == 2 for n in dealt.values())


def test_upcard_starts_the_discard_pile_and_the_first_seat_draws():
    s = State(DIGITAL, 3, seed=5)
    assert len(s.pile) == 1
    assert s.phase is Phase.DRAW
    assert s.turn == 0


def test_two_to_eight_players_only():
    for bad in (1, 9):
        with pytest.raises(ValueError, match="2 to 8 players"):
            State(DIGITAL, bad, seed=1)


def test_same_seed_same_deal():
    assert State(DIGITAL, 4, seed=42).snapshot() == State(DIGITAL, 4, seed=42).snapshot()
    assert State(DIGITAL, 4, seed=42).hands != State(DIGITAL, 4, seed=43).hands


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_match_first_seat_opens_the_first_hand(first):
    s = State(DIGITAL, 4, seed=3, first_seat=first)
    assert s.turn == first


def test_match_first_seat_opens_every_hand():
    # Seat 3 (index 2) opens; it takes the pile with its whole hand and goes out at once.
    s = position("3C 4C", "3D 4D", "5H 5D", "6C 6D", pile="5S", first_seat=2)
    assert s.turn == 2
    events = play(s, "take set 5S 5H 5D")
    assert events[-1].kind is Ev.HAND_ENDED and events[-1].seat == 2
    for _ in range(3):
        assert s.phase is Phase.HAND_OVER
        s.next_hand()
        assert s.turn == 2, "every hand of the match is opened by the match's first seat"
        assert s.phase is Phase.DRAW
        assert [len(h) for h in s.hands] == [13] * 4
        assert s.cards_in_play() == Counter(deck())
        # end this hand quickly: the opener draws and the hand is declared over by scoring
        s.phase = Phase.HAND_OVER


def test_next_hand_refused_while_the_hand_is_on():
    s = State(DIGITAL, 2, seed=1)
    with pytest.raises(IllegalAction, match="not over"):
        s.next_hand()


def test_arranged_deal_must_use_every_card_once():
    d = Deal.arranged(DIGITAL, hands=[["QS"], ["QH"]], pile=["KD"])
    bad = Deal(d.hands, d.stock[1:], d.pile)
    with pytest.raises(ValueError, match="every card"):
        State(DIGITAL, 2, 1, deal=bad)


@given(seed=st.integers(0, 2**63 - 1), size=st.integers(0, 110))
def test_the_deal_shuffles_exactly_as_the_library_does(seed, size):
    """A seed deals what it always dealt: the engine's shuffle is the library's, draw for draw
    (the same order, and the generator left in the same state for what it draws next)."""
    ours, theirs = list(range(size)), list(range(size))
    mine, library = random.Random(seed), random.Random(seed)
    shuffle(mine, ours)
    library.shuffle(theirs)
    assert ours == theirs
    assert mine.getrandbits(64) == library.getrandbits(64)
