"""The engine's invariants under every preset and under random combinations of rule options.

For each of ``digital``, ``classic``, ``book`` and for options drawn by ``rule_options()`` (every
field within its valid range, small targets and hand limits so matches end fast), random play
must: conserve the cards (104 + jokers) after every action; list only actions that pass the
check and print and parse back; refuse near-miss actions without changing anything (and accept
only listed ones); score every hand as the value table of rules.md says (written again here,
with the joker and the 2-as-Q♠ option, the one-turn bonus tracked turn by turn, and the match
bonus); end every hand and match; and replay from a save file to the same state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import is_listed, position
from strategies import choices, natural_value, play_game, prop_settings, seeds

from game.rules.actions import Act, Action, parse_action
from game.rules.cards import ALL_CARDS, JOKER, deck, is_wild, rank_of, suit_of
from game.rules.events import Ev
from game.rules.melds import MeldKind
from game.rules.options import (
    DIGITAL,
    PRESETS,
    CardValues,
    Discards,
    Opener,
    PileTake,
    RuleOptions,
    StockOut,
)
from game.rules.save import Game, Setup, load
from game.rules.state import IllegalAction, Phase, State

# ----------------------------------------------------------------- options


@st.composite
def rule_options(draw) -> RuleOptions:
    """Any valid rule set: every field drawn within its range (target and hand limit kept small
    so that a match ends after a few hands)."""
    partnerships = draw(st.booleans()) and draw(st.booleans())
    low = 4 if partnerships else draw(st.integers(2, 8))
    high = 4 if partnerships else draw(st.integers(low, 8))
    return RuleOptions(
        min_players=low,
        max_players=high,
        jokers=draw(st.sampled_from([0, 1, 2, 2])),
        run_max=draw(st.sampled_from([None, 3, 4, 5, 7])),
        wilds_in_new_runs=draw(st.booleans()),
        meld_slots=draw(st.sampled_from([None, 1, 2, 6])),
        pile_take=draw(st.sampled_from(list(PileTake))),
        easy_pile=draw(st.booleans()),
        stock_out=draw(st.sampled_from(list(StockOut))),
        opener=draw(st.sampled_from(list(Opener))),
        upcard_offer=draw(st.booleans()),
        go_out_by_melding=draw(st.booleans()),
        wild_queen_of_spades_value=draw(st.sampled_from([0, 10, 25, 50])),
        one_turn_out_bonus=draw(st.sampled_from([0, 100, 250])),
        match_bonus=draw(st.sampled_from([0, 200])),
        settlement_rounding=draw(st.booleans()),
        target=draw(st.integers(200, 600)),
        hand_limit=draw(st.integers(1, 3)),
        discards=draw(st.sampled_from(list(Discards))),
        card_values=draw(st.sampled_from(list(CardValues))),
        queen_of_spades_rules=draw(st.booleans()),
        twos_melds=draw(st.booleans()),
        set_naturals=draw(st.integers(1, 2)),
        going_out_bonus=tuple(draw(st.lists(st.sampled_from([0, 100, 300]), min_size=1,
                                            max_size=4))),
        partnerships=partnerships,
    )


@st.composite
def tables(draw, options=None):
    """(options, players, seed, first seat or None)."""
    o = options if options is not None else draw(rule_options())
    n = draw(st.integers(o.min_players, o.max_players))
    first = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    return o, n, draw(seeds), first


def quick(options: RuleOptions) -> RuleOptions:
    """A preset with a small target and hand limit, for speed."""
    return options.with_changes(target=400, hand_limit=3)


PRESET_TABLES = {name: tables(quick(o)) for name, o in PRESETS.items()}
ANY_TABLE = st.one_of(tables(), *PRESET_TABLES.values())


def test_rule_options_strategy_covers_valid_values():
    """Every drawn rule set survives the JSON round trip (so a save file can hold it)."""
    @prop_settings(60)
    @given(rule_options())
    def check(o):
        assert RuleOptions.from_json(o.to_json()) == o
        assert 2 <= o.min_players <= o.max_players <= 8
    check()


# ----------------------------------------------------------------- values from rules.md

SEVEN_IN_HAND = {0: 100, 1: 15, 2: 50, 10: 10, 11: 10, 12: 10, 13: 10}
"""The seven-hand table's 'left in hand' column by rank (the joker as 0; others 5)."""


