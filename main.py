"""Arlington: desktop launcher and pygbag entry point.

This file only starts the app. It stays self-contained until the engine's API settles; the
table will be wired in from ``game`` later. pygbag needs the literal ``asyncio.run`` in this
file and an async loop that yields every frame (a blocking loop is a black screen in a browser).
"""

import argparse
import asyncio
import os
import sys

# Keep pygame's import banner off stdout, so command-line output stays clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the environment variable above, which it reads on import

WINDOW_SIZE = (960, 600)
FPS = 60
PRESETS = ("digital", "classic", "book")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
BACKGROUND = (18, 80, 48)  # card-table green
INK = (240, 236, 220)


def _players(text: str) -> int:
    """Parse --players, so a bad count is a usage error (exit 2) rather than a traceback."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"must be between {MIN_PLAYERS} and {MAX_PLAYERS}, got {value}"
        )
    return value


def _positive(text: str) -> int:
    """Parse --frames: a positive whole number."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line; in the browser there is none, so the defaults apply."""
    if argv is None:
        argv = [] if sys.platform == "emscripten" else sys.argv[1:]
    parser = argparse.ArgumentParser(prog="main.py", description="Arlington, Oklahoma Rummy.")
    parser.add_argument(
        "--seed", type=int, default=None, help="seed for the deal (default: random)"
    )
    parser.add_argument(
        "--players",
        type=_players,
        default=MIN_PLAYERS,
        metavar="N",
        help=f"number of seats, {MIN_PLAYERS}-{MAX_PLAYERS} (default: {MIN_PLAYERS})",
    )
    parser.add_argument(
        "--preset", choices=PRESETS, default=PRESETS[0], help="rule preset (default: digital)"
    )
    # Quit after N frames: lets tests run the real loop headless and finish on their own.
    parser.add_argument("--frames", type=_positive, default=None, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def _render_lines(font: pygame.font.Font, lines: list[str]) -> list[pygame.Surface]:
    """Render the placeholder text once; drawing it each frame is then a blit."""
    return [font.render(line, True, INK) for line in lines]


async def main(argv: list[str] | None = None) -> None:
    """Open the window and run the frame loop until it is closed, Escape, or --frames ends."""
    args = parse_args(argv)
    pygame.init()
    try:
        screen = pygame.display.set_mode(WINDOW_SIZE)
        pygame.display.set_caption("Arlington")
        clock = pygame.time.Clock()
        seed = "random" if args.seed is None else str(args.seed)
        surfaces = _render_lines(
            pygame.font.Font(None, 36),
            [
                "Arlington \u2014 Oklahoma Rummy.",
                "The table is coming soon.",
                f"{args.players} players, {args.preset} rules, seed {seed}",
            ],
        )
        frame = 0
        running = True
        while running:
            for event in pygame.event.get():
                escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                if event.type == pygame.QUIT or escape:
                    running = False
            screen.fill(BACKGROUND)
            width, height = screen.get_size()
            y = height // 2 - sum(s.get_height() + 12 for s in surfaces) // 2
            for surface in surfaces:
                screen.blit(surface, ((width - surface.get_width()) // 2, y))
                y += surface.get_height() + 12
            pygame.display.flip()
            frame += 1
            if args.frames is not None and frame >= args.frames:
                running = False
            clock.tick(FPS)
            await asyncio.sleep(0)  # hand control back to the browser (and any other task)
    finally:
        pygame.quit()


if __name__ == "__main__":
    asyncio.run(main())
