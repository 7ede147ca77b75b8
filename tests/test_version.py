"""One version, named everywhere a player or a bug report looks: ``arlington --version``, every
save, the exported statistics, the package metadata and the changelog's newest entry all say
``game.__version__``."""

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import game
from game.rules.options import DIGITAL
from game.rules.save import Game, Setup
from game.services import records, saves
from game.services.seats import default_seats

REPO = Path(__file__).resolve().parents[1]


def test_version_option_prints_the_version():
    run = subprocess.run([sys.executable, str(REPO / "main.py"), "--version"], cwd=REPO,
                         capture_output=True, text=True, timeout=60, check=False)
    assert (run.returncode, run.stdout, run.stderr) == (0, f"arlington {game.__version__}\n", "")


def test_every_save_names_the_game_that_wrote_it():
    match = saves.SavedMatch(Game(Setup(DIGITAL, 2, 5, 0)), default_seats(2), (None, None))
    data = json.loads(match.dumps())
    assert data["game_version"] == game.__version__
    # Read back, it changes nothing; a save from before the field loads as ever.
    del data["game_version"]
    assert saves.from_json(data).game.state.snapshot() == match.game.state.snapshot()


def test_the_exported_statistics_name_the_version():
    first = records.Records().text().splitlines()[0]
    assert first == f"Arlington statistics (version {game.__version__})"


def test_the_package_reads_its_version_from_the_game():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}


def test_the_changelog_describes_this_version_first():
    text = (REPO / "CHANGELOG.md").read_text()
    versions = re.findall(r"^## \[([^\]]+)\]", text, re.MULTILINE)
    assert versions and versions[0] == game.__version__, versions[:2]
    assert re.fullmatch(r"\d+\.\d+\.\d+", game.__version__)
