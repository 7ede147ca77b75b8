"""The medium level's judgement, as fast functions of a ``SeatKnowledge`` and the legal actions.

Used directly by the medium level, with noise by the easy level, and by the hard level's search
for move ordering and playouts. Everything is read from the options and the legal actions (meld
slots, run length, what a take needs), so a new rule variant needs no change here.

In short: go out when the hand can be emptied this turn; take the pile when the new set and the
useful cards in it are worth it; meld runs, natural sets, lay-offs and anything with the Q♠ at
once, but hold pairs and 2s for pile takes until the hand nears its end, then meld everything;
discard the costliest deadwood that does not let the next player take a fat pile.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..rules import legal as rules_legal
from ..rules.actions import Act, Action
from ..rules.cards import ACE, ACE_HIGH, CARD_SLOTS, QUEEN, QUEEN_OF_SPADES, SPADES, is_wild
from ..rules.melds import MeldKind, add_to, new_run, new_set
from ..rules.options import Discards
from ..rules.phase import Phase
from ..rules.scoring import meld_points
from .knowledge import SeatKnowledge
from .outs import outs
from .ways_out import fewest_wilds_first

# The enum members read in the playouts' loops, bound once: read through its class an enum
# member costs some ten times a global (docs/engine.md, "What the interpreter charges").
_ADD = Act.ADD
_DISCARD = Act.DISCARD
_DRAW = Act.DRAW
_MELD_PHASE = Phase.MELD
_OFFERED_DISCARDS = Discards.OFFERED
_PASS = Act.PASS
_PILE_DISCARDS = Discards.PILE
_RUN = Act.RUN
_SET = Act.SET
_SET_MELD = MeldKind.SET
_SWAP = Act.SWAP
_TAKE_ADD = Act.TAKE_ADD
_TAKE_OFFER = Act.TAKE_OFFER
_TAKE_RUN = Act.TAKE_RUN
_TAKE_SET = Act.TAKE_SET
_TAKE_SWAP = Act.TAKE_SWAP
_TAKE_UPCARD = Act.TAKE_UPCARD
_TWOS_MELD = MeldKind.TWOS

QS = QUEEN_OF_SPADES


@dataclass(frozen=True)
class Style:
    """Knobs of the heuristic policy (medium is the default; easy and hard tweak them)."""

    feed_weight: float = 1.0
    """How much the risk of feeding the next player a pile counts in a discard."""
    hold_wilds: bool = True
    """Keep 2s (and pairs needing them) for pile takes until the hand nears its end (where
    there is a pile to take: an offered discard is taken alone)."""
    take_margin: float = 4.0
    """A pile take must be worth this much more than a draw."""
    go_out_nodes: int = 60
    """Search effort spent looking for a way to go out this turn."""
    keep_weight: float = 1.0
    """How much a card's promise (pairs, run neighbours) counts against its penalty."""
    outs_weight: float = 0.0
    """How much a card's outs (``outs.outs``: the unseen cards that would complete a meld it is
    part of) count toward keeping it in a discard: a pair whose rank is dead promises nothing."""
    pile_cap: int = 0
    """Never take a pile that brings more than this many cards besides its top (0: no cap)."""
    wild_take_cost: float = 14.0
    """What a 2 from the hand spent on a pile take costs (with ``hold_wilds``)."""
    take_to_go_out: bool = False
    """Take the pile whenever the take lets the hand go out this very turn (a way out found by
    ``go_out_path`` within ``go_out_nodes``), whatever the pile's size or the margin: the hand
    ends before its other cards cost anything."""


MEDIUM = Style(keep_weight=1.5)
"""Medium: a card's promise counts one and a half times its penalty in a discard (against the
tuning styles of docs/ai.md this kept more pairs and run neighbours to good effect)."""
PLAYOUT = replace(MEDIUM, go_out_nodes=12)
"""Medium with a smaller go-out search, for the opponents medium stands in for in the hard
level's playouts."""
HARD = replace(MEDIUM, take_margin=80.0, outs_weight=3.0, wild_take_cost=26.0,
               take_to_go_out=True)
