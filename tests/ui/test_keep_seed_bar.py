"""The bar for seeds, as a player meets it from the command line: ``--seed -1`` and
``--seed 2**63`` are refused at the start with a clear message; a match started at the top of
the range, or continued from an earlier version's save with a seed outside it, is there again
after a restart at the same position, never set aside. (The deal codes of such seeds are
refused where they are typed: ``test_newgame_seed``.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from scene_nav import press, step
from test_keep_app import reopened

from game import platform
from game.rules.actions import parse_action
from game.rules.seeds import SEEDS
from game.services import saves
from game.ui.scenes.table import TableScene

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "services"))
from test_seed_range import match_file  # noqa: E402


def state_actions(text: str) -> list:
    """The actions of an autosave's text, as the engine reads them."""
    return [parse_action(a) for a in json.loads(text)["game"]["actions"]]


def run_main_py(*args: str) -> subprocess.CompletedProcess:
    """``python main.py ARGS`` headless, in this test's data folder."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_a_seed_outside_the_range_is_refused_at_the_start(seed):
    result = run_main_py(f"--seed={seed}", "--frames", "5")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "usage: arlington" in result.stderr
    assert "argument --seed: a seed is a whole number from 0 to 9,223,372,036,854,775,807" \
        in result.stderr
    assert platform.read(saves.KEY) is None  # no match began


def test_a_match_at_the_top_of_the_range_continues_after_a_restart():
    result = run_main_py("--seed", str(SEEDS[-1]), "--frames", "120")
    assert result.returncode == 0, result.stderr
    first = saves.load_autosave().match
    assert first is not None and first.game.setup.seed == SEEDS[-1]
    result = run_main_py("--frames", "5")  # the title: it reads the save, and keeps it
    assert result.returncode == 0, result.stderr
    assert not list(platform.data_dir().glob("match.json.corrupt-*"))
    app = reopened()
    assert app.keeper.saved_match().game.state.snapshot() == first.game.state.snapshot()
    press(app, "continue")
    table = app.scenes.find(TableScene)
    assert table.game.actions[:len(first.game.actions)] == first.game.actions


def test_an_earlier_versions_match_with_seed_minus_one_continues_after_restarts():
    text, state = match_file(-1, moves=45)
    platform.write(saves.KEY, text)
    for _ in range(2):
        result = run_main_py("--frames", "5")
        assert result.returncode == 0, result.stderr
    assert not list(platform.data_dir().glob("match.json.corrupt-*"))
    app = reopened()
    assert app.keeper.saved_match().game.state.snapshot() == state.snapshot()
    press(app, "continue")
    table = app.scenes.find(TableScene)
    assert table.game.setup.earlier_seed == -1
    assert table.game.actions[:45] == state_actions(text)
    step(app, frames=5)
    saved = json.loads(platform.read(saves.KEY))
    assert saved["game"]["seed"] == -1  # kept as it was dealt from


def test_a_save_an_earlier_version_set_aside_for_its_seed_is_continued():
    text, state = match_file(-5, moves=30)
    platform.write("match.json.corrupt-20250101-120000", text)
    result = run_main_py("--frames", "5")  # the title offers it back
    assert result.returncode == 0, result.stderr
    assert platform.read(saves.KEY) == text
    assert not list(platform.data_dir().glob("match.json.corrupt-*"))
    app = reopened()
    assert app.keeper.saved_match().game.state.snapshot() == state.snapshot()
    press(app, "continue")
    played = app.scenes.find(TableScene).game
    assert played.setup.earlier_seed == -5 and played.actions[:30] == state_actions(text)