def in_hand(c: int, options: RuleOptions = DIGITAL) -> int:
    if options.card_values is CardValues.SEVEN_HAND:
        return SEVEN_IN_HAND.get(rank_of(c), 5)
    if c == JOKER:
        return 200
    r, s = rank_of(c), suit_of(c)
    if r == 12 and s == 0:
        return 100
    if r in (1, 2):
        return 20
    return 10 if r >= 8 else 5


def meld_value(meld, options: RuleOptions) -> int:
    """The 'melded' column of rules.md: a joker 100 wherever it stands; a 2 the value of the
    card it stands for (in a set the rank's ordinary value, never 50; in a run standing for the
    Q♠ the option's value); a natural 2 in its place 5; 2s in a meld of 2s 25. The seven-hand
    table: a joker 50, a wild 2 25, a natural its own value (a natural 2 in its place 5)."""
    cards = meld.cards
    if options.card_values is CardValues.SEVEN_HAND:
        return sum(50 if c == JOKER else 25 if is_wild(c) and not meld.is_natural_at(i)
                   else 5 if rank_of(c) == 2 else SEVEN_IN_HAND.get(rank_of(c), 5)
                   for i, c in enumerate(cards))
    if meld.kind is MeldKind.TWOS:
        assert all(rank_of(c) == 2 for c in cards)
        return 25 * len(cards)
    if meld.kind is MeldKind.SET:
        rank = rank_of(next(c for c in cards if not is_wild(c)))
        ordinary = 20 if rank == 1 else 10 if rank >= 8 else 5
        total = 0
        for c in cards:
            if c == JOKER:
                total += 100
            elif is_wild(c):
                total += ordinary
            else:
                total += natural_value(rank_of(c), suit_of(c))
        return total
    total = 0
    for i, c in enumerate(cards):
        place = meld.rank + i
        natural = (1 if place == 14 else place) * 4 + meld.suit
        if c == JOKER:
            total += 100
        elif c == natural:
            total += natural_value(place, meld.suit)
        elif place == 12 and meld.suit == 0:
            total += options.wild_queen_of_spades_value
        else:
            total += natural_value(place, meld.suit)
    return total


class Tracker:
    """Follows a match from outside: per hand, each seat's turns and whether it had a meld
    down when its turn began (for the one-turn bonus); the hand scores and totals."""

    def __init__(self, state: State):
        self.n = state.players
        self.totals = [0] * self.n
        self.hand_no = -1
        self.new_hand()

    def new_hand(self):
        self.hand_no += 1
        self.turns = [0] * self.n
        self.melds_at_start = [0] * self.n

    def before(self, state: State, action: Action):
        seat = state.turn
        if state.phase is Phase.DRAW or (state.phase is Phase.OFFER
                                         and action.kind is Act.TAKE_UPCARD):
            self.turns[seat] += 1
            self.melds_at_start[seat] = len(state.melds[seat])

    def after(self, state: State, events):
        o = state.options
        for e in events:
            if e.kind is Ev.HAND_ENDED:
                out = e.seat
                want = []
                for s in range(self.n):
                    v = (sum(meld_value(m, o) for m in state.melds[s])
                         - sum(in_hand(c, o) for c in state.hands[s]))
                    if s == out:
                        assert not state.hands[s], "the seat that went out holds cards"
                        schedule = o.going_out_bonus
                        v += schedule[min(self.hand_no, len(schedule) - 1)]
                        if self.turns[s] > 1 and self.melds_at_start[s] == 0:
                            v += o.one_turn_out_bonus
                    want.append(v)
                assert e.scores == tuple(want), (
                    f"hand scores {e.scores}, rules.md says {want}; out {out}, melds "
                    f"{state.melds}, hands {state.hands}, turns {self.turns}, "
                    f"melds at turn start {self.melds_at_start}")
                self.totals = [t + x for t, x in zip(self.totals, want)]
            if e.kind is Ev.MATCH_ENDED:
                sides = ([self.totals[0] + self.totals[2], self.totals[1] + self.totals[3]]
                         if o.partnerships else self.totals)
                winner = sides.index(max(sides))
                assert e.seat == state.winner == winner
                final = self.totals[:]
                final[winner] += o.match_bonus
                assert e.scores == tuple(final) == tuple(state.totals)


