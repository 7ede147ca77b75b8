"""The hint reads the hand's evidence: the clues the hard level would have gathered sitting in
the player's seat (who passed which pile, who threw which card), rebuilt from the match's
record, so the hint weighs its worlds as hard would and stays the same after a reload, an
undo or a new hand."""

from __future__ import annotations

import random

from game.ai.hard import HardAgent
from game.ai.inference import Clue
from game.ai.registry import make_agent
from game.rules.actions import Act, parse_action
from game.rules.cards import is_wild, parse_card
from game.rules.options import DIGITAL
from game.rules.save import Game, Setup, load
from game.rules.state import Phase
from game.services import hints
from game.services.undo import Undo
from tests.services.test_saves import played

PASSED_SIX = ["draw", "set 9H 9C 9C", "run 6C 7C 8C", "discard 10S", "draw", "discard 10D",
              "draw", "discard 6C", "draw", "discard 4D", "draw"]
"""Seat 1's first turns seen by seat 0: it passed the 10♠ and threw the 10♦, then passed the
6♣ (no pair of sixes, no six and a wild, no 5♣ or 7♣ and 8♣ to take it with) and threw the
4♦. Seat 0 has drawn and holds A♥ A♣ 6♥ 7♥ 7♣ Q♥ K♠ K♦."""


def recorded(seed: int, texts) -> Game:
    game = Game(Setup(DIGITAL, 2, seed, 0))
    for text in texts:
        game.play(parse_action(text))
    return game


def clues_before(game: Game, seat: int) -> list[Clue]:
    """The clues the search weighs at the decision ``game`` waits for (observed as the hard
    level's ``start`` does)."""
    evidence = hints.seat_evidence(game.setup, game.actions, seat)
    evidence.observe(game.state.view(seat))
    return evidence.clues


def suggestion(hint: hints.Hint) -> hints.Suggestion:
    while not hint.think():
        pass
    return hint.suggestion()


def test_the_rebuilt_evidence_is_what_a_hard_player_in_the_seat_gathered():
    """Three seats over two hands, the hard level in seat 1: before every one of its
    decisions, the evidence rebuilt from the record equals the agent's own, and so do the
    clues it weighs once it has looked at the decision."""
    game = Game(Setup(DIGITAL, 3, 4, 0))
    hard = HardAgent(7, budget_seconds=None, iterations=4)
    agents = [make_agent("medium", 1), hard, make_agent("hoarder", 2)]
    compared = clued = 0
    while game.state.hand_no < 2 and not game.state.over:
        state = game.state
        if state.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        seat = state.turn
        view, legal = state.view(seat), state.legal_actions()
        if seat == 1:
            rebuilt = hints.seat_evidence(game.setup, game.actions, 1)
            assert (rebuilt.hand_no, rebuilt.clues) == (hard.evidence.hand_no,
                                                        hard.evidence.clues)
            hard.start(view, legal)
            rebuilt.observe(view)
            assert rebuilt.clues == hard.evidence.clues
            while not hard.think():
                pass
            action = hard.answer()
            compared += 1
            clued += bool(rebuilt.clues)
        else:
            action = agents[seat].choose(view, legal)
        game.play(action)
    assert game.state.hand_no == 2 and compared > 20 and clued > 5


def test_an_opponents_passed_pile_weighs_the_hints_worlds():
    """Where seat 1 passed the 6♣, the hint's worlds believe it: a world dealing seat 1 what
    takes a pile of sixes (two sixes, or a six and a 2) weighs under a third of one that does
    not, so the hint fears feeding it sixes less than a search without that evidence would."""
    game = recorded(28, PASSED_SIX)
    assert Clue(1, parse_card("6C"), parse_card("4D")) in clues_before(game, 0)
    view = game.state.view(0)
    evidence = hints.seat_evidence(game.setup, game.actions, 0)
    evidence.observe(view)
    takers: list[float] = []
    others: list[float] = []
    rand = random.Random(1)
    for _ in range(400):
        world = view.determinize(rand)
        hand = world.hands[1]
        sixes = sum(1 for c in hand if not is_wild(c) and c >> 2 == 6)
        wild = any(is_wild(c) for c in hand)
        (takers if sixes >= 2 or sixes and wild else others).append(evidence.likelihood(world))
    assert len(takers) > 50 and len(others) > 50
    assert sum(takers) / len(takers) < sum(others) / len(others) / 3


def test_the_same_hint_after_a_save_and_reload():
    game = played(11, 2, 30)
    assert game.state.phase in (Phase.DRAW, Phase.MELD) and clues_before(game, game.state.turn)
    loaded = load(game.dumps())
    assert clues_before(loaded, loaded.state.turn) == clues_before(game, game.state.turn)
    assert suggestion(hints.for_game(loaded, 3)) == suggestion(hints.for_game(game, 3))


def test_after_an_undo_the_hint_is_the_one_before_the_meld():
    game = Game(Setup(DIGITAL, 2, 9, 0))
    undo = Undo()
    while not (game.state.phase is Phase.MELD and clues_before(game, game.state.turn)
               and any(a.kind in (Act.SET, Act.RUN) for a in game.state.legal_actions())):
        game.play(random.Random(len(game.actions)).choice(game.state.legal_actions()))
        undo.note(game)
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
    record, before = list(game.actions), suggestion(hints.for_game(game, 2))
    game.play(next(a for a in game.state.legal_actions() if a.kind in (Act.SET, Act.RUN)))
    undo.note(game)
    undo.undo(game)
    assert game.actions == record
    assert suggestion(hints.for_game(game, 2)) == before


def test_a_new_hand_starts_with_no_evidence():
    """The last hand's clues say nothing about the new deal: the first hint of a hand is the
    evidence-free one."""
    game = Game(Setup(DIGITAL, 2, 5, 0))
    rand = random.Random(5)
    while game.state.phase is not Phase.HAND_OVER:
        game.play(rand.choice(game.state.legal_actions()))
    game.next_hand()
    seat = game.state.turn
    assert hints.seat_evidence(game.setup, game.actions, seat).clues  # the old hand's
    assert clues_before(game, seat) == []
    view, legal = game.state.view(seat), game.state.legal_actions()
    assert suggestion(hints.for_game(game, 4)) == hints.suggest(view, legal, 4)


def test_one_replay_gives_every_seat_the_evidence_its_own_replay_gives():
    """A reloaded table rebuilds its computer seats' clues from one replay of the record;
    each seat's is what replaying for that seat alone gives."""
    for seed in (3, 8):
        game = played(seed, 4, 140)
        together = hints.seats_evidence(game.setup, game.actions, (1, 2, 3))
        assert any(e.clues for e in together.values())
        for seat, evidence in together.items():
            alone = hints.seat_evidence(game.setup, game.actions, seat)
            assert (evidence.hand_no, evidence.clues) == (alone.hand_no, alone.clues)
