"""rules.md §2 rows "who opens a hand" and "first upcard", per preset: the match's first seat
opens every hand (digital); the deal passes left and the seat left of the dealer opens
(classic); the winner of the previous hand deals, the first dealer drawn by lot (book); the
book's upcard offer round. Seats are 0-based; "left of" seat d is seat d + 1."""

from __future__ import annotations

import random

import pytest
from positions import accept, cards, exact_position, play, position, refuse

from game.rules.actions import DRAW, PASS, TAKE_UPCARD
from game.rules.deal import rng
from game.rules.events import Ev
from game.rules.options import BOOK, CLASSIC, DIGITAL, PRESETS, Opener
from game.rules.save import Game, Setup, load
from game.rules.state import Phase, State, first_opener


def finish_hand(s, rand):
    """Play the current hand to its end at random."""
    while s.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        s.apply(rand.choice(s.legal_actions()))


def openers_over_hands(options, n, seed, first_seat, hands=4):
    """(dealer, opener) of each of the first ``hands`` hands of a match played at random."""
    options = options.with_changes(target=10**6)
    s = State(options, n, seed, first_seat=first_seat)
    rand = random.Random(seed)
    seen = [(s.dealer, s.turn)]
    for _ in range(hands - 1):
        finish_hand(s, rand)
        events = s.next_hand()
        assert events[0].kind is Ev.DEALT
        assert events[0].seat == s.turn
        seen.append((s.dealer, s.turn))
    return s, seen


# ----------------------------------------------------------------- MATCH_SEAT (digital)

@pytest.mark.parametrize("first", [0, 1, 2])
def test_opener_match_seat_opens_every_hand_digital(first):
    _, seen = openers_over_hands(DIGITAL, 3, 5, first)
    assert [opener for _, opener in seen] == [first] * 4


def test_opener_first_seat_none_is_seat_1_digital():
    for seed in range(10):
        s = State(DIGITAL, 4, seed)
        assert s.first_seat == 0 and s.turn == 0
        assert first_opener(DIGITAL, 4, seed) == 0


# ----------------------------------------------------------------- DEAL_PASSES_LEFT (classic)

@pytest.mark.parametrize("first", [0, 1, 2])
def test_opener_deal_passes_left_classic(first):
    _, seen = openers_over_hands(CLASSIC, 3, 5, first, hands=5)
    dealers = [(first - 1 + h) % 3 for h in range(5)]
    assert seen == [(d, (d + 1) % 3) for d in dealers]


def test_opener_first_dealer_from_the_seed_classic():
    dealers = set()
    for seed in range(40):
        s = State(CLASSIC, 4, seed)
        dealer = rng(seed, "first dealer").randrange(4)
        assert s.dealer == dealer
        assert s.first_seat == s.turn == (dealer + 1) % 4 == first_opener(CLASSIC, 4, seed)
        assert State(CLASSIC, 4, seed).snapshot() == s.snapshot(), "same seed, same dealer"
        dealers.add(dealer)
    assert dealers == {0, 1, 2, 3}, "the first dealer is chosen at random from the seed"


def test_opener_first_seat_none_survives_save_and_load_classic():
    game = Game(Setup(CLASSIC, 3, 77))
    rand = random.Random(1)
    for _ in range(30):
        game.play(rand.choice(game.state.legal_actions()))
    data = game.to_json()
    assert data["first_seat"] == game.state.first_seat + 1
    assert load(game.dumps()).state.snapshot() == game.state.snapshot()


# ----------------------------------------------------------------- WINNER_DEALS (book)

def test_opener_first_dealer_drawn_by_lot_book():
    dealers = set()
    for seed in range(40):
        s = State(BOOK, 3, seed)
        dealer = rng(seed, "first dealer").randrange(3)
        assert (s.dealer, s.first_seat, s.turn) == (dealer, (dealer + 1) % 3, (dealer + 1) % 3)
        assert s.phase is Phase.OFFER
        dealers.add(dealer)
    assert dealers == {0, 1, 2}