"""The hard level's own judgement (its prior and its own seat in the playouts) where runs grow
without end (classic, book, seven): medium's, but a pile is taken only when it beats a stock
draw by far, a 2 spent on a take costs more, and a card is kept for its outs as well as its
promise. Medium takes piles that bring more cards to shed than they are worth, and keeps dead
pairs; against every tuning style this beats medium by 30-200 a deal (docs/ai.md). A take that
goes out is always made."""
HARD_SHORT = replace(HARD, take_margin=30.0, pile_cap=4)
"""The hard judgement where no meld holds more than four cards (digital): there a big pile's
other cards seldom find a meld and must be shed one a turn while the opponents go out, so no
pile bringing more than four of them is taken, and a smaller one at a smaller margin."""
HARD_PLAYOUT = replace(HARD, go_out_nodes=12)
HARD_SHORT_PLAYOUT = replace(HARD_SHORT, go_out_nodes=12)
"""The two hard judgements with a smaller go-out search, for the hard level's own seat in its
playouts."""


MELD_NOW = Style(hold_wilds=False)
"""How much a meld is worth laid now, holding nothing back (the hard level's meld-now
candidate)."""


def hard_style(options, playout: bool = False) -> Style:
    """The hard judgement for these rules (``HARD`` or ``HARD_SHORT``), with the smaller go-out
    search of the hard level's own seat in its playouts when ``playout``."""
    if options.run_max is not None:
        return HARD_SHORT_PLAYOUT if playout else HARD_SHORT
    return HARD_PLAYOUT if playout else HARD


# --------------------------------------------------------------------------- own melds


def apply_own(hand: list, melds: list, action: Action, options) -> tuple[list, list] | None:
    """Hand and melds after laying ``action`` (a set, run or addition), or None if refused."""
    kind = action.kind
    if kind not in MELDING:
        return None
    if kind is _ADD:
        stands = action.stands if action.stands >= 0 else action.cards[0]
        grown = add_to(melds[action.target], action.cards[0], stands, options)
        if isinstance(grown, str):
            return None
        melds = list(melds)
        melds[action.target] = grown
    else:
        made = new_run(action.cards, options) if kind in (_RUN, _TAKE_RUN) \
            else new_set(action.cards, options)
        if isinstance(made, str):
            return None
        melds = list(melds) + [made]
    hand = list(hand)
    for c in action.cards:
        hand.remove(c)
    return hand, melds


MELDING = (_SET, _RUN, _ADD)


def _meld_actions(hand, melds, options) -> list[Action]:
    return [a for a in rules_legal.legal_actions(_MELD_PHASE, hand, melds, [], options)
            if a.kind in MELDING]


def _hopeless(hand, acts) -> bool:
    """True when two or more natural cards fit no meld action: the hand cannot be emptied."""
    if not acts:
        return True
    covered = set()
    for a in acts:
        covered.update(a.cards)
    loose = 0
    for c in hand:
        if c not in covered and not is_wild(c):
            loose += 1
            if loose > 1:
                return True
    return False


def go_out_path(hand: list, melds: list, options, legal: list[Action] | None,
                nodes: int = 120) -> list[Action] | None:
    """Meld actions that leave at most one card (then discarded), found by a small search;
    None when none is found within ``nodes`` positions. ``[]`` means: discard the last card."""
    if len(hand) <= 1:
        return []
    acts = [a for a in legal if a.kind in MELDING] if legal is not None \
        else _meld_actions(hand, melds, options)
    if _hopeless(hand, acts):
        return None
    budget = [nodes]
    seen = set()

    def dfs(h, ms, actions):
        if len(h) <= 1:
            return []
        key = (tuple(h), tuple(ms))
        if key in seen or budget[0] <= 0:
            return None
        seen.add(key)
        budget[0] -= 1
        if actions is None:
            actions = _meld_actions(h, ms, options)
            if _hopeless(h, actions):
                return None
        actions = sorted(actions, key=fewest_wilds_first)
        for a in actions:
            nxt = apply_own(h, ms, a, options)
            if nxt is None:
                continue
            rest = dfs(nxt[0], nxt[1], None)
            if rest is not None:
                return [a] + rest
        return None

    return dfs(list(hand), list(melds), acts)


# --------------------------------------------------------------------------- card promise


def _neighbours(c: int) -> tuple[tuple[int, float], ...]:
    """The cards one or two places from natural ``c`` in a run of its suit (the ace low and
    above the king), each with its weight as a neighbour, in the order they are counted."""
    r, s = c >> 2, c & 3
    positions = (r, ACE_HIGH) if r == ACE else (r,)
    out = []
    for p in positions:
        for d, w in ((-1, 7.0), (1, 7.0), (-2, 3.0), (2, 3.0)):
            q = p + d
            if 1 <= q <= ACE_HIGH:
                other = (1 if q == ACE_HIGH else q) * 4 + s
                if other != c:
                    out.append((other, w))
    return tuple(out)


