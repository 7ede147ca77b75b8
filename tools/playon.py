"""Which of the hard level's choices pay against an opponent, judged by playing each candidate
on from the true position: ``python -m tools.playon``.

An arena run says how much hard wins by, not which of its decisions win it. This tool plays
``--agent`` (a ``hard@...`` level) against ``--opponent`` in one-hand deals, both seatings.
At every decision where hard's search weighed more than one candidate it keeps the true
position, and plays every candidate on from it ``--shuffles`` times: the stock shuffled anew
each time (the same shuffles for every candidate, so they are compared on the same cards), the
deciding seat then played by ``--continue`` (default ``hard-prior``, hard's own judgement, so a
play-on is fast) and the other by the opponent itself. A candidate's value is the mean of the
hand's score difference (the deciding seat's less the opponent's).

The report groups the decisions by kind (``DRAW: DRAW->TAKE_SET`` is a pile taken where the
prior would draw):

- **overrides**: where the search chose otherwise than its prior (``search.Search.pick``), the
  choice's value less the prior's. Positive: the search's overrides pay against this opponent.
- **alternatives**: at every searched decision, each candidate not chosen, less the choice.
  Positive: a kind of move the search passes up that would have paid.

The play-ons know the opponent's true hand and play it as it would, which the search could not:
they judge the choices against this opponent, not the search's information, and a play-on's
own continuation (hard's judgement, not its search) is a stand-in. Deal ``d`` is dealt from
seed ``seed * 100000 + d``; the shuffles come from the seed, so with a budget counted in
iterations a run is the same on any machine (hard at ``@SECONDScpu`` decides by the clock).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass

from game.ai.registry import make_agent
from game.rules.actions import Action
from game.rules.options import preset
from game.rules.save import Game, Setup
from game.rules.seeds import SEEDS
from game.rules.state import Phase, State

from . import cli

SEED_STRIDE = 100_000
"""Deal ``d`` is dealt from ``seed * SEED_STRIDE + d``."""
MAX_DEALS = 1000
MAX_SHUFFLES = 1000
_OVER = (Phase.HAND_OVER, Phase.MATCH_OVER)


@dataclass(frozen=True)
class Decision:
    """A searched decision: the true position before it, whose it was, what was weighed."""

    state: State
    seat: int
    candidates: tuple[Action, ...]
    """The search's candidates, its prior first."""
    choice: Action


def decisions(make_hard, opponent: str, preset_name: str, deals: int, seed: int):
    """Each searched decision of the hard seat (``make_hard(agent_seed)`` makes it) against
    ``opponent``, over ``deals`` one-hand deals, both seatings."""
    options = preset(preset_name).with_changes(hand_limit=1)
    for d in range(deals):
        for hard_seat in (0, 1):
            agents = [make_hard(1000 * d + s) if s == hard_seat
                      else make_agent(opponent, 1000 * d + s) for s in (0, 1)]
            game = Game(Setup(options, 2, seed * SEED_STRIDE + d))
            state = game.state
            while state.phase not in _OVER:
                seat = state.turn
                legal = state.legal_actions()
                before = state.copy() if seat == hard_seat else None
                action = agents[seat].choose(state.view(seat), legal)
                if before is not None:
                    search = agents[seat]._search
                    if search is not None and len(search.cands) > 1:
                        yield Decision(before, seat, tuple(search.cands), action)
                game.play(action)


def play_on(state: State, seat: int, action: Action, order: list[int], mine: str,
            opponent: str) -> int:
    """The hand's score difference for ``seat`` after ``action``, the stock put in ``order``,
    ``seat`` then played by ``mine`` and the other seat by ``opponent`` (fresh agents)."""
    s = state.copy()
    s.stock = [s.stock[i] for i in order]
    s.apply(action)
    agents = {seat: make_agent(mine, 0), 1 - seat: make_agent(opponent, 0)}
    while s.phase not in _OVER:
        turn = s.turn
        legal = s.legal_actions()
        s.apply(legal[0] if len(legal) == 1 else agents[turn].choose(s.view(turn), legal))
    scores = s.hand_scores[-1]
    return scores[seat] - scores[1 - seat]


