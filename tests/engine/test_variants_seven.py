"""Seven-hand Arlington (rules.md section 4, preset ``seven``): the worked examples, played
action by action through their text forms, and the rules that set the game apart.

An offer taken by the second seat asked, an offer refused by all, the last stock card's turn,
a joker swapped back, a team total; then the deal, the card values and bonus steps, the melds
this game refuses, the action text, refusals, and a whole match saved and replayed.
"""

from __future__ import annotations

import json

import pytest

from game.ai.medium import MediumAgent
from game.rules.actions import Act, Action, parse_action
from game.rules.cards import JOKER, deck, is_wild, parse_card
from game.rules.deal import Deal
from game.rules.events import Ev
from game.rules.melds import new_run, new_set
from game.rules.options import SEVEN, preset
from game.rules.save import Game, Setup, load
from game.rules.scoring import final_sheet, hand_penalty, hand_score, match_winner, meld_points
from game.rules.state import IllegalAction, Phase, State
from tools import replay as replay_tool


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def play(state: State, *texts: str) -> list:
    """Apply actions by their text; the events of the last one."""
    events = []
    for text in texts:
        events = state.apply(parse_action(text))
    return events


def three_seats() -> State:
    """Seat 1 holds the 9C it will discard; seat 3 holds a pair of nines; seat 1 draws the 4D."""
    deal = Deal.arranged(SEVEN, [
        cards("9C AS 3S 5S 7D 8D 10H JH KH 4C 6C QC KC"),
        cards("AH 3H 5H 7S 8S 10S JS KS 4D 6D QD KD 3D"),
        cards("9S 9H AC 3C 5C 7C 8C 10C JC 5D 6H QH 4H"),
    ], stock_top=cards("4D 2C 7H"))
    return State(SEVEN, 3, 0, deal=deal)


# ----------------------------------------------------------------- the worked examples

def test_an_offer_taken_by_the_second_seat_asked():
    s = three_seats()
    assert s.pile == [] and s.turn == 0  # no upcard; seat 1 opens hand 1
    events = play(s, "draw", "discard 9C")
    assert [e.kind for e in events] == [Ev.DISCARDED]
    assert (s.phase, s.seat, s.offer) == (Phase.DISCARD_OFFER, 1, 1)
    assert [str(a) for a in s.legal_actions()] == ["take 9C", "pass"]
    assert s.view(1).legal_actions() == s.legal_actions()
    assert s.view(0).legal_actions() == [] and s.view(2).legal_actions() == []
    assert all(s.view(seat).pile == (parse_card("9C"),) for seat in range(3))

    assert [e.kind for e in play(s, "pass")] == [Ev.PASSED]
    assert (s.phase, s.seat) == (Phase.DISCARD_OFFER, 2)
    turns_before = s.turns[:]
    events = play(s, "take 9C")
    assert events == [events[0]] and events[0].kind is Ev.TOOK_OFFER
    assert events[0].seat == 2 and events[0].cards == (parse_card("9C"),)
    # taking is not a turn: the turn goes on from the discarder's left, to seat 2, who draws
    assert (s.phase, s.turn) == (Phase.DRAW, 1) and s.turns[2] == turns_before[2]
    assert parse_card("9C") in s.hands[2] and len(s.hands[2]) == 14
    for seat in range(3):  # everyone saw it taken
        assert s.view(seat).known[2] == (parse_card("9C"),)
        assert s.view(seat).pile == ()
    play(s, "draw", "discard 3D", "pass", "pass")
    assert s.turn == 2 and s.phase is Phase.DRAW  # the taker still draws on their own turn
    assert [a.kind for a in s.legal_actions()] == [Act.DRAW]
    play(s, "draw")
    assert parse_card("7H") in s.hands[2] and len(s.hands[2]) == 15


def test_pass_or_take_on_your_own_turn_is_refused_in_this_games_words():
    """Seven hands have no upcard and no pile: on your own turn nothing is offered to you, and
    the refusal says so and what to do, never speaking of an upcard being offered."""
    s = three_seats()
    for phase, then in ((Phase.DRAW, "draw from the stock"),
                        (Phase.MELD, "meld or discard to end it")):
        assert s.phase is phase and s.turn == 0
        before = s.snapshot()
        assert s.check(parse_action("pass")) == \
            f"Nothing is offered to you: it is your turn, {then}"
        assert s.check(parse_action("take upcard")) == \
            f"There is no upcard in this game: it is your turn, {then}"
        for text in ("pass", "take upcard"):
            with pytest.raises(IllegalAction):
                s.apply(parse_action(text))
        assert s.snapshot() == before
        if phase is Phase.DRAW:
            play(s, "draw")


