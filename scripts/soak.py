"""Soak: many hands of mixed agents under every preset; no agent may ever choose an illegal
action, and nothing may raise.

    python scripts/soak.py --hands 10000 --jobs 2

Presets the engine cannot play yet (``State`` raises ValueError "not playable yet") are
skipped and listed under ``skipped`` with the reason, so they join the soak by themselves the
day they land. The hands are shared out evenly between the playable presets. Prints one JSON
object; the exit status is 1 if any illegal action or error was seen.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.easy import EasyAgent
from game.ai.hard import HardAgent
from game.ai.medium import MediumAgent
from game.ai.random_agent import RandomAgent
from game.rules.options import PRESETS
from game.rules.save import Setup
from game.rules.state import State
from game.selfplay import play_match

KINDS = ("random", "easy", "medium", "hard")


def _agent(kind: str, seed: int):
    if kind == "random":
        return RandomAgent(seed)
    if kind == "easy":
        return EasyAgent(seed)
    if kind == "medium":
        return MediumAgent(seed)
    # cheap: the soak checks legality
    return HardAgent(seed, budget_seconds=None, iterations=1, horizon=2, width=3)


def playable(name: str) -> str | None:
    """None if the preset plays now, else the engine's reason."""
    try:
        State(PRESETS[name], PRESETS[name].min_players, 0)
    except ValueError as e:
        return str(e)
    return None


def soak_preset(name: str, hands: int, seed: int) -> dict:
    """Play at least ``hands`` hands of ``name`` with random tables of mixed agents."""
    base = PRESETS[name]
    rand = random.Random(f"soak:{name}:{seed}")
    played = decisions = illegal = 0
    errors: list[str] = []
    by_kind = {k: 0 for k in KINDS}
    match = 0
    while played < hands:
        players = rand.randint(base.min_players, base.max_players)
        options = base.with_changes(hand_limit=min(hands - played, rand.randint(1, 4)))
        kinds = [rand.choice(KINDS) for _ in range(players)]
        agents = [_agent(k, seed * 7919 + match * 8 + s) for s, k in enumerate(kinds)]
        match_seed = rand.getrandbits(32)
        match += 1
        try:
            result = play_match(agents, Setup(options, players, match_seed,
                                              rand.randrange(players)))
            played += result.hands
            decisions += result.decisions
            for seat, kind in enumerate(kinds):
                by_kind[kind] += len(result.think_seconds[seat])
            illegal += sum(result.illegal)
            errors += [f"{name} seed {match_seed}: {r}" for r in result.refusals]
        except Exception as e:  # noqa: BLE001 - the soak reports every failure
            errors.append(f"{name} seed {match_seed}: {type(e).__name__}: {e}")
    return {"preset": name, "hands": played, "decisions": decisions, "illegal": illegal,
            "decisions_by_agent": by_kind, "errors": errors[:20]}


def _task(args):
    return soak_preset(*args)


def soak(hands: int, seed: int = 1, jobs: int = 1, presets=None) -> dict:
    """Soak every playable preset (``presets``: names, default all) for ``hands`` in all."""
    names = list(presets or PRESETS)
    skipped = {n: reason for n in names if (reason := playable(n))}
    live = [n for n in names if n not in skipped]
    tasks = []
    for i, n in enumerate(live):
        share = hands // len(live) + (1 if i < hands % len(live) else 0)
        parts = max(1, jobs)
        for p in range(parts):
            part = share // parts + (1 if p < share % parts else 0)
            if part:
                tasks.append((n, part, seed * 100 + p))
    start = time.perf_counter()
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_task, tasks, chunksize=1)
    else:
        results = [_task(t) for t in tasks]
    per_preset = {}
    for r in results:
        agg = per_preset.setdefault(r["preset"], {"hands": 0, "decisions": 0, "illegal": 0,
                                                   "errors": []})
        agg["hands"] += r["hands"]
        agg["decisions"] += r["decisions"]
        agg["illegal"] += r["illegal"]
        agg["errors"] += r["errors"]
    return {"hands": sum(r["hands"] for r in results),
            "decisions": sum(r["decisions"] for r in results),
            "illegal": sum(r["illegal"] for r in results),
            "errors": sum(len(r["errors"]) for r in results),
            "played": per_preset,
            "skipped": {n: f"skipped: {reason}" for n, reason in skipped.items()},
            "seconds": round(time.perf_counter() - start, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    report = soak(args.hands, args.seed, args.jobs)
    for name, reason in report["skipped"].items():
        print(f"preset {name}: {reason}", file=sys.stderr)
    print(json.dumps(report, indent=2))
    return 1 if report["illegal"] or report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
