"""The review of a hand: hard's choice and the points each decision lost, from the seat's view
only, with a fixed count of worlds (small here, so the searches run fast)."""

from __future__ import annotations

import random

import pytest

from game.ai.registry import make_agent
from game.ai.search import Comparison
from game.rules.actions import parse_action
from game.rules.deal import Deal
from game.rules.options import preset
from game.rules.phase import ACTING
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.review import Reviewing, SeatReviewer, review

WORLDS = 8
OPTIONS = preset("digital")
MINE = ["KS", "KH", "5C", "6C", "7C", "9D", "10D", "JH", "3S", "4H", "8S", "QD", "AC"]
THEIRS = ["2H", "3H", "4D", "5D", "6S", "7S", "8D", "9C", "10C", "JC", "QH", "AH", "AD"]


def arranged(theirs, stock_top) -> Setup:
    """Seat 1 to open on a K♦ upcard it can take with K♠ K♥; the other hand and the stock's
    top as given."""
    deal = Deal.arranged(OPTIONS, [MINE, theirs], pile=["KD"], stock_top=stock_top)
    return Setup(OPTIONS, 2, 5, first_seat=0, deal=deal)


def played_hand(setup: Setup, agents) -> Game:
    """The first hand of ``setup`` played to its end by ``agents`` (one per seat)."""
    game = Game(setup)
    while game.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        state = game.state
        game.play(agents[state.turn].choose(state.view(state.turn), state.legal_actions()))
    return game


def test_a_decision_is_reviewed_from_what_the_seat_could_see():
    # The same view for seat 1, but the other hand and the stock's order differ.
    one = arranged(THEIRS, ["KC", "3C"])
    other = arranged([c for c in THEIRS if c not in ("2H", "AH")] + ["KC", "3C"], ["AH", "2H"])
    a, b = one.start(), other.start()
    assert a.hands[1] != b.hands[1] and a.stock != b.stock
    assert a.view(0) == b.view(0)
    actions = [parse_action("take set KS KH KD"), parse_action("discard 3S")]
    first, second = (review(s, actions, 0, worlds=WORLDS) for s in (one, other))
    assert [d.index for d in first.decisions] == [0, 1]
    assert first.decisions == second.decisions


def test_a_search_compares_actions_in_the_same_worlds():
    view = arranged(THEIRS, ["KC", "3C"]).start().view(0)
    draw, take = view.legal_actions()

    def compared(actions, slice_seconds):
        comparison = Comparison(view, actions, random.Random(3), worlds=WORLDS, horizon=8)
        while not comparison.think(slice_seconds):
            pass
        return comparison

    same = compared([take, take], 1.0)
    assert same.done == WORLDS and same.gain(1) == (0.0, 0.0)
    # Counted in worlds: thinking in many short slices reaches the same figures.
    long, short = compared([take, draw], 1.0), compared([take, draw], 1e-5)
    assert long.gain(1) == short.gain(1) and long.gain(1)[1] > 0


def test_hard_choices_substituted_cost_nothing():
    setup = Setup(OPTIONS, 2, 11)
    game, other = Game(setup), make_agent("medium", 4)
    reviewer = SeatReviewer(0, WORLDS)
    while game.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        state = game.state
        view, legal = state.view(state.turn), state.legal_actions()
        if state.turn == 0 and state.phase in ACTING:
            action = reviewer.judge(view, legal, len(game.actions), None).chosen
        else:
            action = other.choose(view, legal)
        game.play(action)
    done = review(setup, game.actions, 0, worlds=WORLDS)
    assert len(done.decisions) >= 3
    assert all(d.chosen == d.hard and d.loss == 0 and d.error == 0 for d in done.decisions)
    assert done.costliest() == ()


def test_a_weaker_players_mistakes_come_dearest_first():
    setup = Setup(OPTIONS, 2, 7)
    game = played_hand(setup, [make_agent("easy", 1), make_agent("medium", 2)])
    done = review(setup, game.actions, 0, worlds=WORLDS)
    seat_moves = [d.index for d in done.decisions]
    assert seat_moves and all(game.actions[i] == d.chosen
                              for i, d in zip(seat_moves, done.decisions))
    assert all(setup.state_after(game.actions[:d.index]).turn == 0
               for d in done.decisions)
    dear = done.costliest()
    assert 1 <= len(dear) <= 3
    assert [d.loss for d in dear] == sorted((d.loss for d in dear), reverse=True)
    assert all(d.chosen != d.hard and d.loss > 0 for d in dear)
    rest = [d.loss for d in done.decisions if d not in dear]
    assert all(d.loss >= x for d in dear for x in rest)
    report = done.to_json()
    assert report["costliest"] == [d.index for d in dear]
    assert (report["seat"], report["hand"], report["worlds"], report["seed"]) == (1, 1, 8, 0)


def test_a_review_thought_in_frame_slices_is_the_review_at_once():
    setup = Setup(OPTIONS, 2, 7)
    actions = played_hand(setup, [make_agent("easy", 1), make_agent("medium", 2)]).actions
    reviewing = Reviewing(setup, actions, 0, worlds=WORLDS)
    slices, seen = 0, []
    while not reviewing.think(0.0):  # a slice of no time still makes one step
        slices += 1
        seen.append(reviewing.progress[0])
    assert slices > reviewing.progress[1]  # many steps for each decision
    assert seen == sorted(seen) and reviewing.progress[0] == reviewing.progress[1]
    assert reviewing.result() == review(setup, actions, 0, worlds=WORLDS)


def test_a_review_names_a_seat_or_hand_the_record_lacks():
    setup = Setup(OPTIONS, 2, 7)
    actions = played_hand(setup, [make_agent("medium", 1), make_agent("medium", 2)]).actions
    with pytest.raises(ValueError, match="seat must be 1 to 2, not 3"):
        review(setup, actions, 2)
    with pytest.raises(ValueError, match="hand must be 1 to 1, not 2"):
        review(setup, actions, 0, 1)
    with pytest.raises(ValueError, match="at least 2 worlds"):
        review(setup, actions, 0, worlds=1)
