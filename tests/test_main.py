"""The launcher starts, runs its frame loop headless, quits by itself, and rejects bad options.

SDL's dummy drivers stand in for a screen and a sound card, so these run on a bare CI machine.
"""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_main_py(*args: str) -> subprocess.CompletedProcess:
    """Run `python main.py ARGS` headless, as a user would, and capture what it prints."""
    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), *args],
        check=False,
        cwd=REPO,
        env={**os.environ, **HEADLESS},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_main_runs_frames_in_process(monkeypatch):
    for name, value in HEADLESS.items():
        monkeypatch.setenv(name, value)
    import main

    assert asyncio.run(main.main(["--frames", "5", "--players", "4", "--preset", "book"])) is None


def test_main_py_exits_cleanly():
    result = run_main_py("--frames", "5", "--seed", "7", "--players", "8", "--preset", "classic")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "between 2 and 8"),
        (["--players", "1"], "between 2 and 8"),
        (["--players", "two"], "not a whole number"),
        (["--preset", "vegas"], "invalid choice"),
        (["--seed", "x"], "invalid int value"),
        (["--frames", "0"], "at least 1"),
    ],
)
def test_bad_arguments_are_usage_errors(args, message):
    result = run_main_py(*args)
    assert result.returncode == 2, result.stderr
    assert "usage: main.py" in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_parse_args_defaults():
    import main

    args = main.parse_args([])
    assert (args.seed, args.players, args.preset, args.frames) == (None, 2, "digital", None)


def test_browser_ignores_command_line(monkeypatch):
    import main

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(sys, "argv", ["main.py", "--players", "9"])
    assert main.parse_args().players == 2
