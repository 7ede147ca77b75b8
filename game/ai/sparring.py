"""Sparring partners: two players written apart from the medium heuristics, and unlike them,
so every level can be measured against styles it was never tuned against.

- ``Greedy`` melds whenever a meld gains more than a few points, takes the pile when the new
  meld and the pile's useful cards beat a stock draw by a margin, and keeps its 2s while its
  hand is long.
- ``Hoarder`` holds its melds back until it can go out in one turn or its hand gets dangerous
  (an opponent nearly out, the stock nearly gone, a heavy hand), and takes big piles.

Both read only what a seat knows, through the fields a ``View`` and a search ``SeatKnowledge`` share
(``hand``, ``melds``, ``pile``, ``hand_counts``, ``known``, ``stock_count``, ``seat``,
``players``, ``options``, ``phase``), so the hard level can play them inside its sampled
worlds as opponent models. The rules they need come from the rules package itself (legal
listings, meld building, card values), never from ``heuristics.py``; only the order their
search for a way out tries melds in is shared (``ways_out``: a player of any style finds a
way out that needs a 2). The card values are those of the seat's own rules
(``scoring.values``), so in seven hands a 2 left in hand costs 50 and the queen of spades is
an ordinary queen.
"""

from __future__ import annotations

from ..rules import legal as rules_legal
from ..rules.actions import PILE_TAKES, Act, Action
from ..rules.cards import CARD_SLOTS, QUEEN_OF_SPADES, is_wild
from ..rules.melds import add_to, new_run, new_set
from ..rules.phase import Phase
from ..rules.scoring import meld_points, values
from .agent import BaseAgent
from .ways_out import fewest_wilds_first

# The enum members read in the playouts' loops, bound once: read through its class an enum
# member costs some ten times a global (docs/engine.md, "What the interpreter charges").
_ADD = Act.ADD
_DISCARD = Act.DISCARD
_DISCARD_OFFER_PHASE = Phase.DISCARD_OFFER
_DRAW = Act.DRAW
_DRAW_PHASE = Phase.DRAW
_MELD_PHASE = Phase.MELD
_OFFER_PHASE = Phase.OFFER
_PASS = Act.PASS
_RUN = Act.RUN
_SET = Act.SET
_SWAP = Act.SWAP
_TAKE_ADD = Act.TAKE_ADD
_TAKE_OFFER = Act.TAKE_OFFER
_TAKE_RUN = Act.TAKE_RUN
_TAKE_SWAP = Act.TAKE_SWAP
_TAKE_UPCARD = Act.TAKE_UPCARD

MELDS = (_SET, _RUN, _ADD)
STOCK_DRAW = 8.0
"""What an unknown stock card is worth to a hand, roughly: the bar a pile take must clear."""


# --------------------------------------------------------------------------- shared pieces


def _built(action: Action, melds, options):
    """The meld ``action`` makes or grows, and the meld it replaces (None for a new one)."""
    kind = action.kind
    if kind is _ADD or kind is _TAKE_ADD:
        old = melds[action.target]
        c = action.cards[0]
        return add_to(old, c, action.stands if action.stands >= 0 else c, options), old
    if kind is _RUN or kind is _TAKE_RUN:
        return new_run(action.cards, options), None
    return new_set(action.cards, options), None


def gain(action: Action, k, top: int = -1) -> float:
    """Points a meld action puts on the table plus the penalty its hand cards stop costing
    (``top``: the pile card a take lays, which never was in the hand)."""
    made, old = _built(action, k.melds[k.seat], k.options)
    if isinstance(made, str):
        return -1e9
    points = meld_points(made, k.options) - (meld_points(old, k.options) if old else 0)
    cards = list(action.cards)
    if top >= 0 and top in cards:
        cards.remove(top)
    in_hand = values(k.options)[1]
    return points + sum(in_hand[c] for c in cards)


def after(hand: list, melds: list, action: Action, options):
    """Own hand and melds once ``action`` (a meld or addition) is laid, or None."""
    made, _ = _built(action, melds, options)
    if isinstance(made, str):
        return None
    melds = list(melds)
    if action.kind is _ADD:
        melds[action.target] = made
    else:
        melds.append(made)
    hand = list(hand)
    for c in action.cards:
        hand.remove(c)
    return hand, melds


