"""The one value a frame of the table reads: the layout, the model and the engine's state, the
settings, and what the scene shows on top of them now (flights, the open log, a toast...).

The scene builds a ``TableFrame`` when it draws (and when input needs the geometry), so
drawing, input and motion all measure the same rectangles from the same facts. Its methods
are the geometry those rooms share: where each seat's melds lie, where a revealed card lies,
and where a named place of a flight is (see ``tween.py``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from ...rules.phase import ACTING
from ...rules.state import State
from ...services.settings import Settings
from .. import cardart
from ..tween import Flight
from . import offer_panel, seven
from .layout import (
    Fan,
    Rect,
    SevenAreas,
    TableLayout,
    beside_meld_rects,
    meld_step,
    my_meld_rects,
    opponent_meld_preview,
    opponent_meld_rects,
    reveal_fan,
)
from .model import TableModel
from .seven import Offer

Slot = tuple[Rect, object, str]
"""A button now: its rect, what it does, its words."""
Drag = tuple[list[int], tuple[int, int], tuple[int, int], int]
"""Cards being dragged: their hand indices, the grab's offset from the grabbed card, the
pointer's position, and the grabbed card's index."""


@dataclass(frozen=True, eq=False)
class TableFrame:
    """What one frame of the table shows. Treat its parts as read-only: ``state`` and
    ``model`` are the live objects (not copies), read but never changed while drawing."""

    layout: TableLayout
    state: State
    model: TableModel
    seats: tuple
    settings: Settings
    size: tuple[int, int]
    hidden: Counter
    """What flights not yet landed hide (see ``Timeline.hidden``)."""
    flights: tuple[tuple[Flight, float], ...]
    """Flights under way with their progress."""
    targets: frozenset
    """Where the selection could go now (glowing)."""
    slots: tuple[Slot, ...]
    show_log: bool
    inspect: int | None
    """An opponent whose melds are shown large."""
    drag: Drag | None
    """While cards are dragged (see ``Drag``)."""
    keyboard: bool
    """The keyboard was used last: the cursor shows."""
    revealed: bool
    """The hand is over and every hand is turned face up."""
    toast: Any
    log_list: Any
    seven: SevenAreas | None = None
    """Where discards are offered: the strip, the teams' totals and the offer's felt."""
    held: str | None = None
    """The button a pointer is held down on, by its key (``button_at``): drawn pushed in."""

    @property
    def viewer(self) -> int:
        return self.model.viewer

    @property
    def queen_mark(self) -> bool:
        """The queen of spades carries its "50" at this match (``cardart.queen_marked``)."""
        return cardart.queen_marked(self.state.options)

    @property
    def offer(self) -> Offer | None:
        """The discard offered now (seven-hand), or None."""
        return seven.pending_offer(self.state)


    def offer_panel(self) -> offer_panel.OfferPanel | None:
        """The offer panel as drawn now, its Take and Pass only while a person is asked
        and sees it (None: nothing is offered)."""
        offer = self.offer
        if offer is None or self.seven is None:
            return None
        asks = offer.asked == self.viewer and self.seats[offer.asked].is_person
        a = self.seven.offer
        bare = offer_panel.offer_panel_layout((a.x, a.y, a.w, a.h), self.layout.scale, asks)
        return replace(bare, offer=offer)

    def button_at(self, pos) -> str | None:
        """The key of the table's button at ``pos`` (as its drawing names it): a slot of
        the action bar by its number, ``sort``, ``pause`` (Menu), ``log``, or Take and Pass
        while you are asked about an offered discard; None off every button."""
        for i, (rect, _, _) in enumerate(self.slots):
            if rect.contains(pos):
                return str(i)
        L = self.layout
        for key, rect in (("sort", L.sort), ("pause", L.pause), ("log", L.log_button)):
            if rect.contains(pos):
                return key
        panel = self.offer_panel()
        if panel is not None and self.model.my_turn:
            for button in panel.buttons():
                if button.hit(pos):
                    return button.key
        return None

    def opponent_index(self, seat: int) -> int:
        """Which opponent panel ``seat`` sits in."""
        return (seat - self.model.viewer - 1) % len(self.seats)

    def meld_sizes(self, seat: int) -> tuple[int, ...]:
        return tuple(len(m.cards) for m in self.state.melds[seat])

    def is_turn(self, seat: int) -> bool:
        """Whether ``seat`` is to act now (its panel or plate is outlined)."""
        return self.state.turn == seat and self.state.phase in ACTING

    def my_meld_rects(self):
        """Your melds' rects (and the card width they use), as drawn now."""
        return my_meld_rects(self.layout, self.meld_sizes(self.model.viewer))

    def opponent_meld_rects(self, seat: int):
        """An opponent's melds as drawn in their panel, or None when they do not fit there."""
        return opponent_meld_rects(self.layout, self.opponent_index(seat), self.meld_sizes(seat))

    def opponent_meld_preview(self, seat: int):
        """Where an opponent's melds do not all fit their panel: the first of them, as drawn
        there (None when none fits)."""
        return opponent_meld_preview(self.layout, self.opponent_index(seat),
                                     self.meld_sizes(seat))

    def spotlight(self) -> int | None:
        """The opponent whose melds the felt beside the stock and the pile shows: the one
        playing, else the latest before them with melds down (None: no such felt, or no
        opponent has melded)."""
        if self.layout.beside is None:
            return None
        n = len(self.seats)
        for back in range(n):
            seat = (self.state.turn - back) % n
            if seat != self.model.viewer and self.state.melds[seat]:
                return seat
        return None

    def beside_meld_rects(self, seat: int):
        """``seat``'s melds as drawn beside the stock and the pile (the first ones, as many
        as fit), or None when that felt shows someone else or nothing."""
        if seat != self.spotlight():
            return None
        return beside_meld_rects(self.layout, self.meld_sizes(seat))

    def revealed_melds(self, seat: int):
        """At the reveal, an opponent's melds with their hand laid after them as one more
        group in their panel (card width and rects, the hand's last), or None when the
        panel cannot hold them all: the hand then covers the panel, the melds a tap away."""
        n = len(self.state.hands[seat])
        if not n:
            return self.opponent_meld_rects(seat)
        return opponent_meld_rects(self.layout, self.opponent_index(seat),
                                   self.meld_sizes(seat) + (n,))

    def reveal_spot(self, seat: int, j: int) -> tuple[float, float, float]:
        """Where card ``j`` of a revealed hand lies: after its owner's melds where the panel
        holds both, else fanned across the panel, under its header where the cards fit
        there (the name and total stay readable), else over the whole panel."""
        n = max(1, len(self.state.hands[seat]))
        together = self.revealed_melds(seat)
        if together is not None and self.state.hands[seat]:
            cw, rects = together
            r = rects[-1]
            step = meld_step(r, cw, n)
            return r.x + j * step + cw / 2, r.y + cardart.height(cw) / 2, cw
        fan = self.reveal_fan(seat)
        return fan.x + j * fan.step, fan.y, fan.card_w

    def reveal_fan(self, seat: int) -> Fan:
        """``seat``'s revealed hand fanned across its panel (``layout.reveal_fan``)."""
        return reveal_fan(self.layout, self.opponent_index(seat), len(self.state.hands[seat]))

    def resolve(self, place) -> tuple[float, float, float]:
        """A named place's centre and card width in this layout (see tween.py)."""
        L = self.layout
        kind = place[0]
        if kind == "stock":
            r = L.stock_card
        elif kind == "pile":
            r = L.pile_card
        elif kind == "at":
            w, h = self.size
            return place[1] * w, place[2] * h, place[3] * w
        elif kind == "hand":
            order = self.model.order
            if place[1] not in order:
                return (*L.hand.rect.center, L.hand.card_w)
            r = L.hand.cards[len(order) - 1 - order[::-1].index(place[1])]
        elif kind == "seat":
            if place[1] == self.model.viewer:
                return (*L.hand.rect.center, L.hand.card_w)
            box = L.opponents[self.opponent_index(place[1])]
            return (*box.box.center, cardart.MIN_READABLE_WIDTH)
        elif kind == "meld":
            seat, i = place[1], place[2]
            found = (self.my_meld_rects() if seat == self.model.viewer
                     else self.opponent_meld_rects(seat) or self.beside_meld_rects(seat))
            cw, rects = found or (0, ())
            if i < len(rects) and rects[i].w:
                return (*rects[i].center, max(cw, cardart.MIN_READABLE_WIDTH))
            return self.resolve(("seat", seat))
        elif kind == "reveal":
            return self.reveal_spot(place[1], place[2])
        else:
            r = L.hand.rect
        return r.center[0], r.center[1], r.w