def test_opener_winner_deals_the_player_who_went_out_book():
    # Seat 1 takes the upcard (seat 0 passed), melds and goes out by discarding.
    s = exact_position("KH 9D 5C", "7S 7H 5D", "", pile="7D", stock="8H", options=BOOK)
    assert (s.dealer, s.turn, s.phase) == (2, 0, Phase.OFFER)
    accept(s, "pass")
    accept(s, "take upcard")
    accept(s, "set 7S 7H 7D")
    events = accept(s, "discard 5D")
    assert events[-1].kind is Ev.HAND_ENDED and events[-1].seat == 1
    events = s.next_hand()
    assert s.dealer == 1, "the winner of the previous hand deals"
    assert events[0].seat == s.turn == 2 and s.phase is Phase.OFFER


def test_opener_winner_deals_highest_score_when_nobody_went_out_book():
    s = exact_position("KH 9D 5C", "4C 3C 5D", "", pile="4D", stock="8H", options=BOOK)
    play(s, "pass", "pass", "pass")
    accept(s, "draw")
    events = accept(s, "discard 8H")            # blocked: nobody out
    scores = events[-1].scores
    assert events[-1].seat == -1 and scores[1] == max(scores) == -15
    s.next_hand()
    assert s.dealer == 1 and s.turn == 2


def test_opener_winner_deals_tie_goes_to_the_lower_seat_book():
    s = exact_position("9D KH 5C", "KD 9C 5S", "", pile="4D", stock="8H", options=BOOK)
    play(s, "pass", "pass", "pass")
    accept(s, "draw")
    events = accept(s, "discard 8H")
    scores = events[-1].scores
    assert scores[0] == scores[1] == -25 and scores[2] < -25
    s.next_hand()
    assert s.dealer == 0 and s.turn == 1


def test_opener_winner_deals_over_random_hands_book():
    s, seen = openers_over_hands(BOOK, 4, 9, 0, hands=1)
    rand = random.Random(3)
    for _ in range(4):
        finish_hand(s, rand)
        out, scores = s.hand_outs[-1], s.hand_scores[-1]
        winner = out if out >= 0 else scores.index(max(scores))
        s.next_hand()
        assert s.dealer == winner and s.turn == (winner + 1) % 4


# ----------------------------------------------------------------- the option on other presets

def test_opener_winner_deals_custom_on_digital():
    o = DIGITAL.with_changes(opener=Opener.WINNER_DEALS)
    s = exact_position("KH 9D 5C", "4C 3C 5D", "", pile="", stock="", options=o)
    accept(s, "draw")                            # the empty stock ends the hand at once
    s.next_hand()
    assert s.dealer == 1 and s.turn == 2


def test_opener_match_seat_custom_on_book():
    o = BOOK.with_changes(opener=Opener.MATCH_SEAT)
    s = State(o, 3, 4)
    assert s.first_seat == 0 and s.turn == 0


# ----------------------------------------------------------------- the upcard offer (book)

def test_upcard_not_offered_digital_and_classic():
    for o in (DIGITAL, CLASSIC):
        s = position("KH 9D 5C", "4C 3C 5D", pile="7D", options=o)
        assert s.phase is Phase.DRAW
        refuse(s, "take upcard", "There is no upcard offer in this game: it is your turn, draw "
               "from the stock or take the pile")
        refuse(s, "pass", "There is no upcard offer to pass: it is your turn, draw from the "
               "stock or take the pile")


