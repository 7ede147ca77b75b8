"""``python -m tools.review``: a save's review as JSON, and a clear refusal of a save it cannot
review."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.registry import make_agent
from game.rules.options import preset
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services.review import review
from tools import review as tool
from tools import review_check

ROOT = Path(__file__).resolve().parents[2]
MORE = 8
"""Actions of the second hand in the save."""


@pytest.fixture(scope="module")
def save() -> dict:
    """A first hand of two played to its end, and the first moves of the second."""
    game = Game(Setup(preset("digital"), 2, 7))
    agents = [make_agent("easy", 1), make_agent("medium", 2)]
    while game.state.phase is not Phase.HAND_OVER:
        state = game.state
        game.play(agents[state.turn].choose(state.view(state.turn), state.legal_actions()))
    game.next_hand()
    for _ in range(MORE):
        state = game.state
        game.play(agents[state.turn].choose(state.view(state.turn), state.legal_actions()))
    return game.to_json()


def run(capsys, *argv) -> tuple[dict, int]:
    status = tool.main([str(a) for a in argv])
    return json.loads(capsys.readouterr().out), status


def test_the_review_of_a_hand_names_each_choice_and_its_price(tmp_path, capsys, save):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    out, status = run(capsys, path, "--hand", 1, "--worlds", 4, "--seed", 9)
    assert status == 0 and out["ok"]
    assert (out["seat"], out["hand"], out["worlds"], out["seed"]) == (1, 1, 4, 9)
    decisions = out["decisions"]
    assert decisions and all(save["actions"][d["index"]] == d["chosen"] for d in decisions)
    assert {d["phase"] for d in decisions} <= {"draw", "meld", "offer", "discard_offer"}
    assert all(d["loss"] == 0 and d["error"] == 0 for d in decisions if d["chosen"] == d["hard"])
    dear = sorted((d for d in decisions if d["loss"] > 0), key=lambda d: -d["loss"])[:3]
    assert out["costliest"] == [d["index"] for d in dear]
    # The same save, worlds and seed give the same review.
    again, _ = run(capsys, path, "--hand", 1, "--worlds", 4, "--seed", 9)
    assert again == out


def test_the_last_hand_and_another_seat_by_default_and_by_choice(tmp_path, capsys, save):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    out, status = run(capsys, path, "--seat", 2, "--worlds", 2)
    assert status == 0 and (out["seat"], out["hand"]) == (2, 2)
    assert out["decisions"]
    assert all(d["index"] >= len(save["actions"]) - MORE for d in out["decisions"])


def test_a_broken_or_edited_save_is_refused_with_its_reason(tmp_path, capsys, save):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "arlington-save", "version": 1, ', encoding="utf-8")
    out, status = run(capsys, broken)
    assert status == 2 and out == {"ok": False, "error": "the save file is not valid JSON "
                                                          "(line 1, column 44)"}
    edited = dict(save, actions=save["actions"][:2] + ["discard QS"] + save["actions"][3:])
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(edited), encoding="utf-8")
    out, status = run(capsys, path)
    assert status == 1 and not out["ok"] and out["refused_index"] == 2
    assert out["error"].startswith("action 3 of the save is refused (")
    assert "only a save whose every action replays can be reviewed" in out["error"]
    out, status = run(capsys, tmp_path / "missing.json")
    assert status == 2 and out["error"] == f"cannot read {tmp_path / 'missing.json'}: " \
                                           "no such file or directory"


def test_a_seat_or_hand_the_save_lacks_is_named(tmp_path, capsys, save):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    assert run(capsys, path, "--seat", 3) == ({"ok": False,
                                               "error": "seat must be 1 to 2, not 3"}, 3)
    assert run(capsys, path, "--hand", 3) == ({"ok": False,
                                               "error": "hand must be 1 to 2, not 3"}, 3)
    with pytest.raises(SystemExit):
        tool.main([str(path), "--worlds", "1"])
    assert "argument --worlds: must be 2 to 10000, not 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # no match has a hand 0: a usage error, as any count
        tool.main([str(path), "--hand", "0"])
    assert "argument --hand: must be 1 to 10000, not 0" in capsys.readouterr().err


def test_the_module_runs_from_the_command_line(tmp_path, save):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tools.review", str(path), "--worlds", "2"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ok"]


def test_the_check_plays_each_top_mistake_out_again():
    figures = review_check.check(hands=2, worlds=4, verify=4)
    assert (figures["hands"], figures["worlds"], figures["verify_worlds"]) == (2, 4, 4)
    rows = figures["rows"]
    assert [r["seed"] for r in rows] == [1, 2]
    checked = [r for r in rows if "verified" in r]
    assert figures["with_a_mistake"] == len(checked) >= 1
    assert figures["held"] == sum(r["verified"] > 0 for r in checked)
    for r in checked:
        game = review_check.played_hand(r["seed"])
        top = review(game.setup, game.actions, 0, 0, worlds=4).costliest(1)[0]
        assert (r["index"], r["chosen"], r["hard"]) == (top.index, str(top.chosen),
                                                        str(top.hard))
