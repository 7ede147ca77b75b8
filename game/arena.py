"""Agents against each other: ``python -m game.arena --agents random,random --matches 20``.

Seats rotate from match to match so no agent keeps the first seat; the result is one JSON
object: per agent its wins and win rate with a 95% interval, mean hand score with its
interval, decision time percentiles, and any illegal actions it tried.
"""

from __future__ import annotations

import argparse
import json
import sys

from .ai.registry import make_agent
from .rules.options import PRESETS, preset
from .rules.save import Setup
from .selfplay import play_match
from .stats import mean_interval, percentiles, wilson


def run(agent_specs: list[str], matches: int, seed: int, preset_name: str) -> dict:
    """Play the matches and summarise them per agent (agent i is the i-th spec)."""
    options = preset(preset_name)
    n = len(agent_specs)
    wins = [0] * n
    hand_scores: list[list[int]] = [[] for _ in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    illegal = [0] * n
    hands = 0
    for m in range(matches):
        # Seat s is played by agent (s + m) % n: every agent takes every seat in turn.
        order = [(s + m) % n for s in range(n)]
        agents = [make_agent(agent_specs[a], seed * 1000 + m * n + a) for a in order]
        result = play_match(agents, Setup(options, n, seed * 1000 + m))
        state = result.game.state
        hands += result.hands
        wins[order[state.winner]] += 1
        for seat, a in enumerate(order):
            hand_scores[a].extend(scores[seat] for scores in state.hand_scores)
            times[a].extend(result.think_seconds[seat])
            illegal[a] += result.illegal[seat]
    per_agent = []
    for a, spec in enumerate(agent_specs):
        lo, hi = wilson(wins[a], matches)
        mean, mlo, mhi = mean_interval(hand_scores[a])
        per_agent.append({
            "agent": spec, "index": a, "wins": wins[a],
            "win_rate": wins[a] / matches if matches else 0.0, "win_rate_ci95": [lo, hi],
            "mean_hand_score": mean, "mean_hand_score_ci95": [mlo, mhi],
            "decision_ms": {k: v * 1000 for k, v in percentiles(times[a]).items()},
            "illegal_actions": illegal[a]})
    every = [t for ts in times for t in ts]
    return {"agents": agent_specs, "preset": preset_name, "players": n, "matches": matches,
            "seed": seed, "hands": hands, "per_agent": per_agent,
            "decision_ms": {k: v * 1000 for k, v in percentiles(every).items()},
            "illegal_actions": sum(illegal)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__)
    parser.add_argument("--agents", required=True,
                        help="comma-separated agents, one per seat: random or module:Class")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="digital", choices=list(PRESETS))
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    options = preset(args.preset)
    if not options.min_players <= len(specs) <= options.max_players:
        parser.error(f"{args.preset} is for {options.min_players} to {options.max_players} "
                     f"players; {len(specs)} agents given")
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    try:
        for spec in set(specs):
            make_agent(spec, 0)
    except ValueError as e:
        parser.error(str(e))
    json.dump(run(specs, args.matches, args.seed, args.preset), sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
