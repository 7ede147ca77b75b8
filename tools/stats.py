"""Small statistics for the arena and the bench: intervals and percentiles."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (sensible even at 0 or all successes)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + Z95 ** 2 / trials
    centre = (p + Z95 ** 2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95 ** 2 / (4 * trials ** 2)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def percentiles(values, points=(50, 90)) -> dict:
    """Nearest-rank percentiles and the maximum, e.g. ``{"p50": .., "p90": .., "max": ..}``."""
    ordered = sorted(values)
    if not ordered:
        return {f"p{p}": 0.0 for p in points} | {"max": 0.0}
    out = {f"p{p}": ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]
           for p in points}
    out["max"] = ordered[-1]
    return out
