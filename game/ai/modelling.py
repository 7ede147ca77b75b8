"""Opponents modelled from how they play, within the match, from one seat's views only.

The hard level's playouts give every opponent one of four styles (medium, greedy, hoarder,
patient) and deal it random hidden cards. Both are guesses; the table's play sharpens them.
Between two of its decisions a seat sees each opponent take a turn, and its views show what the
turn was (``Profiles.observe``): the hand's length before it, whether it laid anything, whether
it took the pile (its hand plus its melds grew by more than the one card a stock draw brings),
or whether it went out (the next hand's view names who did). Those turn kinds, counted by the
hand's length over the whole match, are a likelihood for each playout style (``TURN_RATES``: how
often each style's turns are of each kind, measured by letting the styles play); with the
playouts' usual mix as the prior, the posterior is the mixture the playouts draw that seat's
style from (``Profiles.mixture``).

A seat that has held many cards for many turns without laying any is the other clue: a style
that keeps melds back probably holds some by now, and is closer to going out than its hand's
length says. ``HOLDS`` (how many complete natural melds each style holds in that position,
measured the same way) and ``OUT_NEXT`` (how often it goes out on its next turn) are read
under the seat's mixture, giving ``Beliefs``: how many melds each seat likely holds beyond
what a random re-deal gives it, which ``deal`` honours when it re-deals the hidden cards
(natural melds from the unseen cards put in that seat's hand, so the sampled worlds hold as
many on average as the style does), and the chance that some opponent goes out next turn
(``threat``), which the hard level's own decision weighs like a short hand
(``SeatKnowledge.threat``).

The four tables are measured by ``python -m tools.model_tables``, which prints them as they
stand here: run it again after changing a playout style or how a turn is read.

Only views are read, never a hidden card: the same views give the same beliefs, and the re-deal
draws its meld from the cards the seat cannot see.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..rules.cards import ACE, ACE_HIGH, is_wild

STYLE_NAMES = ("medium", "greedy", "hoarder", "patient")
"""The playout styles, in the order of ``search.STYLES``."""
PRIOR: tuple[float, ...] = (0.35, 0.25, 0.15, 0.25)
"""How often a sampled world gives an opponent each style before it has shown anything."""
HOARDER = STYLE_NAMES.index("hoarder")

QUIET, MELD, TAKE, OUT = range(4)
"""Kinds of turn: drew from the stock and laid nothing; drew and laid something; took the
pile (a take lays its meld at once); went out."""


def hand_band(cards: int) -> int:
    """The band of a hand's length the tables are kept by: up to 4, 5-7, 8-10, 11 or more."""
    return 0 if cards <= 4 else 1 if cards <= 7 else 2 if cards <= 10 else 3


def quiet_band(turns: int) -> int:
    """The band of turns since a seat last laid anything (or since the deal): 0-2, 3-5, 6+."""
    return 0 if turns <= 2 else 1 if turns <= 5 else 2