def out_path(hand: list, melds: list, options, nodes: int = 40,
             legal: list[Action] | None = None) -> list[Action] | None:
    """Meld actions that leave at most one card to discard (so the seat goes out this turn),
    by a depth-first search of at most ``nodes`` positions, the melds with the fewest wilds
    tried first (``ways_out``); None when none is found.
    ``legal``: the actions of this very position, if already listed."""
    left = [nodes]

    def search(h, ms, listed=None):
        if len(h) <= 1:
            return []
        if left[0] <= 0:
            return None
        left[0] -= 1
        if listed is None:
            listed = rules_legal.legal_actions(_MELD_PHASE, h, ms, [], options)
        acts = [a for a in listed if a.kind in MELDS]
        covered = set()
        for a in acts:
            covered.update(a.cards)
        loose = 0
        for c in h:
            if c not in covered:
                loose += 1
                if loose > 1:
                    return None  # two cards no meld can take: this hand cannot be emptied now
        for a in sorted(acts, key=fewest_wilds_first):
            nxt = after(h, ms, a, options)
            if nxt is not None:
                rest = search(*nxt)
                if rest is not None:
                    return [a] + rest
        return None

    return search(list(hand), list(melds), legal)


def _promise(c: int, hand, counts: dict) -> float:
    """How much a card in hand promises: wilds most, then pairs, then run neighbours
    (``hand``: a list or a set, only asked what it holds)."""
    if c < 12 and (c > 7 or c == 0):  # is_wild, inline
        return 60.0
    keep = 15.0 if counts.get(c >> 2, 0) >= 2 else 0.0
    for other, w in _NEIGHBOURS[c]:
        if other in hand:
            keep += w
    return keep


def _neighbours(c: int) -> tuple[tuple[int, float], ...]:
    """The cards one and two ranks from ``c`` in its suit that ``_promise`` counts, each with
    its weight, in the order they are counted (an ace also sits above the king)."""
    r, s = c >> 2, c & 3
    out = [(q * 4 + s, w) for d, w in ((1, 8.0), (2, 3.0)) for q in (r - d, r + d)
           if 1 <= q <= 13]
    if r == 1:
        out.append((s + 13 * 4, 8.0))
    return tuple(out)


_NEIGHBOURS = tuple(_neighbours(c) for c in range(CARD_SLOTS))
"""``_neighbours`` of every card, worked out once: a discard asks it of every card held."""


def _counts(hand) -> dict:
    counts: dict = {}
    for c in hand:
        if not (c < 12 and (c > 7 or c == 0)):  # not is_wild, inline
            counts[c >> 2] = counts.get(c >> 2, 0) + 1
    return counts


def _pile_rest(k, hand: list, rest) -> float:
    """What the pile's other cards are worth joining ``hand``: useful ones up, deadwood and an
    unpartnered Q♠ down."""
    value = 0.0
    joined = hand + list(rest)
    counts = _counts(joined)
    melded, in_hand = values(k.options)
    for c in rest:
        if c == QUEEN_OF_SPADES and k.options.queen_of_spades_rules:
            value += 20.0 if counts.get(12, 0) >= 2 else -60.0
        elif is_wild(c) or _promise(c, joined, counts) >= 8.0:
            value += 0.5 * melded[c] + (10.0 if is_wild(c) else 0.0)
        else:
            value -= 0.3 * in_hand[c]
    return value


def take_worth(action: Action, k, wild_cost: float) -> float:
    """A draw-phase action's worth against a stock draw (0): the new meld, the pile's other
    cards, less ``wild_cost`` per 2 taken from the hand."""
    pile = k.pile
    if action.kind not in PILE_TAKES or not pile:
        return 0.0
    top = pile[-1]
    if action.kind is _TAKE_SWAP:
        value = 40.0
    else:
        value = gain(action, k, top)
    hand = list(k.hand)
    used = list(action.cards)
    if top in used:
        used.remove(top)
    if action.kind is _TAKE_SWAP:
        used = []
    for c in used:
        hand.remove(c)
        if is_wild(c):
            value -= wild_cost
    return value + _pile_rest(k, hand, pile[:-1]) - STOCK_DRAW


def best_discard(k, legal: list[Action], feed_guard: bool = False) -> Action:
    """The discard costing the most in hand and promising least; ``feed_guard`` also spares
    ranks the next player is known to collect."""
    counts = _counts(k.hand)
    hand = set(k.hand)  # (membership is all ``_promise`` asks of the hand)
    watched = set()
    if feed_guard and k.players > 1:
        watched = {c >> 2 for c in k.known[(k.seat + 1) % k.players] if not is_wild(c)}
    in_hand = values(k.options)[1]
    best, best_v = None, -1e9
    for a in legal:
        if a.kind is not _DISCARD:
            continue
        c = a.cards[0]
        v = in_hand[c] - _promise(c, hand, counts)
        if (c >> 2) in watched and not is_wild(c):
            v -= 25.0
        if v > best_v:
            best, best_v = a, v
    return best if best is not None else legal[0]