_NEIGHBOURS = tuple(_neighbours(c) for c in range(CARD_SLOTS))
"""``_neighbours`` of every card, worked out once: a discard asks it of every card held."""


def _run_neighbours(c: int, hand_set: set) -> float:
    k = 0.0
    for other, w in _NEIGHBOURS[c]:
        if other in hand_set:
            k += w
    return k


def keep_value(c: int, hand: list, t: SeatKnowledge, late: float, rank_counts: list,
               hand_set: set | None = None) -> float:
    """How much holding ``c`` promises (pairs, run neighbours, the Q♠'s partners).
    ``hand_set``: ``set(hand)``, when the caller already has it (a discard ranks every card)."""
    if c < 12 and (c > 7 or c == 0):  # a wild (is_wild, inline: the playouts' hottest test)
        return 40.0 * (1.0 - 0.6 * late)
    r = c >> 2
    n = rank_counts[r]
    k = 0.0
    if n >= 2:
        k += 14.0 + (6.0 if n >= 3 else 0.0)
    else:
        unseen = t.unseen()
        live = unseen[r * 4] + unseen[r * 4 + 1] + unseen[r * 4 + 2] + unseen[r * 4 + 3]
        k += 1.2 * live
    held = hand_set if hand_set is not None else set(hand)
    k += _run_neighbours(c, held)
    if (r == QUEEN or (c & 3 == SPADES and r in (10, 11, 13))) and c != QS \
            and t.queen_special and QS in held:
        k += 14.0
    return k * (1.0 - 0.55 * late)


def _at_least(p: float, m: int, need: int) -> float:
    """P(at least ``need`` successes in ``m`` draws of probability ``p``) (need 0..2)."""
    if need <= 0:
        return 1.0
    if m < need or p <= 0:
        return 0.0
    q = 1.0 - p
    none = q ** m
    if need == 1:
        return 1.0 - none
    return max(0.0, 1.0 - none - m * p * q ** (m - 1))


def take_chance(c: int, t: SeatKnowledge, seat: int, _cache: dict | None = None) -> float:
    """Chance that ``seat`` can take the pile if ``c`` lies on top (current rules: top + two
    from hand make a new set; any other take rule is approximated the same way)."""
    wild = c < 12 and (c > 7 or c == 0)  # is_wild, inline
    r = c >> 2
    if _cache is not None and not wild and r in _cache:
        return _cache[r]  # (the cache is kept for one seat: nothing below changes by card)
    slots = t.options.meld_slots
    if slots is not None and len(t.melds[seat]) >= slots:
        return 0.0
    count = t.hand_counts[seat]
    if count < 2:
        return 0.0
    if wild:
        # Nearly any natural pair, natural and wild, or two more wilds will do.
        return 0.97 if count >= 6 else _at_least(0.35, count, 1)
    known = t.known[seat]
    unseen = t.unseen()
    pool = t.pool() or 1
    wild_unseen = unseen[0] + unseen[8] + unseen[9] + unseen[10] + unseen[11]
    m = max(0, count - len(known))
    helpful_known = 0
    for k in known:
        if k >> 2 == r or k < 12 and (k > 7 or k == 0):  # is_wild, inline
            helpful_known += 1
    helpful = unseen[r * 4] + unseen[r * 4 + 1] + unseen[r * 4 + 2] + unseen[r * 4 + 3] \
        + wild_unseen
    p = _at_least(helpful / pool, m, 2 - helpful_known)
    if _cache is not None:
        _cache[r] = p
    return p


def pile_worth(pile, top: int, melded: Sequence[int], base: float | None = None) -> float:
    """What the pile (with ``top`` on it) is worth to whoever takes it (``melded``: the card
    values)."""
    if base is None:
        base = 0.6 * sum(melded[x] for x in pile) + 4 * len(pile)
    return base + 3 * melded[top]