def test_an_offer_refused_by_all_is_out_of_play():
    s = three_seats()
    play(s, "draw", "discard 9C", "pass")
    events = play(s, "pass")
    assert [e.kind for e in events] == [Ev.PASSED, Ev.OUT_OF_PLAY]
    assert events[1].cards == (parse_card("9C"),)
    assert s.out_of_play == [parse_card("9C")] and s.pile == []
    assert (s.phase, s.turn, s.offer) == (Phase.DRAW, 1, -1)
    for seat in range(3):
        view = s.view(seat)
        assert view.out_of_play == (parse_card("9C"),) and view.pile == ()
        assert view.unseen()[parse_card("9C")] == 1  # the other copy, still in the stock
    assert sum(s.cards_in_play().values()) == 105
    before = s.snapshot()
    assert s.check(parse_action("take 9C")) == \
        "No discard is being offered to you: it is your turn, draw from the stock"
    with pytest.raises(IllegalAction):
        s.apply(parse_action("take 9C"))
    assert s.snapshot() == before


def test_the_hand_ends_when_the_last_stock_cards_turn_is_over_and_that_discard_is_not_offered():
    full = sorted(deck(1))
    last = parse_card("KD")
    full.remove(last)
    one, two = full[0::2], full[1::2]  # 52 cards each, one card left in the stock
    s = State(SEVEN, 2, 0, deal=Deal((tuple(one), tuple(two)), (last,), ()))
    play(s, "draw")
    assert s.stock == [] and s.phase is Phase.MELD
    discard = next(c for c in s.hands[0] if c != JOKER)
    events = s.apply(Action(Act.DISCARD, (discard,)))
    assert [e.kind for e in events] == [Ev.DISCARDED, Ev.HAND_ENDED]
    assert events[1].seat == -1 and s.phase is Phase.HAND_OVER
    assert s.hand_scores[-1] == (-hand_penalty(s.hands[0], SEVEN),
                                 -hand_penalty(s.hands[1], SEVEN))
    assert sum(s.cards_in_play().values()) == 105
    assert s.next_hand()[0].kind is Ev.DEALT and s.turn == 1  # hand 2: seat 2 opens


def test_a_joker_swapped_back_returns_to_the_hand_that_melded_it_and_is_known():
    deal = Deal.arranged(SEVEN, [cards("5H JK 7H 3S 8S 9D 10C QC KD 4S 6C JD AC"),
                                 cards("6H 3D 4D 5D 7C 8C 9C 10D JS QD KS AH 2S")],
                         stock_top=cards("6H"))
    s = State(SEVEN, 2, 0, deal=deal)
    play(s, "draw", "run 5H JK=6H 7H")
    assert meld_points(s.melds[0][0], SEVEN) == 5 + 50 + 5
    events = play(s, "swap 6H into 1")
    assert events[0].kind is Ev.SWAPPED and events[0].cards == (parse_card("6H"), JOKER)
    assert s.melds[0][0].cards == tuple(cards("5H 6H 7H")) and JOKER in s.hands[0]
    assert s.view(1).known[0] == (JOKER,)
    play(s, "discard 3S", "pass", "draw")
    assert "no meld number 1" in s.check(parse_action("swap 6H into 1"))  # only the owner


def test_a_team_total_decides_the_match_and_the_final_sheet_is_by_team():
    options = SEVEN.with_changes(partnerships=True)
    totals = [300, 500, 250, -100]  # seats 1+3: 550; seats 2+4: 400 (seat 2 has the best own)
    assert final_sheet(totals, options) == [550, 400]
    assert match_winner(totals, options) == 0
    assert match_winner([100, 100, 0, 0], options) == 0  # an exact tie: seat 1's team
    assert match_winner(totals, SEVEN) == 1  # each for themselves: the best own total
    with pytest.raises(ValueError, match="four players"):
        State(options, 3, 0)
    state = State(options, 4, 11)
    agents = [MediumAgent(s) for s in range(4)]
    while not state.over:
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
            continue
        state.apply(agents[state.turn].choose(state.view(state.turn), state.legal_actions()))
    team = [state.totals[0] + state.totals[2], state.totals[1] + state.totals[3]]
    assert final_sheet(state.totals, options) == team and len(state.hand_scores) == 7
    assert state.winner == (0 if team[0] >= team[1] else 1)


# ----------------------------------------------------------------- the game's own rules

def test_the_deal_has_no_upcard_and_each_hand_is_opened_by_the_next_seat():
    for n in (2, 3, 4):
        s = State(SEVEN, n, 5)
        assert s.pile == [] and [len(h) for h in s.hands] == [13] * n
        assert len(s.stock) == 105 - 13 * n and s.dealt.cards == ()
    with pytest.raises(ValueError, match="no discard pile"):
        State(SEVEN, 2, 0, deal=Deal.arranged(SEVEN, [cards("AS"), cards("AH")], pile=cards("KD")))
    assert preset("seven") is SEVEN and (SEVEN.min_players, SEVEN.max_players) == (2, 4)


