"""The league: a search of the habits family (``game/ai/habits.py``) for players that beat the
hard level, ``python -m tools.league --opponent hard@0.3cpu --out league.json``.

A (1+λ) search: generation 0 scores the start (``--start``: a habits text, a population style
built from habits, ``family:N``, or ``random``: ``--candidates`` random members); each later
generation scores ``--candidates`` mutants of the parent, and the best of them becomes the
parent when it scores at least as well. A candidate's score is its mean per-deal score
difference against the opponent in duplicate play (``tools.arena.run_duplicate``: every deal
played once per seating), every candidate on the same ``--deals`` deals, so they are compared
on the same cards. The best ``--confirm`` members are then played again on fresh deals
(``--confirm-deals``, seed ``--seed + 1``): a score chosen as the best of many on the same
deals flatters the member, the fresh deals do not. With ``--screen AGENT`` the search scores
its candidates against that agent instead (``medium``: a hundred deals in about a second, where
the hard level takes ten minutes), so it can afford deals enough to tell a strong member from a
lucky one; only the confirmations play ``--opponent``. ``--screen`` given several times
scores a candidate by its mean over those agents (each on the same deals): a member strong
against a whole population rather than against one style. An **exploiter** is a member
against which the opponent misses the hard level's bar on those fresh deals (docs/ai.md): it
wins fewer than ``BAR_DEALS_WON`` of them, or its per-deal difference's 95% interval is not
above zero.

The report (JSON, on standard output at the end, and rewritten in ``--out`` after every
candidate, whole or not at all) lists every candidate with its score, the parents, the
confirmations and the exploiters. ``--promote`` adds the exploiters to the exploiters file
(``--exploiters``, by default the game's ``game/ai/exploiters.json``), where ``exploiter:NAME``
seats them. Held-out styles (``population.HELD_OUT``) are never a start: results against them
stay the unseen-opponent numbers.

``--jobs N`` scores up to N candidates at once (a generation's, then the confirmations), each
on a process of its own: a candidate's evaluation is the unit of work, as it would be a task
on a cluster (docs/ai.md). Ctrl-C stops the run: a one-line message, exit code 130, ``--out``
holding the candidates scored so far.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from game.ai import habits as H
from game.ai import population
from game.ai.population import Habits
from game.rules.options import PRESETS

from . import cli
from .arena import MAX_JOBS, MAX_RUN_SEED, _worker_start, run_duplicate
from .bots import bot_or_agent

BAR_DEALS_WON = 0.62
"""The share of deals the hard level must win against every style (docs/ai.md's bar)."""
MAX_DEALS = 100_000
"""Most deals one candidate may be scored on (the arena's deal seeds stay apart below this)."""
MAX_SEARCH = 10_000
"""Most generations, candidates per generation or confirmed members."""
STYLES = {cls.name: cls.habits for cls in (population.MeldNow, population.PileHungry,
                                           population.Careful, population.Sprinter,
                                           population.Patient)}
"""The population styles that are members of the family, by name."""


def start_members(start: str, candidates: int, rand: random.Random) -> list[Habits]:
    """Generation 0 (see the module docstring); ValueError for a held-out style or a text
    that is no member."""
    if start == "random":
        return [H.random_member(rand) for _ in range(candidates)]
    if start in population.HELD_OUT:
        raise ValueError(f"{start} is a held-out style: the league never starts from one")
    if start in STYLES:
        return [STYLES[start]]
    if start.startswith("family:"):
        try:
            return [population.Family(int(start[len("family:"):])).habits]
        except ValueError:
            raise ValueError(f"{start!r}: write family:N with a whole number N") from None
    return [H.parse(start)]


def score(member: Habits, opponent: str, deals: int, seed: int, preset: str) -> dict:
    """The member against ``opponent`` in duplicate play: its per-deal score difference and
    deals won (each with its 95% interval), the opponent's deals won, and the process time the
    evaluation took (``cpu_s``: what sizing a run, or a cluster's tasks, needs)."""
    start = time.process_time()
    report = run_duplicate([H.spec(member), opponent], deals, seed, preset, listed=False)
    me, them = report["per_agent"]
    versus = me["versus"][f"1:{opponent}"]
    return {"name": H.name_of(member), "habits": H.text(member), "opponent": opponent,
            "deals": deals, "seed": seed,
            "mean_deal_score_diff": versus["mean_deal_score_diff"],
            "mean_deal_score_diff_ci95": versus["mean_deal_score_diff_ci95"],
            "deals_won": me["deals_won"], "deal_win_rate": me["deal_win_rate"],
            "deal_win_rate_ci95": me["deal_win_rate_ci95"],
            "opponent_deals_won": them["deals_won"],
            "opponent_deal_win_rate": them["deal_win_rate"],
            "cpu_s": round(time.process_time() - start, 3)}


def screened(scores: list[dict]) -> dict:
    """One candidate's entry from its ``score`` against each screen agent (an agent named
    twice: its one score twice): that score itself for one agent; for several, the mean of the
    per-deal differences and of the shares of deals won, each agent's own numbers under
    ``by_opponent``, and the process time its runs took. (No interval for the mean: the runs
    share their deals, so their errors are not independent; each agent's own interval is
    under ``by_opponent``.)"""
    if len(scores) == 1:
        return scores[0]
    k = len(scores)
    first = scores[0]
    own = ("mean_deal_score_diff", "mean_deal_score_diff_ci95", "deal_win_rate", "cpu_s")
    by_opponent = {s["opponent"]: {key: s[key] for key in own} for s in scores}
    return {"name": first["name"], "habits": first["habits"],
            "opponents": [s["opponent"] for s in scores],
            "deals": first["deals"], "seed": first["seed"],
            "mean_deal_score_diff": sum(s["mean_deal_score_diff"] for s in scores) / k,
            "deal_win_rate": sum(s["deal_win_rate"] for s in scores) / k,
            "by_opponent": by_opponent,
            "cpu_s": round(sum(s["cpu_s"] for s in by_opponent.values()), 3)}


def exploits(confirmed: dict) -> bool:
    """Whether the opponent misses the bar against a confirmed member: it wins fewer than
    ``BAR_DEALS_WON`` of the deals, or its per-deal difference's interval is not above zero
    (the member's interval reaches zero or above)."""
    return (confirmed["opponent_deal_win_rate"] < BAR_DEALS_WON
            or confirmed["mean_deal_score_diff_ci95"][1] >= 0)


def _score(job: tuple) -> dict:
    """``score(*job)``: one candidate's evaluation, what a worker process runs."""
    return score(*job)


@contextlib.contextmanager
def _mapper(jobs: int):
    """An ordered ``map`` over ``jobs`` processes (the arena's worker set-up: Ctrl-C is this
    process's to handle), or in this process for one job."""
    if jobs <= 1:
        yield map
        return
    import multiprocessing
    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with cli.ctrl_c_held():
        pool = context.Pool(jobs, initializer=_worker_start)
    with pool:
        yield pool.imap


def search(opponent: str, preset: str, start: str, generations: int, candidates: int,
           deals: int, confirm: int, confirm_deals: int, seed: int, jobs: int = 1,
           saved=lambda report: None, screen: list[str] | None = None) -> dict:
    """Run the league (module docstring); ``saved(report)`` is called with the report so far
    after every candidate scored. The candidates are scored against the ``screen`` agents if
    given (``screened``: their mean), else against ``opponent``; the confirmations always
    play ``opponent``."""
    against = screen or [opponent]
    agents = list(dict.fromkeys(against))  # an agent named twice counts twice, played once
    rand = random.Random(f"league/{seed}")
    report: dict = {"opponent": opponent, "screen": screen, "preset": preset, "start": start,
                    "generations": generations, "candidates_per_generation": candidates,
                    "deals": deals, "seed": seed, "confirm_deals": confirm_deals,
                    "confirm_seed": seed + 1, "bar_deals_won": BAR_DEALS_WON,
                    "candidates": [], "parents": [], "confirmed": [], "exploiters": []}
    scored: dict[Habits, dict] = {}
    with _mapper(jobs) as mapper:

        def scores(members: list[Habits], generation: int) -> list[dict]:
            fresh = [m for m in dict.fromkeys(members) if m not in scored]
            results = iter(mapper(_score, [(m, agent, deals, seed, preset)
                                           for m in fresh for agent in agents]))
            entries = []
            for m in members:
                if m not in scored:
                    by_agent = {agent: next(results) for agent in agents}
                    scored[m] = screened([by_agent[agent] for agent in against])
                entries.append(scored[m] | {"generation": generation})
                report["candidates"].append(entries[-1])
                saved(report)
            return entries

        members = start_members(start, candidates, rand)
        parent, best = members[0], {"mean_deal_score_diff": -math.inf}
        for generation in range(generations + 1):
            if generation:
                members = [H.mutate(parent, rand) for _ in range(candidates)]
            for member, entry in zip(members, scores(members, generation)):
                if entry["mean_deal_score_diff"] >= best["mean_deal_score_diff"]:
                    parent, best = member, entry
            report["parents"].append(best | {"generation": generation})
        ranked = sorted(scored, key=lambda m: -scored[m]["mean_deal_score_diff"])[:confirm]
        jobs_ = [(m, opponent, confirm_deals, seed + 1, preset) for m in ranked]
        for confirmed in mapper(_score, jobs_):
            confirmed["exploits"] = exploits(confirmed)
            report["confirmed"].append(confirmed)
            if confirmed["exploits"]:
                report["exploiters"].append(confirmed["name"])
            saved(report)
    return report


def promote(report: dict, path: Path) -> list[str]:
    """Add the report's exploiters to the exploiters file at ``path`` (one entry per name,
    with what it was found against and its confirmation numbers); the names added."""
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = {e["name"]: e for e in data["exploiters"]}
    added = []
    for confirmed in report["confirmed"]:
        if not confirmed["exploits"] or confirmed["name"] in entries:
            continue
        entries[confirmed["name"]] = {
            "name": confirmed["name"], "habits": confirmed["habits"],
            "found": {"opponent": confirmed["opponent"], "preset": report["preset"],
                      "deals": confirmed["deals"], "seed": confirmed["seed"],
                      "mean_deal_score_diff": confirmed["mean_deal_score_diff"],
                      "mean_deal_score_diff_ci95": confirmed["mean_deal_score_diff_ci95"],
                      "opponent_deal_win_rate": confirmed["opponent_deal_win_rate"]}}
        added.append(confirmed["name"])
    data["exploiters"] = [entries[name] for name in sorted(entries)]
    _write(path, data)
    return added


def _write(path: Path, data: dict) -> None:
    """``data`` as JSON at ``path``, whole or not at all: a failed write leaves the old file,
    and a Ctrl-C waits for the write's end (it came between the temporary file's making and
    its rename, and left it behind)."""
    with cli.ctrl_c_deferred():
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                        suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=2)
                f.write("\n")
            os.replace(name, path)
        except Exception:
            os.unlink(name)
            raise


