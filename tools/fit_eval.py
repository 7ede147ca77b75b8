"""How well the hard level's playout end score predicts how hands really end, and the constants
that would predict it best: ``python -m tools.fit_eval``.

The search scores a playout that stops before the hand's end with ``search.static_scores``: the
points each seat has laid, less what its hand risks (a share of each card's penalty, by what
the card is: a wild, a lone card, one of a pair, a run neighbour, the Q♠ in a pair or run
piece; the share grows as the shortest hand shrinks), less a cost per card held, plus the
going-out bonus shared by how close each seat is to going out. Its constants were set by hand.

This tool plays ``--agent`` against each opponent (``--against``) in duplicate seatings, two
players, one hand a deal, records every position at the start of a turn and the hand's final
score difference (seat 1 less seat 2), and reports:

- how much of that difference's variance today's ``static_scores`` explains;
- the constants that explain the most, by least squares, and how much they explain. For each
  band of the shortest hand (``modelling.hand_band``'s 4 / 7 / 10 edges, as ``static_scores``
  has them: up to 2, 3-4, 5-7, 8 or more cards) the share of each kind of card's penalty
  counted against its seat, and the bonus's weight; one cost per card held; the exponent of
  the closeness ``1 / (1 + cards) ** e`` the bonus is shared by (the best of a grid); and a
  tempo term for the seat to move (a constant offset to every candidate in a search, so it is
  fitted only to keep the others honest, and reported apart).

Pure Python (normal equations solved by elimination), so it runs wherever the game does. A
hand of deal ``d`` against opponent ``o`` is dealt from seed ``seed * 100000 + o * 10000 + d``
and each seating's agents are seeded from the deal, so a run is the same on any machine.
"""

from __future__ import annotations

import argparse
import sys

from game.ai import search
from game.ai.registry import make_agent
from game.rules.cards import QUEEN_OF_SPADES, is_wild
from game.rules.options import preset
from game.rules.save import Game, Setup
from game.rules.scoring import meld_points, values
from game.rules.seeds import SEEDS
from game.rules.state import Phase

from . import cli

KINDS = ("wild", "lone", "pair", "neighbour", "Q♠ paired")
"""The kinds of card whose penalty share is fitted, as ``search._hand_cost`` tells them apart."""
BANDS = ("<=2", "3-4", "5-7", "8+")
"""The bands of the shortest hand, as ``search.static_scores`` has them."""
EXPONENTS = (0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)
"""The closeness exponents tried."""
TUNING = "exploiter:x27a1e2fb,patient,greedy,hoarder,pilehungry,family,medium"
"""The default opponents: the tuning styles and medium (never a held-out style)."""
MAX_DEALS = 5000
MAX_OPPONENTS = 10
SEED_STRIDE = 100_000
"""Deal ``d`` against opponent ``o`` is dealt from ``seed * SEED_STRIDE + o * 10_000 + d``."""


def band(least: int) -> int:
    return 0 if least <= 2 else 1 if least <= 4 else 2 if least <= 7 else 3


def kind_penalties(hand, in_hand) -> list[float]:
    """The penalty held in each of ``KINDS``."""
    counts = [0] * 15
    places = set()
    for c in hand:
        if not is_wild(c):
            counts[c >> 2] += 1
            places.add(c)
    out = [0.0] * len(KINDS)
    for c in hand:
        if is_wild(c):
            k = 0
        else:
            r, s = c >> 2, c & 3
            k = 2 if counts[r] >= 2 else 3 if ((r - 1) * 4 + s) in places \
                or ((r + 1) * 4 + s) in places else 1
            if c == QUEEN_OF_SPADES and k != 1:
                k = 4
        out[k] += in_hand[c]
    return out


