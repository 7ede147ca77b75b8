"""Agents against each other: ``python -m game.arena --agents medium,random --matches 20``.

Agents: ``random``, ``easy``, ``medium``, ``hard`` or ``module:Class``, one per seat.

Matches (the default): seats rotate from match to match so no agent keeps the first seat
(agent ``a`` sits in seat ``(a - m) mod n`` in match ``m``). The result is one JSON object: per
agent its wins and win rate with a 95% Wilson interval, mean hand score with its 95% interval,
decision time percentiles (p50/p90/max, ms), the longest think slice, and any illegal actions
it tried.

Duplicate (``--duplicate --deals N``): a **deal** is one hand: the cards dealt from one seed
(hands, stock, upcard, and the reshuffle if the stock runs out), always opened by seat 1. Each
deal is played once per seating: the agents are rotated through every seat (2 agents: the
seats swapped; n agents: the n cyclic rotations), each play a one-hand match. An agent's deal
score is the sum of its hand scores over those seatings, so the luck of the cards cancels.
Reported per agent: mean deal score and its 95% interval, deals won (highest deal score; a
tie for the highest wins nobody) with a 95% interval, the per-deal score difference against
each other agent (mean and 95% interval), and the list of deals with every score.

``--jobs 2`` plays on two processes; the results are identical to ``--jobs 1`` (every agent
is seeded from the match or deal number, and results are gathered in order); only the
decision times differ.
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


def _ms(values) -> dict:
    return {k: v * 1000 for k, v in percentiles(values).items()}


def _play(task) -> dict:
    """One match (or one seating of a deal): the per-seat raw results, JSON-able."""
    specs, order, options, players, match_seed, agent_seed = task
    agents = [make_agent(specs[a], agent_seed + a) for a in order]
    result = play_match(agents, Setup(options, players, match_seed))
    state = result.game.state
    return {"order": order, "winner": state.winner, "hands": result.hands,
            "hand_scores": [list(s) for s in state.hand_scores],
            "times": result.think_seconds, "illegal": result.illegal,
            "slices": [getattr(a, "longest_slice", 0.0) for a in agents]}


def _map(tasks, jobs: int):
    if jobs <= 1:
        return [_play(t) for t in tasks]
    import multiprocessing
    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with context.Pool(jobs) as pool:
        return pool.map(_play, tasks, chunksize=1)


def run(agent_specs: list[str], matches: int, seed: int, preset_name: str, jobs: int = 1) -> dict:
    """Play the matches and summarise them per agent (agent i is the i-th spec)."""
    options = preset(preset_name)
    n = len(agent_specs)
    tasks = []
    for m in range(matches):
        # Seat s is played by agent (s + m) % n: every agent takes every seat in turn.
        order = [(s + m) % n for s in range(n)]
        tasks.append((agent_specs, order, options, n, seed * 1000 + m, seed * 1000 + m * n))
    results = _map(tasks, jobs)
    wins = [0] * n
    hand_scores: list[list[int]] = [[] for _ in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    illegal = [0] * n
    slices = [0.0] * n
    hands = 0
    for r in results:
        order = r["order"]
        hands += r["hands"]
        wins[order[r["winner"]]] += 1
        for seat, a in enumerate(order):
            hand_scores[a].extend(scores[seat] for scores in r["hand_scores"])
            times[a].extend(r["times"][seat])
            illegal[a] += r["illegal"][seat]
            slices[a] = max(slices[a], r["slices"][seat])
    per_agent = []
    for a, spec in enumerate(agent_specs):
        lo, hi = wilson(wins[a], matches)
        mean, mlo, mhi = mean_interval(hand_scores[a])
        per_agent.append({
            "agent": spec, "index": a, "wins": wins[a],
            "win_rate": wins[a] / matches if matches else 0.0, "win_rate_ci95": [lo, hi],
            "mean_hand_score": mean, "mean_hand_score_ci95": [mlo, mhi],
            "decision_ms": _ms(times[a]), "longest_slice_ms": slices[a] * 1000,
            "illegal_actions": illegal[a]})
    every = [t for ts in times for t in ts]
    return {"agents": agent_specs, "preset": preset_name, "players": n, "matches": matches,
            "seed": seed, "jobs": jobs, "hands": hands, "per_agent": per_agent,
            "decision_ms": _ms(every), "illegal_actions": sum(illegal)}


def run_duplicate(agent_specs: list[str], deals: int, seed: int, preset_name: str,
                  jobs: int = 1) -> dict:
    """Duplicate play: every deal (one hand) once per seating (see the module docstring)."""
    options = preset(preset_name).with_changes(hand_limit=1)
    n = len(agent_specs)
    tasks = []
    for d in range(deals):
        for k in range(n):
            order = [(s + k) % n for s in range(n)]
            tasks.append((agent_specs, order, options, n, seed * 100000 + d,
                          seed * 100000 + d * n))
    results = _map(tasks, jobs)
    deal_rows = []
    deal_scores: list[list[int]] = [[] for _ in range(n)]
    hand_scores: list[list[int]] = [[] for _ in range(n)]
    times: list[list[float]] = [[] for _ in range(n)]
    illegal = [0] * n
    slices = [0.0] * n
    deal_wins = [0] * n
    for d in range(deals):
        sums = [0] * n
        plays = []
        for r in results[d * n:(d + 1) * n]:
            order = r["order"]
            scores = r["hand_scores"][0]
            by_agent = [0] * n
            for seat, a in enumerate(order):
                sums[a] += scores[seat]
                by_agent[a] = scores[seat]
                hand_scores[a].append(scores[seat])
                times[a].extend(r["times"][seat])
                illegal[a] += r["illegal"][seat]
                slices[a] = max(slices[a], r["slices"][seat])
            plays.append(by_agent)
        best = max(sums)
        if sums.count(best) == 1:
            deal_wins[sums.index(best)] += 1
        for a in range(n):
            deal_scores[a].append(sums[a])
        deal_rows.append({"deal": d, "seed": seed * 100000 + d, "scores": sums,
                          "by_seating": plays})
    per_agent = []
    for a, spec in enumerate(agent_specs):
        lo, hi = wilson(deal_wins[a], deals)
        mean, mlo, mhi = mean_interval(deal_scores[a])
        hmean, hlo, hhi = mean_interval(hand_scores[a])
        versus = {}
        for b, other in enumerate(agent_specs):
            if b != a:
                dm, dlo, dhi = mean_interval([x - y for x, y in zip(deal_scores[a],
                                                                      deal_scores[b])])
                versus[f"{b}:{other}"] = {"mean_deal_score_diff": dm,
                                          "mean_deal_score_diff_ci95": [dlo, dhi]}
        per_agent.append({
            "agent": spec, "index": a, "deals_won": deal_wins[a],
            "deal_win_rate": deal_wins[a] / deals, "deal_win_rate_ci95": [lo, hi],
            "mean_deal_score": mean, "mean_deal_score_ci95": [mlo, mhi],
            "mean_hand_score": hmean, "mean_hand_score_ci95": [hlo, hhi],
            "versus": versus, "decision_ms": _ms(times[a]),
            "longest_slice_ms": slices[a] * 1000, "illegal_actions": illegal[a]})
    every = [t for ts in times for t in ts]
    return {"agents": agent_specs, "preset": preset_name, "players": n, "duplicate": True,
            "deals": deals, "seatings_per_deal": n, "hands": deals * n, "seed": seed,
            "jobs": jobs, "per_agent": per_agent, "decision_ms": _ms(every),
            "illegal_actions": sum(illegal), "per_deal": deal_rows}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agents", required=True,
                        help="comma-separated agents, one per seat: random, easy, medium, "
                             "hard or module:Class")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--duplicate", action="store_true",
                        help="play deals (one hand each) once per seating")
    parser.add_argument("--deals", type=int, default=100, help="deals in --duplicate play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="digital", choices=list(PRESETS))
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on")
    parser.add_argument("--no-deal-list", action="store_true",
                        help="leave the per-deal list out of the duplicate report")
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    options = preset(args.preset)
    if not options.min_players <= len(specs) <= options.max_players:
        parser.error(f"{args.preset} is for {options.min_players} to {options.max_players} "
                     f"players; {len(specs)} agents given")
    if args.matches < 1 or args.deals < 1:
        parser.error("--matches and --deals must be at least 1")
    try:
        for spec in set(specs):
            make_agent(spec, 0)
    except ValueError as e:
        parser.error(str(e))
    if args.duplicate:
        report = run_duplicate(specs, args.deals, args.seed, args.preset, args.jobs)
        if args.no_deal_list:
            del report["per_deal"]
    else:
        report = run(specs, args.matches, args.seed, args.preset, args.jobs)
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
