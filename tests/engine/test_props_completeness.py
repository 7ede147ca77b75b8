"""Completeness: the fast generator (legal.py) lists every action the rule checker
(melds.py / State.check) accepts, and nothing it refuses.

Candidates are built from the hand without asking the engine which are legal: sub-multisets of
3-4 hand cards as sets (random ones, and ones drawn from a rank's cards plus the wilds), every
run window of every suit filled from the hand, each hand card added to each own meld with and
without a named card, and every pile take with two hand cards. For each candidate,
``check(a) is None`` exactly when its canonical form is listed.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import Phase as HPhase
from hypothesis import example, given
from strategies import choices, players, prop_settings, seeds, states_along

from game.rules.actions import Act, Action
from game.rules.cards import ACE_HIGH, card, is_wild, rank_of
from game.rules.melds import MeldKind, sort_set
from game.rules.options import DIGITAL, Opener, StockOut
from game.rules.state import Phase


def canonical(a: Action) -> Action:
    if a.kind in (Act.SET, Act.TAKE_SET):
        return a._replace(cards=sort_set(a.cards))
    return a


def set_candidates(hand, rand: random.Random):
    out = set()
    for _ in range(25):  # random sub-multisets of the whole hand
        k = rand.choice((3, 4))
        if len(hand) >= k:
            out.add(tuple(rand.sample(hand, k)))
    ranks = sorted({rank_of(c) for c in hand})
    wilds = [c for c in hand if is_wild(c)]
    for r in ranks:  # every sub-multiset of one rank's cards plus the wilds
        pool = [c for c in hand if rank_of(c) == r] + [w for w in wilds if rank_of(w) != r]
        for k in (3, 4):
            out.update(combinations(pool, k))
    return [Action(Act.SET, cards) for cards in out]


def run_candidates(hand, rand: random.Random):
    out = []
    held = set(hand)
    wilds = [c for c in hand if is_wild(c)]
    for suit in range(4):
        for low in range(ACE_HIGH + 1):
            for length in (2, 3, 4, 5):
                cards, spare, ok = [], list(wilds), True
                for p in range(low, low + length):
                    want = card(p, suit) if 1 <= p <= ACE_HIGH else None
                    if want is not None and want in held:
                        cards.append(want)
                    elif spare:
                        cards.append(spare.pop(rand.randrange(len(spare))))
                    else:
                        ok = False
                        break
                if ok and len(set(cards)) >= 1:
                    out.append(Action(Act.RUN, tuple(cards)))
                    if len(cards) >= 3:  # the same cards out of order
                        shuffled = list(cards)
                        rand.shuffle(shuffled)
                        out.append(Action(Act.RUN, tuple(shuffled)))
    return out


def add_candidates(hand, melds, rand: random.Random):
    out = []
    for i, meld in enumerate(melds):
        names = set()
        if meld.kind is MeldKind.RUN:
            for p in (meld.rank - 1, meld.rank + len(meld.cards)):
                if 1 <= p <= ACE_HIGH:
                    names.add(card(p, meld.suit))
            names.add(rand.randrange(4, 56))
        for c in sorted(set(hand)):
            out.append(Action(Act.ADD, (c,), i))
            out.append(Action(Act.ADD, (c,), i, c))
            for n in names:
                out.append(Action(Act.ADD, (c,), i, n))
    for c in set(hand):  # no such meld
        out.append(Action(Act.ADD, (c,), len(melds)))
    return out


def take_candidates(hand, pile, rand: random.Random):
    if not pile:
        return []
    top = pile[-1]
    pairs = sorted(set(combinations(hand, 2)))
    out = [Action(Act.TAKE_SET, (top, a, b)) for a, b in pairs]  # every pair with the top
    for a, b in rand.sample(pairs, min(10, len(pairs))):  # other orders, and as a run
        out.append(Action(Act.TAKE_SET, (a, b, top)))
        out.append(Action(Act.TAKE_RUN, (a, top, b)))
    for c in set(hand):  # one card only
        out.append(Action(Act.TAKE_SET, (top, c)))
    triples = sorted(set(combinations(hand, 3)))
    for a, b, c in rand.sample(triples, min(8, len(triples))):  # top not used, or too many
        out.append(Action(Act.TAKE_SET, (a, b, c)))
        out.append(Action(Act.TAKE_SET, (top, a, b, c)))
    return out


def assert_agree(state, candidates) -> None:
    listed = set(state.legal_actions())
    for a in candidates:
        why = state.check(a)
        if why is None:
            assert canonical(state.named(a)) in listed, (
                f"check accepts {a} ({a!r}) but legal_actions() does not list it; "
                f"hand {state.hands[state.turn]} melds {state.melds[state.turn]}")
        else:
            assert a not in listed, f"{a} is listed but check refuses it: {why}"


@prop_settings(25)
@given(seed=seeds, n=players, choice=choices)
@example(seed=0, n=2, choice=0)
def test_checker_accepts_only_listed_actions(seed, n, choice):
    rand = random.Random(choice ^ 0x5EED)
    for state in states_along(seed, n, choice, max_actions=120):
        hand, melds = state.hands[state.turn], state.melds[state.turn]
        if state.phase is Phase.DRAW:
            assert_agree(state, take_candidates(hand, state.pile, rand))
        elif rand.random() < 0.5:
            assert_agree(state, set_candidates(hand, rand) + run_candidates(hand, rand)
                         + add_candidates(hand, melds, rand))


# Options the engine plays besides the presets' own combinations (a save file may set them):
# runs of any length laid with wilds, unlimited melds, the stock turned over, the deal passing.
WILD_RUNS = DIGITAL.with_changes(run_max=None, wilds_in_new_runs=True, meld_slots=None,
                                 stock_out=StockOut.TURN_OVER, opener=Opener.DEAL_PASSES_LEFT)


@prop_settings(15, phases=[HPhase.explicit, HPhase.generate])  # no shrinking: see the test below
@given(seed=seeds, n=players, choice=choices)
def test_checker_accepts_only_listed_actions_wild_runs(seed, n, choice):
    """The same agreement with wilds allowed in new runs."""
    rand = random.Random(choice ^ 0x5EED)
    for state in states_along(seed, n, choice, max_actions=120, options=WILD_RUNS):
        hand, melds = state.hands[state.turn], state.melds[state.turn]
        if state.phase is Phase.DRAW:
            assert_agree(state, take_candidates(hand, state.pile, rand))
        elif rand.random() < 0.5:
            assert_agree(state, set_candidates(hand, rand) + run_candidates(hand, rand)
                         + add_candidates(hand, melds, rand))


def test_wild_may_stand_in_a_new_run_for_a_natural_the_player_holds():
    """Regression (found by the test above): holding 10♥ J♥ Q♥ and 2♠, the checker accepts
    ``run 10H JH 2S=QH`` (keeping Q♥ for elsewhere) but legal.py lists wild runs only with the
    wilds in places whose natural the hand lacks."""
    from game.rules.actions import parse_action
    from game.rules.deal import Deal
    from game.rules.state import State
    deal = Deal.arranged(WILD_RUNS,
                         hands=[["10H", "JH", "QH", "2S", "5C"], ["4S", "5S", "6S", "7S"]],
                         pile=["KD"])
    state = State(WILD_RUNS, 2, 1, deal=deal)
    state.apply(parse_action("draw"))
    a = parse_action("run 10H JH 2S=QH")
    assert state.check(a) is None
    assert a in state.legal_actions(), "checker accepts it, generator does not list it"
