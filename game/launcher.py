"""The launcher: parse the command line, open the window, run the app.

``arlington`` (the installed command), ``python -m game`` and ``python main.py`` all land here:
the title screen, straight to the table when ``--players``, ``--preset`` or ``--seed`` is
given, or the guided first hand with ``--tutorial``; ``--import FILE`` and ``--undo-import``
restore a backup (or undo that) without opening a window. In the browser there is no command
line, so the defaults apply.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

# Keep pygame's import banner off stdout, so command-line output stays clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment variable above, which it reads on import)

from . import TITLE, __version__  # noqa: E402
from .platform import IS_BROWSER, startup_mark  # noqa: E402
from .rules.options import preset  # noqa: E402
from .rules.save import Setup  # noqa: E402
from .rules.seeds import SEEDS, check_seed  # noqa: E402
from .services.seats import default_seats  # noqa: E402
from .ui.presets import TABLE_PRESETS  # noqa: E402

WINDOW_SIZE = (1280, 720)
MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_SEED = 999_999


def _players(text: str) -> int:
    """Parse --players, so a bad count is a usage error (exit 2) rather than a traceback."""
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {value}"
        )
    return value


def _seed(text: str) -> int:
    """Parse --seed: a seed of ``SEEDS``, so one the game could not save again is a usage
    error, not a match lost on the next start."""
    import argparse

    try:
        value = int(text)
    except ValueError:  # also past Python's 4,300 digits: no seed has that many
        raise argparse.ArgumentTypeError(f"not a whole number from 0 to {SEEDS[-1]}: "
                                         f"{text[:40]!r}") from None
    try:
        return check_seed(value)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _positive(text: str) -> int:
    """Parse --frames: a positive whole number."""
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line; in the browser there is none, so the defaults apply."""
    import argparse  # here: a browser tab never parses, so never imports it

    if argv is None:
        argv = [] if IS_BROWSER else sys.argv[1:]
    parser = argparse.ArgumentParser(prog="arlington", description="Arlington, Oklahoma Rummy.")
    parser.add_argument(
        "--seed", type=_seed, default=None,
        help=f"seed for the deal, 0 to {SEEDS[-1]} (default: random)"
    )
    parser.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="N",
        help=f"number of seats, {MIN_PLAYERS}-{MAX_PLAYERS} (default: {MIN_PLAYERS})",
    )
    parser.add_argument(
        "--preset", choices=TABLE_PRESETS, default=None, help="rule preset (default: digital)"
    )
    parser.add_argument("--version", action="version", version=f"arlington {__version__}",
                        help="print the game's version and quit")
    parser.add_argument("--tutorial", action="store_true",
                        help="start with the guided first hand (Learn to play)")
    parser.add_argument("--import", dest="import_file", metavar="FILE", default=None,
                        help="make the backup FILE (arlington-backup.json) your settings, "
                             "statistics, history and saved match, then quit")
    parser.add_argument("--undo-import", action="store_true",
                        help="put back the data the last import replaced, then quit")
    # Quit after N frames: lets tests run the real loop headless and finish on their own.
    parser.add_argument("--frames", type=_positive, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.import_file is not None and args.undo_import:
        parser.error("--import and --undo-import cannot be given together")
    if args.tutorial and (args.players, args.preset, args.seed) != (None, None, None):
        parser.error("--tutorial plays its own arranged hand: leave out --players, --preset "
                     "and --seed")
    if args.players is not None and args.preset is not None:
        rules = preset(args.preset)
        if not rules.min_players <= args.players <= rules.max_players:
            parser.error(f"the {args.preset} rules are for {rules.min_players} to "
                         f"{rules.max_players} players, not {args.players}")
    return args


def quick_setup(args: argparse.Namespace, rng: random.Random | None = None) -> Setup | None:
    """The match to start at once when any of --players/--preset/--seed was given (seat 1 a
    person, the rest medium computers), else None: the title screen."""
    if args.players is None and args.preset is None and args.seed is None:
        return None
    options = preset(args.preset or "digital")
    players = args.players or MIN_PLAYERS
    seed = args.seed if args.seed is not None else \
        (rng or random.Random()).randrange(1, MAX_SEED + 1)
    return Setup(options, players, seed)


def keep_command(args: argparse.Namespace) -> int | None:
    """Do --import or --undo-import (no window), print what happened and return the exit
    status; None when neither was asked."""
    if args.import_file is None and not args.undo_import:
        return None
    from .platform import read_handed
    from .services import backup

    try:
        if args.undo_import:
            backup.undo()
            print("The import is undone: your data is as it was before it.")
        else:
            backup.import_handed(read_handed(args.import_file, backup.MAX_CHARS))
            print(f"Imported {args.import_file}: your statistics, history, settings and "
                  "saved match are the backup's (arlington --undo-import puts back what "
                  "they replaced).")
    except backup.BackupError as e:
        print(f"arlington: {e}", file=sys.stderr)
        return 1
    return 0


async def main(argv: list[str] | None = None) -> None:
    """Open the window and run the app until it is closed or --frames have been drawn."""
    # A browser tab has no command line: no parser to build (argparse and gettext cost a
    # tenth of a second to import there).
    args = None if IS_BROWSER and argv is None else parse_args(argv)
    if args is not None and (status := keep_command(args)) is not None:
        raise SystemExit(status)
    setup = quick_setup(args) if args is not None else None
    pygame.init()
    try:
        from .ui.app import App

        startup_mark("imported")
        screen = pygame.display.set_mode(WINDOW_SIZE, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        app = App(screen)
        startup_mark("app")
        if setup is not None:
            app.start_match(setup, default_seats(setup.players))
        elif args is not None and args.tutorial:
            app.open("tutorial")
        else:
            app.open("title")
        await app.run(args.frames if args is not None else None)
    finally:
        pygame.quit()


def run() -> None:
    """The ``arlington`` command and ``python -m game`` (the desktop; a browser runs
    ``main.py``, whose ``asyncio.run`` pygbag looks for)."""
    asyncio.run(main())
