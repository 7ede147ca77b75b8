"""The table scene: a match in progress, drawn from the model and the flights, driven by the
pointer stream (tap and drag), the keyboard, and the seats' controllers.

The scene owns no rules: taps become the model's choices (checked by the engine), computer
seats answer through their controllers, and every applied action's events become flights.
Layout is recomputed from the window size whenever it or the hand changes, and flights name
places rather than pixels, so a resize mid-animation simply re-targets them.
"""

from __future__ import annotations

import pygame

from ...rules.events import Ev
from ...rules.state import Phase
from ...services.settings import Settings
from .. import cardart, theme, widgets
from ..controllers import controllers_for, pace_for
from ..layout import (
    LIFT,
    Rect,
    inspect_meld_rects,
    meld_step,
    my_meld_rects,
    opponent_meld_preview,
    opponent_meld_rects,
    table_layout,
)
from ..pointer import P
from ..scene import Scene
from ..table_model import Say, Sort, TableModel, Where, counted, points
from ..tween import CARD_MOVE, DEAL_GAP, Timeline, position

REVEAL_HOLD = 1.4
"""Seconds every hand stays revealed before the summary (at speed 1)."""
MIN_LABEL_PX = 11
"""The smallest text on the table (CSS pixels on a phone): longer lines are cut short."""
TOAST = {Say.REFUSAL: ("refusal", 4.0), Say.QUESTION: ("info", 30.0),
         Say.HELP: ("info", 30.0), Say.THINKING: ("info", float("inf"))}
"""How each kind of message is shown, and for how many seconds."""


