"""Cards in flight: the engine's events become flights along a timeline.

A flight goes from one named place on the table to another (``("stock",)``, ``("pile",)``,
``("hand", card)``, ``("seat", s)``, ``("meld", s, i)``, ``("at", fx, fy, fw)`` as fractions
of the window, ...). The table resolves the names against its current layout every frame, so
a resize mid-animation re-targets every card instead of breaking anything. No pygame here.

Motion is calm: 150-300 ms a card, ease-out, nothing bouncing. The pile sweep is a fan that
opens over the pile, then collapses into the taker's hand. A tap skips to the end. With
reduced motion (``Timeline.still``) nothing flies: each card is where it lands on the frame
after the action, and only the pauses (the reveal held a moment) remain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

CARD_MOVE = 0.24
"""Seconds one card takes to fly, at speed 1."""
DEAL_GAP = 0.035
"""Seconds between two dealt cards."""
OVERLAP = 0.06
"""How early an event's flights start before the previous event's have landed."""


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic)."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass(frozen=True, slots=True)
class Flight:
    """One card moving. ``card`` None is a card seen from the back. ``fan`` is an offset of
    the first leg's end from ``start``, in card widths (the pile sweep); ``flip`` turns the
    card face up on the way (the end-of-hand reveal). ``hides`` names what the table does not
    draw until the card lands (the card is in the engine's state already)."""

    card: int | None
    start: tuple
    end: tuple
    begin: float
    duration: float
    fan: tuple[float, float] | None = None
    flip: bool = False
    hides: tuple | None = None

    def progress(self, clock: float) -> float:
        return min(1.0, max(0.0, (clock - self.begin) / self.duration)) if self.duration else 1.0


def _never() -> bool:
    return False


class Timeline:
    """Flights on one clock. ``speed`` 0 means no animation at all; ``still`` (asked each
    time an action is animated, so a device's setting changed meanwhile counts) means cards
    do not move but the pauses stay, at ``speed``."""

    def __init__(self, speed: float = 1.0, still: Callable[[], bool] = _never):
        self.speed = speed
        self.still = still
        self.clock = 0.0
        self.flights: list[Flight] = []
        self.tail = 0.0
        """When the last scheduled flight lands."""
        self.hold_until = 0.0
        """A pause with nothing moving (the reveal stays on screen a moment)."""

    @property
    def moving(self) -> bool:
        """Whether cards fly now (neither animation off nor reduced motion)."""
        return self.speed > 0 and not self.still()

    @property
    def busy(self) -> bool:
        return self.clock < max(self.tail, self.hold_until)

    def seconds(self, base: float) -> float:
        return base / self.speed if self.speed > 0 else 0.0

    def next_start(self) -> float:
        """Where the next event's flights begin: as the previous ones land."""
        return max(self.clock, self.tail - self.seconds(OVERLAP))

    def add(self, card, start, end, *, begin: float | None = None, duration: float | None = None,
            fan=None, flip: bool = False, hides=None) -> Flight | None:
        if not self.moving:
            return None
        f = Flight(card, start, end, self.next_start() if begin is None else begin,
                   self.seconds(CARD_MOVE) if duration is None else duration, fan, flip, hides)
        self.flights.append(f)
        self.tail = max(self.tail, f.begin + f.duration)
        return f

    def hold(self, seconds: float) -> None:
        """Keep the table busy (nothing moving) for ``seconds`` after what is scheduled."""
        if self.speed > 0:
            self.hold_until = max(self.tail, self.clock) + self.seconds(seconds)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.flights and self.clock >= self.tail:
            self.flights = []

    def skip(self) -> None:
        """Everything lands now (a tap)."""
        self.clock = max(self.clock, self.tail, self.hold_until)
        self.flights = []

    def active(self) -> list[tuple[Flight, float]]:
        """Flights under way (begun, not landed) with their eased progress, oldest first."""
        out = []
        for f in self.flights:
            t = f.progress(self.clock)
            if self.clock >= f.begin and t < 1.0:
                out.append((f, t))
        return out

    def hidden(self) -> Counter:
        """What the table should not draw yet: ``hides`` of flights not landed."""
        out: Counter[tuple] = Counter()
        for f in self.flights:
            if f.hides is not None and f.progress(self.clock) < 1.0:
                out[f.hides] += 1
        return out


def position(f: Flight, t: float, resolve) -> tuple[float, float, float]:
    """Centre x, y and width of flight ``f`` at raw progress ``t``; ``resolve(place)`` gives
    a place's current centre and card width. A fan flight spends its first 40% opening the
    fan over its start and the rest collapsing into its end."""
    x0, y0, w0 = resolve(f.start)
    x1, y1, w1 = resolve(f.end)
    if f.fan is not None:
        fx, fy = x0 + f.fan[0] * w0, y0 + f.fan[1] * w0
        if t < 0.4:
            e = ease_out(t / 0.4)
            return x0 + (fx - x0) * e, y0 + (fy - y0) * e, w0
        x0, y0, t = fx, fy, (t - 0.4) / 0.6
    e = ease_out(t)
    return x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, w0 + (w1 - w0) * e
