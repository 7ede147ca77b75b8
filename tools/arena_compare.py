"""A change to an agent weighed on the same deals: ``python -m tools.arena_compare --base
A.json [A2.json ...] --change B.json [B2.json ...]``.

Each report is a two-agent duplicate run (``python -m tools.arena --duplicate``, with its deal
list) of the same opponent (the second agent) over the same deals: the base agent's runs, and
the changed agent's. Per deal, the first agent's score less the opponent's is averaged over
each side's runs, and the change's effect is the mean over the deals of (change − base), with
its 95% interval: the luck of the cards cancels, as it does within a duplicate run.

Why several base runs. The same agent on the same deals with another ``--agent-seed`` (the seed
of its sampled worlds) makes other decisions, and from the first one that differs, the hand
goes elsewhere. One run's per-deal results are therefore one draw of the agent's play on those
deals, and a draw can be lucky against one opponent and unlucky against another. Every change
measured against that one run then seems to trade the two, whatever it is: hard's own
replicates, with nothing changed, moved +19 a deal against one opponent and −39 against the
other on 60 deals (docs/ai.md). Base runs with different ``--agent-seed`` values average that
draw away; ``replicates`` in the result lists each base run's effect against the mean of the
others, the spread a change has to stand out from. Runs with the same agent seed replay nearly
the same decisions, so they add nothing: one with the same agent seed as another is refused.

Only deals every report holds are compared (``deals``); the result names how many each side's
runs had.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import cli
from .stats import mean_interval

SAME = ("preset", "players")
"""What every compared report must share, with the opponent (the second agent)."""


def _check(name: str, report) -> None:
    """ValueError, naming the report, unless it is a two-agent duplicate run with its deals."""
    if not isinstance(report, dict):
        raise ValueError(f"{name} is not an arena report (a JSON object)")
    if not report.get("duplicate") or not isinstance(report.get("per_deal"), list) \
            or not report["per_deal"]:
        raise ValueError(f"{name} is not a duplicate run with its deal list")
    agents = report.get("agents")
    if not isinstance(agents, list) or len(agents) != 2:
        raise ValueError(f"{name} is not a run of two agents")
    for key in SAME + ("agent_seed",):
        if key not in report:
            raise ValueError(f"{name} has no {key}")


def _differences(name: str, report: dict) -> dict[int, int]:
    """Deal seed -> the first agent's deal score less the second's."""
    try:
        return {row["seed"]: row["scores"][0] - row["scores"][1] for row in report["per_deal"]}
    except (KeyError, TypeError, IndexError) as e:
        raise ValueError(f"{name} has a deal without its seed and scores "
                         f"({type(e).__name__})") from None


def compare(base: dict[str, dict], change: dict[str, dict]) -> dict:
    """The change's effect over the base (see the module docstring): ``base`` and ``change``
    map a report's name to the report. ValueError names the first report that does not fit."""
    if not base or not change:
        raise ValueError("give at least one base run and one run of the change")
    both = set(base) & set(change)
    if both:
        raise ValueError(f"{min(both)} is given as a base run and a run of the change")
    every = base | change
    for name, report in every.items():
        _check(name, report)
    first_name, first = next(iter(every.items()))
    for name, report in every.items():
        for key in SAME:
            if report[key] != first[key]:
                raise ValueError(f"{name} has {key} {report[key]!r}, {first_name} has "
                                 f"{first[key]!r}")
        if report["agents"][1] != first["agents"][1]:
            raise ValueError(f"{name} plays {report['agents'][1]!r}, {first_name} plays "
                             f"{first['agents'][1]!r}: compare runs against one opponent")
    for side in (base, change):
        seen: dict = {}
        for name, report in side.items():
            who = (report["agents"][0], report["agent_seed"])
            if who in seen:
                raise ValueError(f"{name} and {seen[who]} are the same agent with the same "
                                 "agent seed: the same decisions, not another draw of them")
            seen[who] = name
    diffs = {name: _differences(name, report) for name, report in every.items()}
    deals = sorted(set.intersection(*(set(d) for d in diffs.values())))
    if not deals:
        raise ValueError("the reports share no deal: run them with the same --seed and --deals")

    def mean_over(names, seed):
        return sum(diffs[n][seed] for n in names) / len(names)

    effect = [mean_over(change, s) - mean_over(base, s) for s in deals]
    mean, low, high = mean_interval(effect)
    replicates = []
    if len(base) > 1:
        for name in base:
            others = [n for n in base if n != name]
            m, lo, hi = mean_interval([diffs[name][s] - mean_over(others, s) for s in deals])
            replicates.append({"report": name, "effect": m, "effect_ci95": [lo, hi]})
    return {
        "opponent": first["agents"][1], "preset": first["preset"], "players": first["players"],
        "deals": len(deals),
        "base": {"agents": sorted({base[n]["agents"][0] for n in base}), "runs": len(base),
                 "deals_in_runs": [len(diffs[n]) for n in base]},
        "change": {"agents": sorted({change[n]["agents"][0] for n in change}),
                   "runs": len(change), "deals_in_runs": [len(diffs[n]) for n in change]},
        "effect": mean, "effect_ci95": [low, high],
        "replicates": replicates}


def _read(parser, names: list[str]) -> dict[str, dict]:
    reports = {}
    for name in names:
        if name in reports:
            parser.error(f"{name} is given twice")
        try:
            with open(name, encoding="utf-8") as f:
                reports[name] = json.load(f)
        except (OSError, ValueError) as e:
            parser.error(f"{name}: {e}")
    return reports


@cli.interruptible("arena_compare: interrupted")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.arena_compare", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", nargs="+", required=True, metavar="REPORT",
                        help="duplicate runs of the agent as it is (JSON files)")
    parser.add_argument("--change", nargs="+", required=True, metavar="REPORT",
                        help="duplicate runs of the changed agent on the same deals")
    args = parser.parse_args(argv)
    try:
        result = compare(_read(parser, args.base), _read(parser, args.change))
    except ValueError as e:
        parser.error(str(e))
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
