"""Does a review's top mistake hold up? ``python -m tools.review_check`` prints one JSON object.

For each of ``--hands`` seeded two-player hands (seat 1 played by the easy or the medium
level in turn, seat 2 by medium), the hand is reviewed for seat 1 with ``--worlds`` worlds and
its costliest decision is played out again: the hard level's action and the one chosen, each
in the same ``--verify`` fresh worlds sampled from the seat's view with another seed, every
playout run to the end of the hand (real hand scores, not the search's estimate at its
horizon). The top mistake holds when hard's action scores better there on average; the figures
say how often it did, and how often by more than two standard errors.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from game.ai.registry import make_agent
from game.ai.search import Comparison
from game.rules.options import preset
from game.rules.save import Game, Setup
from game.rules.seeds import SEEDS
from game.rules.state import Phase
from game.services.review import review

from . import cli

MAX_HANDS = 10_000
"""Most ``--hands`` one check may play."""
MAX_WORLDS = 10_000
"""Most ``--worlds`` and ``--verify``: a hundred times the hints' count."""
TO_THE_END = 10_000
"""A playout horizon no hand reaches: every verifying playout ends with the hand."""


def played_hand(seed: int) -> Game:
    """The first hand of a seeded two-player match, easy or medium (by the seed) against
    medium."""
    game = Game(Setup(preset("digital"), 2, seed))
    agents = [make_agent("easy" if seed % 2 else "medium", seed), make_agent("medium", -seed)]
    while game.state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        state = game.state
        game.play(agents[state.turn].choose(state.view(state.turn), state.legal_actions()))
    return game


def verified(game: Game, decision, worlds: int, seed: int) -> tuple[float, float]:
    """Hard's action less the chosen one at ``decision``, mean and standard error over
    ``worlds`` fresh worlds played to the end of the hand."""
    view = game.setup.state_after(game.actions[:decision.index]).view(0)
    comparison = Comparison(view, [decision.chosen, decision.hard],
                            random.Random(f"verify:{seed}"), worlds=worlds,
                            horizon=TO_THE_END)
    while not comparison.think(1.0):
        pass
    return comparison.gain(1)


def check(hands: int, worlds: int, verify: int, first: int = 1) -> dict:
    """The check's figures over seeds ``first``..``first + hands - 1``."""
    rows = []
    for seed in range(first, first + hands):
        game = played_hand(seed)
        done = review(game.setup, game.actions, 0, 0, worlds=worlds)
        dear = done.costliest(1)
        row = {"seed": seed, "decisions": len(done.decisions)}
        if dear:
            top = dear[0]
            gain, error = verified(game, top, verify, seed)
            row |= {"index": top.index, "chosen": str(top.chosen), "hard": str(top.hard),
                    "loss": round(top.loss, 2), "verified": round(gain, 2),
                    "error": round(error, 2)}
        rows.append(row)
    checked = [r for r in rows if "verified" in r]
    return {"hands": hands, "worlds": worlds, "verify_worlds": verify,
            "with_a_mistake": len(checked),
            "held": sum(r["verified"] > 0 for r in checked),
            "held_by_two_errors": sum(r["verified"] > 2 * r["error"] for r in checked),
            "rows": rows}


@cli.interruptible("review_check: interrupted; no figures")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.review_check", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=cli.count(MAX_HANDS), default=20,
                        help=f"hands to review, 1 to {MAX_HANDS}")
    parser.add_argument("--worlds", type=cli.count(MAX_WORLDS, 2), default=100,
                        help=f"the review's worlds, 2 to {MAX_WORLDS}")
    parser.add_argument("--verify", type=cli.count(MAX_WORLDS, 2), default=400,
                        help="worlds each top mistake is played out in again, 2 to "
                             f"{MAX_WORLDS}")
    parser.add_argument("--first", type=cli.seed(SEEDS[-1] - MAX_HANDS), default=1,
                        help="the first seed (the hands are dealt from it onwards)")
    args = parser.parse_args(argv)
    print(json.dumps(check(args.hands, args.worlds, args.verify, args.first)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
