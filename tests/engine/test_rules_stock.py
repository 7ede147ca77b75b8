"""rules.md §1 "When the stock runs out": reshuffle the pile once, then the hand ends with
nobody out and no bonus; an empty pile when the reshuffle is due ends the hand too.

Positions use an exact stock: every card not named goes into the last seat's hand."""

from collections import Counter

from positions import Phase, accept, cards, codes, exact_position, play

from game.rules.events import Ev
from game.rules.options import DIGITAL
from game.rules.scoring import hand_score


def draw_and_discard(s):
    """The seat to move draws from the stock and discards the card it drew."""
    events = play(s, "draw")
    drew = events[-1]
    assert drew.kind is Ev.DREW
    play(s, f"discard {codes(drew.cards)[0]}")
    return events


def test_first_stock_out_reshuffles_the_pile_into_a_new_stock_and_the_player_draws():
    s = exact_position("KH 9D 5C", "", pile="4C 3D", stock="8H")
    play(s, "draw", "discard 8H")
    assert s.stock == [] and s.turn == 1
    pile_before = Counter(s.pile)
    events = play(s, "draw")
    assert [e.kind for e in events] == [Ev.RESHUFFLED, Ev.DREW]
    assert events[1].seat == 1 and events[1].cards[0] in pile_before
    assert s.pile == []
    assert Counter(s.stock) + Counter(events[1].cards) == pile_before
    assert s.rebuilds == 1
    assert s.phase is Phase.MELD


def test_with_an_empty_stock_the_pile_may_still_be_taken():
    s = exact_position("KH 9D 5C", "8S 8D 4H", pile="4C 3D", stock="8H")
    play(s, "draw", "discard 8H")
    assert s.stock == []
    events = accept(s, "take set 8H 8S 8D")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.MELDED]
    assert s.rebuilds == 0


def test_second_stock_out_ends_the_hand_nobody_out_no_bonus():
    s = exact_position("KH 9D 5C", "", pile="4C 3D", stock="8H")
    play(s, "draw", "discard 8H")           # seat 1 empties the stock
    draw_and_discard(s)                      # seat 2: reshuffle (3 cards), 2 left
    draw_and_discard(s)                      # seat 1: 1 left
    draw_and_discard(s)                      # seat 2: 0 left
    assert s.stock == [] and s.rebuilds == 1 and s.turn == 0
    events = play(s, "draw")
    assert [e.kind for e in events] == [Ev.HAND_ENDED]
    assert events[0].seat == -1, "nobody went out"
    expected = tuple(hand_score(s.melds[i], s.hands[i], False, DIGITAL) for i in range(2))
    assert events[0].scores == expected
    assert s.phase is Phase.HAND_OVER
    assert s.totals == list(expected)


def test_empty_pile_when_the_reshuffle_is_due_ends_the_hand():
    s = exact_position("KH 9D 5C", "", pile="", stock="")
    assert s.stock == [] and s.pile == []
    events = play(s, "draw")
    assert [e.kind for e in events] == [Ev.HAND_ENDED]
    assert events[0].seat == -1
    assert events[0].scores[0] == -(10 + 10 + 5)
    assert s.phase is Phase.HAND_OVER


def test_pile_taken_then_empty_stock_reshuffles_only_the_new_pile():
    # Seat 1 draws the last stock card; seat 2 takes the pile and discards one card; seat 1
    # must draw from the empty stock: that one-card pile becomes the stock and is drawn.
    s = exact_position("KH 9D 5C", "", pile="4C 8H", stock="3D")
    play(s, "draw", "discard 3D", "take set 3D 3S 3H", "discard 4H")
    assert s.stock == [] and s.pile == cards("4H")
    events = play(s, "draw")
    assert [e.kind for e in events] == [Ev.RESHUFFLED, Ev.DREW]
    assert events[1].cards == tuple(cards("4H"))
    assert s.stock == [] and s.pile == []
    play(s, "discard 4H")
    events = play(s, "draw")
    assert [e.kind for e in events] == [Ev.HAND_ENDED] and events[0].seat == -1