# Measured by ``python -m tools.model_tables`` (its defaults: each style playing 600 hands each
# of digital and classic against medium, two players, the watched seat alternating), which
# prints these four tables as they stand here: see docs/ai.md.
# Indexed [style][hand band][kind] and [style][hand band][quiet band].
TURN_RATES = (
    ((0.756, 0.127, 0.028, 0.089), (0.607, 0.266, 0.120, 0.007),
     (0.522, 0.289, 0.188, 0.000), (0.264, 0.616, 0.117, 0.003)),
    ((0.760, 0.117, 0.023, 0.099), (0.628, 0.251, 0.112, 0.009),
     (0.531, 0.305, 0.164, 0.000), (0.195, 0.685, 0.117, 0.003)),
    ((0.770, 0.122, 0.028, 0.081), (0.681, 0.214, 0.090, 0.015),
     (0.640, 0.187, 0.161, 0.012), (0.476, 0.360, 0.159, 0.005)),
    ((0.764, 0.074, 0.001, 0.161), (0.724, 0.191, 0.003, 0.082),
     (0.632, 0.332, 0.003, 0.032), (0.359, 0.618, 0.015, 0.009)),
)
"""How often each style's turn is of each kind (``QUIET``, ``MELD``, ``TAKE``, ``OUT``), by
the length of its hand before the turn (``hand_band``)."""
RATE_FLOOR = 0.002
"""The least rate a kind of turn is given (a kind never seen in the measurement is rare, not
impossible)."""
HOLDS = (
    ((0.01, 0.02, 0.05), (0.02, 0.06, 0.59), (0.04, 0.27, 1.56), (0.87, 1.82, 3.37)),
    ((0.00, 0.01, 0.03), (0.01, 0.04, 0.28), (0.04, 0.22, 1.46), (0.92, 2.77, 3.76)),
    ((0.01, 0.03, 0.05), (0.17, 0.44, 0.73), (0.64, 1.03, 1.35), (1.21, 2.13, 3.54)),
    ((0.00, 0.00, 0.00), (0.01, 0.01, 0.01), (0.13, 0.03, 0.00), (0.92, 0.41, 0.52)),
)
"""How many complete natural melds (three naturals of a rank or in sequence of a suit, none
sharing a card) a seat of each style holds on average at the start of its turn, by
``hand_band`` and ``quiet_band``."""
OUT_NEXT = (
    ((0.105, 0.107, 0.036), (0.006, 0.010, 0.011), (0.000, 0.000, 0.000), (0.004, 0.000, 0.000)),
    ((0.113, 0.127, 0.042), (0.006, 0.019, 0.017), (0.000, 0.000, 0.000), (0.003, 0.000, 0.000)),
    ((0.099, 0.107, 0.022), (0.009, 0.037, 0.023), (0.011, 0.018, 0.010), (0.003, 0.009, 0.012)),
    ((0.179, 0.158, 0.099), (0.076, 0.083, 0.117), (0.021, 0.047, 0.122), (0.006, 0.013, 0.087)),
)
"""How often a seat of each style goes out on its next turn, by ``hand_band`` and
``quiet_band``."""
BASE_HOLDS = (0.008, 0.120, 0.435, 0.913)
"""How many such melds a random re-deal of that many hidden cards (``hand_band``) holds on
average (what ``deal`` adds to)."""
TEMPER = 0.5
"""Each observed turn counts this much in the likelihood: turns are not independent, and the
styles are stand-ins for the real player, so the evidence is discounted."""
KEEP_PRIOR = 0.1
"""Share of the prior kept in every mixture, so no style is ever ruled out."""


@dataclass(frozen=True, slots=True)
class Beliefs:
    """What the table's play says about each seat, for one decision: the style mixture its
    playouts draw from (``weights[seat]``, in ``STYLE_NAMES`` order), how many complete melds
    it likely holds beyond what a random re-deal gives it (``hides[seat]``, a mean), and the
    chance that some opponent holding more than four cards goes out on its next turn
    (``threat``). The seat deciding has the prior and nothing hidden."""

    weights: tuple[tuple[float, ...], ...]
    hides: tuple[float, ...]
    threat: float


