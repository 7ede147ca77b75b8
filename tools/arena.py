"""Agents against each other: ``python -m tools.arena --agents medium,random --matches 20``.

Agents, one per seat: ``random``, ``easy``, ``medium``, ``hard``, ``module:Class`` (a trusted
bot run in this process) or ``cmd:COMMAND`` (an outside bot run as its own process, speaking
the protocol of ``docs/bots.md``; the command is split like a shell would, and may hold no
comma). An outside bot has ``--bot-timeout`` seconds per decision; when it exits, runs out of
time or answers with something that is no action, its seat plays on with its first legal
action, and the report counts the bot's crashes, timeouts and unreadable answers.

Matches (the default): seats rotate from match to match so no agent keeps the first seat
(agent ``a`` sits in seat ``(a - m) mod n`` in match ``m``). The result is one JSON object: per
agent its wins and win rate with a 95% Wilson interval, mean hand score with its 95% interval,
decision time percentiles (p50/p90/max, ms), the longest think slice (wall clock, and in
process time, which other programs on a busy machine do not inflate) and how many slices
ran over 10 ms, any illegal actions
it tried, its bot failures; then the list of matches with their seeds and winners.

Duplicate (``--duplicate --deals N``): a **deal** is one hand: the cards dealt from one seed
(hands, stock, upcard, and the reshuffle if the stock runs out), always opened by seat 1. Each
deal is played once per seating: the agents are rotated through every seat (2 agents: the
seats swapped; n agents: the n cyclic rotations), each play a one-hand match. An agent's deal
score is the sum of its hand scores over those seatings, so the luck of the cards cancels.
Reported per agent: mean deal score and its 95% interval, deals won (highest deal score; a
tie for the highest wins nobody) with a 95% interval, the per-deal score difference against
each other agent (mean and 95% interval), and the list of deals with every score.

Seeds: match ``m`` is dealt from ``seed * 1000 + m`` (deal ``d`` from ``seed * 100000 + d``).
The agents get seeds of their own (``agent_seeds``: a hash of ``--agent-seed``, which defaults
to ``--seed``, the game number and the agent), unrelated to any deal's seed, and listed with
each match or deal, so a run reproduces from its report. ``--seed`` is 0 to ``MAX_RUN_SEED``
(46.4 bits), so every deal's seed stays in the game's range however many games a run
has; ``--seed random`` picks one of those at random (46.4 bits a bot cannot guess; printed in
the report), ``--agent-seed random`` one of the game's whole range (63 bits).

``--jobs 2`` plays on two processes; the results are identical to ``--jobs 1`` (every agent
is seeded from the match or deal number, and results are gathered in order); only the
decision times differ (and, for an outside bot near its time limit, whether it timed out).
Games are handed out as they are played, so a run of any length starts at once and its
memory does not grow with tasks waiting.

Outside bots run in a sandbox where the system gives one (bubblewrap on Linux): the report's
``sandbox`` names it, or says ``none:`` and why (also said on standard error);
``--require-sandbox`` refuses to play without one. Each outside bot runs under the limits of
the ``--bot-...`` options (memory, processor time, processes, open files, file size, tmp
size, total memory), listed in the report's ``bot_limits``. Ctrl-C stops the run: a one-line
message, exit code 130, no report, no bot left running (``tools.cli``).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import hashlib
import json
import math
import os
import secrets
import signal
import sys
from dataclasses import dataclass

from game.ai.selfplay import play_match
from game.rules.options import PRESETS, RuleOptions, preset
from game.rules.save import Setup
from game.rules.seeds import SEEDS

from . import cli
from .bots import (
    DEFAULT_LIMITS,
    DEFAULT_TIMEOUT,
    PREFIX,
    Limits,
    bot_or_agent,
    check_timeout,
    protect_from_bots,
)
from .bots import sandbox as bot_sandbox
from .stats import mean_interval, percentiles, wilson

SLICE_COUNTS = ("slices", "long_slices", "long_slices_cpu")
"""An agent's think-slice counters (``BaseAgent``), reported as ``SLICE_FIELDS``."""
SLICE_FIELDS = ("think_slices", "slices_over_10ms", "slices_over_10ms_cpu")

