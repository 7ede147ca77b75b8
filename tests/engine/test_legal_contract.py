"""The listing contract (docs/engine.md): everything ``legal_actions()`` lists passes the check,
once; every action the check accepts leads to a position that listed actions reach in the same
turn (2s interchangeable as wilds, see ``listing.position``); and the list stays small.

Positions are small random deals (five to nine cards a hand, biased toward one suit, high cards,
2s and jokers so that wild runs, aces and the queen of spades turn up) under every preset and
random option combinations, played forward by random listed actions that prefer melding. At
each step every legal action is built by brute force and its position looked for among what
listed actions reach."""

from __future__ import annotations

import random

from hypothesis import example, given
from hypothesis import strategies as st
from listing import legal_by_brute_force, position, reaches
from positions import _norm
from strategies import prop_settings
from test_props_variants import rule_options

from game.rules.actions import Act
from game.rules.cards import card_text, deck
from game.rules.deal import Deal
from game.rules.options import PRESETS, Discards
from game.rules.state import Phase, State

OPTIONS = st.one_of(st.sampled_from(list(PRESETS.values())),
                    st.sampled_from(list(PRESETS.values())).map(
                        lambda o: o.with_changes(jokers=2, max_players=max(o.max_players, 2))),
                    rule_options())


def _biased_deck(r: random.Random, jokers: int) -> list[int]:
    cards = deck(jokers)
    r.shuffle(cards)
    cards.sort(key=lambda c: (0 if c & 3 == 0 or c < 12 or c >> 2 in (1, 12, 13) else 1,
                              r.random()))
    return cards


def small_deal(options, seed: int, size: int) -> State:
    r = random.Random(seed)
    cards = _biased_deck(r, options.jokers)
    hands = (tuple(sorted(cards[:size])), tuple(sorted(cards[size:2 * size])))
    rest = cards[2 * size:]
    options = options.with_changes(min_players=2, upcard_offer=False, partnerships=False)
    upcards = 0 if options.discards is Discards.OFFERED else 1
    return State(options, 2, seed, deal=Deal(hands, tuple(rest[upcards:]), tuple(rest[:upcards])))


def hand_text(s: State) -> str:
    return (f"hand {' '.join(map(card_text, s.hands[s.turn]))}, melds {s.melds[s.turn]}, "
            f"pile top {card_text(s.pile[-1]) if s.pile else None}, phase {s.phase!r}, "
            f"options {s.options}")


def assert_contract(s: State) -> None:
    legal = s.legal_actions()
    assert len({_norm(a) for a in legal}) == len(legal), "an action is listed twice"
    for a in legal:
        assert s.check(a) is None, f"listed but refused: {a}: {s.check(a)}; {hand_text(s)}"
    listed = {position(_after(s, a)) for a in legal if a.kind is not Act.DRAW}
    for a in legal_by_brute_force(s):
        if a.kind is Act.DRAW or position(_after(s, a)) in listed:
            continue
        assert reaches(s, a), f"legal {a} reaches a position no listed actions reach; " \
                              f"{hand_text(s)}"


def _after(s: State, a):
    t = s.copy()
    t.apply(a)
    return t


@prop_settings(40)
@given(options=OPTIONS, seed=st.integers(0, 10**9), size=st.integers(5, 9))
# found by a longer run: the pile's 2C at the place of the 2 in a spade run, a 2S inside
@example(options=PRESETS["classic"], seed=14683, size=8)
def test_listed_actions_reach_every_legal_position(options, seed, size):
    s = small_deal(options, seed, size)
    r = random.Random(seed)
    for _ in range(24):
        if s.phase not in (Phase.DRAW, Phase.MELD):
            break
        assert_contract(s)
        legal = s.legal_actions()
        melding = [a for a in legal if a.kind not in (Act.DISCARD, Act.DRAW)]
        s.apply(r.choice(melding if melding and r.random() < 0.8 else legal))


def test_a_long_run_with_wilds_is_laid_short_and_grown():
    """Under classic ``run 4S 2H=5S 2D=6S 7S 8S 9S`` is legal; what is listed is the minimal
    run of two natural ends and wilds between, and the additions that grow it to that run."""
    from positions import play
    from positions import position as deal_position
    s = deal_position("4S 7S 8S 9S 2H 2D KH", "3C 4C 5C", pile="QD",
                      options=PRESETS["classic"].with_changes(upcard_offer=False))
    play(s, "draw")
    from game.rules.actions import parse_action
    long_run = parse_action("run 4S 2H=5S 2D=6S 7S 8S 9S")
    assert s.check(long_run) is None
    listed = [str(a) for a in s.legal_actions()]
    assert long_run not in s.legal_actions()
    assert "run 4S 2H=5S 2D=6S 7S" in listed or "run 4S 2D=5S 2H=6S 7S" in listed
    assert reaches(s, long_run)