class Profiles:
    """Each opponent's turns over the match as one seat saw them (``observe`` at every one of
    its decisions): counts of turn kinds by hand band, and this hand's turns since each seat
    last laid anything."""

    def __init__(self):
        self.counts: dict[int, list[list[int]]] = {}
        """Per seat, ``[hand band][kind]`` counts."""
        self._last: tuple | None = None
        self._laid_at: list[int] = []

    def observe(self, view) -> None:
        """Read the opponents' turns since the last view this seat was shown."""
        n = view.players
        melded = tuple(sum(len(m.cards) for m in view.melds[s]) for s in range(n))
        last = self._last
        self._last = (view.hand_no, tuple(view.turns), tuple(view.hand_counts), melded)
        if last is None or view.hand_no != last[0]:
            self._laid_at = [view.turns[s] if melded[s] else 0 for s in range(n)]
            if last is not None and view.hand_no == last[0] + 1 and view.hand_outs:
                out = view.hand_outs[-1]
                if 0 <= out < n and out != view.seat:
                    self._count(out, last[2][out], OUT)
            return
        _, turns, counts, before = last
        for s in range(n):
            if s == view.seat:
                continue
            if melded[s] > before[s]:
                self._laid_at[s] = view.turns[s]
            if view.turns[s] - turns[s] != 1:
                continue  # no turn of theirs in between, or more than one: not told apart
            grew = view.hand_counts[s] - counts[s] + melded[s] - before[s]
            kind = TAKE if grew >= 1 else MELD if melded[s] > before[s] else QUIET
            self._count(s, counts[s], kind)

    def _count(self, seat: int, cards: int, kind: int) -> None:
        table = self.counts.get(seat)
        if table is None:
            table = self.counts[seat] = [[0] * 4 for _ in range(4)]
        table[hand_band(cards)][kind] += 1

    def quiet_turns(self, view, seat: int) -> int:
        """Turns ``seat`` has taken this hand since it last laid anything."""
        laid = self._laid_at[seat] if seat < len(self._laid_at) else 0
        return max(0, view.turns[seat] - laid)

    def mixture(self, seat: int) -> tuple[float, ...]:
        """The style mixture that best explains ``seat``'s turns so far (the prior with none)."""
        table = self.counts.get(seat)
        if table is None:
            return PRIOR
        logs = []
        for style, prior in enumerate(PRIOR):
            rates = TURN_RATES[style]
            log = math.log(prior)
            for band in range(4):
                for kind in range(4):
                    if table[band][kind]:
                        log += TEMPER * table[band][kind] * math.log(max(RATE_FLOOR,
                                                                  rates[band][kind]))
            logs.append(log)
        top = max(logs)
        post = [math.exp(v - top) for v in logs]
        total = sum(post)
        return tuple((1 - KEEP_PRIOR) * p / total + KEEP_PRIOR * prior
                     for p, prior in zip(post, PRIOR))

    def beliefs(self, view) -> Beliefs:
        """The beliefs this seat's views support at ``view``."""
        weights: list[tuple[float, ...]] = []
        hides: list[float] = []
        miss = 1.0
        for s in range(view.players):
            if s == view.seat:
                weights.append(PRIOR)
                hides.append(0.0)
                continue
            w = self.mixture(s)
            hidden = view.hand_counts[s] - len(view.known[s])
            hb, qb = hand_band(view.hand_counts[s]), quiet_band(self.quiet_turns(view, s))
            holds = sum(w[i] * HOLDS[i][hb][qb] for i in range(len(w)))
            weights.append(w)
            extra = holds - BASE_HOLDS[hand_band(hidden)]
            hides.append(min(float(hidden // 3), max(0.0, extra)))
            if hb:  # a short hand's threat is its length, which ``lateness`` reads already
                miss *= 1.0 - sum(w[i] * OUT_NEXT[i][hb][qb] for i in range(len(w)))
        return Beliefs(tuple(weights), tuple(hides), 1.0 - miss)


# --------------------------------------------------------------------------- the re-deal


def natural_melds(cards) -> list[tuple[int, ...]]:
    """Every complete natural meld among ``cards`` (a multiset): three naturals of a rank,
    three naturals in sequence of a suit (an ace low or above the king)."""
    have = set(cards)
    per_rank = [0] * 14
    for c in cards:
        if not is_wild(c):
            per_rank[c >> 2] += 1
    out: list[tuple[int, ...]] = []
    for rank in range(1, 14):
        if per_rank[rank] >= 3 and rank != 2:
            of_rank = sorted(c for c in cards if c >> 2 == rank)
            out.append(tuple(of_rank[:3]))
    for suit in range(4):
        for low in range(3, ACE_HIGH - 1):  # 3-4-5 .. Q-K-A (2s are wild, never in sequence)
            run = tuple((ACE if r == ACE_HIGH else r) * 4 + suit for r in (low, low + 1, low + 2))
            if all(c in have for c in run):
                out.append(run)
    return out


def deal(view, rand: random.Random, beliefs: Beliefs | None):
    """A world for search: ``view.determinize(rand)``, then, for each opponent the beliefs
    say hides melds (``hides[seat]``: the whole part that many melds, the fraction one more
    by chance), its hidden cards dealt again around that many natural melds drawn from the
    cards the seat cannot place (its own hidden cards and the stock), the rest of those cards
    going back to a shuffled stock. So the sampled worlds hold as many melds in that hand, on
    average, as the seat's style holds in that position."""
    world = view.determinize(rand)
    if beliefs is None:
        return world
    for s, extra in enumerate(beliefs.hides):
        if extra <= 0.0:
            continue
        count = int(extra) + (rand.random() < extra - int(extra))
        if count:
            _deal_melds(world, s, view.known[s], count, rand)
    return world


def _deal_melds(world, seat: int, known, count: int, rand: random.Random) -> None:
    """Deal ``seat``'s hidden cards in ``world`` again around ``count`` natural melds (fewer
    if the unplaced cards hold fewer)."""
    hidden = list(world.hands[seat])
    for c in known:
        hidden.remove(c)
    pool = hidden + world.stock
    chosen: list[int] = []
    for _ in range(count):
        if len(chosen) + 3 > len(hidden):
            break
        melds = natural_melds(pool)
        if not melds:
            break
        meld = melds[rand.randrange(len(melds))]
        for c in meld:
            pool.remove(c)
        chosen.extend(meld)
    if not chosen:
        return
    rand.shuffle(pool)
    need = len(hidden) - len(chosen)
    world.hands[seat] = sorted(list(known) + chosen + pool[:need])
    world.stock = pool[need:]