# ----------------------------------------------------------------- random play

def assert_conserved(state: State) -> None:
    want = Counter(deck(state.options.jokers))
    found = state.cards_in_play()
    assert found == want, f"cards lost {want - found}, made {found - want}"
    assert sum(found.values()) == 104 + state.options.jokers


def assert_table_limits(state: State) -> None:
    o = state.options
    for seat_melds in state.melds:
        assert o.meld_slots is None or len(seat_melds) <= o.meld_slots
        for m in seat_melds:
            if m.kind is MeldKind.RUN:
                assert 3 <= len(m.cards) <= (o.run_max or 13)
            else:
                assert 3 <= len(m.cards) <= 4
                if m.kind is MeldKind.TWOS:
                    assert JOKER not in m.cards


def play_match(state: State, rand: random.Random, *, on_state=None, max_actions=20000):
    """Play to the end of the match at random; returns the number of actions."""
    tracker = Tracker(state)
    done = 0
    hands_started = 1
    while not state.over:
        assert done < max_actions, "the match does not end"
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
            tracker.new_hand()
            hands_started += 1
            continue
        if on_state:
            on_state(state)
        acts = state.legal_actions()
        assert acts, f"no legal action in phase {state.phase!r}"
        a = rand.choice(acts)
        tracker.before(state, a)
        events = state.apply(a)
        tracker.after(state, events)
        assert_conserved(state)
        done += 1
    assert hands_started == len(state.hand_scores) <= state.options.hand_limit
    return done


def mutants(state: State, acts, rand: random.Random):
    """Near misses of listed actions: one card changed, another meld number or named card, the
    take and plain kinds exchanged, a card dropped or added."""
    hand = state.hands[state.turn]
    pool = list(ALL_CARDS) + [JOKER] + hand + state.pile[-1:]
    swap_kind = {Act.SET: Act.RUN, Act.RUN: Act.SET, Act.TAKE_SET: Act.TAKE_RUN,
                 Act.TAKE_RUN: Act.TAKE_SET, Act.ADD: Act.TAKE_ADD, Act.TAKE_ADD: Act.ADD,
                 Act.SWAP: Act.TAKE_SWAP, Act.TAKE_SWAP: Act.SWAP, Act.DRAW: Act.TAKE_UPCARD,
                 Act.PASS: Act.DRAW, Act.TAKE_UPCARD: Act.DISCARD, Act.DISCARD: Act.SWAP,
                 Act.TAKE_OFFER: Act.DISCARD}
    out = []
    for a in rand.sample(acts, min(6, len(acts))):
        cards = list(a.cards)
        if cards:
            i = rand.randrange(len(cards))
            out.append(a._replace(cards=tuple(cards[:i] + [rand.choice(pool)] + cards[i + 1:])))
            out.append(a._replace(cards=tuple(cards[:i] + cards[i + 1:])))
        out.append(a._replace(cards=tuple(cards + [rand.choice(pool)])))
        out.append(a._replace(target=a.target + rand.choice((-1, 1, 2))))
        out.append(a._replace(stands=rand.choice([-1] + list(ALL_CARDS))))
        kind = swap_kind[a.kind]
        out.append(a._replace(kind=kind))
        out.append(a._replace(kind=kind, target=a.target if kind in TARGETED else -1,
                              stands=a.stands if kind in (Act.ADD, Act.TAKE_ADD) else -1))
    return out


TARGETED = (Act.ADD, Act.TAKE_ADD, Act.SWAP, Act.TAKE_SWAP)