PROBLEMS_KEPT = 10
"""Bot problem descriptions listed per agent in the report (all are counted)."""
MAX_GAMES = 1_000_000_000
"""Most matches (``--matches``) or deals (``--deals``) one run may ask for."""
MAX_JOBS = 256
"""Most processes (``--jobs``) one run may play on."""
AHEAD = 2
"""Games handed to each worker process beyond the one it plays: enough to keep it busy, few
enough that games are made as they are needed, however many a run has."""
DEAL_STRIDE = 100_000
"""Deal ``d`` of a duplicate run is dealt from ``seed * DEAL_STRIDE + d`` (a match from
``seed * 1000 + m``)."""
MAX_RUN_SEED = (SEEDS[-1] - (MAX_GAMES - 1)) // DEAL_STRIDE
"""The largest ``--seed``: every deal's seed of the longest run is still one of ``SEEDS``."""
LIMIT_OPTIONS = (
    ("memory_mib", "MiB of address space each process of an outside bot may use", 1 << 20),
    ("cpu_seconds", "processor seconds each process of an outside bot may use", 86400),
    ("processes", "processes and threads an outside bot may run at once", 4096),
    ("open_files", "files each process of an outside bot may hold open", 1 << 16),
    ("file_size_mib", "MiB of the largest file an outside bot may write", 1 << 16),
    ("tmp_mib", "MiB each private folder of an outside bot (/tmp...) may hold", 1 << 16),
    ("total_memory_mib", "MiB of memory all processes of an outside bot may hold together",
     1 << 20))
"""The ``--bot-...`` options (``bots.Limits``): a field, what it limits, its most."""
NO_BOT = "not needed: no outside bot"
"""The report's ``sandbox`` when no seat is a ``cmd:`` bot."""


def _ms(values) -> dict:
    return {k: v * 1000 for k, v in percentiles(values).items()}


def agent_seeds(agent_seed: int, kind: str, number: int, agents: int) -> list[int]:
    """The seed of each agent in match (``kind`` "match") or deal ("deal") ``number``.

    Taken from a stream of their own, a hash of the arena's agent seed, the game number and
    the agent, so no agent seed is a deal's seed or near one: a bot handed its seed learns
    nothing of the cards (the deal seeds are the run seed times 1000 plus the match, or times
    100000 plus the deal).
    """
    seeds = []
    for a in range(agents):
        key = f"arlington agent/{agent_seed}/{kind}/{number}/{a}".encode()
        seeds.append(int.from_bytes(hashlib.sha256(key).digest()[:8], "big") >> 1)
    return seeds


@dataclass(frozen=True)
class _Task:
    """One match (or one seating of a deal) for a worker to play."""

    specs: tuple[str, ...]
    order: tuple[int, ...]
    """``order[seat]`` is the agent in that seat."""
    options: RuleOptions
    match_seed: int
    agent_seeds: tuple[int, ...]
    """Per agent (not per seat)."""
    bot_timeout: float
    bot_limits: Limits = DEFAULT_LIMITS


def _play(task: _Task) -> dict:
    """One match (or one seating of a deal): the per-seat raw results, JSON-able."""
    agents = []
    try:
        for a in task.order:
            agents.append(bot_or_agent(task.specs[a], task.agent_seeds[a], task.bot_timeout,
                                       task.bot_limits))
        result = play_match(agents, Setup(task.options, len(task.order), task.match_seed))
    finally:
        for agent in agents:
            if hasattr(agent, "close"):
                agent.close()
    state = result.game.state
    return {"order": task.order, "winner": state.winner, "hands": result.hands,
            "hand_scores": [list(s) for s in state.hand_scores],
            "times": result.think_seconds, "illegal": result.illegal,
            "slices": [getattr(a, "longest_slice", 0.0) for a in agents],
            "slices_cpu": [getattr(a, "longest_slice_cpu", 0.0) for a in agents],
            "slice_counts": [[getattr(a, key, 0) for key in SLICE_COUNTS] for a in agents],
            "bots": [{"crashes": getattr(a, "crashes", 0), "timeouts": getattr(a, "timeouts", 0),
                      "unreadable_answers": getattr(a, "unreadable", 0),
                      "problems": getattr(a, "problems", [])} for a in agents]}


def _worker_start() -> None:
    """Each worker process: Ctrl-C is the main process's to handle (it ends the workers), and
    a worker dies with the main process however that ends, so its bots' launchers end them."""
    cli.quiet_worker()
    if sys.platform == "linux":
        import multiprocessing

        from .bot_launch import PR_SET_PDEATHSIG, prctl

        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        parent = multiprocessing.parent_process()
        if parent is not None and os.getppid() != parent.pid:
            os._exit(1)  # the main process ended before the death signal was armed