def positions(agent: str, against: list[str], preset_name: str, deals: int, seed: int):
    """Every position at the start of a turn: ``(features, today's prediction, outcome)``, the
    features being the laid points' difference, each kind's penalty difference, both hands'
    lengths and whether seat 1 is to move."""
    options = preset(preset_name).with_changes(hand_limit=1)
    in_hand = values(options)[1]
    for o, other in enumerate(against):
        for d in range(deals):
            for k in range(2):
                names = (agent, other) if k == 0 else (other, agent)
                agents = [make_agent(n, 7919 * d + 13 * i + o) for i, n in enumerate(names)]
                game = Game(Setup(options, 2, seed * SEED_STRIDE + o * 10_000 + d))
                state = game.state
                seen = []
                while state.phase is not Phase.HAND_OVER and not state.over:
                    if state.phase is Phase.DRAW:
                        laid = [sum(meld_points(m, options) for m in state.melds[s])
                                for s in range(2)]
                        p0, p1 = (kind_penalties(h, in_hand) for h in state.hands)
                        today = search.static_scores(state)
                        seen.append(((laid[0] - laid[1], [a - b for a, b in zip(p0, p1)],
                                      len(state.hands[0]), len(state.hands[1]),
                                      1 if state.turn == 0 else -1), today[0] - today[1]))
                    turn = state.turn
                    game.play(agents[turn].choose(state.view(turn), state.legal_actions()))
                final = state.hand_scores[-1]
                for features, today in seen:
                    yield features, today, final[0] - final[1]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small, dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-12:
            continue  # a feature never seen: its constant stays 0
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                row, prow = m[r], m[col]
                for j in range(col, n + 1):
                    row[j] -= f * prow[j]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def fit(data, bonus: float, exponent: float) -> tuple[list[float], float]:
    """The least-squares constants for one closeness exponent, and their squared error sum.
    Unknowns: per band, each kind's share and the bonus weight; the cost per card; tempo."""
    nk = len(KINDS)
    per_band = nk + 1
    n = per_band * len(BANDS) + 2
    ata = [[0.0] * n for _ in range(n)]
    atb = [0.0] * n
    rows = []
    for (laid, pens, s0, s1, to_move), _, outcome in data:
        b = band(min(s0, s1))
        c0, c1 = 1 / (1 + s0) ** exponent, 1 / (1 + s1) ** exponent
        x = [(b * per_band + i, -p) for i, p in enumerate(pens)]
        x += [(b * per_band + nk, bonus * (c0 - c1) / (c0 + c1)), (n - 2, -(s0 - s1)),
              (n - 1, float(to_move))]
        y = outcome - laid
        rows.append((x, y))
        for i, xi in x:
            atb[i] += xi * y
            row = ata[i]
            for j, xj in x:
                row[j] += xi * xj
    coef = _solve(ata, atb)
    sse = sum((y - sum(coef[i] * xi for i, xi in x)) ** 2 for x, y in rows)
    return coef, sse


def report(data, bonus: float) -> list[str]:
    outcomes = [o for _, _, o in data]
    mean = sum(outcomes) / len(outcomes)
    total = sum((o - mean) ** 2 for o in outcomes)
    today = sum((o - t) ** 2 for _, t, o in data)
    best = min(((fit(data, bonus, e), e) for e in EXPONENTS), key=lambda r: r[0][1])
    (coef, sse), exponent = best
    per_band = len(KINDS) + 1
    lines = [f"positions {len(data)}; the final difference's variance {total / len(data):.0f}",
             f"today's static_scores explains {100 * (1 - today / total):.1f}%",
             f"the fitted constants explain {100 * (1 - sse / total):.1f}% "
             f"(closeness exponent {exponent})",
             "shortest hand | " + " | ".join(KINDS) + " | bonus weight"]
    for b, name in enumerate(BANDS):
        part = coef[b * per_band:(b + 1) * per_band]
        lines.append(f"{name:>13} | " + " | ".join(f"{v:+.2f}" for v in part))
    lines.append(f"cost per card held {coef[-2]:+.2f}; tempo (seat to move) {coef[-1]:+.1f}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.fit_eval", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default="hard-prior", help="the seat whose play makes the "
                        "positions (default hard-prior: hard's own judgement, fast)")
    parser.add_argument("--against", default=TUNING,
                        help=f"opponents, comma-separated (default {TUNING})")
    parser.add_argument("--preset", default="digital")
    parser.add_argument("--deals", type=cli.count(MAX_DEALS), default=400,
                        help="deals against each opponent (default 400; each played twice)")
    parser.add_argument("--seed", type=cli.seed(SEEDS[-1] // SEED_STRIDE - 1), default=901)
    args = parser.parse_args(argv)
    against = args.against.split(",")
    if len(against) > MAX_OPPONENTS:
        parser.error(f"at most {MAX_OPPONENTS} opponents, not {len(against)}")
    try:
        preset(args.preset)
        for name in [args.agent, *against]:
            make_agent(name, 0)
    except ValueError as e:
        parser.error(str(e))
    data = list(positions(args.agent, against, args.preset, args.deals, args.seed))
    for line in report(data, preset(args.preset).bonus(0)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
