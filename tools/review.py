"""Review one seat's decisions in one hand of a save: ``python -m tools.review FILE`` prints
one JSON object. The file is an engine save or the game's own autosave (``match.json``), as
``tools.replay`` reads.

For each decision with more than one legal action: its index (0-based) into the save's
actions, the phase, the action chosen, the hard level's action from the same view, and the
expected points the choice lost against it (with its standard error), the search counting a
fixed number of worlds from a fixed seed, both reported, so the review is the same on any
machine. ``costliest`` lists the indices of the three dearest decisions, the dearest first.
See docs/review.md.

A save is reviewed only if every action in it replays: exit status 0 for a review, 1 when an
action is refused (a hand-edited or broken record; ``python -m tools.replay`` says the same),
2 when the file cannot be read at all, 3 when the save has no such seat or hand.
"""

from __future__ import annotations

import argparse
import sys

from game.rules.save import SaveError, parse_json, replay
from game.services.review import SEED, WORLDS, review
from game.services.saves import engine_save

from . import cli
from .replay import print_report

MAX_WORLDS = 10_000
"""Most ``--worlds``: a hundred times the hints' count, a review of minutes, not of days."""
MAX_HANDS = 10_000
"""Most ``--hand`` (no match has more hands)."""


def report(text: str, seat: int = 1, hand: int | None = None, *, worlds: int = WORLDS,
           seed: int = SEED) -> tuple[dict, int]:
    """The JSON report for save text (``seat`` and ``hand`` counting from 1; no hand: the
    last one the save reaches), and the exit status."""
    try:
        result = replay(engine_save(parse_json(text)))
    except SaveError as e:
        return {"ok": False, "error": str(e)}, 2
    if not result.ok:
        index = result.refused_index
        return {"ok": False, "refused_index": index, "reason": result.reason,
                "error": f"action {index + 1} of the save is refused ({result.reason}): only "
                         "a save whose every action replays can be reviewed"}, 1
    game = result.game
    try:
        done = review(game.setup, game.actions, seat - 1, None if hand is None else hand - 1,
                      worlds=worlds, seed=seed)
    except ValueError as e:
        return {"ok": False, "error": str(e)}, 3
    return {"ok": True} | done.to_json(), 0


@cli.interruptible("review: interrupted; no review")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.review", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="save file (JSON); - reads standard input")
    parser.add_argument("--seat", type=cli.count(8), default=1,
                        help="the seat reviewed, 1 to 8 (default 1)")
    parser.add_argument("--hand", type=cli.count(MAX_HANDS), default=None,
                        help="the hand reviewed (default: the last the save reaches)")
    parser.add_argument("--worlds", type=cli.count(MAX_WORLDS, 2), default=WORLDS,
                        help=f"sampled worlds per search, 2 to {MAX_WORLDS} (default {WORLDS})")
    parser.add_argument("--seed", type=cli.seed(), default=SEED, help=f"the seed (default {SEED})")
    args = parser.parse_args(argv)
    return print_report(args.file, lambda text: report(text, args.seat, args.hand,
                                                       worlds=args.worlds, seed=args.seed))


if __name__ == "__main__":
    sys.exit(main())