def _results(tasks, jobs: int):
    """``(task, result)`` for each task, in order, each task taken from ``tasks`` only when a
    process is about to be free for it (at most ``AHEAD`` per worker wait)."""
    if jobs <= 1:
        for task in tasks:
            yield task, _play(task)
        return
    import multiprocessing
    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with cli.ctrl_c_held():
        workers = context.Pool(jobs, initializer=_worker_start)
    with workers as pool:
        waiting: collections.deque = collections.deque()
        for task in tasks:
            waiting.append((task, pool.apply_async(_play, (task,))))
            if len(waiting) > jobs * AHEAD:
                task, result = waiting.popleft()
                yield task, result.get()
        while waiting:
            task, result = waiting.popleft()
            yield task, result.get()


def _limits_of(limits: Limits, where: str) -> dict:
    """The report's ``bot_limits``: each limit, and under ``not_limited`` those this system
    cannot set (docs/bots.md)."""
    if where == NO_BOT:
        return {}
    return limits.to_json() | {"not_limited": bot_sandbox().unlimited()}


def sandbox_of(agent_specs: list[str]) -> str:
    """Make this process undumpable (before any bot starts; workers inherit it), and name
    what the outside bots among ``agent_specs`` run in, for the report: the sandbox, or
    ``"none: "`` and why, or ``NO_BOT``."""
    protect_from_bots()
    if not any(spec.startswith(PREFIX) for spec in agent_specs):
        return NO_BOT
    return bot_sandbox().name


class _Tally:
    """Per agent sums over the games played: times, refused actions, bot failures."""

    def __init__(self, specs):
        n = len(specs)
        self.specs = specs
        self.times: list[list[float]] = [[] for _ in range(n)]
        self.illegal = [0] * n
        self.slices = [0.0] * n
        self.slices_cpu = [0.0] * n
        self.slice_counts = [[0] * len(SLICE_COUNTS) for _ in range(n)]
        self.bots = [{"crashes": 0, "timeouts": 0, "unreadable_answers": 0} for _ in range(n)]
        self.problems: list[list[str]] = [[] for _ in range(n)]

    def add(self, r: dict, where: str) -> None:
        for seat, a in enumerate(r["order"]):
            self.times[a].extend(r["times"][seat])
            self.illegal[a] += r["illegal"][seat]
            self.slices[a] = max(self.slices[a], r["slices"][seat])
            self.slices_cpu[a] = max(self.slices_cpu[a], r["slices_cpu"][seat])
            for k, count in enumerate(r["slice_counts"][seat]):
                self.slice_counts[a][k] += count
            bot = r["bots"][seat]
            for name in self.bots[a]:
                self.bots[a][name] += bot[name]
            room = PROBLEMS_KEPT - len(self.problems[a])
            self.problems[a].extend(f"{where}: {p}" for p in bot["problems"][:max(0, room)])

    def agent(self, a: int) -> dict:
        """The agent's decision times, slices, refused actions and bot failures."""
        data = {"decision_ms": _ms(self.times[a]), "longest_slice_ms": self.slices[a] * 1000,
                "longest_slice_cpu_ms": self.slices_cpu[a] * 1000,
                **dict(zip(SLICE_FIELDS, self.slice_counts[a])),
                "illegal_actions": self.illegal[a]} | self.bots[a]
        if self.specs[a].startswith(PREFIX):
            data["bot_problems"] = self.problems[a]
        return data

    def overall(self) -> dict:
        every = [t for ts in self.times for t in ts]
        return {"decision_ms": _ms(every), "illegal_actions": sum(self.illegal),
                "bot_failures": sum(sum(b.values()) for b in self.bots)}


def _match_tasks(specs: tuple[str, ...], matches: int, seed: int, options: RuleOptions,
                 agent_seed: int, bot_timeout: float, bot_limits: Limits):
    """The matches, one at a time. Seat s is played by agent (s + m) % n in match m: every
    agent takes every seat in turn."""
    n = len(specs)
    for m in range(matches):
        order = tuple((s + m) % n for s in range(n))
        yield _Task(specs, order, options, seed * 1000 + m,
                    tuple(agent_seeds(agent_seed, "match", m, n)), bot_timeout, bot_limits)