def test_upcard_offer_round_starts_the_book_hand():
    s = position("KH 9D 5C", "4C 3C 5D", "AS AH 6C", pile="7D", options=BOOK, first_seat=2)
    assert s.phase is Phase.OFFER and s.turn == 2
    assert s.legal_actions() == [TAKE_UPCARD, PASS]
    refuse(s, "draw", "First answer the upcard offer: take it or pass")
    refuse(s, "take set 7D 7S 7H", "First answer the upcard offer")
    refuse(s, "discard KH", "First answer the upcard offer")
    assert s.view(0).legal_actions() == [] and s.view(2).legal_actions() == [TAKE_UPCARD, PASS]


def test_upcard_taken_by_the_opener_book():
    s = position("KH 9D 5C", "4C 3C 5D", pile="7D", options=BOOK)
    events = accept(s, "take upcard")
    assert [e.kind for e in events] == [Ev.TOOK_UPCARD]
    assert events[0].seat == 0 and events[0].cards == tuple(cards("7D"))
    assert s.pile == [] and cards("7D")[0] in s.hands[0] and cards("7D")[0] in s.known[0]
    assert s.phase is Phase.MELD and s.turn == 0
    refuse(s, "draw", "You have already drawn this turn")
    assert DRAW not in s.legal_actions()
    accept(s, "discard 9D")
    assert s.turn == 1 and s.phase is Phase.DRAW


def test_upcard_taken_by_the_second_player_book():
    s = position("KH 9D 5C", "4C 3C 5D", "AS AH 6C", pile="7D", options=BOOK)
    events = accept(s, "pass")
    assert [e.kind for e in events] == [Ev.PASSED] and events[0].seat == 0
    assert s.phase is Phase.OFFER and s.turn == 1
    events = accept(s, "take upcard")
    assert events[0].kind is Ev.TOOK_UPCARD and events[0].seat == 1
    assert s.phase is Phase.MELD and s.turn == 1, "who takes the upcard opens the hand"
    assert s.view(0).known[1] == (cards("7D")[0],)
    accept(s, "discard 5D")
    assert s.turn == 2 and s.phase is Phase.DRAW
    assert s.turns == [0, 1, 1]
    assert s.pile == cards("5D")
    refuse(s, "take upcard", "The upcard offer is over: it is your turn, draw from the stock "
           "or take the pile")


def test_upcard_everyone_passes_the_opener_must_draw_book():
    s = position("KH 9D 5C", "7S 7H 5D", "7C 7S 6C", pile="7D", options=BOOK, first_seat=1)
    for seat in (1, 2, 0):
        assert s.turn == seat and s.phase is Phase.OFFER
        accept(s, "pass")
    assert s.turn == 1 and s.phase is Phase.DRAW and s.must_draw
    assert s.legal_actions() == [DRAW]
    refuse(s, "take set 7D 7S 7H", "Everyone refused the upcard: draw from the stock")
    refuse(s, "take upcard", "The upcard offer is over: it is your turn, draw from the stock")
    refuse(s, "pass", "The upcard offer is over: there is nothing to pass")
    accept(s, "draw")
    assert not s.must_draw and s.phase is Phase.MELD
    accept(s, "discard 5D")
    assert s.pile == cards("7D 5D")
    assert s.turn == 2 and not s.must_draw


def test_upcard_offer_with_an_empty_pile_is_skipped_book():
    s = exact_position("KH 9D 5C", "", pile="", stock="8H", options=BOOK)
    assert s.phase is Phase.DRAW and s.offer == -1 and not s.must_draw


def test_upcard_offer_custom_on_digital():
    o = DIGITAL.with_changes(upcard_offer=True)
    s = position("KH 9D 5C", "4C 3C 5D", pile="7D", options=o, first_seat=1)
    assert s.phase is Phase.OFFER and s.turn == 1
    play(s, "pass", "pass")
    assert s.must_draw and s.turn == 1


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_upcard_offer_each_new_hand(name):
    o = PRESETS[name].with_changes(target=10**6)
    s = State(o, 3, 12, first_seat=0)
    finish_hand(s, random.Random(0))
    s.next_hand()
    assert (s.phase is Phase.OFFER) == o.upcard_offer
