"""The table scene: a match in progress, drawn from the model and the flights, driven by the
pointer stream (tap and drag), the keyboard, and the seats' controllers.

The scene owns no rules: taps become the model's choices (checked by the engine), computer
seats answer through their controllers, and every applied action's events become flights.
Layout is recomputed from the window size whenever it or the hand changes, and flights name
places rather than pixels, so a resize mid-animation simply re-targets them.

The scene holds the time (the timeline, the toast, the controllers) and its rooms do the
rest around one ``TableFrame`` a frame reads: ``table.controls`` (taps, drags, keys),
``table.motion`` (flights) and ``table.draw`` (pixels, with no side effects).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...rules.options import Discards
from ...rules.phase import ACTING
from ...rules.state import Phase
from ...services.settings import Settings, moves_calmly
from .. import widgets
from ..controllers import controllers_for, pace_for
from ..scene import Scene
from ..table import controls, draw, motion, offer_panel, seven
from ..table import mirror as table_mirror
from ..table.frame import Drag, Slot, TableFrame, bar_items, button_slots
from ..table.kinds import Say, Sort
from ..table.layout import SevenAreas, TableLayout, scale_of, seven_table, table_layout
from ..table.model import TableModel
from ..tween import Timeline
from ..words import event_sentences

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ...rules.events import Event
    from ...rules.save import Game
    from ...services.seats import Seat
    from ..mirror import Box
    from ..pointer import Pointer
    from ..scene import Host

TOAST = {Say.REFUSAL: ("refusal", 4.0), Say.QUESTION: ("info", 30.0),
         Say.HELP: ("info", 30.0), Say.THINKING: ("info", float("inf")),
         Say.DECISION: ("info", 2.5)}
"""How each kind of message is shown, and for how many seconds."""


class TableScene(Scene):
    """A match in progress (see the UI contract): ``.game``, ``.seats``, ``.model``,
    ``.busy`` and ``continue_after_summary()``."""

    def __init__(self, app: Host, game: Game, seats: Iterable[Seat]) -> None:
        super().__init__(app)
        self.game = game
        self.seats = tuple(seats)
        self.model = TableModel(game, self.seats, self.settings)
        self.controllers = controllers_for(self.seats, game, self.settings)
        self.timeline = Timeline(self.settings.animation_speed,
                                 lambda: moves_calmly(self.settings))
        self.show_log = False
        self.more = False
        """The bar's More… is open: every button in a column above the bar."""
        self.inspect: int | None = None
        """An opponent whose melds are shown large (tapped on a small screen)."""
        self.log_list: widgets.ScrollList | None = None
        self.log_down = 0
        """The log's scroll offset when a drag on it began."""
        self.drag: Drag | None = None
        """While cards are dragged (see ``Drag``)."""
        self.press: int | None = None
        """The hand card a pointer went down on."""
        self.held: str | None = None
        """The button a pointer is held down on (drawn pushed in until it lets go or
        slides off it): see ``TableFrame.button_at``."""
        self.keyboard = False
        """The keyboard was used last: the cursor shows."""
        self.pending_origins: dict[int, Any] = {}
        """Where the selected cards were before an action (they fly from there)."""
        self._layout_key: tuple | None = None
        self._layout: TableLayout | None = None
        self._seven: SevenAreas | None = None
        self._summary_shown = False
        self._revealed = False
        self._toast: widgets.Toast | None = None
        self._toast_text = ("", Say.REFUSAL)
        self.board = draw.Board()
        """The felt, panels and laid melds, composed once until they change."""
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
        return self.timeline.busy or (st.phase in ACTING and not self.seats[st.turn].is_person)

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

    # ----------------------------------------------------------------- the frame

    def _meld_sizes(self, seat: int) -> tuple[int, ...]:
        return tuple(len(m.cards) for m in self.game.state.melds[seat])

    @property
    def layout(self) -> TableLayout:
        """The table's rectangles for the window, the seats, your hand and everyone's melds
        (computed again only when one of those changes)."""
        m = self.model
        n = len(self.seats)
        mine = self._meld_sizes(m.viewer)
        theirs = tuple(self._meld_sizes((m.viewer + 1 + i) % n) for i in range(n - 1))
        key = (self.app.size, n, len(m.order), self.settings, mine, theirs)
        if key != self._layout_key or self._layout is None:
            self._layout_key = key
            o = self.game.state.options
            self._seven = None
            if o.discards is Discards.OFFERED:  # no pile: the strip and the offer's felt
                laid, self._seven = seven_table(
                    self.app.size, n, len(m.order), self.settings, mine, theirs,
                    o.partnerships, offer_panel.least_height(scale_of(self.app.size)))
            else:
                laid = table_layout(self.app.size, n, len(m.order), self.settings, mine,
                                    theirs)
            self._layout = laid
        return self._layout

    def frame(self) -> TableFrame:
        """What a frame shows now, in one value (drawing and input read it)."""
        m, st = self.model, self.game.state
        tl = self.timeline
        targets = frozenset(m.targets()) if m.selected or st.phase is not Phase.MELD \
            else frozenset()
        return TableFrame(
            layout=self.layout, state=st, model=m, seats=self.seats, settings=self.settings,
            size=self.app.size, hidden=tl.hidden(), flights=tuple(tl.active()),
            targets=targets, slots=self.button_slots(), show_log=self.show_log,
            inspect=self.inspect, drag=self.drag, keyboard=self.keyboard,
            revealed=self._revealed and st.phase in controls.OVER, toast=self._toast,
            log_list=self.log_list, seven=self._seven, held=self.held)

    def resize(self, size) -> None:
        self._layout_key = None
        self.drag = None
        self.held = None

    def opponent_index(self, seat: int) -> int:
        return self.frame().opponent_index(seat)

    def my_meld_rects(self):
        """Your melds' rects (and the card width they use), as drawn now."""
        return self.frame().my_meld_rects()

    def opponent_meld_rects(self, seat: int):
        """An opponent's melds as drawn in their panel, or None when they do not fit there."""
        return self.frame().opponent_meld_rects(seat)

    def opponent_meld_preview(self, seat: int):
        """Where an opponent's melds do not all fit their panel: the first of them, as drawn
        there (None when none fits)."""
        return self.frame().opponent_meld_preview(seat)

    def resolve(self, place) -> tuple[float, float, float]:
        """A named place's centre and card width in the current layout (see tween.py)."""
        return self.frame().resolve(place)

    def _revealed_melds(self, seat: int):
        return self.frame().revealed_melds(seat)

    def button_slots(self) -> tuple[Slot, ...]:
        """The buttons now: each one's rect, what it does and its words (see
        ``table.frame.button_slots``); Undo and Hint join while it is your turn and
        nothing is being asked, Rules while a rule's tip shows."""
        m, L = self.model, self.layout
        items = bar_items(m, len(L.actions), self.more, self.bar_extras())
        return button_slots(L, items, m.picking is not None or self.more)

    def bar_extras(self) -> list[tuple[str, str]]:
        """Undo and Hint while it is your turn and nothing is being asked, Rules while a
        rule's tip shows: (words, what a tap does)."""
        m = self.model
        keeper = getattr(self.app, "keeper", None)
        extras: list[tuple[str, str]] = []
        if keeper is not None and m.my_turn and m.confirm is None and m.picking is None:
            extras = ([("Undo", "undo")] if keeper.can_undo(self) else []) + [("Hint", "hint")]
        if m.tip is not None and m.confirm is None and m.picking is None:
            extras = [("Rules", "rules"), *extras]  # the rule a tip names, a tap away
        return extras

    _button_slots = button_slots

    # ----------------------------------------------------------------- input

    def pointer(self, p: Pointer) -> None:
        controls.pointer(self, p)

    def key(self, event) -> None:
        controls.key(self, event)

    def wheel(self, dy: int) -> None:
        if self.show_log and self.log_list is not None:
            self.log_list = self.log_list.wheel(dy)

    def mirror(self):
        return table_mirror.tree(self)

    def mirror_activate(self, action: str) -> None:
        table_mirror.activate(self, action)

    def mirror_places(self) -> dict[str, Box]:
        return table_mirror.places(self)

    def _announce(self, events) -> None:
        """Say ``events`` in the live log, as the viewer may see them (``game.ui.words``)."""
        m = self.model
        you = m.viewer if len(m.people) == 1 else -1
        for line in event_sentences([e.seen_by(m.viewer) for e in events],
                                    [s.name for s in self.seats], you, m.state.options):
            self.app.mirror.announce(line)

    def pause(self) -> None:
        self.app.open("pause", self)

    def choose(self, item: object) -> None:
        """A slot of the action bar was tapped (or its number key pressed)."""
        self.more = item == "more"
        if item in ("more", "close"):
            return
        if item == "undo":
            self.app.keeper.take_back(self)
        elif item == "hint":
            self.app.keeper.hint(self)
        elif item == "rules":
            self.app.open("rules", self.game.state.options)
        else:
            self.act(self.model.choose(item))

    # ----------------------------------------------------------------- acting

    def act(self, events: list[Event] | None) -> None:
        """After the model applied a person's action (or refused it: a tip it showed is kept as
        seen in the app's settings)."""
        if self.model.settings is not self.settings:
            self.app.apply_settings(self.model.settings)
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
            if m.message and m.message_kind is not Say.DECISION:  # decisions are events
                self.app.mirror.announce(m.message)
                if m.message_kind in (Say.REFUSAL, Say.HELP):  # the Log keeps them too
                    m.log.append(m.message)
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
        r = pygame.Rect(L.log_panel.x, L.log_panel.y, L.log_panel.w, L.log_panel.h)
        if self.log_list is None or self.log_list.rect != r:
            self.log_list = widgets.ScrollList(r, lines, px=L.font).at_end()
        elif self.log_list.lines != lines:
            self.log_list = self.log_list.with_lines(lines)

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        self._follow_message(dt)
        self._follow_log()
        st = self.game.state
        if st.phase in controls.OVER:
            if not self.timeline.busy:
                if not self._revealed:
                    self._revealed = True
                    motion.reveal(self.timeline, st, self.model.viewer)
                if not self.timeline.busy:
                    self.after_hand()
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
        names = [s.name for s in self.seats]
        said = [line for e in events or () if (line := seven.decision_line(e, names))]
        if said:  # its answer to an offered discard, briefly
            self.model.say(said[-1], Say.DECISION)
        self._animate(events or [])
        self._changed()

    def _cover(self) -> None:
        self.app.open("cover", self.model.name(self.model.viewer))

    def after_hand(self) -> None:
        """The hand is over and revealed: the summary (or the match result), once."""
        if self._summary_shown:
            return
        self._summary_shown = True
        if self.game.state.phase is Phase.MATCH_OVER:
            self.app.open("match_result", self)
        else:
            self.app.open("hand_summary", self)

    # ----------------------------------------------------------------- animation

    def animate_deal(self) -> None:
        """Fly the hand's cards from the stock to every seat (a new hand; the bench times a
        frame with this whole timeline in flight)."""
        motion.deal(self.timeline, self.game.state, self.model.viewer, self.model.order)
        self._announce([self.game.state.dealt])

    def _animate(self, events) -> None:
        """Flights for one action's events, from where the selection was."""
        starts, self.pending_origins = self.pending_origins, {}
        motion.events(self.timeline, events, self.model.viewer, starts)
        self._announce(events)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The table as it is now; nothing changes (the toast and the log follow the model
        in ``update``)."""
        draw.draw_table(surface, self.frame(), self.board)