def run(agent_specs: list[str], matches: int, seed: int, preset_name: str, jobs: int = 1,
        agent_seed: int | None = None, bot_timeout: float = DEFAULT_TIMEOUT,
        listed: bool = True, bot_limits: Limits = DEFAULT_LIMITS) -> dict:
    """Play the matches and summarise them per agent (agent i is the i-th spec).
    ``agent_seed`` (default: ``seed``) starts the agents' own seed stream; ``listed``: keep
    the per-match list."""
    where = sandbox_of(agent_specs)
    options = preset(preset_name)
    agent_seed = seed if agent_seed is None else agent_seed
    n = len(agent_specs)
    wins = [0] * n
    hand_scores: list[list[int]] = [[] for _ in range(n)]
    tally = _Tally(agent_specs)
    hands = 0
    rows = []
    tasks = _match_tasks(tuple(agent_specs), matches, seed, options, agent_seed, bot_timeout,
                         bot_limits)
    with contextlib.closing(_results(tasks, jobs)) as results:
        for m, (task, r) in enumerate(results):
            order = r["order"]
            hands += r["hands"]
            wins[order[r["winner"]]] += 1
            for seat, a in enumerate(order):
                hand_scores[a].extend(scores[seat] for scores in r["hand_scores"])
            tally.add(r, f"match {m}")
            if listed:
                rows.append({"match": m, "seed": task.match_seed,
                             "agent_seeds": list(task.agent_seeds),
                             "winner": order[r["winner"]]})
    per_agent = []
    for a, spec in enumerate(agent_specs):
        lo, hi = wilson(wins[a], matches)
        mean, mlo, mhi = mean_interval(hand_scores[a])
        per_agent.append({
            "agent": spec, "index": a, "wins": wins[a],
            "win_rate": wins[a] / matches if matches else 0.0, "win_rate_ci95": [lo, hi],
            "mean_hand_score": mean, "mean_hand_score_ci95": [mlo, mhi]} | tally.agent(a))
    report = {"agents": agent_specs, "preset": preset_name, "players": n, "matches": matches,
              "seed": seed, "agent_seed": agent_seed, "bot_timeout_s": bot_timeout,
              "jobs": jobs, "sandbox": where, "bot_limits": _limits_of(bot_limits, where),
              "hands": hands,
              "per_agent": per_agent} | tally.overall()
    return report | {"per_match": rows} if listed else report


def _deal_tasks(specs: tuple[str, ...], deals: int, seed: int, options: RuleOptions,
                agent_seed: int, bot_timeout: float, bot_limits: Limits):
    """Every seating of every deal, one at a time (an agent keeps its seed through the
    seatings of a deal)."""
    n = len(specs)
    for d in range(deals):
        seeds = tuple(agent_seeds(agent_seed, "deal", d, n))
        for k in range(n):
            order = tuple((s + k) % n for s in range(n))
            yield _Task(specs, order, options, seed * DEAL_STRIDE + d, seeds, bot_timeout,
                        bot_limits)


def run_duplicate(agent_specs: list[str], deals: int, seed: int, preset_name: str,
                  jobs: int = 1, agent_seed: int | None = None,
                  bot_timeout: float = DEFAULT_TIMEOUT, listed: bool = True,
                  bot_limits: Limits = DEFAULT_LIMITS) -> dict:
    """Duplicate play: every deal (one hand) once per seating (see the module docstring).
    ``listed``: keep the per-deal list."""
    where = sandbox_of(agent_specs)
    options = preset(preset_name).with_changes(hand_limit=1)
    agent_seed = seed if agent_seed is None else agent_seed
    n = len(agent_specs)
    deal_rows = []
    deal_scores: list[list[int]] = [[] for _ in range(n)]
    hand_scores: list[list[int]] = [[] for _ in range(n)]
    tally = _Tally(agent_specs)
    tasks = _deal_tasks(tuple(agent_specs), deals, seed, options, agent_seed, bot_timeout,
                        bot_limits)
    with contextlib.closing(_results(tasks, jobs)) as results:
        for d in range(deals):
            sums = [0] * n
            plays = []
            for k in range(n):
                task, r = next(results)
                order = r["order"]
                scores = r["hand_scores"][0]
                by_agent = [0] * n
                for seat, a in enumerate(order):
                    sums[a] += scores[seat]
                    by_agent[a] = scores[seat]
                    hand_scores[a].append(scores[seat])
                tally.add(r, f"deal {d} seating {k}")
                plays.append(by_agent)
            for a in range(n):
                deal_scores[a].append(sums[a])
            if listed:
                deal_rows.append({"deal": d, "seed": task.match_seed,
                                  "agent_seeds": list(task.agent_seeds), "scores": sums,
                                  "by_seating": plays})
    per_agent = [standing | tally.agent(a)
                 for a, standing in enumerate(deal_standings(agent_specs, deal_scores,
                                                             hand_scores))]
    report = {"agents": agent_specs, "preset": preset_name, "players": n, "duplicate": True,
              "deals": deals, "seatings_per_deal": n, "hands": deals * n, "seed": seed,
              "agent_seed": agent_seed, "bot_timeout_s": bot_timeout, "jobs": jobs,
              "sandbox": where, "bot_limits": _limits_of(bot_limits, where),
              "per_agent": per_agent} | tally.overall()
    return report | {"per_deal": deal_rows} if listed else report