def _offer(k, legal: list[Action]) -> Action:
    """The first upcard or an offered discard: take it when it pairs or is wild."""
    top = k.pile[-1] if k.pile else -1
    hand = list(k.hand)
    wanted = top >= 0 and (is_wild(top) or _promise(top, hand + [top], _counts(hand + [top]))
                           >= 15.0)
    for a in legal:
        if (a.kind is _TAKE_UPCARD or a.kind is _TAKE_OFFER) if wanted \
                else a.kind is _PASS:
            return a
    return legal[0]


def _draw(k, legal: list[Action], margin: float, wild_cost: float) -> Action:
    best, best_v = None, margin
    for a in legal:
        if a.kind in PILE_TAKES:
            v = take_worth(a, k, wild_cost)
            if v > best_v:
                best, best_v = a, v
    if best is not None:
        return best
    return next((a for a in legal if a.kind is _DRAW), legal[0])


def _best_meld(k, legal: list[Action], least: float, spare_wilds: bool) -> Action | None:
    best, best_v = None, least
    for a in legal:
        if a.kind is _SWAP:
            v = 30.0  # the joker comes back to hand
        elif a.kind in MELDS:
            if spare_wilds and any(is_wild(c) for c in a.cards) \
                    and QUEEN_OF_SPADES not in a.cards and a.stands != QUEEN_OF_SPADES:
                continue
            v = gain(a, k)
        else:
            continue
        if v > best_v:
            best, best_v = a, v
    return best


# --------------------------------------------------------------------------- the players


GREEDY_LEAST = 4.0
"""A meld gaining more than this is laid at once."""
GREEDY_MARGIN = 10.0
"""A pile take must beat a stock draw by this much."""
LONG_HAND = 6
"""While the hand holds more cards than this, the greedy player keeps its 2s."""


def greedy_choice(k, legal: list[Action]) -> Action:
    """The greedy player's action for the seat of ``k`` (a ``View`` or a ``SeatKnowledge``)."""
    if len(legal) == 1:
        return legal[0]
    phase = k.phase
    if phase is _OFFER_PHASE or phase is _DISCARD_OFFER_PHASE:
        return _offer(k, legal)
    if phase is _DRAW_PHASE:
        return _draw(k, legal, GREEDY_MARGIN, 12.0 if len(k.hand) > LONG_HAND else 0.0)
    hand = list(k.hand)
    if len(hand) <= LONG_HAND + 2:
        path = out_path(hand, list(k.melds[k.seat]), k.options, 30, legal)
        if path:
            return path[0]
        if path == []:
            return best_discard(k, legal)
    meld = _best_meld(k, legal, GREEDY_LEAST, spare_wilds=len(hand) > LONG_HAND)
    return meld if meld is not None else best_discard(k, legal)


HOARD_PILE = 4
"""The hoarder takes any pile of at least this many cards it legally can."""
HEAVY_HAND = 150
"""Penalty in hand (points) at which the hoarder stops holding back."""


def dangerous(k, near: int = 4) -> bool:
    """Whether holding back no longer pays: someone nearly out (``near`` cards or fewer), the
    stock nearly gone, or too many points at risk in hand."""
    others = [n for s, n in enumerate(k.hand_counts) if s != k.seat]
    if others and min(others) <= near:
        return True
    if k.stock_count <= 3 * k.players:
        return True
    in_hand = values(k.options)[1]
    return sum(in_hand[c] for c in k.hand) >= HEAVY_HAND or len(k.hand) >= 18


def hoarder_choice(k, legal: list[Action]) -> Action:
    """The hoarder's action for the seat of ``k`` (a ``View`` or a ``SeatKnowledge``)."""
    if len(legal) == 1:
        return legal[0]
    phase = k.phase
    if phase is _OFFER_PHASE or phase is _DISCARD_OFFER_PHASE:
        return _offer(k, legal)
    if phase is _DRAW_PHASE:
        takes = [a for a in legal if a.kind in PILE_TAKES]
        if takes and len(k.pile) >= HOARD_PILE:
            return max(takes, key=lambda a: take_worth(a, k, 0.0))
        return _draw(k, legal, 0.0, 0.0)
    path = out_path(list(k.hand), list(k.melds[k.seat]), k.options, 40, legal)
    if path:
        return path[0]
    if path == []:
        return best_discard(k, legal, feed_guard=True)
    if dangerous(k):
        meld = _best_meld(k, legal, 0.0, spare_wilds=False)
        if meld is not None:
            return meld
    return best_discard(k, legal, feed_guard=True)


class Greedy(BaseAgent):
    """Melds now, takes piles that pay, keeps its 2s while its hand is long."""

    name = "greedy"

    def decide(self, view, legal: list[Action]) -> Action:
        return greedy_choice(view, legal)


class Hoarder(BaseAgent):
    """Holds melds back until it can go out or must not wait; takes big piles."""

    name = "hoarder"

    def decide(self, view, legal: list[Action]) -> Action:
        return hoarder_choice(view, legal)
