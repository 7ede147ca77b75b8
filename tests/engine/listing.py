"""The listing contract of ``legal_actions()`` (docs/engine.md, "What legal_actions lists"), as
test helpers: when two positions count as the same, whether listed actions reach the position a
legal action leads to, and every legal action of a small hand found by brute force (built from
the cards and filtered by ``State.check``, without asking the generator)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from game.rules.actions import Act, Action
from game.rules.cards import ACE, ACE_HIGH, card, is_wild
from game.rules.melds import MeldKind
from game.rules.state import Phase, State

ANY_TWO = 8
"""What every 2 but a natural one becomes in a position: 2s are interchangeable as wilds."""


def _two(c: int) -> int:
    return ANY_TWO if 8 <= c < 12 else c


def _meld_key(meld) -> tuple:
    if meld.kind is MeldKind.RUN:
        cards = tuple(c if c == meld.stands_for(i) else _two(c) for i, c in enumerate(meld.cards))
    else:
        cards = tuple(sorted(map(_two, meld.cards)))
    return meld.kind, meld.rank, meld.suit, meld.wilds, cards


def position(state: State) -> tuple:
    """Everything that makes ``state``, with the suits of 2s forgotten except where a 2 stands
    in its own place in a run: what "the same position" means in the listing contract. What
    the others know a seat holds is left out: spending a known 2 or another is the same move."""
    out = []
    for name in State.__slots__:
        if name == "known":
            continue
        value = getattr(state, name)
        if name == "hands":
            value = tuple(tuple(sorted(map(_two, h))) for h in value)
        elif name == "melds":
            value = tuple(tuple(map(_meld_key, ms)) for ms in value)
        elif isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        out.append(value)
    return tuple(out)


def after(state: State, action: Action) -> State:
    s = state.copy()
    s.apply(action)
    return s


def reaches(state: State, action: Action, max_steps: int = 8) -> bool:
    """Whether a listed action, or a sequence of up to ``max_steps`` listed actions in the same
    turn, leads to the position the legal ``action`` leads to."""
    target_state = after(state, action)
    target = position(target_state)
    seat = state.turn
    want = Counter(map(_two, target_state.hands[seat]))
    melds_wanted = len(target_state.melds[seat])
    frontier, seen = [state], {state.snapshot()}  # exact: which 2 is left may matter later
    for _ in range(max_steps):
        nxt = []
        for s in frontier:
            if s.turn != seat or s.phase not in (Phase.DRAW, Phase.MELD):
                continue
            for a in s.legal_actions():
                if s is not state and a.kind in (Act.DISCARD, Act.SWAP):
                    continue  # after the first step only cards going down can get there
                t = after(s, a)
                key = position(t)
                if key == target:
                    return True
                exact = t.snapshot()
                if exact in seen or len(t.melds[seat]) > melds_wanted:
                    continue
                if want - Counter(map(_two, t.hands[seat])):
                    continue  # a card the target still holds has gone
                seen.add(exact)
                nxt.append(t)
        frontier = nxt
        if not frontier:
            break
    return False


# ----------------------------------------------------------------- brute force


def _runs(hand, suit: int, top: int = -1):
    """Every way to lay cards of ``hand`` (plus ``top``) as a run of ``suit``: each place of
    each window holds its natural or any wild held, within the cards held."""
    pool = Counter(hand)
    if top >= 0:
        pool[top] += 1
    wilds = [c for c in pool if is_wild(c)]
    size = sum(pool.values())
    out = []

    def fill(places, i, used, cards):
        if i == len(places):
            out.append(tuple(cards))
            return
        p = places[i]
        natural = card(p, suit)
        for c in {natural, *wilds}:
            if used[c] < pool[c]:
                used[c] += 1
                cards.append(c)
                fill(places, i + 1, used, cards)
                cards.pop()
                used[c] -= 1

    for low in range(ACE, ACE_HIGH - 1):
        for high in range(low + 2, min(ACE_HIGH, low + size - 1) + 1):
            fill(list(range(low, high + 1)), 0, Counter(), [])
    return out


def legal_by_brute_force(state: State) -> list[Action]:
    """Every legal action of the seat to move, built from its cards without ``legal.py`` and
    kept when ``check`` accepts it (meant for hands of up to about nine cards)."""
    hand, melds = state.hands[state.turn], state.melds[state.turn]
    distinct = sorted(set(hand))
    cands = [Action(Act.DRAW), Action(Act.PASS), Action(Act.TAKE_UPCARD)]
    cands += [Action(Act.TAKE_OFFER, (c,)) for c in state.pile[-1:]]
    cands += [Action(Act.DISCARD, (c,)) for c in distinct]
    names = [-1, *range(4, 56)]
    for i in range(len(melds)):
        for c in distinct:
            cands += [Action(Act.ADD, (c,), i, n) for n in (names if is_wild(c) else (-1, c))]
            cands.append(Action(Act.SWAP, (c,), i))
    if state.phase is Phase.MELD:
        for k in (3, 4):
            cands += [Action(Act.SET, combo) for combo in set(combinations(hand, k))]
        for suit in range(4):
            cands += [Action(Act.RUN, cards) for cards in _runs(hand, suit)]
    if state.phase is Phase.DRAW and state.pile:
        top = state.pile[-1]
        for k in (2, 3):
            cands += [Action(Act.TAKE_SET, (top, *combo)) for combo in set(combinations(hand, k))]
        for suit in range(4):
            cands += [Action(Act.TAKE_RUN, cards) for cards in _runs(hand, suit, top)
                      if top in cards]
        for i in range(len(melds)):
            cands += [Action(Act.TAKE_ADD, (top,), i, n) for n in names]
            cands.append(Action(Act.TAKE_SWAP, (top,), i))
    return [a for a in dict.fromkeys(cands) if state.check(a) is None]


