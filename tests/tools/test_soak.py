"""``python -m tools.soak``: a short soak passes, and each kind of failure it exists to find is
found, with a save that reproduces it."""

from __future__ import annotations

import json

from game.rules import save
from game.rules.actions import parse_action
from game.rules.options import PRESETS
from game.rules.state import State
from tools import soak


def test_a_short_soak_finds_nothing_wrong_under_every_kind_of_rules():
    report = soak.soak(24, seed=2)
    assert not soak.failed(report), json.dumps(report["failures"])[:2000]
    assert report["hands"] >= 24 and report["actions"] > 500
    assert set(report["hands_by_rules"]) == {*PRESETS, "random options"}
    assert "seven" in PRESETS
    assert set(report["decisions_by_agent"]) == set(soak.KINDS)
    assert report["slowest_legal_actions"]["cpu_seconds"] > 0
    assert "save" in report["slowest_legal_actions"]


def test_the_soak_is_reproducible_from_its_seed():
    one, two = soak.soak(6, seed=5), soak.soak(6, seed=5)
    for key in ("hands", "actions", "matches", "hands_by_rules", "decisions_by_agent"):
        assert one[key] == two[key]


def test_a_view_that_leaks_is_reported_with_a_save_that_reaches_it(monkeypatch):
    """Put the issue-7 leak back: the soak's observers catch it."""
    def leaky_leave_hand(self, seat, cards):
        hand, known = self.hands[seat], self.known[seat]
        for c in cards:
            hand.remove(c)
            if known and known.count(c) > hand.count(c):
                known.remove(c)

    monkeypatch.setattr(State, "_leave_hand", leaky_leave_hand)
    report = soak.soak(150, seed=1)
    assert report["invariant_failures"] > 0 and soak.failed(report)
    failure = next(f for f in report["failures"] if f["kind"] == "invariant")
    assert "known" in failure["what"]
    assert save.replay(failure["save"]).ok, "the save replays to the failing position"


def test_an_agent_choosing_illegal_actions_is_reported(monkeypatch):
    class Stubborn:
        def __init__(self, seed):
            pass

        def choose(self, view, legal):
            return parse_action("discard QS")

    monkeypatch.setattr(soak, "soak_agent", lambda kind, seed: Stubborn(seed))
    report = soak.soak(2, seed=1)
    assert report["illegal_actions"] > 0 and soak.failed(report)
    assert report["failures"][0]["kind"] == "illegal"
    assert report["invariant_failures"] == 0  # the seat played a legal action instead


def test_a_slow_decision_is_reported_as_a_hang(monkeypatch):
    monkeypatch.setattr(soak, "HANG_SECONDS", 0.0)
    report = soak.soak(1, seed=1)
    assert report["hangs"] > 0 and report["failures"][0]["kind"] == "hang"


def test_an_exception_is_reported_not_raised(monkeypatch):
    def broken(self, action):
        raise RuntimeError("boom")

    monkeypatch.setattr(save.Game, "play", broken)
    report = soak.soak(2, seed=1)
    assert report["errors"] > 0 and "RuntimeError: boom" in report["failures"][0]["what"]


def test_the_command_prints_json_and_its_exit_status(capsys):
    assert soak.main(["--hands", "3", "--seed", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] >= 3 and out["invariant_failures"] == 0