def feed_cost(c: int, t: SeatKnowledge, _cache: dict | None = None,
              _base: float | None = None) -> float:
    """Expected gain handed to the others by discarding ``c``: the next player's pile take,
    or, where discards are offered, whichever opponent wants the card (a partner taking it
    is a gain, counted against the cost)."""
    if t.options.discards is _OFFERED_DISCARDS:
        return offer_feed_cost(c, t)
    nxt = t.next_seat
    if nxt == t.seat:
        return 0.0
    chance = take_chance(c, t, nxt, _cache)
    return chance * pile_worth(t.pile, c, t.melded, _base) if chance else 0.0


def offer_feed_cost(c: int, t: SeatKnowledge) -> float:
    """What offering ``c`` to the other seats hands them: the chance that an opponent can
    meld it (as ``take_chance`` reckons a pair in hand) times its melded worth to them, less
    the same for a partner."""
    worth = 2.0 * t.melded[c] + (20.0 if is_wild(c) else 0.0)
    miss = 1.0
    partner_chance = 0.0
    for s in range(t.players):
        if s == t.seat:
            continue
        chance = take_chance(c, t, s)
        if t.options.partnerships and s % 2 == t.seat % 2:
            partner_chance = chance
        else:
            miss *= 1.0 - chance
    return ((1.0 - miss) - partner_chance) * worth


def _discard_terms(t: SeatKnowledge, legal: list[Action], style: Style):
    """Each legal discard's desirability before the feed risk, in legal order, and how to
    price that risk: ``(terms, feed)``; ``feed(c)`` is the weighted risk (0 when off), never
    negative."""
    hand = t.hand
    late = t.lateness()
    counts = [0] * 15
    for c in hand:
        if not (c < 12 and (c > 7 or c == 0)):  # not is_wild, inline
            counts[c >> 2] += 1
    hand_set = set(hand)
    cache: dict = {}
    base = 0.6 * sum(t.melded[x] for x in t.pile) + 4 * len(t.pile)
    keep_weight, feed_weight, outs_weight = style.keep_weight, style.feed_weight, \
        style.outs_weight
    unseen = t.unseen() if outs_weight else None
    in_hand, weight, discard = t.in_hand, 1.0 + late, _DISCARD
    terms = []
    for a in legal:
        if a.kind is not discard:
            continue
        c = a.cards[0]
        v = in_hand[c] * weight - keep_weight * keep_value(c, hand, t, late, counts, hand_set)
        if unseen is not None:
            v -= outs_weight * outs(c, hand_set, counts[c >> 2] >= 2, unseen)
        terms.append((v, a))

    def feed(c: int) -> float:
        return feed_weight * feed_cost(c, t, cache, base) if feed_weight else 0.0

    return terms, feed


def discard_scores(t: SeatKnowledge, legal: list[Action],
                   style: Style = MEDIUM) -> list[tuple[float, Action]]:
    """Every legal discard with its desirability (higher is better), best first."""
    if len(t.hand) == 1:
        return [(1000.0, a) for a in legal if a.kind is _DISCARD][:1]
    terms, feed = _discard_terms(t, legal, style)
    out = [(score - feed(a.cards[0]), a) for score, a in terms]
    out.sort(key=lambda x: -x[0])
    return out


def best_discard(t: SeatKnowledge, legal: list[Action], style: Style = MEDIUM) -> Action | None:
    """``discard_scores(t, legal, style)[0][1]`` (the same card, ties to the first listed)
    without pricing the feed risk of discards that cannot win: the risk only lowers a score,
    so once a card's score before it falls below the best found, no later card can win. The
    playouts make this choice at most of their steps."""
    if len(t.hand) == 1:
        return next((a for a in legal if a.kind is _DISCARD), None)
    terms, feed = _discard_terms(t, legal, style)
    best_i, best_v = -1, -math.inf
    for i in sorted(range(len(terms)), key=lambda i: -terms[i][0]):
        score, a = terms[i]
        if score < best_v:
            break
        v = score - feed(a.cards[0])
        if v > best_v or v == best_v and i < best_i:
            best_i, best_v = i, v
    return terms[best_i][1] if terms else None


# --------------------------------------------------------------------------- melding


