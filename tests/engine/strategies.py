"""Shared helpers for the property-based engine tests (hypothesis).

Random play chooses uniformly among ``state.legal_actions()`` with a ``random.Random`` seeded from
a hypothesis integer, so a failing example prints as (seed, players, choices) and replays exactly.
Card values here are written again from the table in ``rules.md`` on purpose: the scoring test
must not trust the engine's own tables.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from game.rules.actions import Act
from game.rules.cards import deck, is_wild, rank_of, suit_of
from game.rules.melds import MeldKind
from game.rules.options import DIGITAL
from game.rules.state import Phase, State

seeds = st.integers(0, 2**32)
players = st.integers(2, 8)
choices = st.integers(0, 2**32)

DECK = Counter(deck())


def prop_settings(n: int = 30, **kw):
    """Settings for a property test: a modest number of examples, no deadline."""
    return settings(max_examples=n, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
                    **kw)


# ----------------------------------------------------------------- random play

def random_actions(state: State, rand: random.Random, *, max_actions: int = 10**9,
                   max_hands: int = 10**9, policy=None):
    """Play ``state`` forward at random, yielding ``(action, events)`` after each action.

    Deals the next hand (yielding ``(None, events)``) when a hand is over; stops at the end of the
    match, after ``max_actions`` actions, or once ``max_hands`` hands have ended."""
    pick = policy or (lambda r, acts: r.choice(acts))
    done = hands = 0
    while not state.over and done < max_actions:
        if state.phase is Phase.HAND_OVER:
            hands += 1
            if hands >= max_hands:
                return
            yield None, state.next_hand()
            continue
        acts = state.legal_actions()
        assert acts, f"no legal action in phase {state.phase!r}"
        action = pick(rand, acts)
        events = state.apply(action)
        done += 1
        yield action, events


def meld_first(rand: random.Random, acts):
    """A policy that lays or adds whenever it can (random among those), else acts at random."""
    melds = [a for a in acts if a.kind not in (Act.DRAW, Act.DISCARD)]
    return rand.choice(melds or acts)


def new_state(seed: int, n_players: int, options=DIGITAL, first_seat: int = 0) -> State:
    return State(options, n_players, seed, first_seat=first_seat % n_players)


def states_along(seed: int, n_players: int, choice_seed: int, *, max_actions: int,
                 options=DIGITAL, policy=None):
    """Yield the state (the same object, mutated) before each random action, up to
    ``max_actions`` actions; skips the between-hands pause."""
    state = new_state(seed, n_players, options)
    rand = random.Random(choice_seed)
    pick = policy or (lambda r, acts: r.choice(acts))
    done = 0
    while not state.over and done < max_actions:
        if state.phase is Phase.HAND_OVER:
            state.next_hand()
            continue
        yield state
        acts = state.legal_actions()
        state.apply(pick(rand, acts))
        done += 1


# ----------------------------------------------------------------- invariants

def assert_cards_accounted(state: State) -> None:
    found = state.cards_in_play()
    assert found == DECK, (f"cards lost or made: missing {DECK - found}, extra {found - DECK}")


# ----------------------------------------------------------------- values from rules.md

def in_hand_value(c: int) -> int:
    """What a card costs left in hand (rules.md table, 'left in hand' column, as a positive)."""
    r, s = rank_of(c), suit_of(c)
    if r == 12 and s == 0:
        return 100
    if r == 1 or r == 2:
        return 20
    if r >= 8:
        return 10
    return 5  # 3..7


def natural_value(rank: int, suit: int) -> int:
    """Melded value of the natural card (rank 1..13 or 14 for a high ace) of this suit."""
    if rank == 12 and suit == 0:
        return 50
    if rank in (1, 14):
        return 20
    if rank >= 8:
        return 10
    return 5  # 2 (natural in its place, or a wild standing for a 2) .. 7


def meld_value(meld) -> int:
    """Melded value of a meld (rules.md table, 'melded' column), computed from its cards."""
    cards = meld.cards
    if meld.kind is MeldKind.TWOS:
        return 25 * len(cards)
    if meld.kind is MeldKind.SET:
        naturals = [c for c in cards if not is_wild(c)]
        rank = rank_of(naturals[0])
        total = 0
        for c in cards:
            if is_wild(c):
                total += 20 if rank == 1 else 10 if rank >= 8 else 5  # never 50 (Q♠)
            else:
                total += natural_value(rank_of(c), suit_of(c))
        return total
    assert meld.kind is MeldKind.RUN
    # A run: position i holds the card of rank low+i in the suit; every card (natural or wild)
    # counts as the card of its place.
    return sum(natural_value(meld.rank + i, meld.suit) for i in range(len(cards)))


def expected_hand_scores(state: State, out: int) -> tuple[int, ...]:
    return tuple(sum(meld_value(m) for m in state.melds[s])
                 - sum(in_hand_value(c) for c in state.hands[s])
                 + (100 if s == out else 0)
                 for s in range(state.players))


def meld_problem(meld) -> str | None:
    """Why a meld on the table breaks the digital rules (rules.md §1 'Melds'), or None."""
    cards = meld.cards
    if not 3 <= len(cards) <= 4:
        return f"{len(cards)} cards"
    if meld.kind is MeldKind.TWOS:
        return None if all(rank_of(c) == 2 for c in cards) else "non-2 in a meld of 2s"
    if meld.kind is MeldKind.SET:
        naturals = [c for c in cards if not is_wild(c)]
        if not naturals:
            return "set without a natural"
        if len({rank_of(c) for c in naturals}) != 1:
            return "set of mixed ranks"
        return None
    low, high = meld.rank, meld.rank + len(cards) - 1
    if not (1 <= low and high <= 14) or (low == 1 and high == 14):
        return f"run positions {low}..{high}"
    wilds = 0
    for i, c in enumerate(cards):
        p = low + i
        want = (1 if p == 14 else p) * 4 + meld.suit
        if c != want:
            if not is_wild(c):
                return f"{c} out of place at {p}"
            wilds += 1
    if wilds > 1:
        return "run with more than one wild"
    if wilds != meld.wilds:
        return f"run counts {meld.wilds} wilds, holds {wilds}"
    return None


def play_game(game, rand: random.Random, length: int):
    """Play up to ``length`` uniformly random actions in a ``save.Game`` (dealing each next
    hand as it comes); return the game."""
    done = 0
    while not game.state.over and done < length:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        game.play(rand.choice(game.state.legal_actions()))
        done += 1
    return game
