"""The Statistics plots as numbers: the series drawn from the match history, where their
points and bars go inside a box, the axis ticks, and the sentence said beside each plot (the
words a player who cannot see the plot reads instead).

Pure (no pygame): a box is ``(x, y, w, h)``, a point ``(x, y)``, in pixels with y downwards.
The Statistics scene draws what these return.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..services.history import History
from ..services.records import CUSTOM, Records
from ..services.seats import LEVELS

Box = tuple[int, int, int, int]
Point = tuple[int, int]

ROLLING = 10
"""Matches against one level the win rate is taken over (the last ``ROLLING`` at each point)."""
SHOWN = 60
"""The newest matches the score plot shows (older ones would crowd a phone's width)."""


# ----------------------------------------------------------------- series from the history

def scores(history: History, shown: int = SHOWN) -> tuple[int, ...]:
    """Your final total in each of the newest ``shown`` matches, oldest first (with
    partnerships your team's, the total the match was decided on)."""
    return tuple(p.yours.total for p in history.matches[-shown:])


def win_rates(history: History, window: int = ROLLING) -> tuple[tuple[str, tuple[float, ...]],
                                                                 ...]:
    """Per computer level you played against (easy, medium, hard, those met only): after
    each match against it, your share of wins over its last ``window`` matches."""
    out = []
    for level in LEVELS:
        results = [p.won for p in history.matches if level in p.levels]
        if results:
            out.append((level, tuple(sum(results[max(0, i + 1 - window):i + 1]) /
                                     (i + 1 - max(0, i + 1 - window))
                                     for i in range(len(results)))))
    return tuple(out)


def averages(records: Records) -> tuple[tuple[str, float], ...]:
    """Your average hand score by rules (a preset, or custom), every player count together,
    for the rules you have played hands under (the statistics' own counts: every hand)."""
    points: dict[str, list[int]] = {}
    for (table, _), line in records.lines:
        if line.hands:
            got = points.setdefault(table, [0, 0])
            got[0] += line.hand_points
            got[1] += line.hands
    return tuple((table, total / hands) for table, (total, hands) in points.items())


# ----------------------------------------------------------------- geometry

def nice_step(span: float, count: int = 4) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts ``span`` into about ``count``
    parts."""
    if span <= 0:
        return 1.0
    raw = span / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    return next(power * k for k in (1, 2, 5, 10) if power * k >= raw)


@dataclass(frozen=True, slots=True)
class Axis:
    """The value range a plot's height stands for, and the tick values on it."""

    low: float
    high: float
    ticks: tuple[float, ...]


def axis(values, count: int = 4, floor: float | None = None,
         ceiling: float | None = None, whole: bool = False) -> Axis:
    """A range covering ``values`` (and zero) in round steps; ``floor``/``ceiling`` fix an
    end (a rate runs from 0 to 1); ``whole``: steps of at least 1 (scores)."""
    low = min([0.0, *values]) if floor is None else floor
    high = max([0.0, *values]) if ceiling is None else ceiling
    if high <= low:
        high = low + 1
    step = max(nice_step(high - low, count), 1.0 if whole else 0.0)
    if floor is None:
        low = math.floor(low / step) * step
    if ceiling is None:
        high = math.ceil(high / step) * step
    n = round((high - low) / step)
    return Axis(low, high, tuple(low + i * step for i in range(n + 1)))


def y_of(value: float, ax: Axis, box: Box) -> int:
    """The pixel row of ``value`` inside ``box``."""
    x, y, w, h = box
    return round(y + h - (value - ax.low) / (ax.high - ax.low) * h)


def line_points(values, ax: Axis, box: Box, slots: int | None = None) -> list[Point]:
    """Points for ``values`` spread evenly across ``box`` (over ``slots`` places, so series of
    different lengths share an x scale; default: their own length); one value sits in the
    middle."""
    x, _, w, _ = box
    n = max(slots or len(values), len(values))
    if n == 1:
        return [(x + w // 2, y_of(values[0], ax, box))]
    return [(round(x + i * w / (n - 1)), y_of(v, ax, box)) for i, v in enumerate(values)]


def bars(values, ax: Axis, box: Box, gap: float = 0.35, widest: int | None = None
         ) -> list[Box]:
    """A bar per value from the zero line, evenly across ``box`` (``gap``: the share of each
    place left empty; ``widest``: no bar wider, so one bar is not a block)."""
    x, _, w, _ = box
    n = max(1, len(values))
    place = w / n
    bar_w = max(2, round(place * (1 - gap)))
    if widest is not None:
        bar_w = min(bar_w, widest)
    zero = y_of(0, ax, box)
    out = []
    for i, v in enumerate(values):
        top = y_of(v, ax, box)
        left = round(x + i * place + (place - bar_w) / 2)
        out.append((left, min(top, zero), bar_w, max(1, abs(zero - top))))
    return out


def spread(ys, gap: int, low: int, high: int) -> list[int]:
    """Rows for labels wanted at ``ys`` (the ends of lines), moved apart so no two are
    closer than ``gap`` and kept within ``low``..``high``; each keeps its order."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed: list[int] = []
    for i in order:
        y = max(ys[i], placed[-1] + gap) if placed else ys[i]
        placed.append(y)
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:  # pushed past the bottom: shift up, never above ``low``
        placed = [max(low + k * gap, y - overflow) for k, y in enumerate(placed)]
    out = [0] * len(ys)
    for i, y in zip(order, placed, strict=True):
        out[i] = y
    return out


# ----------------------------------------------------------------- the words beside

def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('ch') else 's'}"


def _number(v: int) -> str:
    """A whole number as a player reads it: thousands separated, a real minus sign."""
    return f"{v:,}".replace("-", "\u2212")


def score_sentence(values, say: Callable[[int], str] = _number) -> str:
    """What the score plot shows, in one or two sentences, each number as ``say`` writes
    it (by default as a player reads it: ``−80``; ``words.total`` for the ear)."""
    if not values:
        return "No finished match yet: your final score per match is drawn here."
    n = len(values)
    said = (f"Your final score in your last {_plural(n, 'match')}: from {say(min(values))} to "
            f"{say(max(values))}, {say(round(sum(values) / n))} on average.")
    if n >= 6:
        half = n // 2
        early, late = sum(values[:half]) / half, sum(values[half:]) / (n - half)
        trend = "higher" if late > early * 1.05 + 1 else "lower" if late < early * 0.95 - 1 \
            else "about the same"
        said += f" The later half is {trend} than the earlier."
    return said


def rate_sentence(rates) -> str:
    """What the win-rate plot shows."""
    if not rates:
        return "Win rates against each computer level are drawn here once you finish a match."
    parts = []
    for level, series in rates:
        n = min(len(series), ROLLING)
        parts.append(f"{level} {round(100 * series[-1])}% ({round(series[-1] * n)} of {n})")
    return f"Your wins against each level over your last {ROLLING} matches with it: " \
        f"{', '.join(parts)}."


def average_sentence(averages_) -> str:
    """What the average-hand plot shows."""
    if not averages_:
        return "Your average hand score by rules is drawn here once you finish a hand."
    parts = [f"{'custom rules' if t == CUSTOM else t} {a:+,.1f}".replace("-", "\u2212")
             for t, a in averages_]
    return f"Your average hand score by rules: {', '.join(parts)}."
