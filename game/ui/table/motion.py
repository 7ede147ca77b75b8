"""The table's motion: what the engine says becomes flights on the scene's timeline.

A new hand is dealt from the stock to every seat, each applied action's events fly (draws,
the pile sweep, melds landing, the discard), and at the end of a hand every hand turns face
up where its owner sits. Flights name places (see ``tween.py``); ``TableFrame.resolve``
finds them in whatever layout the frame has.
"""

from __future__ import annotations

from ...rules.events import Ev
from ..tween import CARD_MOVE, DEAL_GAP, Timeline
from .layout import LIFT, TableLayout
from .model import TableModel

REVEAL_HOLD = 1.4
"""Seconds every hand stays revealed before the summary (at speed 1)."""


def origins(L: TableLayout, model: TableModel, size: tuple[int, int]) -> dict:
    """Where the selected cards are now, as window fractions (they fly from there)."""
    w, h = size
    out: dict[int, list] = {}
    for i in sorted(model.selected):
        r = L.hand.cards[i]
        lift = r.h * LIFT
        out.setdefault(model.order[i], []).append(("at", r.center[0] / w,
                                                   (r.center[1] - lift) / h, r.w / w))
    return out


def deal(tl: Timeline, state, viewer: int, mine) -> None:
    """Fly the hand's cards from the stock to every seat; ``mine`` is the viewer's hand in
    the order it is shown."""
    if not tl.moving:
        return
    n = state.players
    mine = list(mine)
    t0 = tl.next_start()
    dur = tl.seconds(CARD_MOVE * 0.8)
    gap = tl.seconds(DEAL_GAP if n <= 4 else DEAL_GAP * 0.6)
    k = 0
    for r in range(max(len(h) for h in state.hands)):
        for j in range(n):
            seat = (state.turn + j) % n
            if r >= len(state.hands[seat]):
                continue
            if seat == viewer and r < len(mine):
                c = mine[r]
                tl.add(c, ("stock",), ("hand", c), begin=t0 + k * gap, duration=dur,
                       hides=("hand", c))
            else:
                tl.add(None, ("stock",), ("seat", seat), begin=t0 + k * gap, duration=dur)
            k += 1


def events(tl: Timeline, evs, viewer: int, starts: dict) -> None:
    """Flights for one action's events, in order; ``starts`` holds where the viewer's
    selected cards were (from ``origins``), taken as they fly."""
    if not tl.moving:
        return
    took_top = None

    def origin(c, seat):
        if seat == viewer and starts.get(c):
            return starts[c].pop(0)
        if c == took_top:
            return ("pile",)
        return ("seat", seat)

    def dest(c, seat):
        return (("hand", c), ("hand", c)) if seat == viewer else (("seat", seat), None)

    for e in evs:
        s = e.seat
        t0 = tl.next_start()
        if e.kind is Ev.DREW:
            c = e.cards[0] if s == viewer and e.cards else None
            end, hides = dest(c, s) if c is not None else (("seat", s), None)
            tl.add(c, ("stock",), end, begin=t0, hides=hides)
        elif e.kind is Ev.TOOK_PILE:
            rest = e.cards[:-1]
            took_top = e.cards[-1]
            n = len(rest)
            for i, c in enumerate(rest):
                end, hides = dest(c, s)
                # the fan opens towards the taker (down to your hand, up to a seat)
                fan = ((i - (n - 1) / 2) * min(0.45, 3.0 / max(1, n)),
                       0.9 if s == viewer else -0.9)
                tl.add(c, ("pile",), end, begin=t0 + i * tl.seconds(0.012),
                       duration=tl.seconds(0.62), fan=fan, hides=hides)
        elif e.kind in (Ev.MELDED, Ev.ADDED):
            for i, c in enumerate(e.cards):
                tl.add(c, origin(c, s), ("meld", s, e.meld), begin=t0 + i * tl.seconds(0.04),
                       hides=("meld", s, e.meld) if e.kind is Ev.MELDED else None)
        elif e.kind is Ev.DISCARDED:
            c = e.cards[0]
            tl.add(c, origin(c, s), ("pile",), begin=t0, hides=("pile",))
        elif e.kind is Ev.SWAPPED:
            tl.add(e.cards[0], origin(e.cards[0], s), ("meld", s, e.meld), begin=t0)
            end, hides = dest(e.cards[1], s)
            tl.add(e.cards[1] if s == viewer else None, ("meld", s, e.meld), end,
                   begin=t0 + tl.seconds(0.1), hides=hides)
        elif e.kind in (Ev.TOOK_UPCARD, Ev.TOOK_OFFER):  # from the pile, into a hand
            c = e.cards[0]
            end, hides = dest(c, s)
            tl.add(c, ("pile",), end, begin=t0, hides=hides)
        elif e.kind is Ev.RESHUFFLED:
            for i in range(6):
                tl.add(None, ("pile",), ("stock",), begin=t0 + i * tl.seconds(0.03))


def reveal(tl: Timeline, state, viewer: int) -> None:
    """Every hand turns face up where its owner sits, then stays a moment (with reduced
    motion they are face up at once, and stay as long)."""
    if tl.speed <= 0:
        return
    if not tl.moving:
        tl.hold(REVEAL_HOLD)
        return
    t0 = tl.next_start()
    k = 0
    for seat in range(state.players):
        if seat == viewer:
            continue
        for j, c in enumerate(state.hands[seat]):
            spot = ("reveal", seat, j)
            tl.add(c, spot, spot, begin=t0 + k * tl.seconds(0.03),
                   duration=tl.seconds(0.3), flip=True, hides=spot)
            k += 1
    tl.hold(REVEAL_HOLD)
