"""Shared helpers for the rules tests: set up a position from explicit cards, play action texts,
and check that an action is accepted or refused (by both the checker and the legal-action
generator).

Seats are 0-based in the engine (seat 0 is "seat 1" to players).
"""

from __future__ import annotations

from collections import Counter

import pytest
from listing import reaches

from game.rules.actions import Act, Action, parse_action
from game.rules.cards import card_text, deck, parse_card
from game.rules.deal import Deal
from game.rules.options import DIGITAL, Discards
from game.rules.state import IllegalAction, Phase, State


def cards(text: str) -> list[int]:
    """Card integers from space-separated codes."""
    return [parse_card(w) for w in text.split()]


def codes(cs) -> list[str]:
    return [card_text(c) for c in cs]


def position(*hands: str, pile: str = "", stock: str = "", first_seat: int = 0,
             seed: int = 1, options=DIGITAL) -> State:
    """A state dealt from explicit hands (space-separated codes), pile (bottom first) and the
    top of the stock (top card first); every other card goes below in the stock. Where
    discards are offered there is no pile: ``pile`` is left out (its cards go to the stock)."""
    pile = _pile(pile, options)
    deal = Deal.arranged(options, hands=[h.split() for h in hands], pile=pile.split(),
                         stock_top=stock.split())
    return State(options, len(hands), seed, first_seat=first_seat, deal=deal)


def _pile(pile: str, options) -> str:
    return "" if options.discards is Discards.OFFERED else pile


def exact_position(*hands: str, pile: str = "", stock: str = "", rest_to: int = -1,
                   first_seat: int = 0, seed: int = 1, options=DIGITAL) -> State:
    """A state whose stock is exactly ``stock`` (top card first): every card of the deck not
    named anywhere goes into the hand of seat ``rest_to`` (default: the last seat). Where
    discards are offered ``pile`` is left out, as in ``position``."""
    hands_c = [cards(h) for h in hands]
    pile_c, stock_c = cards(_pile(pile, options)), cards(stock)
    rest = Counter(deck(options.jokers))
    rest.subtract(c for h in hands_c for c in h)
    rest.subtract(pile_c)
    rest.subtract(stock_c)
    assert all(n >= 0 for n in rest.values()), "more copies than the deck holds"
    hands_c[rest_to] += list(rest.elements())
    deal = Deal(tuple(tuple(sorted(h)) for h in hands_c), tuple(stock_c), tuple(pile_c))
    return State(options, len(hands), seed, first_seat=first_seat, deal=deal)


def act(a) -> Action:
    return parse_action(a) if isinstance(a, str) else a


def play(state: State, *actions):
    """Apply each action (text or Action); return the events of the last one."""
    events = []
    for a in actions:
        events = state.apply(act(a))
    return events


def _norm(a: Action):
    """Sets are multisets: compare them regardless of the order the cards are written in."""
    if a.kind in (Act.SET, Act.TAKE_SET):
        return (a.kind, tuple(sorted(a.cards)), a.target, a.stands)
    return tuple(a)


def is_listed(state: State, a) -> bool:
    """Whether ``state.legal_actions()`` offers ``a``: lists it, or (for a legal action) reaches
    the position it leads to by listed actions in the same turn, as docs/engine.md promises."""
    a = act(a)
    want = _norm(state.named(a))
    if any(_norm(x) == want for x in state.legal_actions()):
        return True
    return state.check(a) is None and reaches(state, a)


def accept(state: State, a):
    """``a`` is legal by the checker and listed by the generator; apply it, return events."""
    a = act(a)
    assert state.check(a) is None, f"{a} refused: {state.check(a)}"
    assert is_listed(state, a), f"{a} passes the check but is not in legal_actions()"
    return state.apply(a)


def refuse(state: State, a, reason: str, *, listed_check: bool = True):
    """``a`` is refused with a message containing ``reason`` (case-insensitive), by ``check``
    and by ``apply`` (raising IllegalAction), the state is unchanged, and the generator does
    not list it."""
    a = act(a)
    before = state.snapshot()
    why = state.check(a)
    assert why is not None, f"{a} was accepted"
    assert reason.lower() in why.lower(), f"{a}: expected {reason!r} in {why!r}"
    with pytest.raises(IllegalAction) as info:
        state.apply(a)
    assert reason.lower() in str(info.value).lower()
    assert state.snapshot() == before, "a refused action changed the state"
    if listed_check and isinstance(a, Action):
        assert not is_listed(state, a), f"{a} is refused but listed in legal_actions()"
    return why


__all__ = ["Act", "Action", "Deal", "DIGITAL", "IllegalAction", "Phase", "State", "accept",
           "act", "cards", "codes", "exact_position", "is_listed", "parse_action", "play",
           "position", "refuse"]