def values(decision: Decision, shuffles: int, rand: random.Random, mine: str,
           opponent: str) -> list[float]:
    """Each candidate's mean play-on score difference, on the same ``shuffles`` stock orders."""
    n = len(decision.state.stock)
    orders = []
    for _ in range(shuffles):
        order = list(range(n))
        rand.shuffle(order)
        orders.append(order)
    return [statistics.fmean(play_on(decision.state, decision.seat, c, o, mine, opponent)
                             for o in orders) for c in decision.candidates]


def _kind(decision: Decision, a: Action, b: Action) -> str:
    return f"{decision.state.phase.name}: {a.kind.name}->{b.kind.name}"


def judge(found, shuffles: int, seed: int, mine: str, opponent: str):
    """(overrides, alternatives, decisions): each a dict from a kind of decision to the gains
    measured (see the module docstring)."""
    rand = random.Random(seed)
    overrides, alternatives = defaultdict(list), defaultdict(list)
    count = 0
    for decision in found:
        count += 1
        vals = values(decision, shuffles, rand, mine, opponent)
        chosen = decision.candidates.index(decision.choice)
        prior = decision.candidates[0]
        if chosen:
            overrides[_kind(decision, prior, decision.choice)].append(vals[chosen] - vals[0])
        for i, c in enumerate(decision.candidates):
            if i != chosen:
                alternatives[_kind(decision, decision.choice, c)].append(vals[i] - vals[chosen])
    return overrides, alternatives, count


def table(title: str, groups: dict, deals: int) -> list[str]:
    """One group a line, the most points a deal first: count, mean gain and its standard
    error, and the gain a deal (summed over the deal's two seatings)."""
    lines = [f"{title}:"]
    for kind, gains in sorted(groups.items(), key=lambda kv: -abs(sum(kv[1]))):
        se = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else float("nan")
        lines.append(f"  {kind:34s} n={len(gains):5d}  mean {statistics.fmean(gains):+7.1f} "
                     f"(se {se:5.1f})  a deal {sum(gains) / deals:+7.2f}")
    every = [g for gains in groups.values() for g in gains]
    if every:
        lines.append(f"  {'all':34s} n={len(every):5d}  mean {statistics.fmean(every):+7.1f}"
                     f"{'':13s}  a deal {sum(every) / deals:+7.2f}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.playon", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default="hard@0.3cpu", help="a hard level (default "
                        "hard@0.3cpu)")
    parser.add_argument("--opponent", required=True)
    parser.add_argument("--continue", dest="mine", default="hard-prior",
                        help="who plays the deciding seat on after a candidate (default "
                        "hard-prior)")
    parser.add_argument("--preset", default="digital")
    parser.add_argument("--deals", type=cli.count(MAX_DEALS), default=60,
                        help="deals (default 60; each played twice)")
    parser.add_argument("--shuffles", type=cli.count(MAX_SHUFFLES), default=40,
                        help="stock orders each candidate is played on with (default 40)")
    parser.add_argument("--seed", type=cli.seed(SEEDS[-1] // SEED_STRIDE - 1), default=62)
    args = parser.parse_args(argv)
    if not args.agent.startswith(("hard@", "hard-plain@")):
        parser.error(f"--agent must be a hard level with its search (hard@SECONDS[cpu]), "
                     f"not {args.agent!r}")
    try:
        preset(args.preset)
        for name in (args.agent, args.opponent, args.mine):
            make_agent(name, 0)
    except ValueError as e:
        parser.error(str(e))
    found = decisions(lambda s: make_agent(args.agent, s), args.opponent, args.preset,
                      args.deals, args.seed)
    overrides, alternatives, count = judge(found, args.shuffles, args.seed, args.mine,
                                           args.opponent)
    print(f"{args.agent} against {args.opponent}, {args.preset}, {args.deals} deals (seed "
          f"{args.seed}), {count} searched decisions, {args.shuffles} play-ons a candidate")
    for line in table("overrides (choice - prior)", overrides, args.deals) \
            + table("alternatives (candidate - choice)", alternatives, args.deals):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
