"""The legal-action generator (legal.py) and the checker (State.check) are separate code:
everything listed passes the check, and every action the checker accepts is listed.

Positions are random small hands (biased toward spades, high cards and 2s so runs, aces and
wilds turn up), played forward by random legal moves that prefer melding; at each step every
plausible action is built by brute force and the two are compared."""

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import _norm

from game.rules.actions import Act, Action
from game.rules.cards import card_text, deck
from game.rules.deal import Deal
from game.rules.options import DIGITAL
from game.rules.state import Phase, State


def candidates(s):
    hand, melds = s.hands[s.turn], s.melds[s.turn]
    out = [Action(Act.DRAW)]
    distinct = sorted(set(hand))
    out += [Action(Act.DISCARD, (c,)) for c in distinct]
    for k in (3, 4):
        for combo in set(itertools.combinations(hand, k)):
            out.append(Action(Act.SET, combo))
            out += [Action(Act.RUN, p) for p in set(itertools.permutations(combo))]
    if s.pile:
        out += [Action(Act.TAKE_SET, (s.pile[-1],) + pair)
                for pair in set(itertools.combinations(hand, 2))]
    for i in range(len(melds) + 1):
        for c in distinct:
            out += [Action(Act.ADD, (c,), i, named) for named in [-1, *range(4, 56)]]
    return out


def _biased_deck(r: random.Random):
    cards = deck()
    r.shuffle(cards)
    cards.sort(key=lambda c: (0 if c & 3 == 0 or 8 <= c < 12 or c >> 2 in (1, 12, 13) else 1,
                              r.random()))
    return cards


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10 ** 9), size=st.integers(5, 8), biased=st.booleans())
def test_legal_actions_and_check_agree(seed, size, biased):
    r = random.Random(seed)
    cards = _biased_deck(r) if biased else r.sample(deck(), 104)
    hands = (tuple(sorted(cards[:size])), tuple(sorted(cards[size:2 * size])))
    rest = cards[2 * size:]
    s = State(DIGITAL, 2, seed, deal=Deal(hands, tuple(rest[1:]), (rest[0],)))
    for _ in range(30):
        if s.phase not in (Phase.DRAW, Phase.MELD):
            break
        legal = s.legal_actions()
        listed = {_norm(a) for a in legal}
        assert len(listed) == len(legal), "legal_actions() lists an action twice"
        for a in legal:
            assert s.check(a) is None, f"listed but refused: {a}: {s.check(a)}"
        if len(s.hands[s.turn]) <= 9:
            for a in candidates(s):
                if s.check(a) is None:
                    assert _norm(s.named(a)) in listed, (
                        f"accepted but not listed: {a}; hand "
                        f"{[card_text(c) for c in s.hands[s.turn]]}, melds {s.melds[s.turn]}")
        melding = [a for a in legal if a.kind is not Act.DISCARD]
        s.apply(r.choice(melding if melding and r.random() < 0.8 else legal))