def test_the_seven_hand_table_scores_melds_hands_and_the_climbing_bonus():
    o = SEVEN
    assert meld_points(new_set(cards("7S 7H 2C"), o), o) == 5 + 5 + 25
    assert meld_points(new_set(cards("QS QH JK"), o), o) == 10 + 10 + 50
    assert meld_points(new_run(cards("AS 2S 3S"), o), o) == 15 + 5 + 5  # natural 2
    assert meld_points(new_run(cards("9D 2C JD QD KD AD"), o), o) == 5 + 25 + 10 + 10 + 10 + 15
    assert hand_penalty(cards("JK 2C AS KD 9C 8H 3S QS"), o) == 100 + 50 + 15 + 10 + 5 + 5 + 5 + 10
    bonuses = [hand_score([], [], True, o, k) for k in range(7)]
    assert bonuses == [100, 100, 100, 200, 300, 400, 500]
    assert hand_score([new_set(cards("KS KH KD"), o)], cards("4C"), False, o, 6) == 30 - 5


def test_melds_this_game_refuses_and_the_queen_of_spades_is_ordinary():
    o = SEVEN
    assert new_set(cards("2C 2D 2H"), o) == ("A set needs at least two natural cards; melds of "
                                             "2s alone are not allowed")
    assert "two natural cards" in new_set(cards("7S 2C JK"), o)
    assert new_set(cards("7S 7D 2C JK"), o).wilds == 2
    deal = Deal.arranged(o, [cards("QS 2C 2D 2H 7S JK 4D 5D 6D 9C 10C JC KH"),
                             cards("AH 3D")], stock_top=cards("8H"))
    s = State(o, 2, 0, deal=deal)
    play(s, "draw")
    listed = {str(a) for a in s.legal_actions()}
    assert "discard QS" in listed  # the queen of spades may go like any queen
    assert not any(a.startswith("set 2") for a in listed)
    assert not any(a.kind is Act.SET and sum(not is_wild(c) for c in a.cards) < 2
                   for a in s.legal_actions())
    assert "two natural cards" in s.check(parse_action("set 7S 2C JK"))


@pytest.mark.parametrize("rules", [True, False])
def test_a_2_stands_for_the_queen_of_spades_beside_other_wilds_only_without_its_rules(rules):
    o = SEVEN.with_changes(queen_of_spades_rules=rules)
    deal = Deal.arranged(o, [cards("JS 2C KS 2D 5H 7C 9D 3H 4C 6D 8H 10C"), cards("AH 3D")],
                         stock_top=cards("5C"))
    s = State(o, 2, 0, deal=deal)
    play(s, "draw", "run JS 2C=QS KS")
    listed = {str(a) for a in s.legal_actions()}
    reason = s.check(parse_action("add 2D=10S to 1"))
    if rules:
        assert reason == "A 2 may stand for the queen of spades only as the only wild in its run"
        assert "add 2D=10S to 1" not in listed
    else:
        assert reason is None and "add 2D=10S to 1" in listed
        assert s.check(parse_action("add 2D to 1")) == ("Say which card the wild stands for "
                                                        "in the run: 2D=10S or 2D=AS")
        play(s, "add 2D=10S to 1")
        assert meld_points(s.melds[0][0], o) == 25 + 10 + 25 + 10


def test_offer_text_and_refusals_leave_the_game_unchanged():
    assert parse_action("TAKE 9c") == Action(Act.TAKE_OFFER, (parse_card("9C"),))
    assert str(parse_action("take 10H")) == "take 10H"
    assert parse_action("take upcard").kind is Act.TAKE_UPCARD
    with pytest.raises(ValueError, match="not a card"):
        parse_action("take 11H")
    s = three_seats()
    assert s.check(parse_action("take set 9C 9S 9H")) == ("There is no discard pile in this "
                                                         "game: draw from the stock")
    play(s, "draw", "discard 9C")
    before = s.snapshot()
    for text in ("draw", "take 8C", "discard 3H", "take upcard"):
        assert s.check(parse_action(text)) == "The nine of clubs is offered to you: take it or pass"
        with pytest.raises(IllegalAction):
            s.apply(parse_action(text))
        assert s.snapshot() == before


def test_a_whole_match_saves_and_replays_to_the_same_final_sheet():
    game = Game(Setup(SEVEN, 3, 21))
    agents = [MediumAgent(s) for s in range(3)]
    state = game.state
    while not state.over:
        if state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        game.play(agents[state.turn].choose(state.view(state.turn), state.legal_actions()))
    assert any(str(a).startswith("take ") for a in game.actions)  # offers taken, in the save
    again = load(game.dumps())
    assert again.state.snapshot() == state.snapshot()
    report, status = replay_tool.report(game.dumps())
    assert status == 0 and report["phase"] == "match_over"
    assert report["final_sheet"] == state.totals and len(report["hand_scores"]) == 7
    assert json.loads(game.dumps())["options"]["going_out_bonus"] == [100, 100, 100, 200, 300,
                                                                      400, 500]
