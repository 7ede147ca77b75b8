"""Inference from the opponents' play: the pile's growth between two of a seat's decisions
says who passed which card and threw which, and sampled worlds that contradict it come less
often (the search draws its worlds by that likelihood)."""

import random

from game.ai.hard import HardAgent
from game.ai.inference import PASSED_A_TAKE, THREW_FROM_RANK, Clue, Evidence
from game.ai.medium import MediumAgent
from game.ai.search import Search
from game.rules.cards import parse_card
from game.rules.deal import Deal
from game.rules.options import DIGITAL
from game.rules.state import Phase, State


def cards(text):
    return [parse_card(c) for c in text.split()]


def opening(other):
    """Seat 1 draws and throws 9C, seat 2 (``other``) draws the 6S over it and throws 4D."""
    deal = Deal.arranged(DIGITAL, [cards("9C 3S 4H 5D 7C 8D JH KC AD 10D 6H QH 3D"),
                                   cards(other)], pile=cards("5S"),
                         stock_top=cards("KS 6S JS"))
    return State(DIGITAL, 2, 1, deal=deal)


def play(state, *actions):
    for text in actions:
        action = next(a for a in state.legal_actions() if str(a) == text)
        state.apply(action)


def test_a_passed_pile_and_a_thrown_card_become_a_clue():
    state = opening("4D 5C 7H 8H 9H JC QC KD AC AS 3C 10C 6D")
    evidence = Evidence()
    evidence.observe(state.view(0))
    play(state, "draw")
    evidence.observe(state.view(0))
    evidence.discarded(state.view(0), parse_card("9C"))
    play(state, "discard 9C", "draw", "discard 4D")
    evidence.observe(state.view(0))
    assert evidence.clues == [Clue(1, parse_card("9C"), parse_card("4D"))]


def test_worlds_that_contradict_a_clue_weigh_less():
    state = opening("4D 5C 7H 8H 9H JC QC KD AC AS 3C 10C 6D")
    evidence = Evidence()
    evidence.hand_no = state.hand_no
    evidence.clues = [Clue(1, parse_card("9C"), parse_card("4D"))]
    state.hands[1] = sorted(cards("6S 5C 7H 8H 9H JC QC KD AC AS 3C 10C 6D"))  # after 4D went
    assert evidence.likelihood(state) == 1.0  # no two 9s, no other 4: what they did fits
    state.hands[1] = sorted(cards("9D 9S 4C 7H 8H 9H JC QC KD AC AS 3C 10C"))
    assert evidence.likelihood(state) == PASSED_A_TAKE * THREW_FROM_RANK


def test_known_cards_that_explain_a_pass_give_no_clue():
    state = opening("4D 5C 7H 8H 9H JC QC KD AC AS 3C 10C 6D")
    evidence = Evidence()
    evidence.observe(state.view(0))
    play(state, "draw")
    view = state.view(0)
    evidence.observe(view)
    evidence.discarded(view, parse_card("9C"))
    play(state, "discard 9C", "draw", "discard 4D")
    state.known[1] = cards("9H 9H")[:1] + cards("9S")  # as if taken with an earlier pile
    evidence.observe(state.view(0))
    assert evidence.clues == [Clue(1, -1, parse_card("4D"))]


def test_the_search_draws_worlds_by_their_likelihood():
    state = State(DIGITAL, 2, 3)
    medium = MediumAgent(0)
    while state.turn != 0 or state.phase is not Phase.MELD:
        state.apply(medium.choose(state.view(state.turn), state.legal_actions()))
    view, legal = state.view(0), state.legal_actions()
    hidden = sorted(set(view.determinize(random.Random(0)).hands[1]))
    unlikely = hidden[0]

    def weigh(world):
        return 0.05 if unlikely in world.hands[1] else 1.0

    def share(weighing):
        search = Search(view, legal, random.Random(1), iterations=1, seconds=None, horizon=8,
                        width=5, weigh=weighing)
        return sum(unlikely in search.sample_world().hands[1] for _ in range(300)) / 300

    assert share(weigh) < share(None) / 2


def test_hard_gathers_evidence_as_it_plays():
    state = State(DIGITAL, 2, 5)
    hard, medium = HardAgent(1, budget_seconds=None, iterations=4), MediumAgent(2)
    clues = 0
    for _ in range(60):
        if state.phase not in (Phase.DRAW, Phase.MELD):
            break
        agent = hard if state.turn == 0 else medium
        state.apply(agent.choose(state.view(state.turn), state.legal_actions()))
        clues = max(clues, len(hard.evidence.clues))
    assert clues >= 1
    assert all(c.seat == 1 for c in hard.evidence.clues)
