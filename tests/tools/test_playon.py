"""``python -m tools.playon``: the decisions it keeps are the search's own (the true position
before each, the prior first, the choice among the candidates), every candidate is played on
with the same stock orders (so the same move twice measures no difference), a play-on leaves
the kept position as it was, and a player that is no hard level is a usage error."""

from __future__ import annotations

import random
import re

import pytest

from game.ai.hard import HardAgent
from tools import playon


def _hard(seed):
    return HardAgent(seed, iterations=12, budget_seconds=None)  # counted, not timed


@pytest.fixture(scope="module")
def found():
    return list(playon.decisions(_hard, "greedy", "digital", 1, 5))


def test_a_kept_decision_is_the_searchs_own_from_the_position_before_it(found):
    assert found, "a hand against greedy has searched decisions"
    for d in found:
        assert d.state.turn == d.seat
        legal = d.state.legal_actions()
        assert len(d.candidates) > 1
        assert all(c in legal for c in d.candidates)
        assert d.choice in d.candidates
    again = list(playon.decisions(_hard, "greedy", "digital", 1, 5))
    assert [(d.seat, d.candidates, d.choice) for d in again] == \
        [(d.seat, d.candidates, d.choice) for d in found]


def test_every_candidate_is_played_on_with_the_same_stock_orders(found):
    d = found[0]
    twice = playon.Decision(d.state, d.seat, (d.candidates[1], d.candidates[1]), d.candidates[1])
    a, b = playon.values(twice, 6, random.Random(1), "hard-prior", "greedy")
    assert a == b


def test_a_play_on_ends_the_hand_and_leaves_the_kept_position_alone(found):
    d = found[-1]
    before = (list(d.state.stock), [list(h) for h in d.state.hands], d.state.phase)
    order = list(range(len(d.state.stock)))
    first = playon.play_on(d.state, d.seat, d.choice, order, "hard-prior", "greedy")
    assert (list(d.state.stock), [list(h) for h in d.state.hands], d.state.phase) == before
    assert playon.play_on(d.state, d.seat, d.choice, order, "hard-prior", "greedy") == first


def test_overrides_are_the_choice_less_the_prior_and_alternatives_the_rest(found):
    overrides, alternatives, count = playon.judge(found, 2, 3, "hard-prior", "greedy")
    assert count == len(found)
    moved = sum(1 for d in found if d.choice != d.candidates[0])
    assert sum(len(g) for g in overrides.values()) == moved
    assert sum(len(g) for g in alternatives.values()) == sum(len(d.candidates) - 1 for d in found)


def test_the_report_names_the_run_and_its_groups(capsys):
    assert playon.main(["--agent", "hard@0.01cpu", "--opponent", "greedy", "--deals", "1",
                        "--shuffles", "2"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"against greedy, digital, 1 deals \(seed 62\), \d+ searched decisions", out)
    assert "overrides (choice - prior):" in out and "alternatives (candidate - choice):" in out


@pytest.mark.parametrize("argv", [["--opponent", "nobody"], ["--opponent", "greedy", "--agent",
                                                             "medium"],
                                  ["--opponent", "greedy", "--preset", "nowhere"],
                                  ["--opponent", "greedy", "--shuffles", "0"]])
def test_a_player_that_is_none_or_no_search_is_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        playon.main(argv)
    assert stop.value.code == 2
    assert "error:" in capsys.readouterr().err