def deal_standings(agent_specs: list[str], deal_scores: list[list[int]],
                   hand_scores: list[list[int]]) -> list[dict]:
    """Per agent: deals won (the one highest deal score; a tie wins nobody), mean deal and
    hand score, and the per-deal difference against each other agent, with 95% intervals.

    Worked out from the scores alone (``deal_scores[a][d]``, ``hand_scores[a]``), so several
    runs of the same match-up pooled (``tools.arena_pool``) read exactly as one long run."""
    n, deals = len(agent_specs), len(deal_scores[0])
    deal_wins = [0] * n
    for sums in zip(*deal_scores):
        best = max(sums)
        if sums.count(best) == 1:
            deal_wins[sums.index(best)] += 1
    standings = []
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
        standings.append({
            "agent": spec, "index": a, "deals_won": deal_wins[a],
            "deal_win_rate": deal_wins[a] / deals if deals else 0.0,
            "deal_win_rate_ci95": [lo, hi],
            "mean_deal_score": mean, "mean_deal_score_ci95": [mlo, mhi],
            "mean_hand_score": hmean, "mean_hand_score_ci95": [hlo, hhi],
            "versus": versus})
    return standings


def hide_words(words: set[str]) -> bool:
    """Overwrite ``words`` (and the values of ``--option=word``) in this process's command
    line with asterisks, where the system shows it to every process (``/proc/<pid>/cmdline``
    on Linux): the bytes the kernel reads it from are rewritten through ``/proc/self/mem``.
    Forked workers inherit the cleared copy. Whether it was done (False elsewhere)."""
    if sys.platform != "linux" or not words:
        return not words
    try:
        with open("/proc/self/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # arg_start, arg_end (fields 48, 49)
        with open("/proc/self/mem", "r+b", buffering=0) as mem:
            mem.seek(start)
            tokens = mem.read(end - start).split(b"\0")
            hidden = set(map(str.encode, words))
            for i, token in enumerate(tokens):
                name, eq, value = token.partition(b"=")
                if token in hidden:
                    tokens[i] = b"*" * len(token)
                elif eq and value in hidden:
                    tokens[i] = name + eq + b"*" * len(value)
            mem.seek(start)
            mem.write(b"\0".join(tokens))
    except (OSError, ValueError, IndexError):
        return False
    return True


def _seed(most: int):
    """A seed option: a whole number from 0 to ``most``, or ``random`` for a fresh one of
    those no one can guess."""
    parse = cli.seed(most)

    def seed(text: str) -> int:
        return secrets.randbelow(most + 1) if text == "random" else parse(text)
    return seed


def _timeout(text: str) -> float:
    """A ``--bot-timeout``: seconds, more than 0 and finite (see ``bots.check_timeout``)."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    try:
        return check_timeout(seconds)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def main(argv=None) -> int:
    """The command line; exit code 0, 2 for a usage error, 130 after Ctrl-C."""
    # When this process is the arena (not a caller's, a test's), on Linux, whatever a dead
    # worker's bots leave becomes its child, and is ended before it exits.
    reaper = argv is None and sys.platform == "linux"
    if reaper:
        from .bot_launch import PR_SET_CHILD_SUBREAPER, end_descendants, prctl

        prctl(PR_SET_CHILD_SUBREAPER, 1)
    try:
        return _main(argv)
    finally:
        if reaper:
            end_descendants()


@cli.interruptible("arena: interrupted; no report")
def _main(argv) -> int:
    seeds: set[str] = set()

    def seed_option(most: int):
        parse = _seed(most)

        def seed(text: str) -> int:
            value = parse(text)
            if text != "random":
                seeds.add(text)
            return value
        return seed

    parser = argparse.ArgumentParser(prog="python -m tools.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agents", required=True,
                        help="comma-separated agents, one per seat: random, easy, medium, "
                             "hard, module:Class (trusted, in this process) or cmd:COMMAND "
                             "(an outside bot, see docs/bots.md)")
    parser.add_argument("--matches", type=cli.count(MAX_GAMES), default=10,
                        help=f"matches to play (1 to {MAX_GAMES})")
    parser.add_argument("--duplicate", action="store_true",
                        help="play deals (one hand each) once per seating")
    parser.add_argument("--deals", type=cli.count(MAX_GAMES), default=100,
                        help=f"deals in --duplicate play (1 to {MAX_GAMES})")
    parser.add_argument("--seed", type=seed_option(MAX_RUN_SEED), default=1,
                        help=f"seed of the deals: 0 to {MAX_RUN_SEED}, or random (one of "
                             f"those from the system's secure source, "
                             f"{math.log2(MAX_RUN_SEED + 1):.1f} bits; printed in the report)")
    parser.add_argument("--agent-seed", type=seed_option(SEEDS[-1]), default=None,
                        help=f"seed of the agents' own seed stream, 0 to {SEEDS[-1]} or "
                             "random (63 bits; default: --seed)")
    parser.add_argument("--bot-timeout", type=_timeout, default=DEFAULT_TIMEOUT,
                        help=f"seconds an outside bot may take per decision "
                             f"(default {DEFAULT_TIMEOUT:g})")
    for name, what, most in LIMIT_OPTIONS:
        default = getattr(DEFAULT_LIMITS, name)
        parser.add_argument(f"--bot-{name.replace('_', '-')}", type=cli.count(most),
                            default=default,
                            help=f"{what} (1 to {most}; default {default}; docs/bots.md)")
    parser.add_argument("--preset", default="digital", choices=list(PRESETS))
    parser.add_argument("--jobs", type=cli.count(MAX_JOBS), default=1,
                        help=f"processes to play on (1 to {MAX_JOBS})")
    parser.add_argument("--require-sandbox", action="store_true",
                        help="refuse to run outside bots without a sandbox (docs/bots.md)")
    parser.add_argument("--no-list", "--no-deal-list", action="store_true", dest="no_list",
                        help="leave the per-match (or per-deal) list out of the report")
    args = parser.parse_args(argv)
    if argv is None and not hide_words(seeds):  # before any bot can look
        print("arena: the seeds could not be cleared from the command line, where bots can "
              "read them; use --seed random against bots you do not trust", file=sys.stderr)
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    options = preset(args.preset)
    if not options.min_players <= len(specs) <= options.max_players:
        parser.error(f"{args.preset} is for {options.min_players} to {options.max_players} "
                     f"players; {len(specs)} agents given")
    try:
        for spec in set(specs):
            bot_or_agent(spec, 0)  # an outside bot's process starts only when it plays
    except ValueError as e:
        parser.error(str(e))
    where = sandbox_of(specs)
    if where.startswith("none"):
        if args.require_sandbox:
            parser.error(f"--require-sandbox: the outside bots would run without a sandbox "
                         f"({where})")
        print(f"arena: outside bots run without a sandbox ({where}); they can see other "
              "processes of this user (docs/bots.md)", file=sys.stderr)
    elif where != NO_BOT and (unlimited := bot_sandbox().unlimited()):
        print(f"arena: outside bots run without limits on {', '.join(unlimited)} here "
              f"({bot_sandbox().why_unlimited}; docs/bots.md)", file=sys.stderr)
    limits = Limits(**{name: getattr(args, f"bot_{name}") for name, _, _ in LIMIT_OPTIONS})
    if args.duplicate:
        report = run_duplicate(specs, args.deals, args.seed, args.preset, args.jobs,
                               args.agent_seed, args.bot_timeout, not args.no_list, limits)
    else:
        report = run(specs, args.matches, args.seed, args.preset, args.jobs, args.agent_seed,
                     args.bot_timeout, not args.no_list, limits)
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0

if __name__ == "__main__":
    sys.exit(main())
