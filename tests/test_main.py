"""The launcher opens the title (or the table when a match is described on the command line),
runs its frame loop headless, quits by itself, and rejects bad options.

SDL's dummy drivers stand in for a screen and a sound card, so these run on a bare CI machine.
"""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pygame
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


def run_in_process(monkeypatch, argv):
    """Run launcher.main(argv) headless in this process; returns what its app showed when the
    loop ended and the flags the window was asked for."""
    for name, value in HEADLESS.items():
        monkeypatch.setenv(name, value)
    from game import launcher
    from game.ui.app import App

    seen = {}
    real_run = App.run
    real_set_mode = pygame.display.set_mode

    def set_mode(size, flags=0, *args, **kwargs):
        seen["flags"] = flags
        return real_set_mode(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)

    async def run(self, frames=None):
        await real_run(self, frames)
        seen["stack"] = list(self.scenes.stack)
        seen["size"] = self.size

    monkeypatch.setattr(App, "run", run)
    try:
        assert asyncio.run(launcher.main(argv)) is None
    finally:
        _forget_pygame_objects()
    return seen


def _forget_pygame_objects():
    """main() ends with pygame.quit(), which invalidates every font the UI modules cached;
    a real run exits the process there, a test goes on, so empty those caches."""
    import game.ui.cardart
    import game.ui.theme
    import game.ui.widgets

    for module in (game.ui.theme, game.ui.cardart, game.ui.widgets):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def test_main_without_options_opens_the_title(monkeypatch):
    from game.ui.scenes import TitleScene

    seen = run_in_process(monkeypatch, ["--frames", "3"])
    assert [type(s) for s in seen["stack"]] == [TitleScene]
    assert seen["flags"] & pygame.RESIZABLE
    assert seen["size"] == (1280, 720)


def test_main_with_a_match_goes_straight_to_the_table(monkeypatch):
    from game.ui.scenes.table import TableScene

    seen = run_in_process(monkeypatch, ["--frames", "5", "--players", "4", "--preset", "book",
                                        "--seed", "11"])
    (table,) = seen["stack"]
    assert isinstance(table, TableScene)
    setup = table.game.setup
    assert (setup.players, setup.seed, setup.options.max_players) == (4, 11, 4)
    assert table.seats[0].is_person and all(s.level == "medium" for s in table.seats[1:])


def test_main_with_tutorial_opens_the_guided_first_hand(monkeypatch):
    from game.ui.scenes.tutorial import TutorialScene

    seen = run_in_process(monkeypatch, ["--frames", "3", "--tutorial"])
    (lesson,) = seen["stack"]
    assert isinstance(lesson, TutorialScene)
    assert lesson.index == 0 and lesson.game.actions == []


def test_quick_setup_only_when_asked():
    from game import launcher

    assert launcher.quick_setup(launcher.parse_args([])) is None
    setup = launcher.quick_setup(launcher.parse_args(["--seed", "5"]))
    assert (setup.players, setup.seed, setup.options) == (2, 5, launcher.preset("digital"))
    assert launcher.quick_setup(launcher.parse_args(["--players", "3"])).players == 3


def test_main_py_exits_cleanly():
    result = run_main_py("--frames", "5", "--seed", "7", "--players", "8", "--preset", "classic")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    result = run_main_py("--frames", "5", "--seed", "7", "--players", "4", "--preset", "seven")
    assert result.returncode == 0, result.stderr  # seven-hand Arlington opens at the table
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "between 2 and 8"),
        (["--players", "1"], "between 2 and 8"),
        (["--players", "two"], "not a whole number"),
        (["--preset", "vegas"], "invalid choice"),
        (["--players", "5", "--preset", "seven"], "2 to 4 players"),
        (["--seed", "x"], "not a whole number"),
        (["--seed", "-1"], "from 0 to 9,223,372,036,854,775,807; -1 is outside"),
        (["--seed", str(2**63)], "9,223,372,036,854,775,808 is outside"),
        (["--frames", "0"], "at least 1"),
        (["--players", "6", "--preset", "book"], "2 to 4 players"),
        (["--tutorial", "--seed", "3"], "its own arranged hand"),
    ],
)
def test_bad_arguments_are_usage_errors(args, message):
    result = run_main_py(*args)
    assert result.returncode == 2, result.stderr
    assert "usage: arlington" in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_parse_args_defaults():
    from game import launcher

    args = launcher.parse_args([])
    assert (args.seed, args.players, args.preset, args.frames) == (None, None, None, None)


def test_browser_ignores_command_line(monkeypatch):
    from game import launcher

    monkeypatch.setattr(launcher, "IS_BROWSER", True)  # game.platform's answer under pygbag
    monkeypatch.setattr(sys, "argv", ["main.py", "--players", "9"])
    assert launcher.parse_args().players is None