def meld_value(a: Action, t: SeatKnowledge, late: float, style: Style = MEDIUM) -> float:
    """How much laying ``a`` now is worth; negative means hold it for now."""
    cards = a.cards
    holding = style.hold_wilds and late < 0.5 and t.options.discards is _PILE_DISCARDS
    if a.kind is _SWAP:  # a natural in for a joker, which comes back to hand
        return -1.0 if late >= 0.5 else t.melded[cards[0]] + t.in_hand[cards[0]] - 10.0
    if a.kind not in MELDING:
        return -1.0
    if a.kind is _ADD:  # a lay-off takes no meld slot
        c = cards[0]
        if not is_wild(c):
            return t.melded[c] + t.in_hand[c]
        if a.stands == QS and t.queen_special:
            return 200.0
        if holding:
            return -1.0
        meld = t.melds[t.seat][a.target]
        gain = t.melded[a.stands] if a.stands >= 0 else (25 if meld.kind is _TWOS_MELD
                                                          else t.melded[meld.rank * 4])
        return gain + t.in_hand[c]
    if QS in cards and t.queen_special:
        return 300.0 + len(cards)
    melded, in_hand = t.melded, t.in_hand
    wilds = natural = 0
    for c in cards:
        if c < 12 and (c > 7 or c == 0):  # is_wild, inline
            wilds += 1
        else:
            natural += melded[c] + in_hand[c]
    value = natural + 30.0 * wilds
    if wilds and holding:
        if wilds == len(cards):
            return value - 40.0 if len(cards) >= 4 else -1.0
        return -1.0
    slots = t.options.meld_slots
    if slots is not None and slots - len(t.melds[t.seat]) <= 1 and late < 0.5:
        return value - 60.0  # keep the last slot for a pile take unless it is worth it
    return value


def best_meld(t: SeatKnowledge, legal: list[Action], style: Style = MEDIUM) -> Action | None:
    """The meld or lay-off worth doing now, or None (go on to discard)."""
    late = t.lateness()
    best, best_v = None, 0.0
    for a in legal:
        if a.kind is _DISCARD:
            continue
        v = meld_value(a, t, late, style)
        if v > best_v:
            best, best_v = a, v
    return best


def choose_meld_phase(t: SeatKnowledge, legal: list[Action], style: Style = MEDIUM) -> Action:
    """A medium player's action after drawing."""
    path = go_out_path(t.hand, list(t.melds[t.seat]), t.options, legal, style.go_out_nodes)
    return meld_phase_choice(t, legal, style, path)


def meld_phase_choice(t: SeatKnowledge, legal: list[Action], style: Style,
                      path: list[Action] | None) -> Action:
    """``choose_meld_phase`` once the way out (``go_out_path``'s answer) is known."""
    if path is not None:
        if path:
            return path[0]
        discards = [a for a in legal if a.kind is _DISCARD]
        if discards:
            return discards[0]
    a = best_meld(t, legal, style)
    if a is not None:
        return a
    discard = best_discard(t, legal, style)
    return discard if discard is not None else legal[0]


# --------------------------------------------------------------------------- drawing


def _rest_gain(t: SeatKnowledge, hand: list, rest, late: float) -> float:
    """What cards joining ``hand`` from the pile are worth (useful ones up, deadwood down)."""
    if not rest:
        return 0.0
    new_hand = hand + list(rest)
    hand_set = set(new_hand)
    counts = [0] * 15
    for c in new_hand:
        if not is_wild(c):
            counts[c >> 2] += 1
    own = t.melds[t.seat]
    value = 0.0
    for x in rest:
        if is_wild(x):
            value += 16.0
            continue
        r = x >> 2
        useful = counts[r] >= 2 or _run_neighbours(x, hand_set) >= 7 or any(
            (m.kind is _SET_MELD and m.rank == r and len(m.cards) < 4) for m in own)
        if x == QS and t.queen_special:
            partners = counts[QUEEN] >= 2 or ((11 * 4) in hand_set and (13 * 4) in hand_set)
            value += 40.0 if partners else -45.0 * (0.5 + late)
        elif useful:
            value += 0.7 * t.melded[x]
        else:
            value -= 0.35 * t.in_hand[x] * (0.5 + 1.5 * late)
    return value


TAKE_OUT = math.inf
"""What ``take_value`` gives a take that goes out (``Style.take_to_go_out``): more than any
pile can be worth (not merely more than the 200 the largest seen were), so it is the one
chosen and the search can tell it by its value alone."""


