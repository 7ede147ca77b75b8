"""The table's accessible mirror: the table model in words, as controls a screen reader knows.

What a sighted player reads off the felt, read here from the same ``TableModel`` and state
the canvas draws from (and only what the viewer's seat may see): your hand as toggle buttons
(pressed = selected), the buttons the selection allows with the table's own words, the stock
and the pile, each seat with its cards in hand, melds and score, your melds, and in seven-hand
the offer with Take and Pass and the teams. ``activate`` turns a mirror control back into the
tap or key it stands for, through the same scene methods (``controls``), so the canvas moves
with the mirror and the mirror with the canvas. ``places`` says where the canvas draws those
controls, from the rectangles the table draws and hit-tests with.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol
from weakref import WeakKeyDictionary

from ...rules.options import Discards
from ...rules.phase import ACTING
from ..mirror import Box, Node, box, button, heading, listing, region, scene_tree, text, toggle
from ..words import card_words, counted, meld_words, total
from . import seven
from .controls import OVER, Controlled
from .kinds import Sort
from .layout import Rect
from .model import short
from .motion import origins

if TYPE_CHECKING:
    from ...rules.view import View
    from .model import TableModel

TITLE = "Table"


class Mirrored(Controlled, Protocol):
    """The table scene as its mirror sees it: the controls' view, and the bar's extras."""

    def bar_extras(self) -> list[tuple[str, str]]:
        """Undo, Hint and Rules when the bar offers them now: (words, what a tap does)."""
        ...


def bar(scene: Mirrored) -> list[tuple[str, object]]:
    """Every button the action bar offers now, More… opened (the mirror has room for all)."""
    return scene.model.buttons() + list(scene.bar_extras())


def _hand(m: TableModel) -> Node:
    opts = m.state.options
    drawn = m.drawn_index()
    cards = []
    for i, c in enumerate(m.order):
        name = card_words(c, opts) + (", just drawn" if i == drawn else "")
        cards.append(toggle(name, f"card:{i}:{c}", i in m.selected))
    sort = "Sort by rank" if m.sort_mode is Sort.SUIT else "Sort by suit"
    chosen = len(m.selected)
    return region(f"Your hand, {counted(len(m.order), 'card')}",
                  heading(f"Your hand, {counted(len(m.order), 'card')}"
                          + (f", {chosen} selected" if chosen else "")),
                  listing("Your cards", cards), button(sort, "sort"))


def _melds(m: TableModel, seat: int) -> list[str]:
    melds = m.state.melds[seat]
    return [f"Meld {i + 1}: {meld_words(meld)}, {p} points"
            for i, (meld, p) in enumerate(zip(melds, m.meld_points(seat)))]


def _seat(m: TableModel, view: View, seat: int) -> Node:
    st = m.state
    name = m.name(seat)
    turn = ", to play" if st.phase in ACTING and st.turn == seat else ""
    melds = _melds(m, seat)
    facts = (f"{counted(view.hand_counts[seat], 'card')} in hand, "
             f"score {total(view.totals[seat])}, {counted(len(melds), 'meld')}")
    return region(name, heading(name + turn, 3), text(facts),
                  listing(f"{name}'s melds", melds) if melds else None)


def _offer(m: TableModel, view: View) -> Node | None:
    offer = seven.pending_offer(view)
    if offer is None:
        return None
    names = [s.name for s in m.seats]
    partner = seven.partner_of(m.viewer, m.state.options, len(m.seats))
    lines = [seven.offer_prompt(offer, names, m.viewer, partner).replace(
        short(offer.card), card_words(offer.card)),
        seven.offer_passed(offer, names, m.viewer), seven.offer_note(offer, names, m.viewer)]
    yours = offer.asked == m.viewer and m.my_turn
    return region("Offered discard", heading("Offered discard"),
                  *(text(line) for line in lines if line),
                  button(f"Take the {card_words(offer.card)}", "offer:take") if yours else None,
                  button("Pass", "offer:pass") if yours else None)


def _teams(m: TableModel, view: View) -> Node | None:
    teams = seven.teams(view, [s.name for s in m.seats])
    if not teams:
        return None
    return region("Teams", heading("Teams"),
                  listing("Teams", [f"{t.label}, {t.name}: {total(t.total)} points"
                                    for t in teams]))


_BUILT: WeakKeyDictionary[TableModel, tuple[tuple, Node]] = WeakKeyDictionary()
"""Each table's last tree and what it was read from: built again only when that changed (a
tree of eight seats costs about 3 ms natively, more than a frame's drawing)."""


def _read_from(scene: Mirrored) -> tuple:
    """Everything the tree reads, as one value: the match's record (its length and last
    action, so an undo and another move differ), the viewer's hand and selection, what the
    bar asks, and what the scene shows."""
    m, g = scene.model, scene.game
    return (len(g.actions), g.actions[-1] if g.actions else None, m.state.hand_no,
            m.state.phase, m.viewer, tuple(m.order), frozenset(m.selected), m.drawn,
            m.message, m.confirm, m.picking, m.tip, m.sort_mode, scene.show_log,
            tuple(label for label, _ in scene.bar_extras()))


def tree(scene: Mirrored) -> Node:
    """The table's mirror now (the same value while nothing it reads changed)."""
    key = _read_from(scene)
    built = _BUILT.get(scene.model)
    if built is not None and built[0] == key:
        return built[1]
    node = _tree(scene)
    _BUILT[scene.model] = (key, node)
    return node