def _pg(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


def _even(w: float) -> int:
    """Card widths in flight rounded to 8 px steps: a few sizes of art (and of shadow) to
    cache, so a flight never draws a card from scratch."""
    return max(8, int(round(w / 8)) * 8)


class TableScene(Scene):
    """A match in progress (see the UI contract): ``.game``, ``.seats``, ``.model``,
    ``.busy`` and ``continue_after_summary()``."""

    def __init__(self, app, game, seats):
        super().__init__(app)
        self.game = game
        self.seats = tuple(seats)
        self.model = TableModel(game, self.seats, self.settings)
        self.controllers = controllers_for(self.seats, game.setup.seed, self.settings)
        self.timeline = Timeline(self.settings.animation_speed)
        self.show_log = False
        self.more = False
        """The bar's More… is open: every button in a column above the bar."""
        self.inspect: int | None = None
        """An opponent whose melds are shown large (tapped on a small screen)."""
        self.log_list = None
        self._log_down = 0
        self.drag = None
        """While cards are dragged: (hand indices, grab offset, pointer position)."""
        self._press = None
        self._layout_key = None
        self._layout = None
        self._summary_shown = False
        self._revealed = False
        self._keyboard = False
        self._toast = None
        self._toast_text = ("", Say.REFUSAL)
        self._pending_origins: dict = {}
        if not game.actions:
            self.animate_deal()

    # ----------------------------------------------------------------- contract

    @property
    def settings(self) -> Settings:
        return self.app.settings

    @property
    def busy(self) -> bool:
        """Animating, or a computer is to move."""
        st = self.game.state
        return self.timeline.busy or (st.phase in (Phase.DRAW, Phase.MELD, Phase.OFFER)
                                      and not self.seats[st.turn].is_person)

    def continue_after_summary(self) -> None:
        """Deal the next hand (the hand summary calls this)."""
        if self.game.state.phase is not Phase.HAND_OVER:
            return
        before = self.model.viewer
        self.model.new_hand()
        if self.model.viewer != before and self.seats[before].is_person:
            self._cover()  # another person opens: hide their hand until they take the tablet
        for c in self.controllers:
            c.reset()
        self._summary_shown = self._revealed = False
        self.drag = None
        self.animate_deal()
        self._changed()

    def tell(self, text: str, kind: Say) -> None:
        """Show ``text`` in the message strip (the keeper's hints and what undo took back)."""
        self.model.say(text, kind)

    def select_cards(self, cards) -> None:
        """Select these cards of your hand (a hint's), and nothing else."""
        m = self.model
        m.clear_selection()
        chosen: set[int] = set()
        for c in cards:
            i = next((j for j, x in enumerate(m.order) if x == c and j not in chosen), None)
            if i is not None:
                chosen.add(i)
        m.selected = chosen

    def taken_back(self) -> None:
        """An action of this turn was taken back (undo): the hand follows the state."""
        self.model.clear_selection()
        self.model.sync()

    def restore_hand(self, sort: str | None, order) -> None:
        """Your hand as it was saved: its sort and the order you arranged."""
        m = self.model
        if sort is not None:
            m.sort_mode = Sort(sort)
        if order is not None:
            m.order = list(order)
        m.sync()

    def settings_changed(self) -> None:
        self.model.settings = self.settings
        self.timeline.speed = self.settings.animation_speed
        for c in self.controllers:
            if not c.is_person:
                c.pace = pace_for(self.settings, len(self.seats), c.searches)
                c.think_for(self.settings.think_seconds)
        self._layout_key = None

    # ----------------------------------------------------------------- layout

    def _meld_sizes(self, seat: int) -> tuple[int, ...]:
        return tuple(len(m.cards) for m in self.game.state.melds[seat])

    @property
    def layout(self):
        """The table's rectangles for the window, the seats, your hand and everyone's melds
        (computed again only when one of those changes)."""
        m = self.model
        n = len(self.seats)
        mine = self._meld_sizes(m.viewer)
        theirs = tuple(self._meld_sizes((m.viewer + 1 + i) % n) for i in range(n - 1))
        key = (self.app.size, n, len(m.order), self.settings, mine, theirs)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = table_layout(self.app.size, n, len(m.order), self.settings,
                                        mine, theirs)
        return self._layout

    def resize(self, size) -> None:
        self._layout_key = None
        self.drag = None

    def opponent_index(self, seat: int) -> int:
        n = len(self.seats)
        return (seat - self.model.viewer - 1) % n

    def my_meld_rects(self):
        """Your melds' rects (and the card width they use), as drawn now."""
        return my_meld_rects(self.layout, self._meld_sizes(self.model.viewer))

    def opponent_meld_rects(self, seat: int):
        """An opponent's melds as drawn in their panel, or None when they do not fit there."""
        return opponent_meld_rects(self.layout, self.opponent_index(seat),
                                   self._meld_sizes(seat))

    def opponent_meld_preview(self, seat: int):
        """Where an opponent's melds do not all fit their panel: the first of them, as drawn
        there (None when none fits)."""
        return opponent_meld_preview(self.layout, self.opponent_index(seat),
                                     self._meld_sizes(seat))

    def resolve(self, place) -> tuple[float, float, float]:
        """A named place's centre and card width in the current layout (see tween.py)."""
        L = self.layout
        kind = place[0]
        if kind == "stock":
            r = L.stock_card
        elif kind == "pile":
            r = L.pile_card
        elif kind == "at":
            w, h = self.app.size
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
                     else self.opponent_meld_rects(seat))
            cw, rects = found or (0, ())
            if i < len(rects) and rects[i].w:
                return (*rects[i].center, max(cw, cardart.MIN_READABLE_WIDTH))
            return self.resolve(("seat", seat))
        elif kind == "reveal":
            seat, j = place[1], place[2]
            return self._reveal_spot(seat, j)
        else:
            r = L.hand.rect
        return r.center[0], r.center[1], r.w

    def _revealed_melds(self, seat: int):
        """At the reveal, an opponent's melds with their hand laid after them as one more
        group in their panel (card width and rects, the hand's last), or None when the
        panel cannot hold them all: the hand then covers the panel, the melds a tap away."""
        n = len(self.game.state.hands[seat])
        if not n:
            return self.opponent_meld_rects(seat)
        return opponent_meld_rects(self.layout, self.opponent_index(seat),
                                   self._meld_sizes(seat) + (n,))

    def _reveal_spot(self, seat: int, j: int):
        """Where card ``j`` of a revealed hand lies: after its owner's melds where the panel
        holds both, else fanned across the panel."""
        n = max(1, len(self.game.state.hands[seat]))
        together = self._revealed_melds(seat)
        if together is not None and self.game.state.hands[seat]:
            cw, rects = together
            r = rects[-1]
            step = meld_step(r, cw, n)
            return r.x + j * step + cw / 2, r.y + cardart.height(cw) / 2, cw
        box = self.layout.opponents[self.opponent_index(seat)].box
        cw = max(cardart.MIN_READABLE_WIDTH, min(round(box.h * 0.6 / cardart.CARD_RATIO), 60))
        step = min(cw * 0.4, (box.w - cw - 8) / max(1, n - 1))
        x0 = box.x + (box.w - (cw + step * (n - 1))) / 2 + cw / 2
        return x0 + j * step, box.y + box.h / 2, cw

    # ----------------------------------------------------------------- input

    def pointer(self, p) -> None:
        if p.kind is P.TAP and self.timeline.busy and self.timeline.flights:
            self.timeline.skip()
            return
        self._keyboard = False
        L = self.layout
        if self.show_log and self.log_list is not None:
            if p.kind is P.DOWN and self.log_list.hit(p.pos):
                self._log_down = self.log_list.offset
            elif p.kind is P.DRAG and self.log_list.hit(p.start):
                self.log_list = self.log_list.dragged(self._log_down, p.start, p.pos)
                return
        if p.kind is P.DOWN:
            self._press = L.hand.index_at(p.pos, self.model.selected)
            return
        if p.kind is P.DRAG:
            if self.drag is None and self._press is not None \
                    and L.hand.index_at(p.start, self.model.selected) == self._press:
                i = self._press
                moving = sorted(self.model.selected) if i in self.model.selected else [i]
                r = L.hand.cards[i]
                self.drag = (moving, (p.start[0] - r.x, p.start[1] - r.y), p.pos, i)
            elif self.drag is not None:
                self.drag = (*self.drag[:2], p.pos, self.drag[3])
            return
        if p.kind is P.CANCEL:
            self.drag = None
            return
        if p.kind is P.DROP:
            if self.drag is not None:
                self._drop(self.drag, p.pos)
            self.drag = None
            return
        if p.kind is P.TAP:
            self._tap(p.pos)

    def _tap(self, pos) -> None:
        L = self.layout
        m = self.model
        self._pending_origins = self._origins()
        for rect, item, _ in self._button_slots():
            if rect.contains(pos):
                self._choose(item)
                return
        if self.more:
            self.more = False  # a tap anywhere else closes the column
            return
        if L.sort.contains(pos):
            m.sort()
            return
        if L.pause.contains(pos):
            self._pause()
            return
        if L.log_button.contains(pos):
            self.show_log = not self.show_log
            return
        if self.show_log and L.log_panel.contains(pos):
            return
        if self.inspect is not None:
            self.inspect = None
            return
        for seat in range(len(self.seats)):
            if seat != m.viewer and L.opponents[self.opponent_index(seat)].box.contains(pos):
                if self.game.state.melds[seat] and not self._opponent_cards_fit(seat):
                    self.inspect = seat
                return
        if self.game.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            self._after_hand()
            return
        i = L.hand.index_at(pos, m.selected)
        if i is not None:
            m.toggle(i)
            return
        if L.stock.contains(pos):
            self._do(m.tap_stock())
            return
        if m.selected and self._on_empty_band(pos):
            m.clear_selection()  # empty felt: a tap there lets go of the selection
            return
        if self._place(pos):
            return
        if m.selected:
            m.clear_selection()

    def _on_empty_band(self, pos) -> bool:
        """Whether ``pos`` is on your melds' band but on none of your melds, while the
        selection could not be laid there as a new meld."""
        m = self.model
        if not self.layout.my_melds.contains(pos) or (Where.TABLE, -1) in m.targets():
            return False
        return not any(r.contains(pos) for r in self.my_meld_rects()[1])

    def _place(self, pos) -> bool:
        """The selection goes where ``pos`` is, tapped or dropped: the pile, one of your
        melds, or the table. False when ``pos`` is none of those."""
        L, m = self.layout, self.model
        if L.pile.contains(pos):
            self._do(m.tap_pile())
            return True
        _, rects = self.my_meld_rects()
        for j, r in enumerate(rects):
            if r.contains(pos):
                self._do(m.tap_meld(j))
                return True
        if L.my_melds.contains(pos):
            self._do(m.tap_table())
            return True
        return False

    def _drop(self, drag, pos) -> None:
        """Dragged cards let go at ``pos``: on the pile, a meld, the table, or back in the
        hand at a new place."""
        moving, _, _, grabbed = drag
        L, m = self.layout, self.model
        if L.hand.rect.contains(pos):
            if len(moving) == 1:
                m.move(grabbed, L.hand.insert_at(pos))
            return
        m.selected = set(moving)
        self._pending_origins = self._origins()
        m.picking = m.confirm = None
        self._place(pos)

    def key(self, event) -> None:
        m = self.model
        k = event.key
        self._keyboard = True
        if k == pygame.K_ESCAPE:
            self._pause()
            return
        if self.timeline.busy and self.timeline.flights:
            self.timeline.skip()
        if self.game.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._after_hand()
            return
        n = len(m.order)
        self._pending_origins = self._origins()
        if k == pygame.K_d:
            self._do(m.tap_stock())
        elif k == pygame.K_s:
            m.sort()
        elif k == pygame.K_p:
            self._do(m.tap_pile())
        elif k == pygame.K_m:
            self._do(m.tap_table())
        elif k == pygame.K_l:
            self.show_log = not self.show_log
        elif k == pygame.K_x:
            discard = [g for g in m.groups() if g.label == "Discard"]
            self._do(m.choose(discard[0]) if discard else m.tap_pile())
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            slots = self._button_slots()
            discard = [item for _, item, text in slots if text == "Discard"]
            if discard and m.picking is None and m.confirm is None:
                self._choose(discard[0])
            elif slots:
                self._choose(slots[0][1])
        elif pygame.K_1 <= k <= pygame.K_9:
            slots = self._button_slots()
            i = k - pygame.K_1
            if i < len(slots):
                self._choose(slots[i][1])
        elif k in (pygame.K_u, pygame.K_h):
            self._choose("undo" if k == pygame.K_u else "hint")
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            m.cursor = (m.cursor + (1 if k == pygame.K_RIGHT else -1)) % n
        elif k == pygame.K_SPACE and n:
            m.toggle(m.cursor)
        elif k == pygame.K_BACKSPACE:
            m.clear_selection()

    def wheel(self, dy: int) -> None:
        if self.show_log and self.log_list is not None:
            self.log_list = self.log_list.wheel(dy)

    def _pause(self) -> None:
        self.app.open("pause", self)

    def _bar_items(self) -> list[tuple[str, object]]:
        """The model's buttons, then Undo and Hint while nothing is being asked. When the bar
        cannot hold them all, its last slot is More…, which opens them all in a column (so
        Hint and Undo are never out of reach on a phone)."""
        m = self.model
        items = m.buttons()
        keeper = getattr(self.app, "keeper", None)
        if keeper is None or not m.my_turn or m.confirm is not None or m.picking is not None:
            return items
        extras = ([("Undo", "undo")] if keeper.can_undo(self) else []) + [("Hint", "hint")]
        slots = len(self.layout.actions)
        if len(items) + len(extras) <= slots:
            return items + extras
        if self.more:
            return items + extras + [("Cancel", "close")]
        room = slots - 1
        if len(items) > room:  # Discard keeps its slot: the melds glow and take a tap
            items = (items[:room - 1] + items[-1:]) if room > 1 else items[-1:]
        return items[:room] + [("More\u2026", "more")]

    def _button_slots(self) -> list[tuple[Rect, object, str]]:
        """The buttons now: each one's rect, what it does and its words. They fill the action
        bar; a longer list of alternatives (which card a wild stands for, which take) stands
        in a column above the bar, and when the selection can go to more places than the bar
        holds, Discard keeps its slot (the melds glow and take a tap)."""
        m, L = self.model, self.layout
        items = self._bar_items()
        slots = L.actions
        asking = m.picking is not None or self.more
        if asking and len(items) > len(slots):
            bar = slots[0]
            width = min(L.size[0] - 16, round(340 * L.scale))
            x = (L.size[0] - width) // 2
            step = L.target + max(4, L.target // 8)
            room = max(2, (bar.y - L.log_panel.y) // step - 1)
            items = items[:room - 1] + items[-1:] if len(items) > room else items
            top = bar.y - step * len(items)
            rects = [Rect(x, top + i * step, width, L.target) for i in range(len(items))]
            return [(r, item, text) for r, (text, item) in zip(rects, items)]
        if len(items) > len(slots):
            items = items[:len(slots) - 1] + items[-1:]
        return [(r, item, text) for r, (text, item) in zip(slots, items)]

    def _choose(self, item) -> None:
        """A slot of the action bar was tapped (or its number key pressed)."""
        self.more = item == "more"
        if item in ("more", "close"):
            return
        if item == "undo":
            self.app.keeper.take_back(self)
        elif item == "hint":
            self.app.keeper.hint(self)
        else:
            self._do(self.model.choose(item))

    # ----------------------------------------------------------------- acting

    def _do(self, events) -> None:
        """After the model applied a person's action (or refused it)."""
        if events:
            self._animate(events)
            self._changed()

    def _changed(self) -> None:
        for c in self.controllers:
            c.reset()
        self.app.match_changed(self)

    def _follow_message(self, dt: float) -> None:
        """The toast shows the model's message: a new one from when it is said, aged each
        frame, gone (and the message with it) once its time is up; a hint being thought
        about stays until its answer replaces it."""
        m = self.model
        if (m.message, m.message_kind) != self._toast_text:
            self._toast_text = (m.message, m.message_kind)
            look, seconds = TOAST[m.message_kind]
            self._toast = widgets.Toast(m.message, look, seconds=seconds) if m.message \
                else None
            return
        if self._toast is not None:
            self._toast = self._toast.aged(dt)
            if not self._toast.alive:
                self._toast = None
                m.say("")
                self._toast_text = ("", m.message_kind)

    def _follow_log(self) -> None:
        """The open log lists the hand so far, scrolled to its end while it grows."""
        if not self.show_log:
            return
        L, m = self.layout, self.model
        lines = tuple(m.log) or ("Nothing has happened yet this hand.",)
        r = _pg(L.log_panel)
        if self.log_list is None or self.log_list.rect != r:
            self.log_list = widgets.ScrollList(r, lines, px=L.font).at_end()
        elif self.log_list.lines != lines:
            self.log_list = self.log_list.with_lines(lines)

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        self._follow_message(dt)
        self._follow_log()
        st = self.game.state
        if st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            if not self.timeline.busy:
                if not self._revealed:
                    self._revealed = True
                    self._animate_reveal()
                if not self.timeline.busy:
                    self._after_hand()
            return
        if not self.timeline.busy and self.model.follow_turn():
            self._cover()
        seat = st.turn
        ctrl = self.controllers[seat]
        if ctrl.is_person:
            return
        action = ctrl.update(dt, st, seat, not self.timeline.busy)
        if action is None:
            return
        events = self.model.play(action)
        if events is None:  # the agent and the engine disagree: never stall the table
            events = self.model.play(st.legal_actions()[0])
        self._animate(events or [])
        self._changed()

    def _cover(self) -> None:
        self.app.open("cover", self.model.name(self.model.viewer))

    def _after_hand(self) -> None:
        """The hand is over and revealed: the summary (or the match result), once."""
        if self._summary_shown:
            return
        self._summary_shown = True
        if self.game.state.phase is Phase.MATCH_OVER:
            self.app.open("match_result", self)
        else:
            self.app.open("hand_summary", self)

    # ----------------------------------------------------------------- animation

    def _origins(self) -> dict:
        """Where the selected cards are now, as window fractions (they fly from there)."""
        L, m = self.layout, self.model
        w, h = self.app.size
        out: dict[int, list] = {}
        for i in sorted(m.selected):
            r = L.hand.cards[i]
            lift = r.h * LIFT
            out.setdefault(m.order[i], []).append(("at", r.center[0] / w,
                                                   (r.center[1] - lift) / h, r.w / w))
        return out

    def animate_deal(self) -> None:
        """Fly the hand's cards from the stock to every seat (a new hand; the bench times a
        frame with this whole timeline in flight)."""
        tl = self.timeline
        if tl.speed <= 0:
            return
        st = self.game.state
        n = len(self.seats)
        viewer = self.model.viewer
        mine = list(self.model.order)
        t0 = tl.next_start()
        dur = tl.seconds(CARD_MOVE * 0.8)
        gap = tl.seconds(DEAL_GAP if n <= 4 else DEAL_GAP * 0.6)
        k = 0
        for r in range(max(len(h) for h in st.hands)):
            for j in range(n):
                seat = (st.turn + j) % n
                if r >= len(st.hands[seat]):
                    continue
                if seat == viewer and r < len(mine):
                    c = mine[r]
                    tl.add(c, ("stock",), ("hand", c), begin=t0 + k * gap, duration=dur,
                           hides=("hand", c))
                else:
                    tl.add(None, ("stock",), ("seat", seat), begin=t0 + k * gap, duration=dur)
                k += 1

    def _animate(self, events) -> None:
        """Flights for one action's events, in order."""
        tl = self.timeline
        if tl.speed <= 0:
            return
        viewer = self.model.viewer
        origins, self._pending_origins = self._pending_origins, {}
        took_top = None

        def origin(c, seat):
            if seat == viewer and origins.get(c):
                return origins[c].pop(0)
            if c == took_top:
                return ("pile",)
            return ("seat", seat)

        def dest(c, seat):
            return (("hand", c), ("hand", c)) if seat == viewer else (("seat", seat), None)

        for e in events:
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
                    start = origin(c, s)
                    tl.add(c, start, ("meld", s, e.meld), begin=t0 + i * tl.seconds(0.04),
                           hides=("meld", s, e.meld) if e.kind is Ev.MELDED else None)
            elif e.kind is Ev.DISCARDED:
                c = e.cards[0]
                tl.add(c, origin(c, s), ("pile",), begin=t0, hides=("pile",))
            elif e.kind is Ev.SWAPPED:
                tl.add(e.cards[0], origin(e.cards[0], s), ("meld", s, e.meld), begin=t0)
                end, hides = dest(e.cards[1], s)
                tl.add(e.cards[1] if s == viewer else None, ("meld", s, e.meld), end,
                       begin=t0 + tl.seconds(0.1), hides=hides)
            elif e.kind is Ev.TOOK_UPCARD:
                c = e.cards[0]
                end, hides = dest(c, s)
                tl.add(c, ("pile",), end, begin=t0, hides=hides)
            elif e.kind is Ev.RESHUFFLED:
                for i in range(6):
                    tl.add(None, ("pile",), ("stock",), begin=t0 + i * tl.seconds(0.03))

    def _animate_reveal(self) -> None:
        """Every hand turns face up where its owner sits, then stays a moment."""
        tl = self.timeline
        if tl.speed <= 0:
            return
        st = self.game.state
        t0 = tl.next_start()
        k = 0
        for seat in range(len(self.seats)):
            if seat == self.model.viewer:
                continue
            for j, c in enumerate(st.hands[seat]):
                spot = ("reveal", seat, j)
                tl.add(c, spot, spot, begin=t0 + k * tl.seconds(0.03),
                       duration=tl.seconds(0.3), flip=True, hides=spot)
                k += 1
        tl.hold(REVEAL_HOLD)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        m = self.model
        st = self.game.state
        theme.draw_felt(surface)
        hidden = self.timeline.hidden()
        targets = m.targets() if m.selected or st.phase is not Phase.MELD else set()
        self._draw_status(surface, L, m)
        for seat in range(len(self.seats)):
            if seat != m.viewer:
                self._draw_opponent(surface, L, seat, hidden)
        self._draw_stock(surface, L, st, (Where.STOCK, -1) in targets)
        self._draw_pile(surface, L, st, hidden, (Where.PILE, -1) in targets)
        self._draw_my_melds(surface, L, st, m, hidden, targets)
        self._draw_plate(surface, L, m)
        self._draw_bar(surface, L, m)
        self._draw_hand(surface, L, m, hidden)
        self._draw_flights(surface)
        self._draw_drag(surface, L, m)
        self._draw_message(surface, L, m)
        if self.show_log:
            self._draw_log(surface)
        elif self.inspect is not None:
            self._draw_inspect(surface, L, self.inspect)

    def _card(self, surface, c, rect: pygame.Rect, shadow: bool = True) -> None:
        if shadow:
            surface.blit(cardart.shadow(rect.w), cardart.shadow_pos(rect))
        art = cardart.back(rect.w) if c is None else cardart.face(c, rect.w,
                                                                 self.settings.four_colour)
        surface.blit(art, rect.topleft)

    def _draw_status(self, surface, L, m) -> None:
        text = m.status()
        px = round(L.font * 1.15)
        if theme.text_width(text, px, True) > L.status.w:  # a phone: two lines, still large
            px = max(12, round(L.font * 0.95))
            lines = theme.wrap(text, px, L.status.w, True)[:2]
            step = theme.line_height(px)
            y = L.status.center[1] - step * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                _line(surface, line, px, Rect(L.status.x, round(y + i * step) - step // 2,
                                              L.status.w, step), L.status.w, theme.INK, True)
        else:
            theme.text(surface, text, px, (L.status.x, L.status.center[1]), theme.INK,
                       "midleft", bold=True)
        widgets.draw_button(surface, widgets.Button(_pg(L.pause), "Menu", "pause"))
        widgets.draw_button(surface, widgets.Button(_pg(L.log_button), "Log", "log",
                                                    primary=self.show_log))

    def _draw_opponent(self, surface, L, seat, hidden) -> None:
        st = self.game.state
        box = L.opponents[self.opponent_index(seat)]
        r = _pg(box.box)
        turn = st.turn == seat and st.phase in (Phase.DRAW, Phase.MELD, Phase.OFFER)
        surface.blit(theme.rounded(r.size, 12, (0, 0, 0, 70), 2 if turn else 0,
                                   theme.ACCENT if turn else None), r)
        seatd = self.seats[seat]
        px = L.font
        score = theme.text(surface, points(st.totals[seat]), px,
                           (box.header.right, box.header.center[1]), theme.INK, "midright",
                           bold=True)
        room = box.header.w - score.w - 8
        name = seatd.name
        if seatd.level and self._levels_fit(box.header.w, px):
            name = f"{name} · {seatd.level}"
        _line(surface, name, px, box.header, room, theme.INK, bold=True)
        melds = st.melds[seat]
        count = counted(len(st.hands[seat]), "card")
        caption = self.model.last_move.get(seat, "")
        revealed = self._revealed and st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
        together = self._revealed_melds(seat) if revealed else None
        readable = self._opponent_cards_fit(seat) if together is None else True
        if melds and not readable and box.melds.h < theme.line_height(px):
            count += f", {counted(len(melds), 'meld')}"  # no room for more
        _line(surface, _latest(count, caption, round(px * 0.9), box.caption.w),
              round(px * 0.9), box.caption, box.caption.w, theme.INK_DIM)
        if revealed and together is None and st.hands[seat]:
            self._draw_revealed(surface, seat, hidden)  # no room for both: the hand shows
            return
        if revealed and together is not None:
            self._draw_revealed(surface, seat, hidden)
        if not melds:
            return
        if readable:
            cw, rects = together or self.opponent_meld_rects(seat)
            for i, (meld, mr) in enumerate(zip(melds, rects)):
                if not hidden[("meld", seat, i)]:
                    self._draw_meld(surface, meld.cards, mr, cw, shadow=False)
        elif box.melds.h >= theme.line_height(px):
            pts = sum(self.model.meld_points(seat))
            n = len(melds)
            words = f"{counted(n, 'meld')}, {pts} pts · tap to see"
            where = box.melds
            preview = self.opponent_meld_preview(seat)
            if preview is not None:  # the first melds as cards, a line for the rest
                cw, rects = preview
                for i, (meld, mr) in enumerate(zip(melds, rects)):
                    if not hidden[("meld", seat, i)]:
                        self._draw_meld(surface, meld.cards, mr, cw, shadow=False)
                words = f"+{n - len(rects)} more · tap to see"
                step = theme.line_height(round(px * 0.9))
                where = Rect(box.melds.x, box.melds.bottom - step, box.melds.w, step)
            _line(surface, words, round(px * 0.9), where, where.w, theme.INK)

    def _levels_fit(self, width: int, px: int) -> bool:
        """Whether every opponent's header has room for their level beside their name and
        total (all panels or none show it, so the row reads alike)."""
        st = self.game.state
        return all(theme.text_width(f"{seat.name} · {seat.level}", px, True)
                   + theme.text_width(points(st.totals[i]), px, True) + 8 <= width
                   for i, seat in enumerate(self.seats) if seat.level and i != self.model.viewer)

    def _draw_plate(self, surface, L, m) -> None:
        """Your own plate by your hand, like an opponent's header: name, total, cards in hand,
        outlined in the accent colour (with the words "Your turn") while you are to play."""
        st = self.game.state
        seat = m.viewer
        box = L.plate
        if any(r.overlaps(box) for r, _, _ in self._button_slots()):
            return  # a column of choices stands over it for now
        turn = st.turn == seat and st.phase in (Phase.DRAW, Phase.MELD, Phase.OFFER)
        r = _pg(box)
        surface.blit(theme.rounded(r.size, min(12, r.h // 2), (0, 0, 0, 70), 2 if turn else 0,
                                   theme.ACCENT if turn else None), r)
        px = L.font
        step = theme.line_height(px)
        inner = Rect(box.x + L.font // 2, box.y, box.w - L.font, box.h)
        count = counted(len(st.hands[seat]), "card")
        score = theme.text(surface, points(st.totals[seat]), px,
                           (inner.right, box.center[1] if box.h < 2 * step else
                            box.center[1] - step // 2), theme.INK, "midright", bold=True)
        if box.h >= 2 * step:  # two lines: name and score, then cards and whose turn
            top = Rect(inner.x, box.center[1] - step, inner.w, step)
            low = Rect(inner.x, box.center[1], inner.w, step)
            _line(surface, self.seats[seat].name, px, top, inner.w - score.w - px, theme.INK,
                  bold=True)
            if turn:
                theme.text(surface, "Your turn", px, (inner.right, low.center[1]),
                           theme.ACCENT, "midright", bold=True)
            _line(surface, count, px, low, inner.w // 2, theme.INK_DIM)
            return
        room = inner.w - score.w - px
        if turn:
            badge = theme.text_width("Your turn", px, True) + px
            if room - badge >= theme.text_width(count, px) * 2:
                room -= badge
                widgets.draw_badge(surface, "Your turn", (score.x - px - badge / 2,
                                                         box.center[1]), round(px * 0.9),
                                   fill=theme.ACCENT, ink=theme.ACCENT_INK)
        name = _line(surface, self.seats[seat].name, px, inner, room * 2 // 3, theme.INK,
                     bold=True)
        _line(surface, count, px, Rect(name.right + px // 2 + 1, box.y, 0, box.h),
              inner.x + room - name.right - px // 2, theme.INK_DIM)

    def _opponent_cards_fit(self, seat: int) -> bool:
        """Whether this opponent's melds can be drawn as readable cards in their panel."""
        return self.opponent_meld_rects(seat) is not None

    def _draw_inspect(self, surface, L, seat) -> None:
        """One opponent's melds, large, over the table (tap anywhere to close)."""
        panel, cw, rects = inspect_meld_rects(L, self._meld_sizes(seat))
        r = _pg(panel)
        widgets.draw_panel(surface, r, fill=(12, 40, 28, 248))
        title = f"{self.seats[seat].name}: melds"
        theme.text(surface, title, L.font, (r.x + 12, r.y + 10), theme.INK, bold=True)
        melds = self.game.state.melds[seat]
        points = self.model.meld_points(seat)
        for meld, mr, p in zip(melds, rects, points):
            if mr.w:
                self._draw_meld(surface, meld.cards, mr, cw)
                theme.text(surface, f"{p} pts", L.font, (mr.x + 2, mr.bottom), theme.INK,
                           "bottomleft")

    def _draw_revealed(self, surface, seat, hidden) -> None:
        together = self._revealed_melds(seat)
        beside = together is not None and bool(self.game.state.hands[seat])
        if beside:
            cw, rects = together  # the hand after the melds: framed, so it reads apart
            r = _pg(rects[-1]).inflate(6, 6)
            r.h = cardart.height(cw) + 6
            surface.blit(theme.rounded(r.size, 6, (0, 0, 0, 0), 2, theme.INK_DIM), r)
        for j, c in enumerate(self.game.state.hands[seat]):
            if hidden[("reveal", seat, j)]:
                continue  # its flip draws it until it lands
            x, y, w = self._reveal_spot(seat, j)
            w = round(w) if beside else _even(w)  # beside the melds: their card size
            r = pygame.Rect(0, 0, w, cardart.height(w))
            r.center = (round(x), round(y))
            self._card(surface, c, r, shadow=False)

    def _draw_meld(self, surface, cards, mr: Rect, cw: int, shadow: bool = True) -> None:
        step = meld_step(mr, cw, len(cards))
        for k, c in enumerate(cards):
            self._card(surface, c, pygame.Rect(round(mr.x + k * step), mr.y, cw,
                                               cardart.height(cw)), shadow=shadow and k == 0)

    def _glow(self, surface, rect: pygame.Rect) -> None:
        g = rect.inflate(10, 10)
        surface.blit(theme.rounded(g.size, 12, (*theme.HILITE, 80), 3, theme.HILITE), g)

    def _draw_stock(self, surface, L, st, glow: bool) -> None:
        r = _pg(L.stock_card)
        if glow:
            self._glow(surface, r)
        if st.stock:
            if len(st.stock) > 1:
                self._card(surface, None, r.move(2, 2), shadow=True)
            self._card(surface, None, r, shadow=False)
        else:
            surface.blit(theme.rounded(r.size, 8, (0, 0, 0, 50), 2, theme.INK_DIM), r)
        theme.text(surface, f"Stock {len(st.stock)}", L.font, (L.stock.center[0], L.stock.bottom),
                   theme.INK, "midbottom")

    def _draw_pile(self, surface, L, st, hidden, glow: bool) -> None:
        pile = st.pile[:len(st.pile) - hidden[("pile",)]] if hidden[("pile",)] else st.pile
        r = _pg(L.pile_card)
        if glow:
            self._glow(surface, _pg(L.pile_fan) if L.pile_fan else r)
        if L.pile_fan is not None and len(pile) > 1:
            fan = L.pile_fan
            step = min(r.w * 0.34, (fan.w - r.w) / max(1, len(pile) - 1))
            x0 = r.right - r.w - step * (len(pile) - 1)  # packed up to the top card
            for i, c in enumerate(pile):
                x = round(x0 + i * step)
                self._card(surface, c, pygame.Rect(x, fan.y, r.w, r.h), shadow=i == 0)
        elif pile:
            if len(pile) > 1:
                self._card(surface, pile[-2], r.move(3, 2), shadow=True)
            self._card(surface, pile[-1], r, shadow=len(pile) == 1)
        else:
            surface.blit(theme.rounded(r.size, 8, (0, 0, 0, 50), 2, theme.INK_DIM), r)
        theme.text(surface, f"Pile {len(st.pile)}", L.font, (r.center[0], L.pile.bottom),
                   theme.INK, "midbottom")

    def _draw_my_melds(self, surface, L, st, m, hidden, targets) -> None:
        area = _pg(L.my_melds)
        melds = st.melds[m.viewer]
        if (Where.TABLE, -1) in targets:
            self._glow(surface, area.inflate(-10, -10))
        if not melds:
            if m.my_turn and st.phase is Phase.MELD:
                low = area.bottom - (cardart.height(L.meld_card_w) + round(L.font * 1.3)) // 2
                theme.text(surface, "Your melds go here", L.font, (area.centerx, low),
                           theme.INK_DIM, "center")
            return
        cw, rects = self.my_meld_rects()
        points = m.meld_points(m.viewer)
        label = round(L.font * 1.3)
        for i, (meld, mr) in enumerate(zip(melds, rects)):
            if not mr.w:
                continue
            if (Where.MELD, i) in targets:
                self._glow(surface, _pg(mr))
            if hidden[("meld", m.viewer, i)]:
                continue
            self._draw_meld(surface, meld.cards, mr, cw)
            theme.text(surface, f"{i + 1}: {points[i]} pts", L.font,
                       (mr.x + 2, mr.bottom - label // 2), theme.INK, "midleft")

    def _draw_bar(self, surface, L, m) -> None:
        label = "By suit" if m.sort_mode is not Sort.SUIT else "By rank"
        widgets.draw_button(surface, widgets.Button(_pg(L.sort), label, "sort"))
        for i, (rect, item, text) in enumerate(self._button_slots()):
            primary = i == 0 and item not in ("cancel", "undo", "hint", "more", "close")
            widgets.draw_button(surface, widgets.Button(_pg(rect), text, str(i), True, primary))

    def _draw_hand(self, surface, L, m, hidden) -> None:
        left = {c: hidden[("hand", c)] for c in set(m.order) if hidden[("hand", c)]}
        skip = set(self.drag[0]) if self.drag else set()
        sel = m.selected
        drawn = m.drawn_index()
        for i in range(len(m.order) - 1, -1, -1):  # cards in flight: the last copies
            c = m.order[i]
            if left.get(c):
                left[c] -= 1
                skip.add(i)
        for i, c in enumerate(m.order):
            if i in skip or i >= len(L.hand.cards):
                continue
            r = _pg(L.hand.cards[i])
            if i in sel:
                r = r.move(0, -round(r.h * LIFT))
            self._card(surface, c, r)
            if i in sel:
                pygame.draw.rect(surface, theme.SELECT, r.inflate(4, 4), 3,
                                 border_radius=max(4, r.w // 10))
            if i == drawn:  # the card you drew, wherever sorting put it
                pygame.draw.rect(surface, theme.ACCENT, (r.x + 3, r.y - 6, r.w - 6, 4),
                                 border_radius=2)
            if self._keyboard and i == m.cursor:
                pygame.draw.rect(surface, theme.ACCENT, (r.x + 4, r.bottom + 2, r.w // 3, 4))

    def _draw_flights(self, surface) -> None:
        for f, t in self.timeline.active():
            x, y, w = position(f, t, self.resolve)
            w = _even(w)
            h = cardart.height(w)
            if f.flip:
                squeeze = abs(1 - 2 * t)
                c = None if t < 0.5 else f.card
                art = cardart.back(w) if c is None else cardart.face(c, w,
                                                                     self.settings.four_colour)
                sw = max(1, round(w * squeeze))
                surface.blit(pygame.transform.scale(art, (sw, h)), (round(x - sw / 2),
                                                                     round(y - h / 2)))
                continue
            r = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
            self._card(surface, f.card, r)

    def _draw_drag(self, surface, L, m) -> None:
        if not self.drag:
            return
        moving, (ox, oy), pos, _ = self.drag
        w = L.hand.card_w
        step = round(w * 0.3)
        for k, i in enumerate(moving):
            if i < len(m.order):
                self._card(surface, m.order[i], pygame.Rect(pos[0] - ox + k * step, pos[1] - oy,
                                                            w, L.hand.card_h))

    def _draw_message(self, surface, L, m) -> None:
        if self._toast is not None and self._toast.alive and self._toast.text == m.message:
            px = round(L.font * 1.05)
            box = widgets.toast_rect(self._toast, L.message.center, L.message.w, px)
            slots = self._button_slots()
            above = min([L.message.bottom] + [r.y - 4 for r, _, _ in slots
                                              if r.y < L.actions[0].y])
            anchor = (L.message.center[0], above - box.h / 2)  # clear of every button
            widgets.draw_toast(surface, self._toast, anchor, L.message.w, px=px)

    def _draw_log(self, surface) -> None:
        if self.log_list is not None:
            widgets.draw_scroll_list(surface, self.log_list)


def _smallest(px: int) -> int:
    """How far a line of ``px`` text may shrink to fit: a fifth, and never below the least."""
    return max(MIN_LABEL_PX, round(px * 0.8))


def _latest(count: str, turn: str, px: int, width: int) -> str:
    """An opponent's caption, their card count and their last turn; when it is too long for
    ``width``, the turn's first parts give way, so its latest (the discard) still shows."""
    parts = turn.split(" \u00b7 ") if turn else []
    text = " \u00b7 ".join([count] + parts)
    while len(parts) > 1 and theme.text_width(text, _smallest(px)) > width:
        parts = parts[1:]
        text = " \u00b7 ".join([count, "\u2026"] + parts)
    return text


def _line(surface, text: str, px: int, box: Rect, width: int, colour, bold: bool = False):
    """One line of text at the left of ``box``, shrunk a little and then cut short to fit
    ``width``."""
    px = theme.fit_px(text, px, width, bold, smallest=_smallest(px))
    if theme.text_width(text, px, bold) > width:
        while len(text) > 1 and theme.text_width(text + "…", px, bold) > width:
            text = text[:-1]
        text = text.rstrip() + "…"
    return theme.text(surface, text, px, (box.x, box.center[1]), colour, "midleft", bold=bold)
