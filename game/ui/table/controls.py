"""The table's input: the pointer stream (tap, drag, drop), the keyboard and the wheel
become the model's choices, the scene's view changes (log, More…, an opponent's melds shown
large) and its few actions (pause, undo, hint, the summary).

Each function takes the scene, as ``Controlled`` (what the controls ask of it: this package
never imports a scene), and reads the geometry from one ``TableFrame``, the same rectangles the
frame on screen was drawn with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ...rules.state import Phase
from ..pointer import P, Pointer
from . import seven
from .frame import Drag, Slot, TableFrame
from .kinds import Where
from .layout import TableLayout
from .model import TableModel, short
from .motion import origins
from .offer_panel import PASS, TAKE

if TYPE_CHECKING:
    from ...rules.events import Event
    from ...rules.save import Game
    from ..scene import Host
    from ..tween import Timeline
    from ..widgets import ScrollList

OVER = (Phase.HAND_OVER, Phase.MATCH_OVER)
ANSWERS = (pygame.K_t, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p, pygame.K_BACKSPACE)
"""The keys that answer an offered discard: the first three take it, the others pass."""


class Controlled(Protocol):
    """The table scene as its controls see it (``game.ui.scenes.table.TableScene`` is the one):
    the match and its model, the switches of what it shows, and the few things it does."""

    game: Game
    model: TableModel
    timeline: Timeline
    show_log: bool
    more: bool
    inspect: int | None
    log_list: ScrollList | None
    log_down: int
    drag: Drag | None
    press: int | None
    held: str | None
    keyboard: bool
    pending_origins: dict[int, Any]

    @property
    def app(self) -> Host:
        """The app the scene runs in (its window size)."""
        ...

    @property
    def layout(self) -> TableLayout:
        """The table's rectangles now."""
        ...

    def frame(self) -> TableFrame:
        """What a frame shows now, in one value."""
        ...

    def button_slots(self) -> tuple[Slot, ...]:
        """The bar's buttons now: rect, what each does, its words."""
        ...

    def choose(self, item: object) -> None:
        """A button of the bar was tapped (or its key pressed)."""
        ...

    def act(self, events: list[Event] | None) -> None:
        """After the model applied (or refused) a person's action."""
        ...

    def pause(self) -> None:
        """Open the pause menu over the table."""
        ...

    def after_hand(self) -> None:
        """The hand is over and seen: on to the summary."""
        ...


def pointer(scene: Controlled, p: Pointer) -> None:
    """A pointer event: a tap skips the animation, else acts; a drag moves cards or scrolls
    the log."""
    tl = scene.timeline
    if p.kind is P.TAP and tl.busy and tl.flights:
        scene.held = None
        tl.skip()
        return
    scene.keyboard = False
    if p.kind is P.DOWN:
        scene.held = scene.frame().button_at(p.pos)
    elif scene.held is not None and (p.kind is not P.DRAG
                                     or scene.frame().button_at(p.pos) != scene.held):
        scene.held = None  # let go, or slid off the button
    L = scene.layout
    log = scene.log_list
    if scene.show_log and log is not None:
        if p.kind is P.DOWN and log.hit(p.pos):
            scene.log_down = log.offset
        elif p.kind is P.DRAG and log.hit(p.start):
            scene.log_list = log.dragged(scene.log_down, p.start, p.pos)
            return
    m = scene.model
    if p.kind is P.DOWN:
        scene.press = L.hand.index_at(p.pos, m.selected)
        return
    if p.kind is P.DRAG:
        if scene.drag is None and scene.press is not None \
                and L.hand.index_at(p.start, m.selected) == scene.press:
            i = scene.press
            moving = sorted(m.selected) if i in m.selected else [i]
            r = L.hand.cards[i]
            scene.drag = (moving, (p.start[0] - r.x, p.start[1] - r.y), p.pos, i)
        elif scene.drag is not None:
            scene.drag = (*scene.drag[:2], p.pos, scene.drag[3])
        return
    if p.kind is P.CANCEL:
        scene.drag = None
        return
    if p.kind is P.DROP:
        if scene.drag is not None:
            _drop(scene, scene.drag, p.pos)
        scene.drag = None
        return
    if p.kind is P.TAP:
        _tap(scene, p.pos)