def _piles(view: View, offered: bool) -> tuple[Node, ...]:
    """The stock and the pile as buttons that act as a tap on them does (draw; take the pile,
    or discard the selection), saying what they hold; where discards are offered, the hand's
    standing and the stock."""
    stock = button(f"Stock: {counted(view.stock_count, 'card')}.", "stock")
    if offered:
        return text(seven.status_text(view) + "."), stock
    top = view.pile[-1] if view.pile else None
    pile = (f"Discard pile: {counted(len(view.pile), 'card')}, the top one the "
            f"{card_words(top)}." if top is not None else "The discard pile is empty.")
    return stock, button(pile, "pile")


def _tree(scene: Mirrored) -> Node:
    m = scene.model
    st, view = m.state, m.view
    offered = st.options.discards is Discards.OFFERED
    actions = [button(label, f"act:{i}:{label}") for i, (label, _) in enumerate(bar(scene))]
    actions += [toggle("Log", "log", scene.show_log), button("Menu", "menu")]
    if st.phase in OVER:
        actions = [button("Continue", "continue")]
    mine = _melds(m, m.viewer)
    others = [s for s in range(len(m.seats)) if s != m.viewer]
    return scene_tree(
        TITLE,
        text(m.status(spoken=True)),
        text(m.message) if m.message else None,
        _offer(m, view),
        _hand(m),
        region("Actions", heading("Actions"), *actions),
        region("Stock and pile", heading("Stock and pile"), *_piles(view, offered)),
        region("Your melds", heading("Your melds"),
               text(f"Your score: {total(view.totals[m.viewer])}."),
               listing("Your melds", mine) if mine else text("No melds yet.")),
        _teams(m, view) if offered else None,
        region("Other players", heading("Other players"), *(_seat(m, view, s) for s in others)),
    )


def activate(scene: Mirrored, action: str) -> None:
    """Do what the mirror's control ``action`` stands for, as its tap or key would; an
    action that no longer matches the table (a card that moved, a button gone) does
    nothing."""
    m = scene.model
    tl = scene.timeline
    if tl.busy and tl.flights:
        tl.skip()  # as a tap does: the animation ends, then the control acts
    kind, _, rest = action.partition(":")
    if kind == "continue" and m.state.phase in OVER:
        scene.after_hand()
    elif kind == "card":
        i, _, c = rest.partition(":")
        if i.isdigit() and int(i) < len(m.order) and str(m.order[int(i)]) == c:
            m.toggle(int(i))
    elif kind == "act":
        i, _, label = rest.partition(":")
        items = bar(scene)
        if i.isdigit() and int(i) < len(items) and items[int(i)][0] == label:
            scene.pending_origins = origins(scene.layout, m, scene.app.size)
            scene.choose(items[int(i)][1])
    elif kind in ("stock", "pile"):
        scene.pending_origins = origins(scene.layout, m, scene.app.size)
        scene.act(m.tap_stock() if kind == "stock" else m.tap_pile())
    elif kind == "sort":
        m.sort()
    elif kind == "log":
        scene.show_log = not scene.show_log
    elif kind == "menu":
        scene.pause()
    elif kind == "offer":
        offer = seven.pending_offer(m.view) if m.my_turn else None
        if offer is not None and offer.asked == m.viewer:
            scene.pending_origins = origins(scene.layout, m, scene.app.size)
            scene.act(m.play(offer.take if rest == "take" else offer.refuse))


def places(scene: Mirrored) -> dict[str, Box]:
    """Where the table draws the mirror's controls now (``Scene.mirror_places``): the bar's
    buttons, Sort, Log and Menu, each card of your hand where it shows (``HandLayout.face``),
    Take and Pass while you are asked, else the stock and the pile. A tap there does what
    activating the control does, so only what a tap reaches now has a place: nothing once the
    hand is over (a tap goes on to the summary), the bar alone while More… is open (a tap
    elsewhere closes it), the buttons alone while an opponent's melds are shown large, and
    nothing the open log covers."""
    if scene.model.state.phase in OVER:
        return {}
    out = _bar_places(scene)
    if scene.more:
        return out
    L = scene.layout
    out.update(sort=box(L.sort), menu=box(L.pause), log=box(L.log_button))
    if scene.inspect is None:
        out.update((action, box(r)) for action, r in _felt_places(scene)
                   if not (scene.show_log and r.overlaps(L.log_panel)))
    return out


def _bar_places(scene: Mirrored) -> dict[str, Box]:
    """The buttons the bar (or the column over it) draws, by their actions in the mirror,
    which has every button the bar offers (``bar``)."""
    items = bar(scene)
    out = {}
    for rect, item, label in scene.button_slots():
        i = next((i for i, pair in enumerate(items) if pair == (label, item)), None)
        if i is not None:  # More… and its Cancel are the bar's own
            out[f"act:{i}:{label}"] = box(rect)
    return out


def _felt_places(scene: Mirrored) -> Iterator[tuple[str, Rect]]:
    """Your hand's cards; then Take and Pass while you are asked about an offered discard (a
    tap elsewhere off your hand says what is asked), else the stock and the pile."""
    m, L = scene.model, scene.layout
    for i, c in enumerate(m.order[:len(L.hand.cards)]):
        face = L.hand.face(i, m.selected)
        if face is not None:
            yield f"card:{i}:{c}", face
    panel = scene.frame().offer_panel()
    if panel is not None and panel.take is not None and m.my_turn:
        yield from ((b.key, Rect(*box(b.rect))) for b in panel.buttons())
        return
    yield "stock", L.stock
    if m.state.options.discards is not Discards.OFFERED:
        yield "pile", L.pile