@cli.interruptible("league: interrupted; --out holds the candidates scored so far")
def main(argv=None) -> int:
    """The command line; exit code 0, 2 for a usage error, 130 after Ctrl-C."""
    parser = argparse.ArgumentParser(prog="python -m tools.league", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--opponent", default="hard@0.3cpu",
                        help="the agent to beat (any arena agent; default hard@0.3cpu)")
    parser.add_argument("--screen", action="append", default=None,
                        help="score the search's candidates against this agent instead "
                             "(e.g. medium, far cheaper); given several times, by the mean "
                             "over them; the confirmations play --opponent")
    parser.add_argument("--preset", default="digital", choices=list(PRESETS))
    parser.add_argument("--start", default="random",
                        help="a habits text, pilehungry, family:N, or random (default)")
    parser.add_argument("--generations", type=cli.count(MAX_SEARCH), default=5,
                        help=f"generations after the start (1 to {MAX_SEARCH})")
    parser.add_argument("--candidates", type=cli.count(MAX_SEARCH), default=4,
                        help=f"candidates per generation, λ (1 to {MAX_SEARCH})")
    parser.add_argument("--deals", type=cli.count(MAX_DEALS), default=20,
                        help=f"deals each candidate is scored on (1 to {MAX_DEALS})")
    parser.add_argument("--confirm", type=cli.count(MAX_SEARCH), default=2,
                        help="best members played again on fresh deals")
    parser.add_argument("--confirm-deals", type=cli.count(MAX_DEALS), default=100,
                        help=f"fresh deals for each confirmation (1 to {MAX_DEALS})")
    parser.add_argument("--seed", type=cli.seed(MAX_RUN_SEED - 1), default=1,
                        help="seed of the search and its deals (confirmation: seed + 1)")
    parser.add_argument("--jobs", type=cli.count(MAX_JOBS), default=1,
                        help=f"candidates scored at once, each on a process (1 to {MAX_JOBS})")
    parser.add_argument("--out", type=Path, default=None,
                        help="report file, rewritten after every candidate")
    parser.add_argument("--promote", action="store_true",
                        help="add the exploiters found to the exploiters file")
    parser.add_argument("--exploiters", type=Path, default=None,
                        help="the exploiters file (default: game/ai/exploiters.json)")
    args = parser.parse_args(argv)
    try:
        bot_or_agent(args.opponent, 0)
        for agent in args.screen or ():
            bot_or_agent(agent, 0)
        start_members(args.start, 1, random.Random(0))
    except ValueError as e:
        parser.error(str(e))
    exploiters = args.exploiters or Path(str(H.exploiters_path()))
    if args.promote and not exploiters.is_file():
        parser.error(f"--promote: no exploiters file at {exploiters}")
    out = args.out

    def saved(report: dict) -> None:
        if out is not None:
            _write(out, report)

    report = search(args.opponent, args.preset, args.start, args.generations,
                    args.candidates, args.deals, args.confirm, args.confirm_deals, args.seed,
                    args.jobs, saved, args.screen)
    if args.promote:
        report["promoted"] = promote(report, exploiters)
        saved(report)
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
