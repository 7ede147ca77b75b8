"""What the title's first frame waits for: the modules loaded by then, in a fresh interpreter
started as a browser tab starts the game (every module imported before that frame is
compiled or unmarshalled in WebAssembly before the player sees anything)."""

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PROBE = """
import asyncio, json, sys
from game import launcher
asyncio.run(launcher.main(["--frames", sys.argv[1]]))
print(json.dumps(sorted(sys.modules)))
"""


def _loaded_after(frames: int, data: Path) -> set[str]:
    """The modules loaded once the app has drawn ``frames`` frames of the title (a first
    start: no settings, no saved match, in the folder ``data``)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(REPO), ARLINGTON_DATA_DIR=str(data))
    done = subprocess.run([sys.executable, "-c", PROBE, str(frames)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_titles_first_frame_loads_no_table_no_ai_level_and_no_other_scene(tmp_path):
    loaded = _loaded_after(1, tmp_path)
    game = {m for m in loaded if m.startswith("game.")}
    assert {m for m in game if m.startswith("game.ui.scenes.")} == {
        "game.ui.scenes.title", "game.ui.scenes.menu", "game.ui.scenes.page"}
    # The agent protocol's constants (think budgets) only: no level, no search.
    assert {m for m in game if m.startswith("game.ai.")} == {"game.ai.agent"}
    assert "game.ui.cardart" not in loaded, "the fan's card art belongs to the second frame"
    # What only a match in play needs: the keeper imports it when a table comes.
    assert not {"game.ui.table.model", "game.ui.thinking", "game.services.hints",
                "game.services.undo", "game.services.tips"} & loaded
    assert not {m for m in loaded if m == "tools" or m.startswith("tools.")}


def test_the_card_art_arrives_with_the_second_frame(tmp_path):
    loaded = _loaded_after(2, tmp_path)
    assert "game.ui.cardart" in loaded
    assert "game.ui.scenes.table" not in loaded
