"""rules.md §2 row "stock runs out", per preset: reshuffle once then end (digital), turn the
pile over keeping its top card, at most three rebuilds (classic), the hand ends when the player
who drew the last stock card discards without going out (book).

Positions use an exact stock (``positions.exact_position``): every card not named goes into
the last seat's hand."""

from __future__ import annotations

from positions import accept, cards, codes, exact_position, play, refuse

from game.rules.events import Ev
from game.rules.options import BOOK, CLASSIC, DIGITAL, StockOut
from game.rules.scoring import hand_score
from game.rules.state import Phase


def agree(state):
    for a in state.legal_actions():
        assert state.check(a) is None, f"{a} listed but refused: {state.check(a)}"


def draw_and_discard(s):
    """The seat to move draws and discards the card drawn; returns the draw's events.

    The seat holding the rest of the deck (~90 cards, every 2) is only checked, never asked
    for its legal actions: with wilds in new runs and no run limit that list runs into the
    millions (a performance limit reported separately, not a rule)."""
    events = do(s, "draw")
    drew = events[-1]
    assert drew.kind is Ev.DREW
    do(s, f"discard {codes(drew.cards)[0]}")
    return events


def do(s, action):
    """``accept`` for a normal hand; for the seat holding the rest of the deck, ``play`` (the
    checker still runs: ``apply`` refuses anything illegal)."""
    return (accept if len(s.hands[s.turn]) < 20 else play)(s, action)


SMALL = "KH 9D 5C"


def nobody_out_scores(s, options):
    return tuple(hand_score(s.melds[i], s.hands[i], False, options) for i in range(s.players))


# ----------------------------------------------------------------- digital: reshuffle once

def test_stock_out_reshuffle_once_then_the_hand_ends_digital():
    s = exact_position(SMALL, "", pile="4C 3D", stock="8H", options=DIGITAL)
    draw_and_discard(s)
    events = draw_and_discard(s)
    assert [e.kind for e in events] == [Ev.RESHUFFLED, Ev.DREW]
    assert s.rebuilds == 1 and s.pile[:-1] == []
    while s.stock:
        draw_and_discard(s)
    events = do(s, "draw")
    assert [e.kind for e in events] == [Ev.HAND_ENDED]
    assert events[0].seat == -1
    assert events[0].scores == nobody_out_scores(s, DIGITAL)


# ----------------------------------------------------------------- classic: turn the pile over

def test_stock_out_turn_over_keeps_the_top_card_and_draws_the_bottom_first_classic():
    s = exact_position(SMALL, "", pile="4C 3D 6H", stock="8H", options=CLASSIC)
    draw_and_discard(s)                                  # seat 1 empties the stock
    assert s.stock == [] and s.pile == cards("4C 3D 6H 8H")
    events = do(s, "draw")
    assert [e.kind for e in events] == [Ev.RESHUFFLED, Ev.DREW]
    assert events[1].cards == tuple(cards("4C")), "the pile's bottom card is drawn first"
    assert s.pile == cards("8H"), "the top card stays as the pile"
    assert s.rebuilds == 1
    do(s, "discard 4C")
    assert do(s, "draw")[-1].cards == tuple(cards("3D"))
    do(s, "discard 3D")
    assert do(s, "draw")[-1].cards == tuple(cards("6H"))


def test_stock_out_turn_over_three_rebuilds_then_the_hand_ends_classic():
    s = exact_position(SMALL, "", pile="4C 3D", stock="8H", options=CLASSIC)
    draw_and_discard(s)
    drawn_after_rebuild = []
    for rebuild in (1, 2, 3):
        assert s.stock == []
        events = draw_and_discard(s)
        assert [e.kind for e in events] == [Ev.RESHUFFLED, Ev.DREW]
        assert s.rebuilds == rebuild
        drawn_after_rebuild.append(codes(events[1].cards)[0])
        while s.stock:
            draw_and_discard(s)
    assert drawn_after_rebuild == ["4C", "8H", "3D"]
    assert s.stock == [] and len(s.pile) >= 2
    before_scores = nobody_out_scores(s, CLASSIC)
    events = do(s, "draw")
    assert [e.kind for e in events] == [Ev.HAND_ENDED]
    assert events[0].seat == -1, "nobody went out, nobody gets the bonus"
    assert events[0].scores == before_scores
    assert s.phase is Phase.HAND_OVER and s.rebuilds == 3


def test_stock_out_turn_over_with_only_the_top_card_ends_the_hand_classic():
    s = exact_position(SMALL, "", pile="4C", stock="", options=CLASSIC)
    events = accept(s, "draw")
    assert [e.kind for e in events] == [Ev.HAND_ENDED]
    assert events[0].seat == -1 and s.rebuilds == 0