def bar_items(model: TableModel, slots: int, more: bool, extras) -> list[tuple[str, object]]:
    """The model's buttons, then ``extras`` (Undo and Hint, while nothing is being asked).
    When the bar's ``slots`` cannot hold them all, its last slot is More…, which opens them
    all in a column (so Hint and Undo are never out of reach on a phone), and the slots
    before it hold the model's buttons, then the first extras (a tip's Rules first)."""
    items = model.buttons()
    if not extras:
        return items
    if len(items) + len(extras) <= slots:
        return items + list(extras)
    if more:
        return items + list(extras) + [("Cancel", "close")]
    room = slots - 1
    if len(items) > room:  # Discard keeps its slot: the melds glow and take a tap
        items = (items[:room - 1] + items[-1:]) if room > 1 else items[-1:]
    return (items + list(extras))[:room] + [("More\u2026", "more")]  # a free slot: the first extra


def button_slots(L: TableLayout, items, asking: bool) -> tuple[Slot, ...]:
    """The buttons now: each one's rect, what it does and its words. They fill the action
    bar; a longer list of alternatives (which card a wild stands for, which take) stands
    in a column above the bar while ``asking``, and when the selection can go to more places
    than the bar holds, Discard keeps its slot (the melds glow and take a tap)."""
    slots = L.actions
    if asking and len(items) > len(slots):
        bar = slots[0]
        width = min(L.size[0] - 16, round(340 * L.scale))
        x = (L.size[0] - width) // 2
        step = L.target + max(4, L.target // 8)
        room = max(2, (bar.y - L.log_panel.y) // step - 1)
        items = items[:room - 1] + items[-1:] if len(items) > room else items
        top = bar.y - step * len(items)
        rects = [Rect(x, top + i * step, width, L.target) for i in range(len(items))]
        return tuple((r, item, text) for r, (text, item) in zip(rects, items))
    if len(items) > len(slots):
        items = items[:len(slots) - 1] + items[-1:]
    return tuple((r, item, text) for r, (text, item) in zip(slots, items))
