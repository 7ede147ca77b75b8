"""Runs INSIDE the browser page's Python (Pyodide), sent there by test_browser_table.py: asks
the running app where a player would tap next. It never touches the game's state;
the taps themselves are real browser input (Playwright touches or mouse clicks).

Positions are in surface pixels; the test divides by the page's pixel ratio for CSS pixels.
"""

import dataclasses

from arlington_measure import running_app as app  # tools/web/measure.py, sent in beside this

from game.rules.cards import QUEEN_OF_SPADES
from game.rules.state import Phase
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.page import PageScene


def scene() -> str:
    return type(app().scenes.top).__name__


def size() -> list:
    return list(app().size)


def control(key: str):
    """The centre of the top scene's fixed button ``key`` (menu column, page footer or back)."""
    top = app().scenes.top
    if isinstance(top, MenuScene):
        buttons = [(b.key, b) for b in top.layout().buttons]
    elif isinstance(top, PageScene):
        lay = top.layout()
        buttons = [(b.key, b) for b in lay.footer]
        if lay.back is not None:
            buttons.append(("back", lay.back))
    else:
        return None
    for k, b in buttons:
        if k == key:
            return list(b.rect.center)
    return None


def faster() -> None:
    """The player's own setting at its fastest: no animation, short computer thinking."""
    a = app()
    a.apply_settings(dataclasses.replace(a.settings, animation_speed=0.0, think_seconds=0.1))


def _table(on_top: bool = True):
    """The table scene: only when it is on top, or (``on_top=False``) anywhere in the stack."""
    stack = app().scenes.stack
    if on_top:
        return stack[-1] if stack and type(stack[-1]).__name__ == "TableScene" else None
    return next((s for s in reversed(stack) if type(s).__name__ == "TableScene"), None)


def waiting() -> dict:
    """Whether the table waits for the person (or has handed over to another scene)."""
    table = _table()
    if table is None:
        return {"scene": scene(), "ready": True}
    st = table.game.state
    over = st.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    ready = not table.busy and (over or table.seats[st.turn].is_person)
    return {"scene": "TableScene", "ready": ready, "phase": st.phase.name,
            "actions": len(table.game.actions), "hand": len(st.hands[st.turn]),
            "selected": sorted(table.model.selected), "confirm": table.model.confirm is not None}


def step() -> dict:
    """``waiting()``, plus the next tap once the person may act (one call instead of two)."""
    state = waiting()
    if state["ready"] and state["scene"] == "TableScene" and state["phase"] not in (
            "HAND_OVER", "MATCH_OVER"):
        state["tap"] = next_tap()
    return state


def _button(table, label: str):
    for rect, _, text in table._button_slots():
        if text == label:
            return list(rect.center)
    return None


def next_tap() -> dict:
    """The next tap of a simple player: draw from the stock, then discard the first card that
    is not the Q♠ (confirming when that goes out)."""
    table = _table()
    st, m, lay = table.game.state, table.model, table.layout
    if m.confirm is not None:
        return {"what": "go out", "pos": _button(table, "Go out")}
    if st.phase is not Phase.MELD:
        return {"what": "stock", "pos": list(lay.stock.center)}
    hand = st.hands[st.turn]
    card = next((c for c in hand if c != QUEEN_OF_SPADES), hand[0])
    i = m.order.index(card)
    if m.selected and m.selected != {i}:  # a stray selection: tap it off first
        return {"what": "unselect", "pos": _corner(lay.hand.cards[min(m.selected)])}
    if not m.selected:
        return {"what": "card", "card": card, "pos": _corner(lay.hand.cards[i])}
    return {"what": "pile", "card": card, "pos": list(lay.pile.center)}


def _corner(r) -> list:
    """A card's corner index: the part that stays visible when the hand is fanned."""
    return [r.x + max(4, r.w // 8), r.y + r.h // 3]


def action(i: int):
    """The match's action number ``i`` (the table's record), or None if there is none yet."""
    table = _table(on_top=False)
    if table is None or len(table.game.actions) <= i:
        return None
    a = table.game.actions[i]
    return {"kind": a.kind.name, "cards": list(a.cards)}


def position() -> dict:
    """What a reload must restore: the match's record and the first seat's hand."""
    table = _table(on_top=False)
    st = table.game.state
    return {"actions": [str(a) for a in table.game.actions], "hand": sorted(st.hands[0]),
            "phase": st.phase.name, "turn": st.turn, "seed": table.game.setup.seed}