def _tap(scene: Controlled, pos: tuple[int, int]) -> None:
    f = scene.frame()
    L, m = f.layout, f.model
    scene.pending_origins = origins(L, m, f.size)
    button = f.button_at(pos)
    if button is not None and button.isdigit():
        scene.choose(f.slots[int(button)][1])
        return
    if scene.more:
        scene.more = False  # a tap anywhere else closes the column
        return
    if button == "sort":
        m.sort()
        return
    if button == "pause":
        scene.pause()
        return
    if button == "log":
        scene.show_log = not scene.show_log
        return
    if scene.show_log and L.log_panel.contains(pos):
        return
    if scene.inspect is not None:
        scene.inspect = None
        return
    st = f.state
    spot = f.spotlight()
    if spot is not None and L.beside is not None and L.beside.contains(pos) \
            and st.phase not in OVER:
        scene.inspect = spot  # the melds beside the pile: all of them, large
        return
    for seat in range(len(f.seats)):
        if seat != m.viewer and L.opponents[f.opponent_index(seat)].box.contains(pos):
            if st.melds[seat] and f.opponent_meld_rects(seat) is None:
                scene.inspect = seat
            return
    if st.phase in OVER:
        scene.after_hand()
        return
    if _answer(scene, f, pos):
        return
    i = L.hand.index_at(pos, m.selected)
    if i is not None:
        m.toggle(i)
        return
    if L.stock.contains(pos):
        scene.act(m.tap_stock())
        return
    if m.selected and _on_empty_band(f, pos):
        m.clear_selection()  # empty felt: a tap there lets go of the selection
        return
    if _place(scene, f, pos):
        return
    if m.selected:
        m.clear_selection()


def _answer(scene: Controlled, f: TableFrame, pos: tuple[int, int]) -> bool:
    """While you are asked to take an offered discard: Take or Pass answers it, your hand
    still takes a look (a card selected), and a tap anywhere else says what is asked. False
    when nothing is asked of you."""
    panel = f.offer_panel()
    if panel is None or panel.take is None or panel.offer is None or not f.model.my_turn:
        return False
    action = panel.action_at(pos)
    if action is not None:
        scene.act(f.model.play(action))
    elif f.layout.hand.index_at(pos, f.model.selected) is None:
        f.model.say(f"Take the {short(panel.offer.card)} or pass it on")
    else:
        return False
    return True


def _on_empty_band(f: TableFrame, pos: tuple[int, int]) -> bool:
    """Whether ``pos`` is on your melds' band but on none of your melds, while the
    selection could not be laid there as a new meld."""
    if not f.layout.my_melds.contains(pos) or (Where.TABLE, -1) in f.model.targets():
        return False
    return not any(r.contains(pos) for r in f.my_meld_rects()[1])


def _place(scene: Controlled, f: TableFrame, pos: tuple[int, int]) -> bool:
    """The selection goes where ``pos`` is, tapped or dropped: the pile, one of your
    melds, or the table. False when ``pos`` is none of those."""
    L, m = f.layout, f.model
    if L.pile.contains(pos):
        scene.act(m.tap_pile())
        return True
    _, rects = f.my_meld_rects()
    for j, r in enumerate(rects):
        if r.contains(pos):
            scene.act(m.tap_meld(j))
            return True
    if L.my_melds.contains(pos):
        scene.act(m.tap_table())
        return True
    return False


def _drop(scene: Controlled, drag: Drag, pos: tuple[int, int]) -> None:
    """Dragged cards let go at ``pos``: on the pile, a meld, the table, or back in the
    hand at a new place."""
    moving, _, _, grabbed = drag
    f = scene.frame()
    L, m = f.layout, f.model
    if L.hand.rect.contains(pos):
        if len(moving) == 1:
            m.move(grabbed, L.hand.insert_at(pos))
        return
    m.selected = set(moving)
    scene.pending_origins = origins(L, m, f.size)
    m.picking = m.confirm = None
    _place(scene, f, pos)