def assert_refusals_and_agreement(state: State, rand: random.Random) -> None:
    acts = state.legal_actions()
    sample = acts if len(acts) <= 40 else rand.sample(acts, 40)
    for a in sample:
        assert state.check(a) is None, f"{a} listed but refused: {state.check(a)}"
        assert parse_action(str(a)) == a, f"{a!r} prints as {str(a)!r} and parses differently"
    for m in mutants(state, acts, rand):
        why = state.check(m)
        if why is None:
            assert is_listed(state, m), f"check accepts {m} ({m!r}) but it is not listed"
            continue
        assert isinstance(why, str) and why
        before = state.snapshot()
        with pytest.raises(IllegalAction):
            state.apply(m)
        assert state.snapshot() == before, f"refusing {m!r} ({why}) changed the state"


# ----------------------------------------------------------------- the properties

@prop_settings(25)
@given(table=ANY_TABLE, choice=choices)
def test_random_matches_conserve_cards_score_by_the_table_and_end(table, choice):
    """Cards conserved after every action, meld limits kept, every hand scored as rules.md's
    table says (joker, 2-as-Q♠ option, one-turn bonus, match bonus), the match ends."""
    o, n, seed, first = table
    state = State(o, n, seed, first_seat=first)
    assert_conserved(state)
    play_match(state, random.Random(choice), on_state=assert_table_limits)
    assert state.over and 0 <= state.winner < n


@prop_settings(20)
@given(table=ANY_TABLE, choice=choices, length=st.integers(0, 300))
def test_listed_actions_pass_and_print_near_misses_refused_without_change(table, choice, length):
    """Every listed action passes the check and round-trips as text; near misses are refused
    with a reason, the state unchanged, or else they are listed."""
    o, n, seed, first = table
    state = State(o, n, seed, first_seat=first)
    rand = random.Random(choice)
    done = 0
    while not state.over and done < length:
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
            continue
        assert_refusals_and_agreement(state, rand)
        state.apply(rand.choice(state.legal_actions()))
        done += 1


@prop_settings(20)
@given(table=ANY_TABLE, choice=choices, length=st.integers(0, 1500))
def test_save_and_load_replays_to_the_same_state(table, choice, length):
    o, n, seed, first = table
    game = play_game(Game(Setup(o, n, seed, first)), random.Random(choice), length)
    text = game.dumps()
    loaded = load(text)
    assert loaded.state.snapshot() == game.state.snapshot()
    assert loaded.setup.options == o
    assert loaded.dumps() == text


@pytest.mark.parametrize("name", sorted(PRESETS))
@prop_settings(8)
@given(choice=choices, seed=seeds)
def test_full_preset_matches_end_with_the_preset_target(name, choice, seed):
    """Whole matches under the unchanged presets (target 1,000, hand limit 100) end."""
    o = PRESETS[name]
    n = random.Random(seed).randint(o.min_players, o.max_players)
    state = State(o, n, seed)
    play_match(state, random.Random(choice), max_actions=200000)
    assert (o.target is not None and max(state.totals) >= o.target) \
        or len(state.hand_scores) == o.hand_limit


# ----------------------------------------------------------------- unused fields

def test_unused_fields_are_refused():
    """legal.py promises that whatever passes the check is listed. An action carrying a meld
    number, a named card or cards where its kind uses none (``take set`` with target 0, a
    ``draw`` with cards) is not listed, and its text form drops the field (a save could not
    record it), so the check must refuse it. (Found by the near-miss property above.)"""
    s = position("AC 2D 2C 5H", "KH KC 4D", pile="AD", options=DIGITAL)
    plain = parse_action("take set AD 2D 2C")
    assert s.check(plain) is None and is_listed(s, plain)
    odd = [plain._replace(target=0), plain._replace(stands=parse_action("discard 5H").cards[0]),
           Action(Act.DRAW, (), 3), Action(Act.DRAW, plain.cards)]
    for a in odd:
        assert parse_action(str(a)) != a
        assert s.check(a) is not None, f"{a!r} passes the check but is not listed"
