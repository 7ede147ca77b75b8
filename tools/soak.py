"""Soak: many hands of mixed agents under every preset and random option combinations, every
invariant checked after every action.

    python -m tools.soak --hands 10000 --seed 1 [--jobs 2]

After each action it checks that every card is where exactly one card can be (hands, melds,
stock, pile and the discards out of play make the deck), that no meld is malformed or over its
limit and no player over the meld slots, that each seat's view equals what an independent
``Observer`` fed only that seat's events works out, that known cards are held, and at each
hand's end that the scores recompute from the melds and hands left and add up to the totals.
Agents' choices the rules refuse, decisions longer than ``HANG_SECONDS`` and any exception are
failures too; every failure comes with the save (game JSON) that reproduces it (replay it with
``python -m tools.replay``). Prints one JSON object; exit status 1 on any failure.

A CLI tool: it times decisions with the clock and may use processes (``--jobs``); nothing in
the game imports it. A decision that never returns is not interrupted (the soak then hangs
too, which is found all the same).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from game.ai.hard import HardAgent
from game.ai.registry import make_agent
from game.rules.cards import deck
from game.rules.events import Ev
from game.rules.melds import SET_MAX, MeldKind, new_run, new_set
from game.rules.observer import Observer
from game.rules.options import (
    INFO,
    PRESETS,
    CardValues,
    Discards,
    Opener,
    PileTake,
    RuleOptions,
    StockOut,
)
from game.rules.save import Game, Setup
from game.rules.scoring import hand_score
from game.rules.state import Phase

from . import cli

KINDS = ("random", "easy", "medium", "hard")
HANG_SECONDS = 5.0
"""A decision (or one ``legal_actions()`` call) longer than this is reported as a hang."""
MAX_HANDS = 100_000_000
"""Most ``--hands`` one soak may play (days of a core: a long soak, never an endless one)."""
MAX_JOBS = 256
"""Most processes (``--jobs``) one soak may share its hands among."""
KEEP_FAILURES = 20
"""Failures reported in full (with their save); the rest are only counted."""


def soak_agent(kind: str, seed: int):
    """An agent of ``kind`` (``registry.make_agent``), the hard level with a small budget
    counted in samples, not seconds (the soak checks rules, not strength)."""
    if kind == "hard":
        return HardAgent(seed, budget_seconds=None, iterations=1, horizon=2, width=3)
    return make_agent(kind, seed)


def random_options(rand: random.Random) -> RuleOptions:
    """Any combination of options within their bounds, with a small target and hand limit so
    that a match ends after a few hands."""
    low = rand.randint(2, 8)
    values = {
        "min_players": low, "max_players": rand.randint(low, 8),
        "jokers": rand.choice((0, 1, 2)),
        "run_max": rand.choice((None, 3, 4, 5, 7, INFO["run_max"].bounds[1])),
        "meld_slots": rand.choice((None, 1, 2, 3, 6)),
        "pile_take": rand.choice(list(PileTake)), "stock_out": rand.choice(list(StockOut)),
        "opener": rand.choice(list(Opener)),
        "wild_queen_of_spades_value": rand.choice((0, 10, 50, INFO[
            "wild_queen_of_spades_value"].bounds[1])),
        "one_turn_out_bonus": rand.choice((0, 250)), "match_bonus": rand.choice((0, 200)),
        "target": rand.randint(100, 1500), "hand_limit": rand.randint(1, 3),
        "discards": rand.choice(list(Discards)), "card_values": rand.choice(list(CardValues)),
        "set_naturals": rand.randint(1, 2),
        "going_out_bonus": tuple(rand.choice((0, 100, 500)) for _ in range(rand.randint(1, 4))),
    }
    for name in ("wilds_in_new_runs", "easy_pile", "upcard_offer", "go_out_by_melding",
                 "settlement_rounding", "queen_of_spades_rules", "twos_melds"):
        values[name] = rand.random() < 0.5
    return RuleOptions(**values)


# ----------------------------------------------------------------- invariants

def problems(game: Game, observers: list[Observer], events) -> list[str]:
    """Every invariant the position after ``events`` breaks (empty: all hold)."""
    state = game.state
    options = state.options
    out = []
    found = state.cards_in_play()
    if found != Counter(deck(options.jokers)):
        want = Counter(deck(options.jokers))
        out.append(f"cards not conserved: missing {dict(want - found)}, extra "
                   f"{dict(found - want)}")
    for seat, seat_melds in enumerate(state.melds):
        if options.meld_slots is not None and len(seat_melds) > options.meld_slots:
            out.append(f"seat {seat + 1} has {len(seat_melds)} melds, over the slots")
        for i, m in enumerate(seat_melds):
            if reason := _meld_problem(m, options):
                out.append(f"seat {seat + 1}'s meld {i + 1} {m.cards}: {reason}")
    for seat, (known, hand) in enumerate(zip(state.known, state.hands)):
        if Counter(known) - Counter(hand):
            out.append(f"seat {seat + 1} is known to hold cards it does not hold")
    for o in observers:
        o.see(events)
        out += o.check(state.view(o.seat))
    for e in events:
        if e.kind is Ev.HAND_ENDED:
            out += _score_problems(state, e)
        elif e.kind is Ev.MATCH_ENDED:
            exact = [sum(s[seat] for s in state.hand_scores) for seat in range(state.players)]
            exact[state.winner] += options.match_bonus
            if exact != state.totals:
                out.append(f"final totals {state.totals} are not the hands' sum {exact}")
    return out


def _meld_problem(m, options) -> str | None:
    size = len(m.cards)
    if m.kind is MeldKind.RUN:
        if not 3 <= size <= (options.run_max or 13):
            return f"a run of {size} cards"
        again = new_run(m.cards, options, laid_new=False)
    else:
        if not 3 <= size <= SET_MAX:
            return f"a set of {size} cards"
        again = new_set(m.cards, options)
    if isinstance(again, str):
        return again
    return None if again == m else f"its cards make {again}, not this meld"


def _score_problems(state, e) -> list[str]:
    """A hand's scores recompute from the melds and hands left (the one-turn bonus aside,
    which only the player who went out may get), and the totals add them up."""
    out, options = [], state.options
    for seat in range(state.players):
        want = hand_score(state.melds[seat], state.hands[seat], seat == e.seat, options,
                          state.hand_no)
        got = e.scores[seat]
        bonus = options.one_turn_out_bonus if seat == e.seat else 0
        if got not in (want, want + bonus):
            out.append(f"seat {seat + 1} scored {got} for the hand, its cards make {want}")
    if not state.over:
        summed = [sum(s[seat] for s in state.hand_scores) for seat in range(state.players)]
        if summed != state.totals:
            out.append(f"totals {state.totals} are not the hands' sum {summed}")
    return out


# ----------------------------------------------------------------- playing

class _Report:
    """What a part of the soak found."""

    def __init__(self):
        self.hands = self.actions = self.matches = 0
        self.counts = Counter()
        self.failures: list[dict] = []
        self.by_rules = Counter()
        self.by_agent = Counter()
        self.slowest_decision = {"cpu_seconds": 0.0}
        self.slowest_legal = {"cpu_seconds": 0.0}
        """The slowest in processor time (a busy machine inflates wall-clock time, also shown);
        hangs are judged by the wall clock, as a player would feel them."""

    def fail(self, kind: str, what: str, game: Game, match: dict) -> None:
        """Count a failure; keep the first ones with the save that reaches it (and the agents,
        to play the match again)."""
        self.counts[kind] += 1
        if len(self.failures) < KEEP_FAILURES:
            self.failures.append({"kind": kind, "what": what[:500], **match,
                                  "hand": game.state.hand_no + 1, "action": len(game.actions),
                                  "save": game.to_json()})

    def as_json(self) -> dict:
        return {"hands": self.hands, "actions": self.actions, "matches": self.matches,
                "counts": dict(self.counts), "failures": self.failures,
                "by_rules": dict(self.by_rules), "by_agent": dict(self.by_agent),
                "slowest_decision": self.slowest_decision,
                "slowest_legal_actions": self.slowest_legal}


def play_one(report: _Report, setup: Setup, kinds, agent_seeds, rules: str) -> None:
    """Play one match, checking everything after every action; an exception is a failure."""
    game = Game(setup)
    match = {"rules": rules, "agents": list(kinds), "agent_seeds": list(agent_seeds)}
    report.matches += 1
    report.hands += 1
    report.by_rules[rules] += 1
    try:
        _play(report, game, kinds, agent_seeds, match)
    except Exception as e:  # noqa: BLE001 - the soak reports every failure
        report.fail("error", f"{type(e).__name__}: {e}", game, match)


def _play(report: _Report, game: Game, kinds, agent_seeds, match: dict) -> None:
    state, setup, rules = game.state, game.setup, match["rules"]
    agents = [soak_agent(k, s) for k, s in zip(kinds, agent_seeds)]
    observers = [Observer(setup.options, setup.players, s) for s in range(setup.players)]
    for o in observers:
        o.see([state.dealt])
    wall, cpu = time.perf_counter, time.process_time
    while not state.over:
        if state.phase is Phase.HAND_OVER:
            events = game.next_hand()
            report.hands += 1
            report.by_rules[rules] += 1
        else:
            seat = state.turn
            start, start_cpu = wall(), cpu()
            legal = state.legal_actions()
            listing, listing_cpu = wall() - start, cpu() - start_cpu
            if listing_cpu > report.slowest_legal["cpu_seconds"]:
                report.slowest_legal = {"cpu_seconds": round(listing_cpu, 4),
                                        "seconds": round(listing, 4), "actions": len(legal),
                                        "rules": rules, "save": game.to_json()}
            fallback = legal[0]  # kept apart: an agent may change the list it is handed
            start, start_cpu = wall(), cpu()
            action = agents[seat].choose(state.view(seat), legal)
            took, took_cpu = wall() - start, cpu() - start_cpu
            report.by_agent[kinds[seat]] += 1
            if took_cpu > report.slowest_decision["cpu_seconds"]:
                report.slowest_decision = {"cpu_seconds": round(took_cpu, 4),
                                           "seconds": round(took, 4), "agent": kinds[seat],
                                           "rules": rules}
            if max(took, listing) > HANG_SECONDS:
                report.fail("hang", f"seat {seat + 1} ({kinds[seat]}) took {took:.1f} s to "
                            f"decide, legal_actions() {listing:.1f} s", game, match)
            if (reason := state.check(action)) is not None:
                report.fail("illegal", f"seat {seat + 1} ({kinds[seat]}) chose {action}: "
                            f"{reason}", game, match)
                action = fallback
            events = game.play(action)
            report.actions += 1
        found = problems(game, observers, events)
        if found:
            report.fail("invariant", "; ".join(found), game, match)
            return  # the rest of this match would repeat the same failure


def soak_part(hands: int, seed: int, part: int) -> dict:
    """Play at least ``hands`` hands: matches cycling through the presets and random option
    combinations, tables of random size and mixed agents, all from ``seed`` and ``part``."""
    rand = random.Random(f"soak:{seed}:{part}")
    report = _Report()
    choices = [*PRESETS, "random options"]
    while report.hands < hands:
        rules = choices[report.matches % len(choices)]
        if rules in PRESETS:
            options = PRESETS[rules].with_changes(hand_limit=rand.randint(1, 3))
        else:
            options = random_options(rand)
        players = rand.randint(options.min_players, options.max_players)
        if players == 4 and rand.random() < 0.5:
            options = options.with_changes(partnerships=True)
        kinds = [rand.choice(KINDS) for _ in range(players)]
        setup = Setup(options, players, rand.getrandbits(32), rand.randrange(players))
        agent_seeds = [rand.getrandbits(32) for _ in range(players)]
        play_one(report, setup, kinds, agent_seeds, rules)
    return report.as_json()


def _task(args):
    return soak_part(*args)


def soak(hands: int, seed: int = 1, jobs: int = 1) -> dict:
    """Soak ``hands`` hands in all (split into ``jobs`` processes) and merge the reports."""
    jobs = max(1, jobs)
    tasks = [(hands // jobs + (1 if p < hands % jobs else 0), seed, p) for p in range(jobs)]
    tasks = [t for t in tasks if t[0] > 0]
    start = time.perf_counter()
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing
        with cli.ctrl_c_held():
            workers = multiprocessing.Pool(jobs, initializer=cli.quiet_worker)
        with workers as pool:
            parts = pool.map(_task, tasks, chunksize=1)
    else:
        parts = [_task(t) for t in tasks]
    seconds = time.perf_counter() - start
    counts = Counter()
    by_rules, by_agent = Counter(), Counter()
    for p in parts:
        counts.update(p["counts"])
        by_rules.update(p["by_rules"])
        by_agent.update(p["by_agent"])
    failures = [f for p in parts for f in p["failures"]][:KEEP_FAILURES]
    slowest = max((p["slowest_decision"] for p in parts), key=lambda d: d["cpu_seconds"])
    slowest_legal = max((p["slowest_legal_actions"] for p in parts),
                        key=lambda d: d["cpu_seconds"])
    return {
        "hands": sum(p["hands"] for p in parts),
        "actions": sum(p["actions"] for p in parts),
        "matches": sum(p["matches"] for p in parts),
        "seed": seed, "jobs": jobs, "seconds": round(seconds, 1),
        "hands_per_s": round(sum(p["hands"] for p in parts) / seconds, 2) if seconds else None,
        "invariant_failures": counts["invariant"], "illegal_actions": counts["illegal"],
        "hangs": counts["hang"], "errors": counts["error"],
        "hands_by_rules": dict(by_rules), "decisions_by_agent": dict(by_agent),
        "slowest_decision": slowest, "slowest_legal_actions": slowest_legal,
        "failures": failures,
    }


def failed(report: dict) -> bool:
    """Whether the soak found anything wrong."""
    return any(report[k] for k in ("invariant_failures", "illegal_actions", "hangs", "errors"))


@cli.interruptible("soak: interrupted; no report")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=cli.count(MAX_HANDS), default=10000,
                        help=f"hands to play in all, 1 to {MAX_HANDS}")
    parser.add_argument("--seed", type=cli.seed(), default=1,
                        help="fixes every table and agent")
    parser.add_argument("--jobs", type=cli.count(MAX_JOBS), default=1,
                        help=f"processes to share the hands, 1 to {MAX_JOBS}")
    args = parser.parse_args(argv)
    report = soak(args.hands, args.seed, args.jobs)
    print(json.dumps(report, indent=1))
    return 1 if failed(report) else 0


if __name__ == "__main__":
    sys.exit(main())