def test_stock_out_pile_may_still_be_taken_classic():
    s = exact_position(SMALL, "6H 7H KS", pile="4C 3D", stock="8H", options=CLASSIC,
                       rest_to=0)
    draw_and_discard(s)
    assert s.stock == [] and s.turn == 1
    events = accept(s, "take run 6H 7H 8H")
    assert [e.kind for e in events] == [Ev.TOOK_PILE, Ev.MELDED]
    assert s.rebuilds == 0 and s.pile == []


def test_stock_out_turn_over_custom_on_digital():
    """The option, not the preset: digital rules with TURN_OVER turn the pile over too."""
    o = DIGITAL.with_changes(stock_out=StockOut.TURN_OVER)
    s = exact_position(SMALL, "", pile="4C 3D", stock="8H", options=o)
    draw_and_discard(s)
    events = do(s, "draw")
    assert [e.kind for e in events] == [Ev.RESHUFFLED, Ev.DREW]
    assert events[1].cards == tuple(cards("4C")) and s.pile == cards("8H")


# ----------------------------------------------------------------- book: blocked

def book_position(*hands, pile="3D", stock="8H", rest_to=-1, options=BOOK):
    s = exact_position(*hands, pile=pile, stock=stock, rest_to=rest_to, options=options)
    if s.phase is Phase.OFFER:
        for _ in hands:
            accept(s, "pass")
    assert s.phase is Phase.DRAW and s.turn == 0
    return s


def test_stock_out_blocked_hand_ends_when_the_last_card_drawer_discards_book():
    s = book_position(SMALL, "")
    accept(s, "draw")
    assert s.stock == []
    agree(s)
    events = accept(s, "discard 8H")
    assert [e.kind for e in events] == [Ev.DISCARDED, Ev.HAND_ENDED]
    assert events[1].seat == -1, "blocked: nobody went out, no bonus"
    assert events[1].scores == nobody_out_scores(s, BOOK)
    assert s.phase is Phase.HAND_OVER
    refuse(s, "draw", "The hand is over")


def test_stock_out_blocked_drawer_may_meld_before_discarding_book():
    s = book_position("KH KD KC 9D 5C", "")
    accept(s, "draw")
    accept(s, "set KH KD KC")
    events = accept(s, "discard 9D")
    assert events[-1].kind is Ev.HAND_ENDED and events[-1].seat == -1
    assert events[-1].scores[0] == 30 - (5 + 10)


def test_stock_out_blocked_drawer_who_goes_out_gets_the_bonus_book():
    s = book_position("7S 7H 7C 5C", "", stock="7D")
    accept(s, "draw")
    accept(s, "set 7S 7H 7C 7D")
    events = accept(s, "discard 5C")
    ended = events[-1]
    assert ended.kind is Ev.HAND_ENDED and ended.seat == 0
    assert ended.scores[0] == 20 + 100


def test_stock_out_blocked_not_before_the_last_card_book():
    s = book_position(SMALL, "", stock="8H 4D")
    draw_and_discard(s)
    assert len(s.stock) == 1 and s.phase is Phase.DRAW and s.turn == 1
    events = draw_and_discard(s)
    assert s.phase is Phase.HAND_OVER
    assert s.hand_outs[-1] == -1
    assert events[-1].kind is Ev.DREW


def test_stock_out_blocked_empty_stock_at_the_draw_ends_the_hand_book():
    s = book_position(SMALL, "", stock="")
    events = accept(s, "draw")
    assert [e.kind for e in events] == [Ev.HAND_ENDED]
    assert events[0].seat == -1


def test_stock_out_blocked_custom_on_classic():
    o = CLASSIC.with_changes(stock_out=StockOut.BLOCKED)
    s = exact_position(SMALL, "", pile="3D", stock="8H", options=o)
    accept(s, "draw")
    events = accept(s, "discard 8H")
    assert events[-1].kind is Ev.HAND_ENDED and events[-1].seat == -1


def test_stock_out_reshuffle_once_custom_on_book():
    o = BOOK.with_changes(stock_out=StockOut.RESHUFFLE_ONCE, upcard_offer=False)
    s = exact_position(SMALL, "", pile="4C 3D", stock="8H", options=o)
    play(s, "draw", "discard 8H")
    assert s.phase is Phase.DRAW and s.turn == 1
    events = do(s, "draw")
    assert [e.kind for e in events] == [Ev.RESHUFFLED, Ev.DREW]
    assert s.pile == []
