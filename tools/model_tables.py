"""Measure the tables the opponent model holds: ``python -m tools.model_tables`` prints
``TURN_RATES``, ``HOLDS``, ``OUT_NEXT`` and ``BASE_HOLDS`` as Python, spelt as
``game/ai/modelling.py`` spells them, for a maintainer to paste over the old ones.

Each playout style of ``search.STYLES`` plays ``--hands`` hands of digital and as many of
classic against medium, two players, the watched seat alternating from hand to hand; each of
its turns is read from the true state (a measurement of the styles, not of a match in play):
the hand's length and the turns since it last laid anything at the start of the turn, the
complete natural melds it holds then, how many a random re-deal of its hidden cards (as the
other seat's view deals them) holds by chance, and the kind of turn it took (as
``modelling.Profiles`` tells them apart). Hand ``n`` of the run (``--seed`` + 0, 1, ...) is
dealt from seed ``7n + style`` and re-dealt from ``random.Random(n)``, so a run is the same on
any machine; the shipped tables are the defaults' (600 hands, seed 0), reproduced exactly.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from game.ai import search
from game.ai.knowledge import SeatKnowledge
from game.ai.modelling import (
    MELD,
    OUT,
    QUIET,
    STYLE_NAMES,
    TAKE,
    hand_band,
    natural_melds,
    quiet_band,
)
from game.rules.options import CLASSIC, DIGITAL
from game.rules.phase import ACTING
from game.rules.seeds import SEEDS
from game.rules.state import Phase, State

from . import cli

HANDS = 600
"""Hands of each preset per style by default: the shipped tables' measurement (about a quarter
of a minute of one core)."""
MAX_HANDS = 20_000
"""Most ``--hands``: a run of minutes, not of hours."""
SPACING = 7
"""Hand ``n`` of a style is dealt from seed ``SPACING * n + style``: no two styles or hands
share a deal."""
WIDTH = 100
"""The longest line printed (the project's line length, so the tables paste as they are)."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the watched seat, as the tables count it."""

    cards: int
    """The hand's length at the start of the turn."""
    quiet: int
    """Turns this hand since the seat last laid anything (or since the deal)."""
    holds: int
    """Complete natural melds in its hand at the start of the turn."""
    hidden: int
    """Its cards the other seat cannot place (not known from a pile it took)."""
    chance: int
    """Complete natural melds among those cards in a random re-deal of the other seat's view."""
    kind: int | None
    """``QUIET``, ``MELD``, ``TAKE`` or ``OUT``; None when the hand ended on the turn without
    the seat going out (the stock ran out): a turn no view can tell the kind of."""


def melds_held(cards) -> int:
    """Complete natural melds among ``cards``, none sharing a card (the first found taken
    each time, as the re-deal's count goes)."""
    cards, count = list(cards), 0
    while melds := natural_melds(cards):
        for c in melds[0]:
            cards.remove(c)
        count += 1
    return count


def melded(state: State, seat: int) -> int:
    """Cards ``seat`` has laid this hand."""
    return sum(len(m.cards) for m in state.melds[seat])


def watched_turns(style: int, hands: int, options, seed: int = 0) -> Iterator[Turn]:
    """Every turn the playout style ``style`` (``STYLE_NAMES`` order) takes in ``hands`` hands
    of ``options`` against medium, two players, the watched seat alternating."""
    policies = [policy for policy, _ in search.STYLES]
    for n in range(seed, seed + hands):
        state = State(options, 2, SPACING * n + style)
        watched = n % 2
        players = [policies[0], policies[0]]
        players[watched] = policies[style]
        yield from _hand_turns(state, players, watched, random.Random(n))


def _hand_turns(state: State, players, watched: int, rand: random.Random) -> Iterator[Turn]:
    """The watched seat's turns in the hand ``state`` deals, played out by ``players``."""
    laid_at = 0
    while state.phase in ACTING:
        if state.turn != watched or state.phase is not Phase.DRAW:
            _step(state, players)
            continue
        cards, before = len(state.hands[watched]), melded(state, watched)
        started = state.turns[watched]  # counts this turn; quiet: those since the one it laid on
        hidden = _hidden(state, watched, rand)
        holds = melds_held(state.hands[watched])
        _step(state, players)
        while state.phase in ACTING and state.turn == watched and state.turns[watched] == started:
            _step(state, players)
        kind = _kind(state, watched, cards, before)
        yield Turn(cards, started - 1 - laid_at, holds, len(hidden), melds_held(hidden), kind)
        if kind is not None and melded(state, watched) > before:
            laid_at = started


def _step(state: State, players) -> None:
    """The seat to move plays one action, as the playouts play (trusted, from the true state)."""
    seat = state.turn
    state.apply(players[seat](SeatKnowledge.of_state(state, seat), state.legal_actions()),
                trusted=True)


def _hidden(state: State, seat: int, rand: random.Random) -> list[int]:
    """``seat``'s cards in a random re-deal of the other seat's view, less those it is known to
    hold: what ``BASE_HOLDS`` counts melds among."""
    hidden = list(state.view(1 - seat).determinize(rand).hands[seat])
    for c in state.known[seat]:
        hidden.remove(c)
    return hidden


def _kind(state: State, seat: int, cards: int, before: int) -> int | None:
    """The kind of the turn ``seat`` just ended, from its hand's length and its laid cards
    before it (as ``Profiles.observe`` reads it from views)."""
    if state.phase not in ACTING:
        return OUT if state.hand_outs[-1] == seat else None
    now = melded(state, seat)
    grew = len(state.hands[seat]) - cards + now - before
    return TAKE if grew >= 1 else MELD if now > before else QUIET


def measure_turns(style: int, hands: int, options, seed: int = 0) -> list[list[int]]:
    """Counts of ``style``'s turn kinds by hand band (``[hand band][kind]``): what
    ``TURN_RATES`` is made of."""
    counts = [[0] * 4 for _ in range(4)]
    for turn in watched_turns(style, hands, options, seed):
        if turn.kind is not None:
            counts[hand_band(turn.cards)][turn.kind] += 1
    return counts


class Means:
    """Running sums and counts in cells: a cell's mean is 0 until something is counted."""

    def __init__(self, *shape: int):
        self.cells = _grid(shape)

    def add(self, at: tuple[int, ...], value: float) -> None:
        cell = self.cells
        for i in at:
            cell = cell[i]
        cell[0] += value
        cell[1] += 1

    def means(self):
        """The cells' means, nested as the cells are."""
        return _mean(self.cells)


def _grid(shape):
    return [_grid(shape[1:]) for _ in range(shape[0])] if shape else [0, 0]


def _mean(cells):
    if isinstance(cells[0], list):
        return tuple(_mean(c) for c in cells)
    return cells[0] / max(1, cells[1])


def measure(hands: int, seed: int = 0) -> dict[str, tuple]:
    """Every table modelling.py holds, by name, measured over ``hands`` hands of each preset
    per style from ``seed``."""
    styles = len(STYLE_NAMES)
    rates = [[[0] * 4 for _ in range(4)] for _ in range(styles)]
    holds, outs, base = Means(styles, 4, 3), Means(styles, 4, 3), Means(4)
    for style in range(styles):
        for options in (DIGITAL, CLASSIC):
            for turn in watched_turns(style, hands, options, seed):
                band = hand_band(turn.cards)
                at = (style, band, quiet_band(turn.quiet))
                holds.add(at, turn.holds)
                base.add((hand_band(turn.hidden),), turn.chance)
                if turn.kind is not None:
                    rates[style][band][turn.kind] += 1
                    outs.add(at, turn.kind == OUT)
    return {
        "TURN_RATES": tuple(tuple(tuple(c / max(1, sum(row)) for c in row) for row in table)
                            for table in rates),
        "HOLDS": holds.means(),
        "OUT_NEXT": outs.means(),
        "BASE_HOLDS": base.means(),
    }


PLACES = {"TURN_RATES": 3, "HOLDS": 2, "OUT_NEXT": 3, "BASE_HOLDS": 3}
"""Decimal places each table is printed with (a rate to a tenth of a percent, a count of
melds to a hundredth)."""


def literal(values, places: int) -> str:
    """A tuple of numbers (nested or not), each with ``places`` decimals, on one line."""
    if isinstance(values, tuple):
        return "(" + ", ".join(literal(v, places) for v in values) + ")"
    return f"{values:.{places}f}"


def assignment(name: str, table: tuple, places: int) -> str:
    """``name = table`` as modelling.py spells it: a flat table on one line; a nested one a
    line per style, wrapped as evenly as ``WIDTH`` allows."""
    if not isinstance(table[0], tuple):
        return f"{name} = {literal(table, places)}"
    lines = [f"{name} = ("]
    for style in table:
        lines.extend(_style_lines([literal(band, places) for band in style]))
    lines.append(")")
    return "\n".join(lines)


def _style_lines(bands: list[str]) -> list[str]:
    """One style's bands, ``(band, band, ...),`` under the table's opening, on the fewest
    lines that fit ``WIDTH``, as many bands on each (the last may have fewer)."""
    for rows in range(1, len(bands) + 1):
        per = -(-len(bands) // rows)
        chunks = [", ".join(bands[i:i + per]) for i in range(0, len(bands), per)]
        lines = [("    (" if i == 0 else "     ") + chunk + ("," if i < len(chunks) - 1 else "),")
                 for i, chunk in enumerate(chunks)]
        if all(len(line) <= WIDTH for line in lines):
            break
    return lines


@cli.interruptible("model_tables: interrupted; no tables")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.model_tables", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=cli.count(MAX_HANDS), default=HANDS,
                        help=f"hands of each preset per style, 1 to {MAX_HANDS} "
                             f"(default {HANDS})")
    parser.add_argument("--seed", type=cli.seed(SEEDS[-1] // SPACING - MAX_HANDS), default=0,
                        help="the first hand's number (default 0)")
    args = parser.parse_args(argv)
    tables = measure(args.hands, args.seed)
    print("\n".join(assignment(name, table, PLACES[name]) for name, table in tables.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
