"""Undo takes back this turn's melds and lay-offs one at a time, back to the state right after
the draw or pile take, never further; no seat's view of hidden cards changes."""

from __future__ import annotations

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.rules.actions import Act
from game.rules.options import BOOK, CLASSIC, DIGITAL
from game.rules.save import Game, Setup
from game.rules.state import Phase
from game.services import saves
from game.services.seats import default_seats
from game.services.undo import TAKE_BACK, Undo


def views(game):
    return [game.state.view(s) for s in range(game.state.players)]


def step(game, undo, action):
    game.play(action)
    undo.note(game)


def play_to_melding(game, undo, rand):
    """Random play (notified to undo) until the seat to move, having just drawn or taken the
    pile, may lay a meld."""
    while not game.state.over:
        state = game.state
        if state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        acts = state.legal_actions()
        just_drew = bool(game.actions) and game.actions[-1].kind not in TAKE_BACK
        if state.phase is Phase.MELD and just_drew and any(a.kind in TAKE_BACK for a in acts):
            return True
        step(game, undo, rand.choice(acts))
    return False


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), choice=st.integers(0, 2**32),
       rules=st.sampled_from([DIGITAL, CLASSIC, BOOK]), skip=st.integers(0, 30))
def test_undo_returns_every_seat_to_what_it_saw_before_the_melds(seed, players, choice,
                                                                 rules, skip):
    players = min(players, rules.max_players)
    game, undo, rand = Game(Setup(rules, players, seed, 0)), Undo(), random.Random(choice)
    for _ in range(skip):
        if not play_to_melding(game, undo, rand):
            return
        step(game, undo, rand.choice(game.state.legal_actions()))
    if not play_to_melding(game, undo, rand):
        return
    before, snapshot, legal = views(game), game.state.snapshot(), game.state.legal_actions()
    assert not undo.can_undo(game)  # the draw or take itself is never undone
    trail = []
    while game.state.phase is Phase.MELD:
        melds = [a for a in game.state.legal_actions() if a.kind in TAKE_BACK]
        if not melds or len(trail) == 4:
            break
        trail.append((game.state.snapshot(), rand.choice(melds)))
        step(game, undo, trail[-1][1])
    if game.state.phase is not Phase.MELD:  # went out by melding: the hand is over
        assert not undo.can_undo(game)
        return
    event(f"took back {len(trail)}")
    while trail:
        assert undo.can_undo(game)
        expected, action = trail.pop()
        assert undo.undo(game) == action
        assert game.state.snapshot() == expected
    assert not undo.can_undo(game)
    assert views(game) == before
    assert game.state.snapshot() == snapshot and game.state.legal_actions() == legal
    with pytest.raises(ValueError, match="cannot be undone"):
        undo.undo(game)


def melding_game(seed=9):
    """A game where the seat to move has just drawn and laid two melds or lay-offs."""
    for s in range(seed, seed + 200):
        game, undo, rand = Game(Setup(DIGITAL, 2, s, 0)), Undo(), random.Random(s)
        for _ in range(6):
            if not play_to_melding(game, undo, rand):
                break
            laid = 0
            while laid < 2 and game.state.phase is Phase.MELD:
                melds = [a for a in game.state.legal_actions() if a.kind in TAKE_BACK]
                if not melds:
                    break
                step(game, undo, melds[0])
                laid += 1
            if laid == 2 and game.state.phase is Phase.MELD:
                return game, undo
            if game.state.phase is Phase.MELD:
                step(game, undo, game.state.legal_actions()[-1])
    raise AssertionError("no such game found")


def test_undo_after_a_reload_replays_once_and_gives_the_same_result():
    game, undo = melding_game()
    text = saves.SavedMatch(game, default_seats(2), (None, None)).dumps()
    loaded = saves.loads(text).game
    fresh = Undo()  # nothing noted: it must find the turn's start itself
    assert fresh.can_undo(loaded)
    fresh.undo(loaded)
    undo.undo(game)
    assert loaded.state.snapshot() == game.state.snapshot()
    assert loaded.actions == game.actions
    fresh.undo(loaded)
    undo.undo(game)
    assert loaded.state.snapshot() == game.state.snapshot()
    assert loaded.actions[-1].kind in (Act.DRAW, Act.TAKE_SET) and not fresh.can_undo(loaded)


def test_no_undo_after_the_discard():
    game, undo = melding_game()
    discard = next(a for a in game.state.legal_actions() if a.kind is Act.DISCARD)
    step(game, undo, discard)
    assert not undo.can_undo(game)
    with pytest.raises(ValueError):
        undo.undo(game)


def test_the_undone_game_saves_as_if_the_melds_never_happened():
    game, undo = melding_game()
    undo.undo(game)
    undo.undo(game)
    replayed = saves.loads(saves.SavedMatch(game, default_seats(2), (None, None)).dumps())
    assert replayed.game.state.snapshot() == game.state.snapshot()
