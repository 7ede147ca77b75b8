"""Uniform random play of the engine, the loop every random-play figure of ``tools.bench`` times.

A decision is listing the legal actions, choosing one at random and applying it; dealing the
next hand is not a decision (it is timed, as it is part of playing). Matches follow one another,
each seeded from the one random stream, so a seed and a number of decisions fix the play exactly.

Run as a script (``python tools/random_play.py`` with ``PYTHONPATH`` naming a tree of the
game), it is a worker for ``tools.bench --against``: it reads one JSON request a line
(``{"preset": "digital", "players": 2, "seed": 1, "steps": 50000}``) and answers each with
``{"steps", "hands", "cpu_s", "wall_s"}`` of that play, so two versions of the engine can be
timed on the same play, in the same run. It uses only the engine's oldest public calls
(``State``, ``Phase``, ``preset``, ``legal_actions``, ``apply``, ``next_hand``), which every
commit worth comparing has.
"""

from __future__ import annotations

import json
import random
import signal
import sys
import time

from game.rules.options import preset
from game.rules.state import Phase, State


def play(options, players: int, seed: int, *, steps: int | None = None,
         seconds: float | None = None, trusted: bool = True) -> tuple[int, int, float, float]:
    """Play random matches until ``steps`` decisions are made or ``seconds`` have passed
    (whichever comes first); return (decisions, hands dealt, wall-clock seconds, CPU
    seconds). ``trusted=False`` checks every action, as a click or a
    save file is."""
    rand = random.Random(seed)
    limit = steps if steps is not None else -1
    done = hands = 0
    clock = time.perf_counter
    start, start_cpu = clock(), time.process_time()
    deadline = start + seconds if seconds is not None else float("inf")
    # Bound once, as the AI's playouts bind them: an enum member read through its class costs
    # some 1,900 instructions a decision here, a share of the step this loop is meant to time.
    hand_over, match_over = Phase.HAND_OVER, Phase.MATCH_OVER
    while done != limit and clock() < deadline:
        state = State(options, players, rand.getrandbits(32))
        hands += 1
        while done != limit:
            phase = state.phase
            if phase is hand_over:
                state.next_hand()
                hands += 1
                continue
            if phase is match_over:
                break
            state.apply(rand.choice(state.legal_actions()), trusted=trusted)
            done += 1
            if seconds is not None and not done & 255 and clock() >= deadline:
                break
    return done, hands, clock() - start, time.process_time() - start_cpu


def serve(lines, out) -> None:
    """Answer each JSON request of ``lines`` (see the module docstring) on ``out``."""
    for line in lines:
        ask = json.loads(line)
        done, hands, wall, cpu = play(preset(ask["preset"]), ask["players"], ask["seed"],
                                      steps=ask["steps"])
        out.write(json.dumps({"steps": done, "hands": hands, "cpu_s": cpu, "wall_s": wall})
                  + "\n")
        out.flush()


if __name__ == "__main__":
    # Ctrl-C is the bench's to report (this worker ends when the bench closes its input);
    # ``tools.cli.quiet_worker`` in effect, without importing this tree's tools into another's.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    serve(sys.stdin, sys.stdout)