def focus_stops(scene: Controlled, offered: bool) -> list[str | None]:
    """Where Tab goes, in the order the table reads: your hand (None), the bar's buttons,
    the sort button, an offered discard's Take and Pass while you are asked, Log and Menu."""
    slots = [f"slot{i}" for i in range(len(scene.button_slots()))]
    offer = [TAKE, PASS] if offered else []
    return [None, *offer, *slots, "sort", "log", "pause"]


def _press_focused(scene: Controlled, focus: str, offer) -> None:
    """Enter or Space on the button the keyboard's focus is on: as a tap on it."""
    m = scene.model
    if focus.startswith("slot"):
        scene.choose(scene.button_slots()[int(focus[4:])][1])
    elif focus in (TAKE, PASS) and offer is not None:
        scene.act(m.play(offer.take if focus == TAKE else offer.refuse))
    elif focus == "sort":
        m.sort()
    elif focus == "log":
        scene.show_log = not scene.show_log
    elif focus == "pause":
        scene.pause()


def key(scene: Controlled, event: pygame.event.Event) -> None:
    """A key: Escape pauses; letters and numbers stand for the taps (see the README); Tab
    and Shift+Tab move the focus over your hand and the buttons, Enter or Space press the
    button it is on."""
    m = scene.model
    k = event.key
    scene.keyboard = True
    if k == pygame.K_ESCAPE:
        scene.pause()
        return
    tl = scene.timeline
    if tl.busy and tl.flights:
        tl.skip()
    if scene.game.state.phase in OVER:
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            scene.after_hand()
        return
    n = len(m.order)
    scene.pending_origins = origins(scene.layout, m, scene.app.size)
    offer = seven.pending_offer(scene.game.state) if m.my_turn else None
    if k == pygame.K_TAB:
        stops = focus_stops(scene, offer is not None)
        at = stops.index(m.focus) if m.focus in stops else 0
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        m.focus = stops[(at + (-1 if back else 1)) % len(stops)]
        return
    if m.focus is not None and m.focus not in focus_stops(scene, offer is not None):
        m.focus = None  # the button it was on has gone (the bar changed): back to the hand
    if m.focus is not None and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        _press_focused(scene, m.focus, offer)
        return
    if offer is not None and k in ANSWERS:
        scene.act(m.play(offer.take if k in ANSWERS[:3] else offer.refuse))
        return
    if k == pygame.K_d:
        scene.act(m.tap_stock())
    elif k == pygame.K_s:
        m.sort()
    elif k == pygame.K_p:
        scene.act(m.tap_pile())
    elif k == pygame.K_m:
        scene.act(m.tap_table())
    elif k == pygame.K_l:
        scene.show_log = not scene.show_log
    elif k == pygame.K_x:
        discard = [g for g in m.groups() if g.label == "Discard"]
        scene.act(m.choose(discard[0]) if discard else m.tap_pile())
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        slots = scene.button_slots()
        discard_slot = [item for _, item, text in slots if text == "Discard"]
        if discard_slot and m.picking is None and m.confirm is None:
            scene.choose(discard_slot[0])
        elif slots:
            scene.choose(slots[0][1])
    elif pygame.K_1 <= k <= pygame.K_9:
        slots = scene.button_slots()
        i = k - pygame.K_1
        if i < len(slots):
            scene.choose(slots[i][1])
    elif k in (pygame.K_u, pygame.K_h):
        scene.choose("undo" if k == pygame.K_u else "hint")
    elif k in (pygame.K_LEFT, pygame.K_RIGHT) and n:
        m.cursor = (m.cursor + (1 if k == pygame.K_RIGHT else -1)) % n
    elif k == pygame.K_SPACE and n:
        m.toggle(m.cursor)
    elif k == pygame.K_BACKSPACE:
        m.clear_selection()
