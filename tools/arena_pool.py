"""Duplicate runs of one match-up read as one: ``python -m tools.arena_pool REPORT.json ...``.

A long match-up (300 deals of hard at 0.3 s a decision is most of an hour of a core) runs as
many short arena runs, ``--deals 10`` over consecutive seeds, each report saved on its own:
a stop loses one short run, not the match-up, and two cores can share the seeds. This reads
those reports (``python -m tools.arena --duplicate`` output with its deal list) and prints
the pooled report: the standings worked out from every deal's scores exactly as one run of
all those deals would give them (``arena.deal_standings``), the think-slice counts summed and
the longest slices the longest of any run. Decision times cannot be pooled from percentiles,
so each agent gets the median and the range of the runs' p90s.

``--markdown`` prints one table row per pair of agents instead: deals, the per-deal
difference with its 95% interval, deals won with theirs, and the first agent's slices over
10 ms of process time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from . import cli
from .arena import SLICE_FIELDS, deal_standings

SAME = ("agents", "preset", "players")
"""What every pooled report must share: the same agents in the same order, under one preset."""


def pool(reports: list[dict]) -> dict:
    """One report of the deals of every report (see the module docstring). Raises
    ValueError, naming the first report that differs, for reports of different match-ups or
    without their deal lists (``--no-list``)."""
    if not reports:
        raise ValueError("no reports to pool")
    for k, report in enumerate(reports):
        _check(k, report)
    first = reports[0]
    for k, report in enumerate(reports):
        for key in SAME:
            if report[key] != first[key]:
                raise ValueError(f"report {k} has {key} {report[key]!r}, "
                                 f"report 0 has {first[key]!r}")
    seeds = [r["seed"] for r in reports]
    if len(set(seeds)) != len(seeds):
        raise ValueError(f"a seed appears twice: {sorted(seeds)}")
    try:
        return _pooled(reports)
    except (KeyError, TypeError, IndexError, ValueError, statistics.StatisticsError) as e:
        raise ValueError(f"the reports are not whole arena reports ({type(e).__name__}: "
                         f"{str(e)[:80]})") from None


def _check(k: int, report) -> None:
    """ValueError unless report ``k`` has the parts pooling reads, none of them empty."""
    if not isinstance(report, dict):
        raise ValueError(f"report {k} is not an arena report (a JSON object)")
    if not report.get("duplicate") or not isinstance(report.get("per_deal"), list):
        raise ValueError(f"report {k} is not a duplicate run with its deal list")
    agents, per_agent = report.get("agents"), report.get("per_agent")
    if not isinstance(agents, list) or len(agents) < 2:
        raise ValueError(f"report {k} names fewer than two agents")
    if not isinstance(per_agent, list) or len(per_agent) != len(agents):
        raise ValueError(f"report {k} has {len(per_agent or ())} agents' figures for "
                         f"{len(agents)} agents")
    if not report["per_deal"]:
        raise ValueError(f"report {k} lists no deals")
    for key in SAME:
        if key not in report:
            raise ValueError(f"report {k} has no {key}")
    if type(report.get("seed")) is not int:
        raise ValueError(f"report {k} has no seed")


def _pooled(reports: list[dict]) -> dict:
    """``pool`` of reports already checked."""
    first = reports[0]
    seeds = [r["seed"] for r in reports]
    specs = first["agents"]
    rows = [row for r in reports for row in r["per_deal"]]
    deal_scores = [[row["scores"][a] for row in rows] for a in range(len(specs))]
    hand_scores = [[play[a] for row in rows for play in row["by_seating"]]
                   for a in range(len(specs))]
    per_agent = []
    for a, standing in enumerate(deal_standings(specs, deal_scores, hand_scores)):
        runs = [r["per_agent"][a] for r in reports]
        p90s = [run["decision_ms"]["p90"] for run in runs]
        per_agent.append(standing | {
            "decision_p90_ms": {"median": statistics.median(p90s), "min": min(p90s),
                                "max": max(p90s)},
            "longest_slice_ms": max(run["longest_slice_ms"] for run in runs),
            "longest_slice_cpu_ms": max(run["longest_slice_cpu_ms"] for run in runs),
            **{f: sum(run[f] for run in runs) for f in SLICE_FIELDS},
            "illegal_actions": sum(run["illegal_actions"] for run in runs)})
    return {key: first[key] for key in SAME} | {
        "duplicate": True, "deals": len(rows), "runs": len(reports), "seeds": sorted(seeds),
        "per_agent": per_agent}


def markdown(report: dict) -> list[str]:
    """Table rows, one per pair of agents (a before b): ``| a vs b | preset | deals |
    difference [95% CI] | deals won [95% CI] | slices over 10 ms |``."""
    lines = []
    for a in report["per_agent"]:
        for key, versus in a["versus"].items():
            b = int(key.split(":", 1)[0])
            if b < a["index"]:
                continue
            lo, hi = versus["mean_deal_score_diff_ci95"]
            wlo, whi = a["deal_win_rate_ci95"]
            lines.append(
                f"| {a['agent']} vs {report['agents'][b]} | {report['preset']} | "
                f"{report['deals']} | {versus['mean_deal_score_diff']:+.1f} "
                f"[{lo:+.1f}, {hi:+.1f}] | {100 * a['deal_win_rate']:.1f}% "
                f"[{100 * wlo:.0f}, {100 * whi:.0f}] | {a['slices_over_10ms_cpu']} of "
                f"{a['think_slices']:,} (longest {a['longest_slice_cpu_ms']:.1f} ms) |")
    return lines


@cli.interruptible("arena_pool: interrupted")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.arena_pool", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reports", nargs="+", help="arena reports (JSON files)")
    parser.add_argument("--markdown", action="store_true", help="table rows, not JSON")
    args = parser.parse_args(argv)
    reports = []
    for name in args.reports:
        try:
            with open(name, encoding="utf-8") as f:
                reports.append(json.load(f))
        except (OSError, ValueError) as e:
            parser.error(f"{name}: {e}")
    try:
        pooled = pool(reports)
    except ValueError as e:
        parser.error(str(e))
    if args.markdown:
        print("\n".join(markdown(pooled)))
    else:
        json.dump(pooled, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