def take_goes_out(a: Action, t: SeatKnowledge, nodes: int) -> bool:
    """Whether taking the pile by ``a`` (a new set or run with its top card, or the top card
    laid off on an own meld) leaves a hand that can be melded away this turn, found within
    ``nodes`` positions."""
    kind = a.kind
    if kind is _TAKE_ADD:
        laid = Action(_ADD, a.cards, a.target, a.stands)
    elif kind is _TAKE_SET or kind is _TAKE_RUN:
        laid = Action(_SET if kind is _TAKE_SET else _RUN, a.cards)
    else:
        return False
    pile = t.pile
    after = apply_own(list(t.hand) + [pile[-1]], list(t.melds[t.seat]), laid, t.options)
    if after is None:
        return False
    hand, melds = after
    return go_out_path(sorted(hand + list(pile[:-1])), melds, t.options, None, nodes) is not None


def take_value(a: Action, t: SeatKnowledge, style: Style = MEDIUM) -> float:
    """How much better this draw-phase action is than drawing from the stock (0)."""
    kind = a.kind
    pile = t.pile
    if kind is _DRAW or kind is _PASS or not pile and kind is not _TAKE_UPCARD:
        return 0.0
    if style.take_to_go_out and take_goes_out(a, t, style.go_out_nodes):
        return TAKE_OUT
    late = t.lateness()
    if kind is _TAKE_OFFER:
        return offer_value(a.cards[0], t, late) - style.take_margin
    if kind is _TAKE_UPCARD:
        c = a.cards[0] if a.cards else pile[-1]
        counts = [0] * 15
        for x in t.hand:
            if not is_wild(x):
                counts[x >> 2] += 1
        counts[c >> 2] += 1
        return keep_value(c, t.hand + [c], t, late, counts) - 0.5 * t.in_hand[c] - 4.0
    if style.pile_cap and len(pile) - 1 > style.pile_cap:
        return -1e9
    top = pile[-1]
    hand = list(t.hand)
    if kind in (_TAKE_SET, _TAKE_RUN):
        made = new_run(a.cards, t.options) if kind is _TAKE_RUN else new_set(a.cards, t.options)
        if isinstance(made, str):
            return -1e9
        used = list(a.cards)
        used.remove(top)
        value = meld_points(made, t.options) + sum(0.6 * t.in_hand[c] for c in used)
        if style.hold_wilds:
            value -= sum(style.wild_take_cost for c in used if is_wild(c))
        for c in used:
            hand.remove(c)
    elif kind is _TAKE_ADD:
        value = t.melded[top] + (0.0 if not is_wild(top) else 10.0)
    elif kind is _TAKE_SWAP:
        value = 30.0  # the joker comes back to hand, the top card is melded
    else:
        return -1.0  # a way of taking this policy does not know: leave it
    return value + _rest_gain(t, hand, pile[:-1], late) - style.take_margin


OFFER_DELAY = 0.08
"""Share of this hand's going-out bonus that one more card to shed puts at risk."""


def offer_value(c: int, t: SeatKnowledge, late: float) -> float:
    """How much better taking the offered ``c`` is than passing it: its promise in this hand
    (``keep_value``: pairs, run neighbours, a wild) against what it costs if caught in hand
    and the delay of one more card to shed before going out, in light of this hand's bonus."""
    hand = t.hand
    counts = [0] * 15
    for x in hand:
        if not is_wild(x):
            counts[x >> 2] += 1
    if not is_wild(c):
        counts[c >> 2] += 1
    promise = keep_value(c, hand + [c], t, late, counts)
    if not is_wild(c) and counts[c >> 2] >= 3:
        promise += t.melded[c]  # it makes a set now
    delay = OFFER_DELAY * t.options.bonus(t.hand_no) * (1.0 + late)
    return promise - t.in_hand[c] * (0.5 + late) - delay


def choose_draw_phase(t: SeatKnowledge, legal: list[Action], style: Style = MEDIUM,
                      worth: dict[Action, float] | None = None) -> Action:
    """Draw (or pass the upcard or an offered discard), or take when it pays (``worth``: each
    action's ``take_value``, if already worked out)."""
    best, best_v = None, 0.0
    for a in legal:
        if a.kind is _DRAW or a.kind is _PASS:
            if best is None or best_v <= 0.0:
                best, best_v = a, 0.0
            continue
        v = take_value(a, t, style) if worth is None else worth[a]
        if v > best_v:
            best, best_v = a, v
    return best if best is not None else legal[0]


def choose(t: SeatKnowledge, legal: list[Action], style: Style = MEDIUM) -> Action:
    """The medium policy: one action for the seat of ``t``."""
    if t.phase is _MELD_PHASE:
        return choose_meld_phase(t, legal, style)
    return choose_draw_phase(t, legal, style)
