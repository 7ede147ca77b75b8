"""Benchmarks: ``python -m game.bench`` prints one JSON object per line.

``engine_steps_per_s``: decisions of a uniform random player per second, where a decision is
generating the legal actions, choosing one and applying it (as the AI's search does, with
``trusted=True``); dealing the next hand is not a decision. ``engine_checked_steps_per_s`` is
the same with every action checked, as a click or a save file is. ``random_hands_per_s``
counts whole hands, deal included. Each figure is the best of a few timed rounds.

``decision_ms`` (one line per AI level): the level's decision time p50/p90/max (wall clock,
and ``cpu_ms`` in process time, which a busy machine does not inflate) over the decisions of a
few hands against medium players (2 players), and its longest think slice (wall clock, and
``longest_slice_cpu_ms`` in process time).
For ``hard`` also ``playouts_per_s`` (simulated candidate playouts, of up to the search horizon
in turns, per second of thinking) and ``playout_steps_per_s`` (actions played inside them).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time

from .rules.options import PRESETS, preset
from .rules.state import Phase, State


def _random_play(options, players: int, seed: int, budget_s: float, trusted: bool):
    """Play random matches for about ``budget_s`` seconds; return (steps, hands, seconds)."""
    rand = random.Random(seed)
    steps = hands = 0
    start = time.perf_counter()
    deadline = start + budget_s
    while time.perf_counter() < deadline:
        state = State(options, players, rand.getrandbits(32))
        hands += 1
        while True:
            phase = state.phase
            if phase is Phase.HAND_OVER:
                state.next_hand()
                hands += 1
                continue
            if phase is Phase.MATCH_OVER:
                break
            state.apply(rand.choice(state.legal_actions()), trusted=trusted)
            steps += 1
    return steps, hands, time.perf_counter() - start


def _best(fn, rounds: int) -> float:
    return max(fn() for _ in range(rounds))


def figures(preset_name: str, seconds: float, rounds: int, levels_hands: int = 4):
    """Yield the benchmark figures as dicts."""
    options = preset(preset_name)
    for players in (2, 8):
        if not options.min_players <= players <= options.max_players:
            continue
        runs = [_random_play(options, players, r, seconds, True) for r in range(rounds)]
        yield {"name": "engine_steps_per_s", "preset": preset_name, "players": players,
               "unit": "steps/s", "value": round(max(s / t for s, _, t in runs))}
        yield {"name": "random_hands_per_s", "preset": preset_name, "players": players,
               "unit": "hands/s", "value": round(max(h / t for _, h, t in runs), 1)}
        checked = [_random_play(options, players, r, seconds, False) for r in range(rounds)]
        yield {"name": "engine_checked_steps_per_s", "preset": preset_name, "players": players,
               "unit": "steps/s", "value": round(max(s / t for s, _, t in checked))}
    yield from _state_ops(options)
    # Start the AI timings from a clean heap, as a game does, not from the garbage of the
    # engine runs above: a full collection walking it would land in some think slice.
    gc.collect()
    yield from _levels(preset_name, options, hands=levels_hands)


def _state_ops(options):
    """Per-operation costs the AI's search pays: copy, view, determinize."""
    rand = random.Random(5)
    state = State(options, 4, 11)
    for _ in range(40):  # a mid-hand position
        if state.phase is not Phase.DRAW and state.phase is not Phase.MELD:
            break
        state.apply(rand.choice(state.legal_actions()), trusted=True)
    view = state.view(state.turn)
    for name, op in (("state_copy", state.copy), ("state_view", lambda: state.view(state.turn)),
                     ("view_determinize", lambda: view.determinize(rand)),
                     ("legal_actions", state.legal_actions)):
        n = 20000
        start = time.perf_counter()
        for _ in range(n):
            op()
        per = (time.perf_counter() - start) / n
        yield {"name": name, "preset": options is PRESETS["digital"] and "digital" or "custom",
               "players": 4, "unit": "us", "value": round(per * 1e6, 2)}


def _levels(preset_name: str, options, hands: int):
    """Decision times of each AI level (see the module docstring)."""
    from .ai.registry import make_agent
    from .stats import percentiles
    one_hand = options.with_changes(hand_limit=1)
    for level in ("easy", "medium", "hard"):
        times, cpu_times, slices, playouts, steps, think = [], [], 0.0, 0, 0, 0.0
        slices_cpu = 0.0
        for h in range(hands):
            state = State(one_hand, 2, 500 + h)
            mine = h % 2  # the level sits in either seat
            agents = [make_agent("medium", h), make_agent("medium", h)]
            agents[mine] = make_agent(level, h)
            while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                seat = state.turn
                agent = agents[seat]
                start, cpu = time.perf_counter(), time.process_time()
                action = agent.choose(state.view(seat), state.legal_actions())
                spent = time.perf_counter() - start
                if seat == mine:
                    times.append(spent)
                    cpu_times.append(time.process_time() - cpu)
                    search = getattr(agent, "_search", None)
                    if search is not None:
                        playouts += search.playouts
                        steps += search.steps
                        think += search.spent
                state.apply(action)
            slices = max(slices, agents[mine].longest_slice)
            slices_cpu = max(slices_cpu, getattr(agents[mine], "longest_slice_cpu", 0.0))
        fig = {"name": "decision_ms", "level": level, "preset": preset_name, "players": 2,
               "unit": "ms", "decisions": len(times),
               **{k: round(v * 1000, 3) for k, v in percentiles(times).items()},
               "cpu_ms": {k: round(v * 1000, 3) for k, v in percentiles(cpu_times).items()},
               "longest_slice_ms": round(slices * 1000, 3),
               "longest_slice_cpu_ms": round(slices_cpu * 1000, 3)}
        if level == "hard":
            fig["playouts_per_s"] = round(playouts / think) if think else 0
            fig["playout_steps_per_s"] = round(steps / think) if think else 0
        yield fig


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="digital", choices=list(PRESETS))
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--level-hands", type=int, default=4,
                        help="hands played per AI level for its decision times")
    args = parser.parse_args(argv)
    for fig in figures(args.preset, args.seconds, args.rounds, args.level_hands):
        print(json.dumps(fig), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
